package shword

import "testing"

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"": "''", "ls": "ls", "a b": "'a b'", "it's": `'it'\''s'`, "x;y": "'x;y'", "a=b:c": "a=b:c"} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
}
