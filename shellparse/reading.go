package shellparse

import (
	"path"
	"slices"

	"github.com/permgate/permgate/registry"
)

// A Reading is a program's words read against its declaration by the
// registry's scanner: the judgements ask it which options were given, with
// which values, and which words are operands, instead of scanning argv.
// The zero Reading (no declaration) answers no to every question.
type Reading struct {
	// Inv is the words read by the declaration; nil for the zero Reading.
	Inv *registry.Invocation
	// Args are the words after the program's name, as the scan indexes them.
	Args []Word
}

// ReadCommand is the reading a command carries (SimpleCommand.Declared).
func ReadCommand(c SimpleCommand) (Reading, bool) {
	_, inv, ok := c.Declared()
	if !ok {
		return Reading{}, false
	}
	return Reading{Inv: inv, Args: c.Argv[1:]}, true
}

// ReadArgs reads args, the words after a program's name, against the
// declaration of the program called name (by its basename).
func ReadArgs(name string, args []Word) (Reading, bool) {
	prog, ok := programs.Get().Lookup(path.Base(name))
	if !ok {
		return Reading{}, false
	}
	inv := prog.Resolve(RegistryWords(args))
	return Reading{Inv: &inv, Args: args}, true
}

// ReadWrapper reads the words of a wrapper a command came through.
func ReadWrapper(w Wrapper) (Reading, bool) {
	if len(w.Argv) == 0 {
		return Reading{}, false
	}
	return ReadArgs(w.Name, w.Argv[1:])
}

// Has reports one of the named options (spelled with their dashes).
func (r Reading) Has(names ...string) bool { return r.Inv != nil && r.Inv.Scan.Has(names...) }

// May reports one of the named options, or a word known only at run time
// where an option could stand.
func (r Reading) May(names ...string) bool { return r.Inv != nil && r.Inv.Scan.May(names...) }

// Values returns the values of the named options as words: the next word,
// or the value attached to the option's own word (-oFILE, --output=FILE).
func (r Reading) Values(names ...string) []Word {
	if r.Inv == nil {
		return nil
	}
	return OptionWords(r.Args, &r.Inv.Scan, names...)
}

// ValueWord is an option's value as a word (OptionWord).
func (r Reading) ValueWord(o registry.Opt) Word {
	w, _ := OptionWord(r.Args, o)
	return w
}

// Operands returns the words that are neither options nor their values.
func (r Reading) Operands() []Word {
	if r.Inv == nil {
		return nil
	}
	out := make([]Word, 0, len(r.Inv.Scan.Operands))
	for _, i := range r.Inv.Scan.Operands {
		out = append(out, r.Args[i])
	}
	return out
}

// Opts returns the options given, in order.
func (r Reading) Opts() []registry.Opt {
	if r.Inv == nil {
		return nil
	}
	return r.Inv.Scan.Opts
}

// Path returns the subcommand words the argv names (git's verb, aws s3 cp).
func (r Reading) Path() []string {
	if r.Inv == nil {
		return nil
	}
	return r.Inv.Path
}

// VerbIs reports a reading whose subcommand words are exactly words.
func (r Reading) VerbIs(words ...string) bool { return slices.Equal(r.Path(), words) }
