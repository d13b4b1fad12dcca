package shellparse

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"mvdan.cc/sh/v3/syntax"
)

// Known values: a variable written only by the script's top-level
// statements whose writes are followed (NAME=VALUE, declare NAME=VALUE,
// printf -v NAME, read NAMES <<< TEXT, arrays) — one whole value at most,
// then extensions (x+=v, a+=(v), a[i]=v) — has that value in every later
// top-level statement (x=rm; $x -rf ~ runs rm). Anything else that may
// write it — a second whole value, a write in a function, a loop or a
// branch, ${x:=…}, arithmetic, a read from a pipe — leaves it unknown, and
// so do eval, source and trap once they have run (they may assign
// anything), and a use inside a function body (it runs when called,
// perhaps before). A value is known text, or text over parameters nothing
// in the script changes ($HOME): never the output of a program.
//
// A name declared with declare -n NAME=TARGET at the top level reads as
// TARGET, and every write to it is also a write to TARGET (namerefs.go). In
// a for loop over known words the variable takes each of them: the body's
// commands are read once with each (loops.go).

// unknownNames are the variables whose values change how the shell reads
// or finds things (IFS splits, PATH finds programs, HOME is ~): they are
// judged by the checks that know them, never taken as plain text.
var unknownNames = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("IFS", "PATH", "HOME", "PWD", "OLDPWD", "CDPATH", "BASH_ENV", "ENV", "SHELLOPTS",
		"BASHOPTS", "PS4", "PROMPT_COMMAND", "GLOBIGNORE", "BASH_XTRACEFD")
}}

// volatileNames change by themselves (or with cd): a value made of one is
// not the value it had when it was assigned.
var volatileNames = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("PWD", "OLDPWD", "RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "EPOCHSECONDS",
		"EPOCHREALTIME", "BASH_COMMAND", "FUNCNAME", "BASH_SUBSHELL", "PIPESTATUS", "REPLY", "BASH_REMATCH",
		"OPTARG", "OPTIND", "COLUMNS", "LINES", "HISTCMD", "BASH_ARGV", "BASH_ARGC", "BASH_LINENO", "BASH_SOURCE")
}}

// followsValues reports a script with something for the values analysis to
// follow: an assignment, a for loop, read or printf, a substitution that
// may be pure (whose evaluation must know what ran before it), or a braced
// expansion (${c:-rm} may be its default). Any other script pays nothing
// for it.
func followsValues(src string) bool {
	return strings.Contains(src, "=") || strings.Contains(src, "for") || strings.Contains(src, "read") || strings.Contains(src, "printf") ||
		strings.Contains(src, "$(") || strings.Contains(src, "`") || strings.Contains(src, "<(") || strings.Contains(src, "${") ||
		strings.Contains(src, "set ")
}

// positionalSetter returns the top-level set -- WORDS that alone gives the
// script's positional parameters, or nil, and the top-level shift [N]
// statements that move them: the script has no other set, shift, getopts,
// function (its own parameters), for without in, eval or source.
func positionalSetter(file *syntax.File) (*syntax.Stmt, map[syntax.Node]bool) {
	setter, shifts := setterAndShifts(file)
	if setter == nil {
		return nil, nil
	}
	moves := 0
	syntax.Walk(file, func(n syntax.Node) bool {
		if movesPositionals(n) && !shifts[n] {
			moves++
		}
		return moves < 2
	})
	if moves != 1 {
		return nil, nil
	}
	return setter, shifts
}

// movePositionals applies the one set -- or a top-level shift to the
// positional parameters, once the statement is walked.
func (r *wordResolver) movePositionals(st, setter *syntax.Stmt, shifts map[syntax.Node]bool) {
	if st == setter {
		r.setPositionals(st)
	}
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && shifts[ce] {
		r.shiftPositionals(st)
	}
}

// setterAndShifts returns the script's top-level set -- (nil when there
// are two) and the top-level shifts after it.
func setterAndShifts(file *syntax.File) (*syntax.Stmt, map[syntax.Node]bool) {
	var setter *syntax.Stmt
	shifts := map[syntax.Node]bool{}
	for _, st := range file.Stmts {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 || st.Background || st.Coprocess {
			continue
		}
		switch {
		case len(ce.Args) > 1 && ce.Args[0].Lit() == "set" && ce.Args[1].Lit() == "--":
			if setter != nil {
				return nil, nil
			}
			setter = st
		case ce.Args[0].Lit() == "shift" && setter != nil && len(ce.Args) <= 2:
			shifts[ce] = true
		}
	}
	return setter, shifts
}

// shiftPositionals applies a top-level shift [N] to the positional
// parameters known: a count not known leaves them unknown, one past $#
// fails and moves nothing.
func (r *wordResolver) shiftPositionals(st *syntax.Stmt) {
	if len(r.positional) == 0 {
		return
	}
	n := 1
	if args := st.Cmd.(*syntax.CallExpr).Args; len(args) == 2 {
		w := r.resolveOne(args[1])
		k, err := strconv.Atoi(w.Text)
		if !w.Static || err != nil || k < 0 {
			r.positional = nil
			return
		}
		n = k
	}
	if n >= len(r.positional) {
		return
	}
	r.positional = append([]Word{r.positional[0]}, r.positional[1+n:]...)
}

// movesPositionals reports a node that may change the positional
// parameters (or what $1 means where it stands).
func movesPositionals(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.FuncDecl:
		return true
	case *syntax.ForClause:
		wi, ok := x.Loop.(*syntax.WordIter)
		return ok && !wi.InPos.IsValid()
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			switch x.Args[0].Lit() {
			case "set", "shift", "getopts", "source", ".", "eval", "trap", "command", "builtin":
				return true
			}
		}
	}
	return false
}

// setPositionals makes set -- WORDS's words the positional parameters from
// here on ($0 stays what it was), when they are known.
func (r *wordResolver) setPositionals(st *syntax.Stmt) {
	if r.stale || r.writes.count["IFS"] > 0 {
		return
	}
	zero := Word{Text: "$0", Params: []string{"0"}}
	if len(r.positional) > 0 {
		zero = r.positional[0]
	}
	params := []Word{zero}
	for _, a := range st.Cmd.(*syntax.CallExpr).Args[2:] {
		for _, w := range r.resolve(a) {
			if !w.Static {
				return
			}
			params = append(params, w)
		}
	}
	r.positional = params
}

// follow walks a script's top-level statements in order, making known
// after each what it assigns (knownAfter). A statement that may set any
// variable — eval, source, trap, a write through a name not written out
// (printf -v "$v" with v unknown, a nameref) — makes every value unknown
// after it, and, when it is more than one simple command (a loop, a list, a
// function), for its own walk too: a later part of it may run after the
// write.
func (s *scriptWalker) follow(file *syntax.File, c context) {
	r := s.words
	r.file = file
	if !followsValues(r.source) && r.inherited == nil {
		s.stmts(file.Stmts, c)
		return
	}
	w := writesOf(file, r)
	r.writes = &w
	r.keepInherited()
	r.candidates = candidatesOf(r, w)
	setter, shifts := positionalSetter(file)
	for _, st := range file.Stmts {
		if s.full {
			return
		}
		setsAny := !r.stale && w.setsAny(st)
		if setsAny && (!oneCommand(st) || w.substSetsAny(st)) {
			r.forget()
		}
		if lead := leadOf(st); lead != st && followed(lead) {
			s.lead = lead // c=rm && $c …: c is rm for the rest of the list
		}
		s.stmt(st, c)
		s.lead = nil
		r.movePositionals(st, setter, shifts)
		if setsAny {
			r.forget()
			continue
		}
		if !r.stale {
			s.knownAfter(st)
		}
	}
}

// leadOf returns the statement a top-level list of && and || runs first,
// whatever else runs (the list itself when it is none): its writes are
// followed as a top-level statement's.
func leadOf(st *syntax.Stmt) *syntax.Stmt {
	if st.Background || st.Coprocess {
		return st // a list in the background is a subshell
	}
	for {
		x, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || x.Op != syntax.AndStmt && x.Op != syntax.OrStmt {
			return st
		}
		st = x.X
	}
}

// oneCommand reports a statement that is one simple command or
// declaration: what it may set is set once its words are read.
func oneCommand(st *syntax.Stmt) bool {
	switch st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause:
		return true
	}
	return false
}

// substSetsAny reports a substitution in node that may set any variable: its
// later commands run after that.
func (w *scriptWrites) substSetsAny(node syntax.Node) bool {
	found := false
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = found || w.setsAny(n)
			return false
		}
		return !found
	})
	return found
}

// inherit takes the values known where an eval stands (outer's, at the
// top level of its script, outside a function body).
func (r *wordResolver) inherit(outer *wordResolver) {
	if outer == nil || outer.stale || outer.inFunction > 0 || len(outer.known)+len(outer.arrays) == 0 {
		return
	}
	r.inherited = &inheritedValues{known: maps.Clone(outer.known), arrays: maps.Clone(outer.arrays)}
}

// inheritEnv takes the values a child shell's script starts with: those of
// the variables outer exported that are known where the shell runs, then
// the command's own assignments (prefix or env NAME=VALUE), which replace
// them; one whose value may not be kept makes the variable unknown.
func (r *wordResolver) inheritEnv(outer *wordResolver, assigns []Assign) {
	known := map[string]Word{}
	if outer != nil && !outer.stale && outer.inFunction == 0 {
		for name := range outer.exported {
			if v, ok := outer.known[name]; ok {
				known[name] = v
			}
		}
	}
	cands := exportedCandidates(outer, known)
	for _, a := range assigns {
		if a.Via != "prefix" && a.Via != "env" {
			continue
		}
		if a.Value.Static && !runTimePart(a.Value) && len(a.Value.Text) <= maxValueBytes && isIdentifier(a.Name) && !unknownNames.Get()[a.Name] {
			known[a.Name] = a.Value
		} else {
			delete(known, a.Name)
		}
	}
	if len(known)+len(cands) > 0 {
		r.inherited = &inheritedValues{known: known, cands: cands}
	}
}

// exportedCandidates returns the candidate values (candidatesOf) of the
// variables outer exports somewhere that are not known for certain: a
// child shell's script is also read with them.
func exportedCandidates(outer *wordResolver, known map[string]Word) map[string][]candidate {
	if outer == nil || outer.writes == nil {
		return nil
	}
	var out map[string][]candidate
	for name := range outer.writes.exports {
		if _, ok := known[name]; ok || len(outer.candidates[name]) == 0 {
			continue
		}
		if out == nil {
			out = map[string][]candidate{}
		}
		out[name] = outer.candidates[name]
	}
	return out
}

// inheritedValues are the values a script started with (an eval's).
type inheritedValues struct {
	known  map[string]Word
	arrays map[string]*arrayValue
	// cands are candidate values a child shell's variables may have.
	cands map[string][]candidate
}

// keepInherited makes the inherited values known, but for the variables
// the script itself writes where their values are not followed.
func (r *wordResolver) keepInherited() {
	if r.inherited == nil {
		return
	}
	keep := func(name string) bool { return r.writes.count[name] == 0 && !r.writes.anything || r.follows(name) }
	for name, v := range r.inherited.known {
		if keep(name) {
			r.setKnown(name, v, true)
		}
	}
	for name, a := range r.inherited.arrays {
		if keep(name) {
			if r.arrays == nil {
				r.arrays = map[string]*arrayValue{}
			}
			r.arrays[name] = a
		}
	}
}

// forget makes every value unknown from here on.
func (r *wordResolver) forget() {
	r.known, r.arrays, r.refs, r.alts, r.origins, r.stale = nil, nil, nil, nil, nil, true
}

// followed reports a top-level statement whose writes knownAfter follows:
// assignments alone, a declaration, printf -v or read.
func followed(st *syntax.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			return len(st.Redirs) == 0 && len(x.Assigns) > 0
		}
		name := x.Args[0].Lit()
		return valueWriters.Get()[name] && (len(x.Assigns) == 0 || name == "read" && len(x.Assigns) == 1 && isIFS(x.Assigns[0]))
	case *syntax.DeclClause:
		_, ok := declFlags(x)
		return ok && len(st.Redirs) == 0
	}
	return false
}

// valueWriters are the builtins whose writes knownAfter follows.
var valueWriters = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("printf", "read", "mapfile", "readarray")
}}

// isIFS reports an assignment to IFS.
func isIFS(a *syntax.Assign) bool { return a.Name != nil && a.Name.Value == "IFS" }

// follows reports a variable whose value the top-level statements give:
// every write of it is one knownAfter follows, at most one of them whole.
func (r *wordResolver) follows(name string) bool {
	w := r.writes
	if w == nil || r.stale || unknownNames.Get()[name] || w.count["IFS"] > 0 || w.namerefs[name] != nil {
		return false
	}
	if r.scope != nil && r.scope.depth == r.inFunction && r.inFunction > 0 {
		return r.bodyFollows(name)
	}
	n := w.count[name]
	return n > 0 && n == w.top[name] && n-w.ext[name] <= 1
}

// knownAfter records what a top-level statement, once walked, makes known.
func (s *scriptWalker) knownAfter(st *syntax.Stmt) {
	r := s.words
	if x, ok := st.Cmd.(*syntax.DeclClause); ok && !st.Background && !st.Coprocess {
		r.declareRefs(x)
	}
	if !followed(st) {
		if !s.evalKnownAfter(st) {
			s.pathKnownAfter(st)
		}
		return
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			for _, a := range x.Assigns {
				r.assignValue(a, false)
			}
			return
		}
		r.builtinValues(x, st.Redirs)
	case *syntax.DeclClause:
		r.declValues(x)
	}
}

// setKnown records a scalar's value, or forgets it when the value may not
// be kept (storable).
func (r *wordResolver) setKnown(name string, v Word, ok bool) {
	delete(r.arrays, name)
	delete(r.origins, name)
	if ok {
		v, ok = r.withCase(name, v)
	}
	if !ok || !r.storable(v) {
		delete(r.known, name)
		if ok && v.Subst && !v.Placeholder {
			// x=$(curl …): not known, but known to be that program's output.
			if r.origins == nil {
				r.origins = map[string]string{}
			}
			r.origins[name] = v.Text
		}
		return
	}
	if r.known == nil {
		r.known = map[string]Word{}
	}
	r.known[name] = v
}

// storable reports a value that may be kept for later statements: static
// text, or text over parameters nothing in the script changes. A value
// with a program's output, a placeholder or an assignment in it is not.
func (r *wordResolver) storable(v Word) bool {
	switch {
	case runTimePart(v) || len(v.Text) > maxValueBytes:
		return false
	case v.Static:
		return true
	}
	return len(v.Params) > 0 && !slices.ContainsFunc(v.Params, func(p string) bool { return !r.stableParam(p) })
}

// runTimePart reports what in a word only a run can say: another
// program's output, a placeholder, a prompt expansion, an assignment, a
// pattern. (A dynamic word with no parameter is arithmetic or a tilde not
// expanded: storable says no to it too.)
func runTimePart(v Word) bool {
	return v.Subst || v.ProcSubst || v.Placeholder || v.PromptExpand || len(v.Assigned) > 0 || v.Glob
}

// stableParam reports a parameter whose value stays as it is for the whole
// script: a variable nothing in it writes and that does not change by
// itself.
func (r *wordResolver) stableParam(p string) bool {
	if !isIdentifier(p) || volatileNames.Get()[p] {
		return false
	}
	return r.writes != nil && !r.writes.anything && r.writes.count[p] == 0 && r.writes.namerefs[p] == nil
}

// knownValue returns the value of $NAME (or of an array element, or of the
// variable a nameref names) when the script made it known.
func (r *wordResolver) knownValue(p *syntax.ParamExp) (Word, bool) {
	if v, ok := r.functionName(p); ok {
		return v, true
	}
	if v, ok := r.scopeValue(p); ok {
		return v, true
	}
	switch {
	case p.Param == nil || r.inFunction > 0 && !r.settled(p.Param.Value):
		return Word{}, false
	case p.Length && p.Index != nil:
		return r.lengthValue(p) // ${#a[@]}
	case p.Excl || p.Length || p.Slice != nil || !onlySlice(p):
		return r.paramOperation(p)
	}
	name := p.Param.Value
	if target, ok := r.refs[name]; ok {
		return r.refValue(target, p)
	}
	if p.Index != nil || r.arrays[name] != nil {
		return r.elementValue(name, p.Index)
	}
	v, ok := r.known[name]
	return v, ok
}

// settled reports a variable whose value, once known, is its value for
// the rest of the script: one top-level statement writes it, once, and
// nothing may write any variable. A function body that runs after that
// statement (a body is walked where it is declared, so a value known there
// was set before the body can run) sees that value; a function that may
// run before it is walked before the value is known.
func (r *wordResolver) settled(name string) bool {
	w := r.writes
	return w != nil && !r.stale && !w.anything && !unknownNames.Get()[name] && w.count["IFS"] == 0 && len(r.refs) == 0 &&
		w.count[name] == 1 && w.top[name] == 1 && w.ext[name] == 0 && w.namerefs[name] == nil
}

// functionName returns $FUNCNAME in a function's body: its name.
func (r *wordResolver) functionName(p *syntax.ParamExp) (Word, bool) {
	if p.Param == nil || p.Param.Value != "FUNCNAME" || !simpleParam(p) {
		return Word{}, false
	}
	if n := len(r.functionNames); n > 0 && r.functionNames[n-1] != "" {
		return staticWord(r.functionNames[n-1]), true
	}
	return Word{}, false
}

// refValue returns $REF for a nameref to target: target's value, or the
// expansion of target when it is not known.
func (r *wordResolver) refValue(target string, p *syntax.ParamExp) (Word, bool) {
	if p.Index != nil || r.arrays[target] != nil {
		return r.elementValue(target, p.Index)
	}
	if v, ok := r.known[target]; ok {
		return v, true
	}
	return Word{Text: "${" + target + "}", Params: []string{target}}, true
}

// splitKnown expands a word that is exactly an unquoted $NAME of known
// value (or a pure substitution, pure.go) as bash does with the default IFS (values.go makes none known where
// IFS changes): split at blanks into static words, none for an empty value.
// A value with a pattern character would be globbed: it is left to resolve.
func (r *wordResolver) splitKnown(w *syntax.Word) ([]Word, bool) {
	if len(w.Parts) != 1 {
		return nil, false
	}
	var v Word
	switch p := w.Parts[0].(type) {
	case *syntax.ParamExp:
		if words, ok := r.arrayWords(p, false); ok {
			return words, true
		}
		known, ok := r.knownValue(p)
		if !ok {
			return nil, false
		}
		v = known
	case *syntax.CmdSubst:
		out, ok := r.substOutput(p.Stmts)
		if !ok {
			return nil, false
		}
		v = out
	default:
		return nil, false
	}
	if !v.Static || strings.ContainsAny(v.Text, "*?[") || !r.charge(len(v.Text)) {
		return nil, false
	}
	fields := strings.Fields(v.Text)
	words := make([]Word, len(fields))
	for i, f := range fields {
		words[i] = staticWord(f)
	}
	if len(words) == 1 {
		// One field: the word is the value, and keeps the program it names
		// ($(which permgate) unquoted is the program where it is found).
		words[0] = words[0].withProgram(v.Program())
	}
	return words, true
}

// charge counts the work of copying a value of n bytes into a word: a
// value used many times costs each time.
func (r *wordResolver) charge(n int) bool {
	if r.work == nil {
		return true
	}
	return r.work.spend(1 + n/16)
}

// maxCandidates bounds the values a variable is read with, and the extra
// readings of one command.
const maxCandidates = 4

// candidate is one value a variable may have: a scalar's, or an array's.
type candidate struct {
	word  Word
	array *arrayValue
}

// candidatesOf returns, per variable, the values the script gives it
// anywhere: where its value is not certain, a command that uses it is
// also read with each of them (candidateReadings), so that a value set
// under a condition, in a block, a subshell or a function still counts.
func candidatesOf(r *wordResolver, w scriptWrites) map[string][]candidate {
	if w.count["IFS"] > 0 {
		return nil
	}
	c := candidateSet{r: r}
	for _, a := range w.assigns {
		c.addAssign(a, w)
	}
	for _, a := range w.arrays {
		if v, ok := r.arrayLiteral(a.assign.Array, a.assoc, nil); ok {
			c.addArray(a.assign.Name.Value, v)
		}
	}
	for _, a := range w.extensions {
		c.addExtension(a)
	}
	for _, x := range w.writers {
		c.addWriter(x, w)
	}
	c.addDerived(w)
	c.addDefaulted(r.file)
	if r.inherited != nil {
		for _, name := range slices.Sorted(maps.Keys(r.inherited.cands)) {
			for _, v := range r.inherited.cands[name] {
				c.put(name, v, func(x candidate) bool { return x.array == nil && v.array == nil && x.word.Text == v.word.Text })
			}
		}
	}
	r.originCands = c.origins
	return c.out
}

// addDefaulted records the empty value for each variable an expansion
// gives a default or an alternative (${c:-rm}): the script itself says it
// may be unset or empty, so the default is one more reading. ${c:=rm}
// assigns its default: that is one more value of c.
func (c *candidateSet) addDefaulted(file *syntax.File) {
	if file == nil {
		return
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		p, ok := n.(*syntax.ParamExp)
		if !ok || p.Param == nil || p.Exp == nil || p.Excl {
			return true
		}
		switch {
		case defaultOps.Get()[p.Exp.Op]:
			c.add(p.Param.Value, staticWord(""))
		case p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull:
			c.add(p.Param.Value, c.r.operandWord(p.Exp.Word))
		}
		return true
	})
}

// defaultOps are the operations whose result depends on a variable being
// unset or empty.
var defaultOps = lazy.Value[map[syntax.ParExpOperator]bool]{Make: func() map[syntax.ParExpOperator]bool {
	return map[syntax.ParExpOperator]bool{
		syntax.DefaultUnset: true, syntax.DefaultUnsetOrNull: true, syntax.AlternateUnset: true, syntax.AlternateUnsetOrNull: true,
	}
}}

// addDerived records the values made of another variable's: g=$f, for k in
// "$f", and a nameref's, which are its target's (each of that one's).
func (c *candidateSet) addDerived(w scriptWrites) {
	c.derivedAssigns(w)
	for _, wi := range w.loops {
		for _, v := range c.r.loopWords(wi) {
			c.add(wi.Name.Value, v)
		}
		for _, item := range wi.Items {
			if p, rest, ok := throughParam(item); ok && rest == "" {
				c.copyScalars(wi.Name.Value, p) // for k in "$f"
			}
		}
	}
	refs := make([]string, 0, len(w.namerefs))
	for ref := range w.namerefs {
		refs = append(refs, ref)
	}
	slices.Sort(refs)
	for _, ref := range refs {
		if t := w.refTargets(ref); len(t) == 1 && t[0] != "" {
			c.add(ref, Word{Text: "${" + t[0] + "}", Params: []string{t[0]}})
			c.copyScalars(ref, t[0])
		}
	}
}

// derivedAssigns records g=$f with each of f's values.
func (c *candidateSet) derivedAssigns(w scriptWrites) {
	r := c.r
	known := r.known
	defer func() { r.known = known }()
	for _, a := range w.assigns {
		name := a.Name.Value
		if unknownNames.Get()[name] || len(c.out[name]) >= maxCandidates {
			continue
		}
		for _, p := range paramsOf(a.Value) {
			for _, pv := range c.out[p] {
				if pv.array == nil {
					r.known = map[string]Word{p: pv.word}
					c.add(name, r.resolveValue(a.Value))
				}
			}
		}
	}
}

// copyScalars records from's scalar candidates as to's too.
func (c *candidateSet) copyScalars(to, from string) {
	for _, v := range c.out[from] {
		if v.array == nil {
			c.add(to, v.word)
		}
	}
}

// addExtension records what an element assignment or an append makes of
// each array value a variable may have; an element of an array not known
// is a candidate of its own (declare -A m; m[k]=v: ${m[k]} may be v).
func (c *candidateSet) addExtension(a *syntax.Assign) {
	name := a.Name.Value
	var next []*arrayValue
	for _, v := range c.out[name] {
		if v.array == nil {
			continue
		}
		if a.Array != nil {
			if x, ok := c.r.arrayLiteral(a.Array, v.array.assoc, v.array); ok {
				next = append(next, x)
			}
		} else if x, ok := c.r.setElement(v.array, a, v.array.assoc); ok {
			next = append(next, x)
		}
	}
	if a.Index != nil {
		if key, ok := c.r.indexKey(a.Index, true); ok {
			if v := c.r.resolveValue(a.Value); c.r.elemStorable(v) {
				next = append(next, &arrayValue{assoc: true, keys: []string{key}, elems: []Word{v}, partial: true})
			}
		}
	}
	for _, x := range next {
		c.addArray(name, x)
	}
}

// candidateSet collects candidate values.
type candidateSet struct {
	r   *wordResolver
	out map[string][]candidate
	// origins are the substitutions a variable may hold the output of.
	origins map[string]string
}

// add records one scalar value of name (at most maxCandidates, each once).
func (c *candidateSet) add(name string, v Word) {
	if v.Subst && !v.Placeholder && c.origins[name] == "" && !unknownNames.Get()[name] {
		if c.origins == nil {
			c.origins = map[string]string{}
		}
		c.origins[name] = v.Text // x=$(curl …) somewhere: x may be its output
	}
	if !(c.r.storable(v) || OnlyPattern(v)) {
		return
	}
	c.put(name, candidate{word: v}, func(x candidate) bool { return x.array == nil && x.word.Text == v.Text })
}

// addArray records one array value of name.
func (c *candidateSet) addArray(name string, a *arrayValue) {
	c.put(name, candidate{array: a}, func(candidate) bool { return false })
}

func (c *candidateSet) put(name string, v candidate, same func(candidate) bool) {
	if unknownNames.Get()[name] || len(c.out[name]) >= maxCandidates || slices.ContainsFunc(c.out[name], same) {
		return
	}
	if c.out == nil {
		c.out = map[string][]candidate{}
	}
	c.out[name] = append(c.out[name], v)
}

// addAssign records a plain assignment's value: for its name, and for the
// targets of a nameref it writes.
func (c *candidateSet) addAssign(a *syntax.Assign, w scriptWrites) {
	name := a.Name.Value
	if unknownNames.Get()[name] && w.namerefs[name] == nil {
		return
	}
	v := c.r.resolveValue(a.Value)
	c.addCased(name, v, w)
	for _, t := range w.refTargets(name) {
		c.addCased(t, v, w)
	}
}

// addCased records a value, and when some declaration gives the variable
// -l or -u, the value in that case too.
func (c *candidateSet) addCased(name string, v Word, w scriptWrites) {
	c.add(name, v)
	switch w.cases[name] {
	case 'l':
		v.Text = strings.ToLower(v.Text)
	case 'u':
		v.Text = strings.ToUpper(v.Text)
	default:
		return
	}
	c.add(name, v)
}

// addWriter records what a printf -v, read or mapfile with known input assigns,
// wherever it stands (behind a wrapper too: the candidates are the values
// the script may give).
func (c *candidateSet) addWriter(x writer, w scriptWrites) {
	for _, nv := range c.r.builtinAssigns(x.args, x.assigns, x.redirs) {
		if nv.array != nil {
			c.addArray(nv.name, nv.array)
		} else {
			c.addCased(nv.name, nv.value, w)
		}
	}
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

// withTarget adds to a reading's value of a variable that names another
// (y=x, for ${!y}) the first value that other one may have, when it is not
// known: the indirection reads through both.
func (r *wordResolver) withTarget(values map[string]Word) map[string]Word {
	for _, v := range values {
		if !v.Static || !isIdentifier(v.Text) {
			continue
		}
		if _, known := r.known[v.Text]; known {
			continue
		}
		if c := r.candidates[v.Text]; len(c) > 0 && c[0].array == nil {
			values[v.Text] = c[0].word
		}
	}
	return values
}

// candidateNames returns the variables with candidate values a statement
// uses where their value is not certain.
func (r *wordResolver) candidateNames(ce *syntax.Stmt) []string {
	if len(r.candidates) == 0 {
		return nil
	}
	var names []string
	add := func(name string) {
		_, certain := r.known[name]
		_, ref := r.refs[name]
		certain = certain || ref || r.arrays[name] != nil
		if len(r.candidates[name]) > 0 && (!certain || r.inFunction > 0 && !r.settled(name)) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	syntax.Walk(ce, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil {
			add(p.Param.Value)
			if v, known := r.known[p.Param.Value]; p.Excl && known && v.Static && isIdentifier(v.Text) {
				add(v.Text) // ${!y} with y=x known: x's values
			}
		}
		return len(names) < maxCandidates
	})
	return names
}
