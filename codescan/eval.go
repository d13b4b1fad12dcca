package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"reflect"
	"strings"
)

// scope holds the names the code gave things: import os as o, x = "rm -rf ~",
// const {execSync} = require("child_process").
type scope struct {
	vals map[string]expr
	// count says how many times each name was bound: one bound twice (or
	// bound as a parameter, a loop variable) may hold either value.
	count map[string]int
	// star lists the modules whose every name is imported (from os import *).
	star []string
}

func newScope() *scope { return &scope{vals: map[string]expr{}, count: map[string]int{}} }

// set binds name to x; a second binding leaves the name unknown.
func (sc *scope) set(name string, x expr) {
	if old, ok := sc.vals[name]; ok && sc.count[name] == 1 && sameValue(old, x) {
		return // import os twice; d = tempfile.mkdtemp() in two functions
	}
	sc.count[name]++
	if sc.count[name] > 1 {
		x = unknown
	}
	sc.vals[name] = x
}

// sameValue reports two bindings that hold the same thing whichever is
// in force: one module's name, or one known string or path value.
func sameValue(a, b expr) bool {
	switch {
	case a.kind != b.kind:
		return false
	case a.kind == xName:
		return a.name == b.name
	case a.kind == xValue || a.kind == xPath:
		return a.val.Known() && reflect.DeepEqual(a.val, b.val)
	}
	return false
}

// rebind marks name as bound to a value the scanner cannot know.
func (sc *scope) rebind(name string) {
	sc.count[name] += 2
	sc.vals[name] = unknown
}

func (sc *scope) get(name string) (expr, bool) {
	x, ok := sc.vals[name]
	return x, ok
}

// scanner evaluates one token stream.
type scanner struct {
	r     *run
	fam   *family
	toks  []token
	close []int
	sc    *scope
	depth int
	nest  int
	// forks are the token indexes of fork calls, for forkLoops.
	forks []int
}

func newScanner(r *run, fam *family, toks []token, depth int, sc *scope) *scanner {
	s := &scanner{r: r, fam: fam, toks: toks, sc: sc, depth: depth}
	s.close = matchBrackets(r, toks)
	s.bindings()
	return s
}

// matchBrackets returns, for each opening bracket, the index of its closing
// one (len(toks) when it is not closed), and -1 elsewhere.
func matchBrackets(r *run, toks []token) []int {
	close := make([]int, len(toks))
	var stack []int
	for i, t := range toks {
		close[i] = -1
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			stack = append(stack, i)
			if len(stack) > maxNesting {
				r.fail("brackets nested deeper than the tokenizer reads")
				return fillOpen(close, stack, len(toks))
			}
		case ")", "]", "}":
			if len(stack) == 0 {
				continue
			}
			close[stack[len(stack)-1]] = i
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		r.fail("a bracket is not closed")
	}
	return fillOpen(close, stack, len(toks))
}

func fillOpen(close, open []int, n int) []int {
	for _, i := range open {
		close[i] = n
	}
	return close
}

// closeOf returns the index of the bracket closing toks[i], bounded by end.
func (s *scanner) closeOf(i, end int) int {
	c := s.close[i]
	if c < 0 || c > end {
		return end
	}
	return c
}

// sub returns a scanner for tokens of an interpolation, sharing the scope.
func (s *scanner) sub(toks []token) *scanner {
	return newScanner(s.r, s.fam, toks, s.depth+1, s.sc)
}

func (s *scanner) is(i int, texts ...string) bool {
	if i < 0 || i >= len(s.toks) || s.toks[i].kind != tPunct && s.toks[i].kind != tIdent {
		return false
	}
	for _, t := range texts {
		if s.toks[i].text == t {
			return true
		}
	}
	return false
}

func (s *scanner) kind(i int) tokKind {
	if i < 0 || i >= len(s.toks) {
		return 0
	}
	return s.toks[i].kind
}

// skipNewlines returns the first index from i that is not a newline.
func (s *scanner) skipNewlines(i, end int) int {
	for i < end && s.toks[i].kind == tNewline {
		i++
	}
	return i
}

// block evaluates the statements in [i, end).
func (s *scanner) block(i, end int) {
	for i < end {
		if !s.r.step() {
			return
		}
		j := s.statement(i, end)
		if j <= i {
			j = i + 1
		}
		i = j
	}
}

// statement evaluates one statement at i and returns the index after it.
func (s *scanner) statement(i, end int) int {
	if s.kind(i) == tNewline || s.is(i, ";", ",") {
		return i + 1
	}
	if s.fam.ev.stmt != nil {
		if j := s.fam.ev.stmt(s, i, end); j > i {
			return j
		}
	}
	declared := s.is(i, s.fam.ev.declare...) && s.kind(i+1) == tIdent
	if declared {
		i++
	}
	if !s.statementStart(i) {
		_, j := s.expr(i, end)
		return j
	}
	j, ok := s.assignment(i, end)
	for ok && declared && s.is(j, ",") && s.kind(j+1) == tIdent {
		j, ok = s.assignment(j+1, end) // const a = …, b = …
	}
	if ok {
		return j
	}
	_, j = s.expr(i, end)
	return j
}

// assignment reads NAME = EXPR (or NAME <- EXPR) and binds the name; a value
// the statement goes on after (x = "a" if c else "b", my $x = … if $c) is
// not the name's for sure.
func (s *scanner) assignment(i, end int) (int, bool) {
	if s.kind(i) != tIdent || i+1 >= end || !s.is(i+1, "=", "<-", ":=") {
		return i, false
	}
	x, j := s.expr(s.skipNewlines(i+2, end), end)
	if !s.valueEnds(j, end) {
		x = unknown
	}
	s.sc.set(s.fam.normalize(s.toks[i].text), x)
	return j, true
}

// valueEnds reports that an assigned value ends at j: the statement does,
// or a declaration's next name follows.
func (s *scanner) valueEnds(j, end int) bool {
	return j >= end || s.kind(j) == tNewline || s.is(j, ";", "}", ",", ")", "end", "then", "do")
}

// statementStart reports that toks[i] begins a statement: a name after a
// comma is part of a tuple, not assigned alone.
func (s *scanner) statementStart(i int) bool {
	if i == 0 {
		return true
	}
	p := s.toks[i-1]
	if p.kind == tNewline {
		return true
	}
	if p.kind == tPunct {
		return p.text == ";" || p.text == "{" || p.text == "}" || p.text == "(" && s.fam.lang == Scheme
	}
	return s.is(i-1, s.fam.ev.declare...) || s.is(i-1, "then", "do", "else", "begin")
}

// evalRange evaluates [lo, hi) as one expression; what the expression does
// not take is evaluated as statements, and the result is then unknown.
func (s *scanner) evalRange(lo, hi int) expr {
	lo = s.skipNewlines(lo, hi)
	if lo >= hi {
		return unknown
	}
	x, j := s.expr(lo, hi)
	for j < hi && (s.kind(j) == tNewline || s.is(j, ";")) {
		j++
	}
	if j < hi {
		s.block(j, hi)
		return unknown
	}
	return x
}

// source returns the text of tokens [lo, hi), for messages.
func (s *scanner) source(lo, hi int) string {
	var b strings.Builder
	for k := lo; k < hi && k < len(s.toks) && b.Len() < 80; k++ {
		t := s.toks[k]
		if t.space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		if t.kind == tString {
			b.WriteString(`"…"`)
		} else {
			b.WriteString(t.text)
		}
	}
	return b.String()
}

// enter guards recursion; leave must follow.
func (s *scanner) enter() bool {
	s.nest++
	if s.nest > maxNesting {
		s.r.fail("expressions nested deeper than the tokenizer reads")
		return false
	}
	return s.r.step()
}

func (s *scanner) leave() { s.nest-- }

// binaryOps are the operators read between operands whose result the scanner
// does not follow (its operands are still evaluated).
var binaryOps = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("-", "*", "/", "%", "**", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "&&", "||", "&", "|", "^",
		"<<", ">>", "and", "or", "in", "is", "not", "if", "else", "?", ":", "=", "+=", "-=", ".=", "*=", "/=", "||=", "&&=",
		"??", "=>", "->", "=~", "!~", "<=>", "eq", "ne", "lt", "gt", "le", "ge", "x", "cmp", "instanceof", "of", "unless",
		"~", "//", "+", ".", "..", "<>", "++", "--", "|>", "<-", "<<-", "->>", "%%", "xor", "orelse", "andalso", "when", "<|", "!")
}}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// expr evaluates a binary expression at i.
func (s *scanner) expr(i, end int) (expr, int) {
	if !s.enter() {
		return unknown, end
	}
	defer s.leave()
	x, j := s.unary(i, end)
	for j < end {
		k := s.continuation(j, end)
		if k >= end {
			return x, j
		}
		t := s.toks[k]
		if t.kind == tPunct || t.kind == tIdent && binaryOps.Get()[t.text] && !s.terminator(k) {
			if y, n, ok := s.binary(x, k, end); ok {
				x, j = y, n
				continue
			}
		}
		if s.joins(x, k) {
			y, n := s.unary(k, end)
			x, j = concatExpr(x, y, s.source(k, n)), n
			continue
		}
		return x, j
	}
	return x, j
}

// continuation returns where an expression continues after j: past newlines
// when the family does not end statements at them.
func (s *scanner) continuation(j, end int) int {
	if s.fam.ev.newlineEnds {
		return j
	}
	return s.skipNewlines(j, end)
}

// joins reports an operand at k that juxtaposition joins to x.
func (s *scanner) joins(x expr, k int) bool {
	t := s.toks[k]
	if s.fam.ev.adjacentStrings && t.kind == tString && x.kind == xValue {
		return true
	}
	if !s.fam.ev.juxtapose {
		return false
	}
	switch t.kind {
	case tString, tNumber:
		return true
	case tIdent:
		return !s.terminator(k) && !binaryOps.Get()[t.text]
	}
	return t.text == "$" || t.text == "(" && t.space
}

// binary reads the operator at k and its right operand.
func (s *scanner) binary(x expr, k, end int) (expr, int, bool) {
	op := s.toks[k].text
	switch {
	case s.awkGetline(x, k):
		n := k + 2
		if s.kind(n) == tIdent && !s.terminator(n) {
			n++
		}
		return unknown, n, true
	case s.fam.isConcat(op):
		y, n := s.unary(s.skipNewlines(k+1, end), end)
		return concatExpr(x, y, s.source(k+1, n)), n, true
	case op == "|>" && s.fam.ev.pipe:
		y, n := s.postfix(s.skipNewlines(k+1, end), end, &x)
		return y, n, true
	case op == "/" && x.kind == xPath:
		y, n := s.unary(k+1, end)
		return expr{kind: xPath, val: joinPath(x.val, y.value(s.source(k+1, n)))}, n, true
	case op == "%" && x.kind == xValue && s.fam.lang == Python:
		y, n := s.unary(k+1, end)
		return valueExpr(percentFormat(x.val, y)), n, true
	case binaryOps.Get()[op]:
		_, n := s.unary(s.skipNewlines(k+1, end), end)
		return unknown, n, true
	}
	return x, k, false
}

// prefixOps are the operators read before an operand.
var prefixOps = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("-", "+", "!", "~", "not", "typeof", "await", "new", "delete", "void", "\\", "*", "**", "...", "&", "@", "yield", "defined", "my", "our", "local", "return", "print", "puts", "do", "then", "else")
}}

// transparentPrefixes are the prefixes whose operand is the value: new X(…)
// is X(…), \system is system.
var transparentPrefixes = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("\\", "new", "&", "@", "await", "return", "my", "local", "our")
}}

// unary evaluates an operand with its prefix operators.
func (s *scanner) unary(i, end int) (expr, int) {
	i = s.skipNewlines(i, end)
	if i >= end {
		return unknown, end
	}
	if s.fam.lang == Awk && s.is(i, "@", "$") {
		return s.awkPrefix(i, end)
	}
	if t := s.toks[i]; (t.kind == tPunct || t.kind == tIdent) && prefixOps.Get()[t.text] && i+1 < end && !s.terminatorAt(i+1) {
		x, j := s.unary(i+1, end)
		if transparentPrefixes.Get()[t.text] {
			return x, j
		}
		return unknown, j
	}
	return s.postfix(i, end, nil)
}

// awkPrefix reads awk's $field (a value known only at run time) and gawk's
// indirect call @f(…).
func (s *scanner) awkPrefix(i, end int) (expr, int) {
	if s.is(i, "@") {
		return s.indirect(i+1, end)
	}
	_, j := s.unary(i+1, end)
	return valueExpr(dynamic(s.source(i, j))), j
}

// terminatorAt reports a token that cannot start an operand.
func (s *scanner) terminatorAt(i int) bool {
	t := s.toks[i]
	return t.kind == tNewline || t.kind == tPunct && (t.text == ")" || t.text == "]" || t.text == "}" || t.text == ";" || t.text == ",")
}

// indirect reads gawk's @f(…), which calls the function f names.
func (s *scanner) indirect(i, end int) (expr, int) {
	if s.is(i, "load", "include") {
		s.r.unread("@" + s.toks[i].text + ": code the program loads")
		return unknown, i + 1
	}
	if s.kind(i) != tIdent || !s.is(i+1, "(") {
		return unknown, i
	}
	name := s.toks[i].text
	callee := unknown
	if x, ok := s.sc.get(name); ok && x.kind == xValue {
		if lit, ok := x.val.Literal(); ok {
			callee = nameExpr(lit)
		}
	}
	c := s.closeOf(i+1, end)
	args := s.args(i+1, c)
	if callee.kind != xName {
		s.r.unread("@" + name + "(): a call of a function named at run time")
		return unknown, c + 1
	}
	return s.call(callee, args, i), c + 1
}

// terminator reports a word that ends a statement or an argument list
// written without parentheses (Perl's and Ruby's statement modifiers).
func (s *scanner) terminator(i int) bool {
	return s.is(i, "if", "unless", "while", "until", "for", "foreach", "and", "or", "xor", "do", "then", "end", "else", "elsif", "elif", "rescue", "when", "in", "not")
}

// bindings marks the names bound as parameters and loop variables (def
// f(cmd), for f in …, (a) => …, |x|): they may hold any value, whatever the
// code assigns them elsewhere.
func (s *scanner) bindings() {
	for i, t := range s.toks {
		switch t.kind {
		case tIdent:
			s.bindingWord(i, t.text)
		case tPunct:
			s.bindingPunct(i, t.text)
		}
	}
}

// bindingWord marks the parameters after def, function, sub, fn and the
// names after lambda, for and foreach.
func (s *scanner) bindingWord(i int, word string) {
	switch word {
	case "def", "function", "sub", "fn", "proc", "func":
		j := i + 1
		if s.kind(j) == tIdent {
			j++
		}
		if s.is(j, "(") {
			s.rebindIn(j+1, s.closeOf(j, len(s.toks)))
		}
	case "lambda", "for", "foreach":
		s.rebindUntil(i+1, "in", "of", ":", ";", "=", "(", ")", "{")
	}
}

// bindingPunct marks an arrow function's parameters ((a, b) => …, a -> …)
// and a Ruby block's (|x|).
func (s *scanner) bindingPunct(i int, op string) {
	switch {
	case op == "(" && s.is(s.closeOf(i, len(s.toks))+1, "=>", "->"):
		s.rebindIn(i+1, s.closeOf(i, len(s.toks)))
	case (op == "=>" || op == "->") && s.kind(i-1) == tIdent:
		s.sc.rebind(s.fam.normalize(s.toks[i-1].text))
	case op == "|" && s.is(i-1, "{", "do"):
		s.rebindUntil(i+1, "|")
	}
}

// rebindIn marks the names in [lo, hi) as parameters.
func (s *scanner) rebindIn(lo, hi int) {
	for k := lo; k < hi && k < len(s.toks); k++ {
		if s.kind(k) == tIdent {
			s.sc.rebind(s.fam.normalize(s.toks[k].text))
		}
	}
}

// rebindUntil marks the names from i up to one of the stop words.
func (s *scanner) rebindUntil(i int, stops ...string) {
	for k := i; k < len(s.toks) && k < i+16; k++ {
		if s.is(k, stops...) || s.kind(k) == tNewline {
			if !s.is(k, "(") || k > i {
				return
			}
			continue
		}
		if s.kind(k) == tIdent && !s.is(k, "my", "our", "local", "var", "let", "const", "each") {
			s.sc.rebind(s.fam.normalize(s.toks[k].text))
		}
	}
}
