package cmd

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/permgate/permgate/validator"
)

// safe makes one untrusted value (a command, a config value, a rule, a path, a
// log field) safe to print on a terminal: validator.OneLine, the one helper
// that escapes control characters, ESC, DEL and bidi controls.
func safe(s string) string { return validator.OneLine(s) }

// safeLines is safe for text that may span lines: newlines and tabs stay.
func safeLines(s string) string {
	var sb strings.Builder
	for {
		i := strings.IndexAny(s, "\n\t")
		if i < 0 {
			sb.WriteString(safe(s))
			return sb.String()
		}
		sb.WriteString(safe(s[:i]))
		sb.WriteByte(s[i])
		s = s[i+1:]
	}
}

// termSafeWriter escapes every escape sequence and bidi control written through
// it, keeping newlines and tabs: permgate's standard error (errors, warnings,
// denials and hints) carries no colour of its own, so everything else there
// that a terminal would act on came from a command, a config value or the
// environment.
type termSafeWriter struct{ w io.Writer }

// Write escapes p and writes it whole; it reports len(p) on success.
func (t termSafeWriter) Write(p []byte) (int, error) {
	if utf8.Valid(p) && !bytes.ContainsFunc(p, func(r rune) bool { return r != '\n' && r != '\t' && validator.TerminalUnsafe(r) }) {
		return t.w.Write(p)
	}
	if _, err := io.WriteString(t.w, safeLines(string(p))); err != nil {
		return 0, fmt.Errorf("write: %w", err)
	}
	return len(p), nil
}

// jsonSafe escapes in encoded JSON what encoding/json leaves raw but a terminal
// acts on — DEL, the C1 controls and the bidi controls — as \uNNNN, which any
// JSON reader decodes to the same string. They appear only inside strings.
func jsonSafe(b []byte) []byte {
	if !bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x7f && validator.TerminalUnsafe(r) }) {
		return b
	}
	var out bytes.Buffer
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r >= 0x7f && !(r == utf8.RuneError && size == 1) && validator.TerminalUnsafe(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
		} else {
			out.Write(b[:size])
		}
		b = b[size:]
	}
	return out.Bytes()
}

// jsonSafeWriter applies jsonSafe to each encoded value written through it
// (json.Encoder writes one value per Write).
type jsonSafeWriter struct{ w io.Writer }

// Write escapes p and writes it whole; it reports len(p) on success.
func (j jsonSafeWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(jsonSafe(p)); err != nil {
		return 0, fmt.Errorf("write: %w", err)
	}
	return len(p), nil
}
