package registry

import (
	"fmt"
	"strings"
	"testing"
)

// scanText renders a scan as "NAME[=VALUE@AT] … | operands": what a table
// test compares.
func scanText(s Scan) string {
	var parts []string
	for _, o := range s.Opts {
		p := o.Name
		if o.HasValue {
			p += fmt.Sprintf("=%s@%d", o.Value, o.ValueAt)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" | %v", s.Operands)
}

// staticWords makes scanner words of args; a word holding a $ is
// dynamic.
func staticWords(args []string) []Word {
	words := make([]Word, len(args))
	for i, a := range args {
		words[i] = Word{Text: a, Dynamic: strings.Contains(a, "$")}
	}
	return words
}

// TestNextLetters: a Next letter takes the next word even inside a
// cluster, and the cluster reads on.
func TestNextLetters(t *testing.T) {
	g := Grammar{Posix: true, Short: "cxf:", Next: "oO"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "pipefail", "x"}, "-o=pipefail@1 | [2]"},
		{[]string{"-ox", "pipefail", "x"}, "-o=pipefail@1 -x | [2]"},
		{[]string{"-xo", "pipefail", "-c", "cmd"}, "-x -o=pipefail@1 -c | [3]"},
		{[]string{"-oO", "pipefail", "extglob", "x"}, "-o=pipefail@1 -O=extglob@2 | [3]"},
		{[]string{"-Oo", "extglob", "pipefail"}, "-O=extglob@1 -o=pipefail@2 | []"},
		// A value-taking letter after a Next one takes the word after its.
		{[]string{"-of", "pipefail", "file", "x"}, "-o=pipefail@1 -f=file@2 | [3]"},
		{[]string{"-ofrest", "pipefail"}, "-o=pipefail@1 -f=rest@0 | []"},
		// The value is the next word whatever it is: an option, "--", a
		// word known only at run time.
		{[]string{"-o", "-c", "x"}, "-o=-c@1 | [2]"},
		{[]string{"-o", "--", "x"}, "-o=--@1 | [2]"},
		{[]string{"-o", "$O", "-c", "x"}, "-o=$O@1 -c | [3]"},
		// Missing values: no value.
		{[]string{"-o"}, "-o | []"},
		{[]string{"-oO", "pipefail"}, "-o=pipefail@1 -O | []"},
		// Long options and "--" are not clusters.
		{[]string{"--", "-o", "x"}, " | [1 2]"},
	} {
		if got := scanText(g.Scan(staticWords(tc.args))); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.args, got, tc.want)
		}
	}
	if !g.Declares("-o") || !g.Declares("-O") || g.Declares("-z") {
		t.Error("Declares does not list the Next letters")
	}
}

// TestPlusClusters: a PlusClusters grammar reads +LETTERS as options named
// with their sign, Next letters included; Plus (cargo +nightly) is another
// feature and keeps its reading.
func TestPlusClusters(t *testing.T) {
	g := Grammar{Posix: true, PlusClusters: true, Short: "csx", Next: "oO"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"+x", "x"}, "+x | [1]"},
		{[]string{"+c", "cmd"}, "+c | [1]"},
		{[]string{"+xc", "cmd"}, "+x +c | [1]"},
		{[]string{"+o", "pipefail", "-c", "cmd"}, "+o=pipefail@1 -c | [3]"},
		{[]string{"+O", "extglob", "x"}, "+O=extglob@1 | [2]"},
		{[]string{"+xo", "pipefail", "+s"}, "+x +o=pipefail@1 +s | []"},
		{[]string{"+o"}, "+o | []"},
		// A lone + is an empty cluster: the options read on.
		{[]string{"+", "-c", "cmd"}, "-c | [2]"},
		// A word known only at run time is not one.
		{[]string{"+$X", "-c"}, "-c | [0]"},
		// After "--" or the first operand, + words are operands.
		{[]string{"--", "+x"}, " | [1]"},
		{[]string{"f", "+x"}, " | [0 1]"},
	} {
		if got := scanText(g.Scan(staticWords(tc.args))); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.args, got, tc.want)
		}
	}
	if s := g.Scan(staticWords([]string{"$X"})); !s.Unknown {
		t.Error("a dynamic word is not Unknown")
	}
	// Without PlusClusters a + word is an operand; with Plus it is a +WORD.
	if got := scanText((&Grammar{Posix: true, Short: "x"}).Scan(staticWords([]string{"+x", "-x"}))); got != " | [0 1]" {
		t.Errorf("no PlusClusters: %s", got)
	}
	for _, plus := range []Grammar{{Plus: true}, {Plus: true, PlusClusters: true}} {
		if got := scanText(plus.Scan(staticWords([]string{"+nightly", "build"}))); got != "+=nightly@0 | [1]" {
			t.Errorf("Plus %+v: %s", plus, got)
		}
	}
}
