package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tailscale/hujson"
)

// maxSettingsBytes bounds a settings file setup reads: larger is refused.
const maxSettingsBytes = 4 << 20

// maxJSONDepth bounds the nesting of a settings file setup edits.
const maxJSONDepth = 200

// jnode is one JSON value of a settings file: an object's members in their
// order, an array's items, a scalar's literal text (a string keeps its
// escapes). A value read from a file also keeps where it stands in the file's
// HuJSON tree (src) and its members or items as read (was, wasItems), so that
// writing the file back changes only what an edit changed, and keeps the
// rest — spacing, comments — as written.
type jnode struct {
	object  bool
	array   bool
	members []jmember // object
	items   []*jnode  // array
	raw     string    // scalar literal
	// src is the value in the file's tree; nil for a value an edit made.
	src      *hujson.Value
	was      []jmember
	wasItems []*jnode
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

// parseJSON reads a settings file its harness reads as plain JSON. An error
// names the file and line; a comment is refused, as the harness would refuse
// the file.
func parseJSON(path string, data []byte) (*jnode, error) {
	return parseSettings(path, data, false)
}

// parseJSONC reads a settings file its harness reads as JSON with comments
// (Gemini CLI strips // and /* */ comments before JSON.parse); a trailing
// comma, which it does not accept, is refused.
func parseJSONC(path string, data []byte) (*jnode, error) {
	return parseSettings(path, data, true)
}

func parseSettings(path string, data []byte, comments bool) (*jnode, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &jnode{object: true}, nil
	}
	if depth, line := nesting(data); depth > maxJSONDepth {
		return nil, fmt.Errorf("%s:%d: nested more than %d deep; permgate leaves it unchanged", path, line, maxJSONDepth)
	}
	if !comments {
		if err := plainJSON(path, data); err != nil {
			return nil, err
		}
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not valid JSON: %v; permgate leaves it unchanged", path, err)
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		return nil, fmt.Errorf("%s:1: the settings are not a JSON object; permgate leaves the file unchanged", path)
	}
	root := fromHuJSON(&v)
	if at := trailingComma(&v); at >= 0 {
		return nil, fmt.Errorf("%s:%d: not valid JSON: a trailing comma, which the harness does not read; permgate leaves it unchanged", path, 1+bytes.Count(data[:at], []byte("\n")))
	}
	return root, nil
}

// plainJSON checks that data is plain JSON, for an error that names the line.
func plainJSON(path string, data []byte) error {
	if json.Valid(data) {
		return nil
	}
	err := json.Unmarshal(data, new(any))
	if err == nil {
		return nil
	}
	line, msg := 0, err.Error()
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		off := int(min(syn.Offset, int64(len(data))))
		if off > 0 {
			off--
		}
		line = 1 + bytes.Count(data[:off], []byte("\n"))
		if off < len(data) && data[off] == '/' {
			msg = "a comment, which the harness does not read in this file (remove it)"
		}
	}
	return fmt.Errorf("%s:%d: not valid JSON: %s; permgate leaves it unchanged", path, line, msg)
}

// nesting returns how deep data's arrays and objects nest, outside strings
// and comments, and the line where it is deepest: checked before the
// recursive parse, so a file of 4 MiB of "[" is refused, not parsed.
func nesting(data []byte) (deepest, line int) {
	depth, ln := 0, 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\n':
			ln++
		case c == '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i-- // the newline is counted above
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return deepest, line
			}
			ln += bytes.Count(data[i:i+2+end], []byte("\n"))
			i += end + 3
		case c == '[' || c == '{':
			if depth++; depth > deepest {
				deepest, line = depth, ln
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest, line
}

// fromHuJSON is the jnode of a value in the file's tree.
func fromHuJSON(v *hujson.Value) *jnode {
	n := &jnode{src: v}
	switch t := v.Value.(type) {
	case *hujson.Object:
		n.object = true
		n.members = make([]jmember, len(t.Members))
		for i := range t.Members {
			m := &t.Members[i]
			raw := m.Name.Value.(hujson.Literal)
			n.members[i] = jmember{rawKey: string(raw), key: raw.String(), val: fromHuJSON(&m.Value)}
		}
		n.was = slices.Clone(n.members)
	case *hujson.Array:
		n.array = true
		n.items = make([]*jnode, len(t.Elements))
		for i := range t.Elements {
			n.items[i] = fromHuJSON(&t.Elements[i])
		}
		n.wasItems = slices.Clone(n.items)
	case hujson.Literal:
		n.raw = string(t)
	}
	return n
}

// trailingComma returns the offset of an array's or object's trailing comma
// in v, or -1.
func trailingComma(v *hujson.Value) int {
	var last *hujson.Value
	var kids []*hujson.Value
	switch t := v.Value.(type) {
	case *hujson.Object:
		for i := range t.Members {
			kids = append(kids, &t.Members[i].Value)
		}
	case *hujson.Array:
		for i := range t.Elements {
			kids = append(kids, &t.Elements[i])
		}
	}
	for _, k := range kids {
		if at := trailingComma(k); at >= 0 {
			return at
		}
		last = k
	}
	if last != nil && last.AfterExtra != nil {
		return last.EndOffset // hujson marks a trailing comma so
	}
	return -1
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

// writeJSON writes n anew at the depth whose lines start with prefix.
func writeJSON(b *bytes.Buffer, n *jnode, indent, prefix string) {
	switch {
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
	n.src, n.was, n.wasItems = nil, nil, nil
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

// writeBack is the file doc was read from with the edits made to doc: what
// they did not change is written as the file had it, comments included, and
// what they added is indented with indent. The cost is one pass over the
// tree.
func writeBack(doc *jnode, indent string) []byte {
	if doc.src == nil {
		return formatJSON(doc, indent)
	}
	patch(doc, indent, 0)
	out := doc.src.Pack()
	// patch has moved the file's members: doc no longer knows where they
	// are, and a second writeBack writes it anew.
	doc.src = nil
	return out
}

// patch makes the file's tree at n.src hold n's members or items as they
// are now: a member or item still there is kept as written (and patched in
// turn), one dropped goes, one added is written anew. depth is how deep n
// is: its line is indented depth times.
func patch(n *jnode, indent string, depth int) {
	switch t := n.src.Value.(type) {
	case *hujson.Object:
		patchObject(n, t, indent, depth)
	case *hujson.Array:
		patchArray(n, t, indent, depth)
	}
}

func patchObject(n *jnode, obj *hujson.Object, indent string, depth int) {
	if slices.EqualFunc(n.was, n.members, func(a, b jmember) bool { return a.key == b.key && a.val == b.val }) {
		for _, m := range n.members {
			if m.val.object || m.val.array {
				patch(m.val, indent, depth+1)
			}
		}
		return // the members as read: nothing to rebuild here
	}
	prefix := strings.Repeat(indent, depth)
	inner := prefix + indent
	var out []hujson.ObjectMember
	var carry hujson.Extra // a dropped member's first line's comment
	for _, st := range align(len(n.was), len(n.members), func(i, j int) bool { return n.was[i].key == n.members[j].key }) {
		switch {
		case st.old >= 0 && st.new >= 0:
			now := n.members[st.new].val
			if now == n.was[st.old].val {
				if now.object || now.array {
					patch(now, indent, depth+1)
				}
			} else {
				obj.Members[st.old].Value.Value = anew(now, indent, inner)
			}
			m := obj.Members[st.old]
			m.Name.BeforeExtra = join(carry, m.Name.BeforeExtra)
			out, carry = append(out, m), nil
		case st.old >= 0:
			carry = join(carry, sameLine(obj.Members[st.old].Name.BeforeExtra))
		default:
			m := n.members[st.new]
			out = append(out, hujson.ObjectMember{
				Name:  hujson.Value{BeforeExtra: join(carry, hujson.Extra("\n"+inner)), Value: hujson.Literal(m.rawKey)},
				Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: anew(m.val, indent, inner)},
			})
			carry = nil
		}
	}
	obj.Members = out
	var last *hujson.Value
	var lead hujson.Extra
	if len(out) > 0 {
		last, lead = &out[len(out)-1].Value, out[len(out)-1].Name.BeforeExtra
	}
	closeComposite(last, lead, &obj.AfterExtra, carry, prefix)
}

func patchArray(n *jnode, arr *hujson.Array, indent string, depth int) {
	if slices.Equal(n.wasItems, n.items) {
		for _, it := range n.items {
			if it.object || it.array {
				patch(it, indent, depth+1)
			}
		}
		return
	}
	prefix := strings.Repeat(indent, depth)
	inner := prefix + indent
	var out []hujson.Value
	var carry hujson.Extra
	for _, st := range align(len(n.wasItems), len(n.items), func(i, j int) bool { return n.wasItems[i] == n.items[j] }) {
		switch {
		case st.old >= 0 && st.new >= 0:
			if it := n.items[st.new]; it.object || it.array {
				patch(it, indent, depth+1)
			}
			e := arr.Elements[st.old]
			e.BeforeExtra = join(carry, e.BeforeExtra)
			out, carry = append(out, e), nil
		case st.old >= 0:
			carry = join(carry, sameLine(arr.Elements[st.old].BeforeExtra))
		default:
			out = append(out, hujson.Value{BeforeExtra: join(carry, hujson.Extra("\n"+inner)), Value: anew(n.items[st.new], indent, inner)})
			carry = nil
		}
	}
	arr.Elements = out
	var last *hujson.Value
	var lead hujson.Extra
	if len(out) > 0 {
		last, lead = &out[len(out)-1], out[len(out)-1].BeforeExtra
	}
	closeComposite(last, lead, &arr.AfterExtra, carry, prefix)
}

// closeComposite ends an edited object or array: no trailing comma (hujson
// writes one after a last value with AfterExtra set), a dropped last
// member's comment kept, the closing bracket on a line of its own when the
// members are (lead is the space before the last one), and {} or [] when
// none is left.
func closeComposite(last *hujson.Value, lead hujson.Extra, after *hujson.Extra, carry hujson.Extra, prefix string) {
	if last == nil {
		if len(bytes.TrimSpace(join(carry, *after))) == 0 {
			*after = nil
			return
		}
	} else if last.AfterExtra != nil {
		*after, last.AfterExtra = join(last.AfterExtra, *after), nil
	}
	*after = join(carry, *after)
	if last != nil && !bytes.Contains(*after, []byte("\n")) && bytes.Contains(lead, []byte("\n")) {
		*after = join(*after, hujson.Extra("\n"+prefix))
	}
}

// anew is n written anew as a value of the file's tree: its text, which
// Pack writes as it is.
func anew(n *jnode, indent, prefix string) hujson.ValueTrimmed {
	var b bytes.Buffer
	writeJSON(&b, n, indent, prefix)
	return hujson.Literal(b.Bytes())
}

// sameLine is the part of the space before a dropped member that ends the
// line before it, when it holds a comment: that comment is the previous
// line's and stays.
func sameLine(e hujson.Extra) hujson.Extra {
	line, _, _ := bytes.Cut(e, []byte("\n"))
	if !bytes.Contains(line, []byte("//")) && !bytes.Contains(line, []byte("/*")) {
		return nil
	}
	return slices.Clone(hujson.Extra(line))
}

// join is a followed by b, in a new slice.
func join(a, b hujson.Extra) hujson.Extra {
	if a == nil {
		return b
	}
	return append(slices.Clone(a), b...)
}

// step pairs a member or item as read (old) with one as it is now (new);
// -1 on either side is one dropped or added.
type step struct{ old, new int }

// maxAlignCells bounds the table align fills for the part of two lists
// that differs; past it, that part is dropped and added whole.
const maxAlignCells = 1 << 20

// align pairs the elements of two lists that eq calls the same, in order,
// keeping as many as it can (a longest common subsequence), after the
// common head and tail, which cost one pass.
func align(a, b int, eq func(i, j int) bool) []step {
	head := 0
	for head < a && head < b && eq(head, head) {
		head++
	}
	tail := 0
	for tail < a-head && tail < b-head && eq(a-1-tail, b-1-tail) {
		tail++
	}
	steps := make([]step, 0, max(a, b))
	for i := range head {
		steps = append(steps, step{i, i})
	}
	steps = append(steps, alignMiddle(head, a-tail, head, b-tail, eq)...)
	for k := tail; k > 0; k-- {
		steps = append(steps, step{a - k, b - k})
	}
	return steps
}

// alignMiddle aligns a[a0:a1] with b[b0:b1].
func alignMiddle(a0, a1, b0, b1 int, eq func(i, j int) bool) []step {
	na, nb := a1-a0, b1-b0
	var steps []step
	if na*nb == 0 || (na+1)*(nb+1) > maxAlignCells {
		for i := a0; i < a1; i++ {
			steps = append(steps, step{i, -1})
		}
		for j := b0; j < b1; j++ {
			steps = append(steps, step{-1, j})
		}
		return steps
	}
	// lcs[i][j] is the longest common subsequence of a[a0+i:] and b[b0+j:].
	lcs := make([][]int, na+1)
	for i := range lcs {
		lcs[i] = make([]int, nb+1)
	}
	for i := na - 1; i >= 0; i-- {
		for j := nb - 1; j >= 0; j-- {
			if eq(a0+i, b0+j) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < na || j < nb {
		switch {
		case i < na && j < nb && eq(a0+i, b0+j):
			steps = append(steps, step{a0 + i, b0 + j})
			i, j = i+1, j+1
		case j == nb || (i < na && lcs[i+1][j] >= lcs[i][j+1]):
			steps = append(steps, step{a0 + i, -1})
			i++
		default:
			steps = append(steps, step{-1, b0 + j})
			j++
		}
	}
	return steps
}
