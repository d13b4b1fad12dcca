package validator

import (
	"regexp"
	"strings"

	"permgate/shellparse"
)

// interpreter describes how a language runtime takes its program.
type interpreter struct {
	inline   []string // options whose argument is a program (-c, -e)
	withArg  []string // other options that take an argument
	notStdin []string // options after which the program does not come from stdin (-m)
}

var interpreters = map[string]interpreter{
	"python":  {inline: []string{"-c"}, withArg: []string{"-W", "-X", "-Q"}, notStdin: []string{"-m"}},
	"node":    {inline: []string{"-e", "--eval", "-p", "--print"}, withArg: []string{"-r", "--require", "--import", "--loader", "--input-type", "-C", "--conditions"}, notStdin: []string{"-v", "--version", "-h", "--help", "--test"}},
	"nodejs":  {inline: []string{"-e", "--eval", "-p", "--print"}, withArg: []string{"-r", "--require"}},
	"deno":    {inline: []string{"eval"}},
	"bun":     {inline: []string{"-e", "--eval", "-p", "--print"}},
	"perl":    {inline: []string{"-e", "-E"}, withArg: []string{"-I", "-M", "-m", "-x"}},
	"ruby":    {inline: []string{"-e"}, withArg: []string{"-I", "-r", "-C", "-E"}},
	"php":     {inline: []string{"-r", "-B", "-R", "-E", "-F"}, withArg: []string{"-c", "-d", "-z"}, notStdin: []string{"-f", "-S", "-l", "-v", "-m", "-i"}},
	"lua":     {inline: []string{"-e"}, withArg: []string{"-l"}, notStdin: []string{"-v"}},
	"luajit":  {inline: []string{"-e"}, withArg: []string{"-l"}, notStdin: []string{"-v"}},
	"Rscript": {inline: []string{"-e"}},
	"R":       {inline: []string{"-e"}},
	"tclsh":   {},
	"pwsh":    {inline: []string{"-c", "-Command", "-command", "-EncodedCommand", "-e"}, notStdin: []string{"-File", "-f"}},
	"osascript": {
		inline: []string{"-e"},
	},
	"irb":    {},
	"jshell": {},
}

var pythonName = regexp.MustCompile(`^python[0-9.]*$`)

func interpreterName(base string) string {
	if pythonName.MatchString(base) || base == "pypy" || base == "pypy3" {
		return "python"
	}
	return base
}

func isInterpreter(base string) bool {
	_, ok := interpreters[interpreterName(base)]
	return ok
}

// interpreter judges a shell or language runtime: where its program comes from.
func (ck *checker) interpreter(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	if shellparse.IsShell(c.Name) {
		ck.shellProgram(c, args)
		return
	}
	name := interpreterName(base)
	spec := interpreters[name]
	script := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			script = true
			break
		}
		t := a.Text
		if contains(spec.inline, t) || inlineAttached(spec.inline, t) {
			ck.add("inline_code", NonSevere, c.Name+" "+t+" runs code given on the command line")
			return
		}
		if contains(spec.notStdin, t) {
			return
		}
		if contains(spec.withArg, t) {
			i++
			continue
		}
		if t == "-" {
			break
		}
		if strings.HasPrefix(t, "-") {
			continue
		}
		script = true
		break
	}
	if name == "deno" {
		return // deno needs a subcommand; it does not read a program from stdin
	}
	if script && !argIsProcSubst(args) {
		return
	}
	ck.stdinProgram(c, argIsProcSubst(args))
}

func inlineAttached(inline []string, t string) bool {
	for _, opt := range inline {
		if len(opt) == 2 && strings.HasPrefix(t, opt) && len(t) > 2 && !strings.HasPrefix(t, "--") {
			return true
		}
	}
	return false
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
	if len(args) > 0 && args[0].Static && (args[0].Text == "/dev/stdin" || args[0].Text == "/proc/self/fd/0") && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", Severe, "pipes another command's output into "+c.Name+", which runs it as code")
	}
}

// ssh HOST COMMAND runs a command on another machine.
func (ck *checker) ssh(c shellparse.SimpleCommand, args []shellparse.Word) {
	withArg := "BbcDEeFIiJLlmOopQRSWw"
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
		last := t[len(t)-1:]
		if len(t) == 2 && strings.Contains(withArg, last) {
			i += 2
			continue
		}
		if t == "-o" || strings.HasPrefix(t, "-o") {
			opt := strings.ToLower(strings.TrimPrefix(t, "-o"))
			if strings.HasPrefix(opt, "proxycommand") || strings.HasPrefix(opt, "localcommand") {
				ck.add("inline_code", NonSevere, "ssh -o "+opt+" runs a local command")
			}
		}
		i++
	}
	if i+1 < len(args) {
		ck.add("inline_code", NonSevere, "ssh runs a command on "+args[i].Text+": "+clip(joinWords(args[i+1:])))
	}
}

var awkCode = regexp.MustCompile(`system\s*\(|\|\s*getline|\|\s*"|print[^;}]*\|\s*[a-zA-Z"$]|printf[^;}]*\|`)

// awk programs can run commands with system(), pipes and getline.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	prog, ok := awkProgram(args)
	if !ok {
		return
	}
	if !prog.Static || awkCode.MatchString(prog.Text) {
		ck.add("inline_code", NonSevere, c.Name+" program runs shell commands")
	}
}

// awkProgram returns the awk program word (the first operand when no -f).
func awkProgram(args []shellparse.Word) (shellparse.Word, bool) {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if !args[i].Static {
			return args[i], true
		}
		switch {
		case t == "-f" || strings.HasPrefix(t, "--file"):
			return shellparse.Word{}, false
		case t == "-v" || t == "-F":
			i++
		case t == "--":
			if i+1 < len(args) {
				return args[i+1], true
			}
			return shellparse.Word{}, false
		case strings.HasPrefix(t, "-") && t != "-":
		default:
			return args[i], true
		}
	}
	return shellparse.Word{}, false
}

// sedCode: sed's e command and e flag run shell commands.
func (ck *checker) sedCode(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, prog := range parseSed(args).programs {
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
		if a.Text == "-c" || a.Text == "--cmd" || a.Text == "-S" || strings.HasPrefix(a.Text, "+") && len(a.Text) > 1 && !isDigits(a.Text[1:]) {
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
		switch {
		case strings.HasPrefix(t, "--to-command"), strings.HasPrefix(t, "--checkpoint-action=exec"),
			strings.HasPrefix(t, "--use-compress-program"), strings.HasPrefix(t, "--info-script"),
			strings.HasPrefix(t, "--new-volume-script"), strings.HasPrefix(t, "--rsh-command"):
			ck.add("inline_code", NonSevere, "tar "+clip(t)+" runs a command")
			return
		case t == "-I" || t == "-F":
			ck.add("inline_code", NonSevere, "tar "+t+" runs a command")
			return
		}
	}
}

func (ck *checker) rsync(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		t := a.Text
		if t == "-e" || strings.HasPrefix(t, "--rsh") || strings.HasPrefix(t, "--rsync-path") {
			ck.add("inline_code", NonSevere, "rsync "+t+" names a command to run")
			return
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
