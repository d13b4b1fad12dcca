package shellparse

import "github.com/permgate/permgate/registry"

// FindRoots splits find's arguments, by its declared grammar, into the
// paths it starts from (the working directory when none is given) and its
// expression: the roots are the operands before the expression, after the
// options that come before them (-H, -L, -P, -D DEBUG, -Olevel) and a "--".
func FindRoots(args []Word) (roots, expr []Word) {
	inv := findScan(args)
	s := &inv.Scan
	start := findExprStart(s, args)
	from := 0
	if s.DashDash >= 0 && s.DashDash < start {
		// find -H -- ROOTS EXPR: what follows "--" is read again, roots first.
		from = s.DashDash + 1
		inv = findScan(args[from:])
		s = &inv.Scan
		start = from + findExprStart(s, args[from:])
	}
	for _, at := range s.Operands {
		if from+at >= start {
			break
		}
		roots = append(roots, args[from+at])
	}
	if len(roots) == 0 {
		roots = []Word{{Text: ".", Static: true}}
	}
	return roots, args[start:]
}

// findExprStart returns the index of the word that starts find's
// expression: its first primary, or an operator (( ! ,) before it.
func findExprStart(s *registry.Scan, args []Word) int {
	start := len(args)
	for _, o := range s.Opts {
		if !findPathOption(o.Name) {
			start = o.At
			break
		}
	}
	for _, at := range s.Operands {
		if at >= start {
			break
		}
		if a := args[at]; a.Static && (a.Text == "(" || a.Text == "!" || a.Text == ",") {
			return at
		}
	}
	return start
}

// findPathOption reports one of find's options that come before its roots.
func findPathOption(name string) bool {
	switch name {
	case "-H", "-L", "-P", "-D", "-O":
		return true
	}
	return false
}

// findScan reads find's arguments by its declared grammar.
func findScan(args []Word) registry.Invocation {
	prog, ok := registry.Default().Lookup("find")
	if !ok {
		return (&registry.Program{}).Resolve(RegistryWords(args))
	}
	return prog.Resolve(RegistryWords(args))
}
