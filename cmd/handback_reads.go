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

// followsLinks reports whether c walks a tree following the links in it.
func followsLinks(c shellparse.SimpleCommand) bool {
	opts := registry.LinkFollowers(path.Base(c.Name))
	if opts == nil {
		return false
	}
	_, inv, ok := c.Declared()
	return ok && inv.Scan.Has(opts...)
}

// printsEnvironment reports whether c prints the variables of the shell or
// its environment (env, printenv, set, export -p, declare -p, ps e), as the
// registry declares when each does.
func printsEnvironment(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	switch registry.EnvironmentPrinter(path.Base(c.Name)) {
	case registry.EnvAlways:
		return true
	case registry.EnvBare:
		return onlyOptions(c.Argv[1:])
	case registry.EnvBSDLetter:
		return psEnvironment(c.Argv[1:])
	}
	return false
}

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

// readsSystemRecords reports whether c reads system or user records outside
// the working directory that its words do not name.
func readsSystemRecords(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	base := path.Base(c.Name)
	if registry.ReadsRecords(base) {
		return true
	}
	_, inv, ok := c.Declared()
	return ok && inv.Scan.Has(registry.RecordsIf(base, inv.Path)...)
}
