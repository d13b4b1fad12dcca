package validator

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// TestHostileWords runs the whole analysis on the long words that once took
// minutes (a byte-at-a-time copy, brace expansion without a bound on its
// work): each gets a decision. Their time and memory are in README.md.
func TestHostileWords(t *testing.T) {
	long := func(head, unit string) string {
		return head + strings.Repeat(unit, (shellparse.DefaultMaxBytes-len(head)-64)/len(unit))
	}
	braces := "{" + strings.Repeat("a,", 99) + "a}"
	for name, src := range map[string]string{
		"globs":                long("echo ", "[a]"),
		"one long word":        long("echo ", "a"),
		"two-way braces":       long("echo ", "{a,b}"),
		"100-way braces, long": "echo " + strings.Repeat(braces, 5) + strings.Repeat("x", shellparse.DefaultMaxBytes-2000),
	} {
		t.Run(name, func(t *testing.T) {
			a := New(Env{Home: "/home/u", Cwd: "/tmp"}).CheckScript(src)
			if len(a.Commands) != 1 {
				t.Fatalf("%d commands, want 1 (kinds %v)", len(a.Commands), a.Kinds())
			}
		})
	}
}
