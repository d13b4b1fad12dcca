package flow

import (
	"path"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// A reading is a program's words read against its declaration by the
// registry's scanner: the judgements ask it which options were given, with
// which values, and which words are operands, instead of scanning argv.
type reading struct {
	inv *registry.Invocation
	// args are the words after the program's name, as the scan indexes them.
	args []shellparse.Word
}

// readingOf is the reading a command carries (SimpleCommand.Declared).
func readingOf(c shellparse.SimpleCommand) (reading, bool) {
	_, inv, ok := c.Declared()
	if !ok {
		return reading{}, false
	}
	return reading{inv: inv, args: c.Argv[1:]}, true
}

// readArgs reads args, the words after a program's name, against the
// declaration of the program called name.
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return reading{}, false
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	return reading{inv: &inv, args: args}, true
}

// has reports one of the named options (spelled with their dashes).
func (r reading) has(names ...string) bool { return r.inv != nil && r.inv.Scan.Has(names...) }

// values returns the values of the named options as words: the next word,
// or the value attached to the option's own word (-oFILE, --output=FILE).
func (r reading) values(names ...string) []shellparse.Word {
	if r.inv == nil {
		return nil
	}
	var out []shellparse.Word
	for _, o := range r.inv.Scan.Values(names...) {
		if !o.HasValue {
			continue
		}
		if o.ValueAt != o.At {
			out = append(out, r.args[o.ValueAt])
			continue
		}
		w := r.args[o.At]
		out = append(out, shellparse.Word{Text: o.Value, Static: w.Static && !o.Dynamic, Params: w.Params, Quoted: w.Quoted})
	}
	return out
}

// operands returns the words that are neither options nor their values.
func (r reading) operands() []shellparse.Word {
	if r.inv == nil {
		return nil
	}
	out := make([]shellparse.Word, 0, len(r.inv.Scan.Operands))
	for _, i := range r.inv.Scan.Operands {
		out = append(out, r.args[i])
	}
	return out
}

// opts returns the options given, in order.
func (r reading) opts() []registry.Opt {
	if r.inv == nil {
		return nil
	}
	return r.inv.Scan.Opts
}

// path returns the subcommand words the argv names (aws s3 cp).
func (r reading) path() []string {
	if r.inv == nil {
		return nil
	}
	return r.inv.Path
}

// operandsOf returns a command's operands by its declared grammar; none for
// a program the registry does not declare (every program judged here is
// declared).
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	r, _ := readingOf(c)
	return r.operands()
}

// hasOption reports one of the named options, by the declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	r, _ := readingOf(c)
	return r.has(names...)
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
