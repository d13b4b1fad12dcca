package code

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Interactive judges a shell or interpreter that reads its program from the
// standard input it inherits: in an agent's harness that input can be a
// terminal the agent types into after permgate has answered.
func Interactive(h Host, c shellparse.SimpleCommand) {
	if !h.CodeAgent() || printsAndExits(c) {
		return
	}
	h.Report("dynamic_code", "interactive", nonSevere,
		c.Name+" starts an interactive session that runs whatever is typed into it later, which permgate never sees",
		"run the commands themselves, or a script file ("+c.Name+" script), instead of a session")
}

// infoOptions are, per program, the short options with which it prints its
// version or usage and exits instead of reading commands (python3 -V, perl
// -v); --version and --help do so for every one. A letter that means
// something else for a program (bash -v is verbose, python -v too) is not
// listed for it.
var infoOptions = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		"python": {"-V", "-VV", "-h", "-?"}, "perl": {"-v", "-V", "-h"}, "ruby": {"-v", "-h"}, "irb": {"-v", "-h"},
		"R": {"-h"}, "Rscript": {"-h"}, "pwsh": {"-v", "-Version", "-version", "-?", "-h", "-Help", "-help"},
		"jshell": {"-version", "-h", "-help"}, "zsh": {"-h"}, "php": {"-v", "-h"}, "lua": {"-v"},
	}
}}

// printsAndExits reports a session program asked for its version or usage
// by its first argument: after another (python3 - --version, bash -s
// --version) the option may be the program's own argument, and it reads
// stdin.
func printsAndExits(c shellparse.SimpleCommand) bool {
	if len(c.Argv) < 2 || !c.Argv[1].Static {
		return false
	}
	t := c.Argv[1].Text
	return t == "--version" || t == "--help" || slices.Contains(infoOptions.Get()[InterpreterName(path.Base(c.Name))], t)
}

// replClient is what gives a database client or a REPL its commands, so that
// it runs those and not a session.
type replClient struct {
	// options give it its commands (psql -c, mysql -e) or make it print
	// and exit (--version).
	options []string
	// operands says that operands after the first are commands (sqlite3
	// DB SQL, redis-cli GET k).
	operands bool
	// script says that one operand is a script the program runs, then
	// exits (ipython x.py); without operands it is a session.
	script bool
}

// replScripts lists the clients and REPLs, by name.
var replScripts = lazy.Value[map[string]replClient]{Make: func() map[string]replClient {
	return map[string]replClient{
		"psql":      {options: []string{"-c", "--command", "-f", "--file", "-l", "--list", "-V", "--version", "-?", "--help"}},
		"mysql":     {options: []string{"-e", "--execute", "-V", "--version", "-?", "--help"}},
		"mariadb":   {options: []string{"-e", "--execute", "-V", "--version", "-?", "--help"}},
		"sqlite3":   {options: []string{"-version", "--version", "-help", "--help"}, operands: true},
		"redis-cli": {options: []string{"-v", "--version", "--help"}, operands: true},
		"mongosh":   {options: []string{"--eval", "-f", "--file", "--version", "--help"}, operands: true},
		// REPLs, debuggers and line editors that read their commands from
		// standard input, each able to run a shell command (!, shell, os.system).
		"ipython":  {options: []string{"-c", "-m", "--version", "-h", "--help"}, script: true},
		"ipython3": {options: []string{"-c", "-m", "--version", "-h", "--help"}, script: true},
		"bpython":  {options: []string{"--version", "-h", "--help"}, script: true},
		"ptpython": {options: []string{"--version", "-h", "--help"}, script: true},
		"julia":    {options: []string{"-e", "--eval", "-E", "--print", "-v", "--version", "-h", "--help"}, script: true},
		"scala":    {options: []string{"-e", "-version", "--version", "-help", "--help"}, script: true},
		"ts-node":  {options: []string{"-e", "--eval", "-p", "--print", "-v", "--version", "-h", "--help"}, script: true},
		"expect":   {options: []string{"-c", "-f", "-v", "-h"}, script: true},
		"dc":       {options: []string{"-e", "--expression", "-f", "--file", "-V", "--version", "-h", "--help"}, script: true},
		"ghci":     {options: []string{"-e", "--version", "--help"}},
		"erl":      {options: []string{"-noshell", "-noinput", "-detached", "-version"}},
		"iex":      {options: []string{"-v", "--version", "-h", "--help"}},
		"gdb":      {options: []string{"-batch", "--batch", "-version", "--version", "-help", "--help"}},
		"lldb":     {options: []string{"-b", "--batch", "-v", "--version", "-h", "--help"}},
		"ed":       {options: []string{"-V", "--version", "-h", "--help"}},
		"ex":       {options: []string{"--version", "-h", "--help"}},
		"vi":       {options: []string{"--version", "-h", "--help"}},
		"vim":      {options: []string{"--version", "-h", "--help"}},
		"nvim":     {options: []string{"--version", "-v", "-h", "--help", "--headless"}},
		"script":   {options: []string{"-c", "--command", "-V", "--version", "-h", "--help"}},
		"ftp":      {options: []string{"-h", "--help"}},
		"sftp":     {options: []string{"-b", "-h"}},
	}
}}

// grammar returns the client's options as a grammar: its one-letter
// options take a value that may be attached (psql -cSQL), its single-dash
// words are words (sqlite3 -version), its long options are spelled out and
// may have a value (--command=SQL). The other options are flags: a word
// after one counts as an operand.
func (r replClient) grammar() registry.Grammar {
	var g registry.Grammar
	g.Exact = true
	for _, o := range r.options {
		switch {
		case strings.HasPrefix(o, "--"):
			g.Long = append(g.Long, o[2:]+"=?")
		case len(o) == 2:
			g.Short += o[1:] + "::"
		default:
			g.Words = append(g.Words, o[1:])
		}
	}
	return g
}

// ReplClient judges a database client started with no commands to run and
// its input inherited: a session the agent types into (psql's \!, sqlite3's
// .shell run anything).
func ReplClient(h Host, c shellparse.SimpleCommand) {
	spec, ok := replScripts.Get()[c.Name]
	if !ok || !h.CodeAgent() || c.Stdin.Kind != shellparse.InputInherited {
		return
	}
	g := spec.grammar()
	args := c.Argv[1:]
	scan := g.Scan(shellparse.RegistryWords(args))
	for _, o := range scan.Opts {
		// A letter counts where it starts its word: in mysql -psecret the
		// e is the password's.
		if slices.Contains(spec.options, o.Name) && strings.HasPrefix(args[o.At].Text, o.Name) {
			return
		}
	}
	operands := len(scan.Operands)
	if spec.operands && operands > 1 || spec.script && operands > 0 ||
		c.Name == "mongosh" && operands > 0 && strings.HasSuffix(c.Argv[len(c.Argv)-1].Text, ".js") {
		return
	}
	Interactive(h, c)
}

// replModules are the Python modules that read commands from the terminal
// (python -m code, -m pdb SCRIPT).
var replModules = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"code": true, "pdb": true, "asyncio": true, "IPython": true, "ptpython": true, "bpython": true, "idlelib": true}
}}

// inspectGrammar reads python's and perl's options for inspects: the
// letters that take a value end a cluster.
var inspectGrammar = registry.Grammar{Short: "c:e:m:W:X:Q:I:M:", Posix: true}

// inspects reports an interpreter asked for a session after, or instead
// of, its program: python -i SCRIPT (or PYTHONINSPECT set), python -m pdb,
// perl -d (its debugger). What is typed into it later runs unseen.
func inspects(c shellparse.SimpleCommand, name string, args []shellparse.Word) bool {
	letter := map[string]string{"python": "-i", "perl": "-d"}[name]
	if c.Stdin.Kind != shellparse.InputInherited || letter == "" {
		return false
	}
	if name == "python" && slices.ContainsFunc(c.Assigns, func(as shellparse.Assign) bool { return as.Name == "PYTHONINSPECT" }) {
		return true
	}
	scan := inspectGrammar.Scan(runtimeWords(args))
	words := scanWords(scan, len(args))
	for i, a := range args {
		switch {
		case !a.Static || words[i] == valueWord:
			continue
		case name == "python" && a.Text == "-m":
			return i+1 < len(args) && replModules.Get()[strings.SplitN(args[i+1].Text, ".", 2)[0]]
		case words[i] != optionWord || slices.ContainsFunc(scan.Opts, func(o registry.Opt) bool { return o.At == i && len(o.Name) > 2 }):
			return false // a long option, the script, or stdin (judged already)
		case slices.ContainsFunc(scan.Opts, func(o registry.Opt) bool { return o.At == i && o.Name == letter }):
			return true
		}
	}
	return false
}
