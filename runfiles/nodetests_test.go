package runfiles

import (
	"reflect"
	"testing"
)

func TestNodeTests(t *testing.T) {
	tree := Map{
		"/p/package.json":                "{}",
		"/p/src/app.js":                  "",
		"/p/src/app.test.js":             "",
		"/p/src/util_test.mjs":           "",
		"/p/src/test-io.cjs":             "",
		"/p/src/notes.test.md":           "",
		"/p/test/helpers/setup.js":       "",
		"/p/test.js":                     "",
		"/p/node_modules/x/a.test.js":    "",
		"/p/.cache/b.test.js":            "",
		"/p/e2e/flow.spec.ts":            "",
		"/p/e2e/deep/more/login.spec.ts": "",
	}
	dirs := MapDirs{Files: tree}
	tests := []struct {
		name  string
		paths []string
		want  []string
	}{
		{"node's default names, node_modules and dot directories left out", nil,
			[]string{"/p/src/app.test.js", "/p/src/test-io.cjs", "/p/src/util_test.mjs", "/p/test/helpers/setup.js", "/p/test.js"}},
		{"a file named runs whatever its name", []string{"src/app.js"}, []string{"/p/src/app.js"}},
		{"a directory's default files", []string{"src"}, []string{"/p/src/app.test.js", "/p/src/test-io.cjs", "/p/src/util_test.mjs"}},
		{"a pattern with **", []string{"e2e/**/*.spec.ts"}, []string{"/p/e2e/deep/more/login.spec.ts", "/p/e2e/flow.spec.ts"}},
		{"a pattern with alternatives", []string{"src/*.{cjs,mjs}"}, []string{"/p/src/test-io.cjs", "/p/src/util_test.mjs"}},
		{"a missing file is still named", []string{"none.test.js"}, []string{"/p/none.test.js"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, dyn := NodeTests(dirs, "/p", tt.paths)
			var got []string
			for _, f := range found {
				got = append(got, f.Path)
			}
			if !reflect.DeepEqual(got, tt.want) || len(dyn) != 0 {
				t.Errorf("files = %q (dynamic %q), want %q", got, dyn, tt.want)
			}
		})
	}
}

func TestNodeTestsPatternBound(t *testing.T) {
	_, dyn := NodeTests(MapDirs{Files: Map{"/p/a.js": ""}}, "/p", []string{"**/**/**/**/**/*.js"})
	if len(dyn) != 1 {
		t.Errorf("dynamic = %q, want the pattern past the bound", dyn)
	}
}

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, rel string
		want         bool
	}{
		{"**/*.test.js", "a.test.js", true},
		{"**/*.test.js", "a/b/c.test.js", true},
		{"**/*.test.js", "a/b/c.js", false},
		{"test/**/*.js", "test/x.js", true},
		{"test/**/*.js", "test/a/b/x.js", true},
		{"test/**/*.js", "src/x.js", false},
		{"*.{js,ts}", "x.ts", true},
		{"*.{js,ts}", "x.go", false},
	} {
		if got := globMatch(c.pattern, c.rel); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.pattern, c.rel, got, c.want)
		}
	}
}
