package shellparse

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// programs is the program registry: wrappers and runners are declared there.
var programs = lazy.Value[*registry.Registry]{Make: func() *registry.Registry {
	return registry.Default()
}}

// RegistryWords turns argv words into the registry scanner's words: a word
// known only at run time that could be an option is Dynamic; globs and
// placeholders are operands whatever they expand to.
func RegistryWords(args []Word) []registry.Word {
	out := make([]registry.Word, len(args))
	for i, a := range args {
		dynamic := !a.Static && !a.Glob && !a.Placeholder
		out[i] = registry.Word{Text: a.Text, Dynamic: dynamic, Single: dynamic && (a.Quoted || homeOnly(a)) && !strings.Contains(a.Text, "@")}
	}
	return out
}

// homeOnly reports a word whose only expansions are $HOME or $PWD
// (find $HOME …): directories, one word each as the shell splits them.
func homeOnly(w Word) bool {
	if len(w.Params) == 0 || w.Subst || w.Glob {
		return false
	}
	for _, p := range w.Params {
		if p != "HOME" && p != "PWD" {
			return false
		}
	}
	return true
}

// runsCommand reports a program the registry declares as running a command
// (a wrapper, or a tool with a runner verb).
func runsCommand(name string) bool {
	p, ok := programs.Get().Lookup(name)
	return ok && p.RunsCommands()
}

// registryStep unwraps a program whose declaration says where its command
// starts: a wrapper (sudo, nice, timeout DURATION, faketime TIME) or a
// runner verb (uv run, mise exec --, kubectl exec POD --, nix develop -c).
func registryStep(name string, prog *registry.Program, argv []Word) step {
	if len(argv) > stepWindow {
		// A wrapper's options and operands come first: read only the first
		// words, and keep that reading when the command starts inside them
		// and is the plain rest of argv. So each wrapper of a long chain
		// costs its own words, not the whole chain's.
		window := argv[:stepWindow:stepWindow]
		st := registryStepAll(name, prog, window)
		if st.kind == stepWrap && !st.ranOut && st.used < len(window) && isRest(st.rest, window, st.used) {
			st.rest, st.scanned = argv[st.used:], len(window)
			return st
		}
	}
	return registryStepAll(name, prog, argv)
}

// stepWindow is how many words registryStep reads first.
const stepWindow = 32

// isRest reports whether rest is exactly argv[used:], the same words in place.
func isRest(rest, argv []Word, used int) bool {
	return len(rest) == len(argv)-used && len(rest) > 0 && &rest[0] == &argv[used]
}

// registryStepAll is registryStep on the whole of argv.
func registryStepAll(name string, prog *registry.Program, argv []Word) step {
	args := RegistryWords(argv[1:])
	top := prog.Resolve(args)
	// The verb that runs a command may stand behind a word the declaration
	// does not know (op --account A run --, pnpm --filter X exec): the first
	// reading that reaches a runner verb is the one that runs.
	var inv registry.Invocation
	var runs *registry.Runs
	other := false
	for k, r := range top.Readings() {
		if r.Node.Runs != nil {
			inv, runs, other = r, r.Node.Runs, k > 0
			break
		}
	}
	if runs == nil {
		return step{}
	}
	st := registryRun(name, inv, runs, argv)
	if other && st.kind == stepWrap && !st.alsoDynamic && top.Verb != "" {
		// The program may also have read the word in front of the runner
		// verb as its verb (pnpm --flag X exec CMD runs script X when --flag
		// takes no value): that command is judged too, as an unknown one.
		st.alsoDynamic, st.dynAt = true, top.VerbAt+1
	}
	return st
}

// registryRun unwraps the command of a reading whose verb runs one.
func registryRun(name string, inv registry.Invocation, runs *registry.Runs, argv []Word) step {
	args := RegistryWords(argv[1:])
	if runs.Scripts {
		return scriptsStep(inv, runs, argv)
	}
	var st step
	replace := ""
	for _, o := range inv.Scan.Opts {
		switch {
		case slices.Contains(runs.Script, o.Name):
			if !o.HasValue {
				return step{}
			}
			w := argv[o.ValueAt+1]
			if o.ValueAt == o.At {
				w = Word{Text: o.Value, Static: argv[o.At+1].Static}
			}
			return scriptOrOpaque(w, o.ValueAt+2)
		case slices.Contains(runs.Rest, o.Name):
			rest := optionCommand(argv, o)
			if len(rest) == 0 {
				return step{}
			}
			return step{kind: stepWrap, used: o.ValueAt + 1, rest: rest}
		case slices.Contains(runs.Each, o.Name):
			return eachStep(inv, runs, o, argv)
		case name == "sudo" && (o.Name == "-e" || o.Name == "--edit"):
			return step{} // sudoedit: edits a file, runs no command
		case name == "xargs" && (o.Name == "-I" || o.Name == "-i" || o.Name == "--replace"):
			replace = orDefault(o.Value, "{}")
		}
	}
	if len(runs.Each) > 0 || runs.Only && !(runs.AfterDashDash && inv.Scan.DashDash >= 0) {
		return step{}
	}
	// Words before the scan stopped that are known only at run time may be
	// options or the command (sudo $OPTS rm …); the first Skip of them are
	// taken as the operands (timeout $T rm …).
	skip := runs.Skip
	for _, i := range inv.Scan.Operands {
		if i >= inv.Scan.Stop {
			break
		}
		if !args[i].Dynamic {
			continue // mise exec TOOL@VERSION -- CMD: an operand, not the command
		}
		if skip > 0 {
			skip--
			continue
		}
		if !st.alsoDynamic {
			st.alsoDynamic, st.dynAt = true, i+1
		}
	}
	i := inv.Scan.Stop + 1 // argv index of the first operand
	if runs.AfterDashDash && inv.Scan.DashDash >= 0 {
		i, skip = inv.Scan.DashDash+2, 0
	}
	for ; runs.Assigns && i < len(argv) && argv[i].Static && isAssignWord(argv[i].Text); i++ {
		n, v, _ := strings.Cut(argv[i].Text, "=")
		st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: name})
	}
	if skip > 0 {
		i += skip
		if i < len(argv) && argv[i].Static && argv[i].Text == "--" {
			i++ // faketime TIME -- CMD
		} else if i < len(argv) && (len(runs.Script) > 0 || len(runs.Rest) > 0) {
			// flock FILE -c SCRIPT: options may follow the operands.
			g := inv.Node.Grammar
			g.Posix = true
			more := g.Scan(RegistryWords(argv[i:]))
			for _, o := range more.Opts {
				if slices.Contains(runs.Script, o.Name) && o.HasValue {
					w := argv[i+o.ValueAt]
					if o.ValueAt == o.At {
						w = Word{Text: o.Value, Static: argv[i+o.At].Static}
					}
					return scriptOrOpaque(w, i+o.ValueAt+1)
				}
			}
			i += more.Stop
		}
	}
	if i >= len(argv) {
		if !st.alsoDynamic {
			return step{}
		}
		// nice $CMD: the dynamic word is the command.
		i, st.alsoDynamic, st.ranOut = st.dynAt, false, true
	}
	if runs.ShellOperand && (len(runs.ShellIf) == 0 || inv.Scan.Has(runs.ShellIf...)) {
		// sg GROUP 'CMD', watchexec CMD ARGS…: the operands, joined by
		// spaces, are a script the shell runs.
		return joinedScript(argv[i:], len(argv))
	}
	st.kind, st.used, st.rest = stepWrap, i, argv[i:]
	if runs.Package && argv[i].Static {
		// npx rimraf@5 ~ runs rimraf; npx @scope/tool@1 runs tool.
		name := argv[i].Text
		if _, after, ok := strings.Cut(name, "/"); ok && strings.HasPrefix(name, "@") {
			name = after
		}
		if at := strings.LastIndex(name, "@"); at > 0 {
			name = name[:at]
		}
		if name != argv[i].Text && name != "" {
			st.rest = append([]Word{{Text: name, Static: true}}, argv[i+1:]...)
		}
	}
	if len(runs.As) > 0 {
		// rimraf PATHS is rm -rf PATHS: the operands go to the command the
		// declaration names; the program's own options stay its own.
		rest := make([]Word, 0, len(runs.As)+len(argv))
		for _, a := range runs.As {
			rest = append(rest, Word{Text: a, Static: true})
		}
		rest = append(rest, Word{Text: "--", Static: true})
		skip := runs.Skip
		for _, k := range inv.Scan.Operands {
			if skip > 0 {
				skip--
				continue
			}
			rest = append(rest, argv[k+1]) // every operand, rimraf $X dist's $X too
		}
		st.rest = rest
		st.alsoDynamic = false
	}
	if path.Base(name) == "xargs" {
		if replace != "" {
			st.holders = []string{replace}
		} else {
			st.input = true
		}
		st.xargs = xargsOptions(inv.Scan.Opts, argv, replace)
	}
	return st
}

// optionCommand returns the command that starts at an option's value: the
// next word (nix develop -c CMD ARGS…) or the value attached to the option
// (fd --exec=CMD ARGS…), with the words after it.
func optionCommand(argv []Word, o registry.Opt) []Word {
	if !o.HasValue || o.ValueAt+1 >= len(argv) {
		return nil
	}
	if o.ValueAt != o.At {
		return argv[o.ValueAt+1:]
	}
	first := Word{Text: o.Value, Static: argv[o.At+1].Static}
	return append([]Word{first}, argv[o.At+2:]...)
}

// eachStep reads a program that runs a command on every name it finds (fd -x
// CMD ARGS… ;) as the find command it amounts to: find ROOTS -exec CMD ARGS
// {} ;, so that the command is judged with the found names as find's are
// (fd . ~ -x rm is find ~ -exec rm {} ;).
func eachStep(inv registry.Invocation, runs *registry.Runs, o registry.Opt, argv []Word) step {
	cmd := optionCommand(argv, o)
	end := len(argv) // argv index after the command
	if k := slices.IndexFunc(cmd, func(w Word) bool { return w.Static && w.Text == runs.Until }); runs.Until != "" && k >= 0 {
		end -= len(cmd) - k
		cmd = cmd[:k]
	}
	if len(cmd) == 0 {
		return step{}
	}
	find := []Word{{Text: "find", Static: true}}
	n := 0
	// What fd's pattern and filters select, as find tests: the search does
	// not take every name under the roots (fd -e go -x rm is find -name
	// '*.go' -exec rm, not find -exec rm).
	var tests []Word
	for _, f := range inv.Scan.Values(runs.Filters...) {
		if !f.HasValue {
			continue
		}
		switch f.Name {
		case "-e", "--extension":
			tests = append(tests, Word{Text: "-name", Static: true}, Word{Text: "*." + f.Value, Static: !f.Dynamic, Glob: true})
		case "-t", "--type":
			tests = append(tests, Word{Text: "-type", Static: true}, Word{Text: f.Value, Static: !f.Dynamic})
		default:
			tests = append(tests, Word{Text: "-path", Static: true}, Word{Text: f.Value, Static: !f.Dynamic})
		}
	}
	for _, k := range inv.Scan.Operands {
		if k+1 > o.At && k+1 <= end {
			continue // a word of the command, or the ; that ends it
		}
		if n++; runs.Roots > 0 && n >= runs.Roots {
			find = append(find, argv[k+1])
		} else if runs.Roots > 1 && argv[k+1].Text != "" && argv[k+1].Text != "." && argv[k+1].Text != "^" {
			tests = append(tests, Word{Text: "-regex", Static: true}, argv[k+1]) // fd PATTERN
		}
	}
	for _, r := range inv.Scan.Values(runs.RootOpts...) {
		if r.HasValue {
			find = append(find, optionWord(argv, r))
		}
	}
	if len(find) == 1 {
		root := Word{Text: ".", Static: true}
		if b, ok := inv.Scan.Value(runs.BaseOpts...); ok && b.HasValue {
			root = optionWord(argv, b)
		}
		find = append(find, root)
	}
	find = append(find, tests...)
	find = append(find, Word{Text: "-exec", Static: true})
	held := false
	for _, w := range cmd {
		if w.Static {
			for _, h := range runs.Holders {
				if strings.Contains(w.Text, h) {
					w.Text, held = strings.ReplaceAll(w.Text, h, "{}"), true
				}
			}
		}
		find = append(find, w)
	}
	if !held {
		find = append(find, Word{Text: "{}", Static: true})
	}
	find = append(find, Word{Text: ";", Static: true})
	return step{kind: stepWrap, used: o.At + 1, rest: find}
}

// optionWord returns an option's value as a word.
func optionWord(argv []Word, o registry.Opt) Word {
	if o.ValueAt != o.At {
		return argv[o.ValueAt+1]
	}
	return Word{Text: o.Value, Static: argv[o.At+1].Static && !o.Dynamic}
}

// scriptsStep reads a program whose operands are all shell scripts
// (hyperfine, concurrently): one script of them all, with the files its
// output options name written by it, so that they are judged as writes.
// packageShorthand is the script an operand npm:NAME (yarn:, pnpm:, bun:)
// stands for when the declaration reads them: MANAGER run NAME.
func packageShorthand(runs *registry.Runs, w Word) Word {
	manager, name, ok := strings.Cut(w.Text, ":")
	if !runs.PackageShorthand || !ok || !w.Static || name == "" || strings.ContainsAny(name, " \t") {
		return w
	}
	switch manager {
	case "npm", "yarn", "pnpm", "bun":
		return Word{Text: manager + " run '" + strings.ReplaceAll(name, "'", `'\''`) + "'", Static: true}
	}
	return w
}

func scriptsStep(inv registry.Invocation, runs *registry.Runs, argv []Word) step {
	var parts []string
	static := true
	add := func(w Word) {
		parts = append(parts, w.Text)
		static = static && w.Static
	}
	for _, o := range inv.Scan.Opts {
		if slices.Contains(runs.Script, o.Name) && o.HasValue {
			add(optionWord(argv, o))
		}
	}
	for _, k := range inv.Scan.Operands {
		add(packageShorthand(runs, argv[k+1]))
	}
	if len(parts) == 0 {
		return step{}
	}
	for _, o := range inv.Outputs() {
		if !o.HasValue {
			continue
		}
		w := optionWord(argv, o)
		if w.Static {
			parts = append(parts, ": > '"+strings.ReplaceAll(w.Text, "'", `'\''`)+"'")
		} else {
			parts = append(parts, ": > "+w.Text)
		}
	}
	return scriptOrOpaque(Word{Text: strings.Join(parts, "\n"), Static: static}, len(argv))
}
