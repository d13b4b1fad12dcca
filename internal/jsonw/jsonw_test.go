package jsonw

import (
	"encoding/json"
	"testing"
)

// FuzzAppendString: every string is written as json.Marshal writes it.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<script>&amp;", "tab\there\nnl\r\b\f\x00\x1f", "caf\u00e9 \u2028 \u2029", "bad \xff\xfe", "\u00e9\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %s, json.Marshal %s", s, got, want)
		}
	})
}

func TestAppendStrings(t *testing.T) {
	type kind string
	for _, list := range [][]kind{nil, {}, {"a"}, {"a", "<b>"}} {
		want, _ := json.Marshal(list)
		if got := AppendStrings(nil, list); string(got) != string(want) {
			t.Errorf("AppendStrings(%q) = %s, want %s", list, got, want)
		}
	}
}
