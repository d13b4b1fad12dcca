// Package termtext makes untrusted text safe to show on a terminal.
package termtext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine makes text safe to print on a terminal, on one line: it is the one
// helper every output of permgate passes untrusted text (commands, config
// values, rules, paths, log records) through. C0 and C1 control characters,
// ESC and DEL (newlines and tabs included) become \xNN escapes; the invisible
// characters that reorder or hide text (bidi embeddings, overrides and
// isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and
// U+061C, the separators U+2028 and U+2029) become \uNNNN; a byte that is not
// UTF-8 becomes \xNN.
func OneLine(s string) string {
	if !strings.ContainsFunc(s, Unsafe) && utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&sb, `\x%02x`, s[i])
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x100 && unicode.IsControl(r):
			fmt.Fprintf(&sb, `\x%02x`, r)
		case Unsafe(r):
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
		i += size
	}
	return sb.String()
}

// Unsafe reports a rune a terminal acts on instead of showing: a
// control character, or an invisible bidi or line-separator character.
func Unsafe(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}
