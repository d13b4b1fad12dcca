package shellparse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/registry"
)

// What read and mapfile assign from input the script gives them (a
// here-string, a here-document, a pure process substitution): read takes
// the text up to its delimiter (a newline, or -d's character) and splits it
// at the characters of IFS as bash does (an IFS=… before read splits with
// that), the last name getting the rest; mapfile makes each line an element.
// Options that change what is read beyond these (-n, -N, -u, -O, -C), and
// backslashes without -r, leave the values unknown.

// defaultIFS is IFS when the script does not set it.
const defaultIFS = " \t\n"

// readIFS returns the IFS a read splits with: the default, or the static
// value of the one IFS=… before it. Any other prefix assignment, or an IFS
// not known, is not read here.
func (r *wordResolver) readIFS(assigns []*syntax.Assign) (string, bool) {
	switch {
	case len(assigns) == 0:
		return defaultIFS, true
	case len(assigns) > 1:
		return "", false
	}
	a := assigns[0]
	if a.Name == nil || a.Name.Value != "IFS" || a.Append || a.Index != nil || a.Array != nil {
		return "", false
	}
	v := r.resolveValue(a.Value)
	return v.Text, v.Static
}

// readOpts are read's options that change what it assigns.
type readOpts struct {
	raw   bool
	array string
	// delim ends what is read: a newline, or -d's first character (NUL
	// for -d '').
	delim byte
}

// readOptions reads read's options: -r, -a ARRAY, -d DELIM, and those that
// do not change what is read (-p, -s, -t, -e); any other is not read here.
func readOptions(scan registry.Scan) (readOpts, bool) {
	opts := readOpts{delim: '\n'}
	if scan.Unknown {
		return opts, false
	}
	for _, o := range scan.Opts {
		switch o.Name {
		case "-r":
			opts.raw = true
		case "-a":
			opts.array = o.Value
		case "-d":
			if o.Dynamic {
				return opts, false
			}
			opts.delim = 0
			if o.Value != "" {
				opts.delim = o.Value[0]
			}
		case "-p", "-s", "-t", "-e":
		default:
			return opts, false
		}
	}
	return opts, true
}

// readAssigns returns what read [-r] [-a ARRAY] [-d DELIM] NAMES… assigns
// from text, split with ifs: the text up to the delimiter (all of it when
// the delimiter is not in it: read fails then, but assigns what it read).
func readAssigns(argv []Word, text, ifs string) []namedValue {
	scan := builtinGrammar("read").Scan(RegistryWords(argv))
	opts, ok := readOptions(scan)
	line, _, _ := strings.Cut(text, string([]byte{opts.delim}))
	if !ok || !opts.raw && strings.Contains(line, `\`) {
		return nil
	}
	var names []string
	for _, k := range scan.Operands {
		if !argv[k].Static || !isIdentifier(argv[k].Text) {
			return nil
		}
		names = append(names, argv[k].Text)
	}
	if opts.array == "" {
		return splitRead(names, line, ifs)
	}
	if !isIdentifier(opts.array) || len(names) > 0 {
		return nil
	}
	a := &arrayValue{exact: true}
	for _, f := range ifsFields(line, ifs) {
		a.elems = append(a.elems, Word{Text: f, Static: true, Quoted: true})
	}
	return []namedValue{{name: opts.array, array: a}}
}

// ifsSplitter splits text at the characters of an IFS, as bash's read does:
// the IFS blanks around a field go with its delimiter, and each other IFS
// character ends one field.
type ifsSplitter struct {
	ifs  string
	text string
	at   int
}

// blank reports an IFS character that is white space.
func (s *ifsSplitter) blank(c byte) bool {
	return (c == ' ' || c == '\t' || c == '\n') && strings.IndexByte(s.ifs, c) >= 0
}

// delim reports an IFS character.
func (s *ifsSplitter) delim(c byte) bool { return strings.IndexByte(s.ifs, c) >= 0 }

// skipBlanks moves past IFS white space.
func (s *ifsSplitter) skipBlanks() {
	for s.at < len(s.text) && s.blank(s.text[s.at]) {
		s.at++
	}
}

// field returns the next field and moves past its delimiter.
func (s *ifsSplitter) field() string {
	start := s.at
	for s.at < len(s.text) && !s.delim(s.text[s.at]) {
		s.at++
	}
	f := s.text[start:s.at]
	s.skipBlanks()
	if s.at < len(s.text) && s.delim(s.text[s.at]) && !s.blank(s.text[s.at]) {
		s.at++ // one delimiter that is not white space
		s.skipBlanks()
	}
	return f
}

// rest returns what is left for read's last name, trailing IFS white space
// removed; false when an IFS character other than white space is left in
// it (bash's rules for a delimiter at its end are not read here).
func (s *ifsSplitter) rest() (string, bool) {
	rest := s.text[s.at:]
	end := len(rest)
	for end > 0 && s.blank(rest[end-1]) {
		end--
	}
	rest = rest[:end]
	for i := 0; i < len(rest); i++ {
		if s.delim(rest[i]) && !s.blank(rest[i]) {
			return "", false
		}
	}
	return rest, true
}

// splitRead gives each name a field of line, the last name the rest.
func splitRead(names []string, line, ifs string) []namedValue {
	s := &ifsSplitter{ifs: ifs, text: line}
	s.skipBlanks()
	out := make([]namedValue, 0, len(names))
	for i, n := range names {
		if i == len(names)-1 {
			rest, ok := s.rest()
			if !ok {
				return nil
			}
			out = append(out, namedValue{name: n, value: staticWord(rest)})
			break
		}
		out = append(out, namedValue{name: n, value: staticWord(s.field())})
	}
	return out
}

// ifsFields is every field of line (read -a).
func ifsFields(line, ifs string) []string {
	s := &ifsSplitter{ifs: ifs, text: line}
	s.skipBlanks()
	var out []string
	for s.at < len(s.text) && len(out) <= maxArrayElems {
		out = append(out, s.field())
	}
	return out
}

// mapfileAssigns returns what mapfile [-t] [-d DELIM] [-n COUNT] [-s SKIP]
// [ARRAY] assigns from text: each line (up to and with its delimiter, which
// -t removes) one element of ARRAY (MAPFILE when none is named).
func mapfileAssigns(argv []Word, text string) []namedValue {
	scan := builtinGrammar("mapfile").Scan(RegistryWords(argv))
	opts, ok := mapfileOptions(scan)
	if !ok || len(scan.Operands) > 1 {
		return nil
	}
	name := "MAPFILE"
	if len(scan.Operands) == 1 {
		name = argv[scan.Operands[0]].Text
		if !argv[scan.Operands[0]].Static || !isIdentifier(name) {
			return nil
		}
	}
	lines := strings.SplitAfter(text, string([]byte{opts.delim}))
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	lines = lines[min(opts.skip, len(lines)):]
	if opts.count > 0 {
		lines = lines[:min(opts.count, len(lines))]
	}
	if len(lines) > maxArrayElems {
		return nil
	}
	a := &arrayValue{exact: true}
	for _, l := range lines {
		if opts.trim {
			l = strings.TrimSuffix(l, string([]byte{opts.delim}))
		}
		a.elems = append(a.elems, Word{Text: l, Static: true, Quoted: true})
	}
	return []namedValue{{name: name, array: a}}
}

// mapfileOpts are mapfile's options read here.
type mapfileOpts struct {
	trim        bool
	delim       byte
	count, skip int
}

// mapfileOptions reads -t, -d, -n and -s; -O, -u, -C and -c are not read
// here.
func mapfileOptions(scan registry.Scan) (mapfileOpts, bool) {
	opts := mapfileOpts{delim: '\n'}
	if scan.Unknown {
		return opts, false
	}
	for _, o := range scan.Opts {
		if o.Dynamic {
			return opts, false
		}
		var err error
		switch o.Name {
		case "-t":
			opts.trim = true
		case "-d":
			opts.delim = 0
			if o.Value != "" {
				opts.delim = o.Value[0]
			}
		case "-n":
			opts.count, err = strconv.Atoi(o.Value)
		case "-s":
			opts.skip, err = strconv.Atoi(o.Value)
		default:
			return opts, false
		}
		if err != nil || opts.count < 0 || opts.skip < 0 {
			return opts, false
		}
	}
	return opts, true
}

// builtinGrammar is a builtin's declared grammar (registry.Builtin); an
// empty one for a name the registry does not declare.
func builtinGrammar(name string) *registry.Grammar {
	if g, ok := registry.Builtin(name); ok {
		return g
	}
	return &registry.Grammar{}
}
