package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// maxSettingsBytes bounds a settings file setup reads: larger is refused.
const maxSettingsBytes = 4 << 20

// maxJSONDepth bounds the nesting of a settings file setup edits.
const maxJSONDepth = 200

// jnode is one JSON value of a settings file, kept as written: an object's
// members in their order, an array's items, a scalar's literal text (a
// string keeps its escapes), so that what permgate does not change is written
// back the same.
type jnode struct {
	object  bool
	array   bool
	members []jmember // object
	items   []*jnode  // array
	raw     string    // scalar literal
	// src is the value's text as the file had it, and orig its compact form
	// then: a value still equal to orig is written back as src.
	src, orig string
}

// jmember is one key of an object: its literal (quotes and escapes as
// written), its value as a Go string, and its value node.
type jmember struct {
	rawKey string
	key    string
	val    *jnode
}

// get returns the value of key (the last one, as JSON.parse reads a repeated
// key), or nil.
func (n *jnode) get(key string) *jnode {
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].val
		}
	}
	return nil
}

// set replaces the value of key (every member of that name) or appends it.
func (n *jnode) set(key string, v *jnode) {
	found := false
	for i := range n.members {
		if n.members[i].key == key {
			n.members[i].val, found = v, true
		}
	}
	if !found {
		n.members = append(n.members, jmember{rawKey: jsonQuote(key), key: key, val: v})
	}
}

// remove deletes every member named key.
func (n *jnode) remove(key string) {
	kept := n.members[:0]
	for _, m := range n.members {
		if m.key != key {
			kept = append(kept, m)
		}
	}
	n.members = kept
}

// str returns a scalar's value as a string, and whether it is one.
func (n *jnode) str() (string, bool) {
	if n == nil || n.object || n.array || !strings.HasPrefix(n.raw, `"`) {
		return "", false
	}
	var s string
	if json.Unmarshal([]byte(n.raw), &s) != nil {
		return "", false
	}
	return s, true
}

// jsonQuote writes s as a JSON string, without escaping <, > and &.
func jsonQuote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// parseJSON reads a settings file. An error names the file and line; JSON
// with comments (JSONC) is refused, as rewriting it would lose them.
func parseJSON(path string, data []byte) (*jnode, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &jnode{object: true}, nil
	}
	if err := json.Unmarshal(data, new(any)); err != nil {
		line, msg := 0, err.Error()
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			off := int(min(syn.Offset, int64(len(data))))
			if off > 0 {
				off--
			}
			line = 1 + bytes.Count(data[:off], []byte("\n"))
			if off < len(data) && data[off] == '/' {
				msg = "a comment: permgate edits plain JSON only, and rewriting the file would lose its comments (edit it by hand, or remove the comments)"
			}
		}
		return nil, fmt.Errorf("%s:%d: not valid JSON: %s; permgate leaves it unchanged", path, line, msg)
	}
	p := jparser{data: data}
	p.space()
	n, err := p.value(0)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %w; permgate leaves it unchanged", path, 1+bytes.Count(data[:p.pos], []byte("\n")), err)
	}
	if !n.object {
		return nil, fmt.Errorf("%s:1: the settings are not a JSON object; permgate leaves the file unchanged", path)
	}
	return n, nil
}

// jparser reads JSON that json.Unmarshal has already accepted.
type jparser struct {
	data []byte
	pos  int
}

func (p *jparser) space() {
	for p.pos < len(p.data) && strings.IndexByte(" \t\r\n", p.data[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *jparser) value(depth int) (*jnode, error) {
	start := p.pos
	n, err := p.value1(depth)
	if err != nil {
		return nil, err
	}
	if n.object || n.array {
		n.src = string(p.data[start:p.pos])
		n.orig = compactParsed(n)
	}
	return n, nil
}

// testOnlyJSONVisit, when set (only tests set it), is called each time the
// JSON code looks at a value to build or write its text — a child in
// compactParsed, a value in writeJSON — so that a test can count the work a
// parse does instead of timing it.
var testOnlyJSONVisit func()

// compactParsed is compact(n) for a value just parsed, built from its
// children's own compact forms: compact at every level would format each
// subtree again once per level above it, which made a deeply nested file at
// the size limit take many seconds.
func compactParsed(n *jnode) string {
	part := func(c *jnode) string {
		if testOnlyJSONVisit != nil {
			testOnlyJSONVisit()
		}
		if c.object || c.array {
			return c.orig
		}
		return c.raw
	}
	var b strings.Builder
	switch {
	case n.object:
		b.WriteByte('{')
		for i, m := range n.members {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(m.rawKey)
			b.WriteString(": ")
			b.WriteString(part(m.val))
		}
		b.WriteByte('}')
	default:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(part(it))
		}
		b.WriteByte(']')
	}
	return b.String()
}

func (p *jparser) value1(depth int) (*jnode, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("nested more than %d deep", maxJSONDepth)
	}
	switch p.data[p.pos] {
	case '{':
		n := &jnode{object: true}
		p.pos++
		p.space()
		for p.data[p.pos] != '}' {
			key := p.scalar()
			var k string
			json.Unmarshal([]byte(key), &k)
			p.space()
			p.pos++ // :
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, jmember{rawKey: key, key: k, val: v})
			p.next()
		}
		p.pos++
		return n, nil
	case '[':
		n := &jnode{array: true}
		p.pos++
		p.space()
		for p.data[p.pos] != ']' {
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, v)
			p.next()
		}
		p.pos++
		return n, nil
	}
	return &jnode{raw: p.scalar()}, nil
}

// next moves past the space after an object's member or an array's item and
// the comma, if any, that separates it from the next one.
func (p *jparser) next() {
	p.space()
	if p.data[p.pos] == ',' {
		p.pos++
		p.space()
	}
}

// scalar returns the literal at pos: a string with its quotes, or a number,
// true, false or null.
func (p *jparser) scalar() string {
	start := p.pos
	if p.data[p.pos] == '"' {
		p.pos++
		for p.data[p.pos] != '"' {
			if p.data[p.pos] == '\\' {
				p.pos++
			}
			p.pos++
		}
		p.pos++
		return string(p.data[start:p.pos])
	}
	for p.pos < len(p.data) && strings.IndexByte(",]} \t\r\n", p.data[p.pos]) < 0 {
		p.pos++
	}
	return string(p.data[start:p.pos])
}

// indentOf returns the indentation unit a file uses (its first indented
// line's), or two spaces.
func indentOf(data []byte) string {
	for _, line := range strings.Split(string(data), "\n")[1:] {
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed != "" && len(trimmed) < len(line) {
			return line[:len(line)-len(trimmed)]
		}
	}
	return "  "
}

// formatJSON writes n as JSON indented with indent, as JSON.stringify(v,
// null, indent) does, with a final newline.
func formatJSON(n *jnode, indent string) []byte {
	var b bytes.Buffer
	writeJSON(&b, n, indent, "")
	b.WriteByte('\n')
	return b.Bytes()
}

// writeJSON writes n at the depth whose lines start with prefix: as it was
// written (src) when it is unchanged and the output is indented, else anew.
func writeJSON(b *bytes.Buffer, n *jnode, indent, prefix string) {
	if testOnlyJSONVisit != nil {
		testOnlyJSONVisit()
	}
	switch {
	case n.src != "" && indent != "" && compact(n) == n.orig:
		b.WriteString(n.src)
	case n.object:
		writeObject(b, n, indent, prefix)
	case n.array:
		writeArray(b, n, indent, prefix)
	default:
		b.WriteString(n.raw)
	}
}

// writeObject writes an object node for writeJSON, a member a line.
func writeObject(b *bytes.Buffer, n *jnode, indent, prefix string) {
	if len(n.members) == 0 {
		b.WriteString("{}")
		return
	}
	inner := prefix + indent
	b.WriteString("{\n")
	for i, m := range n.members {
		b.WriteString(inner + m.rawKey + ": ")
		writeJSON(b, m.val, indent, inner)
		endElement(b, i, len(n.members))
	}
	b.WriteString(prefix + "}")
}

// writeArray writes an array node for writeJSON, an item a line.
func writeArray(b *bytes.Buffer, n *jnode, indent, prefix string) {
	if len(n.items) == 0 {
		b.WriteString("[]")
		return
	}
	inner := prefix + indent
	b.WriteString("[\n")
	for i, it := range n.items {
		b.WriteString(inner)
		writeJSON(b, it, indent, inner)
		endElement(b, i, len(n.items))
	}
	b.WriteString(prefix + "]")
}

// endElement ends the line of element i of n: with a comma unless it is the
// last.
func endElement(b *bytes.Buffer, i, n int) {
	if i < n-1 {
		b.WriteByte(',')
	}
	b.WriteByte('\n')
}

// fresh forgets where n's values came from: they are written anew.
func fresh(n *jnode) *jnode {
	n.src, n.orig = "", ""
	for _, m := range n.members {
		fresh(m.val)
	}
	for _, it := range n.items {
		fresh(it)
	}
	return n
}

// compact writes n on one line, for comparing two values.
func compact(n *jnode) string {
	var b bytes.Buffer
	writeJSON(&b, n, "", "")
	return strings.ReplaceAll(b.String(), "\n", "")
}
