package cmd

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
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
// They are read by the program's declared grammar.
var linkFollowers = map[string][]string{
	"grep": {"-R", "--dereference-recursive"}, "egrep": {"-R", "--dereference-recursive"},
	"fgrep": {"-R", "--dereference-recursive"}, "rg": {"-L", "--follow"},
	"find": {"-L", "-follow"}, "du": {"-L", "--dereference"}, "tree": {"-l"},
	"fd": {"-L", "--follow"}, "fdfind": {"-L", "--follow"}, "ag": {"-f", "--follow"},
	"ls": {"-L", "--dereference"},
}

// followsLinks reports whether c walks a tree following the links in it.
func followsLinks(c shellparse.SimpleCommand) bool {
	opts, ok := linkFollowers[path.Base(c.Name)]
	if !ok {
		return false
	}
	_, inv, ok := c.Declared()
	return ok && inv.Scan.Has(opts...)
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

// setStyle reads a builtin's set-style options: -p, -o NAME, +x.
var setStyle = registry.Grammar{Plus: true}

// onlyOptions: a builtin that sets or names variables unless its every
// argument is an option (-p, +x), when it prints them.
func onlyOptions(args []shellparse.Word) bool {
	scan := setStyle.Scan(shellparse.RegistryWords(args))
	return len(scan.Operands) == 0
}

// psEnvironment: ps with BSD's e, each process's environment (an operand
// to ps's getopt reading: ps auxe).
func psEnvironment(args []shellparse.Word) bool {
	var none registry.Grammar
	scan := none.Scan(shellparse.RegistryWords(args))
	return slices.ContainsFunc(scan.Operands, func(i int) bool { return strings.Contains(args[i].Text, "e") })
}

// systemRecords are read-only programs whose input is files outside the
// working directory that no operand names: the account and group
// databases (getent), the system's logs (journalctl, dmesg, last), the
// user's crontab, every process's open files (lsof).
var systemRecords = map[string]bool{"getent": true, "journalctl": true, "dmesg": true, "last": true, "lastb": true,
	"lastlog": true, "crontab": true, "lsof": true}

// gitConfigDumps are the git config options that print the user's and the
// system's settings whole (~/.gitconfig may hold a token in a URL).
var gitConfigDumps = []string{"-l", "--list", "--global", "--system", "--show-origin", "--show-scope", "--get-regexp", "--get-urlmatch"}

// readsSystemRecords reports whether c reads system or user records outside
// the working directory that its words do not name.
func readsSystemRecords(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	base := path.Base(c.Name)
	return systemRecords[base] || base == "git" && dumpsGitConfig(c)
}

// dumpsGitConfig reports a git command whose subcommand is config with an
// option that prints settings whole, by git's declared grammar.
func dumpsGitConfig(c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	return ok && len(inv.Path) > 0 && inv.Path[0] == "config" && inv.Scan.Has(gitConfigDumps...)
}
