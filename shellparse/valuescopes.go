package shellparse

import (
	"mvdan.cc/sh/v3/syntax"
)

// Values in a function body: a variable whose every write in the script
// is one statement at the top of one function body (f() { local c=rm; $c
// -rf ~; }) has that value in the body's later statements, as a top-level
// statement's value has in the script's (values.go): whenever the body
// runs, that statement ran before them. Nothing may write any variable
// (eval, source …) for it to hold.

// bodyScope is the values known in the function body being walked.
type bodyScope struct {
	// depth is the function nesting (wordResolver.inFunction) of the body.
	depth int
	known map[string]Word
	// top counts the writes of the body's followed top statements.
	top  map[string]int
	prev *bodyScope
}

// functionBody walks a function's body, following the values its own top
// statements give (a body that is a { … } group, where values are
// followed); any other body is walked as a statement.
func (s *scriptWalker) functionBody(body *syntax.Stmt, c context) {
	r := s.words
	blk, ok := body.Cmd.(*syntax.Block)
	if !ok || len(body.Redirs) > 0 || body.Negated || body.Background || r.writes == nil || r.stale || r.writes.anything {
		s.stmt(body, c)
		return
	}
	if !s.enter() {
		s.leave()
		return
	}
	defer s.leave()
	r.scope = &bodyScope{depth: r.inFunction, known: map[string]Word{}, top: bodyWrites(r, blk.Stmts), prev: r.scope}
	defer func() { r.scope = r.scope.prev }()
	for _, st := range blk.Stmts {
		if s.full {
			return
		}
		s.stmt(st, c)
		r.bodyKnownAfter(st)
	}
}

// bodyWrites counts the writes of a body's followed top statements.
func bodyWrites(r *wordResolver, stmts []*syntax.Stmt) map[string]int {
	top := map[string]int{}
	for _, st := range stmts {
		if bodyFollowed(st) {
			syntax.Walk(st, newScan(r, top).visit)
		}
	}
	return top
}

// bodyFollowed reports a body statement whose writes are followed: one a
// top-level statement's would be (followed), or local NAME=VALUE.
func bodyFollowed(st *syntax.Stmt) bool {
	if followed(st) {
		return true
	}
	x, ok := st.Cmd.(*syntax.DeclClause)
	if !ok || x.Variant.Value != "local" || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	local := *x
	local.Variant = &syntax.Lit{Value: "declare"}
	_, ok = declFlags(&local)
	return ok
}

// bodyKnownAfter records what a body's top statement makes known in the
// rest of the body.
func (r *wordResolver) bodyKnownAfter(st *syntax.Stmt) {
	if r.scope == nil || r.stale || !bodyFollowed(st) {
		return
	}
	known, arrays := r.known, r.arrays
	r.known, r.arrays = r.scope.known, nil
	defer func() { r.scope.known, r.known, r.arrays = r.known, known, arrays }()
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			for _, a := range x.Assigns {
				if a.Array == nil && a.Index == nil {
					r.assignValue(a, false)
				}
			}
			return
		}
		r.builtinValues(x, st.Redirs)
	case *syntax.DeclClause:
		r.declValues(x)
	}
	for name := range r.arrays {
		delete(r.known, name) // arrays are not kept in a body
	}
}

// scopeValue returns $NAME in a function body whose top statements gave it.
func (r *wordResolver) scopeValue(p *syntax.ParamExp) (Word, bool) {
	if r.scope == nil || r.scope.depth != r.inFunction || !simpleParam(p) {
		return Word{}, false
	}
	v, ok := r.scope.known[p.Param.Value]
	return v, ok
}

// bodyFollows reports a variable whose every write is one of the current
// body's followed top statements, at most one of them whole.
func (r *wordResolver) bodyFollows(name string) bool {
	w := r.writes
	n := w.count[name]
	return n > 0 && n == r.scope.top[name] && n-w.ext[name] <= 1
}
