package policy

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbiddenImports are what a pure decision package must not use: files,
// processes, the terminal, TOML, and permgate's own packages that do I/O.
var forbiddenImports = map[string]string{
	"os":                         "files and the environment",
	"os/exec":                    "processes",
	"os/signal":                  "signals",
	"io/fs":                      "files",
	"io/ioutil":                  "files",
	"syscall":                    "system calls",
	"net":                        "the network",
	"net/http":                   "the network",
	"github.com/BurntSushi/toml": "config files (package config)",
	"github.com/mattn/go-isatty": "the terminal",
	"github.com/spf13/cobra":     "the command line (package cmd)",
	"permgate/config":            "config files",
	"permgate/state":             "the state file",
	"permgate/integrity":         "locks and seals (package state)",
	"permgate/audit":             "the audit log",
	"permgate/cmd":               "the command line",
}

// TestPolicyImportsStayPure: policy decides, it does not read, lock, write or
// print. Its non-test files import nothing that touches files, processes, the
// terminal or TOML (issue 11: config and state have packages of their own).
func TestPolicyImportsStayPure(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			if why, bad := forbiddenImports[path]; bad {
				t.Errorf("%s imports %s (%s): policy must stay pure; move that code to config, state or cmd", name, path, why)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no policy source files found")
	}
}
