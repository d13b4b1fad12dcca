package registry

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
)

// Invocation is a program's argv read against its declaration.
type Invocation struct {
	Program *Program
	// Node is the deepest subcommand the argv names (the program's own node
	// when it names none).
	Node *Node
	// Path are the subcommand words that led to Node; PathAt their indexes
	// in the args given to Resolve.
	Path   []string
	PathAt []int
	// Scan holds every option and operand after the program name (indexes
	// into the args given to Resolve); subcommand words are not operands.
	Scan Scan
	// Verb is the first operand where Node has subcommands but none matched
	// ("" when Node has none, or no operand was given); it is how the
	// destructive-name principle sees an undeclared verb.
	Verb string
	// VerbAt is the index of Verb's word in args (when Verb is set).
	VerbAt int
	// DynamicVerb reports a dynamic word where a subcommand could stand.
	DynamicVerb bool

	args []Word
	// alts are the other readings of the argv (see Resolve).
	alts []Invocation
}

// maxSkips bounds how many words in verb position the resolver may read as
// something else (an option's value, a toolchain, a word after "--") to find
// the verb behind them.
const maxSkips = 3

// maxGlobVerbs bounds the verbs one pattern in verb position is read as.
const maxGlobVerbs = 8

// Resolve reads args (the words after the program's name) against p.
//
// A static word in verb position that names no subcommand may be the value of
// an option the declaration does not list (kubectl --kubeconfig FILE delete,
// npm --otp CODE unpublish) or a selector (cargo +nightly yank); a "--"
// before the verb may still be followed by it (npm -- unpublish). The
// resolver then also reads the argv with that word set aside, and keeps the
// reading when it reaches a declared verb or one named like a destroying verb:
// findings come from every reading, and the command is read-only only when
// every reading is.
func (p *Program) Resolve(args []Word) Invocation {
	inv := Invocation{Program: p, Node: &p.Node, args: args}
	out := inv.walk(args, 0, nil, 0)
	if len(out.alts) > 0 && !DestructiveVerb(out.Verb) {
		for _, alt := range out.alts {
			if DestructiveVerb(alt.Verb) {
				out.Verb, out.VerbAt, out.Path, out.PathAt = alt.Verb, alt.VerbAt, alt.Path, alt.PathAt
				break
			}
		}
	}
	for _, alt := range out.alts {
		out.DynamicVerb = out.DynamicVerb || alt.DynamicVerb
	}
	return out
}

// walk resolves args[pos:] from inv.Node; opts are the options found before.
func (inv Invocation) walk(args []Word, pos int, opts []Opt, skips int) Invocation {
	for len(inv.Node.Subs) > 0 && pos < len(args) {
		s := inv.verbScan(args, pos, &opts)
		if s.DashDash >= 0 {
			return inv.afterDashDash(args, pos+s.DashDash, opts, skips)
		}
		stop := pos + s.Stop
		if stop >= len(args) {
			return inv.finish(args, opts, stop, false)
		}
		w := args[stop]
		next := inv.Node.Sub(w.Text)
		if next == nil && !w.Dynamic && skips == 0 && strings.ContainsAny(w.Text, "*?[") {
			return inv.globVerb(args, stop, opts)
		}
		if w.Dynamic || next == nil {
			return inv.undeclaredVerb(args, stop, opts, skips)
		}
		inv.Path = append(slices.Clip(inv.Path), w.Text)
		inv.PathAt = append(slices.Clip(inv.PathAt), stop)
		inv.Node = next
		pos = stop + 1
	}
	return inv.finish(args, opts, pos, false).destroyingOperand(args, pos)
}

// verbScan reads the options before the verb at args[pos:] (the verb is the
// first operand) and adds them to opts.
func (inv *Invocation) verbScan(args []Word, pos int, opts *[]Opt) Scan {
	g := *inv.Node.grammar()
	g.Posix = true
	s := g.scan(args[pos:], false)
	for _, o := range s.Opts {
		o.At += pos
		o.ValueAt += pos
		*opts = append(*opts, o)
	}
	if s.Unknown {
		inv.Scan.Unknown = true
		inv.DynamicVerb = true
	}
	return s
}

// afterDashDash reads a "--" before any verb at dd: everything after it is
// an operand, or (another reading) the verb may still follow it.
func (inv Invocation) afterDashDash(args []Word, dd int, opts []Opt, skips int) Invocation {
	out := inv.finish(args, opts, dd, true)
	if skips < maxSkips && dd+1 < len(args) {
		out.also(inv.walk(args, dd+1, slices.Clip(opts), skips+1), len(inv.Path))
	}
	return out
}

// globVerb reads a pattern in verb position (npm unpub*, which may expand
// to unpublish when such a file exists): each verb the pattern matches is a
// reading — a few, and no further readings behind them, so patterns cannot
// multiply.
func (inv Invocation) globVerb(args []Word, stop int, opts []Opt) Invocation {
	out := inv
	out.Verb, out.VerbAt = args[stop].Text, stop
	out = out.finish(args, opts, stop, false)
	matched := 0
	for _, sub := range inv.Node.Subs {
		if matched >= maxGlobVerbs {
			break
		}
		if name, ok := sub.matchGlob(args[stop].Text); ok {
			alt := inv
			alt.Path, alt.Node = append(slices.Clip(inv.Path), name), sub
			alt.PathAt = append(slices.Clip(inv.PathAt), stop)
			out.also(alt.walk(args, stop+1, slices.Clip(opts), maxSkips), len(inv.Path))
			matched++
		}
	}
	return out
}

// matchGlob returns the first of the node's plain names the pattern matches.
func (n *Node) matchGlob(pattern string) (string, bool) {
	for _, name := range n.Names {
		if ok, _ := path.Match(pattern, name); ok && !strings.Contains(name, "*") {
			return name, true
		}
	}
	return "", false
}

// undeclaredVerb reads a verb the declaration does not name (or one known
// only at run time) at stop; a static one may also be an undeclared
// option's value or a selector, so the argv is read again with it set aside.
func (inv Invocation) undeclaredVerb(args []Word, stop int, opts []Opt, skips int) Invocation {
	w := args[stop]
	alt := inv
	if w.Dynamic {
		inv.DynamicVerb = true
	} else {
		inv.Verb, inv.VerbAt = w.Text, stop
	}
	out := inv.finish(args, opts, stop, false)
	if !w.Dynamic && skips < maxSkips && stop+1 < len(args) {
		out.also(alt.walk(args, stop+1, slices.Clip(opts), skips+1), len(inv.Path))
	}
	return out
}

// destroyingOperand reads conda env remove, op vault delete: a reading verb
// declared without verbs of its own, followed at once by a word that
// destroys, is that verb's undeclared subcommand (the word itself, not a
// name that holds it: kubectl logs db-purge-job reads).
func (inv Invocation) destroyingOperand(args []Word, pos int) Invocation {
	n := inv.Node
	if n.Read && len(n.Subs) == 0 && len(inv.Path) > 0 && pos < len(args) && !args[pos].Dynamic &&
		len(inv.Scan.Operands) > 0 && inv.Scan.Operands[0] == pos && destructiveVerbs.Get()[strings.ToLower(args[pos].Text)] {
		inv.Verb, inv.VerbAt = args[pos].Text, pos
	}
	return inv
}

// also keeps another reading when it names a declared verb deeper than depth
// or a verb named like one that destroys.
func (inv *Invocation) also(alt Invocation, depth int) {
	for _, r := range alt.readings() {
		if len(r.Path) > depth || DestructiveVerb(r.Verb) {
			r.alts = nil
			inv.alts = append(inv.alts, r)
		}
	}
}

// readings returns the invocation and its other readings.
func (inv *Invocation) readings() []Invocation {
	return append([]Invocation{*inv}, inv.alts...)
}

// each yields the invocation and its other readings, without copying
// them.
func (inv *Invocation) each(yield func(*Invocation) bool) {
	if !yield(inv) {
		return
	}
	for i := range inv.alts {
		if !yield(&inv.alts[i]) {
			return
		}
	}
}

// Readings returns every reading of the argv: the invocation itself first,
// then the readings with a word in verb position set aside (see Resolve).
func (inv *Invocation) Readings() []Invocation { return inv.readings() }

// finish scans args[from:] with the node's whole grammar and adds the
// options found before it. With dashDash, args[from] is a "--" that came
// before any subcommand: everything after it is an operand.
func (inv Invocation) finish(args []Word, before []Opt, from int, dashDash bool) Invocation {
	inv.Scan.Opts = slices.Clip(before)
	inv.Scan.Operands = nil
	inv.Scan.DashDash = -1
	inv.Scan.Stop = len(args)
	if dashDash {
		inv.Scan.DashDash = from
		for j := from + 1; j < len(args); j++ {
			inv.Scan.Operands = append(inv.Scan.Operands, j)
		}
		return inv
	}
	if from >= len(args) {
		return inv
	}
	s := inv.Node.grammar().Scan(args[from:])
	// The scan's own lists are fresh: shift them in place and keep them.
	for i := range s.Opts {
		s.Opts[i].At += from
		s.Opts[i].ValueAt += from
	}
	if len(inv.Scan.Opts) == 0 {
		inv.Scan.Opts = s.Opts
	} else {
		inv.Scan.Opts = append(inv.Scan.Opts, s.Opts...)
	}
	for i := range s.Operands {
		s.Operands[i] += from
	}
	inv.Scan.Operands = s.Operands
	inv.Scan.Unknown = inv.Scan.Unknown || s.Unknown
	if s.DashDash >= 0 {
		inv.Scan.DashDash = s.DashDash + from
	}
	inv.Scan.Stop = s.Stop + from
	return inv
}

// helpOptions ask a program for its help or version and nothing else.
var helpOptions = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"--help": true, "-h": true, "--version": true, "-help": true, "-version": true, "-?": true, "--usage": true}
}}

// MayAskHelp reports a word that could make an argv a request for help or the
// version (see Invocation.Help): callers read the argv only when one is there.
func MayAskHelp(word string) bool {
	return helpOptions.Get()[word] || word == "help" || word == "version" || word == "-V" || word == "-v"
}

// Help reports an argv that only asks for help or the version: --help, -h,
// --version, -help, -version as an option of the program (not an option's
// value, not after "--", not an option the grammar gives another meaning,
// as -h for a host), with no operand but the verb (kubectl delete --help,
// docker run --help; not docker run IMAGE --help, go run . --help or
// node evil.js -h, which run something); or help alone as the verb. Every
// reading of the argv must be help. args is the argv Resolve read.
func (inv *Invocation) Help(args []Word) bool {
	for r := range inv.each {
		if !r.help() {
			return false
		}
	}
	return true
}

func (inv *Invocation) help() bool {
	args := inv.args
	if len(args) == 0 || !staticArgs(args) {
		return false // cargo run -- --help asks the program built, not cargo
	}
	if verb, ok := helpVerb(inv, args); ok {
		return verb
	}
	if len(args) == 1 && (args[0].Text == "-V" || args[0].Text == "-v") && !inv.declares(args[0].Text) {
		return true // node -v, ruby -v, mvn -v, rustc -V: the version
	}
	return inv.helpOption() && inv.helpOperands()
}

// staticArgs reports an argv with no word known only at run time and no "--".
func staticArgs(args []Word) bool {
	for _, w := range args {
		if w.Dynamic || w.Text == "--" {
			return false
		}
	}
	return true
}

// helpVerb reads help or version as the verb: it decides (ok) when the
// argv starts with one.
func helpVerb(inv *Invocation, args []Word) (help, ok bool) {
	first := args[0].Text
	if first != "help" && first != "version" {
		return false, false
	}
	if len(inv.Path) > 0 && !inv.Node.Read {
		return false, true // make help runs the Makefile's target named help
	}
	if len(args) == 1 {
		return true, true
	}
	if first != "help" || len(args) > 3 {
		return false, false
	}
	for _, w := range args {
		if strings.ContainsAny(w.Text, "=/$") {
			return false, true
		}
	}
	return true, true
}

// helpOption reports a help option among the options, and none that would
// make the verb do something.
func (inv *Invocation) helpOption() bool {
	found := false
	n := inv.Node
	for _, o := range inv.Scan.Opts {
		if helpOptions.Get()[o.Name] && !o.HasValue && !inv.declares(o.Name) {
			found = true
			continue
		}
		if slices.Contains(n.Unless, o.Name) || slices.Contains(n.Output, o.Name) || inv.ruleOption(o.Name) {
			return false
		}
	}
	return found
}

// helpOperands reports operands that leave a help option asking for help:
// none, or the verb alone (an undeclared one, or any operand of a program
// that declares no verbs), never a script or a command to run.
func (inv *Invocation) helpOperands() bool {
	switch len(inv.Scan.Operands) {
	case 0:
		return true
	case 1:
		if inv.Program.Check == "interpreter" || inv.Node.Runs != nil || len(inv.Path) > 0 {
			return false
		}
		return inv.Verb != "" || len(inv.Program.Subs) == 0
	}
	return false
}

// declares reports a help-like option the grammar gives another meaning
// (-h for --host, --version VERSION).
func (inv *Invocation) declares(name string) bool {
	g := inv.Node.grammar()
	if len(name) == 2 && name[0] == '-' && !g.Dash {
		_, known := g.short(name[1])
		return known
	}
	long := strings.TrimLeft(name, "-")
	for decl := range g.longs() {
		if n, kind := splitLong(decl); n == long && kind != noValue {
			return true
		}
	}
	return false
}

// ruleOption reports an option one of the verb's rules names.
func (inv *Invocation) ruleOption(name string) bool {
	for _, r := range inv.Node.Rules {
		for _, cond := range r.If {
			if n, _, _ := strings.Cut(cond, "="); n == name {
				return true
			}
		}
	}
	return false
}

// Project reports whether the invocation runs the project's own code (Node.Project)
// in any reading of the argv.
func (inv *Invocation) Project() bool {
	for r := range inv.each {
		if r.Node != nil && r.Node.Project {
			return true
		}
	}
	return false
}

// RunsOnly reports whether the invocation only runs the texts its project
// files give (Node.RunsOnly) in every reading of the argv, with none of
// its Unless options.
func (inv *Invocation) RunsOnly() bool {
	for r := range inv.each {
		if r.Node == nil || !r.Node.RunsOnly || r.DynamicVerb || len(r.Node.Unless) > 0 && r.Scan.May(r.Node.Unless...) {
			return false
		}
	}
	return true
}

// ReadOnly reports whether the invocation only reads, by the declaration:
// every reading of the argv must.
func (inv *Invocation) ReadOnly() bool {
	for r := range inv.each {
		if !r.readOnly() {
			return false
		}
	}
	return true
}

func (inv *Invocation) readOnly() bool {
	if inv.DynamicVerb || inv.Verb != "" || inv.Node.Project || !inv.reads() {
		return false
	}
	return !inv.mayWrite()
}

// reads reports a verb declared to read with these options: Read, Bare
// with nothing given, or one of its ReadIf options.
func (inv *Invocation) reads() bool {
	n := inv.Node
	if n.Read || n.Bare && len(inv.Scan.Opts) == 0 && len(inv.Scan.Operands) == 0 && !inv.Scan.Unknown {
		return true
	}
	if len(n.ReadIf) > 0 && !inv.Scan.Unknown && inv.Scan.Has(n.ReadIf...) {
		// A listing option only lists when nothing else is asked: mount -l
		// DEV DIR mounts.
		return !n.Bare || len(inv.Scan.Operands) == 0
	}
	return false
}

// mayWrite reports an option or operand that makes a reading verb write or
// run something: one of its Unless or Output options (or a word that may be
// one), an argument passed on after "--", an Each command, a written
// operand, or a declared effect that changes a file, runs it, sends it or
// sets the environment.
func (inv *Invocation) mayWrite() bool {
	n := inv.Node
	if len(n.Unless) > 0 && inv.Scan.May(n.Unless...) || len(n.Output) > 0 && inv.Scan.May(n.Output...) {
		return true
	}
	if inv.Scan.DashDash >= 0 && len(n.Unless) > 0 && inv.passesUnless() {
		return true // npm run lint -- --fix: options passed through to a script count
	}
	if n.Runs != nil && len(n.Runs.Each) > 0 && inv.Scan.May(n.Runs.Each...) {
		return true // fd -x CMD runs CMD
	}
	if n.OutputOperand > 0 && (inv.Scan.Unknown || len(inv.Scan.Operands) >= n.OutputOperand) {
		return true
	}
	return len(n.Effects) > 0 && slices.ContainsFunc(inv.effects(nil), func(t Target) bool { return t.Act != Reads && t.Act != ChangesDir })
}

// passesUnless reports an argument after "--" that may make the verb write
// (argUnless).
func (inv *Invocation) passesUnless() bool {
	for _, i := range inv.Scan.Operands {
		if i > inv.Scan.DashDash && inv.argUnless(i) {
			return true
		}
	}
	return false
}

// argUnless reports an argument passed through after "--" that may make the
// verb write: one of its Unless options, a word known only at run time, or a
// path outside the project (npm run lint -- -o ~/.bashrc: the script's own
// options are unknown, and its files may be written).
func (inv *Invocation) argUnless(i int) bool {
	w := inv.args[i]
	name, value, _ := strings.Cut(w.Text, "=")
	if w.Dynamic || outsidePath(w.Text) || outsidePath(value) {
		return true
	}
	return slices.Contains(inv.Node.Unless, name)
}

func outsidePath(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, "..")
}

// Outputs returns the values of the options that name a file the verb
// writes, and the operand it writes (OutputOperand), in every reading. An
// operand is returned as an option whose value is the word (At == ValueAt).
func (inv *Invocation) Outputs() []Opt {
	var out []Opt
	for r := range inv.each {
		out = append(out, r.Scan.Values(r.Node.Output...)...)
		if k := r.Node.OutputOperand; k > 0 && len(r.Scan.Operands) >= k {
			i := r.Scan.Operands[k-1]
			w := r.args[i]
			out = append(out, Opt{Value: w.Text, HasValue: true, Dynamic: w.Dynamic, At: i, ValueAt: i})
		}
	}
	return out
}

// Findings returns the findings of the rules of the invocation's verb that
// fire. A dynamic word in option position could be the option of a severe
// rule: that rule fires too, as a non-severe finding (a human should look).
func (inv *Invocation) Findings() []finding.Finding {
	if inv.Help(inv.args) {
		return nil // npm unpublish --help only prints the help
	}
	var out []finding.Finding
	for r := range inv.each {
		for _, f := range r.firing() {
			if !slices.ContainsFunc(out, func(g finding.Finding) bool { return g.ID == f.rule.ID && g.Severity >= f.severity }) {
				out = append(out, f.finding())
			}
		}
	}
	return out
}

// fired is a rule that fires, at a severity that may be lower than the
// rule's when only a dynamic word could have been the option (maybe).
type fired struct {
	rule     Rule
	severity finding.Severity
	maybe    bool
}

// finding is the rule's finding; a maybe says why it fired.
func (f fired) finding() finding.Finding {
	reason := f.rule.Reason
	if f.maybe {
		reason = "a word known only at run time could be an option: " + reason
	}
	return finding.Finding{Kind: f.rule.Kind, Severity: f.severity, Reason: reason, ID: f.rule.ID, Suggestion: f.rule.Safer}
}

func (inv *Invocation) firing() []fired {
	var out []fired
	for _, r := range inv.Node.Rules {
		if inv.excepted(r) {
			continue
		}
		if len(r.If) == 0 || inv.fires(r) {
			out = append(out, fired{rule: r, severity: r.Severity})
		} else if inv.Scan.Unknown && r.Severity == finding.Severe {
			out = append(out, fired{rule: r, severity: finding.NonSevere, maybe: true})
		}
	}
	return out
}

// excepted reports one of the rule's Except options given with a value
// known now (kubectl delete --dry-run=client).
func (inv *Invocation) excepted(r Rule) bool {
	for _, cond := range r.Except {
		name, want, hasWant := strings.Cut(cond, "=")
		for _, o := range inv.Scan.Opts {
			if o.Name != name || o.Dynamic {
				continue
			}
			if !hasWant || o.Value == want {
				return true
			}
		}
	}
	return false
}

func (inv *Invocation) fires(r Rule) bool {
	for _, cond := range r.If {
		name, want, hasWant := strings.Cut(cond, "=")
		for _, o := range inv.Scan.Opts {
			if o.Name != name {
				continue
			}
			if !hasWant {
				return true
			}
			if o.Dynamic {
				return true
			}
			if ok, _ := path.Match(want, o.Value); ok {
				return true
			}
		}
	}
	return false
}

// DestructiveVerbs are subcommand names that destroy things. For a program the
// registry does not know, or a verb its declaration does not name, one of
// these as a subcommand is destructive_action (docs/registry.md).
var destructiveVerbs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"delete": true, "destroy": true, "drop": true, "purge": true, "prune": true, "remove": true, "rm": true,
		"uninstall": true, "unpublish": true, "yank": true, "wipe": true, "terminate": true, "revoke": true,
		"nuke": true, "erase": true, "rmi": true, "teardown": true, "deprovision": true, "decommission": true,
		"truncate": true, "flush": true, "reset": true,
	}
}}

// DestructiveVerb reports whether a subcommand word destroys things:
// delete, destroy, … or a compound of one (delete-bucket, apps:destroy,
// db-drop, deleteMany).
func DestructiveVerb(word string) bool {
	if destructiveVerbs.Get()[word] {
		return true
	}
	for _, part := range strings.FieldsFunc(word, func(r rune) bool { return r == '-' || r == ':' || r == '_' || r == '.' }) {
		if destructiveVerbs.Get()[strings.ToLower(part)] {
			return true
		}
		// deleteMany, DeleteBucket, forceDestroy: camel-case compounds.
		start := 0
		for i := 1; i <= len(part); i++ {
			if i == len(part) || part[i] >= 'A' && part[i] <= 'Z' && part[i-1] >= 'a' && part[i-1] <= 'z' {
				if destructiveVerbs.Get()[strings.ToLower(part[start:i])] {
					return true
				}
				start = i
			}
		}
	}
	return false
}
