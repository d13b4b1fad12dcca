package shellparse

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// PermgateOption is one option on permgate's own command line.
type PermgateOption struct {
	// Name is the long option's full name without dashes ("mode", "fail-closed"),
	// or the short letter ("h", "n"); "" for an option permgate does not have.
	Name string
	// Written is the word as written.
	Written string
	// Value is the option's value (attached with = or the next word).
	Value Word
	// HasValue reports that a value was given.
	HasValue bool
	// Abbreviated reports a long option written as a prefix of its name.
	Abbreviated bool
}

// PermgateCall is permgate's command line read with permgate's grammar: global
// options, a subcommand, its options and operands, and for exec, check and guard
// the command they decide for.
type PermgateCall struct {
	// Sub is the subcommand ("" when none is given or it is dynamic).
	Sub string
	// Options are the options before the wrapped command (or anywhere, for
	// subcommands that take options among their operands).
	Options []PermgateOption
	// Operands are the operands after the subcommand (mode bypass → [bypass];
	// rules add allow R → [add allow R]), not counting a wrapped command. They
	// are static, except after --, where a dynamic word can only be an operand.
	Operands []Word
	// Dynamic are words known only at run time that permgate may read as an
	// option, the subcommand or an operand: they can be anything.
	Dynamic []Word
	// Command is the command exec, check or guard decides for, and CommandAt its
	// index in the argv (len(argv) when there is none).
	Command   []Word
	CommandAt int
}

// permgateWrapping are the subcommands that take a command to decide for.
var permgateWrapping = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"exec": true, "check": true, "guard": true}
}}

// PermgateLoosening are permgate's options that can make it looser than the
// policy in force: those its declared grammar reads an ambiguous abbreviation
// as (registry.Unwrapped("permgate")).
var PermgateLoosening = lazy.Value[[]string]{Make: func() []string {
	return slices.Clone(mustUnwrapped("permgate").Prefer)
}}

// IsPermgate reports whether a command name runs permgate: the basename counts,
// wherever it lives (./permgate, ~/go/bin/permgate, a link named permgate), and
// case-insensitively, as macOS file systems match names.
func IsPermgate(name string) bool {
	return name != "" && strings.EqualFold(path.Base(name), "permgate")
}

// ParsePermgate reads permgate's argv (argv[0] is the program) with permgate's
// declared grammar. Options may come before the subcommand; exec, check and
// guard stop reading options at their first operand or at --, and the rest is
// the command. Every word not written out (globs too) that is not an option's
// value is Dynamic: an option, the subcommand or an operand.
func ParsePermgate(argv []Word) PermgateCall {
	call := PermgateCall{CommandAt: len(argv)}
	if len(argv) < 2 {
		return call
	}
	args := wrapperWords(argv)
	wrapping := mustUnwrapped("permgate exec")
	head := wrapping.ScanHead(args[1:])
	call.read(argv, 1, wrapping, &head)
	at := 1 + head.Stop
	switch {
	case head.DashDash >= 0 && len(call.Dynamic) == 0:
		call.Operands = append(call.Operands, argv[at:]...) // permgate -- … has no subcommand
	case len(call.Dynamic) > 0:
		// A dynamic word where the subcommand stands may be exec: the first
		// static operand, or the words after --, are the command.
		call.command(argv, at)
	case at < len(argv):
		call.Sub = argv[at].Text
		call.readSub(argv, args, at+1)
	}
	return call
}

// readSub reads the words after permgate's subcommand, from argv[from]: the
// options up to the command for exec, check and guard, else options and
// operands anywhere.
func (call *PermgateCall) readSub(argv []Word, args []registry.Word, from int) {
	if permgateWrapping.Get()[call.Sub] {
		g := mustUnwrapped("permgate exec")
		sc := g.ScanHead(args[from:])
		call.read(argv, from, g, &sc)
		call.command(argv, from+sc.Stop)
		return
	}
	g := mustUnwrapped("permgate")
	sc := g.Scan(args[from:])
	call.read(argv, from, g, &sc)
}

// command sets the call's command to the words from argv[at], when there
// are any.
func (call *PermgateCall) command(argv []Word, at int) {
	if at < len(argv) {
		call.Command, call.CommandAt = argv[at:], at
	}
}

// read adds what a scan of argv[from:] found: its options, the words known
// only at run time where an option may stand (Dynamic, options written with a
// dynamic word included), and its static operands, and every word after its
// "--" (permgate mode -- "$M" sets a mode too). A Posix scan lists no word
// from its Stop on (ScanHead).
func (call *PermgateCall) read(argv []Word, from int, g *registry.Grammar, sc *registry.Scan) {
	words := argv[from:]
	var dynamic []int
	for _, o := range sc.Opts {
		if !words[o.At].Static {
			dynamic = append(dynamic, o.At)
			continue
		}
		call.Options = append(call.Options, permgateOption(words, g, o))
	}
	for _, k := range sc.Operands {
		switch {
		case sc.DashDash >= 0 && k > sc.DashDash, words[k].Static:
			call.Operands = append(call.Operands, words[k])
		default:
			dynamic = append(dynamic, k)
		}
	}
	slices.Sort(dynamic)
	for _, k := range slices.Compact(dynamic) {
		call.Dynamic = append(call.Dynamic, words[k])
	}
}

// permgateOption is the scanned option o of words as PermgateOption says.
func permgateOption(words []Word, g *registry.Grammar, o registry.Opt) PermgateOption {
	opt := PermgateOption{Written: words[o.At].Text, Abbreviated: o.Abbreviated}
	if g.Declares(o.Name) {
		opt.Name = strings.TrimLeft(o.Name, "-")
	}
	opt.Value, opt.HasValue = OptionWord(words, o)
	return opt
}

// permgateStep: permgate exec|check|guard [options] [--] CMD… decides for CMD
// (exec and guard then run it). One word is a script run with bash -c; several
// are an argv run as it is.
func permgateStep(argv []Word) step {
	call := ParsePermgate(argv)
	if len(call.Command) == 0 {
		return step{}
	}
	if !permgateWrapping.Get()[call.Sub] && !(call.Sub == "" && len(call.Dynamic) > 0) {
		return step{}
	}
	if len(call.Command) == 1 {
		return scriptOrOpaque(call.Command[0], call.CommandAt+1)
	}
	st := step{kind: stepWrap, used: call.CommandAt, rest: call.Command}
	for _, w := range call.Command[1:] {
		if call.Command[0].Static && !w.Static && !w.Quoted {
			// permgate exec -- 'rm -rf ~' $EMPTY: if the unquoted word vanishes,
			// one word is left, and permgate runs it as a script.
			first := call.Command[0]
			st.alsoScript = &first
			break
		}
	}
	return st
}
