package shellparse

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Known values: a variable assigned once in the whole script, by a bare
// assignment of a static value at its top level, has that value in every
// later top-level statement (x=rm; $x -rf ~ runs rm). Anything else that
// may write it — a second assignment anywhere, read, printf -v, for, a
// function, ${x:=…}, arithmetic, a nameref — leaves it unknown, and so do
// eval, source and trap once they have run (they may assign anything), and
// a use inside a function body (it runs when called, perhaps before).

// unknownNames are the variables whose values change how the shell reads
// or finds things (IFS splits, PATH finds programs, HOME is ~): they are
// judged by the checks that know them, never taken as plain text.
var unknownNames = setOf("IFS", "PATH", "HOME", "PWD", "OLDPWD", "CDPATH", "BASH_ENV", "ENV", "SHELLOPTS",
	"BASHOPTS", "PS4", "PROMPT_COMMAND", "GLOBIGNORE", "BASH_XTRACEFD")

// scriptWrites counts, per variable, the places of a script that may write
// it; anything reports what may write any variable: a write whose target is
// not a plain name (a declare -n, printf -v "$v", read "$v", declare
// "$v=…"), or eval, source, trap and the like.
type scriptWrites struct {
	count    map[string]int
	anything bool
	// assigns are the plain assignments (NAME=VALUE) when counting.
	assigns []*syntax.Assign
}

// writesOf walks a script, or one statement of it, once.
func writesOf(node syntax.Node) scriptWrites {
	return walkWrites(node, map[string]int{})
}

// setsAnyVariable reports what in node may set any variable: eval, source,
// trap and the like, or a write whose target is not a plain name.
func setsAnyVariable(node syntax.Node) bool { return walkWrites(node, nil).anything }

// walkWrites walks node for writes, counting them in count unless it is nil.
func walkWrites(node syntax.Node, count map[string]int) scriptWrites {
	sw := scriptWrites{count: count}
	target := func(x syntax.ArithmExpr) {
		if w, ok := x.(*syntax.Word); ok && isIdentifier(w.Lit()) {
			sw.add(w.Lit())
		} else {
			sw.anything = true
		}
	}
	syntax.Walk(node, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil {
				sw.add(x.Name.Value)
				if sw.count != nil && !x.Append && x.Array == nil && x.Index == nil && !x.Naked && x.Value != nil {
					sw.assigns = append(sw.assigns, x)
				}
			} else if x.Naked && x.Value != nil && x.Value.Lit() == "" {
				sw.anything = true // declare "$v=…"
			}
		case *syntax.DeclClause:
			sw.anything = sw.anything || declaresNameref(x)
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				break
			}
			name := x.Args[0].Lit()
			if writerCommands[name] {
				sw.callWrites(name, x.Args[1:])
			}
			sw.anything = sw.anything || runsAnything[name]
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				sw.add(wi.Name.Value)
			}
		case *syntax.ParamExp:
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) && x.Param != nil {
				sw.add(x.Param.Value)
			}
		default:
			if t, ok := arithTarget(n); ok {
				target(t)
			}
		}
		return true
	})
	return sw
}

// add counts a write of name, when counting.
func (sw *scriptWrites) add(name string) {
	if sw.count != nil {
		sw.count[name]++
	}
}

// callWrites counts the names a writing builtin's words may assign. printf
// and wait assign only the name after -v or -p, getopts only its second
// word; the others (read, mapfile, unset, let …) any identifier among their
// words. A target word that is not literal may name any variable.
func (sw *scriptWrites) callWrites(name string, args []*syntax.Word) {
	count := func(w *syntax.Word) {
		if lit := w.Lit(); isIdentifier(lit) {
			sw.add(lit)
		} else if lit == "" {
			sw.anything = true
		}
	}
	switch name {
	case "printf", "wait":
		flag := map[string]string{"printf": "-v", "wait": "-p"}[name]
		for i, a := range args {
			lit := a.Lit()
			if lit == flag && i+1 < len(args) {
				count(args[i+1])
			} else if rest, ok := strings.CutPrefix(lit, flag); ok && rest != "" {
				count(&syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: rest}}})
			}
		}
	case "getopts":
		if len(args) > 1 {
			count(args[1])
		}
	default:
		for _, a := range args {
			if !strings.HasPrefix(a.Lit(), "-") {
				count(a)
			}
		}
	}
}

// declaresNameref reports declare -n (typeset -n, local -n, nameref): a
// name that writes another variable.
func declaresNameref(x *syntax.DeclClause) bool {
	if x.Variant.Value == "nameref" {
		return true
	}
	for _, a := range x.Args {
		if a.Naked && a.Value != nil {
			lit := a.Value.Lit()
			if len(lit) > 1 && (lit[0] == '-' || lit[0] == '+') && strings.ContainsRune(lit, 'n') {
				return true
			}
			if lit == "" {
				return true // a dynamic option word may be -n
			}
		}
	}
	return false
}

// writerCommands are the builtins that assign the variables they name
// (callWrites); export, declare and the like are read as declarations.
var writerCommands = setOf("read", "mapfile", "readarray", "printf", "getopts", "unset", "let", "wait")

// runsAnything are the builtins after which any variable may have any
// value: they run text the shell reads then.
var runsAnything = setOf("eval", "source", ".", "trap", "enable", "builtin", "command", "exec")

func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// follow walks a script's top-level statements in order, making known
// after each what it assigns (knownAfter). A statement that may set any
// variable — eval, source, trap, a write through a name not written out
// (printf -v "$v", a nameref) — makes every value unknown after it, and,
// when it is more than one simple command (a loop, a list, a function), for
// its own walk too: a later part of it may run after the write.
func (s *scriptWalker) follow(file *syntax.File, c context) {
	if !strings.Contains(s.words.source, "=") {
		// No assignment anywhere: no value to follow.
		s.stmts(file.Stmts, c)
		return
	}
	w := writesOf(file)
	writes := &w
	s.words.candidates = candidatesOf(s.words, w)
	for _, st := range file.Stmts {
		if s.full {
			return
		}
		r := s.words
		setsAny := !r.stale && setsAnyVariable(st)
		if _, simple := st.Cmd.(*syntax.CallExpr); setsAny && !simple {
			r.known, r.stale = nil, true
		}
		s.stmt(st, c)
		if setsAny {
			r.known, r.stale = nil, true
			continue
		}
		if !r.stale && bareAssignment(st) {
			s.knownAfter(st, *writes)
		}
	}
}

// bareAssignment reports a statement of assignments alone (x=v), run in the
// script's own shell.
func bareAssignment(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(call.Args) == 0 && len(call.Assigns) > 0 && len(st.Redirs) == 0 && !st.Negated && !st.Background && !st.Coprocess
}

// knownAfter records what a top-level statement, once walked, makes known:
// the value of a bare static assignment to a variable nothing else writes.
func (s *scriptWalker) knownAfter(st *syntax.Stmt, writes scriptWrites) {
	r := s.words
	if writes.count["IFS"] > 0 {
		// A changed IFS splits an unquoted value where its text does not say.
		return
	}
	if r.stale || !bareAssignment(st) {
		return
	}
	for _, a := range st.Cmd.(*syntax.CallExpr).Assigns {
		if a.Name == nil || a.Append || a.Array != nil || a.Index != nil || a.Naked || unknownNames[a.Name.Value] || writes.count[a.Name.Value] != 1 {
			continue
		}
		value := Word{Static: true}
		if a.Value != nil {
			value = r.resolveOne(a.Value)
		}
		if value.Static && !value.Glob && !value.Subst {
			if r.known == nil {
				r.known = map[string]Word{}
			}
			r.known[a.Name.Value] = value
		}
	}
}

// knownValue returns the value of $NAME when the script made it known.
func (r *wordResolver) knownValue(p *syntax.ParamExp) (Word, bool) {
	if len(r.known) == 0 || r.inFunction > 0 || p.Param == nil || p.Excl || p.Length || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 {
		return Word{}, false
	}
	v, ok := r.known[p.Param.Value]
	return v, ok
}

// splitKnown expands a word that is exactly an unquoted $NAME of known
// value as bash does with the default IFS (values.go makes none known where
// IFS changes): split at blanks into static words, none for an empty value.
// A value with a pattern character would be globbed: it is left to resolve.
func (r *wordResolver) splitKnown(w *syntax.Word) ([]Word, bool) {
	if len(w.Parts) != 1 {
		return nil, false
	}
	p, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok {
		return nil, false
	}
	v, ok := r.knownValue(p)
	if !ok || strings.ContainsAny(v.Text, "*?[") {
		return nil, false
	}
	fields := strings.Fields(v.Text)
	words := make([]Word, len(fields))
	for i, f := range fields {
		words[i] = staticWord(f)
	}
	return words, true
}

// maxCandidates bounds the values a variable is read with, and the extra
// readings of one command.
const maxCandidates = 4

// candidatesOf returns, per variable, the static values the script assigns
// it anywhere: where its value is not certain, a command that uses it is
// also read with each of them (candidateReadings), so that a value set
// under a condition, in a block or a function still counts.
func candidatesOf(r *wordResolver, w scriptWrites) map[string][]Word {
	if w.count["IFS"] > 0 || len(w.assigns) == 0 {
		return nil
	}
	var out map[string][]Word
	for _, a := range w.assigns {
		name := a.Name.Value
		if unknownNames[name] || len(out[name]) >= maxCandidates {
			continue
		}
		v := r.resolveOne(a.Value)
		if !v.Static || v.Glob || v.Subst || slices.ContainsFunc(out[name], func(x Word) bool { return x.Text == v.Text }) {
			continue
		}
		if out == nil {
			out = map[string][]Word{}
		}
		out[name] = append(out[name], v)
	}
	// A value made of another's (g=$f): read with each of that one's.
	known := r.known
	defer func() { r.known = known }()
	for _, a := range w.assigns {
		name := a.Name.Value
		if unknownNames[name] || len(out[name]) >= maxCandidates {
			continue
		}
		for _, p := range paramsOf(a.Value) {
			for _, pv := range out[p] {
				r.known = map[string]Word{p: pv}
				v := r.resolveOne(a.Value)
				if v.Static && !v.Glob && !v.Subst && len(out[name]) < maxCandidates && !slices.ContainsFunc(out[name], func(x Word) bool { return x.Text == v.Text }) {
					out[name] = append(out[name], v)
				}
			}
		}
	}
	return out
}

// paramsOf returns the parameters a word expands.
func paramsOf(w *syntax.Word) []string {
	var names []string
	syntax.Walk(w, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil && !slices.Contains(names, p.Param.Value) {
			names = append(names, p.Param.Value)
		}
		return true
	})
	return names
}

// candidateNames returns the variables with candidate values a statement
// uses where their value is not certain.
func (r *wordResolver) candidateNames(ce *syntax.Stmt) []string {
	if len(r.candidates) == 0 {
		return nil
	}
	var names []string
	syntax.Walk(ce, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil {
			name := p.Param.Value
			_, certain := r.known[name]
			if len(r.candidates[name]) > 0 && (!certain || r.inFunction > 0) && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		return len(names) < maxCandidates
	})
	return names
}
