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
	prog, _ := programs.Lookup("parallel")
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
	git, _ := programs.Lookup("git")
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

// findNoValue are find primaries and operators that take no value.
var findNoValue = map[string]bool{"-delete": true, "-print": true, "-print0": true, "-ls": true, "-prune": true, "-quit": true,
	"-true": true, "-false": true, "-empty": true, "-readable": true, "-writable": true, "-executable": true, "-nouser": true,
	"-nogroup": true, "-depth": true, "-d": true, "-mount": true, "-xdev": true, "-follow": true, "-noleaf": true,
	"-ignore_readdir_race": true, "-noignore_readdir_race": true, "-daystart": true, "-not": true, "-and": true,
	"-a": true, "-or": true, "-o": true, "(": true, ")": true, "!": true, ",": true, "-help": true, "--help": true}

// FindPrimaries reads a find expression: each primary with its value, so that
// a value (-name -delete) is not taken for an action. -exec and friends run up
// to ; or +.
func FindPrimaries(expr []Word) []FindPrimary {
	var out []FindPrimary
	for i := 0; i < len(expr); i++ {
		t := expr[i].Text
		switch {
		case !expr[i].Static:
			out = append(out, FindPrimary{Name: "?"})
		case t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir":
			j := i + 1
			for j < len(expr) && !(expr[j].Static && (expr[j].Text == ";" || expr[j].Text == "+")) {
				j++
			}
			out = append(out, FindPrimary{Name: t, Exec: expr[i+1 : j]})
			i = j
		case t == "-fprintf":
			if i+1 < len(expr) {
				out = append(out, FindPrimary{Name: t, Value: expr[i+1].Text})
			}
			i += 2
		case findNoValue[t] || !strings.HasPrefix(t, "-"):
			out = append(out, FindPrimary{Name: t})
		default:
			value := ""
			if i+1 < len(expr) {
				value = expr[i+1].Text
			}
			out = append(out, FindPrimary{Name: t, Value: value})
			i++
		}
	}
	return out
}
