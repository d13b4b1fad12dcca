package shellparse

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// scriptWalker walks the tree of one parsed script.
type scriptWalker struct {
	*walker
	words *wordResolver
	// rereading reports a candidate reading of a statement already walked
	// (candidateReadings): its substitutions were walked the first time.
	rereading bool
	// lead is the first statement of a top-level list of && and ||, whose
	// writes are known for the rest of it once it is walked (follow).
	lead *syntax.Stmt
}

func (s *scriptWalker) stmts(list []*syntax.Stmt, c context) {
	for _, st := range list {
		if s.full {
			return
		}
		s.stmt(st, c)
	}
}

// enter tracks syntactic nesting; it reports false past the bound.
func (s *scriptWalker) enter() bool {
	s.nesting++
	if s.nesting > s.parser.opts.MaxNesting {
		if !s.deep {
			s.deep = true
			s.problem(ProblemTooComplex, fmt.Sprintf("commands nested more than %d deep", s.parser.opts.MaxNesting), "")
		}
		return false
	}
	return true
}

func (s *scriptWalker) leave() { s.nesting-- }

func (s *scriptWalker) stmt(st *syntax.Stmt, c context) {
	if !s.enter() {
		s.leave()
		return
	}
	defer s.leave()
	if st == s.lead {
		defer s.leadWalked(st)
	}
	if st.Background || st.Coprocess || st.Disown {
		c.background = true
	}
	if !c.nested {
		c.offset = int(st.Pos().Offset())
	}
	before := c
	if s.loopReadings(st, c) {
		return
	}
	if len(st.Redirs) > 0 {
		c = s.redirects(st.Redirs, c)
	}
	if st.Cmd == nil {
		if len(st.Redirs) > 0 {
			// "> file" alone still opens (and truncates) the file.
			s.emit(SimpleCommand{Source: s.words.text(st)}, c)
		}
		return
	}
	if x, ok := st.Cmd.(*syntax.WhileClause); ok {
		defer s.words.enterReadLoop(st, x)()
	}
	s.command(st.Cmd, c)
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && !s.full {
		s.candidateReadings(st, ce, before)
	}
}

// leadWalked makes known what the first statement of a top-level list
// assigns, for the rest of the list.
func (s *scriptWalker) leadWalked(st *syntax.Stmt) {
	s.lead = nil
	if !s.words.stale {
		s.knownAfter(st)
	}
}

// loopReadings reads a simple command that uses loop variables once for
// each of their values (loops.go), and reports whether it did.
func (s *scriptWalker) loopReadings(st *syntax.Stmt, c context) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || s.rereading {
		return false
	}
	combos := s.words.altCombos(st)
	if len(combos) == 0 {
		return false
	}
	s.eachAlternative(st, ce, c, combos)
	if !s.full {
		s.candidateReadingsWith(st, ce, c, combos[0])
	}
	return true
}

// redirects resolves a statement's redirections into the context.
func (s *scriptWalker) redirects(redirs []*syntax.Redirect, c context) context {
	own := make([]Redirect, 0, len(redirs))
	for _, r := range redirs {
		red := Redirect{Op: r.Op.String()}
		if r.N != nil {
			red.Fd = r.N.Value
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			c.stdin = s.heredoc(r, c)
			red.Target = Word{Text: c.stdin.Text, Static: c.stdin.Static, Subst: c.stdin.Subst}
		case syntax.WordHdoc:
			s.substs(r.Word, c)
			target := s.words.resolveValue(r.Word)
			red.Target = target
			c.stdin = Input{Kind: InputHereString, Text: target.Text, Static: target.Static, Subst: target.Subst}
		default:
			from := len(s.res.Commands)
			s.substs(r.Word, c)
			red.Target = s.words.resolveOne(r.Word)
			if r.Op == syntax.DplIn && (red.Fd == "" || red.Fd == "0") && !(red.Target.Static && (red.Target.Text == "0" || red.Target.Text == "-")) {
				// <&3: input from another descriptor, whose source permgate may not see.
				c.stdin = Input{Kind: InputPipe}
			}
			if r.Op == syntax.RdrIn && (red.Fd == "" || red.Fd == "0") {
				if red.Target.ProcSubst {
					// < <(echo …): the text is known when its commands are pure.
					content := red.Target.Content()
					c.stdin = Input{Kind: InputPipe, From: indexRange(from, len(s.res.Commands)), Text: content, Static: content != ""}
				} else {
					c.stdin = Input{Kind: InputFile, Text: red.Target.Text, Static: red.Target.Static}
				}
			}
		}
		own = append(own, red)
	}
	merged := make([]Redirect, 0, len(c.redirs)+len(own))
	merged = append(merged, c.redirs...)
	c.redirs = append(merged, own...)
	return c
}

func indexRange(from, to int) []int {
	if to <= from {
		return nil
	}
	out := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// heredoc returns the input a here-document gives, walking the substitutions of an
// unquoted one.
func (s *scriptWalker) heredoc(r *syntax.Redirect, c context) Input {
	in := Input{Kind: InputHereDoc, Static: true}
	if r.Hdoc == nil {
		return in
	}
	if s.heredocQuoted(r) {
		var sb strings.Builder
		for _, p := range r.Hdoc.Parts {
			if lit, ok := p.(*syntax.Lit); ok {
				sb.WriteString(lit.Value)
			}
		}
		in.Text = sb.String()
		return in
	}
	s.substs(r.Hdoc, c)
	body := s.words.resolveDouble(r.Hdoc.Parts)
	in.Text, in.Static, in.Subst = body.Text, body.Static, body.Subst
	return in
}

// heredocQuoted reports a here-document whose delimiter is quoted: its
// body is text, with nothing expanded in it.
func (s *scriptWalker) heredocQuoted(r *syntax.Redirect) bool { return s.words.quotedHeredoc(r) }

func (s *scriptWalker) command(cmd syntax.Command, c context) {
	switch x := cmd.(type) {
	case *syntax.CallExpr:
		s.call(x, c)
	case *syntax.BinaryCmd:
		if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
			s.pipeline(x, c)
			return
		}
		// Walk a && b || c … as a flat list: long chains must not count as nesting.
		for _, it := range flattenList(x, nil) {
			inner := c
			inner.orElse = c.orElse || it.orElse
			s.stmt(it.stmt, inner)
		}
	case *syntax.Block:
		s.stmts(x.Stmts, c)
	case *syntax.Subshell:
		s.stmts(x.Stmts, c)
	case *syntax.IfClause:
		for clause := x; clause != nil; clause = clause.Else {
			s.stmts(clause.Cond, c)
			s.stmts(clause.Then, c)
		}
	case *syntax.WhileClause:
		s.stmts(x.Cond, c)
		bomb := s.loopBomb(x, x.Do)
		s.stmts(x.Do, c)
		s.recordBomb(bomb)
	case *syntax.ForClause:
		s.forClause(x, c)
	case *syntax.CaseClause:
		s.substs(x.Word, c)
		for _, item := range x.Items {
			for _, pat := range item.Patterns {
				s.substs(pat, c)
			}
			s.stmts(item.Stmts, c)
		}
	case *syntax.FuncDecl:
		name := ""
		if x.Name != nil {
			name = x.Name.Value
		}
		s.res.Functions = append(s.res.Functions, name)
		c.function = name
		c.background = false
		if x.Body != nil {
			// It runs when called, which may be before a value is set;
			// $FUNCNAME is its name there.
			s.words.inFunction++
			s.words.functionNames = append(s.words.functionNames, name)
			s.functionBody(x.Body, c)
			s.words.functionNames = s.words.functionNames[:len(s.words.functionNames)-1]
			s.words.inFunction--
		}
	case *syntax.ArithmCmd:
		s.substs(x.X, c)
		if names := arithAssigns(x.X); len(names) > 0 {
			// (( HOME = 1 )) sets HOME as an assignment would.
			cmd := SimpleCommand{Source: s.words.text(x)}
			for _, n := range names {
				cmd.Assigns = append(cmd.Assigns, Assign{Name: n, Value: staticWord("")})
			}
			cmd.Assigns = append(cmd.Assigns, s.refWrites(x, cmd.Assigns)...)
			s.emit(cmd, c)
		}
	case *syntax.TestClause:
		s.substs(x.X, c)
		s.testClause(x, c)
	case *syntax.LetClause:
		argv := []Word{staticWord("let")}
		for _, e := range x.Exprs {
			s.substs(e, c)
			if w, ok := e.(*syntax.Word); ok {
				argv = append(argv, s.words.resolveOne(w))
			}
			if names := arithAssigns(e); len(names) > 0 {
				if len(argv) == 1 {
					argv = append(argv, staticWord(""))
				}
				last := &argv[len(argv)-1]
				last.Assigned = append(last.Assigned, names...)
			}
		}
		// let is a command too: its words name variables, whose subscripts run code.
		s.emit(SimpleCommand{Argv: argv, Assigns: s.refWrites(x, nil), Source: s.words.text(x)}, c)
	case *syntax.DeclClause:
		s.decl(x, c)
	case *syntax.TimeClause:
		if x.Stmt != nil {
			if ce, ok := x.Stmt.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 1 && ce.Args[0].Lit() == "--" {
				// time -p -- cmd: bash's time keyword ends its options with --.
				trimmed := *ce
				trimmed.Args = ce.Args[1:]
				st := *x.Stmt
				st.Cmd = &trimmed
				s.stmt(&st, c)
				return
			}
			s.stmt(x.Stmt, c)
		}
	case *syntax.CoprocClause:
		c.background = true
		if x.Stmt != nil {
			s.stmt(x.Stmt, c)
		}
	case *syntax.TestDecl:
		s.substs(x.Description, c)
		if x.Body != nil {
			// It runs when called, which may be before a value is set.
			s.words.inFunction++
			s.stmt(x.Body, c)
			s.words.inFunction--
		}
	default:
		s.problem(ProblemTooComplex, fmt.Sprintf("unsupported construct %T", cmd), s.words.text(cmd))
	}
}

// forClause walks a for or select loop: the loop sets its variable, which
// in the body takes each of a list of known words (loops.go).
func (s *scriptWalker) forClause(x *syntax.ForClause, c context) {
	s.substs(x.Loop, c)
	if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
		// for NAME in …; select NAME in …: the loop sets NAME.
		cmd := SimpleCommand{Assigns: []Assign{{Name: wi.Name.Value, Value: Word{Text: s.words.text(wi)}, Via: "for"}}, Source: s.words.text(wi)}
		cmd.Assigns = append(cmd.Assigns, s.refAssigns(wi.Name.Value, cmd.Assigns[0].Value)...)
		s.emit(cmd, c)
	}
	bomb := s.loopBomb(x, x.Do)
	leave := s.words.enterLoop(x)
	s.stmts(x.Do, c)
	leave()
	s.recordBomb(bomb)
}

// pipeline walks a | b | c: each element reads what the one before it writes.
func (s *scriptWalker) pipeline(x *syntax.BinaryCmd, c context) {
	elems := flattenPipe(x, nil)
	var from []int
	for i, st := range elems {
		ec := c
		ec.pipesOut = i < len(elems)-1
		if i > 0 {
			ec.stdin = Input{Kind: InputPipe, From: from}
		}
		start := len(s.res.Commands)
		s.stmt(st, ec)
		from = topLevel(s.res.Commands, start, c.subst)
	}
}

// flattenList returns the statements of an && / || list in the order they
// run, each marked when it stands on the right of ||.
func flattenList(x *syntax.BinaryCmd, acc []listItem) []listItem {
	for {
		left, ok := x.X.Cmd.(*syntax.BinaryCmd)
		if !ok || left.Op == syntax.Pipe || left.Op == syntax.PipeAll || len(x.X.Redirs) > 0 || x.X.Negated || x.X.Background {
			break
		}
		// Collect the right-hand sides from the outside in, then the innermost left.
		acc = append(acc, listItem{x.Y, x.Op == syntax.OrStmt})
		x = left
	}
	acc = append(acc, listItem{x.Y, x.Op == syntax.OrStmt}, listItem{x.X, false})
	slices.Reverse(acc)
	return acc
}

// listItem is one statement of an && / || list; orElse marks one on the
// right of ||.
type listItem struct {
	stmt   *syntax.Stmt
	orElse bool
}

func flattenPipe(x *syntax.BinaryCmd, acc []*syntax.Stmt) []*syntax.Stmt {
	for _, st := range []*syntax.Stmt{x.X, x.Y} {
		if inner, ok := st.Cmd.(*syntax.BinaryCmd); ok && (inner.Op == syntax.Pipe || inner.Op == syntax.PipeAll) && len(st.Redirs) == 0 && !st.Negated && !st.Background {
			acc = flattenPipe(inner, acc)
			continue
		}
		acc = append(acc, st)
	}
	return acc
}

// topLevel returns the indexes from start on of commands that stand at the given
// substitution level (not inside a substitution of theirs).
func topLevel(cmds []SimpleCommand, start int, subst string) []int {
	var out []int
	for i := start; i < len(cmds); i++ {
		if cmds[i].Subst == subst {
			out = append(out, i)
		}
	}
	return out
}

// expandCost is the work of the words brace expansion made of one: each
// word more is one more to keep and judge, the more so the longer it is.
func expandCost(words []Word) int {
	cost := 0
	for _, w := range words[min(1, len(words)):] {
		cost += expandWeight + len(w.Text)/16
	}
	return cost
}

// substs walks every command and process substitution inside a node (a word, an
// arithmetic expression, a test, an assignment) as commands of their own.
func (s *scriptWalker) substs(n syntax.Node, c context) {
	if n == nil || s.rereading {
		return
	}
	if w, ok := n.(*syntax.Word); ok && plainWord(w) {
		return // nothing in it runs: no walk, no allocation
	}
	s.walkSubsts(n, c)
}

// walkSubsts is substs's walk (apart, so that only a walk costs the copy
// of c its closure keeps).
func (s *scriptWalker) walkSubsts(n syntax.Node, c context) {
	syntax.Walk(n, func(node syntax.Node) bool {
		if s.full || s.deep {
			return false
		}
		switch x := node.(type) {
		case *syntax.CmdSubst:
			sc := substContext(c, "$(")
			if x.Backquotes {
				sc.subst = "`"
			}
			if s.enter() {
				s.stmts(x.Stmts, sc)
			}
			s.leave()
			return false
		case *syntax.ProcSubst:
			sc := substContext(c, "<(")
			if x.Op == syntax.CmdOut {
				sc.subst = ">("
				// >(cmd) reads what the outer command writes into it.
				sc.stdin = Input{Kind: InputPipe}
			}
			if s.enter() {
				s.stmts(x.Stmts, sc)
			}
			s.leave()
			return false
		}
		return true
	})
}

// plainWord reports a word of literal text and quotes only, which holds no
// substitution.
func plainWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if _, lit := q.(*syntax.Lit); !lit {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

func substContext(c context, kind string) context {
	return context{
		wrappers:     c.wrappers,
		subst:        kind,
		function:     c.function,
		depth:        c.depth,
		finds:        c.finds,
		placeholders: c.placeholders,
		offset:       c.offset,
		nested:       c.nested,
		alternative:  c.alternative,
		values:       c.values,
	}
}

// call handles a simple command.
func (s *scriptWalker) call(ce *syntax.CallExpr, c context) {
	for _, a := range ce.Assigns {
		s.substs(a, c)
	}
	for _, arg := range ce.Args {
		s.substs(arg, c)
	}
	if s.full {
		return
	}
	s.callReading(ce, c)
}

// callReading resolves a call's words and emits it as one simple command.
func (s *scriptWalker) callReading(ce *syntax.CallExpr, c context) {
	via := "prefix"
	if len(ce.Args) == 0 {
		via = "bare"
	}
	assigns := s.assigns(ce.Assigns, via)
	s.noteHashTable(ce.Assigns)
	argv := make([]Word, 0, len(ce.Args))
	for _, arg := range ce.Args {
		n := len(argv)
		argv = s.words.resolveAppend(argv, arg)
		if !s.spend(expandCost(argv[n:])) {
			return
		}
	}
	if len(ce.Args) > 0 && len(argv) == 0 {
		// Every word vanished (an empty brace alternative): bash runs nothing.
		argv = nil
	}
	assigns = append(assigns, s.refWrites(ce, assigns)...)
	s.emit(SimpleCommand{Argv: argv, Assigns: assigns, Source: s.words.text(ce)}, c)
}

// noteHashTable follows BASH_CMDS[NAME]=PATH and BASH_ALIASES[NAME]=WORDS,
// bash's command hash table and alias table written as arrays: NAME then
// runs PATH, as after hash -p PATH NAME, or WORDS, as after alias.
func (s *scriptWalker) noteHashTable(assigns []*syntax.Assign) {
	for _, a := range assigns {
		if a.Name == nil || a.Name.Value != "BASH_CMDS" && a.Name.Value != "BASH_ALIASES" {
			continue
		}
		s.noteHashEntry(a.Index, a.Value)
		if a.Array != nil {
			for _, e := range a.Array.Elems {
				s.noteHashEntry(e.Index, e.Value)
			}
		}
	}
}

// noteHashEntry follows one entry of bash's command hash table or alias
// table written out, [NAME]=PATH or [NAME]='WORDS', when its value is
// plain words.
func (s *scriptWalker) noteHashEntry(index syntax.ArithmExpr, value *syntax.Word) {
	name, ok := index.(*syntax.Word)
	if !ok || value == nil || name.Lit() == "" {
		return
	}
	v := s.words.resolveValue(value)
	if words, plain := plainWords(v.Text); v.Static && plain && len(words) > 0 {
		s.setOtherName(name.Lit(), words)
	}
}

// candidateReadings reads a simple command's statement once more for each
// value the script assigns, somewhere, to a variable it uses — in its words
// or its redirections — whose value there is not certain (x=rm under an if,
// then $x -rf ~): each reading is one more command, so it can only add what
// is found, never take away. c is the context before the statement's
// redirections.
func (s *scriptWalker) candidateReadings(st *syntax.Stmt, ce *syntax.CallExpr, c context) {
	s.candidateReadingsWith(st, ce, c, nil)
}

// candidateReadingsWith is candidateReadings for a statement read with a
// loop's values (eachAlternative): those variables, read already, keep one
// of their values in these readings.
func (s *scriptWalker) candidateReadingsWith(st *syntax.Stmt, ce *syntax.CallExpr, c context, loop map[string]Word) {
	r := s.words
	names := r.candidateNames(st)
	names = slices.DeleteFunc(names, func(n string) bool { _, ok := loop[n]; return ok })
	if len(names) == 0 {
		return
	}
	known, arrays, inFunction, rereading := r.known, r.arrays, r.inFunction, s.rereading
	s.rereading = true
	defer func() { r.known, r.arrays, r.inFunction, s.rereading = known, arrays, inFunction, rereading }()
	readings := 0
	for _, name := range names {
		for _, v := range r.candidates[name] {
			if readings == maxCandidates || s.full {
				return
			}
			readings++
			// The values certain here stay so (outside a function body,
			// where the reading stands for a call after them).
			base, baseArrays := withValues(known, loop), arrays
			if inFunction > 0 {
				base, baseArrays = loop, nil
			}
			r.inFunction = 0
			if v.array != nil {
				r.known, r.arrays = base, withArray(baseArrays, name, v.array)
			} else {
				r.known, r.arrays = withValues(base, r.withTarget(map[string]Word{name: v.word})), baseArrays
			}
			rc := c
			rc.alternative = true
			if len(st.Redirs) > 0 {
				rc = s.redirects(st.Redirs, rc)
			}
			s.callReading(ce, rc)
		}
	}
}

func (s *scriptWalker) assigns(list []*syntax.Assign, via string) []Assign {
	var out []Assign
	for _, a := range list {
		if a.Name == nil {
			continue
		}
		val := staticWord("")
		switch {
		case a.Value != nil:
			val = s.words.resolveValue(a.Value)
		case a.Array != nil:
			val = Word{Text: s.words.text(a.Array)}
			for _, el := range a.Array.Elems {
				if el.Value != nil {
					mergeDynamic(&val, s.words.resolveOne(el.Value))
				}
			}
			val.Static = false
		}
		if a.Append {
			// X+=v appends to X's value, which the analysis may not know: the
			// result is X's old value followed by v, never v alone.
			val.Text = "${" + a.Name.Value + "}" + val.Text
			val.Static = false
			val.Params = append(val.Params, a.Name.Value)
		}
		out = append(out, Assign{Name: a.Name.Value, Value: val, Via: via})
	}
	return out
}

// testClause records [[ … ]] as a command of its own, so that the words it
// expands are judged like any command's.
func (s *scriptWalker) testClause(x *syntax.TestClause, c context) {
	argv := []Word{staticWord("[[")}
	syntax.Walk(x.X, func(node syntax.Node) bool {
		if w, ok := node.(*syntax.Word); ok {
			argv = append(argv, s.words.resolveOne(w))
			return false
		}
		return true
	})
	s.emit(SimpleCommand{Argv: argv, Source: s.words.text(x)}, c)
}

// decl turns export/declare/local/readonly/typeset into a simple command whose
// assignments are recorded.
func (s *scriptWalker) decl(x *syntax.DeclClause, c context) {
	for _, a := range x.Args {
		s.substs(a, c)
	}
	s.noteHashTable(x.Args)
	variant := x.Variant.Value
	argv := []Word{staticWord(variant)}
	via := variant
	if declaresNameref(x) {
		via = "nameref" // NAME=TARGET: NAME names TARGET
	}
	var assigns []Assign
	for _, a := range x.Args {
		switch {
		case a.Name != nil:
			val := staticWord("")
			if a.Value != nil {
				val = s.words.resolveValue(a.Value)
			} else if a.Array != nil {
				val = Word{Text: s.words.text(a.Array)}
			}
			if !a.Naked {
				assigns = append(assigns, Assign{Name: a.Name.Value, Value: val, Via: via})
				word := val
				word.Text = a.Name.Value + "=" + val.Text
				argv = append(argv, word)
			} else {
				argv = append(argv, staticWord(a.Name.Value))
			}
		case a.Value != nil:
			words := s.words.resolve(a.Value)
			if !s.spend(expandCost(words)) {
				return
			}
			for _, w := range words {
				if n, v, ok := strings.Cut(w.Text, "="); ok && w.Static && isAssignWord(w.Text) {
					// export "NAME=VALUE" assigns just like export NAME=VALUE.
					assigns = append(assigns, Assign{Name: n, Value: staticWord(v), Via: variant})
				}
				argv = append(argv, w)
			}
		}
	}
	assigns = append(assigns, s.refWrites(x, assigns)...)
	s.emit(SimpleCommand{Argv: argv, Assigns: assigns, Source: s.words.text(x)}, c)
}

// arithAssigns returns the variables an arithmetic expression assigns:
// HOME = 1, X += 2, N++ (a plain name on the left; subscripts are judged as
// code elsewhere).
func arithAssigns(expr syntax.ArithmExpr) []string {
	var names []string
	syntax.Walk(expr, func(n syntax.Node) bool {
		if x, ok := arithTarget(n); ok {
			if w, ok := x.(*syntax.Word); ok && w.Lit() != "" {
				names = append(names, w.Lit())
			}
		}
		return true
	})
	return names
}

// arithTarget returns the operand an arithmetic node assigns (X in X = 1,
// X += 2, X++), when it is an assignment.
func arithTarget(n syntax.Node) (syntax.ArithmExpr, bool) {
	switch x := n.(type) {
	case *syntax.BinaryArithm:
		switch x.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
			return x.X, true
		}
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			return x.X, true
		}
	}
	return nil, false
}
