package shellparse

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Arrays whose elements the script gives: a=(rm -rf ~), a+=(x), a[0]=x,
// declare -a/-A, m=([cmd]=rm). "${a[@]}" is the elements as words (a whole
// argv in command position), "${a[*]}" one word of them joined by spaces,
// ${a[0]} and ${m[cmd]} one element, ${#a[@]} how many.

// maxArrayElems bounds the elements of an array the analysis keeps.
const maxArrayElems = 256

// arrayValue is an array's known elements.
type arrayValue struct {
	assoc bool
	// keys are an associative array's keys in the order they were set;
	// elems the values (an indexed array's from index 0, in order).
	keys  []string
	elems []Word
	// exact reports that each element is one word: an element made of an
	// unquoted unknown word or a pattern may have been several, so indexes
	// past it are not known.
	exact bool
	// partial reports elements not known: only the keys set are.
	partial bool
}

// get returns one element: by decimal index (negative from the end) or key.
func (a *arrayValue) get(key string) (Word, bool) {
	if a.assoc {
		for i, k := range a.keys {
			if k == key {
				return a.elems[i], true
			}
		}
		return Word{}, false
	}
	i, ok := a.index(key)
	if !ok || i >= len(a.elems) {
		return Word{}, false
	}
	return a.elems[i], true
}

// index reads a decimal index of an exact, complete indexed array.
func (a *arrayValue) index(key string) (int, bool) {
	i, err := strconv.Atoi(key)
	if err != nil || !a.exact || a.partial {
		return 0, false
	}
	if i < 0 {
		i += len(a.elems)
	}
	return i, i >= 0
}

// set sets one element; false when the array's shape is then not known.
func (a *arrayValue) set(key string, w Word) bool {
	if a.assoc {
		for i, k := range a.keys {
			if k == key {
				a.elems[i] = w
				return true
			}
		}
		a.keys, a.elems = append(a.keys, key), append(a.elems, w)
		return len(a.elems) <= maxArrayElems
	}
	i, ok := a.index(key)
	switch {
	case !ok || i > len(a.elems):
		return false // sparse: later indexes are not the order kept
	case i == len(a.elems):
		a.elems = append(a.elems, w)
		return len(a.elems) <= maxArrayElems
	}
	a.elems[i] = w
	return true
}

// words returns "${a[@]}": the elements in order. An associative array's
// order is bash's own; only one of one element is known.
func (a *arrayValue) words() ([]Word, bool) {
	if a.partial || a.assoc && len(a.elems) > 1 {
		return nil, false
	}
	return a.elems, true
}

// slice returns "${a[@]:OFFSET:LENGTH}" of an exact indexed array, for an
// offset and length written as numbers.
func (a *arrayValue) slice(elems []Word, sl *syntax.Slice) ([]Word, bool) {
	if a.assoc || !a.exact {
		return nil, false
	}
	off, ok := arithConstant(sl.Offset)
	if !ok || off < 0 {
		return nil, false
	}
	off = min(off, len(elems))
	end := len(elems)
	if sl.Length != nil {
		n, ok := arithConstant(sl.Length)
		if !ok || n < 0 {
			return nil, false
		}
		end = min(off+n, len(elems))
	}
	return elems[off:end], true
}

// clone copies an array before it changes.
func (a *arrayValue) clone() *arrayValue {
	c := *a
	c.keys = append([]string(nil), a.keys...)
	c.elems = append([]Word(nil), a.elems...)
	return &c
}

// arrayLiteral reads (…) of an assignment: the words of an indexed array,
// or an associative array's [key]=value pairs. onto is the array a +=
// appends to.
func (r *wordResolver) arrayLiteral(x *syntax.ArrayExpr, assoc bool, onto *arrayValue) (*arrayValue, bool) {
	a := &arrayValue{assoc: assoc, exact: true}
	if onto != nil {
		a = onto.clone()
	}
	for _, el := range x.Elems {
		if !r.arrayElem(a, el) {
			return nil, false
		}
	}
	return a, true
}

// arrayElem adds one element of an array literal.
func (r *wordResolver) arrayElem(a *arrayValue, el *syntax.ArrayElem) bool {
	if el.Index != nil {
		key, ok := r.indexKey(el.Index, a.assoc)
		v := r.resolveValue(el.Value)
		return ok && r.elemStorable(v) && a.set(key, v)
	}
	if a.assoc || el.Value == nil {
		return false // bash 5.1's key value pairs: not read here
	}
	for _, w := range r.resolve(el.Value) {
		if !r.elemStorable(w) || !a.add(w) {
			return false
		}
	}
	return true
}

// add appends one word of an indexed array literal: a pattern, or an
// unquoted unknown word, may be any number of words.
func (a *arrayValue) add(w Word) bool {
	if w.Glob || !w.Static && !w.Quoted {
		a.exact = false
	}
	w.Quoted = w.Static || w.Quoted
	a.elems = append(a.elems, w)
	return len(a.elems) <= maxArrayElems
}

// elemStorable reports an element value the array may keep: a value a
// variable may keep, or a pattern.
func (r *wordResolver) elemStorable(w Word) bool {
	return r.storable(w) || OnlyPattern(w)
}

// indexKey reads a subscript: an associative array's key as written (quote
// removal), an indexed array's decimal index.
func (r *wordResolver) indexKey(x syntax.ArithmExpr, assoc bool) (string, bool) {
	if u, ok := x.(*syntax.UnaryArithm); ok && u.Op == syntax.Minus && !u.Post && !assoc {
		// ${a[-1]}: from the end.
		if n, ok := arithConstant(u.X); ok {
			return "-" + strconv.Itoa(n), true
		}
		return "", false
	}
	w, ok := x.(*syntax.Word)
	if !ok || !assoc && !isDecimalLit(w) {
		if v, known := r.arithValue(x); known && !assoc {
			return strconv.FormatInt(v, 10), true // ${a[x]} with x=1, ${a[1+1]}
		}
	}
	if !ok {
		return "", false
	}
	k := r.resolveOne(w)
	if !k.Static {
		return "", false
	}
	if !assoc {
		if _, err := strconv.Atoi(k.Text); err != nil {
			return "", false // arithmetic over a name: its value decides
		}
	}
	return k.Text, true
}

// isDecimalLit reports a subscript written as digits.
func isDecimalLit(w *syntax.Word) bool {
	_, err := strconv.Atoi(w.Lit())
	return err == nil
}

// elementValue returns ${a[i]} (and $a, which is ${a[0]}).
func (r *wordResolver) elementValue(name string, index syntax.ArithmExpr) (Word, bool) {
	a := r.arrays[name]
	if a == nil {
		return Word{}, false
	}
	key := "0"
	if index != nil {
		k, ok := r.indexKey(index, a.assoc)
		if !ok {
			return Word{}, false
		}
		key = k
	}
	return a.get(key)
}

// lengthValue returns ${#a[@]}: how many elements an exact array holds.
func (r *wordResolver) lengthValue(p *syntax.ParamExp) (Word, bool) {
	a := r.arrays[p.Param.Value]
	if a == nil || !allIndex(p.Index) || !a.exact || a.partial {
		return Word{}, false
	}
	return staticWord(strconv.Itoa(len(a.elems))), true
}

// allIndex reports the subscript @ or *.
func allIndex(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	return ok && (w.Lit() == "@" || w.Lit() == "*")
}

// arrayWords expands ${a[@]} or ${a[*]}: quoted "${a[@]}" is the elements
// as words, unquoted they are split again (static words without blanks or
// pattern characters only); "${a[*]}" is one word, the elements joined by
// spaces (values.go knows none where IFS changes).
func (r *wordResolver) arrayWords(p *syntax.ParamExp, quoted bool) ([]Word, bool) {
	elems, ok := r.arrayElems(p)
	if !ok {
		return nil, false
	}
	size := 0
	for _, e := range elems {
		size += len(e.Text)
		if !quoted && (!e.Static || strings.ContainsAny(e.Text, " \t\n*?[")) {
			return nil, false
		}
	}
	if !r.charge(size) {
		return nil, false
	}
	if quoted && p.Index.(*syntax.Word).Lit() == "*" {
		return []Word{joinWords(elems)}, true
	}
	return slices.Clone(elems), true
}

// arrayElems returns the elements ${a[@]} (or ${a[@]:N:M}) stands for,
// when the array is known.
func (r *wordResolver) arrayElems(p *syntax.ParamExp) ([]Word, bool) {
	if p.Param == nil || r.inFunction > 0 && !r.settled(p.Param.Value) || !allIndex(p.Index) || p.Length || !onlySlice(p) {
		return nil, false
	}
	name := p.Param.Value
	if target, ok := r.refs[name]; ok {
		name = target
	}
	a := r.arrays[name]
	if a == nil {
		return nil, false
	}
	elems, ok := a.words()
	if ok && p.Slice != nil {
		elems, ok = a.slice(elems, p.Slice)
	}
	return elems, ok
}

// onlySlice reports an expansion with no operator but a slice (${a[@]:1}).
func onlySlice(p *syntax.ParamExp) bool {
	return !p.Excl && p.Repl == nil && p.Exp == nil && p.Names == 0
}

// joinWords is "${a[*]}": one word of the elements joined by spaces.
func joinWords(elems []Word) Word {
	joined := Word{Static: true, Quoted: true}
	texts := make([]string, len(elems))
	for i, e := range elems {
		texts[i] = e.Text
		mergeDynamic(&joined, e)
		joined.Glob = joined.Glob || e.Glob
	}
	joined.Text = strings.Join(texts, " ")
	return joined
}

// quotedArrayWords expands a word that is exactly "${a[@]}" or "${a[*]}".
func (r *wordResolver) quotedArrayWords(w *syntax.Word) ([]Word, bool) {
	if len(w.Parts) != 1 {
		return nil, false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return nil, false
	}
	p, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok {
		return nil, false
	}
	return r.arrayWords(p, true)
}

// assignArray records a=(…), a+=(…) or a[i]=v, when name's value is followed.
func (r *wordResolver) assignArray(a *syntax.Assign, assoc bool) {
	name := a.Name.Value
	cur := r.arrays[name]
	_, scalar := r.known[name]
	next, ok := r.nextArray(a, assoc, cur)
	if !ok || r.cases[name] != 0 || scalar && cur == nil && (a.Append || a.Index != nil) {
		r.dropValue(name) // not known, or a scalar made an array: not followed
		return
	}
	delete(r.known, name)
	if r.arrays == nil {
		r.arrays = map[string]*arrayValue{}
	}
	r.arrays[name] = next
}

// nextArray returns an array's value after a=(…), a+=(…) or a[i]=v.
func (r *wordResolver) nextArray(a *syntax.Assign, assoc bool, cur *arrayValue) (*arrayValue, bool) {
	switch {
	case a.Array != nil && !a.Append:
		return r.arrayLiteral(a.Array, assoc, nil)
	case a.Array != nil && cur != nil:
		return r.arrayLiteral(a.Array, cur.assoc, cur)
	case a.Index != nil && !a.Append:
		return r.setElement(cur, a, assoc)
	}
	return nil, false
}

// setElement applies a[i]=v to the array's value. An array not known yet
// that was declared associative gets the key; any other is not known.
func (r *wordResolver) setElement(cur *arrayValue, a *syntax.Assign, assoc bool) (*arrayValue, bool) {
	if cur == nil {
		if !assoc {
			return nil, false
		}
		cur = &arrayValue{assoc: true, partial: true}
	}
	key, ok := r.indexKey(a.Index, cur.assoc)
	if !ok {
		return nil, false
	}
	v := r.resolveValue(a.Value)
	if !r.elemStorable(v) {
		return nil, false
	}
	next := cur.clone()
	return next, next.set(key, v)
}

// dropValue forgets a variable's value, scalar or array.
func (r *wordResolver) dropValue(name string) {
	delete(r.known, name)
	delete(r.arrays, name)
}

// withArray returns arrays with name's value a (arrays is not changed).
func withArray(arrays map[string]*arrayValue, name string, a *arrayValue) map[string]*arrayValue {
	out := make(map[string]*arrayValue, len(arrays)+1)
	for k, v := range arrays {
		out[k] = v
	}
	out[name] = a
	return out
}
