package shellparse

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
)

// xargs reads the words it adds to its command from standard input, or
// from the file -a names. When that input is known text — a static
// here-string or here-document, or a process substitution whose commands
// print known text (xargs cat < <(echo ~/.ssh/id_rsa)) — the words are
// known: xargs rm <<< ~/.gemini/settings.json is rm ~/.gemini/settings.json,
// and xargs -I% rm -rf % <<< / is rm -rf /. Input from a pipe or a file is
// known only at run time: the words stay a placeholder. xargs -a FILE
// reads FILE, which is recorded as a redirection of the command (< FILE).

// xargsInput is where an xargs reads its words and how it splits them.
type xargsInput struct {
	// file is -a FILE's word, or nil for standard input.
	file *Word
	// delim is "" for blanks and quotes (the default), or the one byte
	// that ends each word (-0, -d).
	delim string
	// replace is -I's placeholder: each line of input replaces it.
	replace string
	// unknown reports an option whose value decides the splitting but is
	// known only at run time.
	unknown bool
}

// maxXargsWords bounds the words of xargs input the analysis writes out.
const maxXargsWords = 256

// xargsOptions reads the options of an xargs that say where its input comes
// from and how it is split.
func xargsOptions(opts []registry.Opt, argv []Word, replace string) *xargsInput {
	in := &xargsInput{replace: replace}
	for _, o := range opts {
		switch o.Name {
		case "-a", "--arg-file":
			if o.HasValue {
				w := optionWord(argv, o)
				in.file = &w
			}
		case "-0", "--null":
			in.delim = "\x00"
		case "-d", "--delimiter":
			d, ok := xargsDelimiter(o)
			in.delim, in.unknown = d, in.unknown || !ok
		}
	}
	return in
}

// xargsDelimiter reads -d's value: one character, or one of the escapes
// GNU xargs reads (\n, \t, \0 …).
func xargsDelimiter(o registry.Opt) (string, bool) {
	if !o.HasValue || o.Dynamic {
		return "", false
	}
	v := o.Value
	if len(v) == 1 {
		return v, true
	}
	if len(v) == 2 && v[0] == '\\' {
		if b, ok := simpleEscapes.Get()[v[1]]; ok {
			return string(b), true
		}
		if v[1] == '0' {
			return "\x00", true
		}
	}
	return "", false
}

// text returns the input's text when it is known, given the command's
// standard input.
func (in *xargsInput) text(stdin Input) (string, bool) {
	if in.unknown {
		return "", false
	}
	if in.file != nil {
		return in.file.Content(), in.file.ProcSubst && in.file.Content() != ""
	}
	switch stdin.Kind {
	case InputHereString:
		return stdin.Text + "\n", stdin.Static && !stdin.Subst
	case InputHereDoc:
		return stdin.Text, stdin.Static && !stdin.Subst
	case InputPipe:
		return stdin.Text, stdin.Static && stdin.Text != ""
	}
	return "", false
}

// items splits known input into xargs' items: lines for -I (leading blanks
// removed), the delimiter's pieces, or by default words separated by
// blanks, with quotes and backslashes as xargs reads them.
func (in *xargsInput) items(text string) ([]string, bool) {
	switch {
	case in.delim != "":
		parts := strings.Split(text, in.delim)
		if parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		return parts, len(parts) <= maxXargsWords
	case in.replace != "":
		lines, ok := xargsLines(text)
		return lines, ok && len(lines) <= maxCandidates
	}
	return xargsSplit(text)
}

// xargsLines splits input as xargs -I does: one item a line, leading
// blanks removed, quotes and backslashes read as by default; an empty line
// is none.
func xargsLines(text string) ([]string, bool) {
	return splitXargs(text, true)
}

// xargsSplit splits input as xargs does by default: at blanks and
// newlines, with '…' and "…" quoting (within a line) and \ escaping the
// next character.
func xargsSplit(text string) ([]string, bool) {
	return splitXargs(text, false)
}

// splitXargs is xargsSplit, or xargsLines when lines is set.
func splitXargs(text string, lines bool) ([]string, bool) {
	if strings.ContainsAny(text, "\r\f\v") {
		return nil, false // other blanks, which xargs reads its own way
	}
	sp := xargsSplitter{lines: lines}
	for i := 0; i < len(text); i++ {
		n, ok := sp.step(text[i:])
		if !ok || len(sp.out) > maxXargsWords {
			return nil, false
		}
		i += n
	}
	if sp.quote != 0 {
		return nil, false
	}
	if sp.in && sp.sb.Len() > 0 {
		sp.out = append(sp.out, sp.sb.String()) // an empty quoted word at the very end is dropped, as xargs does
	}
	return sp.out, len(sp.out) <= maxXargsWords
}

// xargsSplitter is the state of xargsSplit: the words so far, the one being
// read, and the quote it is in.
type xargsSplitter struct {
	out   []string
	sb    strings.Builder
	in    bool
	quote byte
	// lines reports -I's splitting: only a newline ends an item.
	lines bool
}

// step reads the byte at the start of s; it returns how many more bytes it
// took, and false where xargs would stop (an unmatched quote, a trailing
// backslash).
func (sp *xargsSplitter) step(s string) (int, bool) {
	c := s[0]
	switch {
	case sp.quote != 0:
		return 0, sp.quoted(c)
	case c == '\'' || c == '"':
		sp.quote, sp.in = c, true
	case c == '\\':
		if len(s) == 1 {
			return 0, false
		}
		sp.sb.WriteByte(s[1])
		sp.in = true
		return 1, true
	case (c == ' ' || c == '\t') && sp.lines:
		if sp.in {
			sp.sb.WriteByte(c) // a blank inside a line; leading ones are dropped
		}
	case c == ' ' || c == '\t' || c == '\n':
		if sp.in {
			sp.out, sp.in = append(sp.out, sp.sb.String()), false
			sp.sb.Reset()
		}
	default:
		sp.sb.WriteByte(c)
		sp.in = true
	}
	return 0, true
}

// quoted reads a byte inside quotes.
func (sp *xargsSplitter) quoted(c byte) bool {
	switch c {
	case sp.quote:
		sp.quote = 0
	case '\n':
		return false // an unmatched quote: xargs stops
	default:
		sp.sb.WriteByte(c)
	}
	return true
}

// xargsRuns returns the commands an xargs with known input runs: its
// command with the words appended, or, with -I, one command for each line
// with the line in place of the placeholder.
func xargsRuns(rest []Word, in *xargsInput, stdin Input) ([][]Word, bool) {
	text, ok := in.text(stdin)
	if !ok {
		return nil, false
	}
	items, ok := in.items(text)
	if !ok {
		return nil, false
	}
	if in.replace == "" {
		run := slices.Clip(rest)
		for _, it := range items {
			run = append(run, Word{Text: it, Static: true, Quoted: true})
		}
		return [][]Word{run}, true
	}
	if len(items) == 0 {
		return nil, false // nothing runs; the placeholder reading stays
	}
	runs := make([][]Word, 0, len(items))
	for _, it := range items {
		run := make([]Word, len(rest))
		for i, w := range rest {
			run[i] = w
			if strings.Contains(w.Text, in.replace) {
				run[i] = Word{Text: strings.ReplaceAll(w.Text, in.replace, it), Static: w.Static, Quoted: true, Params: w.Params}
			}
		}
		runs = append(runs, run)
	}
	return runs, true
}

// withFileRead returns redirects with xargs -a FILE's read of FILE.
func (in *xargsInput) withFileRead(redirs []Redirect) []Redirect {
	if in == nil || in.file == nil || in.file.ProcSubst {
		return redirs
	}
	out := make([]Redirect, 0, len(redirs)+1)
	out = append(out, redirs...)
	return append(out, Redirect{Op: "<", Target: *in.file})
}
