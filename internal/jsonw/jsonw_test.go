package jsonw

import (
	"bytes"
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

// FuzzAppend: maps of strings, nested, are written as json.Encoder writes
// them, with HTML escaping on and off.
func FuzzAppend(f *testing.F) {
	f.Add("permissionDecision", "deny", "reason", "rm -rf ~ <&> \u2028 \xff", true, 3)
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string, flag bool, n int) {
		for _, v := range []any{
			map[string]string{k1: v1, k2: v2},
			map[string]any{k1: map[string]any{k2: v2, "b": flag, "n": n, "nil": nil}, "s": map[string]string{k2: v1}},
			v1, flag, n, nil, map[string]string(nil),
		} {
			for _, html := range []bool{true, false} {
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(html)
				if err := enc.Encode(v); err != nil {
					t.Fatal(err)
				}
				got, ok := Append(nil, v, html)
				if want := bytes.TrimSuffix(b.Bytes(), []byte("\n")); !ok || !bytes.Equal(got, want) {
					t.Fatalf("Append(%#v, %v) = %s, %v; json.Encoder %s", v, html, got, ok, want)
				}
			}
		}
	})
	if _, ok := Append(nil, []int{1}, true); ok {
		f.Error("a slice is not written")
	}
}
