package validator

import (
	"path"
	"slices"
	"strings"

	"permgate/shellparse"
)

// interpreter describes how a language runtime takes its program.
type interpreter struct {
	inlineShort string   // letters whose argument is a program (-c, -e)
	inlineLong  []string // long options whose argument is a program (--eval)
	argShort    string   // other letters that take an argument (and end a cluster)
	argLong     []string // other long options that take an argument
	// notStdin are options after which the program does not come from stdin
	// (python -m, php -f …).
	notStdin []string
	// subcommands need a subcommand; "-" after run reads stdin (deno, bun).
	subcommands bool
}

var interpreters = map[string]interpreter{
	"python":    {inlineShort: "c", argShort: "WXQm", notStdin: []string{"-m"}},
	"node":      {inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rC", argLong: []string{"--require", "--import", "--loader", "--experimental-loader", "--input-type", "--conditions"}, notStdin: []string{"-v", "--version", "-h", "--help", "--test", "--run"}},
	"nodejs":    {inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "r", argLong: []string{"--require"}},
	"deno":      {subcommands: true},
	"bun":       {inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, subcommands: true},
	"perl":      {inlineShort: "eE", argShort: "IMm"},
	"ruby":      {inlineShort: "e", argShort: "IrCEFxK0"},
	"php":       {inlineShort: "rBRE", argShort: "cdzf", notStdin: []string{"-f", "-S", "-l", "-v", "-m", "-i", "-s"}},
	"lua":       {inlineShort: "e", argShort: "lW", notStdin: []string{"-v"}},
	"luajit":    {inlineShort: "e", argShort: "lbjO", notStdin: []string{"-v"}},
	"Rscript":   {inlineShort: "e"},
	"R":         {inlineShort: "e", argShort: "fdg"},
	"tclsh":     {},
	"pwsh":      {inlineLong: []string{"-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"}, notStdin: []string{"-File", "-f"}},
	"osascript": {inlineShort: "e"},
	"irb":       {},
	"jshell":    {},
	"awk":       {},
}

var pythonName = lazyRegexp(`^python[0-9.]*$`)

func interpreterName(base string) string {
	if pythonName().MatchString(base) || base == "pypy" || base == "pypy3" {
		return "python"
	}
	return base
}

func isInterpreter(base string) bool {
	name := interpreterName(base)
	_, ok := interpreters[name]
	return ok && name != "awk"
}

// interpreter judges a shell or language runtime: where its program comes from.
func (ck *checker) interpreter(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	if shellparse.IsShell(c.Name) {
		ck.shellProgram(c, args)
		return
	}
	spec := interpreters[interpreterName(base)]
	if spec.subcommands {
		ck.subcommandRuntime(c, spec, args)
		return
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		if a.ProcSubst {
			ck.stdinProgram(c, true)
			return
		}
		if !a.Static {
			continue // may be options; the program may still come from stdin
		}
		if code, ok := inlineCode(spec, args, i); ok {
			ck.inline(c, t, code)
			return
		}
		if slices.Contains(spec.notStdin, t) {
			return
		}
		switch {
		case t == "-" || shellparse.IsStdinPath(t):
			ck.stdinProgram(c, false)
			return
		case strings.HasPrefix(t, "/dev/fd/"):
			ck.add("pipe_to_shell", Severe, c.Name+" runs a program read from a file descriptor ("+t+")")
			return
		case strings.HasPrefix(t, "--"):
			if slices.Contains(spec.argLong, t) {
				i++
			}
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if last := t[len(t)-1]; strings.IndexByte(spec.argShort, last) >= 0 && clusterEndsWithArg(t, spec.argShort) {
				i++
			}
			if strings.Contains(t, "m") && interpreterName(base) == "python" && clusterEndsWithArg(t, spec.argShort) {
				return // python -m MODULE
			}
		default:
			return // a script file
		}
	}
	ck.stdinProgram(c, false)
}

// clusterEndsWithArg reports whether the first argument-taking letter of a short
// cluster is its last letter (so the argument is the next word).
func clusterEndsWithArg(t, argShort string) bool {
	for j := 1; j < len(t); j++ {
		if strings.IndexByte(argShort, t[j]) >= 0 {
			return j == len(t)-1
		}
	}
	return false
}

// inlineCode reports an option at args[i] that hands the interpreter a program:
// -c CODE, -cCODE, -Ic CODE, -lne CODE, --eval CODE, --eval=CODE.
func inlineCode(spec interpreter, args []shellparse.Word, i int) (shellparse.Word, bool) {
	t := args[i].Text
	next := func() shellparse.Word {
		if i+1 < len(args) {
			return args[i+1]
		}
		return shellparse.Word{Static: true}
	}
	for _, long := range spec.inlineLong {
		if t == long {
			return next(), true
		}
		if strings.HasPrefix(t, long+"=") {
			return shellparse.Word{Text: strings.TrimPrefix(t, long+"="), Static: true}, true
		}
	}
	if spec.inlineShort == "" || !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "--") || len(t) < 2 {
		return shellparse.Word{}, false
	}
	for j := 1; j < len(t); j++ {
		switch {
		case strings.IndexByte(spec.inlineShort, t[j]) >= 0:
			if j+1 < len(t) {
				return shellparse.Word{Text: t[j+1:], Static: true}, true
			}
			return next(), true
		case strings.IndexByte(spec.argShort, t[j]) >= 0:
			return shellparse.Word{}, false
		}
	}
	return shellparse.Word{}, false
}

// inline judges a program given on the command line: code built from another
// command's output is code from outside.
func (ck *checker) inline(c shellparse.SimpleCommand, opt string, code shellparse.Word) {
	if code.Subst || code.Placeholder && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", Severe, c.Name+" "+opt+" runs code produced by another command")
		return
	}
	ck.add("inline_code", NonSevere, c.Name+" "+opt+" runs code given on the command line")
}

// subcommandRuntime judges deno and bun: run - reads the program from stdin, eval
// and -e run inline code.
func (ck *checker) subcommandRuntime(c shellparse.SimpleCommand, spec interpreter, args []shellparse.Word) {
	for i, a := range args {
		if code, ok := inlineCode(spec, args, i); ok {
			ck.inline(c, a.Text, code)
			return
		}
		if a.Text == "eval" && i == 0 {
			ck.inline(c, "eval", shellparse.Word{Static: true})
			return
		}
		if a.Text == "-" || shellparse.IsStdinPath(a.Text) {
			ck.stdinProgram(c, false)
			return
		}
	}
}

func argIsProcSubst(args []shellparse.Word) bool {
	for _, a := range args {
		if a.ProcSubst {
			return true
		}
		if a.Static && strings.HasPrefix(a.Text, "-") {
			continue
		}
		return false
	}
	return false
}

// shellProgram judges a shell that was not unwrapped: it reads a script file, a
// process substitution or standard input.
func (ck *checker) shellProgram(c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Script != nil {
		return // -c with a script permgate could not read: judged already
	}
	if argIsProcSubst(args) {
		ck.stdinProgram(c, true)
		return
	}
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "/dev/fd/") && !shellparse.IsStdinPath(a.Text) {
			ck.add("pipe_to_shell", Severe, c.Name+" runs a program read from a file descriptor ("+a.Text+")")
			return
		}
	}
	if shellparse.ShellReadsStdin(c.Argv) {
		ck.stdinProgram(c, false)
	}
}

// stdinProgram judges a program read from standard input or a process substitution.
func (ck *checker) stdinProgram(c shellparse.SimpleCommand, procSubst bool) {
	if procSubst {
		ck.add("pipe_to_shell", Severe, c.Name+" runs a program produced by another command (<(…))")
		return
	}
	switch c.Stdin.Kind {
	case shellparse.InputPipe:
		ck.add("pipe_to_shell", Severe, "pipes another command's output into "+c.Name+", which runs it as code")
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if c.Stdin.Subst || !c.Stdin.Static {
			ck.add("pipe_to_shell", Severe, "feeds text built at run time into "+c.Name+", which runs it as code")
		} else if !shellparse.IsShell(c.Name) {
			ck.add("inline_code", NonSevere, c.Name+" runs a program given inline")
		}
	}
}

// source: `source FILE` / `. FILE` runs a file; from <(…) it runs another
// command's output.
func (ck *checker) source(c shellparse.SimpleCommand, args []shellparse.Word) {
	if argIsProcSubst(args) {
		ck.add("pipe_to_shell", Severe, c.Name+" runs a program produced by another command (<(…))")
		return
	}
	if len(args) == 0 || !args[0].Static {
		return
	}
	switch t := args[0].Text; {
	case t == "-" || shellparse.IsStdinPath(t):
		ck.stdinProgram(c, false)
	case strings.HasPrefix(t, "/dev/fd/"):
		ck.add("pipe_to_shell", Severe, c.Name+" runs a program read from a file descriptor ("+t+")")
	}
}

// ssh HOST COMMAND runs a command on another machine.
func (ck *checker) ssh(c shellparse.SimpleCommand, args []shellparse.Word) {
	const withArg = "BbcDEeFIiJLlmOopQRSWw"
	ck.sshOptions(c, args)
	ck.sshRemote(c, args, withArg)
}

// sshOptions flags -o options that run local commands (ssh, scp, sftp).
func (ck *checker) sshOptions(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, opt := range shortValues(args, 'o', "BbcDEeFIiJLlmOopPQRSWwX") {
		lower := strings.ToLower(opt.Text)
		for _, key := range []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand"} {
			if strings.HasPrefix(lower, key) {
				ck.add("inline_code", NonSevere, c.Name+" -o "+clip(opt.Text)+" runs a local command")
			}
		}
	}
}

// sshRemote flags ssh HOST COMMAND.
func (ck *checker) sshRemote(c shellparse.SimpleCommand, args []shellparse.Word, withArg string) {
	i := 0
	for i < len(args) {
		t := args[i].Text
		if !args[i].Static || !strings.HasPrefix(t, "-") || t == "-" {
			break
		}
		if t == "--" {
			i++
			break
		}
		if clusterEndsWithArg(t, withArg) {
			i++
		}
		i++
	}
	if i+1 < len(args) {
		ck.add("inline_code", NonSevere, "ssh runs a command on "+args[i].Text+": "+clip(joinWords(args[i+1:])))
	}
}

// awkCode finds what runs commands in an awk program once its string literals
// are blanked: system(), pipes to and from commands, coprocesses (|&) and gawk's
// indirect calls (@f()), which can name system.
var awkCode = lazyRegexp(`system\s*\(|\|&|\|\s*getline|@\w+\s*\(|(print|printf)\b[^;}]*\|`)

var awkString = lazyRegexp(`"(\\.|[^"\\])*"`)

// awk programs can run commands with system(), pipes, coprocesses and getline.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, prog := range awkPrograms(args) {
		code := awkString().ReplaceAllString(prog.Text, `""`)
		if !prog.Static || awkCode().MatchString(code) {
			ck.add("inline_code", NonSevere, c.Name+" program runs shell commands")
			return
		}
	}
}

// awkPrograms returns the awk program words: -e/--source values, else the first
// operand when no -f names a program file.
func awkPrograms(args []shellparse.Word) []shellparse.Word {
	var progs []shellparse.Word
	fromFile := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case !args[i].Static && len(progs) == 0 && !fromFile:
			return []shellparse.Word{args[i]}
		case t == "-e" || t == "--source" || t == "--exec" || t == "-E":
			if i+1 < len(args) {
				progs = append(progs, args[i+1])
				i++
			}
			if t == "-E" || t == "--exec" {
				fromFile = true
			}
		case isLong(t, "--source") && strings.Contains(t, "="):
			_, v, _ := strings.Cut(t, "=")
			progs = append(progs, shellparse.Word{Text: v, Static: true})
		case t == "-f" || isLong(t, "--file"):
			fromFile = true
			if !strings.Contains(t, "=") {
				i++
			}
		case t == "-v" || t == "-F" || t == "-i" || t == "-l" || isLong(t, "--assign") || isLong(t, "--field-separator") || isLong(t, "--include") || isLong(t, "--load"):
			if !strings.Contains(t, "=") && len(t) <= 2 || strings.HasPrefix(t, "--") && !strings.Contains(t, "=") {
				i++
			}
		case t == "--":
			if len(progs) == 0 && !fromFile && i+1 < len(args) {
				progs = append(progs, args[i+1])
			}
			return progs
		case strings.HasPrefix(t, "-") && t != "-":
		default:
			if len(progs) == 0 && !fromFile {
				progs = append(progs, args[i])
			}
			return progs
		}
	}
	return progs
}

// sedCode: sed's e command and e flag run shell commands.
func (ck *checker) sedCode(c shellparse.SimpleCommand, args []shellparse.Word) {
	sed := parseSed(args)
	if sed.scriptFile {
		for _, f := range append(shortValues(args, 'f', "l"), longValues(args, "--file")...) {
			if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
				for _, text := range ck.stdinText(c) {
					sed.programs = append(sed.programs, shellparse.Word{Text: text, Static: true})
				}
			}
		}
	}
	for _, prog := range sed.programs {
		if !prog.Static {
			continue
		}
		if exec, _ := scanSed(prog.Text); exec {
			ck.add("inline_code", NonSevere, "the sed program runs a shell command (e)")
			return
		}
	}
}

func (ck *checker) vim(c shellparse.SimpleCommand, args []shellparse.Word) {
	for i, a := range args {
		if !a.Static {
			continue
		}
		cluster := strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.ContainsAny(a.Text, "cS")
		if cluster || a.Text == "--cmd" || strings.HasPrefix(a.Text, "+") && len(a.Text) > 1 && !isDigits(a.Text[1:]) {
			what := a.Text
			if i+1 < len(args) && !strings.HasPrefix(a.Text, "+") {
				what += " " + args[i+1].Text
			}
			ck.add("inline_code", NonSevere, c.Name+" "+clip(what)+" runs editor commands, which can run shell commands")
			return
		}
	}
}

func (ck *checker) less(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "+") && len(a.Text) > 1 && !isDigits(a.Text[1:]) {
			ck.add("inline_code", NonSevere, "less "+a.Text+" runs a command when it starts")
			return
		}
	}
}

func (ck *checker) tar(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		t := a.Text
		if isLong(t, "--to-command", "--use-compress-program", "--info-script", "--new-volume-script", "--rsh-command") ||
			isLong(t, "--checkpoint-action") && strings.Contains(t, "exec") {
			ck.add("inline_code", NonSevere, "tar "+clip(t)+" runs a command")
			return
		}
	}
	if len(shortValues(args, 'I', "fCTXbLgHKNV")) > 0 || len(shortValues(args, 'F', "fCTXbLgHKNV")) > 0 {
		ck.add("inline_code", NonSevere, "tar -I/-F runs a command")
		return
	}
	if len(args) > 0 && args[0].Static && !strings.HasPrefix(args[0].Text, "-") && strings.ContainsAny(args[0].Text, "IF") {
		ck.add("inline_code", NonSevere, "tar "+args[0].Text+" runs a command")
	}
}

func (ck *checker) rsync(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--rsh", "--rsync-path") {
			ck.add("inline_code", NonSevere, "rsync "+clip(a.Text)+" names a command to run")
			return
		}
	}
	if len(shortValues(args, 'e', "fBTMT")) > 0 {
		ck.add("inline_code", NonSevere, "rsync -e names a command to run")
		return
	}
	if hasFlag(args, "", "--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-delay", "--delete-excluded", "--del", "--remove-source-files") {
		targets := copyTargets(c)
		for _, t := range targets {
			if class, why := ck.judgeDelete(t); class == deleteSevere {
				ck.add("recursive_delete", Severe, "rsync --delete removes files in "+why)
			}
		}
	}
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// npm --script-shell names the shell that runs package scripts.
func (ck *checker) npm(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--script-shell") || isLong(a.Text, "--node-options") {
			ck.add("inline_code", NonSevere, "npm "+clip(a.Text)+" names a program or code to run")
			return
		}
	}
}

// cargo --config can set a runner or other programs cargo runs.
func (ck *checker) cargo(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--config") {
			ck.add("inline_code", NonSevere, "cargo --config can name programs cargo runs")
			return
		}
	}
}

// go -exec, -toolexec and -vettool name programs the go command runs.
func (ck *checker) goTool(c shellparse.SimpleCommand, args []shellparse.Word) {
	if goFlag(args, "exec", "toolexec", "vettool") {
		ck.add("inline_code", NonSevere, "go -exec/-toolexec/-vettool names a program to run")
	}
	// go install …/permgate@v puts a program named permgate into GOBIN, over the
	// one the harnesses and the shell guard run.
	ops := operands(args)
	if len(ops) > 1 && ops[0].Text == "install" {
		for _, pkg := range ops[1:] {
			name, _, _ := strings.Cut(pkg.Text, "@")
			if shellparse.IsPermgate(path.Base(name)) || !pkg.Static && strings.Contains(strings.ToLower(pkg.Text), "permgate") {
				ck.add("self_modify", Severe, "go install "+pkg.Text+" replaces the permgate program in GOBIN (~/go/bin), the one the harnesses run")
				return
			}
		}
	}
}

// pytest --basetemp empties the directory it names.
func (ck *checker) pytest(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, t := range longValues(args, "--basetemp") {
		if class, why := ck.judgeDelete(t); class == deleteSevere {
			ck.add("recursive_delete", Severe, "pytest --basetemp empties "+why)
		}
	}
}

// IsInterpreter reports whether a command name (no directory) is a language
// runtime that can run code it is given.
func IsInterpreter(name string) bool { return isInterpreter(name) }

// commandOptions are options through which a program is handed a command or
// code it runs: PROGRAM → options.

// optionCommands flags a program given a command or code through an option.

// parallelStdin: parallel with no command runs each input line as a command.
func (ck *checker) parallelStdin(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(operands(args)) == 0 && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", Severe, "parallel with no command runs each line piped into it as a command")
	}
}

// makeStdin: make -f - reads its makefile, and so the commands it runs, from stdin.
func (ck *checker) makeStdin(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range append(shortValues(args, 'f', "CIjlo"), longValuesOf(args, "--file", "--makefile")...) {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			ck.stdinProgram(c, false)
			return
		}
	}
}

// enable -f loads a shared object into bash as a builtin.
func (ck *checker) enableBuiltin(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(shortValues(args, 'f', "")) > 0 {
		ck.add("dangerous_env", NonSevere, "enable -f loads a library into bash as a builtin")
	}
}
