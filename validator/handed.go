package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// handedCommands judges the command lines a program hands to a shell, or
// runs as a program and its arguments, by its declaration (registry's
// RunsShell effects: tar --to-command=CMD, man -P CMD, ssh -o
// ProxyCommand=CMD): each one known before it runs is judged as a script of
// its own, beside the program's own finding; one known only at run time
// keeps only that finding.
func (ck *checker) handedCommands(c shellparse.SimpleCommand) {
	for _, t := range commandEffects(c) {
		if t.act != registry.RunsShell || !t.word.Static {
			continue
		}
		ck.nested(t.command, path.Base(c.Name)+" "+handedLabel(t)+" runs a shell command")
	}
}

// handedLabel names where a handed command came from: the option, with
// what its value says before the command (ssh -o ProxyCommand, gdb -ex
// shell, less +!).
func handedLabel(t effectTarget) string {
	head := strings.Trim(strings.TrimSuffix(t.word.Text, t.command), "= \t")
	switch {
	case t.opt == "+":
		return "+" + head
	case head == "":
		return t.opt
	}
	return t.opt + " " + head
}
