package registry

import (
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
)

// Act is what a verb does with the file, or the value, that one of its
// operands or option values names.
type Act uint8

// The acts a declaration can say.
const (
	// Reads reads the file.
	Reads Act = iota + 1
	// Writes creates, overwrites or truncates the file.
	Writes
	// Appends adds to the end of the file.
	Appends
	// Deletes removes the file (not a tree).
	Deletes
	// DeletesTree removes the file or the whole tree under it.
	DeletesTree
	// Moves moves the file away: it is gone from where it was.
	Moves
	// ChangesMode changes the file's mode, owner or ACL.
	ChangesMode
	// Executes runs the file as a program or script.
	Executes
	// Sends sends the file's content off the machine.
	Sends
	// SetsEnv sets NAME=VALUE in the environment of what the verb runs.
	SetsEnv
	// ChangesDir runs what follows in the directory.
	ChangesDir
	// RunsShell runs the value as a command line: the program hands it to a
	// shell, or splits it into a program and its arguments (tar
	// --to-command=CMD, man -P CMD, ssh -o ProxyCommand=CMD). The command is
	// judged as a script of its own.
	RunsShell
)

var actNames = [...]string{Reads: "reads", Writes: "writes", Appends: "appends", Deletes: "deletes", DeletesTree: "deletes recursively",
	Moves: "moves", ChangesMode: "changes the mode of", Executes: "runs", Sends: "sends", SetsEnv: "sets", ChangesDir: "works in",
	RunsShell: "runs the command in"}

// String says the act as a verb: "writes", "deletes recursively".
func (a Act) String() string {
	if int(a) < len(actNames) && actNames[a] != "" {
		return actNames[a]
	}
	return "act(" + strconv.Itoa(int(a)) + ")"
}

// Changes reports an act that changes the file it names: a write, an append,
// a delete, a move or a change of mode.
func (a Act) Changes() bool {
	switch a {
	case Writes, Appends, Deletes, DeletesTree, Moves, ChangesMode:
		return true
	}
	return false
}

// Class is the effect class a user gives a policy to.
func (a Act) Class() effect.Class {
	switch a {
	case Reads:
		return effect.FilesystemRead
	case Writes, Appends:
		return effect.FilesystemWrite
	case Deletes, DeletesTree, Moves:
		return effect.FilesystemDelete
	case ChangesMode:
		return effect.PermissionsChange
	case Executes, RunsShell:
		return effect.CodeExecution
	case Sends:
		return effect.NetworkOutbound
	case SetsEnv:
		return effect.EnvironmentChange
	case ChangesDir:
		return effect.DirectoryChange
	}
	return ""
}

// Effect says what a verb does with some of its operands or option values.
type Effect struct {
	Act Act
	// Opts lists the options whose values the effect applies to (-o FILE,
	// --output=FILE).
	Opts []string
	// Operands says which operands it applies to: "all", "last", "init"
	// (all but the last), "rest" (all but the first), "N" (the Nth, from 1)
	// or "N-" (the Nth and after); "" for none.
	Operands string
	// Min is the fewest operands the verb must have for the operands to be
	// the effect's (cp SRC DEST writes DEST only with two).
	Min int
	// If lists options one of which must be given (tar --remove-files), as
	// a Rule's If does: "-X=POST" also requires that value (a glob); AndIf
	// lists options one of which must be given too (zip -m with -r); Unless
	// lists options that cancel the effect.
	If, AndIf, Unless []string
	// Into means the target is a directory the verb puts files into (cp -t
	// DIR, curl --output-dir DIR): what it writes is judged inside it.
	Into bool
	// In lists options whose value is the directory the target is named in
	// (curl --output-dir with -o NAME, aria2c -d DIR with -o NAME, wget -P):
	// the target is that directory joined with its name.
	In []string
	// URLName means the operand is a URL and the target is the file named
	// by its last path segment (curl -O, wget, aria2c).
	URLName bool
	// Prefixes, for a RunsShell effect, are what a value must start with
	// (ignoring case, after any of the characters in Trim) to hold a
	// command: the command is what follows (gdb -ex '!CMD' or 'shell CMD',
	// tar --checkpoint-action=exec=CMD, ssh -o ProxyCommand=CMD). A value
	// that starts with none of them is not the effect's. With no Prefixes
	// the whole value is the command.
	Prefixes []string
	// Trim lists characters a RunsShell value may start with before its
	// prefix (vim's -c ':!CMD'); they are cut off.
	Trim string
	// Strip lists suffixes the target is named without: gunzip FILE.gz
	// writes FILE. An operand without one of them names no target.
	Strip []string
	// GlobRefs means the name may hold #1, #2 …, which the verb fills with
	// what the globs of its URLs matched (curl -o 'dir/#1' 'http://h/{a,b}'):
	// the name is judged as the pattern each #N made * of.
	GlobRefs bool
	// Options means the value is a file of the verb's own options (curl -K
	// FILE, wget --config=FILE, aria2c -i FILE): what it writes is named
	// there, so the target is a path known only at run time.
	Options bool
}

// Target is one effect on one word of the argv.
type Target struct {
	Act Act
	// At is the index, in the args given to Resolve, of the word naming the
	// target; for an option's value attached to it (-oFILE, --output=FILE)
	// the option's own word.
	At int
	// Value is the target's text when it is attached to its option;
	// Attached reports that case.
	Value    string
	Attached bool
	// Dynamic reports a target known only at run time.
	Dynamic bool
	// Into means the target is a directory the verb puts files into.
	Into bool
	// Opt is the option whose value the target is, "" for an operand.
	Opt string
	// Dir is the word naming the directory the target is in (Effect.In),
	// nil when none is given: its At, Value, Attached and Dynamic.
	Dir *Target
	// URLName means the target is named by the last path segment of the
	// URL the word holds.
	URLName bool
	// Strip lists suffixes the target is named without (Effect.Strip).
	Strip []string
	// GlobRefs means #N in the name is filled in at run time (Effect.GlobRefs).
	GlobRefs bool
	// Options means the target is named in the file the value names
	// (Effect.Options).
	Options bool
	// Command, for a RunsShell target, is the command line the value holds:
	// the value after the effect's prefix.
	Command string
}

// Effects returns what the invocation does with the files its argv names,
// in every reading of the argv, by its verb's declaration. A word known only
// at run time among the options may be any option: effects that need one
// (If) then apply too.
func (inv *Invocation) Effects() []Target {
	var out []Target
	for r := range inv.each {
		out = r.effects(out)
	}
	return out
}

func (inv *Invocation) effects(out []Target) []Target {
	for _, e := range inv.Node.Effects {
		if !inv.applies(e) {
			continue
		}
		// An effect that holds only because a word known only at run time
		// may be its option does not take that word as its target too, when
		// it stays one word ("$f"): tar czf x.tgz "$f" archives $f.
		byUnknown := len(e.If) > 0 && !inv.fires(Rule{If: e.If}) || len(e.AndIf) > 0 && !inv.fires(Rule{If: e.AndIf})
		out = inv.optionTargets(e, out)
		for _, i := range pick(e.Operands, inv.Scan.Operands, e.Min) {
			command, ok := e.command(inv.args[i].Text)
			if byUnknown && inv.args[i].Single || !ok {
				continue
			}
			out = append(out, Target{Act: e.Act, At: i, Value: inv.args[i].Text, Dynamic: inv.args[i].Dynamic, Into: e.Into, Dir: inv.dirOf(e), URLName: e.URLName, Strip: e.Strip, GlobRefs: e.GlobRefs, Options: e.Options, Command: command})
		}
	}
	if n := inv.Node.OutputOperand; n > 0 && len(inv.Scan.Operands) >= n {
		i := inv.Scan.Operands[n-1]
		out = append(out, Target{Act: Writes, At: i, Value: inv.args[i].Text, Dynamic: inv.args[i].Dynamic})
	}
	for _, o := range inv.Scan.Values(inv.Node.Output...) {
		if o.HasValue {
			out = append(out, Target{Act: Writes, At: o.ValueAt, Value: o.Value, Dynamic: o.Dynamic, Attached: o.ValueAt == o.At, Opt: o.Name})
		}
	}
	return out
}

// optionTargets adds the targets an effect's option values name.
func (inv *Invocation) optionTargets(e Effect, out []Target) []Target {
	for _, o := range inv.Scan.Values(e.Opts...) {
		command, ok := e.command(o.Value)
		if !o.HasValue || !ok {
			continue
		}
		out = append(out, Target{Act: e.Act, At: o.ValueAt, Value: o.Value, Dynamic: o.Dynamic, Attached: o.ValueAt == o.At, Into: e.Into,
			Opt: o.Name, Dir: inv.dirOf(e), GlobRefs: e.GlobRefs, Options: e.Options, Command: command})
	}
	return out
}

// command returns the command line a RunsShell effect's value holds, and
// whether the value is the effect's at all: one that starts with none of
// its Prefixes is not. Any other effect takes every value ("", true).
func (e Effect) command(value string) (string, bool) {
	if e.Act != RunsShell {
		return "", true
	}
	if len(e.Prefixes) == 0 {
		return value, true
	}
	rest := strings.TrimLeft(value, e.Trim)
	for _, p := range e.Prefixes {
		if len(rest) >= len(p) && strings.EqualFold(rest[:len(p)], p) {
			return strings.TrimLeft(rest[len(p):], " \t"), true
		}
	}
	return "", false
}

// dirOf returns the directory an effect's target is named in (the last
// value of its In options), nil when none is given.
func (inv *Invocation) dirOf(e Effect) *Target {
	if len(e.In) == 0 {
		return nil
	}
	var dir *Target
	for _, o := range inv.Scan.Values(e.In...) {
		if o.HasValue {
			dir = &Target{Act: e.Act, At: o.ValueAt, Value: o.Value, Dynamic: o.Dynamic, Attached: o.ValueAt == o.At, Opt: o.Name}
		}
	}
	return dir
}

// holds reports a condition met: no options named, one of them given (a
// "--opt=glob" also tests the value), or a word known only at run time
// that may be one.
func (inv *Invocation) holds(opts []string) bool {
	return len(opts) == 0 || inv.Scan.Unknown || inv.fires(Rule{If: opts})
}

// applies reports whether an effect's conditions hold.
func (inv *Invocation) applies(e Effect) bool {
	if len(e.Unless) > 0 && inv.Scan.Has(e.Unless...) {
		return false
	}
	return inv.holds(e.If) && inv.holds(e.AndIf)
}

// pick returns the operand indexes a spec names.
func pick(spec string, operands []int, least int) []int {
	n := len(operands)
	if spec == "" || n == 0 || n < least {
		return nil
	}
	switch spec {
	case "all":
		return operands
	case "last":
		return operands[n-1:]
	case "init":
		return operands[:n-1]
	case "rest":
		return operands[1:]
	}
	from, open := strings.CutSuffix(spec, "-")
	k, err := strconv.Atoi(from)
	if err != nil || k < 1 || k > n {
		return nil
	}
	if open {
		return operands[k-1:]
	}
	return operands[k-1 : k]
}

// remoteFamilies are the families whose verbs act on remote resources: a
// cluster, a cloud, a forge, a database server.
var remoteFamilies = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"cloud": true, "containers": true, "forges": true, "iac": true, "databases": true}
}}

// Classes returns the effect classes of the invocation: those of the acts
// its declaration gives it, what its verb does (Does), and for a program
// that acts on remote resources the verb's class (a read, a change, a
// destruction).
//
// An effect that names no option and no operand says what the verb does
// whenever its conditions hold, without naming the file: curl -O writes a
// file named after the URL, wget writes one unless -O says where. A write to
// standard output or /dev/null (-o -, -O /dev/null) changes no file. A verb
// that reads only with a listing option or with no arguments (kill -l,
// mount) does nothing of what its Does says then. A verb declared as
// changing things (Writes) without a class of its own writes and runs code
// no one read: filesystem_write and code_execution, so that no action policy
// allows it by a guess.
func (inv *Invocation) Classes() effect.Set {
	var s effect.Set
	if inv.Help(nil) {
		// --help, --version, help alone: the program prints and reads.
		return s.Add(effect.FilesystemRead)
	}
	for r := range inv.each {
		if r.Node.Read || !r.readOnly() {
			for _, c := range r.Node.Does {
				s = s.Add(c)
			}
		}
		if remoteFamilies.Get()[inv.Program.Family] {
			s = s.Union(r.remoteClass())
		}
		s = s.Union(r.conditionClasses())
	}
	for _, t := range inv.Effects() {
		if t.Act.Changes() && !t.Dynamic && isStream(t.Value) {
			continue
		}
		s = s.Add(t.Act.Class())
	}
	if s == 0 && inv.changes() {
		// A verb declared as changing things without saying how (npm
		// install, docker build): it writes, and what it runs no one read.
		s = s.Add(effect.FilesystemWrite).Add(effect.CodeExecution)
	}
	return s
}

// changes reports a reading whose verb is declared as changing things
// (Writes).
func (inv *Invocation) changes() bool {
	for _, r := range inv.readings() {
		if r.Node.Writes && !r.readOnly() {
			return true
		}
	}
	return false
}

// conditionClasses are the classes of the effects that name no word, when
// their conditions hold, and of those that name an option's value when a
// word known only at run time may be that option (curl $OPTS may be curl -d).
func (inv *Invocation) conditionClasses() effect.Set {
	var s effect.Set
	for _, e := range inv.Node.Effects {
		named := len(e.Opts) > 0 || e.Operands != ""
		if inv.applies(e) && (!named || inv.Scan.UnknownWords && len(e.Opts) > 0) {
			s = s.Add(e.Act.Class())
		}
	}
	return s
}

// isStream reports a target that is no file: standard output or error, or
// /dev/null.
func isStream(v string) bool {
	switch v {
	case "-", "/dev/null", "/dev/stdout", "/dev/stderr":
		return true
	}
	return false
}

// remoteClass is the class of a remote verb, by its declaration.
func (inv *Invocation) remoteClass() effect.Set {
	var s effect.Set
	for _, f := range inv.firing() {
		if f.rule.Kind == finding.DestructiveAction {
			s = s.Add(effect.RemoteDestroy)
		}
	}
	switch {
	case inv.readOnly():
		s = s.Add(effect.RemoteRead)
	case s == 0:
		s = s.Add(effect.RemoteWrite)
	}
	return s
}

// declares reports an option the grammar reads, spelled with its dashes
// ("-o", "--output", "-name" in a Dash grammar), or "+" for a +WORD.
func (g *Grammar) declares(opt string) bool {
	if opt == "+" {
		return g.Plus // +WORD
	}
	if long, ok := strings.CutPrefix(opt, "--"); ok {
		_, _, known := g.long(long)
		return known
	}
	if g.Dash || len(opt) != 2 {
		_, _, known := g.long(strings.TrimPrefix(opt, "-"))
		return known || slices.ContainsFunc(g.Words, func(w string) bool { return strings.TrimSuffix(w, "=") == opt[1:] })
	}
	_, known := g.short(opt[1])
	return known || g.takesNext(opt[1])
}
