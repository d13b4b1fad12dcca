package codescan

import "strings"

// Lexical rules of Python, JavaScript and the languages that write strings
// and comments as they do.

// lexPython reads Python's comments and string literals (prefixes r, b, u, f,
// t; single, double and triple quotes; f-strings interpolate).
func lexPython(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case c == '#':
		lx.skipLine()
		return true
	case c == '"' || c == '\'':
		return lx.pyString("")
	case isLetter(c):
		j := lx.i
		for j < len(lx.src) && j-lx.i < 2 && strings.IndexByte("rRbBuUfFtT", lx.src[j]) >= 0 {
			j++
		}
		if j > lx.i && j < len(lx.src) && (lx.src[j] == '"' || lx.src[j] == '\'') {
			prefix := strings.ToLower(lx.src[lx.i:j])
			lx.i = j
			return lx.pyString(prefix)
		}
	}
	return false
}

func (lx *lexer) pyString(prefix string) bool {
	q := lx.src[lx.i : lx.i+1]
	if lx.at(q + q + q) {
		q = q + q + q
	}
	lx.i += len(q)
	spec := quote{close: q, esc: escFull, oneLine: len(q) == 1}
	if strings.Contains(prefix, "r") {
		spec.esc = escRaw
	}
	if strings.ContainsAny(prefix, "ft") {
		spec.interp = pyInterp
	}
	return lx.quoted(spec)
}

// pyInterp reads an f-string's replacement field ({expr!r:spec}); {{ and }}
// are braces.
func pyInterp(lx *lexer, b *strBuilder) bool {
	switch {
	case lx.at("{{") || lx.at("}}"):
		b.cur.WriteByte(lx.src[lx.i])
		lx.i += 2
		return true
	case lx.src[lx.i] != '{':
		return false
	}
	lx.i++
	toks, src, ok := lx.interpolation("}!:")
	if !ok {
		return true
	}
	lx.skipFormatSpec()
	b.addExpr(toks, src)
	return true
}

// skipFormatSpec skips from a replacement field's !conversion or :spec to its
// closing brace; the spec may hold fields of its own.
func (lx *lexer) skipFormatSpec() {
	depth := 0
	for ; lx.i < len(lx.src); lx.i++ {
		switch lx.src[lx.i] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				lx.i++
				return
			}
			depth--
		}
	}
	lx.fail("an interpolation is not closed")
}

// jsKeywords are the words after which a slash starts a regular expression.
var jsKeywords = []string{"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"}

// lexJS reads JavaScript's (and TypeScript's) comments, strings, template
// literals, regular expressions and identifiers with escapes.
func lexJS(lx *lexer) bool {
	switch c := lx.src[lx.i]; {
	case lx.at("//") || lx.i == 0 && lx.at("#!"):
		lx.skipLine()
	case lx.at("/*"):
		lx.skipBlock("/*", "*/", false)
	case c == '"' || c == '\'':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, oneLine: true})
	case c == '`':
		lx.i++
		return lx.quoted(quote{close: "`", esc: escFull, interp: dollarBrace})
	case c == '/' && lx.valueExpected(jsKeywords...):
		return lx.regexLiteral('/')
	case c == '\\' && lx.peek(1) == 'u':
		return lx.escapedIdent()
	default:
		return false
	}
	return true
}

// dollarBrace reads ${expr} in a template literal or a Groovy string.
func dollarBrace(lx *lexer, b *strBuilder) bool { return braceExpr(lx, b, "${") }

// braceExpr reads an interpolation opened by open and closed by }, when one
// starts at the lexer's place.
func braceExpr(lx *lexer, b *strBuilder, open string) bool {
	if !lx.at(open) {
		return false
	}
	lx.i += len(open)
	toks, src, ok := lx.interpolation("}")
	if ok {
		lx.i++
		b.addExpr(toks, src)
	}
	return true
}

// regexLiteral reads /…/flags from lx.i (on the opening delimiter); a
// newline before the close means the slash was a division after all.
func (lx *lexer) regexLiteral(close byte) bool {
	inClass := false
	for j := lx.i + 1; j < len(lx.src); j++ {
		switch c := lx.src[j]; {
		case c == '\\':
			j++
		case c == '\n':
			return false
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == close && !inClass:
			j++
			for j < len(lx.src) && isLetter(lx.src[j]) {
				j++
			}
			lx.emitString(&strLit{parts: []strPart{{text: lx.src[lx.i:j]}}, flavor: pattern})
			lx.i = j
			return true
		}
	}
	return false
}

// escapedIdent reads a JavaScript identifier written with \u escapes
// (\u0065val is eval).
func (lx *lexer) escapedIdent() bool {
	var b strBuilder
	for lx.i < len(lx.src) {
		switch c := lx.src[lx.i]; {
		case c == '\\' && lx.peek(1) == 'u':
			lx.i += 2
			lx.hexEscape(&b, 4)
		case lx.identByte(c):
			b.cur.WriteByte(c)
			lx.i++
		default:
			lx.emit(token{kind: tIdent, text: b.cur.String()})
			return true
		}
	}
	lx.emit(token{kind: tIdent, text: b.cur.String()})
	return true
}

// bracketClose returns the closing delimiter of an opening one; other
// delimiters close themselves.
func bracketClose(open byte) (byte, bool) {
	switch open {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	}
	return open, false
}

// delimited reads a literal whose delimiter is at lx.i (q{…}, %w[…], ~s(…)):
// brackets nest, any other byte closes itself.
func (lx *lexer) delimited(esc escMode, interp func(*lexer, *strBuilder) bool, fl flavor) (*strLit, bool) {
	open := lx.src[lx.i]
	close, nests := bracketClose(open)
	lx.i++
	q := quote{close: string(close), esc: esc, interp: interp, flavor: fl}
	if nests {
		q.open = open
	}
	return lx.readQuoted(q)
}

// rubyKeywords are the words after which a slash or % starts a literal.
var rubyKeywords = []string{"if", "unless", "when", "and", "or", "not", "return", "puts", "print", "p", "while", "until", "then", "do", "in", "system", "exec", "eval", "spawn"}

// lexRuby reads Ruby's comments, strings, %-literals, symbols, heredocs,
// backticks and regular expressions.
func lexRuby(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case c == '#':
		lx.skipLine()
	case lx.at("=begin") && lx.lineStart():
		lx.skipTo("\n=end")
	case lx.at("__END__") && lx.lineStart():
		lx.i = len(lx.src)
	case c == '\'':
		lx.i++
		return lx.quoted(quote{close: "'", esc: escSimple})
	case c == '"' || c == '`':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: hashBrace, flavor: backtickFlavor(c)})
	default:
		return rubyLiteral(lx, c)
	}
	return true
}

// rubyLiteral reads Ruby's literals that start with punctuation: %w[…],
// :symbols, /patterns/, heredocs, @ and $ variables.
func rubyLiteral(lx *lexer, c byte) bool {
	switch {
	case c == '%' && lx.valueExpected(rubyKeywords...):
		return lx.rubyPercent()
	case c == ':' && lx.peek(1) == '"':
		lx.i += 2
		return lx.quoted(quote{close: "\"", esc: escFull, interp: hashBrace})
	case c == ':' && lx.symbolStart():
		end := lx.identEnd(lx.i + 1)
		lx.emit(token{kind: tIdent, text: lx.src[lx.i:end]})
		lx.i = end
	case c == '/' && lx.valueExpected(rubyKeywords...):
		return lx.regexLiteral('/')
	case lx.at("<<") && lx.heredocStart():
		return lx.dashHeredoc("~-")
	case (c == '@' || c == '$') && lx.i+1 < len(lx.src) && (lx.identByte(lx.src[lx.i+1]) || c == '@' && lx.peek(1) == '@'):
		lx.sigilName(1)
	default:
		return false
	}
	return true
}

// dashHeredoc reads a heredoc opening at lx.i (<<, then one of marks for an
// indented closing tag: Ruby's <<~ and <<-, Perl's <<~).
func (lx *lexer) dashHeredoc(marks string) bool {
	lx.i += 2
	indented := strings.IndexByte(marks, lx.peek(0)) >= 0
	if indented {
		lx.i++
	}
	return lx.readHeredoc(indented)
}

func backtickFlavor(c byte) flavor {
	if c == '`' {
		return shellCmd
	}
	return plain
}

// hashBrace reads #{expr} in a Ruby or Elixir string.
func hashBrace(lx *lexer, b *strBuilder) bool { return braceExpr(lx, b, "#{") }

// lineStart reports lx.i at the start of a line.
func (lx *lexer) lineStart() bool { return lx.i == 0 || lx.src[lx.i-1] == '\n' }

// skipTo skips past the next occurrence of s and the rest of its line.
func (lx *lexer) skipTo(s string) {
	j := strings.Index(lx.src[lx.i:], s)
	if j < 0 {
		lx.fail("a comment is not closed")
		return
	}
	lx.i += j + len(s)
	lx.skipLine()
}

// symbolStart reports a Ruby or Elixir symbol (:name) at lx.i, not a :: or the
// colon of a hash pair or a ternary.
func (lx *lexer) symbolStart() bool {
	if lx.peek(1) == ':' || lx.i > 0 && lx.src[lx.i-1] == ':' || !isLetter(lx.peek(1)) {
		return false
	}
	return lx.space || lx.valueExpected()
}

// heredocStart reports a heredoc opening (<<~EOS, <<-EOS, <<"EOS") rather
// than a shift or an append.
func (lx *lexer) heredocStart() bool {
	c := lx.peek(2)
	if c == '~' || c == '-' {
		c = lx.peek(3)
	}
	if !(isLetter(c) && c >= 'A' && c <= 'Z' || c == '"' || c == '\'' || c == '`') {
		return false
	}
	t := lx.lastTok()
	return lx.valueExpected(rubyKeywords...) || t.kind == tIdent && lx.space
}

// rubyPercent reads %w[…], %x(…), %q{…}, %Q<…>, %(…) and the rest.
func (lx *lexer) rubyPercent() bool {
	kind := byte('Q')
	j := lx.i + 1
	if j < len(lx.src) && strings.IndexByte("qQwWiIxrs", lx.src[j]) >= 0 {
		kind = lx.src[j]
		j++
	}
	if j >= len(lx.src) || isLetter(lx.src[j]) || isDigit(lx.src[j]) || lx.src[j] == ' ' || lx.src[j] == '\n' || lx.src[j] == '=' {
		return false
	}
	lx.i = j
	esc, interp, fl := escFull, hashBrace, plain
	switch kind {
	case 'q', 'w', 'i', 's':
		esc, interp = escSimple, nil
	}
	switch kind {
	case 'w', 'W', 'i', 'I':
		fl = wordList
	case 'x':
		fl = shellCmd
	case 'r':
		fl = pattern
	}
	if lit, ok := lx.delimited(esc, interp, fl); ok {
		lx.emitString(lit)
	}
	return true
}

// sigilName reads a name with its sigil ($x, @x, @@x, $::x); the sigil is
// n bytes.
func (lx *lexer) sigilName(n int) {
	j := lx.i + n
	if lx.src[j-1] == '@' && j < len(lx.src) && lx.src[j] == '@' {
		j++
	}
	end := j
	for end < len(lx.src) && lx.identByte(lx.src[end]) {
		end++
	}
	if end == j && j < len(lx.src) {
		end++ // a punctuation variable: $0, $!, $_
	}
	lx.emit(token{kind: tIdent, text: lx.src[lx.i:end]})
	lx.i = end
}
