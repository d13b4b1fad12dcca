package git

import "testing"

// BenchmarkParse reads a command line and asks for an option of the verb.
func BenchmarkParse(b *testing.B) {
	args := words("-C /tmp/x log --oneline -n 5 --author=me -- src")
	for b.Loop() {
		g := Parse(args)
		g.Has("-p")
	}
}

// BenchmarkStateParse asks for the same words' reading again.
func BenchmarkStateParse(b *testing.B) {
	args := words("-C /tmp/x log --oneline -n 5 --author=me -- src")
	var s State
	for b.Loop() {
		g := s.Parse(args)
		g.Has("-p")
	}
}

// BenchmarkParseOnly reads a command line's global options and verb only.
func BenchmarkParseOnly(b *testing.B) {
	args := words("-C /tmp/x log --oneline -n 5 --author=me -- src")
	for b.Loop() {
		Parse(args)
	}
}
