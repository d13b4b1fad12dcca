// Package git judges git command lines: the verbs and options that destroy
// work (force pushes, reset --hard, clean -f …), the settings and options
// that name a program for git to run (-c core.pager=…, --upload-pack, an
// alias starting with !), the aliases and settings a script defines with
// git config for the git commands after it, the project configs
// (.permgate.toml) a git command removes, replaces or stops from applying,
// and whether a git command only reads.
//
// The command line is read by git's declaration in the registry: git's
// global options first, then the verb's own grammar. What the judgement
// needs of the command being judged (reporting, the directory it runs in,
// the project configs in force) it asks of a Host.
package git

import (
	"slices"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Invocation is a git command line split into global options, verb and the
// verb's arguments, each read by its grammar in the registry. Copies share
// the verb's reading, made on first use.
type Invocation struct {
	// Globals are git's own options, before the verb.
	Globals []shellparse.Word
	// Sub is the verb ("" when there is none).
	Sub string
	// Args are the verb's arguments, after it.
	Args []shellparse.Word
	// Dynamic reports a word known only at run time before the verb: the
	// verb is not known.
	Dynamic bool
	// Global holds git's own options (indexes into Globals).
	Global registry.Scan
	// all is the whole command line read (after git's name).
	all []shellparse.Word
	// verb reads the verb's options and operands by the verb's own
	// grammar (indexes into Args), on first use: a caller that needs only
	// the verb's name and words pays nothing for it.
	verb *verbReading
}

// verbReading is a verb's arguments read by its grammar, made on first use
// and shared by the copies of the invocation.
type verbReading struct {
	git   *registry.Program
	sub   string
	words []registry.Word
	done  bool
	scan  registry.Scan
}

// Parse reads git's arguments (the words after git's name) by git's
// declaration (registry/git.go).
func Parse(args []shellparse.Word) Invocation {
	g := Invocation{all: args}
	git, _ := registry.Default().Lookup("git")
	words := shellparse.RegistryWords(args)
	scan := git.Node.Grammar.Scan(words)
	if len(scan.Operands) > 0 && scan.Operands[0] < scan.Stop {
		g.Dynamic = true // a word known only at run time before the subcommand
		return g
	}
	i := min(scan.Stop, len(args))
	g.Globals, g.Global = args[:i], scan
	if i < len(args) {
		g.Sub = args[i].Text
		g.Args = args[i+1:]
		g.verb = &verbReading{git: git, sub: g.Sub, words: words[i+1:]}
	}
	return g
}

// Scan returns the verb's reading of its arguments (indexes into Args).
func (g *Invocation) Scan() *registry.Scan {
	v := g.verb
	if v == nil {
		return &registry.Scan{DashDash: -1}
	}
	if !v.done {
		v.scan, v.done = verbGrammar(v.git, v.sub).Scan(v.words), true
	}
	return &v.scan
}

// verbGrammar is the verb's own grammar, without git's global options (git
// restore --work is --worktree, never --work-tree).
func verbGrammar(git *registry.Program, verb string) *registry.Grammar {
	if n := git.Node.Sub(verb); n != nil {
		return &n.Grammar
	}
	return &registry.Grammar{}
}

// Has reports one of the named options of the verb.
func (g *Invocation) Has(names ...string) bool { return g.Scan().Has(names...) }

// Values returns the values of the verb's named options, as words.
func (g *Invocation) Values(names ...string) []shellparse.Word {
	return shellparse.OptionWords(g.Args, g.Scan(), names...)
}

// Operands returns the verb's operands.
func (g *Invocation) Operands() []shellparse.Word {
	s := g.Scan()
	out := make([]shellparse.Word, 0, len(s.Operands))
	for _, i := range s.Operands {
		out = append(out, g.Args[i])
	}
	return out
}

// FirstOperand returns the verb's first operand, or "".
func (g *Invocation) FirstOperand() string {
	if len(g.Scan().Operands) == 0 {
		return ""
	}
	return g.Args[g.Scan().Operands[0]].Text
}

// VerbWord returns the word after the verb when it is not an option: how git
// stash, git reflog and git worktree find their own verb (git stash clear;
// git stash -q clear is git stash push -q clear).
func (g *Invocation) VerbWord() string {
	if len(g.Scan().Operands) == 0 || g.Scan().Operands[0] != 0 {
		return ""
	}
	return g.Args[0].Text
}

// GlobalValues returns the values of git's named global options, as words.
func (g *Invocation) GlobalValues(names ...string) []shellparse.Word {
	return shellparse.OptionWords(g.Globals, &g.Global, names...)
}

// operandsBeforeDashDash returns the verb's operands before its "--".
func (g *Invocation) operandsBeforeDashDash() []shellparse.Word {
	var ops []shellparse.Word
	for _, i := range g.Scan().Operands {
		if g.Scan().DashDash < 0 || i < g.Scan().DashDash {
			ops = append(ops, g.Args[i])
		}
	}
	return ops
}

// onlyOptions reports a scan whose every option is one of names.
func onlyOptions(s *registry.Scan, names ...string) bool {
	for _, o := range s.Opts {
		if !slices.Contains(names, o.Name) {
			return false
		}
	}
	return !s.Unknown
}
