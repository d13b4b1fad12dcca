package codescan

import (
	"strconv"
	"strings"
)

// postfix evaluates a primary expression and what follows it: members
// (.name, ::name, ->name), calls, subscripts. inject is the left side of a
// pipe (x |> f(…)), passed to the first call as its first argument.
func (s *scanner) postfix(i, end int, inject *expr) (expr, int) {
	if i >= end || !s.enter() {
		return unknown, end
	}
	defer s.leave()
	start := i
	x, j := s.primary(i, end)
	for j < end {
		k := j
		if s.kind(k) == tNewline {
			k = s.skipNewlines(k, end)
			if k >= end || !s.fam.isNameSep(s.toks[k].text) || s.toks[k].kind != tPunct {
				break
			}
		}
		y, n, ok := s.suffix(x, start, k, end, &inject)
		if !ok {
			break
		}
		x, j = y, n
	}
	if inject != nil {
		x = s.call(x, []arg{{x: *inject}}, start)
	}
	if x.kind == xName && s.fam.ev.bareCalls {
		if sp, ok := s.fam.spec(x.name); ok && sp.op != opNone && !s.is(j, "(") {
			x = s.apply(x.name, sp, nil, start)
		}
	}
	return x, j
}

// suffix reads one member, call or subscript at k after x.
func (s *scanner) suffix(x expr, start, k, end int, inject **expr) (expr, int, bool) {
	t := s.toks[k]
	if t.kind == tPunct {
		return s.punctSuffix(x, start, k, end, inject)
	}
	switch {
	case t.kind == tString && s.stringArg(x, k):
		lit := s.literal(t.str)
		return s.call(x, []arg{{x: s.stringExpr(t.str, lit)}}, start), k + 1, true
	case s.fam.ev.parenless && t.space && x.kind == xName && s.knownCall(x.name) && s.operandStart(k):
		args, n := s.parenlessArgs(k, end)
		return s.call(x, args, start), n, true
	}
	return x, k, false
}

// punctSuffix reads .name, (args), [key] and {key} after x, and the first
// argument of a call written without parentheses.
func (s *scanner) punctSuffix(x expr, start, k, end int, inject **expr) (expr, int, bool) {
	t := s.toks[k]
	if n, ok := s.scalaRun(k, end); ok {
		return s.method(expr{kind: xMethod, recv: &x, name: "execute"}, nil, start), n, true
	}
	switch {
	case s.fam.isNameSep(t.text) && k+1 < end && s.kind(k+1) == tIdent:
		return s.member(x, s.toks[k+1].text, k+2), k + 2, true
	case t.text == "(" && s.callable(x, k):
		c := s.closeOf(k, end)
		args := s.args(k, c)
		if *inject != nil {
			args = append([]arg{{x: **inject}}, args...)
			*inject = nil
		}
		return s.call(x, args, start), c + 1, true
	case t.text == "[" && !t.space || t.text == "{" && !t.space && s.hashSubscript(k):
		c := s.closeOf(k, end)
		return s.index(x, k, c), c + 1, true
	case s.fam.ev.parenless && t.space && x.kind == xName && s.knownCall(x.name) && s.operandStart(k):
		args, n := s.parenlessArgs(k, end)
		return s.call(x, args, start), n, true
	}
	return x, k, false
}

// scalaRun reads Scala's .! and .!! at k, which run the command a string or
// a Seq before them names (sys.process), as Groovy's .execute() does; it
// returns the index after them.
func (s *scanner) scalaRun(k, end int) (int, bool) {
	if s.fam.lang != Groovy || !s.is(k, ".") || k+1 >= end || !s.is(k+1, "!", "!!") {
		return k, false
	}
	n := k + 2
	for n < end && s.is(n, "!") && !s.toks[n].space {
		n++
	}
	return n, true
}

// callable reports a ( at k that calls x: after a name or a value, not the
// grouping that follows a complete statement in awk (print (x)).
func (s *scanner) callable(x expr, k int) bool {
	if s.fam.lang == Awk && s.toks[k].space && x.kind != xName {
		return false
	}
	return true
}

// hashSubscript reports the { at k of $h{key} or $h{a}{b} (Perl, PHP's old
// $s{0}), not a block after while (…).
func (s *scanner) hashSubscript(k int) bool {
	if s.fam.lang != Perl && s.fam.lang != PHP || k == 0 {
		return false
	}
	p := s.toks[k-1]
	return p.kind == tIdent && strings.HasPrefix(p.text, "$") || p.kind == tPunct && (p.text == "}" || p.text == "]" || p.text == "->")
}

// stringArg reports a call written with one string and no parentheses:
// Lua's f"x" and f[[x]], a JavaScript tagged template ($`cmd`).
func (s *scanner) stringArg(x expr, k int) bool {
	if x.kind != xName {
		return false
	}
	switch s.fam.lang {
	case Lua:
		return true
	case JavaScript:
		return !s.toks[k].space && s.toks[k].str.flavor == plain
	}
	return false
}

// knownCall reports a name the tables know, so a word after it is its
// argument (system "rm -rf ~") rather than an operand of something else.
func (s *scanner) knownCall(name string) bool {
	sp, _, ok := s.lookup(name)
	return ok && sp.op != opNone
}

// operandStart reports a token that can start an argument.
func (s *scanner) operandStart(k int) bool {
	t := s.toks[k]
	switch t.kind {
	case tString, tNumber:
		return true
	case tIdent:
		return !s.terminator(k) && !binaryOps.Get()[t.text]
	case tPunct:
		return t.text == "[" || t.text == "(" || t.text == "{" && s.fam.lang != Ruby || t.text == "\\" || t.text == "@"
	}
	return false
}

// parenlessArgs reads the arguments of a call written without parentheses,
// up to the end of the statement.
func (s *scanner) parenlessArgs(k, end int) ([]arg, int) {
	var args []arg
	for k < end {
		x, n := s.expr(k, end)
		if n <= k {
			break
		}
		args = append(args, arg{x: x})
		k = n
		if !s.is(k, ",", "=>") {
			break
		}
		k = s.skipNewlines(k+1, end)
	}
	return args, k
}

// member reads x.name (or x::name, x->name).
func (s *scanner) member(x expr, name string, next int) expr {
	switch x.kind {
	case xName:
		if s.fam.envMaps[x.name] {
			return valueExpr(envValue(name))
		}
		if len(x.name) > maxName {
			return unknown
		}
		full := s.fam.normalize(x.name + "." + name)
		if s.fam.ev.bareCalls && !s.is(next, "(") {
			if sp, ok := s.fam.spec(full); ok && sp.op != opNone && !s.fam.ev.parenless {
				return s.apply(full, sp, nil, next)
			}
		}
		return nameExpr(full)
	case xValue, xList, xPath, xObject:
		recv := x
		m := expr{kind: xMethod, recv: &recv, name: name}
		if s.fam.lang == Ruby && !s.is(next, "(") {
			return s.method(m, nil, next)
		}
		return m
	}
	return unknown
}

// maxName bounds a qualified name (a.b.c…): a longer one names nothing the
// tables know.
const maxName = 128

// index reads x[key] (or $h{key}).
func (s *scanner) index(x expr, open, close int) expr {
	if s.fam.lang == Python && s.reverseSlice(open, close) && x.kind == xValue {
		return valueExpr(reverseValue(x.val))
	}
	key := s.subscript(open, close)
	lit, known := key.value("").Literal()
	if !known || !key.isString() && key.kind != xNumber {
		return unknown
	}
	switch x.kind {
	case xName:
		return s.nameIndex(x, key, lit)
	case xList:
		if key.kind == xNumber && key.num >= 0 && key.num < int64(len(x.list)) {
			return valueExpr(x.list[key.num])
		}
	}
	return unknown
}

// nameIndex reads name[key]: an environment variable of an environment map,
// a member named by a string (cp["execSync"]), or an element of something
// named.
func (s *scanner) nameIndex(x, key expr, lit string) expr {
	switch {
	case s.fam.envMaps[x.name]:
		return valueExpr(envValue(lit))
	case x.name == "sys.modules":
		return nameExpr(lit)
	case key.kind == xNumber:
		return nameExpr(x.name + "[" + lit + "]")
	}
	return nameExpr(s.fam.normalize(x.name + "." + lit))
}

// subscript evaluates a subscript; a bare word in Perl's braces is a string.
func (s *scanner) subscript(open, close int) expr {
	if s.is(open, "{") && close == open+2 && s.kind(open+1) == tIdent {
		return valueExpr(text(s.toks[open+1].text))
	}
	return s.evalRange(open+1, close)
}

// reverseSlice reports [::-1].
func (s *scanner) reverseSlice(open, close int) bool {
	return close == open+5 && s.is(open+1, ":") && s.is(open+2, ":") && s.is(open+3, "-") && s.kind(open+4) == tNumber && s.toks[open+4].text == "1"
}

func reverseValue(v Value) Value {
	lit, ok := v.Literal()
	if !ok {
		return dynamic("reversed text")
	}
	r := []rune(lit)
	for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
		r[a], r[b] = r[b], r[a]
	}
	return text(string(r))
}

// args reads the arguments between the brackets at open and close.
func (s *scanner) args(open, close int) []arg {
	var out []arg
	for _, seg := range s.segments(open+1, close) {
		if len(out) >= maxEffects {
			s.block(seg[0], seg[1])
			continue
		}
		a := s.argument(seg[0], seg[1])
		if s.is(seg[0], "*", "...") && a.x.kind == xList {
			for _, w := range a.x.list {
				out = append(out, arg{x: valueExpr(w)}) // f(*["a", "b"]) is f("a", "b")
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// segments splits [lo, hi) at its top-level commas (and semicolons, which
// start Julia's named arguments).
func (s *scanner) segments(lo, hi int) [][2]int {
	var out [][2]int
	start := lo
	for k := lo; k < hi; k++ {
		if c := s.close[k]; c > k {
			k = min(c, hi)
			continue
		}
		if s.is(k, ",", ";") {
			out = append(out, [2]int{start, k})
			start = k + 1
		}
	}
	if s.skipNewlines(start, hi) < hi {
		out = append(out, [2]int{start, hi})
	}
	return out
}

// argument reads one argument: key=value, key: value, key => value, *spread
// or a plain expression.
func (s *scanner) argument(lo, hi int) arg {
	lo = s.skipNewlines(lo, hi)
	if lo >= hi {
		return arg{}
	}
	if key, n, ok := s.argKey(lo, hi); ok {
		return arg{key: key, x: s.evalRange(n, hi)}
	}
	if s.is(lo, "*", "**", "...") {
		x := s.evalRange(lo+1, hi)
		return arg{x: x, spread: x.kind != xList}
	}
	x := s.evalRange(lo, hi)
	if x.kind == xUnknown {
		x.name = s.source(lo, hi) // for messages: the argument as written
	}
	return arg{x: x}
}

// argKey reads the name of a named argument at lo.
func (s *scanner) argKey(lo, hi int) (string, int, bool) {
	return s.keyAt(lo, hi, s.fam.ev.kwColon)
}

// objectKey reads the key of an object literal's entry at lo (key: value,
// "key": value, key => value).
func (s *scanner) objectKey(lo, hi int) (string, int, bool) {
	return s.keyAt(lo, hi, true)
}

// keyAt reads a key at lo: a name or a string, then =, : (when colon) or =>.
func (s *scanner) keyAt(lo, hi int, colon bool) (string, int, bool) {
	if lo+1 >= hi {
		return "", lo, false
	}
	t := s.toks[lo]
	key := t.text
	if t.kind == tString {
		lit, _ := s.literal(t.str).Literal()
		key = lit
	} else if t.kind != tIdent {
		return "", lo, false
	}
	switch {
	case s.is(lo+1, "=") && s.fam.ev.kwEquals && t.kind == tIdent:
	case s.is(lo+1, ":") && colon:
	case s.is(lo+1, "=>"):
	default:
		return "", lo, false
	}
	return strings.TrimLeft(key, ":"), lo + 2, true
}

// primary evaluates one operand at i.
func (s *scanner) primary(i, end int) (expr, int) {
	t := s.toks[i]
	switch t.kind {
	case tString:
		return s.stringToken(t.str, i), i + 1
	case tNumber:
		n, err := strconv.ParseInt(strings.ReplaceAll(t.text, "_", ""), 0, 64)
		if err != nil {
			return unknown, i + 1
		}
		return expr{kind: xNumber, num: n}, i + 1
	case tIdent:
		return s.identifier(t.text), i + 1
	case tPunct:
		return s.bracketed(i, end)
	}
	return unknown, i + 1
}

// identifier evaluates a name: a constant, a name the code bound, or a name
// of something outside it.
func (s *scanner) identifier(name string) expr {
	switch name {
	case "true", "True", "TRUE", "T", "yes":
		return expr{kind: xBool, truth: true}
	case "false", "False", "FALSE", "F", "nil", "None", "null", "undefined", "NULL", "no":
		return expr{kind: xBool}
	}
	n := s.fam.normalize(name)
	if x, ok := s.sc.get(n); ok {
		return x
	}
	if strings.HasPrefix(name, ":") && s.fam.lang == Ruby {
		return valueExpr(text(name[1:]))
	}
	return nameExpr(n)
}

// bracketed evaluates ( … ), [ … ] and { … } at i.
func (s *scanner) bracketed(i, end int) (expr, int) {
	c := s.closeOf(i, end)
	switch s.toks[i].text {
	case "(":
		if len(s.segments(i+1, c)) > 1 {
			return s.listOf(i, c), c + 1
		}
		return s.evalRange(i+1, c), c + 1
	case "[":
		return s.listOf(i, c), c + 1
	case "{":
		return s.braces(i, c), c + 1
	}
	return unknown, i + 1
}

// listOf evaluates the elements between the brackets at open and close.
func (s *scanner) listOf(open, close int) expr {
	var elems []expr
	for _, seg := range s.segments(open+1, close) {
		a := s.argument(seg[0], seg[1])
		if a.spread {
			a.x = expr{kind: xList, list: []Value{{Parts: a.x.value("*").Parts, Spread: true}}}
		}
		elems = append(elems, a.x)
	}
	return expr{kind: xList, list: argvOf(elems)}
}

// braces evaluates { … }: an object literal (key: value pairs, Lua's
// tables), or a block of statements.
func (s *scanner) braces(open, close int) expr {
	lo := s.skipNewlines(open+1, close)
	if lo >= close {
		return expr{kind: xObject}
	}
	if _, _, keyed := s.objectKey(lo, close); !keyed && s.fam.lang != Lua {
		s.block(open+1, close)
		return unknown
	}
	obj := expr{kind: xObject, keys: map[string]expr{}}
	var elems []expr
	for _, seg := range s.segments(open+1, close) {
		lo := s.skipNewlines(seg[0], seg[1])
		if s.fam.lang == Lua && s.kind(lo) == tIdent && s.is(lo+1, "=") {
			obj.keys[s.toks[lo].text] = s.evalRange(lo+2, seg[1])
			continue
		}
		if key, n, ok := s.objectKey(lo, seg[1]); ok {
			obj.keys[key] = s.evalRange(n, seg[1])
			continue
		}
		elems = append(elems, s.argument(seg[0], seg[1]).x)
	}
	obj.list = argvOf(elems)
	return obj
}
