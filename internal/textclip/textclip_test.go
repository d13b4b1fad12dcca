package textclip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"aé", 2, "a"},   // é is 2 bytes: never half of it
		{"aé", 3, "aé"},  // exactly fits
		{"a€b", 3, "a"},  // € is 3 bytes
		{"a€b", 4, "a€"}, // whole
		{"日本語", 5, "日"},
		{"🙂x", 3, ""}, // a 4-byte rune past the limit goes whole
	} {
		if got := Cut(tt.s, tt.n); got != tt.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 80, "short"},
		{"abcdef", 3, "abc…"},
		{"aéé", 2, "a…"},
		{"aéé", 3, "aé…"},
	} {
		if got := Clip(tt.s, tt.n); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

// TestClipNeverSplitsRunes: at every limit, a clipped string of multi-byte
// characters stays valid UTF-8 and within the limit (before the ellipsis).
func TestClipNeverSplitsRunes(t *testing.T) {
	s := strings.Repeat("é€🙂x", 30)
	for n := 0; n <= len(s)+1; n++ {
		got := Clip(s, n)
		if !utf8.ValidString(got) {
			t.Fatalf("Clip(…, %d) = %q: invalid UTF-8", n, got)
		}
		if body := strings.TrimSuffix(got, Ellipsis); len(body) > n {
			t.Fatalf("Clip(…, %d) keeps %d bytes", n, len(body))
		}
	}
}
