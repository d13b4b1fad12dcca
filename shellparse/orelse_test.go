package shellparse

import (
	"strings"
	"testing"
)

// TestOrElse: the commands on the right of || are marked OrElse, whatever
// they stand in; those on the left and after && are not.
func TestOrElse(t *testing.T) {
	for script, want := range map[string]string{
		`a || b`:                "a b*",
		`a && b || c`:           "a b c*",
		`a || b && c`:           "a b* c",
		`a || b || c`:           "a b* c*",
		`a; b`:                  "a b",
		`a || { b; c; }`:        "a b* c*",
		`a || (b && c)`:         "a b* c*",
		`a | b || c | d`:        "a b c* d*",
		`if a || b; then c; fi`: "a b* c",
	} {
		var got []string
		for _, c := range NewParser(Options{}).ParseScript(script).Commands {
			name := c.Name
			if c.OrElse {
				name += "*"
			}
			got = append(got, name)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %s, want %s", script, strings.Join(got, " "), want)
		}
	}
}
