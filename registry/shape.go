package registry

import (
	"slices"
	"strings"
)

// These report what a declaration can answer at all, so that callers skip
// reading argv for questions whose answer cannot depend on it. They walk the
// declaration without allocating.

// PlainReader reports a program that only reads whatever its arguments: no
// subcommands, no option that writes or runs, no findings.
func (p *Program) PlainReader() bool {
	n := &p.Node
	return n.Read && len(n.Subs) == 0 && len(n.Unless) == 0 && len(n.Output) == 0 && len(n.Rules) == 0 && n.Runs == nil
}

// HasOutputs reports a declaration with an option that names a written file.
func (p *Program) HasOutputs() bool {
	return p.Node.any(func(n *Node) bool { return len(n.Output) > 0 })
}

// HasEffects reports a declaration that says what some verb does with its
// files or values (Effects, Output, OutputOperand): only then is it worth
// asking Invocation.Effects. Worked out on the first call (shape).
func (p *Program) HasEffects() bool {
	p.shape()
	return p.hasEffects
}

// shape works out, once, what HasEffects, NeedsArgs, RunsCommands and
// MayHaveEffects answer.
func (p *Program) shape() {
	p.shapeOnce.Do(func() {
		p.runsCommands = p.Node.runs()
		p.hasEffects = p.Node.any(func(n *Node) bool { return len(n.Effects) > 0 || len(n.Output) > 0 || n.OutputOperand > 0 })
		p.Node.any(func(n *Node) bool {
			p.triggers.add(n, n == &p.Node)
			return false
		})
		root := &p.Node
		p.needsArgs = root.any(func(n *Node) bool {
			return len(n.Rules) > 0 || len(n.Subs) > 0 && !n.takesEveryVerb() || n != root && n.Read && len(n.Subs) == 0
		})
	})
}

// NeedsArgs reports a declaration whose findings depend on argv: it has
// rules, or subcommands whose verbs the destructive-name principle reads —
// a level of verbs that does not take every word ("*"), or a reading verb
// a destroying word may follow (conda env remove). git's verbs, all
// declared down to "*", need no reading for findings. Worked out on the
// first call (shape).
func (p *Program) NeedsArgs() bool {
	p.shape()
	return p.needsArgs
}

// takesEveryVerb reports a node with a subcommand named "*".
func (n *Node) takesEveryVerb() bool {
	for _, s := range n.Subs {
		for _, name := range s.Names {
			if name == "*" {
				return true
			}
		}
	}
	return false
}

func (n *Node) any(f func(*Node) bool) bool {
	if f(n) {
		return true
	}
	for _, s := range n.Subs {
		if s.any(f) {
			return true
		}
	}
	return false
}

// IsHelp reports an argv that only asks the program for its help or
// version (see Invocation.Help).
func (p *Program) IsHelp(args []Word) bool {
	inv := p.Resolve(args)
	return inv.Help(args)
}

// ValueOptions returns the spellings of the options that take a value in the
// program's own grammar and, down to depth levels, in its subcommands'
// ("-n", "--namespace", "-chdir"): what a rule matcher must skip with its
// value to find the subcommand.
func (p *Program) ValueOptions(depth int) []string {
	var out []string
	p.Node.valueOptions(depth, &out)
	return out
}

func (n *Node) valueOptions(depth int, out *[]string) {
	g := &n.Grammar
	for i := 0; i < len(g.Short); i++ {
		if g.Short[i] == ':' {
			continue
		}
		if i+1 < len(g.Short) && g.Short[i+1] == ':' && (i+2 >= len(g.Short) || g.Short[i+2] != ':') {
			*out = append(*out, "-"+g.Short[i:i+1])
		}
	}
	for decl := range g.longs() {
		if name, kind := splitLong(decl); kind == required {
			*out = append(*out, "--"+name)
			if g.Dash {
				*out = append(*out, "-"+name)
			}
		}
	}
	for _, decl := range g.Words {
		if name, kind := splitLong(decl); kind == required {
			*out = append(*out, "-"+name)
		}
	}
	if depth > 1 {
		for _, s := range n.Subs {
			s.valueOptions(depth-1, out)
		}
	}
}

// effectTriggers are the options whose presence can make a declaration's
// effect apply (an effect's options, its If options, Output options), by
// name without dashes ("output", "fprint") and as letters ("o"); always
// says some effect applies with no option given (an operand's, with no If).
type effectTriggers struct {
	always  bool
	names   []string
	letters string
	// verbs are the names of the subcommands whose operands an effect acts
	// on with no option (git bundle create FILE): only an argv that holds
	// one can reach them.
	verbs []string
}

func (t *effectTriggers) add(n *Node, root bool) {
	operands := n.OutputOperand > 0
	for _, e := range n.Effects {
		operands = operands || e.Operands != "" && len(e.If) == 0
		t.addOpts(e.Opts)
		t.addOpts(e.If)
	}
	t.addOpts(n.Output)
	switch {
	case !operands:
	case root || slices.ContainsFunc(n.Names, func(name string) bool { return strings.Contains(name, "*") }):
		t.always = true
	default:
		t.verbs = append(t.verbs, n.Names...)
	}
}

func (t *effectTriggers) addOpts(opts []string) {
	for _, o := range opts {
		name := strings.TrimLeft(o, "-")
		if len(o) == 2 && o[0] == '-' && o[1] != '-' && !strings.Contains(t.letters, name) {
			t.letters += name
		}
		if name != "" && !slices.Contains(t.names, name) {
			t.names = append(t.names, name) // go's -o is --o too
		}
	}
}

// MayHaveEffects reports whether the argv (the words after the program's
// name) can give the declaration's effects anything to act on: an effect
// that needs no option (and no subcommand, or one the argv names), a word
// that is or may abbreviate one of the options an effect needs, or a word
// known only at run time (any option, any subcommand).
// When it reports false, Invocation.Effects has nothing to say, and the
// argv need not be read for it.
func (p *Program) MayHaveEffects(args []Word) bool {
	if !p.HasEffects() {
		return false
	}
	t := &p.triggers
	if t.always {
		return true
	}
	for _, w := range args {
		if w.Dynamic || t.mayName(w.Text) || slices.Contains(t.verbs, w.Text) {
			return true
		}
	}
	return false
}

// mayName reports an option word that may be one of the triggers: a long
// name (with one dash or two) a trigger's name starts with, or a cluster
// with a trigger's letter.
func (t *effectTriggers) mayName(word string) bool {
	if len(word) < 2 || word[0] != '-' || word == "--" {
		return false
	}
	body := strings.TrimPrefix(word[1:], "-")
	name, _, _ := strings.Cut(body, "=")
	for _, n := range t.names {
		if strings.HasPrefix(n, name) {
			return true
		}
	}
	return !strings.HasPrefix(word, "--") && strings.ContainsAny(body, t.letters)
}
