package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
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
	// More families (issue 20): each takes its program inline, from a
	// file, or from standard input.
	"julia":   {inlineShort: "eE", argShort: "LJpCtO", argLong: []string{"--project", "--sysimage", "--threads", "--procs", "--load"}},
	"guile":   {inlineShort: "c", argShort: "lLxe", notStdin: []string{"-s"}},
	"groovy":  {inlineShort: "e", argShort: "cD"},
	"elixir":  {inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "r", argLong: []string{"--require", "--erl", "--name", "--sname", "--cookie"}},
	"erl":     {inlineLong: []string{"-eval"}, argLong: []string{"-s", "-run", "-pa", "-pz", "-name", "-sname", "-setcookie"}},
	"xonsh":   {inlineShort: "c", argShort: "D"},
	"ts-node": {inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rO", argLong: []string{"--require", "--compiler-options", "--project"}},
	"tsx":     {inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argLong: []string{"--tsconfig", "--import", "--require"}},
	"expect":  {inlineShort: "c", argShort: "f"},
}

var pythonName = lazyre.New(`^python[0-9.]*$`)

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
					ck.add("inline_code", "stdin_program", NonSevere, c.Name+" "+a.Text+" - runs the commands it reads on standard input")
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
	if ck.v.env.Agent && inspects(c, interpreterName(base), args) {
		ck.interactive(c)
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
			ck.add("pipe_to_shell", "fd_program", Severe, c.Name+" runs a program read from a file descriptor ("+t+")")
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

// IsInterpreter reports whether a command name (no directory) is a language
// runtime that can run code it is given.
func IsInterpreter(name string) bool { return isInterpreter(name) }

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
			words := shellparse.RegistryWords(rest)
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
