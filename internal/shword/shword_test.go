package shword

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"": "''", "ls": "ls", "a b": "'a b'", "it's": `'it'\''s'`, "x;y": "'x;y'", "a=b:c": "a=b:c"} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrimVersion(t *testing.T) {
	for _, in := range []string{"", "python3.12", "lua-5.4", "node", "7z", "3.2", "tclsh8.6", "x.", "é1"} {
		if got, want := TrimVersion(in), strings.TrimRight(in, "0123456789."); got != want {
			t.Errorf("TrimVersion(%q) = %q, want %q", in, got, want)
		}
	}
}
