// Package textclip shortens text for messages and records without cutting a
// UTF-8 character in two.
package textclip

import "unicode/utf8"

// Ellipsis marks text that Clip shortened.
const Ellipsis = "…"

// Cut returns s cut to at most n bytes, on a rune boundary: a multi-byte
// character that would straddle the limit is left out whole. A negative n is 0.
func Cut(s string, n int) string {
	if n < 0 {
		n = 0
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Clip returns s when it is at most n bytes, else its first bytes up to n (cut
// on a rune boundary, as Cut does) followed by Ellipsis.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Cut(s, n) + Ellipsis
}
