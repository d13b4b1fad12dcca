package runfiles

import (
	"strings"
	"testing"
)

// FuzzToxCommands checks that no tox.ini makes ToxCommands panic or return
// more than MaxTexts texts.
func FuzzToxCommands(f *testing.F) {
	f.Add(toxIni, "-e ALL -- x")
	f.Add("[testenv]\ncommands = {posargs:{env:X:{[a]b}}} \\\n", "")
	f.Add("[tox]\nenvlist = a{,b}{c,}\n[testenv:a{b,c}]\nbase = x,testenv:ab\n", "-m l")
	f.Fuzz(func(t *testing.T, ini, args string) {
		r := ToxCommands(Map{"/p/tox.ini": ini}, "/p", words(strings.Fields(args)...))
		if len(r.Texts) > MaxTexts {
			t.Fatalf("%d texts", len(r.Texts))
		}
	})
}

// FuzzGoGenerate checks that no .go file makes GoGenerate panic.
func FuzzGoGenerate(f *testing.F) {
	f.Add("package a\n//go:generate -command x y $GOFILE\n//go:generate x \"a\\\"b\" ${A}$ $\n", "-run=x")
	f.Add("//go:generate \"\\", "")
	f.Fuzz(func(t *testing.T, src, args string) {
		tree := Map{"/m/a.go": src}
		GoGenerate(tree, MapDirs{Files: tree}, "/m", words(strings.Fields(args)...))
	})
}

// FuzzHookFrameworks checks that no configuration makes HookFrameworks
// panic.
func FuzzHookFrameworks(f *testing.F) {
	f.Add(lefthookYml, preCommitYml, "pre-commit")
	f.Add("a: &x [*x]\n", "repos: [{hooks: [{}]}]", "")
	f.Fuzz(func(t *testing.T, lefthook, precommit, hook string) {
		files := Map{"/r/lefthook.yml": lefthook, "/r/.pre-commit-config.yaml": precommit, "/r/lefthook-local.yml": lefthook}
		HookFrameworks(files, "/r", hook)
	})
}
