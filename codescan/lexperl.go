package codescan

import "strings"

// Lexical rules of Perl and PHP: sigils, quote-like operators, interpolation
// of variables, here-documents.

// perlKeywords are the words after which a slash starts a pattern.
var perlKeywords = []string{"split", "grep", "map", "join", "if", "unless", "and", "or", "not", "return", "while", "until", "push", "unshift", "x", "lt", "gt", "le", "ge", "eq", "ne", "cmp", "when"}

// lexPerl reads Perl's comments, POD, variables, strings, quote-like
// operators (q qq qw qx m qr s tr y), patterns and here-documents.
func lexPerl(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case c == '#':
		lx.skipLine()
	case c == '=' && lx.lineStart() && isLetter(lx.peek(1)):
		lx.skipTo("\n=cut")
	case (lx.at("__END__") || lx.at("__DATA__")) && lx.lineStart():
		lx.i = len(lx.src)
	case c == '\'':
		lx.i++
		return lx.quoted(quote{close: "'", esc: escSimple})
	case c == '"' || c == '`':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: perlInterp, flavor: backtickFlavor(c)})
	default:
		return perlToken(lx, c)
	}
	return true
}

// perlToken reads Perl's variables, patterns, here-documents and
// quote-like operators.
func perlToken(lx *lexer, c byte) bool {
	switch {
	case c == '$' || c == '@' || (c == '%' || c == '&') && lx.valueExpected(perlKeywords...) && lx.sigilFollows():
		return lx.perlVariable()
	case c == '/' && lx.valueExpected(perlKeywords...):
		return lx.regexLiteral('/')
	case lx.at("<<") && lx.perlHeredocStart():
		return lx.dashHeredoc("~")
	case isLetter(c):
		return lx.quoteLike()
	}
	return false
}

// sigilFollows reports a name or a block after a % or & sigil.
func (lx *lexer) sigilFollows() bool {
	n := lx.peek(1)
	return isLetter(n) || n == '{' || n == '$' || n == ':'
}

// perlVariable reads $name, @name, %name, &name, $::name, $a::b, ${name},
// $#name and the punctuation variables ($_, $0, $@ …).
func (lx *lexer) perlVariable() bool {
	start := lx.i
	j := lx.i + 1
	if lx.src[lx.i] == '$' && j < len(lx.src) && lx.src[j] == '#' {
		j++
	}
	if end, ok := lx.bracedName(j); ok {
		lx.emit(token{kind: tIdent, text: lx.src[start:j] + lx.src[j+1:end-1]})
		lx.i = end
		return true
	}
	end := lx.packageName(j)
	if end == j && j < len(lx.src) && lx.src[j] != '{' && lx.src[j] != '$' && lx.src[j] != ' ' {
		end++ // a punctuation variable
	}
	lx.emit(token{kind: tIdent, text: lx.src[start:end]})
	lx.i = end
	return true
}

// bracedName reads {name} at j (${name}) and returns where it ends.
func (lx *lexer) bracedName(j int) (int, bool) {
	if j+1 >= len(lx.src) || lx.src[j] != '{' || !isLetter(lx.src[j+1]) {
		return j, false
	}
	end := strings.IndexByte(lx.src[j:], '}')
	if end <= 0 || !isWord(lx.src[j+1:j+end]) {
		return j, false
	}
	return j + end + 1, true
}

// packageName returns where a name with :: separators from j ends.
func (lx *lexer) packageName(j int) int {
	for j < len(lx.src) && (lx.identByte(lx.src[j]) || lx.src[j] == ':' && j+2 < len(lx.src) && lx.src[j+1] == ':' && isLetter(lx.src[j+2])) {
		if lx.src[j] == ':' {
			j++
		}
		j++
	}
	return j
}

func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) && !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// perlInterp reads a variable interpolated in a Perl string: $x, @x, $x{k},
// $x[i], $x->{k}, ${x}, @{[ expr ]}.
func perlInterp(lx *lexer, b *strBuilder) bool {
	c := lx.src[lx.i]
	if c != '$' && c != '@' || lx.i+1 >= len(lx.src) {
		return false
	}
	n := lx.src[lx.i+1]
	if !(isLetter(n) || n == '{' || n == ':' || c == '$' && (isDigit(n) || strings.IndexByte("&`'+!@/\\,;.0_", n) >= 0)) {
		return false
	}
	if c == '@' && !isLetter(n) && n != '{' && n != '_' {
		return false
	}
	start := lx.i
	end := lx.interpExtent(lx.i + 1)
	src := lx.src[start:end]
	sub := &lexer{r: lx.r, fam: lx.fam, src: src, depth: lx.depth + 1}
	if lx.depth+1 < maxDepth {
		sub.loop()
	}
	lx.i = end
	if sub.bad || lx.depth+1 >= maxDepth {
		b.addDynamic(src)
		return true
	}
	b.addExpr(sub.toks, src)
	return true
}

// interpExtent returns where a variable interpolated from j ends: its name,
// then any subscripts ({…}, […], ->{…}, ->[…]).
func (lx *lexer) interpExtent(j int) int {
	s := lx.src
	if j < len(s) && s[j] == '{' {
		return matchingClose(s, j)
	}
	if j < len(s) && !lx.identByte(s[j]) && s[j] != ':' {
		return j + 1
	}
	j = lx.packageName(j)
	for j < len(s) {
		k := j
		if strings.HasPrefix(s[k:], "->") {
			k += 2
		}
		if k >= len(s) || s[k] != '{' && s[k] != '[' {
			return j
		}
		j = matchingClose(s, k)
	}
	return j
}

// maxSubscript bounds how far an interpolated subscript is looked for.
const maxSubscript = 1024

// matchingClose returns the index past the bracket that closes s[open],
// looking no further than maxSubscript bytes (the end of that span when it
// is not closed there).
func matchingClose(s string, open int) int {
	close, _ := bracketClose(s[open])
	depth := 0
	limit := min(len(s), open+maxSubscript)
	for j := open; j < limit; j++ {
		switch s[j] {
		case s[open]:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j + 1
			}
		case '\\':
			j++
		}
	}
	return limit
}

// perlHeredocStart reports <<"EOF", <<'EOF', <<EOF or <<~EOF rather than a shift.
func (lx *lexer) perlHeredocStart() bool {
	c := lx.peek(2)
	if c == '~' {
		c = lx.peek(3)
	}
	return (c == '"' || c == '\'' || isLetter(c) && c >= 'A' && c <= 'Z') && (lx.valueExpected(perlKeywords...) || lx.lastTok().kind == tIdent)
}

// quoteLike reads q qq qw qx m qr s tr y with their delimiters; any other
// word is left to the identifier rule.
func (lx *lexer) quoteLike() bool {
	end := lx.identEnd(lx.i)
	word := lx.src[lx.i:end]
	switch word {
	case "q", "qq", "qw", "qx", "m", "qr", "s", "tr", "y":
	default:
		return false
	}
	j := end
	for j < len(lx.src) && (lx.src[j] == ' ' || lx.src[j] == '\t') {
		j++
	}
	if j >= len(lx.src) || !quoteDelimiter(lx.src[j], j > end) || lx.src[j] == '=' && lx.peekAt(j+1) == '>' {
		return false
	}
	if t := lx.lastTok(); t.kind == tPunct && (t.text == "->" || t.text == "{" && lx.peekAt(end) == '}') {
		return false
	}
	lx.i = j
	switch word {
	case "s", "tr", "y":
		return lx.substitution(word)
	}
	return lx.quoteOp(word)
}

func (lx *lexer) peekAt(j int) byte {
	if j < len(lx.src) {
		return lx.src[j]
	}
	return 0
}

// quoteDelimiter reports a byte that can delimit a quote-like operator; # only
// right after the word.
func quoteDelimiter(c byte, spaced bool) bool {
	if isLetter(c) || isDigit(c) || c == ' ' || c == '\n' || c == ',' || c == ';' || c == ')' {
		return false
	}
	return !(c == '#' && spaced)
}

// quoteOp reads q{…} qq{…} qw{…} qx{…} m{…} qr{…}.
func (lx *lexer) quoteOp(word string) bool {
	raw := lx.src[lx.i] == '\''
	esc, interp, fl := escFull, perlInterp, plain
	switch {
	case word == "q" || word == "qw":
		esc, interp = escSimple, nil
	case raw:
		esc, interp = escSimple, nil
	}
	switch word {
	case "qw":
		fl = wordList
	case "qx":
		fl = shellCmd
	case "m", "qr":
		fl, esc, interp = pattern, escRaw, nil
	}
	lit, ok := lx.delimited(esc, interp, fl)
	if ok {
		for lx.i < len(lx.src) && isLetter(lx.src[lx.i]) {
			lx.i++ // the pattern's flags
		}
		lx.emitString(lit)
	}
	return true
}

// substitution reads s/…/…/flags, tr/…/…/ and y/…/…/: with the e flag the
// replacement is code, read as an eval of it.
func (lx *lexer) substitution(word string) bool {
	open := lx.src[lx.i]
	if _, ok := lx.delimited(escRaw, nil, pattern); !ok {
		return true
	}
	if _, nests := bracketClose(open); nests {
		for lx.i < len(lx.src) && (lx.src[lx.i] == ' ' || lx.src[lx.i] == '\t' || lx.src[lx.i] == '\n') {
			lx.i++
		}
		if lx.i >= len(lx.src) {
			lx.fail("a substitution is not closed")
			return true
		}
	} else {
		lx.i-- // the middle delimiter opens the replacement too
	}
	start := lx.i + 1
	repl, ok := lx.delimited(escRaw, nil, plain)
	if !ok {
		return true
	}
	body := lx.src[start : lx.i-1]
	flags := lx.i
	for lx.i < len(lx.src) && isLetter(lx.src[lx.i]) {
		lx.i++
	}
	if word == "s" && strings.Contains(lx.src[flags:lx.i], "e") {
		lx.emit(token{kind: tIdent, text: "eval"})
		lx.space = true
		lx.emitString(&strLit{parts: []strPart{{text: body}}})
		lx.emit(token{kind: tPunct, text: ";"})
		return true
	}
	_ = repl
	lx.emitString(&strLit{flavor: pattern})
	return true
}

// lexPHP reads PHP's comments, open and close tags, variables, strings,
// backticks and here-documents.
func lexPHP(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case lx.at("<?php"):
		lx.i += 5
	case lx.at("<?="):
		lx.i += 3
	case lx.at("?>"):
		if j := strings.Index(lx.src[lx.i:], "<?php"); j >= 0 {
			lx.i += j + 5
		} else {
			lx.i = len(lx.src)
		}
	case c == '#' && lx.peek(1) != '[' || lx.at("//"):
		lx.skipLine()
	case lx.at("/*"):
		lx.skipBlock("/*", "*/", false)
	default:
		return phpToken(lx, c)
	}
	return true
}

// phpToken reads PHP's strings, backticks, here-documents and variables.
func phpToken(lx *lexer, c byte) bool {
	switch {
	case c == '\'':
		lx.i++
		return lx.quoted(quote{close: "'", esc: escSimple})
	case c == '"' || c == '`':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: phpInterp, flavor: backtickFlavor(c)})
	case lx.at("<<<"):
		lx.i += 3
		for lx.i < len(lx.src) && lx.src[lx.i] == ' ' {
			lx.i++
		}
		return lx.readHeredoc(true)
	case c == '$' && lx.i+1 < len(lx.src) && (isLetter(lx.src[lx.i+1]) || lx.src[lx.i+1] >= 0x80):
		lx.sigilName(1)
		return true
	}
	return false
}

// phpInterp reads $name, $name[…], $name->prop, {$expr} and ${name} in a
// PHP string.
func phpInterp(lx *lexer, b *strBuilder) bool {
	switch {
	case lx.at("{$"):
		lx.i++
		toks, src, ok := lx.interpolation("}")
		if ok {
			lx.i++
			b.addExpr(toks, src)
		}
		return true
	case lx.at("${"):
		end := matchingClose(lx.src, lx.i+1)
		b.addDynamic(lx.src[lx.i:end])
		lx.i = end
		return true
	case lx.src[lx.i] == '$' && isLetter(lx.peek(1)):
		start := lx.i
		end := lx.identEnd(lx.i + 1)
		if end < len(lx.src) && lx.src[end] == '[' {
			end = matchingClose(lx.src, end)
		} else if strings.HasPrefix(lx.src[end:], "->") && end+2 < len(lx.src) && isLetter(lx.src[end+2]) {
			end = lx.identEnd(end + 2)
		}
		sub := &lexer{r: lx.r, fam: lx.fam, src: lx.src[start:end], depth: lx.depth + 1}
		sub.loop()
		lx.i = end
		if sub.bad {
			b.addDynamic(lx.src[start:end])
		} else {
			b.addExpr(sub.toks, lx.src[start:end])
		}
		return true
	}
	return false
}
