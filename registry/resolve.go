package registry

import (
	"path"
	"strings"

	"permgate/finding"
)

// Invocation is a program's argv read against its declaration.
type Invocation struct {
	Program *Program
	// Node is the deepest subcommand the argv names (the program's own node
	// when it names none).
	Node *Node
	// Path are the subcommand words that led to Node.
	Path []string
	// Scan holds every option and operand after the program name (indexes
	// into the args given to Resolve); subcommand words are not operands.
	Scan Scan
	// Verb is the first operand where Node has subcommands but none matched
	// ("" when Node has none, or no operand was given); it is how the
	// destructive-name principle sees an undeclared verb.
	Verb string
	// DynamicVerb reports a dynamic word where a subcommand could stand.
	DynamicVerb bool

	args []Word
}

// Resolve reads args (the words after the program's name) against p.
func (p *Program) Resolve(args []Word) Invocation {
	inv := Invocation{Program: p, Node: &p.Node, args: args}
	pos := 0
	var opts []Opt
	for len(inv.Node.Subs) > 0 && pos < len(args) {
		g := inv.Node.all
		g.Posix = true
		s := g.Scan(args[pos:])
		for _, o := range s.Opts {
			o.At += pos
			opts = append(opts, o)
		}
		inv.Scan.Unknown = inv.Scan.Unknown || s.Unknown
		if s.Unknown {
			inv.DynamicVerb = true
		}
		if s.DashDash >= 0 {
			return inv.finish(args, opts, pos+s.DashDash, true)
		}
		stop := pos + s.Stop
		if stop >= len(args) {
			return inv.finish(args, opts, stop, false)
		}
		w := args[stop]
		next := inv.Node.Sub(w.Text)
		if w.Dynamic || next == nil {
			if w.Dynamic {
				inv.DynamicVerb = true
			} else {
				inv.Verb = w.Text
			}
			return inv.finish(args, opts, stop, false)
		}
		inv.Path = append(inv.Path, w.Text)
		inv.Node = next
		pos = stop + 1
	}
	return inv.finish(args, opts, pos, false)
}

// finish scans args[from:] with the node's whole grammar and adds the
// options found before it. With dashDash, args[from] is a "--" that came
// before any subcommand: everything after it is an operand.
func (inv Invocation) finish(args []Word, before []Opt, from int, dashDash bool) Invocation {
	inv.Scan.Opts = before
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
	s := inv.Node.all.Scan(args[from:])
	for _, o := range s.Opts {
		o.At += from
		inv.Scan.Opts = append(inv.Scan.Opts, o)
	}
	for _, i := range s.Operands {
		inv.Scan.Operands = append(inv.Scan.Operands, i+from)
	}
	inv.Scan.Unknown = inv.Scan.Unknown || s.Unknown
	if s.DashDash >= 0 {
		inv.Scan.DashDash = s.DashDash + from
	}
	inv.Scan.Stop = s.Stop + from
	return inv
}

// Help reports an argv that only asks for help or the version: --help, -h,
// --version, -V, -v, -version, or help alone as the verb (-v alone is the
// version for node, ruby, php, perl, make, mvn; elsewhere it does nothing
// but complain of a missing operand).
func (inv *Invocation) Help(args []Word) bool {
	for _, w := range args {
		if w.Dynamic || w.Text == "--" {
			return false // cargo run -- --help asks the program built, not cargo
		}
	}
	if len(args) == 1 {
		switch args[0].Text {
		case "--help", "-h", "--version", "-help", "-version", "help", "-?", "--usage", "version", "-V", "-v":
			return true
		}
	}
	if len(args) >= 1 && len(args) <= 4 {
		last := args[len(args)-1].Text
		if last == "--help" || last == "-h" || args[0].Text == "help" {
			for _, w := range args {
				if strings.ContainsAny(w.Text, "=/$") && w.Text != "--help" {
					return false
				}
			}
			return true
		}
	}
	return false
}

// ReadOnly reports whether the invocation only reads, by the declaration.
func (inv *Invocation) ReadOnly() bool {
	n := inv.Node
	if inv.DynamicVerb || inv.Verb != "" {
		return false
	}
	read := n.Read || n.Bare && len(inv.Scan.Opts) == 0 && len(inv.Scan.Operands) == 0 && !inv.Scan.Unknown
	if !read && len(n.ReadIf) > 0 && !inv.Scan.Unknown && inv.Scan.Has(n.ReadIf...) {
		read = true
	}
	if !read {
		return false
	}
	if len(n.Unless) > 0 && inv.Scan.May(n.Unless...) {
		return false
	}
	if inv.Scan.DashDash >= 0 && len(n.Unless) > 0 {
		// npm run lint -- --fix: options passed through to a script count.
		for _, i := range inv.Scan.Operands {
			if i > inv.Scan.DashDash && inv.argUnless(i) {
				return false
			}
		}
	}
	if len(n.Output) > 0 && inv.Scan.May(n.Output...) {
		return false
	}
	return true
}

func (inv *Invocation) argUnless(i int) bool {
	name, _, _ := strings.Cut(inv.args[i].Text, "=")
	for _, u := range inv.Node.Unless {
		if name == u || inv.args[i].Dynamic {
			return true
		}
	}
	return false
}

// Outputs returns the values of the options that name a file the verb writes.
func (inv *Invocation) Outputs() []Opt { return inv.Scan.Values(inv.Node.Output...) }

// Finding is a rule that fired.
type Finding struct {
	Rule Rule
	// Severity may be lower than the rule's when only a dynamic word could
	// have been the option.
	Severity finding.Severity
	// Maybe reports a rule fired only because a dynamic word could be its option.
	Maybe bool
}

// Findings returns the rules of the invocation's verb that fire. A dynamic
// word in option position could be the option of a severe rule: that rule
// fires too, as a non-severe finding (a human should look).
func (inv *Invocation) Findings() []Finding {
	var out []Finding
	for _, r := range inv.Node.Rules {
		if len(r.If) == 0 {
			out = append(out, Finding{Rule: r, Severity: r.Severity})
			continue
		}
		if inv.fires(r) {
			out = append(out, Finding{Rule: r, Severity: r.Severity})
		} else if inv.Scan.Unknown && r.Severity == finding.Severe {
			sev := min(r.Severity, finding.NonSevere)
			out = append(out, Finding{Rule: r, Severity: sev, Maybe: true})
		}
	}
	return out
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
// these as a subcommand is destructive_action (SPEC §2).
var destructiveVerbs = map[string]bool{
	"delete": true, "destroy": true, "drop": true, "purge": true, "prune": true, "remove": true, "rm": true,
	"uninstall": true, "unpublish": true, "yank": true, "wipe": true, "terminate": true, "revoke": true,
	"nuke": true, "erase": true, "rmi": true, "teardown": true, "deprovision": true, "decommission": true,
	"truncate": true, "flush": true, "reset": true,
}

// DestructiveVerb reports whether a subcommand word destroys things:
// delete, destroy, … or a compound of one (delete-bucket, apps:destroy,
// db-drop, deleteMany).
func DestructiveVerb(word string) bool {
	if destructiveVerbs[word] {
		return true
	}
	for _, part := range strings.FieldsFunc(word, func(r rune) bool { return r == '-' || r == ':' || r == '_' || r == '.' }) {
		if destructiveVerbs[strings.ToLower(part)] {
			return true
		}
	}
	return false
}
