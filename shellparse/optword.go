package shellparse

import "github.com/permgate/permgate/registry"

// OptionWord returns an option's value as a word of args (the words the scan
// read), if it has one: the word after the option, or the value attached to
// the option's own word (-tDIR, --output=FILE), static when that word is and
// the value is known.
func OptionWord(args []Word, o registry.Opt) (Word, bool) {
	switch {
	case !o.HasValue || o.ValueAt >= len(args) || o.At >= len(args):
		return Word{}, false
	case o.ValueAt != o.At:
		return args[o.ValueAt], true
	}
	w := args[o.At]
	return Word{Text: o.Value, Static: w.Static && !o.Dynamic, Params: w.Params, Quoted: w.Quoted}, true
}

// OptionWords returns the values of the named options as words of args (see
// OptionWord).
func OptionWords(args []Word, s *registry.Scan, names ...string) []Word {
	var out []Word
	for _, o := range s.Values(names...) {
		if w, ok := OptionWord(args, o); ok {
			out = append(out, w)
		}
	}
	return out
}

// LoneInfoOption reports an argv that is one word asking for the version or
// help (--version, -V, -version, --help, -help, -?): the program prints and
// exits.
func LoneInfoOption(args []Word) bool {
	if len(args) != 1 {
		return false
	}
	switch args[0].Text {
	case "--version", "-V", "-version", "--help", "-help", "-?":
		return true
	}
	return false
}
