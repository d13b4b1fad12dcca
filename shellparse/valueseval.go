package shellparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// eval of text written out: eval "c=rm" runs c=rm in the script's own
// shell, so its writes are the script's, counted and followed as if the
// text stood where the eval does. Text with a word not written out, text
// that does not parse, or text that itself may set any variable (an eval
// in it, source …) leaves eval what it is otherwise: a statement after
// which no value is known.

// evalText is one eval's text, parsed.
type evalText struct {
	file   *syntax.File
	source string
	ok     bool
}

// staticEval returns the parsed text of eval WORDS when every word is
// written out (quotes and literal text only) and the text parses.
func (r *wordResolver) staticEval(x *syntax.CallExpr) (evalText, bool) {
	if len(x.Args) < 2 || x.Args[0].Lit() != "eval" || len(x.Assigns) > 0 {
		return evalText{}, false
	}
	if e, seen := r.evals[x]; seen {
		return e, e.ok
	}
	e := r.parseEval(x)
	if r.evals == nil {
		r.evals = map[*syntax.CallExpr]evalText{}
	}
	r.evals[x] = e
	return e, e.ok
}

// parseEval parses an eval's words joined by spaces, as eval does.
func (r *wordResolver) parseEval(x *syntax.CallExpr) evalText {
	texts := make([]string, 0, len(x.Args)-1)
	for _, a := range x.Args[1:] {
		if !plainWord(a) {
			return evalText{}
		}
		w := r.resolveOne(a)
		if !w.Static {
			return evalText{}
		}
		texts = append(texts, w.Text)
	}
	src := strings.Join(texts, " ")
	if len(src) > maxValueBytes || strings.IndexByte(src, 0) >= 0 || r.work != nil && !r.work.spend(len(src)) {
		return evalText{}
	}
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return evalText{}
	}
	scan := newScan(r, nil)
	syntax.Walk(file, scan.visit)
	if scan.anything || len(scan.through) > 0 {
		return evalText{} // it may set any variable itself
	}
	return evalText{file: file, source: src, ok: true}
}

// evalKnownAfter records what a top-level eval of text written out makes
// known: what its own top-level statements would.
func (s *scriptWalker) evalKnownAfter(st *syntax.Stmt) bool {
	r := s.words
	x, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	e, ok := r.staticEval(x)
	if !ok {
		return false
	}
	source := r.source
	r.source = e.source
	defer func() { r.source = source }()
	for _, inner := range e.file.Stmts {
		s.knownAfter(inner)
	}
	return true
}

// countEvalWrites counts the writes a top-level eval of text written out
// makes that are followed: those of its followed top-level statements.
func (sw *scriptWrites) countEvalWrites(st *syntax.Stmt, r *wordResolver, through *[]string) {
	x, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return
	}
	e, ok := r.staticEval(x)
	if !ok {
		return
	}
	source := r.source
	r.source = e.source
	defer func() { r.source = source }()
	for _, inner := range e.file.Stmts {
		if followed(inner) {
			top := newScan(r, sw.top)
			syntax.Walk(inner, top.visit)
			*through = append(*through, top.through...)
		}
	}
}

// evalWrites counts the writes of an eval of text written out as the
// script's own, and reports whether it did (otherwise eval may write any
// variable).
func (sw *scriptWrites) evalWrites(x *syntax.CallExpr) bool {
	if sw.res == nil {
		return false
	}
	e, ok := sw.res.staticEval(x)
	if !ok {
		return false
	}
	source := sw.res.source
	sw.res.source = e.source
	defer func() { sw.res.source = source }()
	stmt := sw.stmt
	syntax.Walk(e.file, sw.visit)
	sw.stmt = stmt
	return true
}
