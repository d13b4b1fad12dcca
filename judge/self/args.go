package self

import (
	"path"
	"strings"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// A reading is a program's words read against its declaration by the
// registry's scanner: the judgements ask it which options were given, with
// which values, and which words are operands.
type reading struct {
	inv *registry.Invocation
	// args are the words after the program's name, as the scan indexes them.
	args []shellparse.Word
}

// readCommand is the reading a command carries (SimpleCommand.Declared).
func readCommand(c shellparse.SimpleCommand) (reading, bool) {
	_, inv, ok := c.Declared()
	if !ok {
		return reading{}, false
	}
	return reading{inv: inv, args: c.Argv[1:]}, true
}

// operandsOf returns a command's operands by its declared grammar; a
// program the registry does not declare is read by no grammar (its words
// that start with a dash are options).
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	if r, ok := readCommand(c); ok {
		return r.operands()
	}
	if len(c.Argv) < 2 {
		return nil
	}
	inv := (&registry.Program{}).Resolve(shellparse.RegistryWords(c.Argv[1:]))
	return reading{inv: &inv, args: c.Argv[1:]}.operands()
}

// valuesOf returns the values of a command's named options, as words: the
// next word, or the attached value (-tDIR, --target-directory=DIR).
func valuesOf(c shellparse.SimpleCommand, names ...string) []shellparse.Word {
	r, ok := readCommand(c)
	if !ok {
		return nil
	}
	var out []shellparse.Word
	for _, o := range r.inv.Scan.Values(names...) {
		switch {
		case !o.HasValue:
		case o.ValueAt != o.At:
			out = append(out, r.args[o.ValueAt])
		default:
			out = append(out, shellparse.Word{Text: o.Value, Static: r.args[o.At].Static && !o.Dynamic})
		}
	}
	return out
}

// hasOption reports one of a command's named options, by its declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	r, ok := readCommand(c)
	return ok && r.has(names...)
}

// readArgs reads args against the declaration of the program called name
// (by its basename).
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	prog, ok := registry.Default().Lookup(path.Base(name))
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

// path returns the subcommand words the argv names.
func (r reading) path() []string {
	if r.inv == nil {
		return nil
	}
	return r.inv.Path
}

// setNames returns the names the reading's declared SetsEnv effects set or
// clear (NAME or NAME=VALUE).
func (r reading) setNames() []string {
	if r.inv == nil {
		return nil
	}
	var names []string
	for _, t := range r.inv.Effects() {
		if t.Act != registry.SetsEnv || t.At < 0 || t.At >= len(r.args) {
			continue
		}
		text := r.args[t.At].Text
		if t.Attached {
			text = t.Value
		}
		name, _, _ := strings.Cut(text, "=")
		names = append(names, name)
	}
	return names
}

// clip shortens text quoted in a finding to 200 bytes, on a rune boundary.
func clip(s string) string { return textclip.Clip(s, 200) }

// within reports whether p is dir or under it.
func within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// under reports whether p is strictly under dir.
func under(p, dir string) bool {
	if dir == "/" {
		return p != "/"
	}
	return strings.HasPrefix(p, dir+"/")
}

// hasGlob reports glob characters in a path.
func hasGlob(s string) bool { return strings.ContainsAny(s, "*?[") }

// isNameByte reports a byte of a shell variable's name at position pos.
func isNameByte(b byte, pos int) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || pos > 0 && b >= '0' && b <= '9'
}

// pathCandidates returns the paths an argument may name: the word itself and
// what follows =, @ or : (--config=FILE, @FILE, host:FILE).
func pathCandidates(out []string, text string) []string {
	out = append(out, text)
	for _, sep := range []string{"=", "@", ":"} {
		if i := strings.LastIndex(text, sep); i >= 0 && i+1 < len(text) {
			out = append(out, text[i+1:])
		}
	}
	return out
}
