package registry

import (
	"github.com/permgate/permgate/internal/lazy"
)

// What a program reads beyond the files its words name: the knowledge that
// keeps permgate from vouching for a read a harness's own tool would make
// (cmd's hand-back). Declared here, with the rest of what permgate knows of
// programs; the command's reading of it is the caller's.

// linkFollowers are the options with which a program walking a tree follows
// every link it meets in it (grep -R, rg -L, find -L): a link in the project
// to ~/.ssh or / is then read through, and only the operands are looked up.
var linkFollowers = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		"grep": {"-R", "--dereference-recursive"}, "egrep": {"-R", "--dereference-recursive"},
		"fgrep": {"-R", "--dereference-recursive"}, "rg": {"-L", "--follow"},
		"find": {"-L", "-follow"}, "du": {"-L", "--dereference"}, "tree": {"-l"},
		"fd": {"-L", "--follow"}, "fdfind": {"-L", "--follow"}, "ag": {"-f", "--follow"},
		"ls": {"-L", "--dereference"},
	}
}}

// LinkFollowers returns the options with which the program named base
// follows the links in a tree it walks, read by its declared grammar; nil
// when it has none.
func LinkFollowers(base string) []string { return linkFollowers.Get()[base] }

// EnvPrint says when a program prints the variables of the shell or its
// environment: values permgate does not read statically ($TOKEN, API keys).
type EnvPrint uint8

// When programs print the variables.
const (
	// EnvNever: the program does not print them.
	EnvNever EnvPrint = iota
	// EnvAlways: whatever it is given (env runs a command in them and prints
	// them without one; printenv).
	EnvAlways
	// EnvBare: a builtin that sets or names variables prints them when its
	// every argument is a set-style option (-p, +x): export -p, declare -p.
	EnvBare
	// EnvBSDLetter: ps prints each process's environment with BSD's e in an
	// operand (ps auxe).
	EnvBSDLetter
)

var environmentPrinters = lazy.Value[map[string]EnvPrint]{Make: func() map[string]EnvPrint {
	return map[string]EnvPrint{
		"env": EnvAlways, "printenv": EnvAlways,
		"set": EnvBare, "export": EnvBare, "declare": EnvBare, "typeset": EnvBare, "readonly": EnvBare, "local": EnvBare,
		"ps": EnvBSDLetter,
	}
}}

// EnvironmentPrinter says when the program named base prints the variables.
func EnvironmentPrinter(base string) EnvPrint { return environmentPrinters.Get()[base] }

// systemRecords are read-only programs whose input is files outside the
// working directory that no operand names: the account and group databases
// (getent), the system's logs (journalctl, dmesg, last), the user's
// crontab, every process's open files (lsof).
var systemRecords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"getent": true, "journalctl": true, "dmesg": true, "last": true, "lastb": true,
		"lastlog": true, "crontab": true, "lsof": true}
}}

// ReadsRecords reports a program that reads system or user records outside
// the working directory whatever its words.
func ReadsRecords(base string) bool { return systemRecords.Get()[base] }

// GitConfigDumps are the git config options that print the user's and the
// system's settings whole (~/.gitconfig may hold a token in a URL).
var gitConfigDumps = []string{"-l", "--list", "--global", "--system", "--show-origin", "--show-scope", "--get-regexp", "--get-urlmatch"}

// RecordsIf returns the options with which a program's verb (its path
// below the program, as Invocation.Path) reads such records: git config
// --list.
func RecordsIf(base string, path []string) []string {
	if base == "git" && len(path) > 0 && path[0] == "config" {
		return gitConfigDumps
	}
	return nil
}

// Editors are the terminal editors a person fixes a config with; only
// those run while the config is broken, as $EDITOR could name any program.
var editors = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"vi": true, "vim": true, "nvim": true, "nano": true, "emacs": true, "micro": true,
		"hx": true, "helix": true, "ed": true, "kak": true}
}}

// Editor reports a terminal editor by its basename.
func Editor(base string) bool { return editors.Get()[base] }
