package sql

import (
	"strings"

	"github.com/permgate/permgate/internal/lazyre"
)

// tokKind is what a token is.
type tokKind byte

// The token kinds.
const (
	tokWord   tokKind = 'w' // a keyword or name, upper-cased
	tokString tokKind = 's' // a string literal, unquoted
	tokIdent  tokKind = 'i' // a quoted identifier
	tokPunct  tokKind = 'p' // one punctuation byte
	tokMeta   tokKind = 'm' // a backslash meta-command (psql, mysql)
	tokDot    tokKind = 'd' // a dot-command (sqlite3, duckdb)
)

// token is one token of SQL outside literals and comments.
type token struct {
	kind tokKind
	text string
	// arg is a meta-command's or dot-command's argument text.
	arg string
}

func (t token) is(kind tokKind, text string) bool { return t.kind == kind && t.text == text }

// lexOpts are the readings a text is lexed with: a client's dialect is not
// always known for sure, so every plausible reading is judged.
type lexOpts struct {
	backslash bool // \' escapes a quote inside a string (MySQL)
	hash      bool // # starts a comment (MySQL)
	nested    bool // /* … */ comments nest (PostgreSQL)
	dialect   Dialect
}

// metas reports a dialect with backslash meta-commands (psql, mysql).
func (o lexOpts) metas() bool { return o.dialect == Postgres || o.dialect == MySQL }

// maxDollarDepth bounds dollar-quoted bodies lexed inside one another.
const maxDollarDepth = 8

var dollarTagRE = lazyre.Regexp{Src: `^\$[A-Za-z_]*\$`}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c >= 0x80
}

// lexer splits one text into tokens under one reading.
type lexer struct {
	s     string
	o     lexOpts
	depth int
	i     int
	toks  []token
	// lineStart reports that only blanks came since the last newline.
	lineStart bool
	// execComments counts the MySQL executable comments open (/*! … */).
	execComments int
}

// lex splits SQL into tokens. Dollar-quoted bodies (DO $$ … $$, function
// bodies) are code and are lexed in place; MySQL's /*! … */ runs too.
func lex(s string, o lexOpts, depth int) []token {
	l := lexer{s: s, o: o, depth: depth, lineStart: true}
	for l.i < len(l.s) {
		l.step()
	}
	return l.toks
}

func (l *lexer) emit(kind tokKind, text string) {
	l.toks = append(l.toks, token{kind: kind, text: text})
}

// step reads one token, comment or blank.
func (l *lexer) step() {
	c := l.s[l.i]
	switch c {
	case '\n':
		l.lineStart = true
		l.i++
		return
	case ' ', '\t', '\r', '\f':
		l.i++
		return
	}
	atLineStart := l.lineStart
	l.lineStart = false
	if !l.comment(c) {
		l.token(c, atLineStart)
	}
}

// token reads the token that starts with c.
func (l *lexer) token(c byte, atLineStart bool) {
	switch {
	case c == '\'':
		l.stringLiteral()
	case c == '"' || c == '`':
		l.quotedName(c)
	case c == '$' && l.depth < maxDollarDepth && dollarTagRE.Get().MatchString(l.s[l.i:]):
		l.dollarBody()
	case c == '\\' && l.o.metas():
		l.meta()
	case c == '.' && atLineStart && l.o.dialect == SQLite:
		l.dot()
	case isWordByte(c):
		l.word()
	default:
		l.emit(tokPunct, string(c))
		l.i++
	}
}

// comment skips a comment at s[i] and reports whether there was one.
// MySQL runs what an executable comment holds (/*!50000 DROP TABLE t */):
// its opening and closing are skipped and its body lexed.
func (l *lexer) comment(c byte) bool {
	rest := l.s[l.i:]
	switch {
	case c == '-' && strings.HasPrefix(rest, "--"), c == '#' && l.o.hash:
		l.i = lineEnd(l.s, l.i)
	case c == '/' && strings.HasPrefix(rest, "/*!"):
		l.openExecComment()
	case c == '*' && l.execComments > 0 && strings.HasPrefix(rest, "*/"):
		l.execComments--
		l.i += 2
	case c == '/' && strings.HasPrefix(rest, "/*"):
		l.i = blockCommentEnd(l.s, l.i, l.o.nested)
	default:
		return false
	}
	return true
}

// openExecComment skips /*! and the version after it (/*!50000).
func (l *lexer) openExecComment() {
	l.i += 3
	for l.i < len(l.s) && l.s[l.i] >= '0' && l.s[l.i] <= '9' {
		l.i++
	}
	l.execComments++
}

// blockCommentEnd returns the index past the /* … */ comment at s[i].
func blockCommentEnd(s string, i int, nested bool) int {
	nest := 0
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], "/*"):
			nest++
			i += 2
		case strings.HasPrefix(s[i:], "*/"):
			nest--
			i += 2
			if nest == 0 || !nested {
				return i
			}
		default:
			i++
		}
	}
	return i
}

// stringLiteral reads '…'; E'…' (PostgreSQL) takes backslash escapes.
func (l *lexer) stringLiteral() {
	escapes := l.o.backslash
	if n := len(l.toks); n > 0 && l.toks[n-1].is(tokWord, "E") && l.i > 0 && l.s[l.i-1] != ' ' {
		escapes = true
	}
	j, text := quoted(l.s, l.i, '\'', escapes)
	l.emit(tokString, text)
	l.i = j
}

// quotedName reads "…" or `…`: a name, but a string in MySQL's "…".
func (l *lexer) quotedName(q byte) {
	j, text := quoted(l.s, l.i, q, l.o.backslash && q == '"')
	kind := tokIdent
	if q == '"' && l.o.dialect == MySQL {
		kind = tokString
	}
	l.emit(kind, text)
	l.i = j
}

// dollarBody reads $tag$ … $tag$ and lexes the body in place, in
// parentheses: a function's or DO block's body is code.
func (l *lexer) dollarBody() {
	tag := dollarTagRE.Get().FindString(l.s[l.i:])
	body := l.s[l.i+len(tag):]
	next := len(l.s)
	if end := strings.Index(body, tag); end >= 0 {
		body = body[:end]
		next = l.i + len(tag) + end + len(tag)
	}
	l.emit(tokPunct, "(")
	l.toks = append(l.toks, lex(body, l.o, l.depth+1)...)
	l.emit(tokPunct, ")")
	l.i = next
}

// meta reads a backslash meta-command (\! CMD, \o FILE, \g) to the end of
// its line (psql: or to \\).
func (l *lexer) meta() {
	s := l.s
	j := l.i + 1
	if j < len(s) && s[j] == ';' && l.o.dialect == Postgres {
		// \; separates statements on one line.
		l.emit(tokPunct, ";")
		l.i = j + 1
		return
	}
	j = metaNameEnd(s, j)
	name := s[l.i+1 : j]
	switch {
	case name == "":
		// A backslash that names no command: read on as SQL after a break.
		l.emit(tokPunct, ";")
		l.emit(tokWord, "\\")
		l.i = j
		return
	case l.o.dialect == MySQL && (name == "g" || name == "G"):
		l.emit(tokPunct, ";")
		l.i = j
		return
	}
	end := strings.IndexByte(s[j:], '\n')
	if end < 0 {
		end = len(s) - j
	}
	arg := s[j : j+end]
	if k := strings.Index(arg, `\\`); k >= 0 && l.o.dialect == Postgres {
		arg = arg[:k]
		end = k + 2
	}
	l.toks = append(l.toks, token{kind: tokMeta, text: name, arg: strings.TrimSpace(arg)})
	l.i = j + end
}

// metaNameEnd returns the end of a meta-command's name starting at s[j].
func metaNameEnd(s string, j int) int {
	if j < len(s) && strings.IndexByte("!?.#", s[j]) >= 0 {
		return j + 1
	}
	for j < len(s) && (isWordByte(s[j]) || s[j] == '+') {
		j++
	}
	return j
}

// dot reads a sqlite3 dot-command line (.shell CMD, .output FILE).
func (l *lexer) dot() {
	end := strings.IndexByte(l.s[l.i:], '\n')
	if end < 0 {
		end = len(l.s) - l.i
	}
	line := l.s[l.i+1 : l.i+end]
	name, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	l.toks = append(l.toks, token{kind: tokDot, text: name, arg: strings.TrimSpace(arg)})
	l.i += end
}

// word reads a keyword or name; mysql's system at a statement's start runs
// the rest of the line in a shell.
func (l *lexer) word() {
	s := l.s
	j := l.i
	for j < len(s) && isWordByte(s[j]) {
		j++
	}
	if l.o.dialect == MySQL && strings.EqualFold(s[l.i:j], "system") && (len(l.toks) == 0 || l.toks[len(l.toks)-1].text == ";") {
		end := strings.IndexByte(s[j:], '\n')
		if end < 0 {
			end = len(s) - j
		}
		l.toks = append(l.toks, token{kind: tokMeta, text: "!", arg: strings.TrimSpace(s[j : j+end])})
		l.i = j + end
		return
	}
	l.emit(tokWord, strings.ToUpper(s[l.i:j]))
	l.i = j
}

// lineEnd returns the index of the newline that ends s[i]'s line, or len(s).
func lineEnd(s string, i int) int {
	if end := strings.IndexByte(s[i:], '\n'); end >= 0 {
		return i + end
	}
	return len(s)
}

// quoted reads a quoted literal starting at s[i]; a doubled quote escapes it.
func quoted(s string, i int, q byte, backslash bool) (int, string) {
	var b strings.Builder
	j := i + 1
	for j < len(s) {
		c := s[j]
		switch {
		case backslash && c == '\\' && j+1 < len(s):
			b.WriteByte(s[j+1])
			j += 2
		case c == q && j+1 < len(s) && s[j+1] == q:
			b.WriteByte(q)
			j += 2
		case c == q:
			return j + 1, b.String()
		default:
			b.WriteByte(c)
			j++
		}
	}
	return j, b.String()
}
