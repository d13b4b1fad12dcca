package validator

import "github.com/permgate/permgate/shellparse"

// This file remembers the values the script assigns to shell variables, for
// the path expansion every judgement uses (selfexpand.go).

// trackVars remembers the static values the script assigns to shell variables,
// so a later $d/config.toml is judged by what d holds.
func (ck *checker) trackVars(c shellparse.SimpleCommand) {
	if c.Name == "unset" && len(c.Argv) > 0 {
		for _, w := range c.Argv[1:] {
			delete(ck.vars, w.Text)
		}
		return
	}
	names := assignedNames(c)
	if len(names) == 0 {
		return
	}
	for _, n := range names {
		delete(ck.vars, n)
	}
	if ck.assigned == nil {
		ck.assigned = map[string]bool{}
	}
	if len(c.Argv) == 0 || keepsValues(c.Name) {
		for _, a := range c.Assigns {
			ck.rememberAssign(a)
		}
	} else if !readsValues(c.Name) {
		return // NAME=v cmd sets NAME for cmd only
	}
	for _, n := range names {
		ck.assigned[n] = true
	}
}

// keepsValues reports a builtin whose assignments later words see.
func keepsValues(name string) bool {
	switch name {
	case "export", "declare", "typeset", "local", "readonly":
		return true
	}
	return false
}

// readsValues reports a builtin that assigns what it reads in: the value is
// known no more.
func readsValues(name string) bool {
	switch name {
	case "read", "mapfile", "readarray", "printf", "wait", "getopts":
		return true
	}
	return false
}

// rememberAssign remembers one assignment's value when the script sets the
// variable for the words after it, once, to a value permgate can read.
func (ck *checker) rememberAssign(a shellparse.Assign) {
	switch a.Via {
	case "bare", "export", "declare", "local", "readonly", "typeset":
	default:
		return // for loops, prefixes and env set nothing a later word sees
	}
	if ck.assigned[a.Name] {
		// Set before: which value holds depends on the path taken (&&, ||,
		// if, a subshell), which the simple commands do not show.
		return
	}
	value, ok := ck.assignValue(a)
	if !ok {
		return
	}
	if ck.vars == nil {
		ck.vars = map[string]string{}
	}
	ck.vars[a.Name] = value
}

// assignValue is the one value an assignment gives, when permgate can read
// it: $(mktemp) is a fresh name in the temporary directory.
func (ck *checker) assignValue(a shellparse.Assign) (string, bool) {
	if t := a.Value.Text; t == "$(mktemp)" || t == "$(mktemp -d)" {
		tmp := ck.v.env.TmpDir
		if tmp == "" {
			tmp = "/tmp"
		}
		return tmp + "/tmp.mktemp", true
	}
	texts, unknown := ck.expandPath(a.Value)
	if len(texts) != 1 || unknown {
		return "", false
	}
	return texts[0], true
}
