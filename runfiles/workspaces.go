package runfiles

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/permgate/permgate/internal/lazy"
)

// MaxWorkspaces bounds the workspace packages one reading visits; past it
// the rest are Dynamic.
const MaxWorkspaces = 64

// everyWorkspace adds what the call runs in each package of the workspace
// it is in (pnpm -r, npm --workspaces, a filter picking among them), each
// text in its package's directory; the root's own package only with
// withRoot. Outside a workspace the call runs in its own package, and
// what else it runs in is Dynamic (pnpm -r looks for packages below).
func everyWorkspace(out Run, files Files, call pkgCall) Run {
	root, ok := workspaceRoot(&out, files, call.dir)
	if !ok {
		out.dynamic("%s: no workspace root above %s: the workspace packages it runs in are not known", call.manager, call.dir)
		call.allWorkspaces = false
		pkg, dir := findPackage(&out, files, call)
		if pkg != nil {
			call.dir, out.Dir = dir, dir
			pkg.run(&out, files, call)
		}
		return out
	}
	dirs := workspaceDirs(&out, files, root)
	if call.withRoot {
		dirs = append([]string{root}, dirs...)
	}
	out.Dir = root
	for _, dir := range dirs {
		RunIn(&out, dir, func(out *Run) {
			one := call
			one.dir, one.dirGiven, one.allWorkspaces = dir, true, false
			if pkg, _ := findPackage(out, files, one); pkg != nil {
				npmrcSettings(out, files, one.manager, dir)
				pkg.run(out, files, one)
			}
		})
	}
	return out
}

// RunIn runs add, which appends texts to out, and sets the directory of
// the texts it added to dir.
func RunIn(out *Run, dir string, add func(*Run)) {
	first := len(out.Texts)
	add(out)
	for i := first; i < len(out.Texts); i++ {
		out.Texts[i].Dir = dir
	}
}

// workspaceRoot finds the workspace root from dir up: the first directory
// with a pnpm-workspace.yaml, a lerna.json, or a package.json that lists
// workspaces.
func workspaceRoot(out *Run, files Files, dir string) (string, bool) {
	dir = filepath.Clean(dir)
	for range MaxParentDirs {
		if exists(files, filepath.Join(dir, "pnpm-workspace.yaml")) || exists(files, filepath.Join(dir, "lerna.json")) {
			return dir, true
		}
		if text, err := files.Read(filepath.Join(dir, "package.json")); err == nil && strings.Contains(text, `"workspaces"`) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
	return "", false
}

// workspaceDirs are the package directories the workspace at root lists
// (package.json's workspaces, pnpm-workspace.yaml's packages, lerna.json's
// packages), their patterns expanded one directory level at a time.
func workspaceDirs(out *Run, files Files, root string) []string {
	var dirs []string
	seen := map[string]bool{}
	for _, pattern := range workspacePatterns(out, files, root) {
		if strings.HasPrefix(pattern, "!") {
			continue // an exclusion: reading more packages is the safe side
		}
		for _, dir := range expandDirPattern(out, files, root, pattern) {
			if seen[dir] || !exists(files, filepath.Join(dir, "package.json")) {
				continue
			}
			if len(dirs) == MaxWorkspaces {
				out.dynamic("more than %d workspace packages under %s: the rest are not read", MaxWorkspaces, root)
				return dirs
			}
			seen[dir] = true
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// workspacePatterns are the package patterns the workspace files at root
// list.
func workspacePatterns(out *Run, files Files, root string) []string {
	var patterns []string
	if text, err := files.Read(filepath.Join(root, "package.json")); err == nil {
		var pkg struct {
			Workspaces json.RawMessage `json:"workspaces"`
		}
		if json.Unmarshal([]byte(text), &pkg) == nil && len(pkg.Workspaces) > 0 {
			var list []string
			var obj struct {
				Packages []string `json:"packages"`
			}
			switch {
			case json.Unmarshal(pkg.Workspaces, &list) == nil:
				patterns = append(patterns, list...)
			case json.Unmarshal(pkg.Workspaces, &obj) == nil:
				patterns = append(patterns, obj.Packages...)
			default:
				out.dynamic("%s: workspaces is neither a list nor {packages}: the packages are not known", filepath.Join(root, "package.json"))
			}
		}
	}
	if text, err := files.Read(filepath.Join(root, "pnpm-workspace.yaml")); err == nil {
		var ws struct {
			Packages []string `yaml:"packages"`
		}
		if err := yaml.Unmarshal([]byte(text), &ws); err != nil {
			out.dynamic("%s: not YAML (%v): the packages are not known", filepath.Join(root, "pnpm-workspace.yaml"), err)
		}
		patterns = append(patterns, ws.Packages...)
	}
	if text, err := files.Read(filepath.Join(root, "lerna.json")); err == nil {
		var lerna struct {
			Packages []string `json:"packages"`
		}
		if json.Unmarshal([]byte(text), &lerna) == nil && len(lerna.Packages) == 0 && len(patterns) == 0 {
			lerna.Packages = []string{"packages/*"} // lerna's default
		}
		patterns = append(patterns, lerna.Packages...)
	}
	return patterns
}

// expandDirPattern expands a workspace pattern (packages/*, apps/web) into
// the directories it names under root; ** and a reader that cannot list
// directories leave it Dynamic.
func expandDirPattern(out *Run, files Files, root, pattern string) []string {
	pattern = strings.TrimSuffix(strings.TrimPrefix(pattern, "./"), "/")
	if !strings.ContainsAny(pattern, "*?[") {
		return []string{filepath.Join(root, pattern)}
	}
	lister, ok := files.(Dirs)
	if !ok {
		out.dynamic("workspace pattern %s: the packages it matches are not listed", pattern)
		return nil
	}
	dirs := []string{root}
	for _, part := range strings.Split(pattern, "/") {
		var next []string
		for _, dir := range dirs {
			if part == "**" {
				next = append(next, subdirs(out, lister, dir, pattern)...)
				continue
			}
			if !strings.ContainsAny(part, "*?[") {
				next = append(next, filepath.Join(dir, part))
				continue
			}
			entries, err := lister.List(dir)
			if err != nil {
				if !Missing(err) {
					out.dynamic("workspace pattern %s: %s cannot be listed", pattern, dir)
				}
				continue
			}
			for _, e := range entries {
				if ok, _ := filepath.Match(part, e.Name()); ok && e.IsDir() && e.Name() != "node_modules" {
					next = append(next, filepath.Join(dir, e.Name()))
				}
			}
		}
		dirs = next
	}
	return dirs
}

// foreachValues are yarn workspaces foreach's options that take a value.
var foreachValues = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("-j --jobs --include --exclude --from --since")
}}

// yarnForeach reads yarn workspaces foreach [options] COMMAND… (args
// start after foreach): COMMAND runs in every workspace package but the
// root, a script (run NAME, or NAME) or, with exec, a command. ok is false
// for another yarn command.
func yarnForeach(files Files, dir string, args []string) (Run, bool) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		if foreachValues.Get()[args[i]] {
			i++
		}
		i++
	}
	if i >= len(args) {
		return Run{}, false
	}
	rest := args[i:]
	if rest[0] != "exec" {
		return PackageScripts(files, dir, "yarn", append([]string{"--recursive"}, rest...))
	}
	var out Run
	root, ok := workspaceRoot(&out, files, dir)
	if !ok {
		out.dynamic("yarn workspaces foreach: no workspace root above %s: the packages it runs in are not known", dir)
		return out, true
	}
	out.Dir = root
	for _, ws := range workspaceDirs(&out, files, root) {
		RunIn(&out, ws, func(out *Run) { out.add("yarn workspaces foreach exec", joinQuoted(rest[1:]), "") })
	}
	return out, true
}

// yarnWorkspace reads yarn workspace NAME COMMAND… (args start after
// workspace): COMMAND runs in the workspace package named NAME (its
// package.json's name, or its directory), found among the workspace's
// packages; one not found is Dynamic.
func yarnWorkspace(files Files, dir string, args []string) (Run, bool) {
	if len(args) < 2 {
		return Run{}, false
	}
	var out Run
	root, ok := workspaceRoot(&out, files, dir)
	if !ok {
		out.dynamic("yarn workspace %s: no workspace root above %s: the package is not known", args[0], dir)
		return out, true
	}
	for _, ws := range workspaceDirs(&out, files, root) {
		if packageName(files, ws) != args[0] && ws != joinDir(root, args[0]) {
			continue
		}
		run, ok := PackageScripts(files, ws, "yarn", args[1:])
		if !ok {
			return Run{}, false
		}
		out.merge(run)
		out.Dir = ws
		return out, true
	}
	out.dynamic("yarn workspace %s: no workspace package of that name under %s", args[0], root)
	return out, true
}

// packageName is the name in dir's package.json, "" for none.
func packageName(files Files, dir string) string {
	text, err := files.Read(filepath.Join(dir, "package.json"))
	if err != nil {
		return ""
	}
	var pkg struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal([]byte(text), &pkg)
	return pkg.Name
}

// maxWorkspaceDepth bounds how deep a workspace pattern's ** looks, and
// maxWorkspaceDirs how many directories it lists.
const (
	maxWorkspaceDepth = 4
	maxWorkspaceDirs  = 512
)

// subdirs is dir and the directories under it, as ** matches them (not
// node_modules or dot directories), within the bounds; past them the
// pattern is Dynamic.
func subdirs(out *Run, lister Dirs, dir, pattern string) []string {
	all := []string{dir}
	level := []string{dir}
	for depth := 0; depth < maxWorkspaceDepth && len(level) > 0; depth++ {
		var next []string
		for _, d := range level {
			entries, err := lister.List(d)
			if err != nil {
				continue
			}
			for _, e := range entries {
				if e.IsDir() && e.Name() != "node_modules" && !strings.HasPrefix(e.Name(), ".") {
					next = append(next, filepath.Join(d, e.Name()))
				}
			}
		}
		all = append(all, next...)
		if len(all) > maxWorkspaceDirs {
			out.dynamic("workspace pattern %s: more than %d directories to look through (not read)", pattern, maxWorkspaceDirs)
			return nil
		}
		level = next
	}
	return all
}
