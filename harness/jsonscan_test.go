package harness

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"unicode/utf8"
)

// loneSurrogate reports a \uD800–\uDFFF escape in an encoded JSON string that
// is not half of a pair (encoding/json turns it into U+FFFD without a word).
func loneSurrogate(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		r, ok := unicodeEscape(raw, i)
		if !ok {
			i++ // an escape such as \\ or \": its second byte is not a new escape
			continue
		}
		switch {
		case isLowSurrogate(r):
			return true // a low half with no high half before it
		case isHighSurrogate(r):
			low, ok := unicodeEscape(raw, i+6)
			if !ok || !isLowSurrogate(low) {
				return true
			}
			i += 11
			continue
		}
		i += 5
	}
	return false
}

// unicodeEscape reads the \uXXXX escape at raw[i:]; ok is false when there is
// none there.
func unicodeEscape(raw []byte, i int) (r rune, ok bool) {
	if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 32)
	return rune(v), err == nil
}

// isHighSurrogate reports the first half of a UTF-16 surrogate pair.
func isHighSurrogate(r rune) bool { return r >= 0xd800 && r <= 0xdbff }

// isLowSurrogate reports the second half of a UTF-16 surrogate pair.
func isLowSurrogate(r rune) bool { return r >= 0xdc00 && r <= 0xdfff }

// FuzzUnquote: unquote reads every JSON string as encoding/json does, and
// calls it valid exactly when its bytes are UTF-8 and no surrogate escape
// is alone (the reading it replaced: json.Unmarshal, utf8.Valid,
// loneSurrogate).
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\nb\t\"c\\"`, `"\u00e9\u20ac"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`, `"\ud83d\u0041"`,
		"\"caf\xc3\xa9\"", "\"bad\xff\"", `"\/"`, `"\u0000"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		raw = bytes.Trim(raw, " \t\r\n") // unquote reads a literal as members cuts it
		var want string
		wantErr := json.Unmarshal(raw, &want) != nil || len(raw) == 0 || raw[0] != '"'
		got, valid, ok := unquote(raw)
		if wantErr {
			if ok && json.Valid(raw) {
				t.Fatalf("unquote(%q) = %q, but encoding/json refuses it", raw, got)
			}
			return
		}
		if !ok || got != want {
			t.Fatalf("unquote(%q) = %q, %v; encoding/json: %q", raw, got, ok, want)
		}
		if wantValid := utf8.Valid(raw) && !loneSurrogate(raw); valid != wantValid {
			t.Fatalf("unquote(%q): valid %v, want %v", raw, valid, wantValid)
		}
	})
}

// FuzzMembers: members splits every object json.Valid accepts into the
// members encoding/json finds, the last of a repeated key standing.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{}`, ` { "a" : 1 , "b":[1,{"c":"}"}] , "\u0061":null } `, `{"k":"v","k":"w"}`, `{"x":{"y":[]},"z":true}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want map[string]json.RawMessage
		if !json.Valid(data) || json.Unmarshal(data, &want) != nil || want == nil {
			return
		}
		got, err := members(data, true)
		if err != nil || len(got) != len(want) {
			t.Fatalf("members(%q) = %v, %v; want %d members", data, got, err, len(want))
		}
		for k, v := range want {
			var a, b any
			if json.Unmarshal(got[k], &a) != nil || json.Unmarshal(v, &b) != nil || !equalJSON(a, b) {
				t.Fatalf("members(%q)[%q] = %s, want %s", data, k, got[k], v)
			}
		}
	})
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
