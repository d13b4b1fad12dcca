package shellparse

import (
	"path"
	"strings"
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
var permgateWrapping = map[string]bool{"exec": true, "check": true, "guard": true}

// permgateValueOptions are permgate's long options that take a value, and
// permgateFlagOptions those that do not.
var (
	permgateValueOptions = []string{"config", "profile", "mode", "prompt-timeout", "lines", "decision"}
	permgateFlagOptions  = []string{"fail-closed", "json", "help", "version", "cycle", "short", "reset", "print-config", "user"}
)

// PermgateLoosening are permgate's options that can make it looser than the
// policy in force.
var PermgateLoosening = []string{"config", "profile", "mode", "fail-closed"}

// IsPermgate reports whether a command name runs permgate: the basename counts,
// wherever it lives (./permgate, ~/go/bin/permgate, a link named permgate), and
// case-insensitively, as macOS file systems match names.
func IsPermgate(name string) bool {
	return name != "" && strings.EqualFold(path.Base(name), "permgate")
}

// ParsePermgate reads permgate's argv (argv[0] is the program) with permgate's
// grammar. Options may come before the subcommand; exec, check and guard stop
// reading options at their first operand or at --, and the rest is the command.
func ParsePermgate(argv []Word) PermgateCall {
	call := PermgateCall{CommandAt: len(argv)}
	dashes := false
	for i := 1; i < len(argv); i++ {
		w := argv[i]
		// With a dynamic word where the subcommand stands, it may be exec.
		wrapping := permgateWrapping[call.Sub] || call.Sub == "" && len(call.Dynamic) > 0
		if dashes {
			if wrapping {
				call.Command, call.CommandAt = argv[i:], i
				return call
			}
			call.Operands = append(call.Operands, w) // permgate mode -- "$M" sets a mode too
			continue
		}
		if !w.Static {
			// An option, the subcommand or an operand: any of them. A wrapped
			// command comes after a static operand or --, never here.
			call.Dynamic = append(call.Dynamic, w)
			continue
		}
		t := w.Text
		switch {
		case t == "--":
			dashes = true
		case strings.HasPrefix(t, "--") && len(t) > 2:
			opt := permgateLong(t)
			if !opt.HasValue && opt.Name != "" && isPermgateValueOption(opt.Name) && i+1 < len(argv) {
				i++
				opt.Value, opt.HasValue = argv[i], true
			}
			call.Options = append(call.Options, opt)
		case strings.HasPrefix(t, "-") && len(t) > 1:
			i = permgateShort(argv, i, &call)
		case call.Sub == "" && len(call.Dynamic) == 0:
			call.Sub = t
		case wrapping:
			call.Command, call.CommandAt = argv[i:], i
			return call
		default:
			call.Operands = append(call.Operands, w)
		}
	}
	return call
}

// permgateLong reads one --option or --option=value word; a prefix of a name
// counts as that name, and when it is a prefix of several the loosening one is
// taken (the worst reading).
func permgateLong(t string) PermgateOption {
	typed, value, hasValue := strings.Cut(t[2:], "=")
	opt := PermgateOption{Written: t, HasValue: hasValue, Value: staticWord(value)}
	all := append(append([]string(nil), permgateValueOptions...), permgateFlagOptions...)
	for _, name := range all {
		if name == typed {
			opt.Name = name
			return opt
		}
	}
	for _, name := range PermgateLoosening {
		if strings.HasPrefix(name, typed) {
			opt.Name, opt.Abbreviated = name, true
			return opt
		}
	}
	for _, name := range all {
		if strings.HasPrefix(name, typed) {
			opt.Name, opt.Abbreviated = name, true
			return opt
		}
	}
	return opt
}

func isPermgateValueOption(name string) bool {
	for _, n := range permgateValueOptions {
		if n == name {
			return true
		}
	}
	return false
}

// permgateShort reads a cluster of short options (-h, -n 5, -n5) and returns
// the index of its last word.
func permgateShort(argv []Word, i int, call *PermgateCall) int {
	t := argv[i].Text
	for j := 1; j < len(t); j++ {
		letter := t[j : j+1]
		opt := PermgateOption{Written: t}
		switch letter {
		case "h":
			opt.Name = "h"
		case "n":
			opt.Name = "n"
			if j+1 < len(t) {
				opt.Value, opt.HasValue = staticWord(t[j+1:]), true
			} else if i+1 < len(argv) {
				i++
				opt.Value, opt.HasValue = argv[i], true
			}
			call.Options = append(call.Options, opt)
			return i
		}
		call.Options = append(call.Options, opt)
	}
	return i
}

// permgateStep: permgate exec|check|guard [options] [--] CMD… decides for CMD
// (exec and guard then run it). One word is a script run with bash -c; several
// are an argv run as it is.
func permgateStep(argv []Word) step {
	call := ParsePermgate(argv)
	if len(call.Command) == 0 {
		return step{}
	}
	if !permgateWrapping[call.Sub] && !(call.Sub == "" && len(call.Dynamic) > 0) {
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
