package shellparse

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
)

// shellStep reads a shell's options: -c SCRIPT runs a script string.
func shellStep(argv []Word) step {
	hasC := false
	i := 1
	for i < len(argv) {
		w := argv[i]
		if !w.Static {
			if !hasC {
				i++ // bash $OPTS -c …: the word may be options; go on looking for -c
				continue
			}
			break
		}
		t := w.Text
		if t == "--" || t == "-" {
			i++
			break
		}
		if strings.HasPrefix(t, "--") {
			switch t {
			case "--rcfile", "--init-file":
				i += 2
			default:
				i++
			}
			continue
		}
		if (strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+")) && len(t) > 1 {
			opts := t[1:]
			if strings.Contains(opts, "c") {
				hasC = true
			}
			if strings.ContainsAny(opts, "oO") {
				i++ // -o option / -O shopt take an argument
			}
			i++
			continue
		}
		break
	}
	if !hasC {
		return step{} // a script file or standard input: the validator judges
	}
	if i >= len(argv) {
		return step{}
	}
	st := scriptOrOpaque(argv[i], i+1)
	// bash -c SCRIPT NAME ARGS…: $0 is NAME, $1… are ARGS.
	st.positional = argv[i+1:]
	if st.kind == stepOpaque && !argv[i].Subst && !argv[i].Quoted && i+1 < len(argv) && argv[i+1].Static {
		// bash -c $OPTS 'script': an unquoted word may vanish or be options, and
		// the next word be the script. Judge that reading too.
		st.alsoScript = &argv[i+1]
	}
	return st
}

// evalStep joins eval's words into a script. eval takes no options, only a
// first -- (its declared grammar); any other word is the script's.
func evalStep(argv []Word) step {
	words := argv[1:]
	if mustBuiltin("eval").Scan(RegistryWords(words)).DashDash == 0 {
		words = words[1:]
	}
	if len(words) == 0 {
		return step{}
	}
	return joinedScript(words, len(argv))
}

// commandStep: `command -v x` only looks a name up; `command x` runs x. The
// options are read with command's declared grammar. A word known only at run
// time among them may be the command or an option (command $OPT rm …): both
// are judged, and a -v after it does not make the line a look-up (it may be
// the command's own argument).
func commandStep(argv []Word) step {
	prog, _ := programs.Lookup("command")
	args := RegistryWords(argv[1:])
	sc := prog.Node.Grammar.Scan(args)
	ops := sc.Operands
	if len(ops) == 0 {
		return step{}
	}
	for _, o := range sc.Values("-v", "-V") {
		if o.At < ops[0] || !args[ops[0]].Dynamic {
			return step{}
		}
	}
	var st step
	at := ops[0]
	if args[at].Dynamic && len(ops) > 1 {
		st.alsoDynamic, st.dynAt = true, at+1
		at = ops[1]
	}
	st.kind, st.used, st.rest, st.scanned = stepWrap, at+1, argv[at+1:], at+2
	return st
}

// suStep: su and runuser take -c SCRIPT anywhere on the line; runuser -u USER
// CMD runs CMD; without either they start a shell.
func suStep(argv []Word) step {
	longScript := []string{"command", "session-command"}
	userSet := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if !a.Static {
			continue
		}
		t := a.Text
		if strings.HasPrefix(t, "--") && len(t) > 2 {
			all := append([]string{"user", "group", "supp-group", "shell", "whitelist-environment", "login", "preserve-environment", "pty"}, longScript...)
			name, value, hasValue, _ := LongOption(t, all)
			switch {
			case slices.Contains(longScript, name) && hasValue:
				return scriptOrOpaque(Word{Text: value, Static: true}, len(argv))
			case slices.Contains(longScript, name) && i+1 < len(argv):
				return scriptOrOpaque(argv[i+1], len(argv))
			case name == "user":
				userSet = true
				if !hasValue {
					i++
				}
			case !hasValue && (name == "group" || name == "supp-group" || name == "shell" || name == "whitelist-environment"):
				i++
			}
			continue
		}
		switch {
		case t == "--":
			if argv[0].Text == "runuser" && i+1 < len(argv) {
				return step{kind: stepWrap, used: i + 1, rest: argv[i+1:]}
			}
			return step{}
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if j := strings.IndexByte(t, 'c'); j > 0 {
				if rest := t[j+1:]; rest != "" {
					return scriptOrOpaque(Word{Text: rest, Static: true}, len(argv))
				}
				if i+1 < len(argv) {
					return scriptOrOpaque(argv[i+1], len(argv))
				}
			}
			if strings.ContainsAny(t[len(t)-1:], "ugGsw") {
				userSet = userSet || strings.HasSuffix(t, "u")
				i++ // the option's value
			}
		default:
			if argv[0].Text == "runuser" && userSet {
				return step{kind: stepWrap, used: i, rest: argv[i:]}
			}
		}
	}
	return step{}
}

// loaderStep: the dynamic loader's options, read with its declared grammar,
// then the program it runs. A word known only at run time where an option
// may stand is taken for the program, as the first word that is not an option.
func loaderStep(argv []Word) step {
	at, ok := firstOperand(mustUnwrapped("ld.so"), argv)
	if !ok {
		return step{}
	}
	return step{kind: stepWrap, used: at, rest: argv[at:]}
}

// firstOperand scans argv's words after the program with a wrapper's
// grammar and returns the argv index of the first word that is not an
// option: the first operand, or the first word known only at run time
// (which may be the command).
func firstOperand(g *registry.Grammar, argv []Word) (int, bool) {
	sc := g.Scan(RegistryWords(argv[1:]))
	if len(sc.Operands) == 0 {
		return 0, false
	}
	return sc.Operands[0] + 1, true
}

// mustUnwrapped returns the declared grammar of a wrapper the parser unwraps.
func mustUnwrapped(name string) *registry.Grammar {
	g, ok := registry.Unwrapped(name)
	if !ok {
		panic("shellparse: no declared grammar for wrapper " + name)
	}
	return g
}

// aliasStep: alias NAME=VALUE defines a script that runs when NAME is typed.
func aliasStep(argv []Word) step {
	var values []string
	script := Word{Static: true}
	for _, w := range argv[1:] {
		if _, v, ok := strings.Cut(w.Text, "="); ok {
			values = append(values, v)
			mergeDynamic(&script, w)
		}
	}
	if len(values) == 0 {
		return step{}
	}
	// Each alias is a script of its own: one a line.
	script.Text = strings.Join(values, "\n")
	return scriptOrOpaque(script, len(argv))
}

// trapStep: trap SCRIPT SIGNAL… runs SCRIPT when a signal arrives. The
// options are read with trap's declared grammar: with one (-p, -l) trap
// lists; an action of - or "" resets the signals.
func trapStep(argv []Word) step {
	sc := mustBuiltin("trap").Scan(RegistryWords(argv[1:]))
	if len(sc.Opts) > 0 || len(sc.Operands) < 2 {
		return step{}
	}
	w := argv[sc.Operands[0]+1]
	if w.Static && (w.Text == "-" || w.Text == "") {
		return step{}
	}
	return scriptOrOpaque(w, len(argv))
}
