package codescan

import (
	"strconv"
	"strings"
)

// exprKind says what an expression evaluated to, as far as the scanner knows.
type exprKind uint8

const (
	xUnknown exprKind = iota
	xValue            // a string (val)
	xList             // a list of strings (list)
	xName             // something named: a module, a function, an object (name)
	xObject           // a literal of options or a hash (keys), perhaps with list elements
	xBool             // a boolean or nil constant (truth)
	xNumber           // a number (num)
	xPath             // a path object (pathlib.Path, Pathname, File) for val
	xMethod           // a method of a value not yet called (recv, name)
)

// expr is what an expression evaluated to.
type expr struct {
	kind  exprKind
	val   Value
	list  []Value
	name  string
	keys  map[string]expr
	truth bool
	num   int64
	recv  *expr
}

var unknown = expr{}

func valueExpr(v Value) expr { return expr{kind: xValue, val: v} }
func nameExpr(n string) expr { return expr{kind: xName, name: n} }

// value returns the string an expression stands for; what is not a known
// string is a dynamic piece, written as src.
func (x expr) value(src string) Value {
	switch x.kind {
	case xValue, xPath:
		return x.val
	case xNumber:
		return text(strconv.FormatInt(x.num, 10))
	case xName:
		return dynamic(x.name)
	}
	if x.name != "" {
		src = x.name
	}
	if src == "" {
		src = "…"
	}
	return dynamic(src)
}

// isString reports an expression that is a string or a path.
func (x expr) isString() bool { return x.kind == xValue || x.kind == xPath }

// words returns the strings of a list expression, or of one string.
func (x expr) words() ([]Value, bool) {
	switch x.kind {
	case xList:
		return x.list, true
	case xObject:
		return x.list, len(x.list) > 0
	case xValue, xPath:
		return []Value{x.val}, true
	}
	return nil, false
}

// truthy reports a constant that is true: True, true, 1, a non-empty string.
func (x expr) truthy() bool {
	switch x.kind {
	case xBool:
		return x.truth
	case xNumber:
		return x.num != 0
	case xValue:
		lit, ok := x.val.Literal()
		return !ok || lit != ""
	}
	return x.kind == xName
}

// arg is one argument of a call: positional, or named (shell=True,
// recursive: true).
type arg struct {
	key string
	x   expr
	// spread reports *args, ...args: any number of arguments.
	spread bool
}

// positional returns the arguments without a name.
func positional(args []arg) []expr {
	out := make([]expr, 0, len(args))
	for _, a := range args {
		if a.key == "" {
			out = append(out, a.x)
		}
	}
	return out
}

// option reports whether a named argument or an options object among args
// sets key to a true value.
func option(args []arg, key string) bool {
	for _, a := range args {
		if a.key == key && a.x.truthy() {
			return true
		}
		if v, ok := a.x.keys[key]; ok && a.x.kind == xObject && v.truthy() {
			return true
		}
	}
	return false
}

// optionValue returns the value of a named argument or an options key.
func optionValue(args []arg, key string) (expr, bool) {
	for _, a := range args {
		if a.key == key {
			return a.x, true
		}
		if v, ok := a.x.keys[key]; ok && a.x.kind == xObject {
			return v, true
		}
	}
	return unknown, false
}

// argvOf returns the words of an argument list: strings, lists of strings
// spliced in, and anything else as one dynamic word (spread when it may be
// several).
func argvOf(xs []expr) []Value {
	var out []Value
	for _, x := range xs {
		switch x.kind {
		case xList:
			out = append(out, x.list...)
		case xValue, xPath, xNumber:
			out = append(out, x.value(""))
		default:
			v := x.value("")
			v.Spread = x.kind == xUnknown || x.kind == xName
			out = append(out, v)
		}
	}
	return out
}

// concatExpr returns x followed by y as strings.
func concatExpr(x, y expr, src string) expr {
	return valueExpr(concat(x.value(src), y.value(src)))
}

// splitWords splits a literal's text into words (qw, %w), a dynamic piece
// spreading over any number of them.
func splitWords(v Value) []Value {
	var out []Value
	for _, p := range v.Parts {
		if p.Kind != Text {
			out = append(out, Value{Parts: []Part{p}, Spread: true})
			continue
		}
		for _, w := range strings.Fields(p.Text) {
			out = append(out, text(w))
		}
	}
	return out
}

// envValue is an environment variable's value: the home and temporary
// directories are known places, the rest are dynamic.
func envValue(name string) Value {
	switch strings.Trim(name, `"'`) {
	case "HOME", "USERPROFILE":
		return home()
	case "TMPDIR", "TMP", "TEMP":
		return Value{Parts: []Part{{Kind: Temp}}}
	case "PWD":
		return text(".")
	}
	return dynamic("$" + name)
}
