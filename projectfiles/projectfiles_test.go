package projectfiles

import (
	"testing"

	"github.com/permgate/permgate/shellparse"
)

var files = []string{"/p/sub/x/.permgate.toml", "/p/.permgate.toml"}

func static(text string) shellparse.Word { return shellparse.Word{Text: text, Static: true} }

func TestCovers(t *testing.T) {
	glob := func(text string) shellparse.Word { return shellparse.Word{Text: text, Glob: true} }
	cases := []struct {
		w        shellparse.Word
		dir      string
		pathspec bool
		want     string
	}{
		{static("/p/sub"), "/", false, files[0]},
		{static("sub/x/.permgate.toml"), "/p", false, files[0]},
		{static("other"), "/p", false, ""},
		{static("."), "/p", false, files[0]},  // the first config it holds
		{static(".."), "", false, files[0]},   // a directory known only at run time: it climbs
		{static("x"), "", false, files[0]},    // ends in the name of a config's directory
		{static("y"), "", false, ""},          // does not
		{glob("/p/s*"), "/", false, files[0]}, // a glob that matches a parent directory
		{glob("/p/.*"), "/", false, files[1]}, // a dot pattern matches the config itself
		{glob("/p/*"), "/", false, files[0]},  // * does not match .permgate.toml, but matches sub
		{static(":/"), "/p", true, files[0]},  // a pathspec's magic: may be any
		{static("sub/*.toml"), "/p", true, files[0]},
		{shellparse.Word{Text: "$d"}, "/p", false, files[0]}, // known only at run time
	}
	for _, tc := range cases {
		text, known := tc.w.Text, tc.w.Static
		if got := Covers(files, tc.w, text, known, tc.dir, tc.pathspec); got != tc.want {
			t.Errorf("Covers(%q in %q, pathspec %v) = %q, want %q", tc.w.Text, tc.dir, tc.pathspec, got, tc.want)
		}
	}
	if got := Covers(nil, static("/"), "/", true, "/", false); got != "" {
		t.Errorf("no configs: %q", got)
	}
}

func TestHiddenByRoot(t *testing.T) {
	one := []string{"/p/.permgate.toml"}
	cases := []struct {
		cwds []string
		dir  string
		want string
	}{
		{[]string{"/p/sub"}, "/p/sub", one[0]}, // a root between the working directory and the config
		{[]string{"/p/sub"}, "/p", ""},         // a root where the config is keeps it
		{[]string{"/p"}, "/p/sub", ""},         // a root below the working directory
		{[]string{"/p/sub/a"}, "", one[0]},     // a root known only at run time
		{[]string{"", "/p/sub"}, "/p/sub", one[0]},
	}
	for _, tc := range cases {
		if got := HiddenByRoot(one, tc.cwds, tc.dir); got != tc.want {
			t.Errorf("HiddenByRoot(%q, %q) = %q, want %q", tc.cwds, tc.dir, got, tc.want)
		}
	}
}

func TestGitDirParent(t *testing.T) {
	cases := []struct {
		p, dir string
		ok     bool
	}{
		{"/p/.git", "/p", true},
		{"/p/.git/config", "/p", true},
		{"/.git", "/", true},
		{"/p/x.git", "", false},
	}
	for _, tc := range cases {
		if dir, ok := GitDirParent(tc.p); dir != tc.dir || ok != tc.ok {
			t.Errorf("GitDirParent(%q) = %q, %v", tc.p, dir, ok)
		}
	}
}

func TestNamed(t *testing.T) {
	cases := []struct {
		w    shellparse.Word
		want bool
	}{
		{static("a/.permgate.toml"), true},
		{shellparse.Word{Text: ".perm*", Glob: true}, true},
		{shellparse.Word{Text: ".*", Glob: true}, false}, // every dot name: judged as a delete of everything
		{static(".perm*"), false},
		{static("permgate.toml"), false},
	}
	for _, tc := range cases {
		if got := Named(tc.w); got != tc.want {
			t.Errorf("Named(%q) = %v", tc.w.Text, got)
		}
	}
}

func TestFindSelects(t *testing.T) {
	words := func(texts ...string) []shellparse.Word {
		var out []shellparse.Word
		for _, t := range texts {
			out = append(out, static(t))
		}
		return out
	}
	cases := []struct {
		args []string
		want bool
	}{
		{[]string{".", "-name", ".permgate.toml"}, true},
		{[]string{".", "-iname", ".PERMGATE.*"}, true},
		{[]string{".", "-path", "*/.permgate.toml"}, true},
		{[]string{".", "-name", "*"}, false},
		{[]string{".", "-name", "*.go"}, false},
	}
	for _, tc := range cases {
		if got := FindSelects(words(tc.args...)); got != tc.want {
			t.Errorf("FindSelects(%q) = %v", tc.args, got)
		}
	}
}
