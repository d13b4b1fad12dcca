package registry

import (
	"slices"
	"testing"
)

// TestGitVerbsAlone: a git verb takes its own options only, so git's global
// letters and long options never swallow a verb's word: git log -c is log's
// flag and its next word is still read; git -c K=V log is git's setting.
func TestGitVerbsAlone(t *testing.T) {
	git, _ := Default().Lookup("git")
	for _, tc := range []struct {
		args string
		has  []string // options the reading must find
		not  []string // options it must not find
	}{
		{"log -c --output=/x", []string{"-c", "--output"}, nil},
		{"log --work --output=/x", []string{"--output"}, []string{"--work-tree"}},
		{"-c core.pager=x log", []string{"-c"}, []string{"--output"}},
		{"restore --staged --work .", []string{"--staged", "--worktree"}, []string{"--work-tree"}},
		{"push --delet origin main", []string{"--delete"}, nil},
		{"commit -m --help", []string{"-m"}, []string{"--help"}},
		{"grep -e --output foo", []string{"-e"}, []string{"--output"}},
	} {
		inv := git.Resolve(words(tc.args))
		for _, o := range tc.has {
			if !inv.Scan.Has(o) {
				t.Errorf("git %s: no %s in %+v", tc.args, o, inv.Scan.Opts)
			}
		}
		for _, o := range tc.not {
			if inv.Scan.Has(o) {
				t.Errorf("git %s: %s read in %+v", tc.args, o, inv.Scan.Opts)
			}
		}
	}
}

// TestGitWrites: what git's verbs write is declared.
func TestGitWrites(t *testing.T) {
	git, _ := Default().Lookup("git")
	for _, tc := range []struct {
		args string
		want []string // the targets' texts, "+" marking a directory written into
	}{
		{"diff --output=/x", []string{"/x"}},
		{"log --output /x -1", []string{"/x"}},
		{"archive -o /x HEAD", []string{"/x"}},
		{"format-patch -o /d HEAD~1", []string{"+/d"}},
		{"bundle create /b HEAD", []string{"/b"}},
		{"bundle verify /b", nil},
		{"status", nil},
		{"log -- --output=/x", nil},
	} {
		args := words(tc.args)
		inv := git.Resolve(args)
		var got []string
		for _, e := range inv.Effects() {
			text := e.Value
			if !e.Attached {
				text = args[e.At].Text
			}
			if e.Into {
				text = "+" + text
			}
			got = append(got, text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("git %s writes %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestNeedsArgsWildcards: a declaration whose every level of verbs ends in
// "*" and that has no rules needs no reading for findings; one with a
// reading verb a destroying word may follow still does.
func TestNeedsArgsWildcards(t *testing.T) {
	for name, want := range map[string]bool{"git": false, "make": false, "service": true, "kubectl": true, "ls": false} {
		p, ok := Default().Lookup(name)
		if !ok {
			t.Fatalf("%s is not declared", name)
		}
		if got := p.NeedsArgs(); got != want {
			t.Errorf("%s: NeedsArgs() = %v, want %v", name, got, want)
		}
	}
}

// TestDeclares: a grammar tells the options it lists from words that only
// look like options (chmod -w FILE gives a mode).
func TestDeclares(t *testing.T) {
	chmod, _ := Default().Lookup("chmod")
	g := &chmod.Node.Grammar
	for opt, want := range map[string]bool{"-R": true, "-v": true, "--reference": true, "--refer": true, "-w": false, "-x": false, "--nothing": false} {
		if got := g.Declares(opt); got != want {
			t.Errorf("chmod declares %s = %v, want %v", opt, got, want)
		}
	}
}

// TestMayHaveEffects: an argv that names no option an effect needs, and
// no subcommand whose operands one acts on, is not read for effects; any
// that may is (an abbreviation, a letter in a cluster, a word known only
// at run time, the subcommand's name).
func TestMayHaveEffects(t *testing.T) {
	for _, tc := range []struct {
		prog, args string
		want       bool
	}{
		{"git", "status", false},
		{"git", "diff --stat", false},
		{"git", "log --oneline -n 20", false},
		{"git", "diff --outp=/x", true},
		{"git", "archive -vo /x HEAD", true},
		{"git", "bundle create /b HEAD", true},
		{"git", "log $X", true},
		{"sort", "file", false},
		{"sort", "-o out file", true},
		{"sort", "-ro out file", true},
		{"go", "build --o=x .", true},
		{"find", ". -name x", false},
		{"find", ". -fprint x", true},
		{"tar", "-tf a.tar", false},
		{"tar", "-xf a.tar -C d", true},
		{"cp", "a b", true},
		{"ls", "-l", false},
	} {
		p, ok := Default().Lookup(tc.prog)
		if !ok {
			t.Fatalf("%s is not declared", tc.prog)
		}
		if got := p.MayHaveEffects(words(tc.args)); got != tc.want {
			t.Errorf("%s %s: MayHaveEffects = %v, want %v", tc.prog, tc.args, got, tc.want)
		}
		// Never false where the reading finds an effect.
		if inv := p.Resolve(words(tc.args)); len(inv.Effects()) > 0 && !p.MayHaveEffects(words(tc.args)) {
			t.Errorf("%s %s: effects %+v, but MayHaveEffects is false", tc.prog, tc.args, inv.Effects())
		}
	}
}
