package shellparse

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// The writes of a script: before its values are followed, every place that
// may write a variable is counted (values.go keeps a value only where
// nothing else may write it). A write whose target is not a plain name
// (read "$v", declare "$v=…") counts for the variable v names when v is
// assigned once a static name (v=PERMGATE_MODE; printf -v "$v" …), and
// otherwise may write any variable.

// scriptWrites counts, per variable, the places of a script that may write
// it; anything reports what may write any variable.
type scriptWrites struct {
	count map[string]int
	// ext counts the writes that extend a value rather than give a whole
	// one (x+=v, a[i]=v, a naked declare); top those made by the top-level
	// statements whose writes are followed (values.go).
	ext, top map[string]int
	anything bool
	// assigns are the plain assignments (NAME=VALUE), writers the printf -v
	// and read commands, loops the for loops' lists: where candidate values
	// come from.
	assigns []*syntax.Assign
	arrays  []arrayAssign
	// extensions are the array element assignments and appends, a[k]=v and
	// a+=(…), in order.
	extensions []*syntax.Assign
	writers    []writer
	loops      []*syntax.WordIter
	// declArrays are the array assignments of declarations, recorded with
	// their declaration's -A.
	declArrays map[*syntax.Assign]bool
	// stmt is the statement being walked, whose redirections a read reads.
	stmt *syntax.Stmt
	// namerefs maps each name declared with declare -n NAME=TARGET (typeset
	// -n, local -n) to its targets; refDecls counts every declaration (and
	// unset -n) of a name.
	namerefs map[string][]string
	refDecls map[string]int
	// through lists the variables whose value names what a write targets
	// (printf -v "$v"); resolved maps each of them to the name it holds.
	through  []string
	resolved map[string]string
	// openRefs are the namerefs declared without a target.
	openRefs []string
	// skip holds the nameref declarations, whose values are names, not values.
	skip map[*syntax.Assign]bool
	// res resolves the static words of targets (quoted names, positionals).
	res *wordResolver
	// light reports a walk that keeps no lists of values (newScan).
	light bool
	// cases are the names some declaration gives -l or -u: their candidate
	// values are also read in that case.
	cases map[string]byte
	// exports are the names some declaration exports (export, declare -x).
	exports map[string]bool
}

// arrayAssign is a whole array assignment: NAME=(…), declare -A NAME=(…).
type arrayAssign struct {
	assign *syntax.Assign
	assoc  bool
}

// writer is a printf, read or mapfile command (perhaps behind a wrapper:
// args start at its name), with its statement's redirections and, when it
// is the command itself, its prefix assignments (IFS=… read).
type writer struct {
	args    []*syntax.Word
	assigns []*syntax.Assign
	redirs  []*syntax.Redirect
}

// writesOf walks a script once for its writes, then resolves the writes
// through a variable and the namerefs' targets.
func writesOf(file *syntax.File, r *wordResolver) scriptWrites {
	sw := newWrites(r)
	syntax.Walk(file, sw.visit)
	var through []string
	for _, st := range file.Stmts {
		if lead := leadOf(st); followed(lead) {
			top := newScan(r, sw.top)
			syntax.Walk(lead, top.visit)
			through = append(through, top.through...)
		} else {
			sw.countPathWrites(st, r, &through)
			sw.countEvalWrites(st, r, &through)
		}
	}
	sw.resolveThrough()
	for _, v := range through {
		if t, ok := sw.resolved[v]; ok {
			sw.top[t]++ // declare "$n=v" with n known: a followed write of what n names
		}
	}
	return *sw
}

func newWrites(r *wordResolver) *scriptWrites {
	return &scriptWrites{count: map[string]int{}, ext: map[string]int{}, top: map[string]int{}, refDecls: map[string]int{}, res: r}
}

// newScan returns a walk of one part of a script that only counts its
// writes in count (nil: counts none) and what may write anything: no
// lists of values are kept.
func newScan(r *wordResolver, count map[string]int) *scriptWrites {
	return &scriptWrites{count: count, res: r, light: true}
}

// setsAny reports what in node may set any variable: eval, source, trap and
// the like, or a write whose target is not a name the script's walk resolved.
func (sw *scriptWrites) setsAny(node syntax.Node) bool {
	one := newScan(sw.res, nil)
	syntax.Walk(node, one.visit)
	if one.anything {
		return true
	}
	for _, v := range one.through {
		if _, ok := sw.resolved[v]; !ok {
			return true
		}
	}
	return false
}

// visit counts the writes one node makes (syntax.Walk's visitor).
func (sw *scriptWrites) visit(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.Stmt:
		sw.stmt = x
	case *syntax.Assign:
		sw.assign(x)
	case *syntax.DeclClause:
		sw.decl(x)
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			sw.call(x)
		}
	case *syntax.ForClause:
		sw.loop(x)
	case *syntax.ParamExp:
		sw.paramWrite(x)
	case *syntax.Redirect:
		if x.N != nil && strings.HasPrefix(x.N.Value, "{") && strings.HasSuffix(x.N.Value, "}") {
			sw.add(x.N.Value[1 : len(x.N.Value)-1]) // exec {fd}>file: fd is the descriptor's number
		}
	case *syntax.CoprocClause:
		sw.add("COPROC")
		if x.Name != nil {
			sw.target(x.Name) // coproc NAME …: NAME holds its descriptors
		}
	default:
		sw.arith(n)
	}
	return true
}

// paramWrite counts ${x:=v}; ${!x:=v} writes the variable x names.
func (sw *scriptWrites) paramWrite(x *syntax.ParamExp) {
	if x.Exp == nil || x.Exp.Op != syntax.AssignUnset && x.Exp.Op != syntax.AssignUnsetOrNull || x.Param == nil {
		return
	}
	if x.Excl {
		sw.anything = true
		return
	}
	sw.add(x.Param.Value)
}

// loop counts a for loop's write of its variable, and keeps its list.
func (sw *scriptWrites) loop(x *syntax.ForClause) {
	wi, ok := x.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil {
		return
	}
	sw.add(wi.Name.Value)
	if !x.Select && wi.InPos.IsValid() && !sw.light {
		sw.loops = append(sw.loops, wi)
	}
}

// arith counts what an arithmetic node assigns (x = 1, x++): a name, or
// anything when the target is not one.
func (sw *scriptWrites) arith(n syntax.Node) {
	t, ok := arithTarget(n)
	if !ok {
		return
	}
	if w, ok := t.(*syntax.Word); ok && isIdentifier(w.Lit()) {
		sw.add(w.Lit())
	} else {
		sw.anything = true
	}
}

// add counts a write of name.
func (sw *scriptWrites) add(name string) {
	if sw.count != nil {
		sw.count[name]++
	}
}

// addExt counts a write of name that extends its value.
func (sw *scriptWrites) addExt(name string) {
	if sw.ext != nil {
		sw.ext[name]++
	}
}

// assign counts one assignment: NAME=VALUE, NAME+=…, NAME[I]=…, or a
// declaration's word ("NAME=VALUE" quoted, a name alone).
func (sw *scriptWrites) assign(x *syntax.Assign) {
	switch {
	case x.Name == nil:
		if x.Naked && x.Value != nil {
			sw.nakedWord(x.Value)
		}
		return
	case sw.skip[x]:
		return // a nameref's declaration (NAME names TARGET), IFS=… before read
	}
	name := x.Name.Value
	sw.add(name)
	if x.Append || x.Index != nil || x.Naked {
		sw.addExt(name)
	}
	if !sw.light {
		sw.keep(x)
	}
}

// keep keeps an assignment for the candidate values: a scalar's, an
// array's, an element or an append.
func (sw *scriptWrites) keep(x *syntax.Assign) {
	switch {
	case x.Index != nil && !x.Append, x.Append && x.Array != nil:
		sw.extensions = append(sw.extensions, x)
	case x.Append || x.Naked:
	case x.Array != nil:
		if !sw.declArrays[x] {
			sw.arrays = append(sw.arrays, arrayAssign{assign: x})
		}
	case x.Value != nil:
		sw.assigns = append(sw.assigns, x)
	}
}

// nakedWord counts a declaration's word that is not a plain name: an
// option, "NAME=VALUE" quoted, or "$v=VALUE" (v names the variable).
func (sw *scriptWrites) nakedWord(w *syntax.Word) {
	if lit := w.Lit(); lit != "" {
		return // an option (-x): the parser reads NAME=VALUE words as assignments
	}
	if v, rest, ok := throughParam(w); ok && (rest == "" || rest[0] == '=') {
		sw.through = append(sw.through, v)
		return
	}
	if t, ok := sw.static(w); ok {
		if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
			return
		}
		name, _, _ := strings.Cut(t, "=")
		if n := targetName(name); n != "" {
			sw.add(n)
			return
		}
	}
	sw.anything = true
}

// decl reads a declaration's namerefs: declare -n NAME=TARGET makes NAME
// write TARGET. A nameref whose target is not a name, or a nameref with no
// target (the first assignment then names it), may write any variable.
func (sw *scriptWrites) decl(x *syntax.DeclClause) {
	nameref := declaresNameref(x)
	letterCase := declCase(x)
	export := x.Variant.Value == "export" || declares(x, 'x')
	for _, a := range x.Args {
		if a.Name == nil {
			continue
		}
		if export && !sw.light {
			if sw.exports == nil {
				sw.exports = map[string]bool{}
			}
			sw.exports[a.Name.Value] = true
		}
		if letterCase != 0 && !sw.light {
			if sw.cases == nil {
				sw.cases = map[string]byte{}
			}
			sw.cases[a.Name.Value] = letterCase
		}
		if sw.refDecls != nil {
			sw.refDecls[a.Name.Value]++
		}
		if nameref {
			if sw.skip == nil {
				sw.skip = map[*syntax.Assign]bool{}
			}
			sw.skip[a] = true
			sw.nameref(a)
		} else if a.Array != nil && !a.Append && !sw.light {
			sw.declArray(x, a)
		}
	}
}

// declArray keeps a declaration's array assignment, with its -A.
func (sw *scriptWrites) declArray(x *syntax.DeclClause, a *syntax.Assign) {
	if sw.declArrays == nil {
		sw.declArrays = map[*syntax.Assign]bool{}
	}
	sw.declArrays[a] = true
	assoc, _ := declFlags(x)
	sw.arrays = append(sw.arrays, arrayAssign{assign: a, assoc: assoc || declares(x, 'A')})
}

// nameref records one declare -n NAME=TARGET. A nameref declared without a
// target takes the first name assigned to it (declare -n r; r=TARGET).
func (sw *scriptWrites) nameref(a *syntax.Assign) {
	switch {
	case a.Array != nil || a.Index != nil || a.Append:
		sw.anything = true
		return
	case a.Value == nil:
		sw.openRefs = append(sw.openRefs, a.Name.Value)
		return
	}
	if v, rest, ok := throughParam(a.Value); ok && rest == "" {
		// declare -n r="$v": r names what v holds.
		sw.through = append(sw.through, v)
		sw.addRef(a.Name.Value, "$"+v)
		return
	}
	t, ok := sw.static(a.Value)
	if !ok || !isIdentifier(t) {
		// A dynamic name, a[$(…)]: it may write any variable.
		sw.anything = true
		t = ""
	}
	sw.addRef(a.Name.Value, t)
}

func (sw *scriptWrites) addRef(name, target string) {
	if sw.namerefs == nil {
		sw.namerefs = map[string][]string{}
	}
	if !slices.Contains(sw.namerefs[name], target) {
		sw.namerefs[name] = append(sw.namerefs[name], target)
	}
}

// call counts the writes of a command: the builtins that assign the names
// they are given, and those after which any variable may have any value.
func (sw *scriptWrites) call(x *syntax.CallExpr) {
	name := x.Args[0].Lit()
	if writerCommands.Get()[name] {
		sw.callWrites(name, x.Args[1:])
	}
	if name == "read" {
		for _, a := range x.Assigns {
			if a.Name != nil && a.Name.Value == "IFS" {
				// IFS=… read: IFS for read's own splitting, not the script's.
				if sw.skip == nil {
					sw.skip = map[*syntax.Assign]bool{}
				}
				sw.skip[a] = true
			}
		}
	}
	sw.anything = sw.anything || runsAnything.Get()[name] && !looksUp(x) && !(name == "eval" && sw.evalWrites(x))
	for k, a := range x.Args {
		if lit := a.Lit(); !sw.light && valueWriters.Get()[lit] {
			var redirs []*syntax.Redirect
			if sw.stmt != nil && sw.stmt.Cmd == x {
				redirs = sw.stmt.Redirs
			}
			var assigns []*syntax.Assign
			if k == 0 {
				assigns = x.Assigns
			}
			sw.writers = append(sw.writers, writer{args: x.Args[k:], assigns: assigns, redirs: redirs})
			break
		}
	}
	for k := 1; k < len(x.Args) && !sw.light; k++ {
		if x.Args[k].Lit() == "eval" {
			// env X=1 eval "c=rm": a wrapper's eval; what its text assigns
			// counts among the values the script may give.
			sw.evalWrites(&syntax.CallExpr{Args: x.Args[k:]})
			break
		}
	}
}

// callWrites counts the names a writing builtin's words may assign: read's
// operands and -a, printf's -v, wait's -p, mapfile's array, getopts' second
// operand, unset's and let's operands. A name word that is not written out
// ("$v") counts for the name v holds, or may name any variable.
func (sw *scriptWrites) callWrites(name string, args []*syntax.Word) {
	g, ok := registry.Builtin(name)
	if !ok {
		sw.anyTargets(name, args)
		return
	}
	words := make([]registry.Word, len(args))
	for i, a := range args {
		words[i] = sw.scanWord(a)
	}
	scan := g.Scan(words)
	sw.optionWrites(name, args, words, scan)
	if scan.Unknown {
		sw.anything = true // a dynamic word may be -v NAME
	}
	if len(scan.Operands) == 0 && (name == "mapfile" || name == "readarray") {
		sw.add("MAPFILE")
	}
	for i, k := range scan.Operands {
		if name == "printf" || name == "wait" || i > 0 && (name == "mapfile" || name == "readarray") {
			return // their other operands are values
		}
		sw.target(args[k])
	}
}

// anyTargets counts the words of getopts (its second), let and the others,
// any of which may be a name.
func (sw *scriptWrites) anyTargets(name string, args []*syntax.Word) {
	for i, a := range args {
		if name != "getopts" || i == 1 {
			sw.target(a)
		}
	}
}

// optionWrites counts the names a builtin's options write: printf -v,
// wait -p, read -a; unset -n NAME makes NAME a nameref no more.
func (sw *scriptWrites) optionWrites(name string, args []*syntax.Word, words []registry.Word, scan registry.Scan) {
	for _, o := range scan.Opts {
		switch {
		case o.Name == "-n" && name == "unset" && sw.refDecls != nil:
			for _, k := range scan.Operands {
				if t := targetName(words[k].Text); t != "" {
					sw.refDecls[t]++
				}
			}
		case o.HasValue && (o.Name == "-v" || o.Name == "-p" || o.Name == "-a" && name == "read"):
			sw.optionTarget(args, o)
		}
	}
}

// scanWord is a builtin's word for its option scan: a write through "$v"
// names a variable, never an option.
func (sw *scriptWrites) scanWord(a *syntax.Word) registry.Word {
	if lit := a.Lit(); lit != "" {
		return registry.Word{Text: lit}
	}
	if v, rest, ok := throughParam(a); ok && rest == "" {
		return registry.Word{Text: "$" + v}
	}
	if t, ok := sw.static(a); ok {
		return registry.Word{Text: t}
	}
	return registry.Word{Text: "$?", Dynamic: true}
}

// optionTarget counts the name an option's value gives (printf -v NAME).
func (sw *scriptWrites) optionTarget(args []*syntax.Word, o registry.Opt) {
	if o.ValueAt != o.At {
		sw.target(args[o.ValueAt])
		return
	}
	if o.Dynamic {
		sw.anything = true
		return
	}
	if t := targetName(o.Value); t != "" {
		sw.add(t)
		if t != o.Value {
			sw.addExt(t)
		}
	}
}

// target counts a word that names a variable to write.
func (sw *scriptWrites) target(w *syntax.Word) {
	if v, rest, ok := throughParam(w); ok && rest == "" {
		sw.through = append(sw.through, v)
		return
	}
	t, ok := sw.static(w)
	if !ok {
		sw.anything = true
		return
	}
	if strings.HasPrefix(t, "-") {
		return // an option of getopts or let
	}
	if n := targetName(t); n != "" {
		sw.add(n)
		if n != t {
			sw.addExt(n) // a[1]: one element
		}
	}
}

// static returns a word's text when quote removal alone gives it (a
// positional parameter of a -c script included).
func (sw *scriptWrites) static(w *syntax.Word) (string, bool) {
	if lit := w.Lit(); lit != "" {
		return lit, true
	}
	if sw.res == nil || !plainWord(w) && containsSubst(w) {
		return "", false // a substitution's output is not a name written out
	}
	known := sw.res.known
	sw.res.known = nil
	defer func() { sw.res.known = known }()
	v := sw.res.resolveOne(w)
	return v.Text, v.Static
}

// targetName returns the variable a name word writes: NAME, or NAME of an
// element NAME[…]; "" when it names none.
func targetName(t string) string {
	if i := strings.IndexByte(t, '['); i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	if isIdentifier(t) {
		return t
	}
	return ""
}

// throughParam reports a word that is one parameter expansion $v (quoted or
// not, ${v} too), followed by literal text rest: the name a write through it
// targets is v's value.
func throughParam(w *syntax.Word) (v, rest string, ok bool) {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, isDQ := parts[0].(*syntax.DblQuoted); isDQ {
			parts = dq.Parts
		}
	}
	if len(parts) == 0 {
		return "", "", false
	}
	p, isParam := parts[0].(*syntax.ParamExp)
	if !isParam || !simpleParam(p) {
		return "", "", false
	}
	var sb strings.Builder
	for _, q := range parts[1:] {
		lit, isLit := q.(*syntax.Lit)
		if !isLit {
			return "", "", false
		}
		sb.WriteString(lit.Value)
	}
	return p.Param.Value, sb.String(), true
}

// simpleParam reports $name or ${name}, with no operator.
func simpleParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0 && isIdentifier(p.Param.Value)
}

// resolveThrough resolves the writes through a variable: v assigned once,
// a static name, writes that name; otherwise the write may be to any
// variable. Then a nameref's writes count for its targets.
func (sw *scriptWrites) resolveThrough() {
	sw.resolveOpenRefs()
	for _, v := range sw.through {
		t, ok := sw.resolved[v]
		if !ok {
			t, ok = sw.singleName(v)
		}
		if !ok {
			sw.anything = true
			continue
		}
		if sw.resolved == nil {
			sw.resolved = map[string]string{}
		}
		sw.resolved[v] = t
		sw.add(t)
	}
	sw.countRefWrites()
}

// countRefWrites resolves the namerefs declared through a variable, and
// counts each nameref's writes for its targets.
func (sw *scriptWrites) countRefWrites() {
	names := make([]string, 0, len(sw.namerefs))
	for name, targets := range sw.namerefs {
		for i, t := range targets {
			if v, ok := strings.CutPrefix(t, "$"); ok {
				targets[i] = sw.resolved[v]
			}
		}
		names = append(names, name)
	}
	// Sorted, so that a chain's counts add up the same on every run.
	slices.Sort(names)
	for _, name := range names {
		for _, t := range sw.refTargets(name) {
			if t != "" {
				sw.count[t] += sw.count[name]
			}
		}
	}
}

// resolveOpenRefs gives a nameref declared without a target the names
// assigned to it (each may be the first): when plain assignments of static
// names are its only writes; otherwise it may write any variable.
func (sw *scriptWrites) resolveOpenRefs() {
	for _, ref := range sw.openRefs {
		n := 0
		for _, a := range sw.assigns {
			if a.Name.Value != ref {
				continue
			}
			n++
			t, ok := sw.static(a.Value)
			if !ok || !isIdentifier(t) {
				sw.anything = true
				break
			}
			sw.addRef(ref, t)
		}
		if n == 0 || n != sw.count[ref] {
			sw.anything = true
		}
	}
}

// singleName returns the static name v holds when one plain assignment
// writes v and nothing else does.
func (sw *scriptWrites) singleName(v string) (string, bool) {
	if sw.count[v] != 1 {
		return "", false
	}
	for _, a := range sw.assigns {
		if a.Name.Value != v {
			continue
		}
		t, ok := sw.static(a.Value)
		return t, ok && isIdentifier(t)
	}
	return "", false
}

// declares reports a declaration's option letter (declare -A, -gA …).
func declares(x *syntax.DeclClause, letter byte) bool {
	for _, a := range x.Args {
		if a.Name == nil && a.Naked && a.Value != nil {
			if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.IndexByte(lit[1:], letter) >= 0 {
				return true
			}
		}
	}
	return false
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
				if _, rest, ok := throughParam(a.Value); ok && strings.HasPrefix(rest, "=") {
					continue // "$v=…": an assignment, not an option
				}
				return true // a dynamic option word may be -n
			}
		}
	}
	return false
}

// looksUp reports command -v NAME and command -V NAME, which only say what a
// name runs.
func looksUp(x *syntax.CallExpr) bool {
	if x.Args[0].Lit() != "command" || len(x.Args) < 2 {
		return false
	}
	opt := x.Args[1].Lit()
	return opt == "-v" || opt == "-V"
}

// writerCommands are the builtins that assign the variables they name
// (callWrites); export, declare and the like are read as declarations.
var writerCommands = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("read", "mapfile", "readarray", "printf", "getopts", "unset", "let", "wait")
}}

// runsAnything are the builtins after which any variable may have any
// value: they run text the shell reads then.
var runsAnything = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("eval", "source", ".", "trap", "enable", "builtin", "command", "exec")
}}

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
