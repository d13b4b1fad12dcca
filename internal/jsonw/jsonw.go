// Package jsonw writes JSON text without reflection, byte for byte as
// encoding/json's Marshal writes the same values: for the records written on
// every decision, where building encoding/json's encoder for a type costs
// more than the record itself.
package jsonw

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string, escaped as json.Marshal escapes
// it: quotes and backslashes, control characters, <, > and & (as \u003c,
// \u003e, \u0026), U+2028 and U+2029; invalid UTF-8 becomes \ufffd.
func AppendString(dst []byte, s string) []byte { return appendString(dst, s, true) }

// appendString is AppendString, with <, > and & as they are unless
// escapeHTML (json.Encoder's SetEscapeHTML(false)).
func appendString(dst []byte, s string, escapeHTML bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= ' ' && b != '"' && b != '\\' && (!escapeHTML || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendStrings appends a list of strings as a JSON array, null when the
// list is nil (as json.Marshal writes a nil slice).
func AppendStrings[S ~string](dst []byte, list []S) []byte {
	if list == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, string(s))
	}
	return append(dst, ']')
}

// Append appends v as json.Encoder writes it (keys sorted, HTML characters
// escaped when escapeHTML), for the values answers are made of: strings,
// booleans, ints, nil, and maps of them by string keys; ok is false for
// any other value, which it does not write.
func Append(dst []byte, v any, escapeHTML bool) (out []byte, ok bool) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return appendString(dst, x, escapeHTML), true
	case bool:
		return strconv.AppendBool(dst, x), true
	case int:
		return strconv.AppendInt(dst, int64(x), 10), true
	case map[string]string:
		return appendObject(dst, x, escapeHTML, func(dst []byte, v string) ([]byte, bool) {
			return appendString(dst, v, escapeHTML), true
		})
	case map[string]any:
		return appendObject(dst, x, escapeHTML, func(dst []byte, v any) ([]byte, bool) {
			return Append(dst, v, escapeHTML)
		})
	}
	return dst, false
}

// appendObject appends m as a JSON object, its keys sorted, each value
// written by value; null for a nil map.
func appendObject[V any](dst []byte, m map[string]V, escapeHTML bool, value func([]byte, V) ([]byte, bool)) ([]byte, bool) {
	if m == nil {
		return append(dst, "null"...), true
	}
	dst = append(dst, '{')
	for i, k := range sortedKeys(m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(appendString(dst, k, escapeHTML), ':')
		var ok bool
		if dst, ok = value(dst, m[k]); !ok {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

// sortedKeys are m's keys in order (encoding/json's order for map keys).
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
