package shellparse

import (
	"strings"

	"github.com/permgate/permgate/registry"
)

// watchStep: watch joins its words and runs them with sh -c (or directly
// with -x). Its options are read with its declared grammar.
func watchStep(argv []Word) step {
	g := mustUnwrapped("watch")
	sc := g.Scan(RegistryWords(argv[1:]))
	if len(sc.Operands) == 0 {
		return step{}
	}
	i := sc.Operands[0] + 1
	if sc.Has("-x", "--exec") {
		return step{kind: stepWrap, used: i, rest: argv[i:]}
	}
	return joinedScript(argv[i:], len(argv))
}

// parallelStep: GNU parallel runs its command words through a shell, once per
// input, replacing {} and its variants. Its options are read with its
// declared grammar; a word known only at run time among them is taken for
// options (parallel $OPTS CMD …), and the command starts at the first static
// operand.
func parallelStep(argv []Word) step {
	prog, _ := programs.Get().Lookup("parallel")
	i := prog.Node.Grammar.Scan(RegistryWords(argv[1:])).Stop + 1
	end := i
	for end < len(argv) && !(argv[end].Static && strings.HasPrefix(argv[end].Text, ":::")) {
		end++
	}
	if i >= end {
		// parallel ::: CMD1 CMD2: with no command, each argument is a command.
		var cmds []Word
		for _, w := range argv[min(end+1, len(argv)):] {
			if !(w.Static && strings.HasPrefix(w.Text, ":::")) {
				cmds = append(cmds, w)
			}
		}
		if len(cmds) == 0 {
			return step{}
		}
		st := joinedScript(cmds, len(argv))
		texts := make([]string, len(cmds))
		for k, w := range cmds {
			texts[k] = w.Text
		}
		st.script.Text = strings.Join(texts, "\n")
		return st
	}
	st := joinedScript(argv[i:end], len(argv))
	st.holders = []string{"{}", "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}"}
	if !containsHolder(argv[i:end], st.holders) {
		st.script.Text += " {}"
	}
	if lines, ok := parallelStaticArgs(st.script.Text, argv[end:]); ok && st.script.Static {
		// parallel rm ::: a b: the arguments are known, so each run is too.
		st.script.Text += "\n" + lines
	}
	return st
}

// parallelStaticArgs writes out the runs of `parallel CMD ::: ARGS` when the
// one ::: group holds a few static arguments: CMD with {} replaced by each.
func parallelStaticArgs(script string, rest []Word) (string, bool) {
	if len(rest) < 2 || rest[0].Text != ":::" {
		return "", false
	}
	args := rest[1:]
	if len(args) > 16 {
		return "", false
	}
	var lines []string
	for _, a := range args {
		if !a.Static || strings.HasPrefix(a.Text, ":::") || strings.HasPrefix(a.Text, "::::") {
			return "", false
		}
		lines = append(lines, strings.ReplaceAll(script, "{}", ShellQuote(a.Text)))
	}
	return strings.Join(lines, "\n"), true
}

func containsHolder(words []Word, holders []string) bool {
	for _, w := range words {
		for _, h := range holders {
			if strings.Contains(w.Text, h) {
				return true
			}
		}
	}
	return false
}

// gitStep: git subcommands that run a shell command — submodule foreach CMD,
// bisect run CMD, rebase --exec CMD, difftool/mergetool -x CMD. git itself also
// runs and is judged as itself. The options are read with git's declared
// grammars, git's own and the subcommand's.
func gitStep(argv []Word) step {
	git, _ := programs.Get().Lookup("git")
	i := git.Node.Grammar.Scan(RegistryWords(argv[1:])).Stop + 1 // the subcommand, after git's global options
	if i >= len(argv) {
		return step{}
	}
	sub, rest := argv[i].Text, argv[i+1:]
	node := git.Node.Sub(sub)
	switch sub {
	case "submodule":
		for j, w := range rest {
			if w.Static && w.Text == "foreach" {
				g := node.Grammar
				g.Posix = true
				k := j + 1 + g.Scan(RegistryWords(rest[j+1:])).Stop
				if k < len(rest) {
					return joinedScript(rest[k:], len(argv))
				}
			}
		}
	case "bisect":
		// git bisect run CMD ARGS… runs the argv (quoted into one command
		// line for the shell): a wrapper, not a script of joined words.
		if len(rest) > 1 && rest[0].Text == "run" {
			return step{kind: stepWrap, used: i + 2, rest: rest[1:]}
		}
	case "rebase":
		return optionScripts(node, argv[i:], len(argv), "-x", "--exec")
	case "difftool", "mergetool":
		return optionScripts(node, argv[i:], len(argv), "-x", "--extcmd")
	}
	return step{}
}

// optionScripts reads a subcommand's words (sub[0] is the subcommand) with
// its declared grammar and returns the scripts the named options give, one a
// line, as one script; used is the words the step used.
func optionScripts(node *registry.Node, sub []Word, used int, names ...string) step {
	if node == nil {
		return step{}
	}
	sc := node.Grammar.Scan(RegistryWords(sub[1:]))
	return valuesScript(sub, sc.Values(names...), used)
}

// findStep collects the commands run by -exec, -execdir, -ok and -okdir.
func findStep(argv []Word) step {
	var execs [][]Word
	for _, p := range FindPrimaries(argv[1:]) {
		if len(p.Exec) > 0 {
			execs = append(execs, p.Exec)
		}
	}
	if len(execs) == 0 {
		return step{}
	}
	return step{kind: stepFind, execs: execs, holders: []string{"{}"}}
}

// FindPrimary is one primary of a find expression and its value, if it takes one.
type FindPrimary struct {
	Name  string // "?" for a word known only at run time
	Value string
	// Exec holds the command an -exec, -execdir, -ok or -okdir runs.
	Exec []Word
}

// FindPrimaries reads a find expression (find's arguments) with find's
// declared expression grammar: each primary with its value, so that a value
// (-name -delete) is not taken for an action; -exec and friends run up to ;
// or +. A word that is not static ("$x", a glob) in a primary's place is
// "?": it may be any primary.
func FindPrimaries(expr []Word) []FindPrimary {
	prims := mustExpression("find").Read(expressionWords(expr))
	out := make([]FindPrimary, 0, len(prims))
	for _, p := range prims {
		fp := FindPrimary{Name: p.Name}
		switch {
		case p.Dynamic:
			fp.Name = "?"
		case p.Terminated:
			fp.Exec = expr[p.At+1 : p.At+1+len(p.Values)]
		case len(p.Values) > 0:
			fp.Value = expr[p.Values[0]].Text
		}
		out = append(out, fp)
	}
	return out
}

// expressionWords are an expression's words for the registry's reader: a
// word that is not static may be any primary (a glob too: find's roots and
// patterns are words the shell may split or expand into several).
func expressionWords(expr []Word) []registry.Word {
	out := make([]registry.Word, len(expr))
	for i, w := range expr {
		out[i] = registry.Word{Text: w.Text, Dynamic: !w.Static, Single: w.Quoted}
	}
	return out
}

// mustExpression returns a program's declared expression grammar.
func mustExpression(name string) *registry.Primaries {
	p, ok := registry.Expression(name)
	if !ok {
		panic("shellparse: no declared expression grammar for " + name)
	}
	return p
}
