package self

import "testing"

func TestStaticTailRulesOut(t *testing.T) {
	for _, tt := range []struct {
		base string
		out  bool
	}{
		{"out.txt", true},
		{"${f%.txt}.md", true},
		{"$f.md", true},
		{"$f", false},
		{"${f}", false},
		{"config.toml", false},
		{"$x.json", false},
		{"$x.toml", false},
		{"permgate", false},
		{"$(name)", false},
	} {
		if got := staticTailRulesOut(tt.base); got != tt.out {
			t.Errorf("staticTailRulesOut(%q) = %v, want %v", tt.base, got, tt.out)
		}
	}
}
