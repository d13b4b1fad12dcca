package registry

import (
	"strings"
	"testing"
)

// TestRuleExcept: an Except option given with a value known now keeps the
// rule from firing; another value, or one known only at run time, does not.
func TestRuleExcept(t *testing.T) {
	tests := []struct {
		args  string
		fires bool
	}{
		{"delete pod x", true},
		{"delete pod x --dry-run=client", false},
		{"delete pod x --dry-run=server", false},
		{"delete pod x --dry-run", false},
		{"delete pod x --dry-run=none", true},
		{"delete pod x --dry-run=$M", true},
	}
	p, ok := Default().Lookup("kubectl")
	if !ok {
		t.Fatal("kubectl not declared")
	}
	for _, tt := range tests {
		inv := p.Resolve(words(tt.args))
		fired := false
		for _, f := range inv.Findings() {
			fired = fired || strings.HasSuffix(f.ID, ".kubectl_delete")
		}
		if fired != tt.fires {
			t.Errorf("kubectl %s: rule fired %v, want %v", tt.args, fired, tt.fires)
		}
	}
}
