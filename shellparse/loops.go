package shellparse

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// For loops over known words: in `for f in a b; do cmd "$f"; done` f takes
// each of a and b, so the body's simple commands are read once with each
// (alternatives), and not with f unknown: a loop over build dirs deletes
// build dirs. A pattern (for f in ~/.ssh/*) is read as the pattern. A
// loop with more values than maxCandidates, or over words not known, is
// read with f unknown, and with its first values as candidates.

// OnlyPattern reports a word that is a pattern and nothing else unknown
// (scripts/*.sh): what it names is the files it matches.
func OnlyPattern(w Word) bool {
	return w.Glob && !w.Subst && !w.Placeholder && len(w.Params) == 0 && len(w.Assigned) == 0
}

// loopWords returns the words a for loop's list gives, when they are
// known (values or patterns) and few; nil otherwise.
func (r *wordResolver) loopWords(wi *syntax.WordIter) []Word {
	var out []Word
	for _, item := range wi.Items {
		for _, w := range r.resolve(item) {
			if !r.storable(w) && !OnlyPattern(w) || len(out) == maxCandidates {
				return nil
			}
			out = append(out, w)
		}
	}
	return out
}

// enterLoop makes a for loop's variable take its list's words in the
// loop's body, when only the loop writes it; the returned function undoes
// it.
func (r *wordResolver) enterLoop(x *syntax.ForClause) func() {
	wi, ok := r.loopFollowed(x)
	if !ok {
		return func() {}
	}
	words := r.loopWords(wi)
	if len(words) == 0 {
		return func() {}
	}
	return r.setAlts(wi.Name.Value, words)
}

// loopFollowed returns a for loop's list when its variable's values may be
// followed: a loop over words (not select), that alone writes the
// variable, where values are followed.
func (r *wordResolver) loopFollowed(x *syntax.ForClause) (*syntax.WordIter, bool) {
	wi, ok := x.Loop.(*syntax.WordIter)
	if !ok || x.Select || wi.Name == nil || !wi.InPos.IsValid() || r.stale || r.inFunction > 0 || r.writes == nil {
		return nil, false
	}
	name := wi.Name.Value
	w := r.writes
	return wi, !unknownNames.Get()[name] && w.count[name] == 1 && w.count["IFS"] == 0 && w.namerefs[name] == nil
}

// setAlts gives name the values words in the loop's body; the returned
// function puts back what it had.
func (r *wordResolver) setAlts(name string, words []Word) func() {
	prev, had := r.alts[name]
	if r.alts == nil {
		r.alts = map[string][]Word{}
	}
	r.alts[name] = words
	return func() {
		switch {
		case r.alts == nil: // forgotten meanwhile
		case had:
			r.alts[name] = prev
		default:
			delete(r.alts, name)
		}
	}
}

// altCombos returns the readings of a statement that uses loop variables:
// one set of their values each, when there are at most maxCandidates.
func (r *wordResolver) altCombos(st *syntax.Stmt) []map[string]Word {
	names := r.altNames(st)
	if len(names) == 0 {
		return nil
	}
	combos := []map[string]Word{{}}
	for _, name := range names {
		values := r.alts[name]
		if len(combos)*len(values) > maxCandidates {
			return nil
		}
		combos = combine(combos, name, values)
	}
	return combos
}

// altNames returns the loop variables a statement uses.
func (r *wordResolver) altNames(st *syntax.Stmt) []string {
	if len(r.alts) == 0 || r.inFunction > 0 {
		return nil
	}
	var names []string
	syntax.Walk(st, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil {
			if _, ok := r.alts[p.Param.Value]; ok && !slices.Contains(names, p.Param.Value) {
				names = append(names, p.Param.Value)
			}
		}
		return true
	})
	return names
}

// combine returns each of combos with each of name's values.
func combine(combos []map[string]Word, name string, values []Word) []map[string]Word {
	next := make([]map[string]Word, 0, len(combos)*len(values))
	for _, c := range combos {
		for _, v := range values {
			next = append(next, withValues(c, map[string]Word{name: v}))
		}
	}
	return next
}

// eachAlternative reads a simple command once for each set of its loop
// variables' values: its substitutions are walked once first, with the
// variables unknown (the commands inside read their own alternatives).
func (s *scriptWalker) eachAlternative(st *syntax.Stmt, ce *syntax.CallExpr, c context, combos []map[string]Word) {
	s.callSubsts(st, ce, c)
	r := s.words
	known := r.known
	s.rereading = true
	defer func() { r.known, s.rereading = known, false }()
	for _, combo := range combos {
		if s.full {
			return
		}
		r.known = withValues(known, combo)
		rc := c
		rc.alternative = c.alternative || len(combos) > 1
		if len(st.Redirs) > 0 {
			rc = s.redirects(st.Redirs, rc)
		}
		s.callReading(ce, rc)
	}
}

// callSubsts walks the substitutions of a simple command's statement: in
// its redirections (an unquoted here-document's body too), assignments and
// words.
func (s *scriptWalker) callSubsts(st *syntax.Stmt, ce *syntax.CallExpr, c context) {
	for _, rd := range st.Redirs {
		s.substs(rd.Word, c)
		if rd.Hdoc != nil && !s.heredocQuoted(rd) {
			s.substs(rd.Hdoc, c)
		}
	}
	for _, a := range ce.Assigns {
		s.substs(a, c)
	}
	for _, arg := range ce.Args {
		s.substs(arg, c)
	}
}

// withValues returns known with the given values added (known is not
// changed).
func withValues(known map[string]Word, values map[string]Word) map[string]Word {
	out := make(map[string]Word, len(known)+len(values))
	for k, v := range known {
		out[k] = v
	}
	for k, v := range values {
		out[k] = v
	}
	return out
}

// enterReadLoop makes the names of while read NAMES; do … done <<< TEXT
// take the values each line of a static here-string or here-document
// gives (at most maxCandidates lines), in the loop's body; the returned
// function undoes it. IFS= before read keeps a line whole for one name.
func (r *wordResolver) enterReadLoop(st *syntax.Stmt, x *syntax.WhileClause) func() {
	values, ok := r.readLoopValues(st, x)
	if !ok {
		return func() {}
	}
	var undo []func()
	for _, name := range slices.Sorted(maps.Keys(values)) {
		undo = append(undo, r.setAlts(name, values[name]))
	}
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
}

// readLoopValues returns, per name, the values a while read loop's lines
// give it, when every name may be followed.
func (r *wordResolver) readLoopValues(st *syntax.Stmt, x *syntax.WhileClause) (map[string][]Word, bool) {
	read, wholeLine, ok := readCondition(x)
	if !ok || r.stale || r.inFunction > 0 || r.writes == nil || r.writes.count["IFS"] > 0 {
		return nil, false
	}
	text, ok := r.hereInput(st.Redirs)
	if !ok {
		return nil, false
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 || len(lines) > maxCandidates {
		return nil, false
	}
	var argv []Word
	for _, a := range read.Args[1:] {
		argv = append(argv, r.resolve(a)...)
	}
	values := map[string][]Word{}
	for _, line := range lines {
		nvs, ok := readLine(argv, line, wholeLine)
		if !ok {
			return nil, false
		}
		for _, nv := range nvs {
			if !r.loopVariable(nv.name) {
				return nil, false
			}
			if !slices.ContainsFunc(values[nv.name], func(w Word) bool { return w.Text == nv.value.Text }) {
				values[nv.name] = append(values[nv.name], nv.value)
			}
		}
	}
	return values, len(values) > 0
}

// readCondition returns the read of while read …, and whether IFS= before
// it keeps each line whole.
func readCondition(x *syntax.WhileClause) (*syntax.CallExpr, bool, bool) {
	if x.Until || len(x.Cond) != 1 || x.Cond[0].Negated || len(x.Cond[0].Redirs) > 0 {
		return nil, false, false
	}
	ce, ok := x.Cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || ce.Args[0].Lit() != "read" || len(ce.Assigns) > 1 {
		return nil, false, false
	}
	if len(ce.Assigns) == 0 {
		return ce, false, true
	}
	a := ce.Assigns[0]
	empty := a.Name != nil && a.Name.Value == "IFS" && !a.Append && a.Index == nil && a.Array == nil && (a.Value == nil || a.Value.Lit() == "" && len(a.Value.Parts) == 0)
	return ce, true, empty
}

// readLine is what one line gives read's names: split as read splits it, or
// the whole line for the one name of IFS= read -r NAME.
func readLine(argv []Word, line string, wholeLine bool) ([]namedValue, bool) {
	if scan := builtinGrammar("read").Scan(RegistryWords(argv)); scan.May("-d") {
		return nil, false // the loop's lines are read at newlines
	}
	if !wholeLine {
		nvs := readAssigns(argv, line, defaultIFS)
		return nvs, nvs != nil
	}
	nvs := readAssigns(argv, line, defaultIFS)
	if len(nvs) != 1 || nvs[0].array != nil || !slices.ContainsFunc(argv, func(w Word) bool { return w.Static && w.Text == "-r" }) {
		return nil, false
	}
	nvs[0].value = staticWord(strings.TrimSuffix(line, "\n"))
	return nvs, true
}

// loopVariable reports a variable a loop may give its values: nothing but
// the loop writes it.
func (r *wordResolver) loopVariable(name string) bool {
	w := r.writes
	return !unknownNames.Get()[name] && w.count[name] == 1 && w.namerefs[name] == nil
}
