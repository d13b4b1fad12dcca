package self

import "testing"

func TestFindPattern(t *testing.T) {
	for _, tc := range []struct {
		glob, s     string
		fold, whole bool
		want        bool
	}{
		{"*permgate*", "/home/user/.config/permgate", false, true, true},
		{"*permgate*", "/home/user/.config/permgate", false, false, false},
		{"permgate", "permgate", false, false, true},
		{"PERMGATE", "permgate", true, false, true},
		{"*.toml", "config.toml", false, false, true},
		{"[!c]onfig.toml", "config.toml", false, false, false},
		{"conf?g.t\\oml", "config.toml", false, false, true},
		{"*/node_modules/*", "/home/user/.config/permgate", false, true, false},
	} {
		re, err := findPattern(tc.glob, tc.fold, tc.whole)
		if err != nil {
			t.Fatalf("%s: %v", tc.glob, err)
		}
		if got := re.MatchString(tc.s); got != tc.want {
			t.Errorf("%s on %s (fold %v, whole %v): %v, want %v", tc.glob, tc.s, tc.fold, tc.whole, got, tc.want)
		}
	}
}
