package harness

import "testing"

// TestLoneSurrogate: a surrogate escape that is not half of a pair is found,
// however the text around it is escaped.
func TestLoneSurrogate(t *testing.T) {
	for raw, want := range map[string]bool{
		`"ls"`:              false,
		`"\ud83d\ude00"`:    false, // a pair
		`"\ud800"`:          true,
		`"\udc00"`:          true,
		`"a\ud800b"`:        true,
		`"\\ufffd\ud800"`:   true, // an escaped backslash is no escape
		`"\\ud800"`:         false,
		`"\ufffd"`:          false,
		`"\ud800\u0041"`:    true,
		`"x\\\ud83d\ude00"`: false,
	} {
		if got := loneSurrogate([]byte(raw)); got != want {
			t.Errorf("loneSurrogate(%s) = %v, want %v", raw, got, want)
		}
	}
}
