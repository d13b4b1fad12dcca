package registry

import (
	"strings"
	"testing"
)

// primaryWords turns a test's argv into words: a word starting with $ is
// dynamic.
func primaryWords(argv string) []Word {
	var out []Word
	for _, t := range strings.Fields(argv) {
		out = append(out, Word{Text: t, Dynamic: strings.HasPrefix(t, "$")})
	}
	return out
}

// renderPrimaries writes a reading as NAME or NAME=V1,V2 or NAME[W…]T, one a
// primary, space separated; a dynamic primary is ?NAME.
func renderPrimaries(args []Word, prims []Primary) string {
	var parts []string
	for _, p := range prims {
		name := p.Name
		if p.Dynamic {
			name = "?" + name
		}
		var vals []string
		for _, v := range p.Values {
			vals = append(vals, args[v].Text)
		}
		switch {
		case p.Terminated:
			end := "…"
			if p.Terminator >= 0 {
				end = args[p.Terminator].Text
			}
			name += "[" + strings.Join(vals, " ") + "]" + end
		case len(vals) > 0:
			name += "=" + strings.Join(vals, ",")
		}
		parts = append(parts, name)
	}
	return strings.Join(parts, " ")
}

func TestPrimariesRead(t *testing.T) {
	p := &Primaries{Flags: []string{"-delete", "-print", "(", ")", "!", "-o"}, Valued: []string{"-name", "-fprint"},
		Paired: []string{"-fprintf"}, Terminated: []string{"-exec", "-ok"}, Terminators: []string{";", "+"},
		Acts: []string{"-delete", "-print", "-fprint", "-fprintf"}}
	cases := []struct{ argv, want string }{
		{". -name x -delete", ". -name=x -delete"},
		// a declared primary takes its value whatever it is
		{". -name -delete", ". -name=-delete"},
		{". -name $x -delete", ". -name=$x -delete"},
		{". -exec rm {} ; -print", ". -exec[rm {}]; -print"},
		{". -exec rm {} + -delete", ". -exec[rm {}]+ -delete"},
		{". -exec rm -rf {}", ". -exec[rm -rf {}]…"},
		{". -exec ;", ". -exec[];"},
		{". -exec $x ; -delete", ". -exec[$x]; -delete"},
		{". -fprintf out %p -delete", ". -fprintf=out,%p -delete"},
		{". -fprintf out", ". -fprintf=out"},
		{". -fprintf", ". -fprintf"},
		{". -name", ". -name"},
		{"( -name a -o -name b ) ! -print", "( -name=a -o -name=b ) ! -print"},
		// undeclared primaries take the next word, unless it acts or may
		{". -foo bar -delete", ". -foo=bar -delete"},
		{". -foo -name x", ". -foo=-name x"},
		{". -foo -exec rm {} ;", ". -foo -exec[rm {}];"},
		{". -foo -delete", ". -foo -delete"},
		{". -foo -fprint f", ". -foo -fprint=f"},
		{". -foo $x -delete", ". -foo ?$x -delete"},
		{". -foo", ". -foo"},
		{"$opts . -delete", "?$opts . -delete"},
		{"- x", "-=x"},
	}
	for _, c := range cases {
		args := primaryWords(c.argv)
		if got := renderPrimaries(args, p.Read(args)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.argv, got, c.want)
		}
	}
}

// TestFindExpression reads find's declared expression grammar.
func TestFindExpression(t *testing.T) {
	p, ok := Expression("find")
	if !ok {
		t.Fatal("find has no expression grammar")
	}
	cases := []struct{ argv, want string }{
		{"-L . -name *.go -execdir gofmt -l {} +", "-L . -name=*.go -execdir[gofmt -l {}]+"},
		{"-H -D tree / -fprintf /tmp/o %p -okdir rm {} ;", "-H -D=tree / -fprintf=/tmp/o,%p -okdir[rm {}];"},
		{". -newermt 2020-01-01 -fls /tmp/l -delete", ". -newermt=2020-01-01 -fls=/tmp/l -delete"},
		{". -flags uchg -delete", ". -flags=uchg -delete"},
		{". -bogus -delete", ". -bogus -delete"},
		{". -bogus -ok rm {} ;", ". -bogus -ok[rm {}];"},
		{". -not -name x , -print0", ". -not -name=x , -print0"},
	}
	for _, c := range cases {
		args := primaryWords(c.argv)
		if got := renderPrimaries(args, p.Read(args)); got != c.want {
			t.Errorf("find %s: got %q, want %q", c.argv, got, c.want)
		}
	}
	if _, ok := Expression("fd"); ok {
		t.Error("fd has options, not an expression")
	}
}
