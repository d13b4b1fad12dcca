package shellparse

import (
	"mvdan.cc/sh/v3/syntax"
)

// Top-level statements whose path is known: their writes are followed as
// a top-level statement's (values.go). A case over a word written out runs
// the first arm whose patterns, written out, match it (case x in x) c=rm;;
// esac: c is rm after it). A for loop over known words with no break in
// its body leaves its variable the last word (for c in echo rm; do :;
// done: c is rm after it). Anything else in a branch or a loop stays a
// candidate (values.go), never a known value.

// chosenArm returns the statements of the arm a top-level case runs, when
// its word and the patterns up to the arm are written out and the arm ends
// with ;; (or esac); nil otherwise.
func (r *wordResolver) chosenArm(st *syntax.Stmt) []*syntax.Stmt {
	x, ok := st.Cmd.(*syntax.CaseClause)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || !plainWord(x.Word) {
		return nil
	}
	word := r.resolveOne(x.Word)
	if !word.Static || len(word.Text) > maxOperandBytes || !isASCII(word.Text) {
		return nil
	}
	for _, item := range x.Items {
		match, known := r.armMatches(item, word.Text)
		switch {
		case !known:
			return nil // whether it matches is not known
		case !match:
			continue
		case item.OpPos.IsValid() && item.Op != syntax.Break:
			return nil // ;& and ;;& run more arms
		}
		return item.Stmts
	}
	return nil
}

// armMatches reports whether one of an arm's patterns matches text, and
// whether that is known: each pattern up to the match written out.
func (r *wordResolver) armMatches(item *syntax.CaseItem, text string) (match, known bool) {
	for _, p := range item.Patterns {
		if !plainWord(p) {
			return false, false // a substitution in it: its output decides
		}
		pat, ok := r.pattern(p)
		if !ok {
			return false, false
		}
		if matchPattern(pat, text) {
			return true, true
		}
	}
	return false, true
}

// followedLoop returns the list of a top-level for loop whose variable is
// left the last word of the list: a loop over words (not select) whose
// body has no break and calls no function of the script (whose break
// would leave the loop early).
func (r *wordResolver) followedLoop(st *syntax.Stmt) (*syntax.WordIter, bool) {
	x, ok := st.Cmd.(*syntax.ForClause)
	if !ok || x.Select || st.Negated || st.Background || st.Coprocess {
		return nil, false
	}
	wi, ok := x.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil || !wi.InPos.IsValid() || len(wi.Items) == 0 {
		return nil, false
	}
	return wi, !r.mayBreak(x.Do)
}

// mayBreak reports a loop body that may leave the loop early: a break, a
// call of a function of the script, or a command whose name is not
// written out.
func (r *wordResolver) mayBreak(body []*syntax.Stmt) bool {
	functions := r.scriptFunctions()
	leaves := false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				name := ce.Args[0].Lit()
				leaves = leaves || name == "break" || name == "" || functions[name]
			}
			return !leaves
		})
	}
	return leaves
}

// scriptFunctions returns the names of the functions the script declares.
func (r *wordResolver) scriptFunctions() map[string]bool {
	names := map[string]bool{}
	if r.file == nil {
		return names
	}
	syntax.Walk(r.file, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			names[fd.Name.Value] = true
		}
		return true
	})
	return names
}

// loopLast records what a followed for loop leaves its variable: the last
// word of its list, when every word is known (a pattern's match is not).
func (r *wordResolver) loopLast(wi *syntax.WordIter) {
	name := wi.Name.Value
	if !r.follows(name) {
		return
	}
	var last Word
	n := 0
	for _, item := range wi.Items {
		for _, w := range r.resolve(item) {
			if !r.storable(w) {
				r.setKnown(name, Word{}, false)
				return
			}
			last, n = w, n+1
		}
	}
	if n == 0 {
		r.setKnown(name, Word{}, false) // the loop ran no time: not written
		return
	}
	r.setKnown(name, last, true)
}

// countPathWrites counts, for a top-level statement whose path is known,
// the writes that are followed as a top-level statement's: the loop's
// variable, the chosen arm's followed statements.
// through collects the writes through a variable they make (writesOf).
func (sw *scriptWrites) countPathWrites(st *syntax.Stmt, r *wordResolver, through *[]string) {
	if wi, ok := r.followedLoop(st); ok {
		sw.top[wi.Name.Value]++
		return
	}
	for _, arm := range r.chosenArm(st) {
		if followed(arm) {
			top := newScan(r, sw.top)
			syntax.Walk(arm, top.visit)
			*through = append(*through, top.through...)
		}
		sw.countPathWrites(arm, r, through)
	}
}

// pathKnownAfter records what a top-level statement whose path is known
// makes known once walked.
func (s *scriptWalker) pathKnownAfter(st *syntax.Stmt) {
	r := s.words
	if wi, ok := r.followedLoop(st); ok {
		r.loopLast(wi)
		return
	}
	for _, arm := range r.chosenArm(st) {
		s.knownAfter(arm)
	}
}
