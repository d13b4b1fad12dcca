package lazyre

import "testing"

func TestNewCompilesOnce(t *testing.T) {
	re := New(`a(\d+)`)
	if re() != re() {
		t.Error("compiled twice")
	}
	if m := re().FindStringSubmatch("xa12"); len(m) != 2 || m[1] != "12" {
		t.Errorf("match = %q", m)
	}
}

var digits = Regexp{Src: `(\d+)`}

func TestRegexpCompilesOnce(t *testing.T) {
	if digits.Get() != digits.Get() {
		t.Error("compiled twice")
	}
	if m := digits.Get().FindString("ab42"); m != "42" {
		t.Errorf("match = %q", m)
	}
}
