package runfiles

import (
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/permgate/permgate/internal/lazy"
)

// pnpmfileVerbs are pnpm's verbs that resolve dependencies, and so load
// the project's .pnpmfile.cjs (its readPackage and afterAllResolved hooks).
var pnpmfileVerbs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("install i add update up upgrade remove rm uninstall un link ln unlink import dedupe fetch rebuild rb prune")
}}

// ManagerCode returns the project's JavaScript files a package manager's
// command loads as its own code: the release .yarnrc.yml's yarnPath names
// (yarn runs it for every command), and pnpm's .pnpmfile.cjs for the verbs
// that resolve dependencies. A yarnPath release is read as a best effort:
// a real one is a bundle larger than permgate reads, and is project code.
func ManagerCode(files Files, dir, manager string, args []string) []Triggered {
	switch filepath.Base(manager) {
	case "yarn", "yarnpkg":
		return yarnRelease(files, dir)
	case "pnpm":
		verb := ""
		for i := 0; i < len(args); i++ {
			if a := args[i]; a == "-C" || a == "--dir" || a == "--filter" || a == "-F" {
				i++
			} else if !strings.HasPrefix(a, "-") {
				verb = a
				break
			}
		}
		if verb == "" || pnpmfileVerbs.Get()[verb] {
			return pnpmfile(files, dir)
		}
	}
	return nil
}

// yarnRelease finds the nearest .yarnrc.yml from dir up and the release
// its yarnPath names.
func yarnRelease(files Files, dir string) []Triggered {
	dir = filepath.Clean(dir)
	for range MaxParentDirs {
		p := filepath.Join(dir, ".yarnrc.yml")
		if text, err := files.Read(p); err == nil {
			var rc struct {
				YarnPath string `yaml:"yarnPath"`
			}
			if yaml.Unmarshal([]byte(text), &rc) != nil || rc.YarnPath == "" {
				return nil
			}
			release := joinDir(dir, rc.YarnPath)
			return []Triggered{{Path: release, How: ".yarnrc.yml yarnPath " + rc.YarnPath, Lang: "javascript", BestEffort: true}}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	return nil
}

// pnpmfile finds the .pnpmfile.cjs pnpm loads: in the workspace root, else
// in the package's directory.
func pnpmfile(files Files, dir string) []Triggered {
	var out Run
	root, ok := workspaceRoot(&out, files, dir)
	if !ok {
		root = dir
	}
	p := filepath.Join(root, ".pnpmfile.cjs")
	if !exists(files, p) {
		return nil
	}
	return []Triggered{{Path: p, How: ".pnpmfile.cjs (pnpm's hooks)", Lang: "javascript"}}
}
