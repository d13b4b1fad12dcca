package termtext

import "testing"

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":             "plain",
		"a\nb\tc":           `a\nb\tc`,
		"\x1b[31mred":       `\x1b[31mred`,
		"bidi\u202eevil":    `bidi\u202eevil`,
		"bad\xffbyte":       `bad\xffbyte`,
		"ünïcödé stays":     "ünïcödé stays",
		"line\u2028sep\x7f": `line\u2028sep\x7f`,
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
	if Unsafe('a') || !Unsafe('\x9b') || !Unsafe('\u2066') {
		t.Error("Unsafe misjudges a rune")
	}
}
