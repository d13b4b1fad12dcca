package shglob

import "testing"

func TestMayMatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, name string
		want          bool
	}{
		{"p*", "pg", true},
		{"[!x]g", "pg", true},
		{"[!p]g", "pg", false},
		{"[^p]g", "pg", false},
		{"[[:lower:]]g", "pg", true},
		{"[[:digit:]]g", "pg", false},
		{"[[:alpha:]][[:alpha:]]", "pg", true},
		{"[[:punct:]]g", "pg", true}, // a class it cannot read: may match
		{"@(pg)", "pg", true},
		{"!(README)", "pg", true},
		{"*.txt", "pg", false},
		{`\*`, "pg", false},
		{"[", "pg", true}, // a bad pattern may match
	} {
		if got := MayMatch(tt.pattern, tt.name); got != tt.want {
			t.Errorf("MayMatch(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestMatchMalformed(t *testing.T) {
	if Match("keys[]", "keys") || !Match("@(pg)", "pg") || !Match("[!x]g", "pg") {
		t.Error("Match: a malformed pattern matches nothing; extglob and [!…] are read")
	}
}

func TestWiden(t *testing.T) {
	for in, want := range map[string]string{"/opt/t/@(pg)": "/opt/t/*", "!(README)": "*", "a+(x|y)b": "a*b", "x*(y)": "x*", "plain": "plain", "f(x)": "f(x)"} {
		if got := Widen(in); got != want {
			t.Errorf("Widen(%q) = %q, want %q", in, got, want)
		}
	}
}
