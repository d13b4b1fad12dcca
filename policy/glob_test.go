package policy

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// slowSegments is the obvious recursive matcher, exponential on many **: the
// reference the linear matcher must agree with.
func slowSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if slowSegments(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 || !matchSegment(pat[0], name[0]) {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

func TestGlobMatchCases(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"**", "", true},
		{"**", "a/b/c", true},
		{"**/.env*", ".env", true},
		{"**/.env*", "a/b/.env.local", true},
		{"**/.env*", "a/b/env", false},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/x/y/c", false},
		{"a/**/b/**/c", "a/b/b/c", true},
		{"a/**/b/**/c", "a/c/b", false},
		{"a/*/c", "a/b/c", true},
		{"a/*/c", "a/b/d/c", false},
		{"**/**/x", "x", true},
		{"/home/**/id_*", "/home/u/.ssh/id_ed25519", true},
		{"**.env", ".env", true},
		{"x/**", "x", true},
		{"x/**", "y", false},
	}
	for _, tt := range tests {
		if got := globMatch(tt.pattern, tt.name); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

// TestGlobMatchAgreesWithReference compares the linear matcher with the
// recursive one on random small patterns and paths.
func TestGlobMatchAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	patParts := []string{"**", "*", "a", "b", "?", "a*", "*b"}
	nameParts := []string{"a", "b", "ab", "ba", "c"}
	for i := 0; i < 20000; i++ {
		pat := make([]string, r.IntN(6))
		for j := range pat {
			pat[j] = patParts[r.IntN(len(patParts))]
		}
		name := make([]string, r.IntN(7))
		for j := range name {
			name[j] = nameParts[r.IntN(len(nameParts))]
		}
		if got, want := matchSegments(pat, name), slowSegments(pat, name); got != want {
			t.Fatalf("pattern %q path %q: %v, want %v", strings.Join(pat, "/"), strings.Join(name, "/"), got, want)
		}
	}
}

// TestGlobMatchLinear: a 1,000-segment path against a pattern of many ** that
// fails only at the very end is decided quickly (the recursive matcher would
// take longer than the universe has).
func TestGlobMatchLinear(t *testing.T) {
	pattern, name := adversarialGlob()
	r := Rule{Kind: PathGlob, Pattern: pattern}
	start := time.Now()
	if r.matchPath(name, PathContext{}) {
		t.Fatal("the adversarial path matched")
	}
	if !r.matchPath(name+"/z", PathContext{}) {
		t.Fatal("the path with the last segment did not match")
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("two matches took %v", d)
	}
}

// adversarialGlob is a pattern of twenty ** separated by a and ending in z, and a
// path of 1,000 a segments: every ** can end anywhere, and nothing matches z.
func adversarialGlob() (pattern, name string) {
	pattern = "/" + strings.Repeat("**/a/", 20) + "**/z"
	name = "/" + strings.TrimSuffix(strings.Repeat("a/", 1000), "/")
	return pattern, name
}

func BenchmarkGlobMatchAdversarial(b *testing.B) {
	pattern, name := adversarialGlob()
	for b.Loop() {
		globMatch(pattern, name)
	}
}

func BenchmarkGlobMatchTypical(b *testing.B) {
	for b.Loop() {
		globMatch("/**/.env*", "/home/user/project/config/.env.local")
	}
}
