package pathin

import (
	"strings"
	"testing"
)

// TestAgreesWithConcatenation: Within and Under answer as the comparisons
// with dir+"/" they replace.
func TestAgreesWithConcatenation(t *testing.T) {
	paths := []string{"", "/", "/a", "/a/b", "/ab", "/a/", "a", "a/b", "/a/b/c", "//a"}
	for _, p := range paths {
		for _, dir := range paths {
			within := dir == "/" || p == dir || strings.HasPrefix(p, dir+"/")
			under := dir == "/" && p != "/" || dir != "/" && strings.HasPrefix(p, dir+"/")
			if got := Within(p, dir); got != within {
				t.Errorf("Within(%q, %q) = %v, want %v", p, dir, got, within)
			}
			if got := Under(p, dir); got != under {
				t.Errorf("Under(%q, %q) = %v, want %v", p, dir, got, under)
			}
		}
	}
}
