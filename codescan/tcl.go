package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// Tcl and expect: a program is commands of words. A braced word is text
// (and the body of a proc, while, if … is such a word: it is read as a
// script too); a quoted or bare word substitutes $variables and [commands].

func tcl() *family {
	return &family{lang: Tcl, reader: readTcl, lex: lexRules{esc: escRules{}}}
}

// tclWord is one word of a command.
type tclWord struct {
	v      Value
	braced bool
	// expand reports {*}word: the word's list items are words of the command.
	expand bool
}

// tclReader reads one Tcl script.
type tclReader struct {
	r     *run
	src   string
	i     int
	depth int
	sc    *scope
	forks bool
	// spawned is the argv expect's last spawn started: send types into it.
	spawned []Value
}

func readTcl(r *run, _ *family, src string, depth int, sc *scope) {
	t := &tclReader{r: r, src: src, depth: depth, sc: sc}
	t.script(0)
}

// script reads commands up to end (']' inside a substitution, 0 at the
// top) and returns the value of the last one.
func (t *tclReader) script(end byte) Value {
	last := text("")
	for t.i < len(t.src) && t.r.rep.Whole {
		if !t.r.step() {
			return dynamic("[…]")
		}
		t.skipSpace(true)
		if t.i >= len(t.src) {
			break
		}
		if end != 0 && t.src[t.i] == end {
			t.i++
			return last
		}
		if t.src[t.i] == '#' {
			t.comment()
			continue
		}
		words := t.command(end)
		if len(words) > 0 {
			last = t.run(words)
		}
	}
	if end != 0 {
		t.r.fail("a command substitution is not closed")
	}
	return last
}

// skipSpace skips blanks and line continuations; separators too when
// between commands.
func (t *tclReader) skipSpace(separators bool) {
	for t.i < len(t.src) {
		switch c := t.src[t.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			t.i++
		case c == '\\' && t.i+1 < len(t.src) && t.src[t.i+1] == '\n':
			t.i += 2
		case separators && (c == '\n' || c == ';'):
			t.i++
		default:
			return
		}
	}
}

func (t *tclReader) comment() {
	for t.i < len(t.src) && t.src[t.i] != '\n' {
		if t.src[t.i] == '\\' {
			t.i++
		}
		t.i++
	}
}

// command reads the words of one command.
func (t *tclReader) command(end byte) []tclWord {
	var words []tclWord
	for t.i < len(t.src) && t.r.rep.Whole {
		t.skipSpace(false)
		if t.i >= len(t.src) {
			break
		}
		c := t.src[t.i]
		if c == '\n' || c == ';' {
			t.i++
			break
		}
		if end != 0 && c == end {
			break
		}
		words = append(words, t.word(end))
		if len(words) > maxEffects*4 {
			t.r.fail("a command has more words than the tokenizer reads")
		}
	}
	return words
}

// word reads one word at t.i.
func (t *tclReader) word(end byte) tclWord {
	expand := strings.HasPrefix(t.src[t.i:], "{*}") && t.i+3 < len(t.src) && t.src[t.i+3] != ' '
	if expand {
		t.i += 3
	}
	var w tclWord
	switch t.src[t.i] {
	case '{':
		w = tclWord{v: text(t.braced()), braced: true}
	case '"':
		t.i++
		w = tclWord{v: t.substituted(func(c byte) bool { return c == '"' })}
		t.i++
	default:
		w = tclWord{v: t.substituted(func(c byte) bool {
			return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '\r' || end != 0 && c == end
		})}
	}
	w.expand = expand
	return w
}

// braced reads {…} with its nesting and returns the text inside.
func (t *tclReader) braced() string {
	start := t.i + 1
	depth := 0
	for ; t.i < len(t.src); t.i++ {
		switch t.src[t.i] {
		case '\\':
			t.i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				t.i++
				return strings.ReplaceAll(t.src[start:t.i-1], "\\\n", " ")
			}
		}
	}
	t.r.fail("a brace is not closed")
	return ""
}

// substituted reads a quoted or bare word up to stop, with its backslash,
// variable and command substitutions.
func (t *tclReader) substituted(stop func(byte) bool) Value {
	v := text("")
	var b strings.Builder
	flush := func() {
		v = concat(v, text(b.String()))
		b.Reset()
	}
	for t.i < len(t.src) && !stop(t.src[t.i]) && t.r.rep.Whole {
		switch c := t.src[t.i]; {
		case c == '\\' && t.i+1 < len(t.src):
			b.WriteString(t.escape())
		case c == '$' && t.i+1 < len(t.src) && (isLetter(t.src[t.i+1]) || isDigit(t.src[t.i+1]) || t.src[t.i+1] == '{' || t.src[t.i+1] == ':'):
			flush()
			v = concat(v, t.variable())
		case c == '[':
			flush()
			t.i++
			v = concat(v, t.nested())
		default:
			b.WriteByte(c)
			t.i++
		}
	}
	if t.i >= len(t.src) && stop('"') && !stop(' ') {
		t.r.fail("a string is not closed")
	}
	flush()
	return v
}

// escape reads a backslash escape.
func (t *tclReader) escape() string {
	lx := &lexer{r: t.r, fam: families()[Tcl], src: t.src, i: t.i}
	var b strBuilder
	if t.src[t.i+1] == '\n' {
		t.i += 2
		for t.i < len(t.src) && (t.src[t.i] == ' ' || t.src[t.i] == '\t') {
			t.i++
		}
		return " "
	}
	lx.escape(&b)
	t.i = lx.i
	b.flush()
	if len(b.parts) == 1 {
		return b.parts[0].text
	}
	return ""
}

// variable reads $name, ${name}, $name(index), $::env(HOME).
func (t *tclReader) variable() Value {
	t.i++
	var name string
	if t.src[t.i] == '{' {
		end := strings.IndexByte(t.src[t.i:], '}')
		if end < 0 {
			t.r.fail("a variable name is not closed")
			return dynamic("$")
		}
		name = t.src[t.i+1 : t.i+end]
		t.i += end + 1
		return t.varValue(name, nil)
	}
	start := t.i
	for t.i < len(t.src) && (isLetter(t.src[t.i]) || isDigit(t.src[t.i]) || t.src[t.i] == ':') {
		t.i++
	}
	name = strings.TrimLeft(t.src[start:t.i], ":")
	if t.i < len(t.src) && t.src[t.i] == '(' {
		t.i++
		index := t.substituted(func(c byte) bool { return c == ')' })
		t.i++
		return t.varValue(name, &index)
	}
	return t.varValue(name, nil)
}

// varValue is a variable's value: env(HOME) is the home directory, a name
// the script set once is its value, the rest is dynamic.
func (t *tclReader) varValue(name string, index *Value) Value {
	if index != nil {
		key, ok := index.Literal()
		if name == "env" && ok {
			return envValue(key)
		}
		return dynamic("$" + name + "(…)")
	}
	if x, ok := t.sc.get(name); ok && x.kind == xValue {
		return x.val
	}
	return dynamic("$" + name)
}

// nested reads [command] and returns its value.
func (t *tclReader) nested() Value {
	if t.depth >= maxDepth*4 {
		t.r.fail("command substitutions nested deeper than the tokenizer follows")
		return dynamic("[…]")
	}
	t.depth++
	defer func() { t.depth-- }()
	return t.script(']')
}

// words returns a command's words, {*} expansions split.
func tclWords(ws []tclWord) []Value {
	var out []Value
	for _, w := range ws {
		if !w.expand {
			out = append(out, w.v)
			continue
		}
		if lit, ok := w.v.Literal(); ok {
			for _, item := range tclList(lit) {
				out = append(out, text(item))
			}
			continue
		}
		out = append(out, Value{Parts: w.v.Parts, Spread: true})
	}
	return out
}

// tclList splits a Tcl list's text into its items.
func tclList(s string) []string {
	sub := &tclReader{r: &run{rep: Report{Whole: true}}, src: s, sc: newScope()}
	var out []string
	for _, w := range sub.command(0) {
		lit, _ := w.v.Literal()
		out = append(out, lit)
	}
	return out
}

// run does what one command does and returns its value.
func (t *tclReader) run(ws []tclWord) Value {
	words := tclWords(ws)
	if len(words) == 0 {
		return text("")
	}
	name, _ := words[0].Literal()
	name = strings.TrimLeft(name, ":")
	t.bodies(name, ws)
	switch name {
	case "set":
		if len(words) == 3 {
			if n, ok := words[1].Literal(); ok {
				t.sc.set(n, valueExpr(words[2]))
			}
			return words[2]
		}
	case "exec":
		t.exec(name, tclOptions(words[1:], "-ignorestderr", "-keepnewline"))
	case "spawn":
		t.spawned = tclOptions(words[1:], "-noecho", "-console", "-nottycopy", "-nottyinit", "-pty", "-ignore", "-open", "-leaveopen")
		t.r.exec(Exec{Call: name, Argv: t.spawned})
	case "send":
		t.send(tclOptions(words[1:], "-s", "-h", "-null", "-break", "-raw", "-i"))
	case "system":
		t.r.shell(Shell{Call: name, Text: joinWords(words[1:])})
	case "file":
		return t.file(words)
	case "open":
		t.open(words)
	case "eval", "uplevel", "after", "interp":
		t.evalWords(name, words[1:])
	case "fork":
		t.forks = true
	case "pwd":
		return text(".")
	}
	return dynamic("[" + name + " …]")
}

// textCommands hold text in their braced words, not scripts.
var textCommands = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("set", "puts", "list", "lappend", "append", "string", "regexp", "regsub", "format", "send", "send_user",
		"expect_user", "return", "dict", "array", "lindex", "split", "join")
}}

// bodies reads the braced words of a command as scripts (a proc's body,
// while's, if's …); a while whose condition is always true and whose body
// forks is a fork loop.
func (t *tclReader) bodies(name string, ws []tclWord) {
	if textCommands.Get()[name] {
		return
	}
	for i, w := range ws {
		lit, ok := w.v.Literal()
		if i == 0 || !w.braced || !ok || strings.TrimSpace(lit) == "" {
			continue
		}
		if forks := t.subscript(lit); forks && name == "while" && i == 2 && tclForever(ws[1].v) {
			t.r.rep.ForkLoop = true
		}
	}
}

// subscript reads a braced word as a script and reports whether it forks.
func (t *tclReader) subscript(src string) bool {
	if t.depth >= maxDepth*4 {
		t.r.fail("scripts nested deeper than the tokenizer follows")
		return false
	}
	sub := &tclReader{r: t.r, src: src, depth: t.depth + 1, sc: t.sc}
	sub.script(0)
	return sub.forks
}

// tclForever reports a while condition that is always true.
func tclForever(v Value) bool {
	lit, ok := v.Literal()
	switch strings.TrimSpace(lit) {
	case "1", "true", "yes", "on":
		return ok
	}
	return false
}

// tclOptions drops a command's leading options and a --.
func tclOptions(words []Value, known ...string) []Value {
	for len(words) > 0 {
		lit, ok := words[0].Literal()
		switch {
		case ok && lit == "--":
			return words[1:]
		case ok && contains(known, lit):
			words = words[1:]
			if lit == "-ignore" || lit == "-open" || lit == "-leaveopen" {
				words = words[min(1, len(words)):]
			}
		default:
			return words
		}
	}
	return words
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// tclPipeWords are exec's pipeline and redirection words.
var tclPipeWords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("|", "|&", "<", "<@", "<<", ">", "2>", ">&", ">>", "2>>", ">>&", ">@", "2>@", "2>@1", ">&@", "&")
}}

// exec records exec's words: an argv, or shell text when they hold a
// pipeline or a redirection.
func (t *tclReader) exec(name string, words []Value) {
	piped := false
	for _, w := range words {
		if lit, ok := w.Literal(); ok && (tclPipeWords.Get()[lit] || strings.HasPrefix(lit, ">") || strings.HasPrefix(lit, "2>") || strings.HasPrefix(lit, "<")) {
			piped = true
		}
	}
	if !piped {
		t.r.exec(Exec{Call: name, Argv: words})
		return
	}
	var parts []Value
	for _, w := range words {
		if lit, ok := w.Literal(); ok && tclPipeWords.Get()[lit] {
			parts = append(parts, w)
			continue
		}
		parts = append(parts, ShellQuote(w))
	}
	t.r.shell(Shell{Call: name, Text: joinWords(parts)})
}

// send reads expect's send TEXT: the text is typed into the program the last
// spawn started, as its standard input.
func (t *tclReader) send(words []Value) {
	if len(t.spawned) == 0 || len(words) == 0 || len(t.spawned[0].Parts) == 0 {
		return
	}
	typed := words[len(words)-1]
	input := Value{Spread: typed.Spread}
	for _, p := range typed.Parts {
		if p.Kind == Text {
			p.Text = strings.ReplaceAll(p.Text, "\r", "\n")
		}
		input.Parts = append(input.Parts, p)
	}
	var quoted []Value
	for _, w := range t.spawned {
		quoted = append(quoted, ShellQuote(w))
	}
	t.r.shell(Shell{Call: "send", Text: joinWords(quoted), Input: &input})
}

// file reads file delete ?-force? ?--? path… and the file subcommands that
// give a path.
func (t *tclReader) file(words []Value) Value {
	if len(words) < 2 {
		return dynamic("[file]")
	}
	sub, _ := words[1].Literal()
	switch sub {
	case "delete":
		rest := words[2:]
		force := false
		for len(rest) > 0 {
			lit, ok := rest[0].Literal()
			if !ok || !strings.HasPrefix(lit, "-") {
				break
			}
			force = force || lit == "-force"
			rest = rest[1:]
			if lit == "--" {
				break
			}
		}
		for _, p := range rest {
			t.r.delete(Delete{Call: "file delete", Target: expandTilde(p), Recursive: force})
		}
	case "normalize":
		if len(words) == 3 {
			return expandTilde(words[2])
		}
	case "join":
		v := text("")
		for i, w := range words[2:] {
			if i == 0 {
				v = expandTilde(w)
			} else {
				v = joinPath(v, w)
			}
		}
		return v
	case "home":
		return home()
	}
	return dynamic("[file " + sub + " …]")
}

// open reads open "|cmd args": a pipe to a command.
func (t *tclReader) open(words []Value) {
	if len(words) < 2 || len(words[1].Parts) == 0 || words[1].Parts[0].Kind != Text || !strings.HasPrefix(words[1].Parts[0].Text, "|") {
		return
	}
	rest := concat(text(words[1].Parts[0].Text[1:]), Value{Parts: words[1].Parts[1:]})
	if lit, ok := rest.Literal(); ok {
		var ws []Value
		for _, item := range tclList(lit) {
			ws = append(ws, text(item))
		}
		t.exec("open |", ws)
		return
	}
	t.r.exec(Exec{Call: "open |", Argv: []Value{{Parts: rest.Parts, Spread: true}}})
}

// evalWords reads eval's (and uplevel's, after's) words joined as a script.
func (t *tclReader) evalWords(name string, words []Value) {
	if name == "uplevel" && len(words) > 1 {
		if lit, ok := words[0].Literal(); ok && (strings.HasPrefix(lit, "#") || isWord(lit)) {
			words = words[1:]
		}
	}
	if name == "after" && len(words) > 0 {
		words = words[1:]
	}
	script := joinWords(words)
	lit, ok := script.Literal()
	if !ok {
		t.r.unread(name + " of a script known only at run time")
		return
	}
	t.r.program(families()[Tcl], lit, t.depth+1, t.sc)
}

// ShellQuote returns v as one shell word: its known text in single quotes;
// a dynamic piece stays a piece, for the caller to place.
func ShellQuote(v Value) Value {
	out := text("")
	for _, p := range v.Parts {
		if p.Kind == Text {
			out = concat(out, text("'"+strings.ReplaceAll(p.Text, "'", `'\''`)+"'"))
			continue
		}
		out = concat(out, Value{Parts: []Part{p}})
	}
	if len(v.Parts) == 0 {
		out = text("''")
	}
	return out
}
