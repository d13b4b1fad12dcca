package cmd

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// The reads a command makes beyond the files its words name, which keep
// permgate from vouching for it (handBack): links followed through a tree,
// the environment, records of the system and the user, a file attached to
// an option.

// readsBeyondWords reports whether c reads what its words do not name.
func readsBeyondWords(c shellparse.SimpleCommand) bool {
	return followsLinks(c) || printsEnvironment(c) || readsSystemRecords(c)
}

// attachedPath returns the path attached to a short option word (-f/x,
// -rf~/x), if it has one: after one or two letters, a value that begins
// with /, ~ or . ("/" alone is a separator: cut -d/).
func attachedPath(t string) (string, bool) {
	if len(t) < 3 || t[0] != '-' || t[1] == '-' {
		return "", false
	}
	for i := 2; i < len(t) && i <= 3; i++ {
		c := t[i]
		if strings.IndexByte("/~.", c) >= 0 {
			return t[i:], t[i:] != "/"
		}
		if !isASCIILetter(c) {
			break
		}
	}
	return "", false
}

// isASCIILetter reports a letter a-z or A-Z.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// linkFollowers are the options with which a program walking a tree follows
// every link it meets in it (grep -R, rg -L, find -L): a link in the project
// to ~/.ssh or / is then read through, and only the operands are looked up.
// Letters are short options, which may be clustered (-Rn); words are matched
// whole or before "=".
var linkFollowers = map[string]struct {
	letters string
	words   []string
}{
	"grep": {"R", []string{"--dereference-recursive"}}, "egrep": {"R", []string{"--dereference-recursive"}},
	"fgrep": {"R", []string{"--dereference-recursive"}}, "rg": {"L", []string{"--follow"}},
	"find": {"", []string{"-L", "-follow"}}, "du": {"L", []string{"--dereference"}}, "tree": {"l", nil},
	"fd": {"L", []string{"--follow"}}, "fdfind": {"L", []string{"--follow"}}, "ag": {"f", []string{"--follow"}},
	"ls": {"L", []string{"--dereference"}},
}

// followsLinks reports whether c walks a tree following the links in it.
func followsLinks(c shellparse.SimpleCommand) bool {
	spec, ok := linkFollowers[path.Base(c.Name)]
	if !ok || len(c.Argv) == 0 {
		return false
	}
	for _, a := range c.Argv[1:] {
		t := a.Text
		if t == "--" {
			break
		}
		name, _, _ := strings.Cut(t, "=")
		if slices.Contains(spec.words, name) {
			return true
		}
		if shortOptionsHold(t, spec.letters) {
			return true
		}
	}
	return false
}

// shortOptionsHold reports a word of short options (-Rn) that holds one of
// letters.
func shortOptionsHold(t, letters string) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.ContainsAny(t[1:], letters)
}

// printsEnvironment reports whether c prints the variables of the shell or
// its environment (env, printenv, set, export -p, declare -p, ps e): the
// values permgate would not read statically in $TOKEN, API keys among them.
func printsEnvironment(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	prints, ok := environmentPrinters[path.Base(c.Name)]
	return ok && prints(c.Argv[1:])
}

// environmentPrinters are the programs that may print the variables, each
// with whether its arguments make it print them.
var environmentPrinters = map[string]func(args []shellparse.Word) bool{
	"env": alwaysPrints, "printenv": alwaysPrints,
	"set": onlyOptions, "export": onlyOptions, "declare": onlyOptions, "typeset": onlyOptions,
	"readonly": onlyOptions, "local": onlyOptions,
	"ps": psEnvironment,
}

// alwaysPrints: env and printenv print the environment whatever they are
// given (env runs a command in it, and prints it without one).
func alwaysPrints([]shellparse.Word) bool { return true }

// onlyOptions: a builtin that sets or names variables unless its every
// argument is an option (-p, +x), when it prints them.
func onlyOptions(args []shellparse.Word) bool {
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "+") {
			return false // sets or names variables
		}
	}
	return true
}

// psEnvironment: ps with BSD's e, each process's environment.
func psEnvironment(args []shellparse.Word) bool {
	return slices.ContainsFunc(args, func(a shellparse.Word) bool {
		return !strings.HasPrefix(a.Text, "-") && strings.Contains(a.Text, "e")
	})
}

// systemRecords are read-only programs whose input is files outside the
// working directory that no operand names: the account and group
// databases (getent), the system's logs (journalctl, dmesg, last), the
// user's crontab, every process's open files (lsof).
var systemRecords = map[string]bool{"getent": true, "journalctl": true, "dmesg": true, "last": true, "lastb": true,
	"lastlog": true, "crontab": true, "lsof": true}

// gitConfigDumps are the git config options that print the user's and the
// system's settings whole (~/.gitconfig may hold a token in a URL).
var gitConfigDumps = map[string]bool{"-l": true, "--list": true, "--global": true, "--system": true,
	"--show-origin": true, "--show-scope": true, "--get-regexp": true, "--get-urlmatch": true}

// readsSystemRecords reports whether c reads system or user records outside
// the working directory that its words do not name.
func readsSystemRecords(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	base := path.Base(c.Name)
	return systemRecords[base] || base == "git" && dumpsGitConfig(c.Argv)
}

// dumpsGitConfig reports a git argv whose subcommand is config with an
// option that prints settings whole.
func dumpsGitConfig(argv []shellparse.Word) bool {
	sub := gitSubcommand(argv)
	if sub < 0 || argv[sub].Text != "config" {
		return false
	}
	return slices.ContainsFunc(argv[sub+1:], func(a shellparse.Word) bool {
		name, _, _ := strings.Cut(a.Text, "=")
		return gitConfigDumps[name]
	})
}

// gitValueOptions are git's global options that take the next word as their
// value.
var gitValueOptions = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true}

// gitSubcommand is the index in argv of git's subcommand: the first word
// that is neither a global option nor one's value; -1 when there is none.
func gitSubcommand(argv []shellparse.Word) int {
	for i := 1; i < len(argv); i++ {
		switch t := argv[i].Text; {
		case gitValueOptions[t]:
			i++ // the global option's value
		case !strings.HasPrefix(t, "-"):
			return i
		}
	}
	return -1
}
