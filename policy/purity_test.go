package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/internal/importgraph"
)

// forbiddenImports are what a pure decision package must not use: files,
// processes, the terminal, TOML, and permgate's own packages that do I/O.
var forbiddenImports = map[string]string{
	"os":                                     "files and the environment",
	"os/exec":                                "processes",
	"os/signal":                              "signals",
	"io/fs":                                  "files",
	"io/ioutil":                              "files",
	"syscall":                                "system calls",
	"net":                                    "the network",
	"net/http":                               "the network",
	"github.com/pelletier/go-toml/v2":        "config files (package config)",
	"github.com/mattn/go-isatty":             "the terminal",
	"github.com/spf13/cobra":                 "the command line (package cmd)",
	"github.com/permgate/permgate/config":    "config files",
	"github.com/permgate/permgate/state":     "the state file",
	"github.com/permgate/permgate/integrity": "locks and seals (package state)",
	"github.com/permgate/permgate/audit":     "the audit log",
	"github.com/permgate/permgate/cmd":       "the command line",
}

// readsProjectFiles are the packages policy builds on that may decode TOML
// anyway: runfiles reads the project's own files that run (pyproject.toml,
// tox.toml) through the reader it is handed, never permgate's config.
var readsProjectFiles = map[string]string{
	"github.com/pelletier/go-toml/v2": "github.com/permgate/permgate/runfiles",
}

// TestPolicyImportsStayPure: policy decides, it does not read, lock, write or
// print. Its non-test files import nothing that touches files, processes, the
// terminal or TOML (issue 11: config and state have packages of their own).
func TestPolicyImportsStayPure(t *testing.T) {
	imports := sourceImports(t, ".")
	if len(imports) == 0 {
		t.Fatal("no policy source files found")
	}
	for path, files := range imports {
		if why, bad := forbiddenImports[path]; bad {
			t.Errorf("%s import %s (%s): policy must stay pure; move that code to config, state or cmd", strings.Join(files, ", "), path, why)
		}
	}
}

// module is permgate's module path; a package's directory is its path after it.
const module = "github.com/permgate/permgate"

// TestPolicyDependenciesStayPure: nor do the permgate packages policy builds
// on (validator, registry, shellparse…) reach config, state, locks, TOML or
// the terminal. The standard library's os is not followed: fmt imports it.
func TestPolicyDependenciesStayPure(t *testing.T) {
	seen := map[string]bool{}
	queue := []string{"github.com/permgate/permgate/policy"}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		if seen[pkg] {
			continue
		}
		seen[pkg] = true
		dir := filepath.Join("..", strings.TrimPrefix(pkg, module))
		for path, files := range sourceImports(t, dir) {
			if why, bad := forbiddenImports[path]; bad && pkg != "github.com/permgate/permgate/policy" && readsProjectFiles[path] != pkg && (strings.HasPrefix(path, "github.com/permgate/permgate/") || strings.Contains(path, ".")) {
				t.Errorf("%s (%s, which policy uses) imports %s (%s)", pkg, strings.Join(files, ", "), path, why)
			}
			if strings.HasPrefix(path, "github.com/permgate/permgate/") {
				queue = append(queue, path)
			}
		}
	}
	if !seen["github.com/permgate/permgate/validator"] {
		t.Error("the walk did not reach validator: is the module layout what this test expects?")
	}
}

// sourceImports returns the imports of a directory's non-test Go files, each
// with the files that import it.
func sourceImports(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out, err := importgraph.Imports(dir)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
