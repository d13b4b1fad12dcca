package validator

import (
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
	if !ck.v.env.Agent {
		return
	}
	ck.addSafer("dynamic_code", "interactive", NonSevere,
		c.Name+" starts an interactive session that runs whatever is typed into it later, which permgate never sees",
		"run the commands themselves, or a script file ("+c.Name+" script), instead of a session")
}

// replScripts lists, per database or key-value client, the options that give
// it its commands (it then runs those, not a session), and whether operands
// after the first are commands (sqlite3 DB SQL, redis-cli GET k).
var replScripts = map[string]struct {
	options  []string
	operands bool
}{
	"psql":      {options: []string{"-c", "--command", "-f", "--file", "-l", "--list", "-V", "--version", "-?", "--help"}},
	"mysql":     {options: []string{"-e", "--execute", "-V", "--version", "-?", "--help"}},
	"mariadb":   {options: []string{"-e", "--execute", "-V", "--version", "-?", "--help"}},
	"sqlite3":   {options: []string{"-version", "--version", "-help", "--help"}, operands: true},
	"redis-cli": {options: []string{"-v", "--version", "--help"}, operands: true},
	"mongosh":   {options: []string{"--eval", "-f", "--file", "--version", "--help"}, operands: true},
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
	if spec.operands && operands > 1 || c.Name == "mongosh" && operands > 0 && strings.HasSuffix(c.Argv[len(c.Argv)-1].Text, ".js") {
		return
	}
	ck.interactive(c)
}
