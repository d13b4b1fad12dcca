package codescan

import "strings"

// PartKind says what one piece of a value is.
type PartKind uint8

// The kinds of a value's pieces.
const (
	// Text is text the code spells out.
	Text PartKind = iota
	// Home is the user's home directory (os.path.expanduser("~"), os.homedir(),
	// $ENV{HOME}, Dir.home …).
	Home
	// Temp is the temporary directory (tempfile.gettempdir(), os.tmpdir() …).
	Temp
	// Dynamic is a piece known only when the code runs.
	Dynamic
)

// Part is one piece of a value.
type Part struct {
	Kind PartKind
	// Text is the piece's text for Text, and the expression as written for
	// Dynamic (for messages); empty for Home and Temp.
	Text string
}

// Value is a string the code builds: the concatenation of its parts.
type Value struct {
	Parts []Part
	// Spread reports a value that may stand for any number of words (a
	// Perl array, a Python *args): in an argv it may be options too.
	Spread bool
	// full reports a value cut at maxValueText or maxParts: what follows
	// is a dynamic piece, and joining more to it changes nothing.
	full bool
}

// Bounds on one value: longer text and more pieces end in a dynamic piece.
const (
	maxValueText = 4096
	maxParts     = 64
)

// text returns a value of known text.
func text(s string) Value { return Value{Parts: []Part{{Kind: Text, Text: s}}} }

// dynamic returns a value known only at run time, written as src.
func dynamic(src string) Value {
	return Value{Parts: []Part{{Kind: Dynamic, Text: clipSource(src)}}}
}

// home returns the home directory.
func home() Value { return Value{Parts: []Part{{Kind: Home}}} }

// Known reports a value with no dynamic part.
func (v Value) Known() bool {
	for _, p := range v.Parts {
		if p.Kind == Dynamic {
			return false
		}
	}
	return !v.Spread
}

// Literal returns the value's text when it is all text.
func (v Value) Literal() (string, bool) {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Kind != Text {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), !v.Spread
}

// Prefix returns the text before the first part that is not text.
func (v Value) Prefix() string {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Kind != Text {
			break
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// String writes the value as a person reads it: ~ for the home directory,
// $TMPDIR for the temporary one, {…} around what is known only at run time.
func (v Value) String() string {
	var b strings.Builder
	for _, p := range v.Parts {
		switch p.Kind {
		case Text:
			b.WriteString(p.Text)
		case Home:
			b.WriteString("~")
		case Temp:
			b.WriteString("$TMPDIR")
		default:
			b.WriteString("{" + p.Text + "}")
		}
	}
	return b.String()
}

// concat returns v followed by w, adjacent texts merged, within the bounds
// of a value.
func concat(v, w Value) Value {
	if v.full {
		return v
	}
	out := Value{Parts: make([]Part, 0, len(v.Parts)+len(w.Parts)), Spread: v.Spread || w.Spread, full: w.full}
	size := 0
	for _, p := range append(v.Parts[:len(v.Parts):len(v.Parts)], w.Parts...) {
		if p.Kind == Text && p.Text == "" {
			continue
		}
		size += len(p.Text)
		if size > maxValueText || len(out.Parts) >= maxParts {
			out.Parts = append(out.Parts, Part{Kind: Dynamic, Text: "…"})
			out.full = true
			return out
		}
		if n := len(out.Parts); p.Kind == Text && n > 0 && out.Parts[n-1].Kind == Text {
			out.Parts[n-1].Text += p.Text
			continue
		}
		out.Parts = append(out.Parts, p)
	}
	return out
}

// joinPath returns a / b as path functions join them: b absolute replaces a.
func joinPath(a, b Value) Value {
	if lit, ok := b.Literal(); ok && strings.HasPrefix(lit, "/") {
		return b
	}
	if len(b.Parts) > 0 && b.Parts[0].Kind != Text {
		if b.Parts[0].Kind == Dynamic {
			return concat(concat(a, text("/")), b) // may be absolute: still a dynamic piece
		}
		return b // home or temp: absolute
	}
	if lit, ok := a.Literal(); ok && lit == "" {
		return b
	}
	if strings.HasSuffix(a.Prefix(), "/") && a.Known() && len(a.Parts) == 1 {
		return concat(a, b)
	}
	return concat(concat(a, text("/")), b)
}

// expandTilde reads a leading ~ or ~/ as the home directory, as
// os.path.expanduser, File.expand_path and path.expand do.
func expandTilde(v Value) Value {
	if len(v.Parts) == 0 || v.Parts[0].Kind != Text {
		return v
	}
	first := v.Parts[0].Text
	if first != "~" && !strings.HasPrefix(first, "~/") {
		return v
	}
	rest := Value{Parts: append([]Part{{Kind: Text, Text: first[1:]}}, v.Parts[1:]...), Spread: v.Spread}
	return concat(home(), rest)
}

// clipSource shortens source text quoted in a value to 60 bytes.
func clipSource(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= 60 {
		return s
	}
	cut := 57
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}
