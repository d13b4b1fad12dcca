package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// The ids of the findings for programs an agent types into.
const (
	// InteractiveID is a shell, interpreter or database client started
	// with nothing to run, reading its commands from the terminal.
	InteractiveID = "dynamic_code.interactive"
	// TerminalID is a command run with a terminal the agent writes to later
	// (Codex's exec_command with tty).
	TerminalID = "dynamic_code.terminal"
)

// interactive judges a shell or interpreter that reads its program from the
// standard input it inherits: in an agent's harness that input can be a
// terminal the agent types into after permgate has answered.
func (ck *checker) interactive(c shellparse.SimpleCommand) {
	if !ck.v.env.Agent || printsAndExits(c) {
		return
	}
	ck.addSafer("dynamic_code", "interactive", NonSevere,
		c.Name+" starts an interactive session that runs whatever is typed into it later, which permgate never sees",
		"run the commands themselves, or a script file ("+c.Name+" script), instead of a session")
}

// infoOptions are, per program, the short options with which it prints its
// version or usage and exits instead of reading commands (python3 -V, perl
// -v); --version and --help do so for every one. A letter that means
// something else for a program (bash -v is verbose, python -v too) is not
// listed for it.
var infoOptions = map[string][]string{
	"python": {"-V", "-VV", "-h", "-?"}, "perl": {"-v", "-V", "-h"}, "ruby": {"-v", "-h"}, "irb": {"-v", "-h"},
	"R": {"-h"}, "Rscript": {"-h"}, "pwsh": {"-v", "-Version", "-version", "-?", "-h", "-Help", "-help"},
	"jshell": {"-version", "-h", "-help"}, "zsh": {"-h"}, "php": {"-v", "-h"}, "lua": {"-v"},
}

// printsAndExits reports a session program asked for its version or usage
// by its first argument: after another (python3 - --version, bash -s
// --version) the option may be the program's own argument, and it reads
// stdin.
func printsAndExits(c shellparse.SimpleCommand) bool {
	if len(c.Argv) < 2 || !c.Argv[1].Static {
		return false
	}
	t := c.Argv[1].Text
	return t == "--version" || t == "--help" || slices.Contains(infoOptions[interpreterName(path.Base(c.Name))], t)
}

// replScripts lists, per database or key-value client, the options that give
// it its commands (it then runs those, not a session), and whether operands
// after the first are commands (sqlite3 DB SQL, redis-cli GET k).
var replScripts = map[string]struct {
	options  []string
	operands bool
	// script says that one operand is a script the program runs, then
	// exits (ipython x.py); without operands it is a session.
	script bool
}{
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

// replClient judges a database client started with no commands to run and
// its input inherited: a session the agent types into (psql's \!, sqlite3's
// .shell run anything).
func (ck *checker) replClient(c shellparse.SimpleCommand) {
	spec, ok := replScripts[c.Name]
	if !ok || !ck.v.env.Agent || c.Stdin.Kind != shellparse.InputInherited {
		return
	}
	operands := 0
	for _, a := range c.Argv[1:] {
		name, _, _ := strings.Cut(a.Text, "=")
		for _, o := range spec.options {
			if name == o || len(o) == 2 && strings.HasPrefix(a.Text, o) && !strings.HasPrefix(a.Text, "--") {
				return
			}
		}
		if !strings.HasPrefix(a.Text, "-") {
			operands++
		}
	}
	if spec.operands && operands > 1 || spec.script && operands > 0 ||
		c.Name == "mongosh" && operands > 0 && strings.HasSuffix(c.Argv[len(c.Argv)-1].Text, ".js") {
		return
	}
	ck.interactive(c)
}

// replModules are the Python modules that read commands from the terminal
// (python -m code, -m pdb SCRIPT).
var replModules = map[string]bool{"code": true, "pdb": true, "asyncio": true, "IPython": true, "ptpython": true, "bpython": true, "idlelib": true}

// inspects reports an interpreter asked for a session after, or instead
// of, its program: python -i SCRIPT (or PYTHONINSPECT set), python -m pdb,
// perl -d (its debugger). What is typed into it later runs unseen.
func inspects(c shellparse.SimpleCommand, name string, args []shellparse.Word) bool {
	if c.Stdin.Kind != shellparse.InputInherited {
		return false
	}
	letter := map[string]byte{"python": 'i', "perl": 'd'}[name]
	if letter == 0 {
		return false
	}
	for _, as := range c.Assigns {
		if name == "python" && as.Name == "PYTHONINSPECT" {
			return true
		}
	}
	for i, a := range args {
		t := a.Text
		switch {
		case !a.Static:
			continue
		case name == "python" && t == "-m":
			return i+1 < len(args) && replModules[strings.SplitN(args[i+1].Text, ".", 2)[0]]
		case strings.HasPrefix(t, "--") || !strings.HasPrefix(t, "-") || t == "-":
			return false // a long option, the script, or stdin (judged already)
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				return true
			}
			if strings.IndexByte("cemWXQIM", t[j]) >= 0 {
				break // the rest of the cluster is an argument
			}
		}
	}
	return false
}
