package registry

import "testing"

// TestSignalGrammar: kill's -SIGNAL word is the signal before any option,
// and an operand after one.
func TestSignalGrammar(t *testing.T) {
	g := Grammar{Words: []string{"s=", "l"}, Signal: true}
	for _, tc := range []struct {
		args     []string
		signal   string
		operands int
	}{
		{[]string{"-9", "-1"}, "9", 1},
		{[]string{"-KILL", "123"}, "KILL", 1},
		{[]string{"-s", "KILL", "-1"}, "", 1},
		{[]string{"-1"}, "1", 0},
		{[]string{"--", "-1"}, "", 1},
	} {
		words := make([]Word, len(tc.args))
		for i, a := range tc.args {
			words[i] = Word{Text: a}
		}
		s := g.Scan(words)
		sig, _ := s.Value(SignalOpt)
		if sig.Value != tc.signal || len(s.Operands) != tc.operands {
			t.Errorf("%q: signal %q, %d operands; want %q, %d", tc.args, sig.Value, len(s.Operands), tc.signal, tc.operands)
		}
	}
}
