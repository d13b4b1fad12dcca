package validator

import (
	"path"
	"slices"

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
	inv, ok := scanned(c)
	if !ok {
		return reading{}, false
	}
	return reading{inv: inv, args: c.Argv[1:]}, true
}

// readArgs reads args, the words after a program's name, against the
// declaration of the program called name (by its basename).
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	prog, ok := programs.Lookup(path.Base(name))
	if !ok {
		return reading{}, false
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	return reading{inv: &inv, args: args}, true
}

// readWrapper reads the words of a wrapper a command came through.
func readWrapper(w shellparse.Wrapper) (reading, bool) {
	if len(w.Argv) == 0 {
		return reading{}, false
	}
	return readArgs(w.Name, w.Argv[1:])
}

// has reports one of the named options (spelled with their dashes).
func (r reading) has(names ...string) bool { return r.inv != nil && r.inv.Scan.Has(names...) }

// may reports one of the named options, or a word known only at run time
// where an option could stand.
func (r reading) may(names ...string) bool { return r.inv != nil && r.inv.Scan.May(names...) }

// values returns the values of the named options as words: the next word,
// or the value attached to the option's own word (-oFILE, --output=FILE).
func (r reading) values(names ...string) []shellparse.Word {
	if r.inv == nil {
		return nil
	}
	var out []shellparse.Word
	for _, o := range r.inv.Scan.Values(names...) {
		if o.HasValue {
			out = append(out, r.valueWord(o))
		}
	}
	return out
}

// valueWord is an option's value as a word.
func (r reading) valueWord(o registry.Opt) shellparse.Word {
	if o.ValueAt != o.At {
		return r.args[o.ValueAt]
	}
	w := r.args[o.At]
	return shellparse.Word{Text: o.Value, Static: w.Static && !o.Dynamic, Params: w.Params, Quoted: w.Quoted}
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

// path returns the subcommand words the argv names (git's verb, aws s3 cp).
func (r reading) path() []string {
	if r.inv == nil {
		return nil
	}
	return r.inv.Path
}

// verbIs reports a reading whose subcommand words are exactly words.
func (r reading) verbIs(words ...string) bool {
	return slices.Equal(r.path(), words)
}

// readingEffects are what the reading's program does with its words, by its
// declaration (registry.Effect).
func readingEffects(r reading) []effectTarget {
	if r.inv == nil {
		return nil
	}
	return invocationEffects(r.inv, r.args)
}
