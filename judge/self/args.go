package self

import (
	"strings"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// reading is a program's words read by its declaration (shellparse.Reading).
type reading = shellparse.Reading

// readCommand is the reading a command carries (SimpleCommand.Declared).
func readCommand(c shellparse.SimpleCommand) (reading, bool) { return shellparse.ReadCommand(c) }

// operandsOf returns a command's operands by its declared grammar; a
// program the registry does not declare is read by no grammar (its words
// that start with a dash are options).
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	if r, ok := readCommand(c); ok {
		return r.Operands()
	}
	if len(c.Argv) < 2 {
		return nil
	}
	inv := (&registry.Program{}).Resolve(c.RegistryArgs())
	return reading{Inv: &inv, Args: c.Argv[1:]}.Operands()
}

// valuesOf returns the values of a command's named options, as words: the
// next word, or the attached value (-tDIR, --target-directory=DIR).
func valuesOf(c shellparse.SimpleCommand, names ...string) []shellparse.Word {
	r, ok := readCommand(c)
	if !ok {
		return nil
	}
	var out []shellparse.Word
	for _, o := range r.Inv.Scan.Values(names...) {
		switch {
		case !o.HasValue:
		case o.ValueAt != o.At:
			out = append(out, r.Args[o.ValueAt])
		default:
			out = append(out, shellparse.Word{Text: o.Value, Static: r.Args[o.At].Static && !o.Dynamic})
		}
	}
	return out
}

// hasOption reports one of a command's named options, by its declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	r, ok := readCommand(c)
	return ok && r.Has(names...)
}

// readArgs reads args against the declaration of the program called name
// (by its basename).
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	return shellparse.ReadArgs(name, args)
}

// readWrapper reads the words of a wrapper a command came through.
func readWrapper(w shellparse.Wrapper) (reading, bool) { return shellparse.ReadWrapper(w) }

// setNames returns the names the reading's declared SetsEnv effects set or
// clear (NAME or NAME=VALUE).
func setNames(r reading) []string {
	if r.Inv == nil {
		return nil
	}
	var names []string
	for _, t := range r.Inv.Effects() {
		if t.Act != registry.SetsEnv || t.At < 0 || t.At >= len(r.Args) {
			continue
		}
		text := r.Args[t.At].Text
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

// hasGlob reports glob characters in a path.
func hasGlob(s string) bool { return strings.ContainsAny(s, "*?[") }

// isNameByte reports a byte of a shell variable's name at position pos.
func isNameByte(b byte, pos int) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || pos > 0 && b >= '0' && b <= '9'
}

// PathCandidates appends to out the paths an argument may spell: itself,
// what follows its last =, @ or :, and a path from the root or the home
// directory glued to a short option (-o/path) or in a comma list
// (a,/path,b).
func PathCandidates(out []string, text string) []string {
	out = append(out, text)
	for _, sep := range []string{"=", "@", ":"} {
		if i := strings.LastIndex(text, sep); i >= 0 && i+1 < len(text) {
			out = append(out, text[i+1:])
		}
	}
	if len(text) > 2 && text[0] == '-' && text[1] != '-' && rootedPath(text[2:]) {
		out = append(out, text[2:])
	}
	for rest, found := text, strings.Contains(text, ","); found; {
		var part string
		part, rest, found = strings.Cut(rest, ",")
		if rootedPath(part) {
			out = append(out, part)
		}
	}
	return out
}

// rootedPath reports a path from the root or the home directory.
func rootedPath(t string) bool {
	return strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/")
}
