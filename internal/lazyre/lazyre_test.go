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
