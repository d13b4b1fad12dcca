package code

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// optionsOnly reads a shell's options as flags, up to its first operand.
var optionsOnly = registry.Grammar{Posix: true}

// argIsProcSubst reports that the first word after a shell's or source's
// options is a process substitution: the program is another command's
// output. A "-" ends a shell's options as "--" does (bash - <(…)).
func argIsProcSubst(args []shellparse.Word) bool {
	scan := optionsOnly.Scan(runtimeWords(args))
	ops := scan.Operands
	if len(ops) > 0 && args[ops[0]].Static && args[ops[0]].Text == "-" {
		ops = ops[1:]
	}
	return len(ops) > 0 && args[ops[0]].ProcSubst
}

// ShellProgram judges a shell that was not unwrapped: it reads a script
// file, a process substitution or standard input.
func ShellProgram(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Script != nil {
		return // -c with a script permgate could not read: judged already
	}
	if SyntaxCheckOnly(c) {
		return // bash -n FILE reads the script and runs none of it
	}
	if argIsProcSubst(args) {
		StdinProgram(h, c, true)
		return
	}
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "/dev/fd/") && !shellparse.IsStdinPath(a.Text) {
			report(h, "pipe_to_shell", "shell_fd", severe, c.Name+" runs a program read from a file descriptor ("+a.Text+")")
			return
		}
	}
	scan := shellOptions().Scan(runtimeWords(args))
	for _, o := range scan.Values("--rcfile", "--init-file", "-rcfile", "-init-file") {
		if o.HasValue {
			runFile(h, c, optionValue(args, o), true, 0) // bash -i reads it first
		}
	}
	if !shellparse.ShellReadsStdin(c.Argv) {
		scriptFile(h, c, args)
		return
	}
	shellInput(h, c, args, scan)
}

// shellInput judges what a shell that may read its script from standard
// input runs: a file its operand may name, the file its input is
// redirected from, else its input.
func shellInput(h Host, c shellparse.SimpleCommand, args []shellparse.Word, scan registry.Scan) {
	null := NullStdin(c)
	if first, ok := scriptOperand(args, scan); ok && (first.Static || first.Placeholder && (null || c.Stdin.Kind != shellparse.InputPipe) || c.Stdin.Kind == shellparse.InputInherited) {
		// bash -- FILE, sh "$F" (a file named at run time, or options),
		// xargs bash (the files its input names): the script may be that
		// file.
		runFile(h, c, first, true, 0)
	}
	if null {
		return // xargs bash: bash reads /dev/null, the pipe feeds xargs
	}
	if f, ok := stdinFile(c); ok && !slices.ContainsFunc(args, func(w shellparse.Word) bool { return w.Placeholder }) {
		// (under xargs or parallel the redirect feeds the wrapper, not the shell)
		runFile(h, c, f, true, 0)
		return
	}
	StdinProgram(h, c, false)
}

// shellOptions is the shells' declared grammar (registry.Unwrapped
// "shell"): their options up to the script file.
func shellOptions() *registry.Grammar {
	if g, ok := registry.Unwrapped("shell"); ok {
		return g
	}
	return &optionsOnly
}

// scriptFile judges the script file a shell runs (bash FILE ARGS): its
// first operand.
func scriptFile(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	scan := shellOptions().Scan(runtimeWords(args))
	if len(scan.Operands) == 0 {
		return
	}
	runFile(h, c, args[scan.Operands[0]], true, 0)
}

// scriptOperand is a shell's first operand when it may name a script file:
// not with -s (the operands are then the script's arguments), nor "-" or a
// path of standard input.
func scriptOperand(args []shellparse.Word, scan registry.Scan) (shellparse.Word, bool) {
	if len(scan.Operands) == 0 || scan.Has("-s", "+s") {
		return shellparse.Word{}, false
	}
	w := args[scan.Operands[0]]
	if w.Static && (w.Text == "-" || shellparse.IsStdinPath(w.Text)) {
		return shellparse.Word{}, false
	}
	return w, true
}

// stdinFile is the file a command's standard input is redirected from
// (bash < FILE), when it is.
func stdinFile(c shellparse.SimpleCommand) (shellparse.Word, bool) {
	if c.Stdin.Kind != shellparse.InputFile {
		return shellparse.Word{}, false
	}
	for i := len(c.Redirects) - 1; i >= 0; i-- {
		if r := c.Redirects[i]; r.Op == "<" && (r.Fd == "" || r.Fd == "0") {
			return r.Target, true
		}
	}
	return shellparse.Word{}, false
}

// runFile hands the file w names to the host to read and judge as a shell
// script (shell) or a program in lang. A file named only at run time is
// not known, so it asks.
func runFile(h Host, c shellparse.SimpleCommand, w shellparse.Word, shell bool, lang codescan.Lang) {
	if m, ok := matched(c, w); ok {
		h.CodeRunMatched(c, m, shell, lang)
		return
	}
	if !w.Static && !homeOrWorkDir(w) || w.Glob {
		report(h, "too_complex", "script_dynamic", nonSevere, c.Name+" runs a file named only at run time ("+clip(w.Text)+"): what it runs is not known")
		return
	}
	h.CodeRunFile(c, w.Text, shell, lang)
}

// homeOrWorkDir reports a word whose only expansion is $HOME or $PWD at its
// start ("$PWD/run.sh"): the host knows both.
func homeOrWorkDir(w shellparse.Word) bool {
	if w.Subst || w.Placeholder || w.Glob || len(w.Params) != 1 || w.Params[0] != "HOME" && w.Params[0] != "PWD" {
		return false
	}
	for _, form := range []string{"$HOME", "${HOME}", "$PWD", "${PWD}"} {
		if rest, ok := strings.CutPrefix(w.Text, form); ok && !strings.Contains(rest, "$") && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// StdinProgram judges a program read from standard input or a process
// substitution.
func StdinProgram(h Host, c shellparse.SimpleCommand, procSubst bool) {
	if procSubst {
		report(h, "pipe_to_shell", "shell_process_subst", severe, c.Name+" runs a program produced by another command (<(…))")
		return
	}
	switch c.Stdin.Kind {
	case shellparse.InputInherited:
		Interactive(h, c)
	case shellparse.InputPipe:
		h.Report("pipe_to_shell", "curl_sh", severe, "pipes another command's output into "+c.Name+", which runs it as code", "save it to a file, read it, then run the file (curl -fsSLo install.sh URL; less install.sh; sh install.sh)")
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if c.Stdin.Subst || !c.Stdin.Static {
			report(h, "pipe_to_shell", "shell_stdin_dynamic", severe, "feeds text built at run time into "+c.Name+", which runs it as code")
		} else if !shellparse.IsShell(c.Name) {
			report(h, "inline_code", "shell_stdin_inline", nonSevere, c.Name+" runs a program given inline")
		}
	}
}

// Source: `source FILE` / `. FILE` runs a file; from <(…) it runs another
// command's output.
func Source(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	procSubst := argIsProcSubst(args)
	if procSubst && len(args) > 0 && SetupOutput(h, args[0].Text) {
		report(h, "dynamic_code", "shell_setup", nonSevere, c.Name+" runs the shell set-up "+clip(args[0].Text)+" prints")
		return
	}
	if procSubst {
		report(h, "pipe_to_shell", "shell_process_subst", severe, c.Name+" runs a program produced by another command (<(…))")
		return
	}
	if len(args) == 0 {
		return
	}
	if !args[0].Static {
		runFile(h, c, args[0], true, 0)
		return
	}
	switch t := args[0].Text; {
	case t == "-" || shellparse.IsStdinPath(t):
		StdinProgram(h, c, false)
	case strings.HasPrefix(t, "/dev/fd/"):
		report(h, "pipe_to_shell", "shell_fd", severe, c.Name+" runs a program read from a file descriptor ("+t+")")
	default:
		runFile(h, c, args[0], true, 0)
	}
}

// NullStdin reports a shell xargs runs itself with its standard input
// from /dev/null, as GNU and BSD xargs do unless -a FILE leaves it as it
// was or -o opens the terminal: the pipe into xargs gives the shell its
// words, not its script. (A command further in, as bash -c 'cat | sh'
// under xargs, keeps the stricter reading: busybox's xargs passes its
// input on.)
func NullStdin(c shellparse.SimpleCommand) bool {
	g, ok := registry.Default().Lookup("xargs")
	if !ok || len(c.Wrappers) == 0 {
		return false
	}
	w := c.Wrappers[len(c.Wrappers)-1]
	if w.Name != "xargs" || len(w.Argv) == 0 {
		return false
	}
	scan := g.Node.Grammar.Scan(shellparse.RegistryWords(w.Argv[1:]))
	return !scan.May("-a", "--arg-file", "-o", "--open-tty")
}
