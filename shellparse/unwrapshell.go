package shellparse

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
)

// shellStep reads a shell's options with the declared shell grammars: -c
// (or +c) SCRIPT runs a script string; without it the shell runs a script
// file or standard input, which the validator judges. When the readings of
// shellReadings find different scripts, all are judged: the scripts known
// as written one a line, and a script known only at run time as opaque,
// with the others judged too.
func shellStep(argv []Word) step {
	var found []shellReading
	var scripts, opaque []Word
	used := 0
	for _, r := range shellReadings(argv) {
		if r.script == 0 || slices.ContainsFunc(found, func(f shellReading) bool { return f.script == r.script }) {
			continue
		}
		found = append(found, r)
		used = max(used, r.script+1)
		if w := argv[r.script]; w.Static {
			scripts = append(scripts, w)
		} else {
			opaque = append(opaque, w)
			scripts = append(scripts, scriptIfVanished(argv, r)...)
		}
	}
	if len(found) == 0 {
		return step{}
	}
	st := linesScript(scripts, used)
	if len(opaque) > 0 {
		st = linesScript(opaque, used)
		if also := linesScript(scripts, used); also.kind != stepDone {
			st.alsoScript = &also.script
		}
	}
	// bash -c SCRIPT NAME ARGS…: $0 is NAME, $1… are ARGS.
	st.positional = argv[found[0].script+1:]
	return st
}

// scriptIfVanished returns the words that are the script of bash -c $OPTS
// 'script' when the unquoted word $OPTS (r's script) vanishes or is
// options: the next operand, and the word right after $OPTS, when known as
// written. A quoted word or a command's output is one word: none.
func scriptIfVanished(argv []Word, r shellReading) []Word {
	if w := argv[r.script]; w.Subst || w.Quoted {
		return nil
	}
	var words []Word
	if after := r.script + 1; after < len(argv) && argv[after].Static {
		words = append(words, argv[after])
	}
	if r.next != 0 && r.next != r.script+1 && argv[r.next].Static {
		words = append(words, argv[r.next])
	}
	return words
}

// shellReading is what one reading of a shell's words makes of them.
type shellReading struct {
	// script is the argv index of the script string -c or +c runs (the
	// first operand after it), 0 when there is none; next is that of the
	// operand after the script, 0 when there is none.
	script, next int
	// stdin reports a shell that may read its script from standard input.
	stdin bool
}

// shellReadings reads a shell's words (argv, its name first) with the
// declared shell grammars, every way a shell may read them: as bash does
// (registry.Unwrapped("shell"): -login and -rcfile F are long options), with
// those read as clusters of letters as dash does (-rcfile is -r -c -f …),
// and as zsh does (registry.Unwrapped("zsh"): -oNAME). Callers judge every
// reading; shellStep and ShellReadsStdin both read the shell through it.
func shellReadings(argv []Word) [3]shellReading {
	bash := mustUnwrapped("shell")
	letters := *bash
	letters.Words = nil
	args := shellWords(argv[1:])
	return [3]shellReading{readShell(bash, args), readShell(&letters, args), readShell(mustUnwrapped("zsh"), args)}
}

// shellWords are a shell's words as its grammar reads them: every word not
// known as written, a glob or a word filled in at run time included, may be
// options (bash * could be bash -c …), so it is dynamic.
func shellWords(words []Word) []registry.Word {
	args := RegistryWords(words)
	for i, w := range words {
		if !w.Static {
			args[i].Dynamic = true
		}
	}
	return args
}

// readShell is one reading of a shell's words args (after its name) by the
// grammar g, with argv indexes (one more than args').
func readShell(g *registry.Grammar, args []registry.Word) shellReading {
	sc := g.Scan(args)
	ops, ended := shellOperands(&sc, args)
	var r shellReading
	command := sc.Values("-c", "+c")
	if len(command) > 0 {
		at := command[0].At
		k := slices.IndexFunc(ops, func(op int) bool { return op > at })
		if k >= 0 {
			r.script = ops[k] + 1
		}
		if k >= 0 && k+1 < len(ops) {
			r.next = ops[k+1] + 1
		}
	}
	// -s reads standard input even with -c (dash runs both); after "--" or
	// "-" standard input is assumed too, though the shell runs a FILE after
	// them: the reading before the grammar, kept.
	r.stdin = sc.Has("-s", "+s") || len(command) == 0 && (ended || stdinOperand(args, ops))
	return r
}

// shellOperands returns a shell's operands (indexes into args) and whether
// "--" or "-" ended its options: a "-" where the options stop is not an
// operand, it ends them as "--" does (sh - FILE runs FILE).
func shellOperands(sc *registry.Scan, args []registry.Word) ([]int, bool) {
	ops := sc.Operands
	if sc.DashDash >= 0 {
		return ops, true
	}
	if sc.Stop < len(args) && !args[sc.Stop].Dynamic && args[sc.Stop].Text == "-" {
		return slices.DeleteFunc(slices.Clone(ops), func(op int) bool { return op == sc.Stop }), true
	}
	return ops, false
}

// stdinOperand reports a shell with no -c whose operands leave it reading
// standard input: no operand as written (sh, sh $F: a word known only at
// run time may be options only; assume the worst), or /dev/stdin first.
func stdinOperand(args []registry.Word, ops []int) bool {
	for _, op := range ops {
		if !args[op].Dynamic {
			return IsStdinPath(args[op].Text)
		}
	}
	return true
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
	prog, _ := programs.Get().Lookup("command")
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
// CMD and runuser -- CMD run CMD; without either they start a shell. The
// options are read with their declared grammar (registry.Unwrapped("su")).
func suStep(argv []Word) step {
	args := RegistryWords(argv[1:])
	sc := mustUnwrapped("su").Scan(args)
	if vals := sc.Values("-c", "--command", "--session-command"); len(vals) > 0 {
		return valuesScript(argv, vals, len(argv))
	}
	if argv[0].Text != "runuser" {
		return step{}
	}
	if sc.DashDash >= 0 {
		if sc.DashDash+2 < len(argv) {
			return step{kind: stepWrap, used: sc.DashDash + 2, rest: argv[sc.DashDash+2:]}
		}
		return step{}
	}
	user, ok := sc.Value("-u", "--user")
	if !ok {
		return step{}
	}
	// The command is the first static operand after -u; a word known only
	// at run time before it may be the command too.
	var st step
	for _, k := range sc.Operands {
		switch {
		case k <= user.ValueAt:
		case args[k].Dynamic:
			if !st.alsoDynamic {
				st.alsoDynamic, st.dynAt = true, k+1
			}
		default:
			st.kind, st.used, st.rest = stepWrap, k+1, argv[k+1:]
			return st
		}
	}
	if st.alsoDynamic {
		st.kind, st.used, st.rest, st.alsoDynamic = stepWrap, st.dynAt, argv[st.dynAt:], false
		return st
	}
	return step{}
}

// valuesScript returns the scripts the option values give (each option's
// value, one a line) as one script; used is the words the step used.
func valuesScript(argv []Word, vals []registry.Opt, used int) step {
	var words []Word
	for _, o := range vals {
		if o.HasValue {
			words = append(words, optionWord(argv, o))
		}
	}
	return linesScript(words, used)
}

// linesScript returns the scripts words give, one a line, as one script;
// used is the words the step used.
func linesScript(words []Word, used int) step {
	switch len(words) {
	case 0:
		return step{}
	case 1:
		return scriptOrOpaque(words[0], used)
	}
	script := Word{Static: true}
	texts := make([]string, len(words))
	for k, w := range words {
		texts[k] = w.Text
		mergeDynamic(&script, w)
	}
	script.Text = strings.Join(texts, "\n")
	return scriptOrOpaque(script, used)
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

// noteOtherNames remembers the names a command makes run something else:
// alias NAME=VALUE whose value is plain words, and hash -p PATH NAME. A
// value with shell syntax in it is judged where it is defined (aliasStep)
// and not followed into later commands.
func (w *walker) noteOtherNames(name string, argv []Word) {
	switch name {
	case "alias":
		for _, a := range argv[1:] {
			n, v, ok := strings.Cut(a.Text, "=")
			if !a.Static || !ok || n == "" {
				continue
			}
			if words, plain := plainWords(v); plain && len(words) > 0 && words[0].Text != n {
				w.setOtherName(n, words)
			}
		}
	case "hash":
		prog, ok := programs.Get().Lookup("hash")
		if !ok {
			return
		}
		scan := prog.Node.Grammar.Scan(RegistryWords(argv[1:]))
		vals := scan.Values("-p")
		if len(vals) == 0 || !vals[len(vals)-1].HasValue || vals[len(vals)-1].Dynamic {
			return
		}
		for _, i := range scan.Operands {
			if a := argv[i+1]; a.Static {
				w.setOtherName(a.Text, []Word{{Text: vals[len(vals)-1].Value, Static: true}})
			}
		}
	}
}

func (w *walker) setOtherName(name string, words []Word) {
	if w.otherNames == nil {
		w.otherNames = map[string][]Word{}
	}
	w.otherNames[name] = words
}

// plainWords splits an alias's value into words when it holds no shell
// syntax (quotes, expansions, operators, redirections): ls -l, /bin/rm -rf.
func plainWords(v string) ([]Word, bool) {
	if strings.ContainsAny(v, "'\"\\$`;|&<>(){}*?[]~#!\n") {
		return nil, false
	}
	fields := strings.Fields(v)
	words := make([]Word, len(fields))
	for i, f := range fields {
		words[i] = Word{Text: f, Static: true}
	}
	return words, true
}
