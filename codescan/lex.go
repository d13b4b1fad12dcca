package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"strconv"
	"strings"
	"unicode/utf8"
)

// tokKind is the kind of one token.
type tokKind uint8

const (
	tIdent tokKind = iota + 1
	tString
	tNumber
	tPunct
	tNewline
)

// token is one token of a program.
type token struct {
	kind tokKind
	// text is an identifier's name, an operator, a number as written.
	text string
	str  *strLit
	// space reports whitespace or a comment before the token.
	space bool
	// indent is the indentation of the token's line (Python's blocks).
	indent int
}

// flavor says what a string literal is for.
type flavor uint8

const (
	plain    flavor = iota
	shellCmd        // `…`, qx{…}, %x(…): the text runs in a shell
	wordList        // qw(…), %w[…]: a list of words
	pattern         // a regular expression: its text is not a value
	cmdLit          // Julia's `…`: a command, run by run()
)

// strLit is a string literal: text and interpolated expressions.
type strLit struct {
	parts  []strPart
	flavor flavor
}

// strPart is one piece of a literal: text, or an interpolated expression.
type strPart struct {
	text string
	// expr is the interpolated expression's tokens; nil for text.
	expr []token
	src  string
	// dyn marks a piece known only at run time that has no expression to
	// evaluate (an escape the tokenizer does not decode).
	dyn bool
}

// lexRules are a family's lexical rules.
type lexRules struct {
	// special reads a family's own token at lx.i (a comment, a string, a
	// variable with a sigil) and reports whether it consumed anything.
	special func(lx *lexer) bool
	// ops are the operators of more than one byte, longest first.
	ops []string
	// identExtra are bytes allowed in identifiers besides letters, digits
	// and _; identStart those allowed first; identEnd one allowed last.
	identExtra, identStart, identEnd string
	esc                              escRules
	// nfkc reports a language that normalizes identifiers (Python): a name
	// outside ASCII may stand for an ASCII one.
	nfkc bool
}

// lexer turns program text into tokens.
type lexer struct {
	r     *run
	fam   *family
	src   string
	i     int
	toks  []token
	depth int
	space bool
	// indent is the indentation of the line being read.
	indent int
	// level counts open brackets; stopAt ends an interpolation at level 0.
	level  int
	stopAt string
	// heredocs wait for the end of the line to read their bodies.
	heredocs []heredoc
	bad      bool
}

// heredoc is a here-document whose body starts on the next line.
type heredoc struct {
	tok      int
	tag      string
	raw      bool // no interpolation
	indented bool // the closing tag may be indented (<<~, <<-)
}

// lexAll tokenizes src; on a problem the tokens read so far are returned
// and the run records it.
func lexAll(r *run, fam *family, src string, depth int) []token {
	lx := &lexer{r: r, fam: fam, src: src, depth: depth}
	lx.loop()
	if len(lx.heredocs) > 0 && !lx.bad {
		lx.fail("a here-document is not closed")
	}
	return lx.toks
}

func (lx *lexer) fail(why string) {
	lx.bad = true
	lx.r.fail(why)
}

func (lx *lexer) loop() {
	for lx.i < len(lx.src) && !lx.bad {
		if lx.stopAt != "" && lx.level == 0 && strings.IndexByte(lx.stopAt, lx.src[lx.i]) >= 0 {
			return
		}
		lx.next()
		if lx.r.tokens > maxTokens {
			lx.fail("the program has more tokens than the tokenizer reads")
		}
	}
}

func (lx *lexer) next() {
	c := lx.src[lx.i]
	if lx.fam.lex.special != nil {
		at := lx.i
		if lx.fam.lex.special(lx) {
			return
		}
		lx.i = at // a rule that read nothing leaves the text as it was
	}
	switch {
	case c == '\n':
		lx.newline()
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		lx.i++
		lx.space = true
	case c == '\\' && lx.peek(1) == '\n':
		lx.i += 2
		lx.space = true
	case isDigit(c):
		lx.number()
	case lx.identStart(c):
		lx.ident()
	default:
		lx.punct()
	}
}

func (lx *lexer) peek(n int) byte {
	if lx.i+n < len(lx.src) {
		return lx.src[lx.i+n]
	}
	return 0
}

func (lx *lexer) at(s string) bool { return strings.HasPrefix(lx.src[lx.i:], s) }

// emit appends a token, taking the whitespace flag.
func (lx *lexer) emit(t token) {
	t.space = lx.space
	t.indent = lx.indent
	lx.space = false
	lx.r.tokens++
	lx.toks = append(lx.toks, t)
}

func (lx *lexer) emitString(lit *strLit) { lx.emit(token{kind: tString, str: lit}) }

// newline ends a line: a newline token (one for a run of them), then the
// bodies of the here-documents the line opened.
func (lx *lexer) newline() {
	lx.i++
	if n := len(lx.toks); n > 0 && lx.toks[n-1].kind != tNewline {
		lx.emit(token{kind: tNewline, text: "\n"})
	}
	for _, h := range lx.heredocs {
		lx.heredocBody(h)
	}
	lx.heredocs = lx.heredocs[:0]
	lx.indent = 0
	for lx.i+lx.indent < len(lx.src) && (lx.src[lx.i+lx.indent] == ' ' || lx.src[lx.i+lx.indent] == '\t') {
		lx.indent++
	}
}

// skipLine skips to the end of the line (a comment).
func (lx *lexer) skipLine() {
	if j := strings.IndexByte(lx.src[lx.i:], '\n'); j >= 0 {
		lx.i += j
	} else {
		lx.i = len(lx.src)
	}
	lx.space = true
}

// skipBlock skips a block comment from open to close; nested ones nest.
func (lx *lexer) skipBlock(open, close string, nested bool) {
	lx.i += len(open)
	depth := 1
	for lx.i < len(lx.src) {
		switch {
		case strings.HasPrefix(lx.src[lx.i:], close):
			lx.i += len(close)
			depth--
			if depth == 0 || !nested {
				lx.space = true
				return
			}
		case nested && strings.HasPrefix(lx.src[lx.i:], open):
			lx.i += len(open)
			depth++
		default:
			lx.i++
		}
	}
	lx.fail("a comment is not closed")
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

func (lx *lexer) identStart(c byte) bool {
	return isLetter(c) || c >= 0x80 || strings.IndexByte(lx.fam.lex.identStart, c) >= 0
}

func (lx *lexer) identByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c >= 0x80 || strings.IndexByte(lx.fam.lex.identExtra, c) >= 0
}

// identEnd reads an identifier from lx.i and returns where it ends.
func (lx *lexer) identEnd(from int) int {
	j := from + 1
	for j < len(lx.src) && lx.identByte(lx.src[j]) {
		j++
	}
	if j < len(lx.src) && strings.IndexByte(lx.fam.lex.identEnd, lx.src[j]) >= 0 && (j+1 >= len(lx.src) || lx.src[j+1] != '=') {
		j++
	}
	return j
}

func (lx *lexer) ident() {
	end := lx.identEnd(lx.i)
	name := lx.src[lx.i:end]
	lx.i = end
	if name = lx.foldName(name); name != "" {
		lx.emit(token{kind: tIdent, text: name})
	}
}

// foldName returns a name outside ASCII as the language reads it: Python
// folds fullwidth letters to ASCII (NFKC); any other such name in Python
// may stand for an ASCII one, so the code is not read whole.
func (lx *lexer) foldName(name string) string {
	if !lx.fam.lex.nfkc || isASCII(name) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r >= 0xFF01 && r <= 0xFF5E:
			b.WriteRune(r - 0xFEE0)
		default:
			lx.fail("a name outside ASCII, which Python may read as another name")
			return ""
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (lx *lexer) number() {
	j := lx.i + 1
	for j < len(lx.src) && (isDigit(lx.src[j]) || isLetter(lx.src[j]) || lx.src[j] == '.' && j+1 < len(lx.src) && isDigit(lx.src[j+1])) {
		j++
	}
	lx.emit(token{kind: tNumber, text: lx.src[lx.i:j]})
	lx.i = j
}

func (lx *lexer) punct() {
	op := lx.src[lx.i : lx.i+1]
	for _, o := range lx.fam.lex.ops {
		if lx.at(o) {
			op = o
			break
		}
	}
	switch op {
	case "(", "[", "{":
		lx.level++
	case ")", "]", "}":
		lx.level--
	}
	lx.i += len(op)
	lx.emit(token{kind: tPunct, text: op})
}

// lastTok returns the last token, or a zero token.
func (lx *lexer) lastTok() token {
	if n := len(lx.toks); n > 0 {
		return lx.toks[n-1]
	}
	return token{}
}

// valueExpected reports whether an operand, not an operator, comes next: a
// slash there starts a regular expression, not a division.
func (lx *lexer) valueExpected(keywords ...string) bool {
	t := lx.lastTok()
	switch t.kind {
	case 0, tNewline:
		return true
	case tPunct:
		return t.text != ")" && t.text != "]" && t.text != "}"
	case tIdent:
		for _, k := range keywords {
			if t.text == k {
				return true
			}
		}
	}
	return false
}

// interpolation reads an interpolated expression from lx.i up to one of the
// bytes in stop at bracket level 0, and leaves lx.i on that byte.
func (lx *lexer) interpolation(stop string) ([]token, string, bool) {
	if lx.depth >= maxDepth {
		lx.fail("interpolations nested deeper than the tokenizer follows")
		return nil, "", false
	}
	sub := &lexer{r: lx.r, fam: lx.fam, src: lx.src, i: lx.i, depth: lx.depth + 1, stopAt: stop}
	sub.loop()
	if sub.bad || sub.i >= len(lx.src) {
		lx.fail("an interpolation is not closed")
		return nil, "", false
	}
	src := lx.src[lx.i:sub.i]
	lx.i = sub.i
	return sub.toks, src, true
}

// strBuilder collects a literal's parts.
type strBuilder struct {
	parts []strPart
	cur   strings.Builder
	// mode is Perl's \L, \U or \Q in force; once its \l or \u.
	mode, once byte
}

func (b *strBuilder) add(s string) {
	for _, r := range s {
		b.addRune(r)
	}
}

func (b *strBuilder) addRune(r rune) {
	switch {
	case b.once == 'l' || b.once == 'u':
		s := string(r)
		if b.once == 'l' {
			s = strings.ToLower(s)
		} else {
			s = strings.ToUpper(s)
		}
		b.once = 0
		b.cur.WriteString(s)
	case b.mode == 'L':
		b.cur.WriteString(strings.ToLower(string(r)))
	case b.mode == 'U':
		b.cur.WriteString(strings.ToUpper(string(r)))
	case b.mode == 'Q' && !(r < 0x80 && (isLetter(byte(r)) || isDigit(byte(r)))):
		b.cur.WriteByte('\\')
		b.cur.WriteRune(r)
	default:
		b.cur.WriteRune(r)
	}
}

func (b *strBuilder) flush() {
	if b.cur.Len() > 0 {
		b.parts = append(b.parts, strPart{text: b.cur.String()})
		b.cur.Reset()
	}
}

func (b *strBuilder) addExpr(toks []token, src string) {
	b.flush()
	b.parts = append(b.parts, strPart{expr: toks, src: src})
}

func (b *strBuilder) addDynamic(src string) {
	b.flush()
	b.parts = append(b.parts, strPart{dyn: true, src: src})
}

func (b *strBuilder) lit(fl flavor) *strLit {
	b.flush()
	return &strLit{parts: b.parts, flavor: fl}
}

// escMode is how a literal reads backslashes.
type escMode uint8

const (
	escNone   escMode = iota // a backslash is a backslash
	escSimple                // only \\ and \ before the delimiter are escapes
	escRaw                   // a backslash keeps the next byte from closing, both kept
	escFull                  // the family's escapes
)

// escRules are a family's backslash escapes in full literals.
type escRules struct {
	keepUnknown bool // \q stays \q (Python, PHP), else q
	decimal     bool // \ddd is decimal (Lua)
	caseMods    bool // Perl's \L \U \Q \E \l \u
	sSpace      bool // \s is a space (Ruby, Elixir, Erlang)
}

// quote describes one kind of string literal.
type quote struct {
	close string
	// open is the opening byte of a bracketing delimiter, which nests.
	open byte
	esc  escMode
	// interp reads an interpolation at lx.i and reports whether one started.
	interp  func(lx *lexer, b *strBuilder) bool
	oneLine bool
	flavor  flavor
}

// quoted reads a literal whose opening delimiter is just before lx.i.
func (lx *lexer) quoted(q quote) bool {
	lit, ok := lx.readQuoted(q)
	if ok {
		lx.emitString(lit)
	}
	return true
}

// readQuoted reads a literal's body and its closing delimiter.
func (lx *lexer) readQuoted(q quote) (*strLit, bool) {
	var b strBuilder
	nest := 0
	for lx.i < len(lx.src) && !lx.bad {
		if nest == 0 && lx.at(q.close) {
			lx.i += len(q.close)
			return b.lit(q.flavor), true
		}
		nest += lx.quotedByte(&b, q, nest)
	}
	if !lx.bad {
		lx.fail("a string is not closed")
	}
	return nil, false
}

// quotedByte reads what stands at lx.i inside a literal and returns how it
// changes the nesting of bracketing delimiters.
func (lx *lexer) quotedByte(b *strBuilder, q quote, nest int) int {
	c := lx.src[lx.i]
	switch {
	case q.open != 0 && (c == q.open || c == q.close[0]):
		b.cur.WriteByte(c)
		lx.i++
		if c == q.open {
			return 1
		}
		return -1
	case c == '\\' && q.esc != escNone && lx.i+1 < len(lx.src):
		lx.backslash(b, q)
	case c == '\n' && q.oneLine:
		lx.fail("a string is not closed on its line")
	case q.interp != nil && q.interp(lx, b):
	case b.mode != 0 || b.once != 0:
		r, size := utf8.DecodeRuneInString(lx.src[lx.i:])
		b.addRune(r)
		lx.i += size
	default:
		b.cur.WriteByte(c)
		lx.i++
	}
	return 0
}

// backslash reads an escape at lx.i in a literal.
func (lx *lexer) backslash(b *strBuilder, q quote) {
	next := lx.src[lx.i+1]
	switch q.esc {
	case escSimple:
		if next == '\\' || strings.IndexByte(q.close, next) >= 0 || next == q.open {
			b.cur.WriteByte(next)
		} else {
			b.cur.WriteByte('\\')
			b.cur.WriteByte(next)
		}
		lx.i += 2
	case escRaw:
		b.cur.WriteByte('\\')
		b.cur.WriteByte(next)
		lx.i += 2
	default:
		lx.escape(b)
	}
}

// simpleEscapes are the one-letter escapes most languages share.
var simpleEscapes = lazy.Value[map[byte]string]{Make: func() map[byte]string {
	return map[byte]string{'n': "\n", 't': "\t", 'r': "\r", 'a': "\a", 'b': "\b", 'f': "\f", 'v': "\v",
		'\\': "\\", '\'': "'", '"': "\"", '`': "`", '$': "$", '/': "/", '#': "#", '{': "{", '}': "}", '\n': ""}
}}

// escape reads a full escape at lx.i (a backslash) into b.
func (lx *lexer) escape(b *strBuilder) {
	rules := lx.fam.lex.esc
	next := lx.src[lx.i+1]
	lx.i += 2
	switch {
	case rules.caseMods && strings.IndexByte("LUQElu", next) >= 0:
		lx.caseMod(b, next)
	case next == 'e':
		b.addRune(27)
	case next == 's' && rules.sSpace:
		b.addRune(' ')
	case next == 'x' || next == 'u' || next == 'U':
		lx.hexEscape(b, hexDigits(next))
	case isDigit(next) && rules.decimal:
		lx.i--
		lx.numEscape(b, 10, 3)
	case next >= '0' && next <= '7':
		lx.i--
		lx.numEscape(b, 8, 3)
	default:
		lx.plainEscape(b, next, rules.keepUnknown)
	}
}

// plainEscape reads a one-letter escape (\n, \t, \") or an unknown one,
// which keeps its backslash or drops it as the family does.
func (lx *lexer) plainEscape(b *strBuilder, next byte, keepUnknown bool) {
	if s, ok := simpleEscapes.Get()[next]; ok {
		b.add(s)
		return
	}
	if keepUnknown {
		b.add("\\" + string(next))
		return
	}
	lx.i--
	_, size := utf8.DecodeRuneInString(lx.src[lx.i:])
	b.add(lx.src[lx.i : lx.i+size])
	lx.i += size
}

// hexDigits is how many digits \\x, \\u and \\U take.
func hexDigits(c byte) int {
	switch c {
	case 'x':
		return 2
	case 'u':
		return 4
	}
	return 8
}

func (lx *lexer) caseMod(b *strBuilder, c byte) {
	switch c {
	case 'E':
		b.mode = 0
	case 'l', 'u':
		b.once = c
	default:
		b.mode = c
	}
}

// hexEscape reads \xHH, \uHHHH, \UHHHHHHHH and the braced \x{…}, \u{…}.
func (lx *lexer) hexEscape(b *strBuilder, n int) {
	if lx.i < len(lx.src) && lx.src[lx.i] == '{' {
		end := strings.IndexByte(lx.src[lx.i:], '}')
		if end < 0 {
			lx.fail("an escape is not closed")
			return
		}
		lx.addCode(b, lx.src[lx.i+1:lx.i+end], 16)
		lx.i += end + 1
		return
	}
	j := lx.i
	for j < len(lx.src) && j-lx.i < n && isHex(lx.src[j]) {
		j++
	}
	if j == lx.i {
		b.add(lx.src[lx.i-2 : lx.i])
		return
	}
	lx.addCode(b, lx.src[lx.i:j], 16)
	lx.i = j
	if lx.i < len(lx.src) && lx.src[lx.i] == ';' && lx.fam.lang == Scheme {
		lx.i++
	}
}

// numEscape reads up to n digits of the base at lx.i.
func (lx *lexer) numEscape(b *strBuilder, base, n int) {
	j := lx.i
	for j < len(lx.src) && j-lx.i < n && isDigit(lx.src[j]) && (base == 10 || lx.src[j] <= '7') {
		j++
	}
	lx.addCode(b, lx.src[lx.i:j], base)
	lx.i = j
}

func (lx *lexer) addCode(b *strBuilder, digits string, base int) {
	n, err := strconv.ParseUint(digits, base, 32)
	switch {
	case err != nil || n > utf8.MaxRune:
		b.addDynamic("\\" + digits)
	case n < 0x100 && base != 16 || n < 0x80:
		b.cur.WriteByte(byte(n))
	default:
		b.addRune(rune(n))
	}
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// readHeredoc reads a here-document's opening: the tag after the operator
// (quoted or bare) at lx.i. The body is read at the end of the line.
func (lx *lexer) readHeredoc(indented bool) bool {
	raw := false
	tag := ""
	switch q := lx.peek(0); {
	case q == '"' || q == '\'' || q == '`':
		end := strings.IndexByte(lx.src[lx.i+1:], q)
		if end < 0 {
			return false
		}
		tag, raw = lx.src[lx.i+1:lx.i+1+end], q == '\''
		lx.i += end + 2
	case isLetter(q):
		j := lx.i
		for j < len(lx.src) && (isLetter(lx.src[j]) || isDigit(lx.src[j])) {
			j++
		}
		tag = lx.src[lx.i:j]
		lx.i = j
	default:
		return false
	}
	lx.heredocs = append(lx.heredocs, heredoc{tok: len(lx.toks), tag: tag, raw: raw, indented: indented})
	lx.emitString(&strLit{})
	return true
}

// heredocBody reads the body of h from lx.i, the start of the next line.
func (lx *lexer) heredocBody(h heredoc) {
	start := lx.i
	for lx.i <= len(lx.src) {
		end := strings.IndexByte(lx.src[lx.i:], '\n')
		if end < 0 {
			end = len(lx.src) - lx.i
		}
		line := lx.src[lx.i : lx.i+end]
		if line == h.tag || h.indented && strings.TrimLeft(line, " \t") == h.tag || line == h.tag+";" && lx.fam.lang == PHP {
			body := lx.src[start:lx.i]
			lx.i += end
			lx.toks[h.tok].str = lx.heredocText(body, h.raw)
			return
		}
		if lx.i+end >= len(lx.src) {
			break
		}
		lx.i += end + 1
	}
	lx.fail("a here-document is not closed")
}

// heredocText reads a here-document's body as a literal.
func (lx *lexer) heredocText(body string, raw bool) *strLit {
	if raw {
		return &strLit{parts: []strPart{{text: body}}}
	}
	sub := &lexer{r: lx.r, fam: lx.fam, src: body + "\x00", depth: lx.depth}
	lit, ok := sub.readQuoted(quote{close: "\x00", esc: escFull, interp: lx.fam.heredocInterp})
	if !ok || sub.bad {
		lx.bad = true
		return &strLit{parts: []strPart{{dyn: true, src: "here-document"}}}
	}
	return lit
}
