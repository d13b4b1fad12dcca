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
	if base == "powershell" || base == "pwsh.exe" || base == "powershell.exe" {
		return "pwsh"
	}
	return base
}

// powershell judges pwsh's parameters, which it takes with one or two dashes
// or a slash, in any case, and abbreviated (-c, -Com, -e, -ec, -f): -Command -
// and -File - read the program from standard input.
func (ck *checker) powershell(c shellparse.SimpleCommand, args []shellparse.Word) {
	param := func(t string) string {
		if !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "/") || len(t) < 2 {
			return ""
		}
		return strings.ToLower(strings.TrimLeft(t, "-/"))
	}
	is := func(p, full string, min int) bool { return len(p) >= min && strings.HasPrefix(full, p) }
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.ProcSubst {
			ck.stdinProgram(c, true)
			return
		}
		if !a.Static {
			continue
		}
		p := param(a.Text)
		next := shellparse.Word{Static: true}
		if i+1 < len(args) {
			next = args[i+1]
		}
		switch {
		case p == "":
			if a.Text == "-" {
				ck.stdinProgram(c, false)
			}
			return // a script file, run with its arguments
		case is(p, "command", 1), is(p, "encodedcommand", 1), p == "ec":
			if next.Static && next.Text == "-" {
				ck.stdinProgram(c, false)
				if c.Stdin.Kind == shellparse.InputInherited {
					ck.add("inline_code", NonSevere, c.Name+" "+a.Text+" - runs the commands it reads on standard input")
				}
				return
			}
			ck.inline(c, a.Text, next)
			return
		case is(p, "file", 1):
			if next.Static && (next.Text == "-" || shellparse.IsStdinPath(next.Text)) {
				ck.stdinProgram(c, false)
			}
			return
		case is(p, "executionpolicy", 2), is(p, "workingdirectory", 1) && p != "w", is(p, "configurationname", 4), is(p, "outputformat", 1), is(p, "inputformat", 2), is(p, "windowstyle", 1), is(p, "settingsfile", 1), is(p, "custompipename", 2):
			i++
		}
	}
	ck.stdinProgram(c, false)
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
	if interpreterName(base) == "pwsh" {
		ck.powershell(c, args)
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
	if code.Static {
		ck.inlineShell(c.Name, code.Text)
		ck.inlineSecrets(c.Name, code.Text)
	}
}

// inlineShellCall finds a shell command given to system(), os.system,
// subprocess with a string, exec/execSync, or backticks inside inline code.
var inlineShellCall = lazyRegexp(`(?:system|popen|execSync|exec|spawnSync|check_output|check_call|call|run|Popen|shell_exec|passthru|proc_open)\s*\(\s*(?:\[\s*)?["'` + "`" + `]([^"'` + "`" + `]{1,400})["'` + "`" + `]|` + "`" + `([^` + "`" + `]{1,400})` + "`" + `|%x\{([^}]{1,400})\}|qx\{([^}]{1,400})\}`)

// inlineHomeDelete finds a language's recursive delete aimed at the home
// directory or the root: shutil.rmtree(os.path.expanduser('~')), rmtree($ENV{HOME}),
// FileUtils.rm_rf(Dir.home), fs.rmSync(os.homedir(), {recursive: true}).
var inlineHomeDelete = lazyRegexp(`(?:rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|rimraf|removeRecursively|deleteRecursively)\s*\(\s*(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|Path\.home\(\)|pathlib\.Path\.home\(\)|\$ENV\{\s*['"]?HOME['"]?\s*\}|os\.homedir\(\)|Dir\.home|ENV\[['"]HOME['"]\]|os\.environ\[['"]HOME['"]\]|os\.getenv\(['"]HOME['"]\)|process\.env\.HOME|['"](?:/|~|~/)['"])`)

// inlineForkBomb finds a process that forks without end: perl -e 'fork while 1',
// python -c 'while True: os.fork()'.
var inlineForkBomb = lazyRegexp(`fork\s*(?:\(\s*\))?\s*while\s*(?:1|true|True)|while\s*(?:\(\s*)?(?:1|true|True)\s*\)?\s*[:{]?\s*(?:os\.|process\.|Process\.)?fork\s*\(`)

// inlineShell judges what inline code does that the analysis can read: the
// shell commands it hands to system() and the like, a recursive delete of the
// home directory, and an endless fork.
func (ck *checker) inlineShell(name, code string) {
	if len(code) > 8192 {
		return
	}
	if inlineHomeDelete().MatchString(code) {
		ck.add("recursive_delete", Severe, name+" code deletes the home directory or / recursively")
	}
	if inlineForkBomb().MatchString(code) {
		ck.add("fork_bomb", Severe, name+" code forks processes without end (a fork bomb)")
	}
	for _, m := range inlineShellCall().FindAllStringSubmatch(code, 8) {
		for _, cmd := range m[1:] {
			if cmd != "" && strings.ContainsAny(cmd, " /|;&$") {
				ck.nested(cmd, name+" code runs a shell command")
			}
		}
	}
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
	if argIsProcSubst(args) && len(args) > 0 && ck.setupOutput(args[0].Text) {
		ck.add("dynamic_code", NonSevere, c.Name+" runs the shell set-up "+clip(args[0].Text)+" prints")
		return
	}
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
var awkCode = lazyRegexp(`system\s*\(|\|&|\|\s*getline|@\w+\s*\(|@load|@include|(print|printf)\b[^;}]*\|`)

var awkString = lazyRegexp(`"(\\.|[^"\\])*"`)

// awk programs can run commands with system(), pipes, coprocesses and getline.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range append(shortValues(args, 'f', "vFeEil"), longValuesOf(args, "--file", "--exec")...) {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			ck.stdinProgram(c, false) // the program comes from standard input
			return
		}
		if netDevice(f.Text) || strings.HasPrefix(f.Text, "/inet") {
			ck.add("pipe_to_shell", Severe, c.Name+" reads its program from a network connection ("+f.Text+")")
			return
		}
	}
	for _, prog := range awkPrograms(args) {
		if prog.Static {
			for _, m := range awkFileWrite().FindAllStringSubmatch(prog.Text, 8) {
				ck.writeTarget(shellparse.Word{Text: m[1], Static: true}, c.Name+" print > \""+m[1]+"\"")
			}
		}
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

// nested analyses text as a script of its own (what compgen -W expands, what
// complete -C runs) and adds its findings to the current command.
func (ck *checker) nested(src, how string) {
	if len(src) > 4096 {
		ck.add("too_complex", NonSevere, how+" is too long to analyse")
		return
	}
	a := ck.v.Classify(ck.v.parser.ParseScript(src), src)
	for _, f := range a.Findings {
		f.Reason = OneLine(how + ": " + f.Reason)
		ck.addFinding(f)
	}
}

// compgen -W expands its word list (command substitutions run), -C runs a
// command and -F a function; complete -C and -F register them to run at each
// completion.
func (ck *checker) compgen(c shellparse.SimpleCommand, args []shellparse.Word) {
	letters := "oAGWCFPSXV"
	for _, w := range shortValues(args, 'W', strings.ReplaceAll(letters, "W", "")) {
		if strings.Contains(w.Text, "$(") || strings.Contains(w.Text, "`") || strings.Contains(w.Text, "<(") {
			ck.nested(": "+w.Text, c.Name+" -W expands its word list")
		}
	}
	for _, w := range shortValues(args, 'C', strings.ReplaceAll(letters, "C", "")) {
		if w.Static {
			ck.nested(w.Text, c.Name+" -C runs "+clip(w.Text))
		}
		if c.Name == "complete" {
			ck.add("inline_code", NonSevere, "complete -C registers a command that runs at every completion")
		}
	}
}

// setupPrinters print shell set-up (variables, functions, completions) meant
// to be evaluated: eval "$(ssh-agent -s)", eval "$(direnv hook bash)".
var setupPrinters = map[string]bool{"ssh-agent": true, "gpg-agent": true, "dircolors": true, "keychain": true, "direnv": true,
	"starship": true, "zoxide": true, "pyenv": true, "rbenv": true, "nodenv": true, "goenv": true, "jenv": true, "plenv": true,
	"fnm": true, "mise": true, "rtx": true, "conda": true, "micromamba": true, "mamba": true, "brew": true, "opam": true,
	"luarocks": true, "thefuck": true, "atuin": true, "mcfly": true, "fzf": true, "oh-my-posh": true, "register-python-argcomplete": true,
	"minikube": true, "docker-machine": true, "op": true, "hub": true, "pdm": true, "resize": true, "tset": true, "locale": true}

// textTools print or transform text they are given: their output is whatever
// a file or a word holds, never a program's own set-up.
var textTools = map[string]bool{"cat": true, "echo": true, "printf": true, "head": true, "tail": true, "sed": true, "awk": true, "gawk": true,
	"base64": true, "base32": true, "basenc": true, "xxd": true, "openssl": true, "rev": true, "tr": true, "gunzip": true, "zcat": true,
	"gzip": true, "bzcat": true, "xzcat": true, "tac": true, "cut": true, "sort": true, "uniq": true, "grep": true, "jq": true, "yq": true,
	"dd": true, "od": true, "strings": true, "iconv": true, "envsubst": true, "m4": true, "cpp": true, "tee": true, "less": true, "more": true}

// setupWords are arguments that ask a program for shell set-up to evaluate.
var setupWords = map[string]bool{"completion": true, "completions": true, "hook": true, "init": true, "activate": true, "shellenv": true,
	"env": true, "shell-init": true, "docker-env": true, "podman-env": true, "--bash": true, "--zsh": true, "--fish": true,
	"shell.bash": true, "shell.zsh": true, "generate-shell-completion": true, "print-env": true, "--completion": true, "signin": true,
	"-s": true, "-c": true, "--eval": true, "--alias": true, "alias": true, "path": true, "export": true, "shell": true}

// setupOutput reports a substitution ($(…), `…`, <(…)) that runs one local
// program printing shell set-up: evaluating it is dynamic_code (asks), not
// code from outside.
func (ck *checker) setupOutput(text string) bool {
	if len(text) > 512 {
		return false
	}
	res := ck.v.parser.ParseScript(": " + text)
	if len(res.Problems) > 0 || len(res.Commands) < 2 {
		return false
	}
	var inner shellparse.SimpleCommand
	var tails []shellparse.SimpleCommand
	for _, c := range res.Commands {
		switch {
		case c.Subst == "":
		case len(c.Wrappers) > 0:
			tails = append(tails, c)
		case inner.Subst != "":
			return false // more than one command: a pipeline or a list
		default:
			inner = c
		}
	}
	for _, t := range tails {
		if !argvSuffix(inner.Argv, t.Argv) {
			return false
		}
	}
	if inner.Subst == "" || inner.Name == "" || inner.PipesOut || inner.Stdin.Kind != shellparse.InputInherited || inner.Script != nil {
		return false
	}
	base := path.Base(inner.Name)
	if downloaders[base] || exfilSenders[base] || shellparse.IsShell(base) || isInterpreter(base) || textTools[base] {
		return false
	}
	for _, a := range inner.Argv[1:] {
		if !a.Static {
			return false
		}
	}
	if setupPrinters[base] {
		return true
	}
	for _, a := range inner.Argv[1:] {
		if setupWords[a.Text] {
			return base != "cat" && base != "echo" && base != "printf"
		}
	}
	return false
}

// argvSuffix reports that b is a tail of a (an unknown program's arguments
// analysed as a command of their own: starship init bash → bash).
func argvSuffix(a, b []shellparse.Word) bool {
	if len(b) == 0 || len(b) >= len(a) {
		return false
	}
	for i := range b {
		if a[len(a)-len(b)+i].Text != b[i].Text {
			return false
		}
	}
	return true
}

// syntaxCheckOnly reports a system shell run with -n (noexec): it reads the
// script and checks its syntax, running nothing (bash -n deploy.sh).
func syntaxCheckOnly(c shellparse.SimpleCommand) bool {
	if strings.Contains(c.Name, "/") || !shellparse.IsShell(c.Name) || c.Stdin.Kind == shellparse.InputPipe {
		return false
	}
	noexec := false
	for i, a := range c.Argv[1:] {
		t := a.Text
		switch {
		case !a.Static:
			return false
		case t == "--norc" || t == "--noprofile" || t == "--posix" || t == "--":
		case t == "-o" || t == "+o":
			if i+2 < len(c.Argv) && c.Argv[i+2].Text == "noexec" {
				noexec = true
			}
		case t == "noexec" && i > 0 && (c.Argv[i].Text == "-o"):
		case strings.HasPrefix(t, "-") && len(t) > 1 && strings.Trim(t[1:], "nvxeu") == "":
			if strings.Contains(t, "n") {
				noexec = true
			}
		case strings.HasPrefix(t, "-"):
			return false // -c, -i, -s and the rest: the shell may run something
		}
	}
	return noexec
}

// interpreterReadOnly: a language runtime only reads when it prints its
// version or help, or runs a module that only looks (python -m pytest, pip
// list): any program it is given could do anything.
func interpreterReadOnly(name string, args []shellparse.Word) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	if len(args) == 1 {
		switch args[0].Text {
		case "--version", "-V", "-VV", "--help", "-h", "-version", "-help":
			return true
		case "-v":
			return interpreterName(name) != "python" // python -v is verbose mode
		}
	}
	if interpreterName(name) != "python" {
		return false
	}
	if pythonPytest(args) {
		return true
	}
	if len(args) >= 2 && args[0].Text == "-m" {
		rest := args[2:]
		switch args[1].Text {
		case "pip", "pip3":
			// python -m pip is pip: its declaration says which verbs read.
			pip, _ := programs.Lookup("pip")
			words := regWords(rest)
			inv := pip.Resolve(words)
			return len(rest) > 0 && (inv.Help(words) || inv.ReadOnly())
		case "site", "sysconfig", "platform", "this", "tabnanny", "py_compile":
			return args[1].Text != "py_compile" && len(rest) <= 1
		case "mypy", "ruff", "pyflakes", "pylint", "flake8", "pycodestyle", "pydoc":
			for _, a := range rest {
				if a.Text == "-w" || strings.HasPrefix(a.Text, "--fix") || a.Text == "format" || strings.HasPrefix(a.Text, "--output") || strings.HasPrefix(a.Text, "--junit") || strings.HasPrefix(a.Text, "--html") || strings.HasPrefix(a.Text, "--install-types") {
					return false
				}
			}
			return true
		}
	}
	return false
}

// awkReadOnly: awk reads when its program is on the command line and neither
// runs commands (system(), pipes, |&) nor writes files (print > FILE), and no
// option writes (gawk -i inplace, -o, -p, -d) or loads code (-f, -l, -E).
func awkReadOnly(args []shellparse.Word) bool {
	progs := awkPrograms(args)
	if len(progs) == 0 {
		return false
	}
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--":
			i = len(args)
		case t == "-F" || t == "-v" || t == "-e" || t == "--source" || t == "--assign" || t == "--field-separator":
			i++
		case strings.HasPrefix(t, "-F") || strings.HasPrefix(t, "-v") || strings.HasPrefix(t, "--source=") || strings.HasPrefix(t, "--assign=") || strings.HasPrefix(t, "--field-separator="):
		case t == "-b" || t == "-c" || t == "-P" || t == "-S" || t == "-N" || t == "-n" || t == "-r" || t == "-s" || t == "-t" || t == "-M" || t == "-O" ||
			t == "--posix" || t == "--traditional" || t == "--sandbox" || t == "--characters-as-bytes" || t == "--re-interval" || t == "--bignum" || t == "--optimize":
		case strings.HasPrefix(t, "-") && t != "-":
			return false
		}
	}
	for _, p := range progs {
		if !p.Static {
			return false
		}
		code := awkString().ReplaceAllString(p.Text, `""`)
		if awkCode().MatchString(code) || awkWrite().MatchString(code) {
			return false
		}
	}
	return true
}

// awkFileWrite finds print and printf redirected to a named file.
var awkFileWrite = lazyRegexp(`(?:print|printf)\b[^;}]*?>>?\s*"([^"]+)"`)

// awkWrite finds print and printf redirected to a file (> or >>).
var awkWrite = lazyRegexp(`(print|printf)\b[^;}]*>`)
