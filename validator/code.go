package validator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The validator's side of the code room (judge/code): the calls other
// judgements make into it, and the nested analysis it hands text to.

// The ids of the findings for programs an agent types into.
const (
	// InteractiveID is a shell, interpreter or database client started
	// with nothing to run, reading its commands from the terminal.
	InteractiveID = "dynamic_code.interactive"
	// TerminalID is a command run with a terminal the agent writes to later
	// (Codex's exec_command with tty).
	TerminalID = "dynamic_code.terminal"
)

// codeRoom adapts one of the code room's judgements to a check.
func codeRoom(judge func(code.Host, shellparse.SimpleCommand, []shellparse.Word)) check {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) { judge(ck, c, args) }
}

// interactive judges a program that reads what is typed into it later.
func (ck *checker) interactive(c shellparse.SimpleCommand) { code.Interactive(ck, c) }

// stdinProgram judges a program read from standard input or a process
// substitution.
func (ck *checker) stdinProgram(c shellparse.SimpleCommand, procSubst bool) {
	code.StdinProgram(ck, c, procSubst)
}

// setupOutput reports a substitution that runs one local program printing
// shell set-up (eval "$(ssh-agent -s)").
func (ck *checker) setupOutput(text string) bool { return code.SetupOutput(ck, text) }

// syntaxCheckOnly reports a system shell run with -n, which runs nothing.
func syntaxCheckOnly(c shellparse.SimpleCommand) bool { return code.SyntaxCheckOnly(c) }

// interpreterName returns the family a runtime's name stands for.
func interpreterName(base string) string { return code.InterpreterName(base) }

// isInterpreter reports a language runtime's name (awk is not one here).
func isInterpreter(base string) bool { return code.IsInterpreter(base) }

// IsInterpreter reports whether a command name (no directory) is a language
// runtime that can run code it is given.
func IsInterpreter(name string) bool { return code.IsInterpreter(name) }

// sedCode: sed's e command and e flag run shell commands.
func (ck *checker) sedCode(c shellparse.SimpleCommand, args []shellparse.Word) {
	sed := parseSed(args)
	if sed.scriptFile {
		for _, f := range valuesOf(c, "-f", "--file") {
			switch {
			case f.Text == "-" || shellparse.IsStdinPath(f.Text):
				for _, text := range ck.stdinText(c) {
					sed.programs = append(sed.programs, shellparse.Word{Text: text, Static: true})
				}
			case f.Static:
				if text, ok := ck.ProgramFile(c, f.Text); ok {
					sed.programs = append(sed.programs, shellparse.Word{Text: text, Static: true})
				}
			}
		}
	}
	for _, prog := range sed.programs {
		if !prog.Static {
			continue
		}
		if len(prog.Text) > maxJudgedText {
			// Not read: what it writes or runs is not known (sed.Scan takes it
			// to run anything; the finding says it was not read).
			ck.addFinding(Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".text",
				Reason: fmt.Sprintf("the sed program is %d bytes, more than the %d permgate reads", len(prog.Text), maxJudgedText)})
		}
		if fx := sed.scan(prog.Text); fx.Exec {
			ck.add("inline_code", "sed_exec", NonSevere, "the sed program runs a shell command (e)")
			for _, cmd := range fx.Commands {
				ck.nested(cmd, "the sed program's e command")
			}
			return
		}
	}
}

// maxNesting bounds scripts nested through inline code, git aliases and
// completions: each level is a new analysis of text the level above handed on.
const maxNesting = 8

// nested analyses text as a script of its own (what compgen -W expands, what
// complete -C runs, what inline code hands to a shell) and adds its findings
// to the current command, within maxNesting levels.
func (ck *checker) nested(src, how string) {
	if len(src) > 4096 {
		ck.add("too_complex", "nested_too_long", NonSevere, how+" is too long to analyse")
		return
	}
	ck.nestedIn(src, how, "")
}

// nestedIn analyses src as a script of its own that runs in dir ("" for
// the directory the script around it starts in), its findings added to the
// current command prefixed by how; it reports whether every command of it
// only reads and nothing was found.
func (ck *checker) nestedIn(src, how, dir string) bool {
	v := ck.v
	if v.nesting >= maxNesting {
		ck.add("too_complex", "nested_too_deep", NonSevere, how+" is nested too deep to analyse")
		return false
	}
	ck.runState() // the writes before it, for the nested script
	v.nesting++
	saved, lookups, cut := v.nestedCwd, v.lookups, v.lookupsCut
	v.nestedCwd = dir
	res := v.parser.ParseScript(src)
	for _, f := range res.Functions {
		ck.funcs = defineFunction(ck.funcs, f, ck.funcs[f] || ck.sourcing) // source lib.sh defines them here
	}
	a := v.Classify(res, src)
	v.nestedCwd, v.lookups, v.lookupsCut = saved, lookups+v.lookups, cut || v.lookupsCut
	v.nesting--
	for f := range a.All() {
		f.Reason = OneLine(how + ": " + strings.ReplaceAll(f.Reason, "$"+code.Placeholder, "{a value the code computes}"))
		ck.addFinding(f)
	}
	return a.AllReadOnly && a.Severity == Safe
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
	if code.CheckOnly(interpreterName(name), args) {
		return true // node --check FILE parses it and runs none of it
	}
	python := interpreterName(name) == "python"
	if len(args) == 1 {
		switch args[0].Text {
		case "--version", "-V", "-VV", "--help", "-h", "-version", "-help":
			return true
		case "-v":
			return !python // python -v is verbose mode
		}
	}
	if !python {
		return false
	}
	if pythonPytest(args) {
		return true
	}
	if len(args) >= 2 && args[0].Text == "-m" {
		return pythonModuleReadOnly(args[1].Text, args[2:])
	}
	return false
}

// pythonModuleReadOnly: python -m MODULE ARGS only reads when the module
// does (pip list, site, the linters without their fixes).
func pythonModuleReadOnly(module string, rest []shellparse.Word) bool {
	switch module {
	case "pip", "pip3":
		// python -m pip is pip: its declaration says which verbs read.
		pip, _ := programs.Get().Lookup("pip")
		words := shellparse.RegistryWords(rest)
		inv := pip.Resolve(words)
		return len(rest) > 0 && (inv.Help(words) || inv.ReadOnly())
	case "site", "sysconfig", "platform", "this", "tabnanny":
		return len(rest) <= 1
	case "mypy", "ruff", "pyflakes", "pylint", "flake8", "pycodestyle":
		// python -m mypy is mypy: its declaration says whether it reads
		// (pylint runs the project's code, as its plugins and init-hook)
		prog, ok := programs.Get().Lookup(module)
		inv := prog.Resolve(shellparse.RegistryWords(rest))
		return ok && inv.ReadOnly() && !checkerWrites(rest)
	}
	return false
}

// checkerWriteOptions start the long options with which a Python checker
// writes files.
var checkerWriteOptions = []string{"--fix", "--output", "--junit", "--html", "--install-types"}

// checkerWrites reports a Python checker run with an option or a verb that
// writes: -w, --fix…, --output…, --junit…, --html…, --install-types, format.
// Its options are read as flags.
func checkerWrites(args []shellparse.Word) bool {
	var flags registry.Grammar
	scan := flags.Scan(shellparse.RegistryWords(args))
	for _, o := range scan.Opts {
		if o.Name == "-w" || slices.ContainsFunc(checkerWriteOptions, func(p string) bool { return strings.HasPrefix(o.Name, p) }) {
			return true
		}
	}
	for _, i := range scan.Operands {
		if args[i].Text == "format" {
			return true
		}
	}
	return false
}

// isDigits reports a non-empty string of decimal digits.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// joinWords joins words' texts with spaces.
func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}
