package registry

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
// asking Invocation.Effects. Worked out on the first call.
func (p *Program) HasEffects() bool {
	p.shapeOnce.Do(func() {
		p.hasEffects = p.Node.any(func(n *Node) bool { return len(n.Effects) > 0 || len(n.Output) > 0 || n.OutputOperand > 0 })
	})
	return p.hasEffects
}

// NeedsArgs reports a declaration whose findings depend on argv: it has
// rules, or subcommands whose verbs the destructive-name principle reads —
// a level of verbs that does not take every word ("*"), or a reading verb
// a destroying word may follow (conda env remove). git's verbs, all
// declared down to "*", need no reading for findings.
func (p *Program) NeedsArgs() bool {
	root := &p.Node
	return root.any(func(n *Node) bool {
		return len(n.Rules) > 0 || len(n.Subs) > 0 && !n.takesEveryVerb() || n != root && n.Read && len(n.Subs) == 0
	})
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
	for _, decl := range g.Long {
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
