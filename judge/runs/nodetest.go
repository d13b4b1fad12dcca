package runs

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// nodeValueOptions are node's options that take the next word as their
// value when it is not joined with =.
var nodeValueOptions = []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
	"--input-type", "--env-file", "--test-name-pattern", "--test-skip-pattern", "--test-reporter", "--test-reporter-destination",
	"--test-concurrency", "--test-timeout", "--test-shard", "--test-isolation", "--watch-path", "--title", "--redirect-warnings"}

// nodeTestPaths reports a node --test command and the paths it is given:
// with --test every operand is a test file, a directory or a pattern.
func nodeTestPaths(c shellparse.SimpleCommand) ([]shellparse.Word, bool) {
	if base := path.Base(c.Name); base != "node" && base != "nodejs" || len(c.Argv) < 2 {
		return nil, false
	}
	var paths []shellparse.Word
	test := false
	args := c.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Static && a.Text == "--test":
			test = true
		case a.Static && a.Text == "--":
			paths = append(paths, args[i+1:]...)
			i = len(args)
		case a.Static && slices.Contains(nodeValueOptions, a.Text):
			i++
		case a.Static && strings.HasPrefix(a.Text, "-"):
		default:
			paths = append(paths, a)
		}
	}
	return paths, test
}

// nodeTests judges the files node --test runs: each one named, and those
// its default names or a pattern select, read as a best effort.
func (s *State) nodeTests(h Host, b *Budget, name string, paths []shellparse.Word) Result {
	r := Result{Project: true}
	if h.RunsDirs() == nil || h.Dir() == "" {
		return r
	}
	var given []string
	for _, p := range paths {
		if !p.Static && !p.Glob {
			h.Report("dynamic_code", "project_file_dynamic", finding.NonSevere, name+" --test runs test files at "+clip(p.Text)+", known only at run time", "")
			continue
		}
		given = append(given, p.Text)
	}
	if len(paths) > 0 && len(given) == 0 {
		return r
	}
	found, dynamic := runfiles.NodeTests(s.overlay(h), h.Dir(), given)
	for _, t := range found {
		keepRead(&r, s.File(h, b, name, t.Path, Lang{Code: code.FileLang("node"), BestEffort: t.BestEffort}, t.How))
	}
	for _, why := range dynamic {
		h.Report("dynamic_code", "project_file_dynamic", finding.NonSevere, name+": "+why, "")
	}
	return r
}
