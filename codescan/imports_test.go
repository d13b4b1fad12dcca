package codescan

import (
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStandardLibraryOnly: the package reads code and knows nothing
// of permgate's judgement, so it imports nothing of permgate's (nor
// anything outside the standard library) but internal/lazy, which builds
// its tables on first use and knows nothing of any judgement.
func TestImportsStandardLibraryOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no source files: %v", err)
	}
	fset := gotoken.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("parse %s: %v", file, err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p != "github.com/permgate/permgate/internal/lazy" && strings.Contains(strings.SplitN(p, "/", 2)[0], ".") {
				t.Errorf("%s imports %s", file, p)
			}
		}
	}
}

// BenchmarkScan reads a typical one-liner of each family.
func BenchmarkScan(b *testing.B) {
	programs := map[Lang]string{
		Python:     `import subprocess, os; subprocess.run(["git", "status"]); print(os.path.expanduser("~"))`,
		JavaScript: `const {execSync} = require("child_process"); console.log(execSync("git status").toString())`,
		Ruby:       `require "json"; puts JSON.parse(File.read("package.json"))["version"]`,
		Perl:       `while (<>) { print if /error/i }`,
		Awk:        `{ total += $3 } END { printf "%d\n", total }`,
		Tcl:        `set f [open data.txt]; puts [read $f]; close $f`,
	}
	for lang, src := range programs {
		b.Run(lang.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Scan(lang, src)
			}
		})
	}
}
