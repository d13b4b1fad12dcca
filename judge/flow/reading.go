package flow

import (
	"path"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// reading is a program's words read by its declaration (shellparse.Reading).
type reading = shellparse.Reading

// readingOf is the reading a command carries (SimpleCommand.Declared).
func readingOf(c shellparse.SimpleCommand) (reading, bool) { return shellparse.ReadCommand(c) }

// readArgs reads args, the words after a program's name, against the
// declaration of the program called name.
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	return shellparse.ReadArgs(name, args)
}

// operandsOf returns a command's operands by its declared grammar; none for
// a program the registry does not declare (every program judged here is
// declared).
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	r, _ := readingOf(c)
	return r.Operands()
}

// hasOption reports one of the named options, by the declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	r, _ := readingOf(c)
	return r.Has(names...)
}

// effectTarget is one word a command does something with, by its
// declaration (registry.Effect).
type effectTarget struct {
	act  registry.Act
	word shellparse.Word
	// opt is the option whose value the word is, "" for an operand.
	opt string
}

// commandEffects returns what a command does with the words of its argv, by
// the reading it carries.
func commandEffects(c shellparse.SimpleCommand) []effectTarget {
	prog, inv, ok := c.Declared()
	if !ok || len(c.Argv) < 2 || !prog.HasEffects() {
		return nil
	}
	args := c.Argv[1:]
	var out []effectTarget
	for _, t := range inv.Effects() {
		if t.At < 0 || t.At >= len(args) {
			continue
		}
		w := args[t.At]
		if t.Attached {
			w = shellparse.Word{Text: t.Value, Static: w.Static && !t.Dynamic, Params: w.Params, Quoted: w.Quoted}
		}
		out = append(out, effectTarget{act: t.Act, word: w, opt: t.Opt})
	}
	return out
}

// baseName is the basename of a command's name: danger does not depend on
// the directory a program lives in.
func baseName(c shellparse.SimpleCommand) string { return path.Base(c.Name) }

// clip shortens text quoted in a finding to 200 bytes, on a rune boundary.
func clip(s string) string { return textclip.Clip(s, 200) }
