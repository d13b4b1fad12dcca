package shellparse

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// For loops over known words: in `for f in a b; do cmd "$f"; done` f takes
// each of a and b, so the body's simple commands are read once with each
// (alternatives), and not with f unknown: a loop over build dirs deletes
// build dirs. A pattern (for f in ~/.ssh/*) is read as the pattern. A
// loop with more values than maxCandidates, or over words not known, is
// read with f unknown, and with its first values as candidates.

// loopPattern reports a word that is a pattern and nothing else unknown.
func loopPattern(w Word) bool {
	return w.Glob && !w.Subst && !w.Placeholder && len(w.Params) == 0 && len(w.Assigned) == 0
}

// loopWords returns the words a for loop's list gives, when they are
// known (values or patterns) and few; nil otherwise.
func (r *wordResolver) loopWords(wi *syntax.WordIter) []Word {
	var out []Word
	for _, item := range wi.Items {
		for _, w := range r.resolve(item) {
			if !r.storable(w) && !loopPattern(w) || len(out) == maxCandidates {
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
	wi, ok := x.Loop.(*syntax.WordIter)
	if !ok || x.Select || wi.Name == nil || !wi.InPos.IsValid() || r.stale || r.inFunction > 0 || r.writes == nil {
		return func() {}
	}
	name := wi.Name.Value
	if unknownNames[name] || r.writes.count[name] != 1 || r.writes.count["IFS"] > 0 || r.writes.namerefs[name] != nil {
		return func() {}
	}
	words := r.loopWords(wi)
	if len(words) == 0 {
		return func() {}
	}
	prev, had := r.alts[name]
	if r.alts == nil {
		r.alts = map[string][]Word{}
	}
	r.alts[name] = words
	return func() {
		if r.alts == nil {
			return // forgotten meanwhile
		}
		if had {
			r.alts[name] = prev
		} else {
			delete(r.alts, name)
		}
	}
}

// altCombos returns the readings of a statement that uses loop variables:
// one set of their values each, when there are at most maxCandidates.
func (r *wordResolver) altCombos(st *syntax.Stmt) []map[string]Word {
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
	if len(names) == 0 {
		return nil
	}
	combos := []map[string]Word{{}}
	for _, name := range names {
		values := r.alts[name]
		if len(combos)*len(values) > maxCandidates {
			return nil
		}
		var next []map[string]Word
		for _, c := range combos {
			for _, v := range values {
				m := make(map[string]Word, len(c)+1)
				for k, x := range c {
					m[k] = x
				}
				m[name] = v
				next = append(next, m)
			}
		}
		combos = next
	}
	return combos
}

// eachAlternative reads a simple command once for each set of its loop
// variables' values: its substitutions are walked once first, with the
// variables unknown (the commands inside read their own alternatives).
func (s *scriptWalker) eachAlternative(st *syntax.Stmt, ce *syntax.CallExpr, c context, combos []map[string]Word) {
	for _, rd := range st.Redirs {
		s.substs(rd.Word, c)
		if rd.Hdoc != nil && !(rd.Word != nil && hasQuotes(rd.Word.Parts)) {
			s.substs(rd.Hdoc, c)
		}
	}
	for _, a := range ce.Assigns {
		s.substs(a, c)
	}
	for _, arg := range ce.Args {
		s.substs(arg, c)
	}
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
