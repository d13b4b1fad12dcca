package shellparse

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// Namerefs: after declare -n NAME=TARGET (local -n, typeset -n), $NAME is
// TARGET's value and every write to NAME writes TARGET. Each write to a
// nameref — an assignment, read NAME, printf -v NAME, for NAME in …,
// (( NAME = 1 )), ${NAME:=…} — is reported as an assignment to TARGET too
// (Via "reference"), wherever it stands, so that what TARGET means to the
// gate (PERMGATE_MODE, HOME) is judged.

// maxRefChain bounds how many namerefs a chain of them (a names b names c)
// is followed through.
const maxRefChain = 8

// refTargets returns the variables a nameref writes, through a chain of
// namerefs too (nil for any other name). A target the analysis does not
// know is "" (the nameref may write any variable).
func (w *scriptWrites) refTargets(name string) []string {
	if w == nil || w.namerefs[name] == nil {
		return nil
	}
	var out []string
	next := []string{name}
	seen := map[string]bool{name: true}
	for depth := 0; depth < maxRefChain && len(next) > 0; depth++ {
		next = w.refStep(next, seen, &out)
	}
	if len(next) > 0 && !slices.Contains(out, "") {
		out = append(out, "") // a chain longer than followed
	}
	return out
}

// refStep follows the namerefs in names one step: their targets that are
// variables go to out, those that are namerefs not seen are returned.
func (w *scriptWrites) refStep(names []string, seen map[string]bool, out *[]string) []string {
	var more []string
	for _, n := range names {
		for _, t := range w.namerefs[n] {
			switch {
			case t != "" && w.namerefs[t] != nil && !seen[t]:
				seen[t] = true
				more = append(more, t) // a nameref to a nameref
			case !slices.Contains(*out, t):
				*out = append(*out, t)
			}
		}
	}
	return more
}

// refWrites returns the assignments a command makes through namerefs: for
// each name it writes that is a nameref, an assignment to each target,
// with the value assigns gives the name (an unknown one otherwise).
func (s *scriptWalker) refWrites(node syntax.Node, assigns []Assign) []Assign {
	w := s.words.writes
	if w == nil || len(w.namerefs) == 0 {
		return nil
	}
	one := newScan(s.words, map[string]int{})
	syntax.Walk(node, one.visit)
	var names []string
	for name := range one.count {
		if w.namerefs[name] != nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var out []Assign
	for _, name := range names {
		value := Word{Text: "${" + name + "}", Params: []string{name}}
		for _, a := range assigns {
			if a.Name == name {
				value = a.Value
			}
		}
		out = append(out, s.refAssigns(name, value)...)
	}
	return out
}

// refAssigns returns the assignments a write of the nameref name makes: one
// to each of its targets. A target not known is written "$name": the
// variable name's value names, which may be any.
func (s *scriptWalker) refAssigns(name string, value Word) []Assign {
	var out []Assign
	for _, t := range s.words.writes.refTargets(name) {
		if t == "" {
			t = "$" + name
		}
		out = append(out, Assign{Name: t, Value: value, Via: "reference"})
	}
	return out
}

// declareRefs makes the namerefs a top-level declaration declares read as
// their targets from here on: each declared once in the whole script, with
// one target that is a name.
func (r *wordResolver) declareRefs(x *syntax.DeclClause) {
	if r.writes == nil || r.stale || x.Variant.Value == "local" || !declaresNameref(x) {
		return
	}
	for _, a := range x.Args {
		if a.Name == nil || r.writes.refDecls[a.Name.Value] != 1 {
			continue
		}
		targets := r.writes.refTargets(a.Name.Value)
		if len(targets) != 1 {
			continue
		}
		if r.refs == nil {
			r.refs = map[string]string{}
		}
		r.refs[a.Name.Value] = targets[0]
	}
}
