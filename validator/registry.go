package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// programs is the program registry every check reads.
var programs = lazy.Value[*registry.Registry]{Make: func() *registry.Registry {
	return registry.Default()
}}

// declared adds the findings the registry declares for the program, by
// basename wherever it lives (danger does not depend on the directory), and
// applies the destructive-name principle to verbs no declaration names.
func (ck *checker) declared(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	prog, inv, ok := c.Declared()
	if !ok {
		if !knownProgram(base) {
			ck.unknownVerbs(c, args)
		}
		return
	}
	if !prog.NeedsArgs() {
		return
	}
	words := c.RegistryArgs()
	help := inv.Help(words)
	ck.ruleFindings(inv, help)
	switch {
	case inv.Verb != "" && registry.DestructiveVerb(inv.Verb) && !help:
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.verb",
			Reason: OneLine(base + " " + strings.Join(append(inv.Path, inv.Verb), " ") + " destroys something outside the file system")})
	case inv.DynamicVerb && prog.Destructive():
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.dynamic_verb",
			Reason: OneLine(base + "'s subcommand is known only at run time and could be one that destroys")})
	}
}

// ruleFindings adds the findings of the rules an invocation triggers; with
// help asked for, only the severe ones (gh repo delete --help only prints
// the help).
func (ck *checker) ruleFindings(inv *registry.Invocation, help bool) {
	for _, f := range inv.Findings() {
		if help && f.Severity < Severe {
			continue
		}
		f.Reason = OneLine(f.Reason)
		ck.addFinding(f)
	}
}

// unknownVerbs is the destructive-name principle for a program the registry
// does not know: a subcommand named delete, destroy, purge … among its first
// operands asks, even in auto mode (acmectl cluster delete prod).
func (ck *checker) unknownVerbs(c shellparse.SimpleCommand, args []shellparse.Word) {
	if ck.funcs[c.Name] || ck.v.safe[path.Base(c.Name)] {
		return // a function of the script, or a program the user says only reads
	}
	if verb, ok := unknownVerb(args); ok {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.unknown_verb",
			Reason: OneLine(path.Base(c.Name) + " " + verb + ": an unknown program asked to " + verb + " something")})
	}
}

// unknownVerb finds a verb that destroys among an unknown program's first
// three operands. There is no grammar to read, so the worst one is: every
// short option a flag, a long option without =VALUE may take the next word
// (registry.Grammar.LongValued), which is then not counted but may still be
// the verb; a dynamic word or a path ends the search, and after -- a known
// program's name starts a command of its own.
func unknownVerb(args []shellparse.Word) (string, bool) {
	scan := unknownGrammar.Scan(shellparse.RegistryWords(args))
	option, value := optionMarks(scan, len(args))
	seen := 0
	for i, a := range args {
		switch {
		case i == scan.DashDash:
			continue // acmectl -- delete prod: the verb may follow
		case scan.DashDash >= 0 && i > scan.DashDash && a.Static && knownProgram(a.Text):
			return "", false // runner exec -- rm -rf ~: a command of its own, analysed as one
		case !a.Static:
			return "", false
		case option[i] && !value[i]:
			continue
		case !value[i]:
			seen++
		}
		if seen > 3 || strings.ContainsAny(a.Text, "/.=") {
			return "", false
		}
		if destroysHere(args, i, seen) {
			return a.Text, true
		}
	}
	return "", false
}

// optionMarks marks the words of an argv of n words that hold an option,
// and those that are an option's value in a word of its own.
func optionMarks(scan registry.Scan, n int) (option, value []bool) {
	option, value = make([]bool, n), make([]bool, n)
	for _, o := range scan.Opts {
		option[o.At] = true
		value[o.ValueAt] = o.HasValue && o.ValueAt != o.At
	}
	return option, value
}

// unknownGrammar reads an unknown program's argv the worst way: a long
// option may take the next word.
var unknownGrammar = registry.Grammar{LongValued: true}

// destroysHere reports the word at args[i], the seen'th operand, as a verb
// that destroys. A known program's name among the operands (acmectl users
// delete, mytool grep rm) starts a command analysed on its own too, but a
// destructive verb after it is still this program's verb; rm there is the
// verb only when an operand follows (acmectl volume rm v1, not othertool
// build rm).
func destroysHere(args []shellparse.Word, i, seen int) bool {
	w := args[i].Text
	return registry.DestructiveVerb(w) && (seen == 1 || !knownProgram(w) || operandFollows(args[i+1:]))
}

// operandFollows reports a word that is not an option among args, read
// with no grammar (options are flags).
func operandFollows(args []shellparse.Word) bool {
	scan := undeclaredScan(args)
	return len(scan.Operands) > 0
}

// undeclaredScan reads the argv of a program no declaration names: every
// option a flag, "--" the end of the options.
func undeclaredScan(args []shellparse.Word) registry.Scan {
	var none registry.Grammar
	return none.Scan(shellparse.RegistryWords(args))
}

// addFinding records a finding on the current command.
func (ck *checker) addFinding(f Finding) {
	cmd := ck.res.Commands[ck.index]
	f.Command = cmd.Source
	if f.ID == "" {
		f.ID = string(f.Kind) + ".other"
	}
	if !hasFinding(ck.out, f) {
		ck.out = append(ck.out, f)
	}
}

// declaredChanges are the files a command changes by its declaration's
// effects: sort -o FILE, touch FILE, tee FILE, zip -m's sources.
//
// The copy judgement (copyTargets) reads where cp, mv, install, ln, scp and
// rsync copy to, with what their sources are named; their declared
// destinations are left to it.
func declaredChanges(c shellparse.SimpleCommand) []shellparse.Word {
	targets := commandEffects(c)
	if copyInto.Get()[c.Name] {
		kept := targets[:0]
		for _, t := range targets {
			if t.act == registry.Writes && (t.opt == "" || t.opt == "-t" || t.opt == "--target-directory") {
				continue
			}
			kept = append(kept, t)
		}
		targets = kept
	}
	return changedWords(targets)
}

// scanned is a command's argv read against its declaration, found by
// basename: the reading the command carries (SimpleCommand.Declared).
func scanned(c shellparse.SimpleCommand) (*registry.Invocation, bool) {
	_, inv, ok := c.Declared()
	return inv, ok
}

// operandsOf returns a command's operands by its declared grammar: what is
// not an option nor an option's value. An undeclared program's words that do
// not start with a dash are its operands.
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	inv, ok := scanned(c)
	if !ok {
		args := c.Argv[min(1, len(c.Argv)):]
		scan := undeclaredScan(args)
		return operandWords(args, &scan)
	}
	out := make([]shellparse.Word, 0, len(inv.Scan.Operands))
	for _, i := range inv.Scan.Operands {
		out = append(out, c.Argv[1+i])
	}
	return out
}

// valuesOf returns the values of the named options, as words: the next
// word, or the attached value (-tDIR, --target-directory=DIR).
func valuesOf(c shellparse.SimpleCommand, names ...string) []shellparse.Word {
	inv, ok := scanned(c)
	if !ok {
		return nil
	}
	return optionValues(c.Argv[1:], inv.Scan, names...)
}

// optionValues returns the values the scan of args found for the named
// options, as words of args: the word after the option, or the value
// attached to it (static when the option's word is and the value is known).
func optionValues(args []shellparse.Word, scan registry.Scan, names ...string) []shellparse.Word {
	var out []shellparse.Word
	for _, o := range scan.Values(names...) {
		if !o.HasValue {
			continue
		}
		if o.ValueAt != o.At {
			out = append(out, args[o.ValueAt])
		} else {
			out = append(out, shellparse.Word{Text: o.Value, Static: args[o.At].Static && !o.Dynamic})
		}
	}
	return out
}

// hasOption reports one of the named options, by the declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	inv, ok := scanned(c)
	return ok && inv.Scan.Has(names...)
}
