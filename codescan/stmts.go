package codescan

import "strings"

// Statements some families read on their own: imports that bind names,
// destructuring, awk's print with its redirections, AppleScript's do shell
// script.

// pyStatement reads import and from … import.
func pyStatement(s *scanner, i, end int) int {
	switch {
	case s.is(i, "import"):
		return s.pyImport(i+1, end)
	case s.is(i, "from") && s.kind(i+1) == tIdent:
		return s.pyFrom(i+1, end)
	case s.is(i, pyCompound...):
		return s.pyHeader(i, end)
	}
	return i
}

// pyCompound are the keywords that start a compound statement's header,
// which ends at a colon before the body.
var pyCompound = []string{"if", "elif", "else", "while", "for", "with", "def", "class", "try", "except", "finally", "async"}

// pyHeader reads a compound statement's header (if COND:, with X as f:,
// def f(…):) and returns the index after its colon, so that the body is
// read as statements, its assignments bound as a top-level one's are; the
// header's own expression is evaluated (if os.system(…):), a def's or a
// class's is not. A header with no colon on its line is left to the
// expression reader.
func (s *scanner) pyHeader(i, end int) int {
	j := i + 1
	for j < end && s.kind(j) != tNewline && !s.is(j, ":") {
		if s.is(j, "(", "[", "{") {
			j = s.closeOf(j, end)
		}
		j++
	}
	if j >= end || !s.is(j, ":") {
		return i
	}
	if !s.is(i, "def", "class", "async", "else", "try", "finally") && j > i+1 {
		s.evalRange(i+1, j)
	}
	return j + 1
}

// dottedName reads name(.name)* at i.
func (s *scanner) dottedName(i, end int) (string, int) {
	if i >= end || s.kind(i) != tIdent {
		return "", i
	}
	name := s.toks[i].text
	i++
	for i+1 < end && s.is(i, ".") && s.kind(i+1) == tIdent {
		name += "." + s.toks[i+1].text
		i += 2
	}
	return name, i
}

// alias reads "as NAME" at i.
func (s *scanner) alias(i, end int) (string, int) {
	if i+1 < end && s.is(i, "as") && s.kind(i+1) == tIdent {
		return s.toks[i+1].text, i + 2
	}
	return "", i
}

// pyImport reads import a.b as c, d.
func (s *scanner) pyImport(i, end int) int {
	for i < end {
		name, j := s.dottedName(i, end)
		if name == "" {
			return j
		}
		as, k := s.alias(j, end)
		if as != "" {
			s.sc.set(as, nameExpr(name))
		} else {
			first, _, _ := cut(name, ".")
			s.sc.set(first, nameExpr(first))
		}
		if !s.is(k, ",") {
			return k
		}
		i = k + 1
	}
	return i
}

// pyFrom reads from m import a as b, c; from m import (a, b) and
// from m import *.
func (s *scanner) pyFrom(i, end int) int {
	mod, j := s.dottedName(i, end)
	if !s.is(j, "import") {
		return j
	}
	j++
	paren := s.is(j, "(")
	if paren {
		j++
	}
	for j < end {
		switch {
		case s.is(j, ")"):
			return j + 1
		case s.is(j, ",") || paren && s.kind(j) == tNewline:
			j++
			continue
		case s.is(j, "*"):
			s.sc.star = append(s.sc.star, mod)
			return j + 1
		case s.kind(j) != tIdent:
			return j
		}
		name := s.toks[j].text
		as, k := s.alias(j+1, end)
		if as == "" {
			as = name
		}
		s.sc.set(as, nameExpr(mod+"."+name))
		j = k
		if !paren && !s.is(j, ",") {
			return j
		}
	}
	return j
}

func cut(s, sep string) (string, string, bool) {
	for i := 0; i+len(sep) <= len(s); i++ {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}

// jsStatement reads import … from "m" and const {a, b: c} = EXPR.
func jsStatement(s *scanner, i, end int) int {
	switch {
	case s.is(i, "import") && !s.is(i+1, "("):
		return s.jsImport(i+1, end)
	case s.is(i, "const", "let", "var") && s.is(i+1, "{", "["):
		return s.jsDestructure(i+1, end)
	}
	return i
}

// binding is a name an import or a destructuring binds: the local name and
// the member of the module it stands for ("" for the module itself).
type binding struct{ local, member string }

// jsImport reads the bindings of an import and the module after from.
func (s *scanner) jsImport(i, end int) int {
	var binds []binding
	j := i
	for ; j < end && !s.is(j, "from") && s.kind(j) != tString; j++ {
		switch {
		case s.is(j, "*") && s.is(j+1, "as") && s.kind(j+2) == tIdent:
			binds = append(binds, binding{local: s.toks[j+2].text})
			j += 2
		case s.is(j, "{"):
			c := s.closeOf(j, end)
			binds = append(binds, s.jsNamed(j+1, c)...)
			j = c
		case s.kind(j) == tIdent && s.toks[j].text != "type":
			binds = append(binds, binding{local: s.toks[j].text})
		}
	}
	if s.is(j, "from") {
		j++
	}
	if s.kind(j) != tString {
		return j
	}
	mod, _ := s.literal(s.toks[j].str).Literal()
	mod = moduleName(mod)
	for _, b := range binds {
		if b.member == "" {
			s.sc.set(b.local, nameExpr(mod))
		} else {
			s.sc.set(b.local, nameExpr(mod+"."+b.member))
		}
	}
	return j + 1
}

// jsNamed reads {a, b as c} (import) or {a, b: c} (destructuring) in [lo, hi).
func (s *scanner) jsNamed(lo, hi int) []binding {
	var out []binding
	for _, seg := range s.segments(lo, hi) {
		a, b := s.skipNewlines(seg[0], seg[1]), seg[1]
		if s.kind(a) != tIdent {
			continue
		}
		member, local := s.toks[a].text, s.toks[a].text
		if a+2 < b && s.is(a+1, "as", ":") && s.kind(a+2) == tIdent {
			local = s.toks[a+2].text
		}
		out = append(out, binding{local: local, member: member})
	}
	return out
}

// jsDestructure reads const {a, b: c} = EXPR (and const [a] = …, which
// binds nothing the scanner follows).
func (s *scanner) jsDestructure(i, end int) int {
	c := s.closeOf(i, end)
	if !s.is(c+1, "=") {
		return i
	}
	x, j := s.expr(s.skipNewlines(c+2, end), end)
	names := s.jsNamed(i+1, c)
	for _, n := range names {
		if x.kind == xName && s.is(i, "{") {
			s.sc.set(n.local, nameExpr(x.name+"."+n.member))
		} else {
			s.sc.rebind(n.local)
		}
	}
	return j
}

// rubyStatement reads include MODULE, which makes the module's functions
// callable by their bare names.
func rubyStatement(s *scanner, i, end int) int {
	if s.is(i, "include", "extend") && s.kind(i+1) == tIdent {
		name, j := s.dottedName(i+1, end)
		s.sc.star = append(s.sc.star, s.fam.normalize(name))
		return j
	}
	return i
}

// perlStatement reads print HANDLE LIST (and printf, say, print {HANDLE})
// to a handle open to a command: the printed text is the command's input.
func perlStatement(s *scanner, i, end int) int {
	if !s.is(i, "print", "printf", "say") {
		return i
	}
	h := i + 1
	if s.is(h, "(") {
		h++
	}
	braced := s.is(h, "{")
	if braced {
		h++
	}
	if s.kind(h) != tIdent {
		return i
	}
	cmd, ok := s.sc.get(pipeKey(s.toks[h].text))
	if !ok || !cmd.isString() {
		return i
	}
	lo := h + 1
	if braced {
		lo++
	}
	stop := min(s.stmtEnd(lo), end)
	if s.is(i+1, "(") && s.is(stop-1, ")") {
		stop--
	}
	s.r.shell(Shell{Call: s.toks[i].text + " to open |-", Text: cmd.val, Input: s.printed(lo, stop, s.is(i, "printf"))})
	return min(s.stmtEnd(lo), end)
}

// awkStatement reads print and printf with their redirections:
// print … > "file" writes a file, print … | "cmd" runs a command fed the
// printed text.
func awkStatement(s *scanner, i, end int) int {
	if !s.is(i, "print", "printf") {
		return i
	}
	stop := s.stmtEnd(i + 1)
	stop = min(stop, end)
	for k := i + 1; k < stop; k++ {
		if c := s.close[k]; c > k {
			k = c
			continue
		}
		if !s.is(k, ">", ">>", "|", "|&") {
			continue
		}
		printed := s.printed(i+1, k, s.is(i, "printf"))
		target := s.evalRange(k+1, stop).value(s.source(k+1, stop))
		op := s.toks[k].text
		if op == ">" || op == ">>" {
			s.r.write(Write{Call: s.toks[i].text + " " + op, Target: target, Append: op == ">>"})
		} else {
			s.r.shell(Shell{Call: s.toks[i].text + " " + op, Text: target, Input: printed})
		}
		return stop
	}
	s.block(i+1, stop)
	return stop
}

// printed returns the text print writes (its arguments joined by spaces),
// when it is known; nil otherwise.
func (s *scanner) printed(lo, hi int, printf bool) *Value {
	if s.is(lo, "(") && s.closeOf(lo, hi) == hi-1 {
		lo, hi = lo+1, hi-1
	}
	var words []Value
	for _, seg := range s.segments(lo, hi) {
		x := s.evalRange(seg[0], seg[1])
		if !x.isString() || !x.val.Known() {
			return nil
		}
		words = append(words, x.val)
	}
	if len(words) == 0 || printf && len(words) > 1 {
		return nil
	}
	v := joinWith(words, " ")
	return &v
}

// awkGetline reads "cmd" | getline and "cmd" |& getline, which run cmd.
func (s *scanner) awkGetline(x expr, k int) bool {
	if s.fam.lang != Awk || !s.is(k, "|", "|&") || !s.is(k+1, "getline") {
		return false
	}
	s.r.shell(Shell{Call: s.toks[k].text + " getline", Text: x.value("")})
	return true
}

// appleStatement reads do shell script EXPR (with administrator
// privileges), Terminal's do script EXPR, run script EXPR, and the commands
// of System Events and the Finder that stop the machine.
func appleStatement(s *scanner, i, end int) int {
	if verb := applePower(s, i); verb != "" && s.tellsPowerApp() {
		s.r.power(verb)
		return i + 1
	}
	switch {
	case s.is(i, "do") && s.is(i+1, "shell") && s.is(i+2, "script"):
		return s.appleShell(i+3, end, "do shell script")
	case s.is(i, "do") && s.is(i+1, "script"):
		return s.appleShell(i+2, end, "do script")
	case s.is(i, "set") && s.kind(i+1) == tIdent && s.is(i+2, "to"):
		x, j := s.expr(i+3, end)
		if !s.valueEnds(j, end) {
			x = unknown
		}
		s.sc.set(s.toks[i+1].text, x)
		return j
	case s.is(i, "run") && s.is(i+1, "script"):
		x, j := s.expr(i+2, end)
		s.eval("run script", x)
		return j
	}
	return i
}

// applePower returns the command at i that shuts down, restarts or sleeps
// the machine when an application that can is told to: shut down,
// restart, sleep; "" when there is none.
func applePower(s *scanner, i int) string {
	switch {
	case s.is(i, "shut") && s.is(i+1, "down"):
		return "shut down"
	case s.is(i, "restart", "sleep") && !s.is(i+1, "("):
		return s.toks[i].text
	}
	return ""
}

// tellsPowerApp reports a program that names an application whose shut
// down, restart and sleep are the machine's (System Events, the Finder).
func (s *scanner) tellsPowerApp() bool {
	for _, t := range s.toks {
		if t.kind != tString {
			continue
		}
		if lit, ok := s.literal(t.str).Literal(); ok {
			switch strings.ToLower(strings.TrimSpace(lit)) {
			case "system events", "finder", "com.apple.systemevents", "com.apple.finder":
				return true
			}
		}
	}
	return false
}

func (s *scanner) appleShell(i, end int, call string) int {
	x, j := s.expr(i, end)
	stop := s.stmtEnd(j)
	admin := false
	for k := j; k < stop; k++ {
		if s.is(k, "administrator") {
			admin = true
		}
	}
	s.r.shell(Shell{Call: call, Text: x.value(call), Privileged: admin})
	s.block(j, stop)
	return stop
}
