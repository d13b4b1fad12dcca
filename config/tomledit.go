package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// ruleItem is one string of a rules array: its bytes (quotes included) and
// its value.
type ruleItem struct {
	start, end int
	value      string
}

// ruleArray is one rules array of a config file: the offsets of its [ and ],
// the line of its key, and its strings.
type ruleArray struct {
	list        string
	line        int
	open, close int
	items       []ruleItem
}

// ruleLayout is where a config file keeps its rule lists, as a TOML parser
// finds them: byte offsets into the text, so that an edit changes only the
// bytes it must.
type ruleLayout struct {
	arrays []ruleArray
	// header is the offset just past the ] of the [permission] header, or -1.
	header int
	// dotted is the offset just past the value of the last top-level
	// `permission.KEY = …`, or -1; dottedKey is how that key spells permission.
	dotted    int
	dottedKey string
	// inlineOpen and inlineClose are the offsets of the { and } of
	// `permission = { … }` (-1 when there is none); inlineLast is the end of
	// its last entry (-1 when it has none).
	inlineOpen, inlineClose, inlineLast int
}

// scanRules parses a config file's text with a TOML parser that keeps byte
// offsets and finds its rules arrays: under a [permission] table, as dotted
// keys (permission.allow = […]) or in an inline table (permission = {…}).
// Keys match case-insensitively, as the loader matches them.
func scanRules(path, text string) (*ruleLayout, error) {
	data := []byte(text)
	l := &ruleLayout{header: -1, dotted: -1, inlineOpen: -1, inlineClose: -1, inlineLast: -1}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			parts, last := keyParts(&p, e.Key())
			table = parts
			if isPermission(table) && l.header < 0 {
				l.header = last + strings.IndexByte(text[last:], ']') + 1
			}
		case unstable.ArrayTable:
			// An array of tables never holds rules; "[]" matches no key.
			parts, _ := keyParts(&p, e.Key())
			table = append(parts, "[]")
		case unstable.KeyValue:
			if err := l.keyValue(&p, text, table, e); err != nil {
				return nil, &Error{File: path, Line: lineAt(text, int(e.Raw.Offset)), Msg: err.Error()}
			}
		}
	}
	if err := p.Error(); err != nil {
		line := 0
		var perr *unstable.ParserError
		if errors.As(err, &perr) {
			if off := cap(data) - cap(perr.Highlight); off >= 0 && off <= len(data) {
				line = lineAt(text, off)
			}
			return nil, &Error{File: path, Line: line, Msg: perr.Message}
		}
		return nil, &Error{File: path, Msg: err.Error()}
	}
	return l, nil
}

// keyValue records a key/value pair under table when it is, or holds, a rules
// list.
func (l *ruleLayout) keyValue(p *unstable.Parser, text string, table []string, kv *unstable.Node) error {
	parts, keyEnd := keyParts(p, kv.Key())
	full := append(slices.Clone(table), parts...)
	end := int(kv.Raw.Offset + kv.Raw.Length)
	if table == nil && len(parts) >= 2 && strings.EqualFold(parts[0], "permission") {
		first := kv.Key()
		first.Next()
		l.dotted, l.dottedKey = end, string(p.Raw(first.Node().Raw))
	}
	v := kv.Value()
	switch v.Kind {
	case unstable.Array:
		list := ruleListName(full)
		if list == "" {
			return nil
		}
		a := ruleArray{list: list, line: lineAt(text, int(kv.Raw.Offset)), close: end - 1}
		a.open = keyEnd + strings.IndexByte(text[keyEnd:], '[')
		for it := v.Children(); it.Next(); {
			n := it.Node()
			if n.Kind != unstable.String {
				return fmt.Errorf("permission.%s holds a %s, not a rule string", list, strings.ToLower(n.Kind.String()))
			}
			start := int(n.Raw.Offset)
			a.items = append(a.items, ruleItem{start: start, end: start + int(n.Raw.Length), value: string(n.Data)})
		}
		l.arrays = append(l.arrays, a)
	case unstable.InlineTable:
		if isPermission(full) && l.inlineOpen < 0 {
			l.inlineOpen, l.inlineClose = int(v.Raw.Offset), end-1
		}
		for it := v.Children(); it.Next(); {
			n := it.Node()
			if n.Kind != unstable.KeyValue {
				continue
			}
			if isPermission(full) && l.inlineOpen == int(v.Raw.Offset) {
				l.inlineLast = int(n.Raw.Offset + n.Raw.Length)
			}
			if err := l.keyValue(p, text, full, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// keyParts returns a key's parts and the offset just past its last part.
func keyParts(p *unstable.Parser, it unstable.Iterator) ([]string, int) {
	parts := []string{}
	end := 0
	for it.Next() {
		n := it.Node()
		parts = append(parts, string(n.Data))
		end = int(n.Raw.Offset + n.Raw.Length)
	}
	return parts, end
}

// isPermission reports whether a key path is the permission table.
func isPermission(path []string) bool {
	return len(path) == 1 && strings.EqualFold(path[0], "permission")
}

// ruleListName returns the rule list (allow, ask, deny) a key path names, or "".
func ruleListName(path []string) string {
	if len(path) != 2 || !strings.EqualFold(path[0], "permission") {
		return ""
	}
	for _, list := range RuleLists {
		if strings.EqualFold(path[1], list) {
			return list
		}
	}
	return ""
}

// lineAt returns the 1-based line of a byte offset.
func lineAt(text string, off int) int {
	return 1 + strings.Count(text[:min(off, len(text))], "\n")
}

// newline returns the file's line ending: CRLF when it uses CRLF.
func newline(text string) string {
	if strings.Contains(text, "\r\n") {
		return "\r\n"
	}
	return "\n"
}

// lineStart returns the offset of the start of the line holding off.
func lineStart(text string, off int) int {
	return strings.LastIndexByte(text[:off], '\n') + 1
}

// indentOf returns the spaces and tabs that start the line holding off.
func indentOf(text string, off int) string {
	line := text[lineStart(text, off):]
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// afterLine returns the offset just past the end of the line holding off (its
// newline included), or len(text) when it is the last line and has none.
func afterLine(text string, off int) int {
	if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(text)
}

// gapComma returns the offset of the comma in text[from:to], a stretch
// between two values of an array or inline table (only spaces, newlines,
// comments and at most one comma), or -1.
func gapComma(text string, from, to int) int {
	for i := from; i < to; i++ {
		switch text[i] {
		case ',':
			return i
		case '#':
			for i < to && text[i] != '\n' {
				i++
			}
		}
	}
	return -1
}

// addRuleText adds a rule to a list in the text of a config file: into the
// list's array when there is one, else as a new key where the file keeps
// its rules ([permission] table, dotted keys, inline table), else as a new
// [permission] table at the end. Every other byte stays as it was.
func addRuleText(path, text, list, rule string) (string, error) {
	l, err := scanRules(path, text)
	if err != nil {
		return "", err
	}
	item := quoteTOML(rule)
	nl := newline(text)
	for _, a := range l.arrays {
		if a.list == list {
			return insertItem(text, a, item, nl), nil
		}
	}
	entry := list + " = [" + item + "]"
	switch {
	case l.inlineOpen >= 0 && l.inlineLast < 0:
		inner := text[l.inlineOpen+1 : l.inlineClose]
		if strings.Trim(inner, " \t") == "" {
			return text[:l.inlineOpen+1] + " " + entry + " " + text[l.inlineClose:], nil
		}
		return text[:l.inlineOpen+1] + " " + entry + text[l.inlineOpen+1:], nil
	case l.inlineOpen >= 0:
		if c := gapComma(text, l.inlineLast, l.inlineClose); c >= 0 {
			return text[:c+1] + " " + entry + "," + text[c+1:], nil
		}
		return text[:l.inlineLast] + ", " + entry + text[l.inlineLast:], nil
	case l.header >= 0:
		return insertLine(text, l.header, entry, nl), nil
	case l.dotted >= 0:
		return insertLine(text, l.dotted, l.dottedKey+"."+entry, nl), nil
	}
	sep := ""
	if text != "" && !strings.HasSuffix(text, "\n") {
		sep = nl
	}
	if text != "" {
		sep += nl
	}
	return text + sep + "[permission]" + nl + entry + nl, nil
}

// insertLine inserts a line after the line holding off.
func insertLine(text string, off int, line, nl string) string {
	at := afterLine(text, off)
	if at == len(text) && !strings.HasSuffix(text, "\n") {
		return text + nl + line + nl
	}
	return text[:at] + line + nl + text[at:]
}

// insertItem adds a quoted rule at the end of an array. An array whose ] is
// on a line of its own gets a new line before it, indented like its last
// item; a one-line array gets ", item" after its last item.
func insertItem(text string, a ruleArray, item, nl string) string {
	closeLine := lineStart(text, a.close)
	ownLine := closeLine > a.open && strings.Trim(text[closeLine:a.close], " \t") == ""
	if !ownLine {
		if len(a.items) == 0 {
			return text[:a.open+1] + item + text[a.close:]
		}
		last := a.items[len(a.items)-1]
		if c := gapComma(text, last.end, a.close); c >= 0 {
			return text[:c+1] + " " + item + text[c+1:]
		}
		return text[:last.end] + ", " + item + text[last.end:]
	}
	indent := indentOf(text, a.close) + "  "
	if n := len(a.items); n > 0 && lineStart(text, a.items[n-1].start) > a.open {
		indent = indentOf(text, a.items[n-1].start)
	}
	out := text[:closeLine] + indent + item + "," + nl + text[closeLine:]
	if n := len(a.items); n > 0 && gapComma(text, a.items[n-1].end, a.close) < 0 {
		// The last item gets its comma before any comment that follows it.
		end := a.items[n-1].end
		out = out[:end] + "," + out[end:]
	}
	return out
}

// removeRuleText removes the first occurrence of a rule from a list's arrays.
func removeRuleText(path, text, list, rule string) (string, error) {
	l, err := scanRules(path, text)
	if err != nil {
		return "", err
	}
	line := 0
	for _, a := range l.arrays {
		if a.list != list {
			continue
		}
		line = a.line
		for k, it := range a.items {
			if it.value == rule {
				return removeItem(text, a, k), nil
			}
		}
	}
	return "", &Error{File: path, Line: line, Msg: fmt.Sprintf("cannot find %s in [permission].%s to remove it", quoteTOML(rule), list)}
}

// removeItem removes an array's k-th item with its comma. An item alone on its
// line takes the line with it (and a comment at its end, which was about
// it); otherwise the comma after it goes, or else the one before it.
func removeItem(text string, a ruleArray, k int) string {
	it := a.items[k]
	last := k == len(a.items)-1
	ls := lineStart(text, it.start)
	if ls > a.open && strings.Trim(text[ls:it.start], " \t") == "" {
		i := it.end
		skip := func() {
			for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
				i++
			}
		}
		skip()
		comma := i < len(text) && text[i] == ','
		if comma {
			i++
			skip()
		}
		if i < len(text) && text[i] == '#' {
			for i < len(text) && text[i] != '\n' && text[i] != '\r' {
				i++
			}
		}
		rest := text[i:]
		if (comma || last) && (strings.HasPrefix(rest, "\n") || strings.HasPrefix(rest, "\r\n")) {
			return text[:ls] + text[afterLine(text, i):]
		}
	}
	next := a.close
	if !last {
		next = a.items[k+1].start
	}
	if c := gapComma(text, it.end, next); c >= 0 {
		to := c + 1
		j := to
		for j < next && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && text[j] != '#' && text[j] != '\n' && text[j] != '\r' {
			to = j
		}
		return text[:it.start] + text[to:]
	}
	if k > 0 {
		prev := a.items[k-1]
		if c := gapComma(text, prev.end, it.start); c >= 0 {
			if strings.Contains(text[prev.end:it.start], "#") {
				// Keep the comment between them: drop the comma and the item.
				return text[:c] + text[c+1:it.start] + text[it.end:]
			}
			return text[:c] + text[it.end:]
		}
	}
	return text[:it.start] + text[it.end:]
}
