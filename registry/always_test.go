package registry

import "testing"

func TestAlways(t *testing.T) {
	for name, want := range map[string]AlwaysRule{"sudo": AlwaysNever, "xargs": AlwaysNever, "rm": AlwaysExact, "git": AlwaysExact, "npm": AlwaysPrefix, "ls": AlwaysPrefix} {
		if got := Always(name); got != want {
			t.Errorf("Always(%q) = %d, want %d", name, got, want)
		}
	}
}
