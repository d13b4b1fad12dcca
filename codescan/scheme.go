package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// Scheme (guile): a program is lists; a list whose head is a name is a call.

func scheme() *family {
	return &family{lang: Scheme, reader: readScheme, calls: schemeCalls.Get(), lex: lexRules{esc: escRules{}}}
}

var schemeCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"system", "open-pipe", "open-input-pipe", "open-output-pipe", shell,
		"system*", argv, "execl", "execlp", execl,
		"delete-file", "rmdir", remove,
		"primitive-fork", fork,
		"eval-string", eval,
		"getenv", getenv, "string-append", strConcat, "in-vicinity", pathJoin, "getcwd", cwd,
	)
}}

// Emacs Lisp (emacs --eval, -batch) is read as Scheme is: lists whose head
// is a name are calls; its file functions read ~ as the home directory.
func emacsLisp() *family {
	return &family{lang: EmacsLisp, reader: readScheme, calls: elispCalls.Get(), lex: lexRules{esc: escRules{}}}
}

var elispCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"shell-command", "shell-command-to-string", "async-shell-command", "call-process-shell-command", "process-file-shell-command", shell,
		"start-process-shell-command", "start-file-process-shell-command", callSpec{op: opShell, skip: 2},
		"call-process", "process-file", "call-process-region", callSpec{op: opProgramArgs, gap: 3},
		"start-process", "start-file-process", callSpec{op: opProgramArgs, skip: 2},
		"process-lines", "process-lines-ignore-status", argv,
		"delete-directory", callSpec{op: opDeleteFlag, tilde: true},
		"delete-file", "dired-delete-file", callSpec{op: opDelete, tilde: true},
		"eval", "eval-expression", eval, "expand-file-name", expandUser, "getenv", getenv, "concat", strConcat,
		"file-name-concat", pathJoin,
		"url-retrieve", "url-retrieve-synchronously", "url-copy-file", "open-network-stream", "make-network-process", "request", network,
	)
}}

// sexp is one datum: a list, a string or an atom.
type sexp struct {
	list   []sexp
	isList bool
	str    *Value
	atom   string
}

// schemeReader reads one program's data.
type schemeReader struct {
	r     *run
	src   string
	i     int
	depth int
}

func readScheme(r *run, fam *family, src string, depth int, sc *scope) {
	rd := &schemeReader{r: r, src: src, depth: depth}
	ev := &schemeEval{r: r, fam: fam, sc: sc, depth: depth}
	for r.rep.Whole {
		d, ok := rd.datum(0)
		if !ok {
			break
		}
		ev.eval(d, 0)
	}
}

// skip skips blanks and comments (; #| |# #;datum #! !#).
func (rd *schemeReader) skip(level int) {
	for rd.i < len(rd.src) {
		switch c := rd.src[rd.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			rd.i++
		case c == ';':
			for rd.i < len(rd.src) && rd.src[rd.i] != '\n' {
				rd.i++
			}
		case strings.HasPrefix(rd.src[rd.i:], "#|"):
			rd.blockComment("#|", "|#")
		case strings.HasPrefix(rd.src[rd.i:], "#!"):
			rd.blockComment("#!", "!#")
		case strings.HasPrefix(rd.src[rd.i:], "#;"):
			rd.i += 2
			rd.datum(level + 1)
		default:
			return
		}
	}
}

func (rd *schemeReader) blockComment(open, close string) {
	lx := &lexer{r: rd.r, src: rd.src, i: rd.i}
	lx.skipBlock(open, close, open == "#|")
	rd.i = lx.i
}

// datum reads one datum; false at the end of the text or of a list.
func (rd *schemeReader) datum(level int) (sexp, bool) {
	rd.skip(level)
	if rd.i >= len(rd.src) || !rd.r.step() {
		return sexp{}, false
	}
	switch c := rd.src[rd.i]; {
	case c == '(' || c == '[':
		return rd.list(level)
	case c == ')' || c == ']':
		return sexp{}, false
	case c == '"':
		return rd.string(), true
	case c == '\'' || c == '`' || c == ',':
		rd.i++
		if strings.HasPrefix(rd.src[rd.i:], "@") {
			rd.i++
		}
		d, ok := rd.datum(level)
		return sexp{isList: true, list: []sexp{{atom: "quote"}, d}}, ok
	}
	return rd.atom(), true
}

func (rd *schemeReader) list(level int) (sexp, bool) {
	if level >= maxNesting {
		rd.r.fail("lists nested deeper than the tokenizer reads")
		return sexp{}, false
	}
	rd.i++
	out := sexp{isList: true}
	for {
		d, ok := rd.datum(level + 1)
		if !ok {
			break
		}
		out.list = append(out.list, d)
	}
	if rd.i >= len(rd.src) {
		rd.r.fail("a list is not closed")
		return out, false
	}
	rd.i++
	return out, true
}

func (rd *schemeReader) string() sexp {
	lx := &lexer{r: rd.r, fam: families()[Scheme], src: rd.src, i: rd.i + 1}
	lit, ok := lx.readQuoted(quote{close: `"`, esc: escFull})
	rd.i = lx.i
	if !ok {
		rd.i = len(rd.src)
		return sexp{}
	}
	v := text(plainText(lit))
	for _, p := range lit.parts {
		if p.dyn {
			v = dynamic(p.src)
		}
	}
	return sexp{str: &v}
}

func (rd *schemeReader) atom() sexp {
	start := rd.i
	for rd.i < len(rd.src) && !strings.ContainsRune(" \t\n\r\f()[]\";'`,", rune(rd.src[rd.i])) {
		rd.i++
	}
	if rd.i == start {
		rd.i++
	}
	return sexp{atom: rd.src[start:rd.i]}
}

// schemeEval evaluates data as calls.
type schemeEval struct {
	r     *run
	fam   *family
	sc    *scope
	depth int
}

// eval evaluates d and returns what it stands for.
func (ev *schemeEval) eval(d sexp, level int) expr {
	switch {
	case d.str != nil:
		return valueExpr(*d.str)
	case !d.isList:
		return ev.atom(d.atom)
	case len(d.list) == 0 || level > maxNesting:
		return unknown
	}
	head := d.list[0]
	if head.isList || head.str != nil {
		for _, e := range d.list {
			ev.eval(e, level+1)
		}
		return unknown
	}
	return ev.call(head.atom, d.list[1:], level)
}

func (ev *schemeEval) atom(a string) expr {
	switch a {
	case "#t", "#true":
		return expr{kind: xBool, truth: true}
	case "#f", "#false":
		return expr{kind: xBool}
	case "t":
		if ev.fam.lang == EmacsLisp {
			return expr{kind: xBool, truth: true}
		}
	case "nil":
		if ev.fam.lang == EmacsLisp {
			return expr{kind: xBool}
		}
	}
	if x, ok := ev.sc.get(a); ok {
		return x
	}
	return nameExpr(a)
}

// call evaluates (name args…).
func (ev *schemeEval) call(name string, rest []sexp, level int) expr {
	switch name {
	case "quote":
		return ev.quoted(rest)
	case "define", "set!":
		if len(rest) == 2 && !rest[0].isList && rest[0].str == nil {
			ev.sc.set(rest[0].atom, ev.eval(rest[1], level+1))
			return unknown
		}
	case "let", "while", "do":
		ev.loop(name, rest, level)
	}
	args := make([]arg, 0, len(rest))
	for _, e := range rest {
		args = append(args, arg{x: ev.eval(e, level+1)})
	}
	sp, ok := ev.fam.spec(name)
	if !ok {
		return unknown
	}
	s := &scanner{r: ev.r, fam: ev.fam, sc: ev.sc, depth: ev.depth}
	return s.apply(name, sp, args, 0)
}

// loop reads (while #t body…) and the named let (let NAME () body… (NAME)):
// a loop that never ends and forks is a fork loop.
func (ev *schemeEval) loop(name string, rest []sexp, level int) {
	var body []sexp
	switch {
	case name == "while" && len(rest) > 1 && !rest[0].isList && (rest[0].atom == "#t" || rest[0].atom == "1"):
		body = rest[1:]
	case name == "let" && len(rest) > 2 && !rest[0].isList && rest[0].str == nil && rest[1].isList:
		if !callsIn(rest[2:], rest[0].atom, 0) {
			return
		}
		body = rest[2:]
	default:
		return
	}
	if callsIn(body, "primitive-fork", 0) && !callsIn(body, "waitpid", 0) {
		ev.r.rep.ForkLoop = true
	}
}

// callsIn reports a call of name among data.
func callsIn(data []sexp, name string, level int) bool {
	if level > maxNesting {
		return false
	}
	for _, d := range data {
		if d.isList && len(d.list) > 0 && !d.list[0].isList && d.list[0].atom == name || d.isList && callsIn(d.list, name, level+1) {
			return true
		}
	}
	return false
}

// quoted evaluates '(a b c) as a list of strings.
func (ev *schemeEval) quoted(rest []sexp) expr {
	if len(rest) != 1 || !rest[0].isList {
		return unknown
	}
	var words []Value
	for _, e := range rest[0].list {
		switch {
		case e.str != nil:
			words = append(words, *e.str)
		case !e.isList:
			words = append(words, text(e.atom))
		}
	}
	return expr{kind: xList, list: words}
}
