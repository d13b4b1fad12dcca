package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
	"strconv"
	"strings"
)

// commonMethods are the methods of strings, lists and paths many families
// share; a family's own methods come first.
var commonMethods = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return map[string]callSpec{
		"join": {op: mJoinSep}, "format": {op: mFormat},
		"lower": {op: mLower}, "downcase": {op: mLower}, "toLowerCase": {op: mLower},
		"upper": {op: mUpper}, "upcase": {op: mUpper}, "toUpperCase": {op: mUpper},
		"strip": {op: mStrip}, "trim": {op: mStrip}, "chomp": {op: mStrip}, "rstrip": {op: mStrip}, "lstrip": {op: mStrip},
		"reverse": {op: mReverse}, "replace": {op: mReplace}, "replaceAll": {op: mReplace}, "gsub": {op: mReplace}, "sub": {op: mReplace},
		"decode": {op: mSame}, "encode": {op: mSame}, "toString": {op: mSame}, "to_s": {op: mSame}, "to_str": {op: mSame},
		"valueOf": {op: mSame}, "freeze": {op: mSame}, "dup": {op: mSame}, "resolve": {op: mSame}, "absolute": {op: mSame},
		"expanduser": {op: mExpand}, "joinpath": {op: mJoinPath}, "join_path": {op: mJoinPath}, "concat": {op: mJoinPath},
	}
}}

// method evaluates a method call on a value (m.recv).
func (s *scanner) method(m expr, args []arg, pos int) expr {
	sp, ok := s.fam.methods[m.name]
	if !ok {
		sp, ok = commonMethods.Get()[m.name]
	}
	if !ok || m.recv == nil {
		return unknown
	}
	recv := *m.recv
	if sp.op < mShell {
		if sp.op == vSend {
			return s.sendTo(recv, args)
		}
		return unknown
	}
	return s.applyMethod(m.name, sp, recv, args)
}

// sendTo calls the method a symbol names on a value (obj.send(:m, …)).
func (s *scanner) sendTo(recv expr, args []arg) expr {
	lit, ok := nth(positional(args), 0).value("").Literal()
	if !ok || len(args) == 0 {
		return unknown
	}
	return s.method(expr{kind: xMethod, recv: &recv, name: strings.TrimPrefix(lit, ":")}, args[1:], -1)
}

// applyMethod does what a method does to its receiver.
func (s *scanner) applyMethod(name string, sp callSpec, recv expr, args []arg) expr {
	xs := positional(args)
	v := recv.value("")
	switch sp.op {
	case mShell:
		s.shellOrArgv(name, recv)
		return unknown
	case mDelete, mTree:
		if recv.kind == xPath {
			s.r.delete(Delete{Call: name, Target: recv.val, Recursive: sp.op == mTree})
		}
		return unknown
	case mJoinSep:
		sep, ok := v.Literal()
		words, isList := nth(xs, 0).words()
		if !ok || !isList || recv.kind != xValue {
			return unknown
		}
		return valueExpr(joinWith(words, sep))
	case mFormat:
		return valueExpr(braceFormat(v, args))
	case mExpand, mJoinPath, mSame:
		return s.pathMethod(sp.op, recv, xs)
	}
	return valueExpr(textMethod(sp.op, v, xs))
}

// pathMethod returns the receiver changed by a path method.
func (s *scanner) pathMethod(o op, recv expr, xs []expr) expr {
	switch o {
	case mExpand:
		return keepPath(recv, expandTilde(recv.value("")))
	case mJoinPath:
		v := recv.value("")
		for _, x := range xs {
			v = joinPath(v, x.value(""))
		}
		return keepPath(recv, v)
	}
	return recv
}

// textMethod changes known text: lower, upper, strip, reverse, replace.
func textMethod(o op, v Value, xs []expr) Value {
	lit, ok := v.Literal()
	if !ok {
		return dynamic("text changed at run time")
	}
	switch o {
	case mLower:
		return text(strings.ToLower(lit))
	case mUpper:
		return text(strings.ToUpper(lit))
	case mStrip:
		return text(strings.TrimSpace(lit))
	case mReverse:
		return reverseValue(v)
	case mReplace:
		old, ok1 := nth(xs, 0).value("").Literal()
		repl, ok2 := nth(xs, 1).value("").Literal()
		if !ok1 || !ok2 || !nth(xs, 0).isString() || !nth(xs, 1).isString() {
			return dynamic("text changed at run time")
		}
		return text(strings.ReplaceAll(lit, old, repl))
	}
	return dynamic("text changed at run time")
}

// braceFormat fills "…{}…{0}…{name}…" from the arguments; a field it cannot
// fill is dynamic.
func braceFormat(v Value, args []arg) Value {
	lit, ok := v.Literal()
	if !ok {
		return dynamic("formatted text")
	}
	xs := positional(args)
	var out Value
	next := 0
	for lit != "" {
		open := strings.IndexByte(lit, '{')
		if open < 0 || open+1 >= len(lit) {
			return concat(out, text(strings.ReplaceAll(lit, "}}", "}")))
		}
		if lit[open+1] == '{' {
			out, lit = concat(out, text(lit[:open+1])), lit[open+2:]
			continue
		}
		close := strings.IndexByte(lit[open:], '}')
		if close < 0 {
			return concat(out, dynamic("formatted text"))
		}
		field := lit[open+1 : open+close]
		out = concat(concat(out, text(lit[:open])), formatField(field, xs, args, &next))
		lit = lit[open+close+1:]
	}
	return out
}

func formatField(field string, xs []expr, args []arg, next *int) Value {
	name, _, _ := strings.Cut(field, ":")
	name, _, _ = strings.Cut(name, "!")
	switch n, err := strconv.Atoi(name); {
	case name == "":
		*next++
		return nth(xs, *next-1).value("{}")
	case err == nil:
		return nth(xs, n).value("{" + name + "}")
	}
	if x, ok := optionValue(args, name); ok {
		return x.value("{" + name + "}")
	}
	return dynamic("{" + name + "}")
}

// percentFormat fills "…%s…" % args; other conversions are dynamic.
func percentFormat(v Value, y expr) Value {
	lit, ok := v.Literal()
	if !ok {
		return dynamic("formatted text")
	}
	fill := []expr{y}
	if y.kind == xList {
		fill = nil
		for _, w := range y.list {
			fill = append(fill, valueExpr(w))
		}
	}
	var out Value
	n := 0
	for {
		i := strings.IndexByte(lit, '%')
		if i < 0 || i+1 >= len(lit) {
			return concat(out, text(lit))
		}
		out = concat(out, text(lit[:i]))
		switch c := lit[i+1]; {
		case c == '%':
			out = concat(out, text("%"))
		case c == 's' || c == 'r' || c == 'd' || c == 'i':
			out = concat(out, nth(fill, n).value("%"+string(c)))
			n++
		default:
			out = concat(out, dynamic("%"+string(c)))
		}
		lit = lit[i+2:]
	}
}

// literal evaluates a string literal's parts.
func (s *scanner) literal(lit *strLit) Value {
	v := text("")
	if lit == nil {
		return v
	}
	for _, p := range lit.parts {
		switch {
		case p.expr != nil:
			x := s.sub(p.expr).evalRange(0, len(p.expr))
			v = concat(v, x.value(p.src))
		case p.dyn:
			v = concat(v, dynamic(p.src))
		default:
			v = concat(v, text(p.text))
		}
	}
	return v
}

// stringToken evaluates a string token by its flavor: a command runs, a
// word list is a list, a pattern is no value.
func (s *scanner) stringToken(lit *strLit, pos int) expr {
	switch lit.flavor {
	case pattern:
		return unknown
	case wordList:
		return expr{kind: xList, list: splitWords(s.literal(lit))}
	case shellCmd, cmdLit:
		s.r.shell(Shell{Call: "`…`", Text: s.literal(lit)})
		return valueExpr(dynamic("a command's output"))
	}
	return valueExpr(s.literal(lit))
}

// stringExpr is a string argument written without parentheses.
func (s *scanner) stringExpr(lit *strLit, v Value) expr {
	if lit.flavor == wordList {
		return expr{kind: xList, list: splitWords(v)}
	}
	return valueExpr(v)
}
