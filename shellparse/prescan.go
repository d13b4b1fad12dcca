package shellparse

import (
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// DefaultMaxWords bounds the words, operators and expansions ($…, `…`) of one
// script, counted before it is parsed: the syntax tree of each costs memory
// (up to about 1 KB through the whole analysis), and 100 000 keep a script at
// the input limit under 200 MB.
const DefaultMaxWords = 100_000

// maxArithOperators bounds the operators of one arithmetic expression ($((…)),
// ((…)), $[…], an array index, let) or [[ … ]] test, counted before parsing:
// the parser descends once for each.
const maxArithOperators = 1024

// prescan measures a script in one linear pass before mvdan.cc/sh parses it,
// whose recursive descent would otherwise overflow the stack (or take
// gigabytes) on deeply nested input: the depth of open parentheses, groups,
// indexes, quotes, substitutions, if, case and loops, and function headers
// in a row; the number of words, operators and expansions; the operators of
// one arithmetic expression or [[ test. It reads quoting, comments and
// here-documents as bash does, and takes }, fi, done and esac as closers only
// where a command can end; where it is unsure it counts more nesting, not
// less. FuzzPrescan checks it against the parser's tree. It returns the
// reason the script is too complex, or "".
func prescan(src string, maxNesting, maxWords, maxArith int) string {
	// stack holds the closer each open level waits for: ) } ] " ` as
	// written, 'g' a { group, 'c' a case, 'f' an if, 'd' a loop, 'h' a
	// here-document.
	var stack []byte
	var arith []bool // whether each level is an arithmetic expression or [[ test
	var heredocs []heredoc
	words, inWord := 0, false
	arithDepth, ops, inLet := 0, 0, false
	funcs := 0 // function headers in a row, with no body between
	push := func(closer byte) bool {
		stack = append(stack, closer)
		arith = append(arith, false)
		return len(stack) <= maxNesting
	}
	pop := func() {
		if arith[len(arith)-1] {
			if arithDepth--; arithDepth == 0 {
				ops = 0
			}
		}
		stack, arith = stack[:len(stack)-1], arith[:len(arith)-1]
	}
	markArith := func() {
		arith[len(arith)-1] = true
		arithDepth++
	}
	tooMany := func() string {
		return fmt.Sprintf("more than %d words, operators and expansions", maxWords)
	}
	tooDeep := func() string {
		return fmt.Sprintf("brackets, quotes or substitutions nested more than %d deep", maxNesting)
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		var top byte
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if c == '$' || c == '`' {
			// Each expansion is a node or more of the tree: it counts as a word.
			if words++; words > maxWords {
				return tooMany()
			}
		}
		if top == '"' || top == 'h' {
			if top == 'h' && (i == 0 || src[i-1] == '\n') {
				h := heredocs[0]
				line, _, _ := strings.Cut(src[i:], "\n")
				if h.stripTabs {
					line = strings.TrimLeft(line, "\t")
				}
				if line == h.delim {
					pop()
					heredocs = heredocs[1:]
					i += strings.IndexByte(src[i:], '\n') // to the newline (or -1 at the end: the loop ends)
					if i < 0 {
						break
					}
					if len(heredocs) > 0 {
						if !push('h') {
							return tooDeep()
						}
					}
					continue
				}
				if h.quoted {
					if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
						i += j
						continue
					}
					break
				}
			}
			switch c {
			case '\\':
				i++
			case '"':
				if top == '"' {
					pop()
				}
			case '`':
				if !push('`') {
					return tooDeep()
				}
			case '$':
				if i+1 < len(src) {
					if closer, ok := closers.Get()[src[i+1]]; ok {
						i++
						if !push(closer) {
							return tooDeep()
						}
						if src[i] == '[' {
							markArith()
						}
					}
				}
			}
			continue
		}
		wordStart := !inWord // bash starts a comment only where a word starts
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			inWord = false
			if c == '\n' && inLet {
				inLet, ops = false, 0
			}
		case strings.IndexByte(";|&()<>", c) >= 0:
			inWord = false
			if c == ';' || c == '|' || c == '&' {
				funcs = 0
			}
			if inLet && c != '(' && c != ')' && c != '<' && c != '>' {
				inLet, ops = false, 0
			}
			if words++; words > maxWords {
				return tooMany()
			}
		case !inWord:
			inWord = true
			if words++; words > maxWords {
				return tooMany()
			}
			if opener, ok := openKeyword(src, i); ok {
				funcs = 0
				if !push(opener) {
					return tooDeep()
				}
			} else if closer, ok := closeKeyword(src, i); ok && top == closer && afterCommandEnd(src, i) {
				pop()
			} else if keywordAt(src, i, "let") {
				inLet = true
			}
		}
		if (arithDepth > 0 || inLet) && strings.IndexByte("+-*/%!~=?:<>&|^,", c) >= 0 {
			if ops++; ops > maxArith {
				return fmt.Sprintf("an arithmetic expression or [[ test with more than %d operators", maxArith)
			}
		}
		switch c {
		case '\\':
			i++
		case '\'':
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 {
				// An unclosed quote: the parser reports it if it is one. If the
				// scan misread it, what follows is still counted (the safe side).
				continue
			}
			i += j + 1
		case '"':
			if !push('"') {
				return tooDeep()
			}
		case '`':
			if top == '`' {
				pop()
			} else if !push('`') {
				return tooDeep()
			}
		case '$':
			if i+1 < len(src) && src[i+1] == '\'' {
				j := i + 2
				for j < len(src) && src[j] != '\'' {
					if src[j] == '\\' {
						j++
					}
					j++
				}
				i = j
			}
		case '(':
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && src[j] == ')' && (i == 0 || strings.IndexByte("$<>@?*+!", src[i-1]) < 0) {
				// A function's (): the parser nests each function in
				// the one before when no body comes between (f() g() h() ls).
				if funcs++; funcs > maxNesting {
					return tooDeep()
				}
				i = j
				continue
			}
			funcs = 0
			if !push(')') {
				return tooDeep()
			}
			if i > 0 && src[i-1] == '(' {
				markArith()
			}
		case '[':
			// Only an index, $[ or the inner [ of [[ nests in the parser; a
			// glob or the test command's [ does not.
			if i > 0 && (src[i-1] == '$' || src[i-1] == '[' || src[i-1] == ']' || isNameByte(src[i-1])) {
				if !push(']') {
					return tooDeep()
				}
				markArith()
			}
		case '{':
			// ${ opens a parameter expansion; { followed by a blank a group
			// (or a word {, counted all the same); {a,b} nests nothing.
			switch {
			case i > 0 && src[i-1] == '$':
				if !push('}') {
					return tooDeep()
				}
			case i+1 == len(src) || strings.IndexByte(" \t\n", src[i+1]) >= 0:
				funcs = 0
				if !push('g') {
					return tooDeep()
				}
			}
		case ')', ']':
			if top == c {
				pop()
			}
		case '}':
			// A group's } ends it only where a command could start: after
			// ; & or a newline (echo } is a word).
			if top == '}' || top == 'g' && afterCommandEnd(src, i) {
				pop()
			}
		case '#':
			// A comment starts with # at the start of a word (after a blank,
			// ; | & ( ) < > or a newline), never inside ${…}.
			if wordStart && top != '}' {
				j := strings.IndexByte(src[i:], '\n')
				if j < 0 {
					return ""
				}
				i += j - 1 // the newline itself is read next
				inWord = false
			}
		case '<':
			// << is a shift in arithmetic, a here-document elsewhere.
			// Inside ${…} it is part of a pattern (${x/<<E/}), never a here-document.
			if arithDepth == 0 && !inLet && top != '}' && strings.HasPrefix(src[i:], "<<") && !strings.HasPrefix(src[i:], "<<<") {
				h, end := readHeredocWord(src, i+2)
				if h.delim != "" {
					heredocs = append(heredocs, h)
				}
				i = end - 1
			}
		case '\n':
			if len(heredocs) > 0 && top != 'h' {
				if !push('h') {
					return tooDeep()
				}
			}
		}
	}
	return ""
}

// closers maps an opening byte after $ to the byte that closes it.
var closers = lazy.Value[map[byte]byte]{Make: func() map[byte]byte {
	return map[byte]byte{'(': ')', '{': '}', '[': ']'}
}}

// afterCommandEnd reports whether only blanks stand between the end of a
// command (; & newline, or the start) and i: where fi, done, esac and a
// group's } are keywords rather than words.
func afterCommandEnd(src string, i int) bool {
	j := i - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
	return j < 0 || src[j] == ';' || src[j] == '&' || src[j] == '\n'
}

// heredoc is a here-document whose body follows the next newline.
type heredoc struct {
	delim     string
	quoted    bool // the body is not expanded
	stripTabs bool // <<-
}

// readHeredocWord reads the delimiter word after << at i, returning where it
// ends.
func readHeredocWord(src string, i int) (heredoc, int) {
	var h heredoc
	if i < len(src) && src[i] == '-' {
		h.stripTabs = true
		i++
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	var sb strings.Builder
	for i < len(src) && strings.IndexByte(" \t\n;|&()<>", src[i]) < 0 {
		switch src[i] {
		case '\'', '"':
			h.quoted = true
			q := src[i]
			j := strings.IndexByte(src[i+1:], q)
			if j < 0 {
				return heredoc{}, len(src)
			}
			sb.WriteString(src[i+1 : i+1+j])
			i += j + 2
			continue
		case '\\':
			h.quoted = true
			i++
			if i < len(src) {
				sb.WriteByte(src[i])
			}
		default:
			sb.WriteByte(src[i])
		}
		i++
	}
	h.delim = sb.String()
	return h, i
}

// openKeyword reports whether the word at i opens a compound command, and the
// level it pushes.
func openKeyword(src string, i int) (byte, bool) {
	switch {
	case keywordAt(src, i, "case"):
		return 'c', true
	case keywordAt(src, i, "if"):
		return 'f', true
	case keywordAt(src, i, "while"), keywordAt(src, i, "until"), keywordAt(src, i, "for"), keywordAt(src, i, "select"):
		return 'd', true
	}
	return 0, false
}

// closeKeyword reports whether the word at i closes a compound command, and
// the level it pops.
func closeKeyword(src string, i int) (byte, bool) {
	switch {
	case keywordAt(src, i, "esac"):
		return 'c', true
	case keywordAt(src, i, "fi"):
		return 'f', true
	case keywordAt(src, i, "done"):
		return 'd', true
	}
	return 0, false
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// keywordAt reports whether the word at i is the keyword kw.
func keywordAt(src string, i int, kw string) bool {
	if !strings.HasPrefix(src[i:], kw) {
		return false
	}
	end := i + len(kw)
	return end == len(src) || strings.IndexByte(" \t\n;|&()<>", src[end]) >= 0
}
