package shellparse

import (
	"path"

	"github.com/permgate/permgate/registry"
)

// declaredScan is the registry's reading of one command's argv, made once
// and shared by every copy of the command: the judgements of the analysis
// all ask it instead of scanning argv again.
type declaredScan struct {
	// name, argv0 and n identify the command that was read: one whose name
	// or argv a judgement replaced (git-reset read as git reset) is read
	// anew.
	name  string
	argv0 *Word
	n     int
	// args are the arguments as the registry reads them (RegistryWords).
	args  []registry.Word
	prog  *registry.Program
	known bool
	inv   registry.Invocation
}

// Declared returns the registry's declaration of the command's program (by
// the basename of its name, wherever it lives: danger does not depend on the
// directory) and the command's arguments read against it, or false when the
// registry does not declare the program. The reading is made on the first
// call and kept with the command.
func (c SimpleCommand) Declared() (*registry.Program, *registry.Invocation, bool) {
	if c.Name == "" || len(c.Argv) == 0 {
		return nil, nil, false
	}
	s := c.read()
	if !s.known {
		return nil, nil, false
	}
	return s.prog, &s.inv, true
}

// RegistryArgs returns the command's arguments (Argv[1:]) as the registry's
// scanner reads them (RegistryWords), made once and kept with the command.
// The slice is shared: callers read it and never change it.
func (c SimpleCommand) RegistryArgs() []registry.Word {
	if len(c.Argv) == 0 {
		return nil
	}
	return c.read().args
}

// read returns the command's reading, made on the first call for this argv.
func (c SimpleCommand) read() *declaredScan {
	s := c.scan
	if s == nil {
		s = new(declaredScan) // a command made outside the parser: read, not kept
	}
	if s.argv0 != &c.Argv[0] || s.n != len(c.Argv) || s.name != c.Name {
		*s = declaredScan{name: c.Name, argv0: &c.Argv[0], n: len(c.Argv), args: RegistryWords(c.Argv[1:])}
		if c.Name != "" {
			s.prog, s.known = programs.Get().Lookup(path.Base(c.Name))
		}
		if s.known {
			s.inv = s.prog.Resolve(s.args)
		}
	}
	return s
}
