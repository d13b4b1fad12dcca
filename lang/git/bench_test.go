package git

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// words returns static words.
func words(line string) []shellparse.Word {
	var out []shellparse.Word
	for _, f := range strings.Fields(line) {
		out = append(out, shellparse.Word{Text: f, Static: true})
	}
	return out
}

func BenchmarkParse(b *testing.B) {
	args := words("-C /tmp/x log --oneline -n 5 --author=me -- src")
	for b.Loop() {
		g := Parse(args)
		g.Has("-p")
	}
}

func BenchmarkStateParse(b *testing.B) {
	args := words("-C /tmp/x log --oneline -n 5 --author=me -- src")
	var s State
	for b.Loop() {
		g := s.Parse(args)
		g.Has("-p")
	}
}
