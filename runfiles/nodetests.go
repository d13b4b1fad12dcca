package runfiles

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
)

// nodeTestNames are the files node --test runs when it is given no paths:
// names ending .test.js, -test.js or _test.js, starting test-, named
// test.js, and any script under a test directory (with .cjs, .mjs and,
// for type stripping, .ts alike).
var nodeTestNames = []string{"*.test.*", "*-test.*", "*_test.*", "test-*", "test.*"}

// nodeScript reports a name node --test runs as a script.
func nodeScript(name string) bool {
	switch path.Ext(name) {
	case ".js", ".cjs", ".mjs", ".ts", ".cts", ".mts":
		return true
	}
	return false
}

// NodeTests returns the test files node --test runs in cwd: each path
// given (a file, a directory's default test files, or a pattern), else the
// default test files under cwd, node_modules and dot directories left out.
// The files found are read as a best effort (MaxTestModules of them);
// the second result gives what cannot be known.
func NodeTests(dirs Dirs, cwd string, paths []string) ([]Triggered, []string) {
	t := &nodeTests{dirs: dirs, seen: map[string]bool{}}
	if len(paths) == 0 {
		t.walk(cwd, cwd, "", false)
	}
	for _, p := range paths {
		t.path(absUnder(cwd, "", p))
	}
	return t.found, t.dyn
}

// nodeTests gathers the test files of one node --test command.
type nodeTests struct {
	dirs    Dirs
	seen    map[string]bool
	visited int
	found   []Triggered
	dyn     []string
}

// path adds what one path given to node --test names.
func (t *nodeTests) path(p string) {
	if strings.Count(p, "**") > maxGlobStars || strings.Count(p, "{") > maxGlobStars {
		t.dyn = append(t.dyn, "test pattern "+p+" is past what permgate matches: the files it runs are not known")
		return
	}
	if strings.ContainsAny(p, "*?[{") {
		dir, pattern := patternRoot(p)
		t.walk(dir, dir, pattern, false)
		return
	}
	if _, err := t.dirs.List(p); err == nil {
		t.walk(p, p, "", false)
		return
	}
	t.add(p, false) // a file: node runs it whatever its name
}

// maxGlobStars bounds the ** segments and {…} groups of a pattern
// globMatch matches: each multiplies its cost.
const maxGlobStars = 4

// patternRoot splits a pattern into the directory before its first
// wildcard and the pattern below it.
func patternRoot(p string) (string, string) {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if strings.ContainsAny(part, "*?[{") {
			return "/" + path.Join(parts[:i]...), strings.Join(parts[i:], "/")
		}
	}
	return p, ""
}

// walk adds the test files under dir, depth first within
// MaxConftestDirs: those pattern matches (relative to root, where the walk
// began), or node's default names when pattern is "". inTest reports a
// walk inside a test directory, where every script runs.
func (t *nodeTests) walk(root, dir, pattern string, inTest bool) {
	if t.visited >= MaxConftestDirs {
		t.dyn = append(t.dyn, fmt.Sprintf("more directories than %d under the test paths: the test files in %s are not known", MaxConftestDirs, dir))
		return
	}
	t.visited++
	entries, err := t.dirs.List(dir)
	if err != nil {
		if !Missing(err) {
			t.dyn = append(t.dyn, fmt.Sprintf("directory %s cannot be listed (%v): node --test may run test files in it", dir, err))
		}
		return
	}
	for _, e := range entries {
		name, p := e.Name(), filepath.Join(dir, e.Name())
		switch {
		case e.IsDir() && (name == "node_modules" || strings.HasPrefix(name, ".")):
		case e.IsDir():
			t.walk(root, p, pattern, inTest || name == "test")
		case e.Type()&fs.ModeSymlink != 0:
		case pattern != "":
			rel, _ := filepath.Rel(root, p)
			if globMatch(pattern, rel) {
				t.add(p, true)
			}
		case nodeScript(name) && (inTest || defaultTestName(name)):
			t.add(p, true)
		}
	}
}

// defaultTestName reports a name among node --test's default test files.
func defaultTestName(name string) bool {
	for _, pattern := range nodeTestNames {
		if ok, _ := path.Match(pattern, name); ok {
			return true
		}
	}
	return false
}

// globMatch matches a relative path against a pattern with ** (any
// directories, none included) and {a,b} alternatives, as node's glob does.
func globMatch(pattern, rel string) bool {
	if i := strings.IndexByte(pattern, '{'); i >= 0 {
		if j := strings.IndexByte(pattern[i:], '}'); j > 0 {
			for _, alt := range strings.Split(pattern[i+1:i+j], ",") {
				if globMatch(pattern[:i]+alt+pattern[i+j+1:], rel) {
					return true
				}
			}
			return false
		}
	}
	return segmentsMatch(strings.Split(pattern, "/"), strings.Split(rel, "/"))
}

// segmentsMatch matches path segments against pattern segments, ** taking
// any number of segments.
func segmentsMatch(patterns, parts []string) bool {
	switch {
	case len(patterns) == 0:
		return len(parts) == 0
	case patterns[0] == "**":
		return segmentsMatch(patterns[1:], parts) || len(parts) > 0 && segmentsMatch(patterns, parts[1:])
	case len(parts) == 0:
		return false
	}
	ok, _ := path.Match(patterns[0], parts[0])
	return ok && segmentsMatch(patterns[1:], parts[1:])
}

// add keeps one test file; one past MaxTestModules is project code that is
// not read.
func (t *nodeTests) add(p string, bestEffort bool) {
	if t.seen[p] || bestEffort && len(t.found) >= MaxTestModules {
		return
	}
	t.seen[p] = true
	t.found = append(t.found, Triggered{Path: p, How: "node --test file " + filepath.Base(p), Lang: "javascript", BestEffort: bestEffort})
}
