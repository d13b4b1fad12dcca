package policy

import (
	"math/rand/v2"
	"strings"
	"testing"
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
// fails only at the very end is decided in at most len(pat)×len(name) steps
// (the recursive matcher would take longer than the universe has), and a path
// twice as long costs at most 2.5 times the steps: counted, not timed, so a
// busy machine cannot fail it. BenchmarkGlobMatchAdversarial times it.
func TestGlobMatchLinear(t *testing.T) {
	pattern, name := adversarialGlob(1000)
	r := Rule{Kind: PathGlob, Pattern: pattern}
	if r.matchPath(name, PathContext{}) {
		t.Fatal("the adversarial path matched")
	}
	if !r.matchPath(name+"/z", PathContext{}) {
		t.Fatal("the path with the last segment did not match")
	}
	pat := strings.Split(pattern, "/")
	prev := 0
	for _, n := range []int{1000, 2000} {
		_, name := adversarialGlob(n)
		segs := strings.Split(name, "/")
		ok, steps := countedMatchSegments(pat, segs)
		if ok {
			t.Fatalf("the adversarial path of %d segments matched", n)
		}
		if bound := len(pat) * len(segs); steps > bound {
			t.Errorf("%d segments: %d steps, more than len(pat)×len(name) = %d", n, steps, bound)
		}
		if prev > 0 && 2*steps > 5*prev {
			t.Errorf("%d segments: %d steps, more than 2.5 × the %d of half as many", n, steps, prev)
		}
		prev = steps
	}
}

// adversarialGlob is a pattern of twenty ** separated by a and ending in z, and a
// path of n a segments: every ** can end anywhere, and nothing matches z.
func adversarialGlob(n int) (pattern, name string) {
	pattern = "/" + strings.Repeat("**/a/", 20) + "**/z"
	name = "/" + strings.TrimSuffix(strings.Repeat("a/", n), "/")
	return pattern, name
}

func BenchmarkGlobMatchAdversarial(b *testing.B) {
	pattern, name := adversarialGlob(1000)
	for b.Loop() {
		globMatch(pattern, name)
	}
}

func BenchmarkGlobMatchTypical(b *testing.B) {
	for b.Loop() {
		globMatch("/**/.env*", "/home/user/project/config/.env.local")
	}
}
