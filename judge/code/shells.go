package code

import (
	"strings"

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
	if shellparse.ShellReadsStdin(c.Argv) {
		StdinProgram(h, c, false)
	}
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
	if len(args) == 0 || !args[0].Static {
		return
	}
	switch t := args[0].Text; {
	case t == "-" || shellparse.IsStdinPath(t):
		StdinProgram(h, c, false)
	case strings.HasPrefix(t, "/dev/fd/"):
		report(h, "pipe_to_shell", "shell_fd", severe, c.Name+" runs a program read from a file descriptor ("+t+")")
	}
}
