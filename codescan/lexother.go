package codescan

import "strings"

// Lexical rules of Lua, awk, Groovy, Elixir, Erlang, Julia, R and AppleScript.

// lexLua reads Lua's comments (-- and --[[ ]]) and strings ('…', "…", [[…]]).
func lexLua(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case lx.at("--"):
		lx.i += 2
		if close, ok := lx.longBracket(); ok {
			lx.skipBlock("", close, false)
		} else {
			lx.skipLine()
		}
	case c == '"' || c == '\'':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, oneLine: true})
	case c == '[':
		close, ok := lx.longBracket()
		if !ok {
			return false
		}
		if lx.peek(0) == '\n' {
			lx.i++
		}
		return lx.quoted(quote{close: close, esc: escNone})
	default:
		return false
	}
	return true
}

// longBracket reads [[ or [==[ at lx.i and returns its closing bracket.
func (lx *lexer) longBracket() (string, bool) {
	if lx.peek(0) != '[' {
		return "", false
	}
	j := lx.i + 1
	for j < len(lx.src) && lx.src[j] == '=' {
		j++
	}
	if j >= len(lx.src) || lx.src[j] != '[' {
		return "", false
	}
	level := j - lx.i - 1
	lx.i = j + 1
	return "]" + strings.Repeat("=", level) + "]", true
}

// awkKeywords are the words after which a slash starts a pattern.
var awkKeywords = []string{"if", "while", "return", "print", "printf", "in", "case", "do", "else"}

// lexAwk reads awk's comments, strings and patterns.
func lexAwk(lx *lexer) bool {
	switch c := lx.src[lx.i]; {
	case c == '#':
		lx.skipLine()
	case c == '"':
		lx.i++
		return lx.quoted(quote{close: "\"", esc: escFull})
	case c == '/' && lx.valueExpected(awkKeywords...):
		return lx.regexLiteral('/')
	default:
		return false
	}
	return true
}

// lexGroovy reads Groovy's comments, strings ('…', "…${}", ”'…”',
// """…""", /slashy/, $/…/$).
func lexGroovy(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case lx.at("//") || lx.i == 0 && lx.at("#!"):
		lx.skipLine()
	case lx.at("/*"):
		lx.skipBlock("/*", "*/", false)
	case lx.at("'''") || lx.at(`"""`):
		q := lx.src[lx.i : lx.i+3]
		lx.i += 3
		return lx.quoted(quote{close: q, esc: escFull, interp: groovyInterp(q[0])})
	case c == '"' || c == '\'':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: groovyInterp(c), oneLine: true})
	case lx.at("$/"):
		lx.i += 2
		return lx.quoted(quote{close: "/$", esc: escNone, interp: groovyInterp('"')})
	case c == '/' && lx.valueExpected(jsKeywords...):
		return lx.regexLiteral('/')
	default:
		return false
	}
	return true
}

// groovyInterp returns the interpolation reader of a Groovy string: double
// quotes interpolate ${expr} and $name.
func groovyInterp(q byte) func(*lexer, *strBuilder) bool {
	if q != '"' {
		return nil
	}
	return func(lx *lexer, b *strBuilder) bool {
		if dollarBrace(lx, b) {
			return true
		}
		if lx.src[lx.i] == '$' && isLetter(lx.peek(1)) {
			return dollarName(lx, b)
		}
		return false
	}
}

// dollarName reads $name (and $name.name in Groovy) as an interpolation.
func dollarName(lx *lexer, b *strBuilder) bool {
	start := lx.i
	end := lx.identEnd(lx.i + 1)
	for lx.fam.lang == Groovy && end+1 < len(lx.src) && lx.src[end] == '.' && isLetter(lx.src[end+1]) {
		end = lx.identEnd(end + 1)
	}
	sub := &lexer{r: lx.r, fam: lx.fam, src: lx.src[start+1 : end], depth: lx.depth + 1}
	sub.loop()
	lx.i = end
	b.addExpr(sub.toks, lx.src[start:end])
	return true
}

// lexElixir reads Elixir's comments, strings, charlists, heredocs, sigils,
// atoms and character literals.
func lexElixir(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case c == '#':
		lx.skipLine()
	case lx.at(`"""`) || lx.at("'''"):
		q := lx.src[lx.i : lx.i+3]
		lx.i += 3
		return lx.quoted(quote{close: q, esc: escFull, interp: hashBrace})
	case c == '"' || c == '\'':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: hashBrace})
	case c == '~' && isLetter(lx.peek(1)):
		return lx.sigil()
	case c == ':' && (lx.peek(1) == '"' || lx.peek(1) == '\''):
		q := lx.src[lx.i+1 : lx.i+2]
		lx.i += 2
		return lx.quoted(quote{close: q, esc: escFull, interp: hashBrace})
	case c == ':' && lx.symbolStart():
		end := lx.identEnd(lx.i + 1)
		lx.emit(token{kind: tIdent, text: lx.src[lx.i:end]})
		lx.i = end
	case c == '?' && lx.peek(1) != ' ' && lx.valueExpected():
		lx.i += 2
		lx.emit(token{kind: tNumber, text: "?"})
	default:
		return false
	}
	return true
}

// sigil reads ~s(…), ~c[…], ~w{…}, ~r/…/ and the other sigils.
func (lx *lexer) sigil() bool {
	letter := lx.src[lx.i+1]
	j := lx.i + 2
	for j < len(lx.src) && isLetter(lx.src[j]) && letter >= 'A' && letter <= 'Z' {
		j++ // a multi-letter uppercase sigil
	}
	if j >= len(lx.src) || strings.IndexByte("([{</|\"'", lx.src[j]) < 0 {
		return false
	}
	lx.i = j
	esc, interp, fl := escFull, hashBrace, plain
	if letter >= 'A' && letter <= 'Z' {
		esc, interp = escNone, nil
	}
	switch letter {
	case 'w', 'W':
		fl = wordList
	case 'r', 'R':
		fl = pattern
	}
	if lx.at(`"""`) || lx.at("'''") {
		q := lx.src[lx.i : lx.i+3]
		lx.i += 3
		return lx.quoted(quote{close: q, esc: esc, interp: interp, flavor: fl})
	}
	if lit, ok := lx.delimited(esc, interp, fl); ok {
		for lx.i < len(lx.src) && isLetter(lx.src[lx.i]) {
			lx.i++
		}
		lx.emitString(lit)
	}
	return true
}

// lexErlang reads Erlang's comments, strings, quoted atoms and character
// literals ($c).
func lexErlang(lx *lexer) bool {
	switch c := lx.src[lx.i]; {
	case c == '%':
		lx.skipLine()
	case c == '"':
		lx.i++
		return lx.quoted(quote{close: "\"", esc: escFull})
	case c == '\'':
		lx.i++
		lit, ok := lx.readQuoted(quote{close: "'", esc: escFull})
		if ok {
			lx.emit(token{kind: tIdent, text: plainText(lit)})
		}
	case c == '$' && lx.i+1 < len(lx.src):
		lx.i += 2
		if lx.src[lx.i-1] == '\\' && lx.i < len(lx.src) {
			lx.i++
		}
		lx.emit(token{kind: tNumber, text: "$"})
	default:
		return false
	}
	return true
}

// plainText returns the text of a literal without interpolation.
func plainText(lit *strLit) string {
	var b strings.Builder
	for _, p := range lit.parts {
		b.WriteString(p.text)
	}
	return b.String()
}

// lexJulia reads Julia's comments (# and nested #= =#), strings ("…$x…",
// """…""", raw"…"), commands (`…`) and characters (which a transpose
// quote is not).
func lexJulia(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case lx.at("#="):
		lx.skipBlock("#=", "=#", true)
	case c == '#':
		lx.skipLine()
	case lx.at(`"""`) || lx.at("```"):
		q := lx.src[lx.i : lx.i+3]
		lx.i += 3
		return lx.quoted(quote{close: q, esc: escFull, interp: juliaInterp, flavor: juliaFlavor(q[0])})
	case c == '"' || c == '`':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull, interp: juliaInterp, flavor: juliaFlavor(c)})
	case c == '\'' && lx.valueExpected():
		lx.i++
		return lx.quoted(quote{close: "'", esc: escFull, oneLine: true})
	case lx.at(`raw"`):
		lx.i += 4
		return lx.quoted(quote{close: `"`, esc: escRaw})
	case lx.at(`r"`):
		lx.i += 2
		lx.readQuoted(quote{close: `"`, esc: escRaw})
		lx.emitString(&strLit{flavor: pattern})
	default:
		return false
	}
	return true
}

func juliaFlavor(c byte) flavor {
	if c == '`' {
		return cmdLit
	}
	return plain
}

// juliaInterp reads $name and $(expr) in a Julia string or command.
func juliaInterp(lx *lexer, b *strBuilder) bool {
	if lx.src[lx.i] != '$' {
		return false
	}
	switch n := lx.peek(1); {
	case n == '(':
		lx.i += 2
		toks, src, ok := lx.interpolation(")")
		if ok {
			lx.i++
			b.addExpr(toks, src)
		}
		return true
	case isLetter(n):
		return dollarName(lx, b)
	}
	return false
}

// lexR reads R's comments, strings, raw strings (r"(…)") and backquoted names.
func lexR(lx *lexer) bool {
	c := lx.src[lx.i]
	switch {
	case c == '#':
		lx.skipLine()
	case (c == 'r' || c == 'R') && (lx.peek(1) == '"' || lx.peek(1) == '\''):
		return lx.rRaw()
	case c == '"' || c == '\'':
		lx.i++
		return lx.quoted(quote{close: string(c), esc: escFull})
	case c == '`':
		end := strings.IndexByte(lx.src[lx.i+1:], '`')
		if end < 0 {
			lx.fail("a name is not closed")
			return true
		}
		lx.emit(token{kind: tIdent, text: lx.src[lx.i+1 : lx.i+1+end]})
		lx.i += end + 2
	case c == '%':
		end := strings.IndexByte(lx.src[lx.i+1:], '%')
		if end < 0 {
			return false
		}
		lx.emit(token{kind: tPunct, text: lx.src[lx.i : lx.i+end+2]})
		lx.i += end + 2
	default:
		return false
	}
	return true
}

// rRaw reads r"(…)", r"[…]", r"{…}" with optional dashes.
func (lx *lexer) rRaw() bool {
	q := lx.src[lx.i+1]
	j := lx.i + 2
	for j < len(lx.src) && lx.src[j] == '-' {
		j++
	}
	dashes := j - lx.i - 2
	if j >= len(lx.src) {
		return false
	}
	close, ok := bracketClose(lx.src[j])
	if !ok {
		return false
	}
	lx.i = j + 1
	return lx.quoted(quote{close: string(close) + strings.Repeat("-", dashes) + string(q), esc: escNone})
}

// lexAppleScript reads AppleScript's comments (--, #, nested (* *)), strings
// and the ¬ that continues a line.
func lexAppleScript(lx *lexer) bool {
	switch c := lx.src[lx.i]; {
	case lx.at("--") || c == '#':
		lx.skipLine()
	case lx.at("(*"):
		lx.skipBlock("(*", "*)", true)
	case c == '"':
		lx.i++
		return lx.quoted(quote{close: "\"", esc: escFull})
	case lx.at("¬\n"):
		lx.i += len("¬\n")
		lx.space = true
	case lx.at("¬\r\n"):
		lx.i += len("¬\r\n")
		lx.space = true
	default:
		return false
	}
	return true
}
