package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// The one reading of a hook payload: json.Valid checks the whole payload
// once, then the objects permgate reads (the payload, its tool arguments)
// are split into members where they lie, and a string permgate uses is
// unquoted in one pass — no value is decoded twice, whatever its size.

// validJSON checks that data is one JSON value, with encoding/json's error
// when it is not.
func validJSON(data []byte) error {
	if json.Valid(data) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return err
	}
	return errors.New("data after the object")
}

// members splits a JSON object that json.Valid accepted into its members,
// each value as it is written; a repeated key is an error unless lastWins,
// when the last one's value stands. A key is read as JSON.parse and serde
// read it, escapes decoded.
func members(data []byte, lastWins bool) (map[string]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, notJSON{errors.New("not a JSON object")}
	}
	out := map[string]json.RawMessage{}
	i = skipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		end := stringEnd(data, i)
		key, _, ok := unquote(data[i:end])
		if !ok {
			return nil, notJSON{errors.New("an object key is not a string")}
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // the colon
		end = valueEnd(data, i)
		if _, dup := out[key]; dup && !lastWins {
			return nil, fmt.Errorf("the key %q is repeated", key)
		}
		out[key] = json.RawMessage(data[i:end:end])
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return out, nil
}

// skipSpace returns the first index from i that is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at i.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(data)
}

// valueEnd returns the index just past the JSON value starting at i, in
// data json.Valid accepted.
func valueEnd(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				j = stringEnd(data, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(data)
	}
	j := i
	for j < len(data) {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return j
		}
		j++
	}
	return j
}

// unquote decodes a JSON string literal (quotes included) as
// encoding/json does — invalid UTF-8 and lone surrogate escapes become
// U+FFFD — and reports whether it was valid Unicode (neither was there); ok
// is false when raw is not a string literal.
func unquote(raw []byte) (s string, valid, ok bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false, false
	}
	body := raw[1 : len(raw)-1]
	plain := true
	for _, c := range body {
		if c == '\\' || c == '"' || c < ' ' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(body), true, true
	}
	out := make([]byte, 0, len(body))
	valid = true
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
			if i+1 >= len(body) {
				return "", false, false
			}
			switch e := body[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, n, whole := unicodeRune(body, i)
				if n == 0 {
					return "", false, false
				}
				valid = valid && whole
				out = utf8.AppendRune(out, r)
				i += n
				continue
			default:
				return "", false, false
			}
			i += 2
		case c == '"' || c < ' ':
			return "", false, false
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && size == 1 {
				valid = false
			}
			out = utf8.AppendRune(out, r)
			i += size
		}
	}
	return string(out), valid, true
}

// unicodeRune reads the \uXXXX escape at body[i:], with the low half that
// follows a high surrogate: the rune, the bytes read (0 when there is no
// escape) and whether it was a whole character (a lone surrogate is
// U+FFFD).
func unicodeRune(body []byte, i int) (r rune, n int, whole bool) {
	hi, ok := hex4(body, i)
	if !ok {
		return 0, 0, false
	}
	if !utf16.IsSurrogate(hi) {
		return hi, 6, true
	}
	if hi < 0xdc00 {
		if lo, ok := hex4(body, i+6); ok && lo >= 0xdc00 && lo <= 0xdfff {
			return utf16.DecodeRune(hi, lo), 12, true
		}
	}
	return utf8.RuneError, 6, false
}

// hex4 reads \uXXXX at body[i:].
func hex4(body []byte, i int) (rune, bool) {
	if i+6 > len(body) || body[i] != '\\' || body[i+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range body[i+2 : i+6] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
