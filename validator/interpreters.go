package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// interpreter describes how a language runtime takes its program.
type interpreter struct {
	// lang is the tokenizer its code is read with (0: none).
	lang        codescan.Lang
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

// interpreters are the language runtimes, by family name; a family's
// versioned names (python3.12, lua5.4, node22, tclsh8.6) and its other names
// (interpreterAliases) are the same runtime. Each entry is exercised by a
// corpus line (TestInterpreterFamiliesInCorpus).
var interpreters = map[string]interpreter{
	"python":    {lang: codescan.Python, inlineShort: "c", argShort: "WXQm", notStdin: []string{"-m"}},
	"node":      {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rC", argLong: []string{"--require", "--import", "--loader", "--experimental-loader", "--input-type", "--conditions"}, notStdin: []string{"-v", "--version", "-h", "--help", "--test", "--run"}},
	"nodejs":    {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "r", argLong: []string{"--require"}},
	"deno":      {lang: codescan.JavaScript, subcommands: true},
	"bun":       {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, subcommands: true},
	"perl":      {lang: codescan.Perl, inlineShort: "eE", argShort: "IMm"},
	"ruby":      {lang: codescan.Ruby, inlineShort: "e", argShort: "IrCEFxK0"},
	"php":       {lang: codescan.PHP, inlineShort: "rBRE", argShort: "cdzf", notStdin: []string{"-f", "-S", "-l", "-v", "-m", "-i", "-s"}},
	"lua":       {lang: codescan.Lua, inlineShort: "e", argShort: "lW", notStdin: []string{"-v"}},
	"luajit":    {lang: codescan.Lua, inlineShort: "e", argShort: "lbjO", notStdin: []string{"-v"}},
	"Rscript":   {lang: codescan.R, inlineShort: "e"},
	"R":         {lang: codescan.R, inlineShort: "e", argShort: "fdg"},
	"tclsh":     {lang: codescan.Tcl},
	"pwsh":      {inlineLong: []string{"-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"}, notStdin: []string{"-File", "-f"}},
	"osascript": {lang: codescan.AppleScript, inlineShort: "e", argShort: "ls"},
	"irb":       {lang: codescan.Ruby},
	"jshell":    {},
	"awk":       {lang: codescan.Awk},
	// More families (issue 20): each takes its program inline, from a
	// file, or from standard input.
	"julia":   {lang: codescan.Julia, inlineShort: "eE", argShort: "LJpCtO", argLong: []string{"--project", "--sysimage", "--threads", "--procs", "--load"}},
	"guile":   {lang: codescan.Scheme, inlineShort: "c", argShort: "lLxe", notStdin: []string{"-s"}},
	"groovy":  {lang: codescan.Groovy, inlineShort: "e", argShort: "cD"},
	"elixir":  {lang: codescan.Elixir, inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "r", argLong: []string{"--require", "--erl", "--name", "--sname", "--cookie"}},
	"erl":     {lang: codescan.Erlang, inlineLong: []string{"-eval"}, argLong: []string{"-s", "-run", "-pa", "-pz", "-name", "-sname", "-setcookie"}},
	"xonsh":   {lang: codescan.Python, inlineShort: "c", argShort: "D"},
	"ts-node": {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rO", argLong: []string{"--require", "--compiler-options", "--project"}},
	"tsx":     {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argLong: []string{"--tsconfig", "--import", "--require"}},
	"expect":  {lang: codescan.Tcl, inlineShort: "c", argShort: "f"},
	// Runtimes whose languages no tokenizer reads: their inline code is
	// inline_code, never judged safer.
	"racket": {inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "lrtf", argLong: []string{"--lib", "--require", "--load"}},
	"raku":   {inlineShort: "e", argShort: "IM"},
	"bb":     {inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "f", argLong: []string{"--file", "--classpath"}},
}

// interpreterAliases are other names of a family's runtime.
var interpreterAliases = map[string]string{"pypy": "python", "powershell": "pwsh", "pwsh.exe": "pwsh", "powershell.exe": "pwsh",
	"jruby": "ruby", "wish": "tclsh", "micropython": "python", "ipython": "python", "ipython3": "python", "rakudo": "raku", "perl6": "raku"}

// interpreterName returns the family a runtime's name stands for: itself, an
// alias's family, or the family of a versioned name (python3.12, lua5.4,
// php8.2, perl5.36, node22, tclsh8.6, pypy3).
func interpreterName(base string) string {
	for _, name := range []string{base, versionless(base)} {
		if family, ok := interpreterAliases[name]; ok {
			return family
		}
		if _, ok := interpreters[name]; ok {
			return name
		}
	}
	return base
}

// versionless returns a name without the version at its end (python3.12 is
// python, lua-5.4 is lua); a name with none is returned as it is.
func versionless(base string) string {
	name := strings.TrimRight(base, "0123456789.")
	if name == base || name == "" || !isDigits(base[len(name):len(name)+1]) {
		return base
	}
	return strings.TrimSuffix(name, "-")
}

// osascriptGrammar reads osascript's options: -l names the language of the
// program (AppleScript, or JavaScript for automation).
var osascriptGrammar = registry.Grammar{Short: "l:e:s:i"}

// langOf returns the tokenizer for a runtime's code: its family's, or the
// one an option names (osascript -l JavaScript).
func langOf(name string, spec interpreter, args []shellparse.Word) codescan.Lang {
	if name != "osascript" {
		return spec.lang
	}
	scan := osascriptGrammar.Scan(shellparse.RegistryWords(args))
	if l, ok := scan.Value("-l"); ok {
		if strings.EqualFold(l.Value, "JavaScript") {
			return codescan.JavaScript
		}
		if !strings.EqualFold(l.Value, "AppleScript") {
			return 0
		}
	}
	return spec.lang
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
			ck.inline(c, a.Text, next, 0)
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
	lang := langOf(interpreterName(base), spec, args)
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
			ck.inline(c, t, code, lang)
			return
		}
		if slices.Contains(spec.notStdin, t) {
			return
		}
		switch {
		case t == "-" || shellparse.IsStdinPath(t):
			ck.stdinProgram(c, false)
			ck.stdinCode(c, lang)
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
	ck.stdinCode(c, lang)
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
			ck.inline(c, a.Text, code, spec.lang)
			return
		}
		if a.Text == "eval" && i == 0 {
			ck.inline(c, "eval", denoEvalCode(args[1:]), spec.lang)
			return
		}
		if a.Text == "-" || shellparse.IsStdinPath(a.Text) {
			ck.stdinProgram(c, false)
			ck.stdinCode(c, spec.lang)
			return
		}
	}
}

// denoEvalGrammar reads deno eval's options; its first operand is the code.
var denoEvalGrammar = registry.Grammar{Short: "pqc:rL:", Long: []string{"print", "ext=", "check=?", "quiet", "config=", "import-map=",
	"env-file=?", "location=", "v8-flags=?", "seed=", "cached-only", "no-config", "no-lock", "lock=?", "reload=?", "node-modules-dir=?",
	"unstable", "cert=", "inspect=?", "inspect-brk=?", "inspect-wait=?", "log-level=", "no-remote", "no-npm", "watch=?"}}

// denoEvalCode returns the code deno eval runs: its first operand (static
// and empty when there is none).
func denoEvalCode(args []shellparse.Word) shellparse.Word {
	scan := denoEvalGrammar.Scan(shellparse.RegistryWords(args))
	if len(scan.Operands) == 0 {
		return shellparse.Word{Static: true}
	}
	return args[scan.Operands[0]]
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
