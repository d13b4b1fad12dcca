package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// PowerShell (pwsh -Command, powershell -c): a program is commands, each a
// name and its words. Remove-Item (rm, ri, del, erase, rd, rmdir) deletes,
// recursively with -Recurse; Start-Process runs a program; Invoke-Expression
// (iex) runs its text as PowerShell; a name that is no cmdlet runs a native
// program with the words as its argv. Parameters are matched as PowerShell
// does, in any case and by any unambiguous prefix (-r, -rec, -fo).

func powershell() *family {
	return &family{lang: PowerShell, reader: readPowerShell, lex: lexRules{esc: escRules{}}}
}

// pwshReader reads one PowerShell program.
type pwshReader struct {
	r     *run
	fam   *family
	src   string
	i     int
	depth int
	sc    *scope
}

// pwshWord is one word of a command: its value, and whether it was written
// bare (a parameter such as -Recurse is a bare word).
type pwshWord struct {
	val  Value
	bare string
	// list reports a word of comma-separated items (a,b or 'a','b').
	items []Value
}

func readPowerShell(r *run, fam *family, src string, depth int, sc *scope) {
	p := &pwshReader{r: r, fam: fam, src: src, depth: depth, sc: sc}
	for p.i < len(p.src) && r.rep.Whole {
		if !r.step() {
			return
		}
		if words := p.command(); len(words) > 0 {
			p.judge(words)
		}
	}
}

// pwshSeparators end a command (a pipeline's stages, blocks and groups are
// commands of their own here).
const pwshSeparators = ";|\n{}()&"

// command reads the words of one command up to a separator.
func (p *pwshReader) command() []pwshWord {
	var words []pwshWord
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '`' && p.i+1 < len(p.src) && p.src[p.i+1] == '\n':
			p.i += 2
		case c == '#':
			p.skipComment()
		case strings.HasPrefix(p.src[p.i:], "<#"):
			p.skipBlockComment()
		case c == '&' && len(words) == 0 && !strings.HasPrefix(p.src[p.i:], "&&"):
			p.i++ // the call operator: the next word is the program
		case strings.IndexByte(pwshSeparators, c) >= 0:
			p.i++
			if len(words) > 0 {
				return words
			}
		default:
			words = append(words, p.word())
		}
	}
	return words
}

func (p *pwshReader) skipComment() {
	for p.i < len(p.src) && p.src[p.i] != '\n' {
		p.i++
	}
}

func (p *pwshReader) skipBlockComment() {
	end := strings.Index(p.src[p.i+2:], "#>")
	if end < 0 {
		p.r.fail("a block comment is not closed")
		p.i = len(p.src)
		return
	}
	p.i += 2 + end + 2
}

// word reads one word: quoted and bare pieces, items joined by commas.
func (p *pwshReader) word() pwshWord {
	start := p.i
	var w pwshWord
	var cur Value
	for p.i < len(p.src) {
		c := p.src[p.i]
		if c == ' ' || c == '\t' || c == '\r' || strings.IndexByte(pwshSeparators, c) >= 0 {
			break
		}
		switch c {
		case '\'':
			cur = concat(cur, p.single())
		case '"':
			cur = concat(cur, p.double())
		case ',':
			p.i++
			w.items = append(w.items, pwshPath(cur))
			cur = Value{}
		default:
			cur = concat(cur, p.bare())
		}
	}
	w.bare = p.src[start:p.i]
	if len(w.items) > 0 {
		w.items = append(w.items, pwshPath(cur))
		w.val = joinWith(w.items, ",")
		return w
	}
	w.val = pwshPath(cur)
	w.items = []Value{w.val}
	return w
}

// pwshPath reads a leading ~ as the home directory, as PowerShell's file
// system provider does.
func pwshPath(v Value) Value {
	if len(v.Parts) == 0 {
		return text("")
	}
	return expandTilde(v)
}

// single reads a single-quoted string, in which two quotes are one.
func (p *pwshReader) single() Value {
	p.i++
	var b strings.Builder
	for p.i < len(p.src) {
		c := p.src[p.i]
		p.i++
		if c != '\'' {
			b.WriteByte(c)
			continue
		}
		if p.i < len(p.src) && p.src[p.i] == '\'' {
			b.WriteByte('\'')
			p.i++
			continue
		}
		return text(b.String())
	}
	p.r.fail("a string is not closed")
	return dynamic("'…")
}

// double reads a double-quoted string: ` escapes, $variables.
func (p *pwshReader) double() Value {
	p.i++
	var v Value
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			v = concat(v, text(b.String()))
			b.Reset()
		}
	}
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '"':
			p.i++
			flush()
			if len(v.Parts) == 0 {
				return text("")
			}
			return v
		case c == '`' && p.i+1 < len(p.src):
			b.WriteByte(p.src[p.i+1])
			p.i += 2
		case c == '$' && p.i+1 < len(p.src) && pwshVarStart(p.src[p.i+1]):
			flush()
			v = concat(v, p.variable())
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.r.fail("a string is not closed")
	return dynamic(`"…`)
}

// bare reads the unquoted piece of a word.
func (p *pwshReader) bare() Value {
	if p.src[p.i] == '$' && p.i+1 < len(p.src) && pwshVarStart(p.src[p.i+1]) {
		return p.variable()
	}
	var b strings.Builder
	for p.i < len(p.src) {
		c := p.src[p.i]
		if pwshBareEnds(c, b.Len() > 0) {
			break
		}
		if c == '`' && p.i+1 < len(p.src) {
			p.i++
			c = p.src[p.i]
		}
		b.WriteByte(c)
		p.i++
	}
	if b.Len() == 0 {
		p.i++
		return text(p.src[p.i-1 : p.i])
	}
	return text(b.String())
}

// pwshBareEnds reports a byte that ends a bare piece: a blank, a quote, a
// comma, a separator, or a $ after some text.
func pwshBareEnds(c byte, some bool) bool {
	return strings.IndexByte(" \t\r'\",", c) >= 0 || c == '$' && some || strings.IndexByte(pwshSeparators, c) >= 0
}

func pwshVarStart(c byte) bool {
	return c == '{' || c == '(' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// variable reads $name, $env:NAME, ${name} or $(…) at p.i.
func (p *pwshReader) variable() Value {
	p.i++
	if p.src[p.i] == '(' {
		end := p.closing('(', ')')
		src := p.src[p.i:end]
		p.i = min(end+1, len(p.src))
		return dynamic("$" + src)
	}
	var name string
	if p.src[p.i] == '{' {
		end := strings.IndexByte(p.src[p.i:], '}')
		if end < 0 {
			p.r.fail("a variable name is not closed")
			p.i = len(p.src)
			return dynamic("${…")
		}
		name, p.i = p.src[p.i+1:p.i+end], p.i+end+1
	} else {
		start := p.i
		for p.i < len(p.src) && (isIdentByte(p.src[p.i]) || p.src[p.i] == ':') {
			p.i++
		}
		name = p.src[start:p.i]
	}
	return p.lookup(name)
}

// closing returns the index of the bracket that closes the one at p.i.
func (p *pwshReader) closing(open, close byte) int {
	level := 0
	for j := p.i; j < len(p.src); j++ {
		switch p.src[j] {
		case open:
			level++
		case close:
			level--
			if level == 0 {
				return j
			}
		}
	}
	p.r.fail("a bracket is not closed")
	return len(p.src)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// lookup returns a variable's value: the home directory ($HOME,
// $env:HOME, $env:USERPROFILE), the temporary one, a name the program set,
// or a value known only at run time.
func (p *pwshReader) lookup(name string) Value {
	switch strings.ToLower(name) {
	case "home", "env:home", "env:userprofile":
		return home()
	case "env:tmp", "env:temp", "env:tmpdir":
		return Value{Parts: []Part{{Kind: Temp}}}
	case "true":
		return text("True")
	}
	if x, ok := p.sc.get("$" + strings.ToLower(name)); ok && x.isString() {
		return x.val
	}
	return dynamic("$" + name)
}

// judge records what one command does.
func (p *pwshReader) judge(words []pwshWord) {
	if len(words) >= 2 && words[1].bare == "=" && strings.HasPrefix(words[0].bare, "$") {
		p.assign(words)
		return
	}
	name, ok := words[0].val.Literal()
	if !ok {
		p.r.exec(Exec{Call: "&", Argv: pwshArgv(words)})
		return
	}
	switch cmd := pwshCmdlet(name); cmd {
	case "remove-item":
		p.removeItem(words[1:])
	case "start-process":
		p.startProcess(words[1:])
	case "invoke-expression":
		p.invoke(words[1:])
	case "":
		p.r.exec(Exec{Call: name, Argv: pwshArgv(words)})
	}
	if lower := strings.ToLower(name); lower == "rm" || lower == "rmdir" {
		p.r.exec(Exec{Call: name, Argv: pwshArgv(words)}) // /bin/rm where the alias is not defined (Linux, macOS)
	}
}

// assign reads $name = VALUE: one word of known text binds the name.
func (p *pwshReader) assign(words []pwshWord) {
	key := "$" + strings.ToLower(strings.TrimPrefix(words[0].bare, "$"))
	if len(words) == 3 {
		p.sc.set(key, valueExpr(words[2].val))
		return
	}
	p.sc.rebind(key)
}

// pwshAliases are the aliases of the cmdlets the reader judges.
var pwshAliases = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"rm": "remove-item", "ri": "remove-item", "del": "remove-item", "erase": "remove-item", "rd": "remove-item", "rmdir": "remove-item",
		"saps": "start-process", "start": "start-process", "iex": "invoke-expression",
	}
}}

// pwshReaders are aliases of cmdlets that only read or print: they run no
// native program.
var pwshReaders = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("cd", "chdir", "sl", "pwd", "gl", "dir", "ls", "gci", "gc", "cat", "type", "echo", "write", "gi", "gm", "gp",
		"gps", "ps", "gsv", "gcm", "select", "sort", "where", "foreach", "%", "?", "ft", "fl", "measure", "cls", "clear", "h", "history",
		"if", "else", "elseif", "foreach", "for", "while", "do", "switch", "function", "param", "return", "exit", "try", "catch", "finally")
}}

// pwshCmdlet returns the cmdlet a command name stands for, lower case:
// "" for a native program, "other" for any cmdlet the reader does not judge.
func pwshCmdlet(name string) string {
	lower := strings.ToLower(name)
	if c, ok := pwshAliases.Get()[lower]; ok {
		return c
	}
	switch lower {
	case "remove-item", "start-process", "invoke-expression":
		return lower
	}
	verb, noun, ok := strings.Cut(lower, "-")
	if ok && verb != "" && noun != "" && !strings.ContainsAny(lower, "/\\.") || pwshReaders.Get()[lower] || strings.HasPrefix(lower, "$") {
		return "other"
	}
	return ""
}

// pwshArgv returns a command's words as an argv.
func pwshArgv(words []pwshWord) []Value {
	out := make([]Value, len(words))
	for i, w := range words {
		out[i] = w.val
	}
	return out
}

// pwshParam returns the parameter a word names, lower case without its
// dash, when the word is one; "" otherwise.
func pwshParam(w pwshWord) string {
	if len(w.bare) < 2 || w.bare[0] != '-' || strings.ContainsAny(w.bare, `'"$`) {
		return ""
	}
	name, _, _ := strings.Cut(strings.ToLower(w.bare[1:]), ":")
	return name
}

// pwshMatch reports a parameter word that abbreviates the parameter full.
func pwshMatch(param, full string) bool { return param != "" && strings.HasPrefix(full, param) }

// pwshParams splits a cmdlet's words into its parameters that take no value
// (flags), the values of those that do (named), and its positional words.
type pwshParams struct {
	flags      []string
	named      map[string][]Value
	positional []pwshWord
}

// readParams reads words by the parameters that take a value (full names).
func readParams(words []pwshWord, valued ...string) pwshParams {
	ps := pwshParams{named: map[string][]Value{}}
	for i := 0; i < len(words); i++ {
		param := pwshParam(words[i])
		if param == "" {
			ps.positional = append(ps.positional, words[i])
			continue
		}
		full := ""
		for _, v := range valued {
			if pwshMatch(param, v) {
				full = v
				break
			}
		}
		if full == "" || i+1 >= len(words) {
			ps.flags = append(ps.flags, param)
			continue
		}
		i++
		ps.named[full] = append(ps.named[full], words[i].items...)
	}
	return ps
}

// flag reports a flag among the parameters that abbreviates full.
func (ps pwshParams) flag(full string) bool {
	for _, f := range ps.flags {
		if pwshMatch(f, full) {
			return true
		}
	}
	return false
}

// removeItem records Remove-Item's deletes: -Path, -LiteralPath or the
// first positional word; recursive with -Recurse; none with -WhatIf.
func (p *pwshReader) removeItem(words []pwshWord) {
	ps := readParams(words, "path", "literalpath", "lp", "pspath", "filter", "include", "exclude", "credential", "stream")
	if ps.flag("whatif") {
		return
	}
	targets := append(ps.named["path"], ps.named["literalpath"]...)
	targets = append(targets, ps.named["lp"]...)
	targets = append(targets, ps.named["pspath"]...)
	if len(ps.positional) > 0 {
		targets = append(targets, ps.positional[0].items...)
	}
	for _, t := range targets {
		p.r.delete(Delete{Call: "Remove-Item", Target: t, Recursive: ps.flag("recurse")})
	}
}

// startProcess records the program Start-Process runs: -FilePath (or the
// first positional word) with -ArgumentList (or the second).
func (p *pwshReader) startProcess(words []pwshWord) {
	ps := readParams(words, "filepath", "argumentlist", "args", "workingdirectory", "credential", "redirectstandardinput",
		"redirectstandardoutput", "redirectstandarderror", "windowstyle", "verb", "environment")
	file, args := ps.named["filepath"], append(ps.named["argumentlist"], ps.named["args"]...)
	pos := ps.positional
	if len(file) == 0 && len(pos) > 0 {
		file, pos = pos[0].items, pos[1:]
	}
	if len(args) == 0 && len(pos) > 0 {
		args = pos[0].items
	}
	if len(file) > 0 {
		p.r.exec(Exec{Call: "Start-Process", Argv: append(file[:1:1], args...)})
	}
}

// invoke reads Invoke-Expression's text (-Command or the first word) as
// PowerShell.
func (p *pwshReader) invoke(words []pwshWord) {
	ps := readParams(words, "command")
	cmd := ps.named["command"]
	if len(cmd) == 0 && len(ps.positional) > 0 {
		cmd = []Value{ps.positional[0].val}
	}
	if len(cmd) == 0 {
		return
	}
	lit, ok := cmd[0].Literal()
	if !ok {
		p.r.unread("Invoke-Expression of code known only at run time")
		return
	}
	p.r.program(p.fam, lit, p.depth+1, p.sc)
}
