package audit

import "testing"

// TestAppendEscaped: each kind of character a syslog record must not carry
// as it is, in structured data and in the message, and the budget that stops
// before a character's escape would not fit.
func TestAppendEscaped(t *testing.T) {
	tests := []struct {
		in     string
		budget int
		sd     bool
		want   string
		whole  bool
	}{
		{"plain ascii", 100, false, "plain ascii", true},
		{`a\b`, 100, false, `a\\b`, true},
		{`a\b`, 100, true, `a\\b`, true},
		{`"x]`, 100, true, `\"x\]`, true},
		{`"x]`, 100, false, `"x]`, true},
		{"l1\nl2\rt\t", 100, false, `l1\nl2\rt\t`, true},
		{"\x00\x1b[2J\x7f", 100, false, `\x00\x1b[2J\x7f`, true},
		{"bad\xffbyte", 100, false, `bad\xffbyte`, true},
		{"\u2028\u202e\ufeff\u0085", 100, false, `\u2028\u202e\ufeff\u0085`, true},
		{"héllo ✓ \ufffd", 100, false, "héllo ✓ \ufffd", true},
		{"ab\ncd", 3, false, "ab", false},
		{"ab\ncd", 4, false, `ab\n`, false},
		{"é", 1, false, "", false},
		{"", 0, true, "", true},
	}
	for _, tt := range tests {
		got, whole := appendEscaped(nil, tt.in, tt.budget, tt.sd)
		if string(got) != tt.want || whole != tt.whole {
			t.Errorf("appendEscaped(%q, %d, sd=%v) = %q, %v; want %q, %v", tt.in, tt.budget, tt.sd, got, whole, tt.want, tt.whole)
		}
	}
}
