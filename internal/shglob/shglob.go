// Package shglob tells whether a bash glob pattern may match a name, for
// the judgements that ask whether a pattern reaches a protected file. Go's
// path.Match reads [!x] as the characters ! and x and knows neither POSIX
// classes ([[:alpha:]]) nor extglob (@(a|b), !(x)); bash reads all three.
// What this package cannot read it answers as a match: a pattern that may
// name the file is treated as naming it.
package shglob

import (
	"path"
	"strings"
)

// MayMatch reports whether bash may match name with pattern, one path
// component against another.
func MayMatch(pattern, name string) bool {
	p, ok := goPattern(pattern)
	if !ok {
		return true
	}
	m, err := path.Match(p, name)
	return m || err != nil
}

// posixClass returns a bracket class as Go ranges.
func posixClass(name string) (string, bool) {
	switch name {
	case "alpha":
		return "a-zA-Z", true
	case "lower":
		return "a-z", true
	case "upper":
		return "A-Z", true
	case "digit":
		return "0-9", true
	case "alnum":
		return "a-zA-Z0-9", true
	case "xdigit":
		return "0-9a-fA-F", true
	case "word":
		return "a-zA-Z0-9_", true
	}
	return "", false
}

// goPattern writes a bash pattern as path.Match reads it; false when it
// holds what that cannot say (an extglob, another class).
func goPattern(p string) (string, bool) {
	if !strings.ContainsAny(p, "[(") {
		return p, true
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
			continue
		case !inClass && c == '(' && i > 0 && strings.IndexByte("@!+*?", p[i-1]) >= 0:
			return "", false // extglob: @(…), !(…), +(…), *(…), ?(…)
		case !inClass && c == '[':
			inClass = true
			b.WriteByte(c)
			if i+1 < len(p) && p[i+1] == '!' {
				b.WriteByte('^')
				i++
			}
			continue
		case inClass && c == '[' && i+1 < len(p) && p[i+1] == ':':
			end := strings.Index(p[i+2:], ":]")
			if end < 0 {
				return "", false
			}
			ranges, ok := posixClass(p[i+2 : i+2+end])
			if !ok {
				return "", false
			}
			b.WriteString(ranges)
			i += 2 + end + 1
			continue
		case inClass && c == ']':
			inClass = false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// Widen writes each extglob group of a pattern bash expands (@(pg),
// !(README), +(x|y)) as *, which matches at least what the group does:
// the pattern then asks no more of path.Match than it can read. A pattern
// without one is returned as it is.
func Widen(p string) string {
	if !strings.Contains(p, "(") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '(' && i > 0 && strings.IndexByte("@!+*?", p[i-1]) >= 0 {
			end, depth := i+1, 1
			for ; end < len(p) && depth > 0; end++ {
				switch p[end] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-1]) // the group's @, !, +, * or ?
			b.WriteByte('*')
			i = end - 1
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// Match reports whether bash may match name with pattern, as MayMatch does,
// but a pattern that is malformed (keys[] in jq's program) matches nothing:
// for words that may not be patterns at all.
func Match(pattern, name string) bool {
	p, ok := goPattern(pattern)
	if !ok {
		return true
	}
	m, _ := path.Match(p, name)
	return m
}
