package registry

import (
	"github.com/permgate/permgate/internal/lazy"
)

// chains are the command languages of the wrappers whose operands are
// commands of their own.
var chains = lazy.Value[map[string]*Chain]{Make: func() map[string]*Chain {
	return map[string]*Chain{
		// tmux [OPTIONS] COMMAND [ARGS] [; COMMAND …]: the commands that run a
		// shell command, or type keys into a pane's shell, with their option
		// letters as tmux's command table gives them (args_parse is getopt
		// that stops at the first operand). tmux takes a unique prefix of a
		// command's name (cmd_find).
		"tmux": {
			Separator: ";",
			Abbrev:    true,
			Others:    []string{"display"},
			Commands: []ChainCommand{
				{Names: []string{"new-session", "new"}, Grammar: Grammar{Posix: true, Short: "Ac:dDe:EF:f:n:Ps:t:x:Xy:"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				{Names: []string{"new-window", "neww"}, Grammar: Grammar{Posix: true, Short: "abc:de:EF:kn:PSt:"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				{Names: []string{"split-window", "splitw"}, Grammar: Grammar{Posix: true, Short: "bB:c:de:EfF:hIkl:m:p:PR:s:S:t:T:vWZ"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				{Names: []string{"new-pane", "newp"}, Grammar: Grammar{Posix: true, Short: "AbB:Cc:de:EfF:hIkl:KLMm:Op:PR:s:S:t:T:vWx:X:y:Y:Z"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				{Names: []string{"respawn-pane", "respawnp"}, Grammar: Grammar{Posix: true, Short: "c:e:Ekt:"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				{Names: []string{"respawn-window", "respawnw"}, Grammar: Grammar{Posix: true, Short: "c:e:Ekt:"}, Operands: []Role{Script}, Dir: []string{"-c"}},
				// run-shell [-bCE] [-c DIR] [-d DELAY] [-s STYLE] [-t PANE] [CMD]:
				// -C makes CMD a tmux command.
				{Names: []string{"run-shell", "run"}, Grammar: Grammar{Posix: true, Short: "bd:Ct:Es:c:"}, Operands: []Role{Script}, CommandIf: []string{"-C"}, Dir: []string{"-c"}},
				// display-popup: -c is the client, -d the start directory.
				{Names: []string{"display-popup", "popup"}, Grammar: Grammar{Posix: true, Short: "Bb:Cc:d:e:Eh:kNs:S:t:T:w:x:y:"}, Operands: []Role{Script}, Dir: []string{"-d"}},
				{Names: []string{"pipe-pane", "pipep"}, Grammar: Grammar{Posix: true, Short: "IOot:"}, Operands: []Role{Script}},
				// if-shell [-bF] [-t PANE] SHELL-COMMAND COMMAND [COMMAND].
				{Names: []string{"if-shell", "if"}, Grammar: Grammar{Posix: true, Short: "bFt:"}, Operands: []Role{Script, Command}},
				{Names: []string{"confirm-before", "confirm"}, Grammar: Grammar{Posix: true, Short: "bc:p:t:y"}, Operands: []Role{Command}},
				// send-keys [-FHKlMRX] [-c CLIENT] [-N COUNT] [-t PANE] KEY…: the
				// keys are typed into the pane's shell.
				{Names: []string{"send-keys", "send"}, Grammar: Grammar{Posix: true, Short: "c:FHKlMN:Rt:X"}, Operands: []Role{Keys}, LineKeys: []string{"Enter", "C-m"}},
			},
			// A command not declared here: its option letters are not known, so
			// each is read as a flag and every other word as an operand, but -c
			// DIR (a start directory to most tmux commands that run one).
			Undeclared: ChainCommand{Grammar: Grammar{Short: "c:"}, Operands: []Role{Script}, Dir: []string{"-c"}},
		},
	}
}}

// Chained returns the command language of a wrapper whose operands are
// commands of its own ("tmux").
func Chained(name string) (*Chain, bool) {
	c, ok := chains.Get()[name]
	return c, ok
}
