package shellparse

import (
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// Arithmetic over known values: $(( 1 + 2 )) and an indexed array's
// subscript (${a[x]} with x=1) are a number when every operand is a
// decimal constant or a variable whose value is one, and every operator is
// + - * / % or a sign (no assignment, no other base). Anything else leaves
// the expansion unknown.

// maxArithValue bounds the numbers read here, so that no step overflows.
const maxArithValue = 1 << 31

// arithValue returns an arithmetic expression's value when it is known.
func (r *wordResolver) arithValue(x syntax.ArithmExpr) (int64, bool) {
	switch e := x.(type) {
	case *syntax.Word:
		return r.arithOperand(e)
	case *syntax.ParenArithm:
		return r.arithValue(e.X)
	case *syntax.UnaryArithm:
		v, ok := r.arithValue(e.X)
		switch {
		case !ok || e.Post:
			return 0, false
		case e.Op == syntax.Minus:
			return -v, true
		case e.Op == syntax.Plus:
			return v, true
		}
	case *syntax.BinaryArithm:
		return r.arithBinary(e)
	}
	return 0, false
}

// arithBinary returns a + b, a - b, a * b, a / b or a % b.
func (r *wordResolver) arithBinary(e *syntax.BinaryArithm) (int64, bool) {
	a, ok := r.arithValue(e.X)
	if !ok {
		return 0, false
	}
	b, ok := r.arithValue(e.Y)
	if !ok {
		return 0, false
	}
	var v int64
	switch e.Op {
	case syntax.Add:
		v = a + b
	case syntax.Sub:
		v = a - b
	case syntax.Mul:
		v = a * b
	case syntax.Quo, syntax.Rem:
		if b == 0 {
			return 0, false // bash stops with an error
		}
		v = a / b
		if e.Op == syntax.Rem {
			v = a % b
		}
	default:
		return 0, false
	}
	return v, v > -maxArithValue && v < maxArithValue
}

// arithOperand is a decimal constant, or a variable known to hold one.
func (r *wordResolver) arithOperand(w *syntax.Word) (int64, bool) {
	text := w.Lit()
	if text == "" && !containsSubst(w) {
		v := r.resolveOne(w) // $x + 1
		if !v.Static {
			return 0, false
		}
		text = v.Text
	}
	if isIdentifier(text) {
		v, ok := r.known[text]
		if !ok || !v.Static || r.inFunction > 0 && !r.settled(text) {
			return 0, false
		}
		text = v.Text
	}
	return decimal(text)
}

// decimal reads a decimal number written without a leading zero (which
// bash reads as octal) and within maxArithValue.
func decimal(s string) (int64, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > -maxArithValue && n < maxArithValue
}
