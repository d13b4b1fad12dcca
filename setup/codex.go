package setup

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// tomlMarker is the comment line above the hook block permgate writes into a
// TOML settings file.
const tomlMarker = "# permgate: the hook below is permgate's (`permgate uninstall codex` removes it)"

// parseTOML decodes a TOML settings file; an error names its file and line.
func parseTOML(path string, data []byte) (map[string]any, error) {
	doc := map[string]any{}
	if err := toml.Unmarshal(data, &doc); err != nil {
		var derr *toml.DecodeError
		if errors.As(err, &derr) {
			line, _ := derr.Position()
			return nil, fmt.Errorf("%s:%d: not valid TOML: %s; permgate leaves it unchanged", path, line, strings.TrimPrefix(derr.Error(), "toml: "))
		}
		return nil, fmt.Errorf("%s: not valid TOML: %v; permgate leaves it unchanged", path, err)
	}
	return doc, nil
}

// tomlAsJSON is a decoded TOML document as a JSON one, for finding permgate's
// handlers in it the way a JSON settings file is searched. A document JSON
// cannot hold (a nan or inf value, nesting past maxJSONDepth) is an error, not
// an empty document: one that was not read whole is not searched.
func tomlAsJSON(path string, doc map[string]any) (*jnode, error) {
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("%s: permgate cannot search it for its hook (%v); permgate leaves it unchanged", path, err)
	}
	return parseJSON(path, data)
}

// tomlDoc decodes a TOML settings file as a JSON document (tomlAsJSON).
func tomlDoc(path string, data []byte) (*jnode, error) {
	m, err := parseTOML(path, data)
	if err != nil {
		return nil, err
	}
	return tomlAsJSON(path, m)
}

// tomlSection is one table header of a TOML file and the text under it: from
// the start of the header's line to the start of the next header's.
type tomlSection struct {
	key        []string
	array      bool
	start, end int
}

// tomlSections lists the table headers of text in order.
func tomlSections(text string) ([]tomlSection, error) {
	var p unstable.Parser
	p.Reset([]byte(text))
	var out []tomlSection
	for p.NextExpression() {
		e := p.Expression()
		if e.Kind != unstable.Table && e.Kind != unstable.ArrayTable {
			continue
		}
		var key []string
		first := -1
		for it := e.Key(); it.Next(); {
			n := it.Node()
			if first < 0 {
				first = int(n.Raw.Offset)
			}
			key = append(key, string(n.Data))
		}
		start := strings.LastIndexByte(text[:first], '\n') + 1
		if len(out) > 0 {
			out[len(out)-1].end = start
		}
		out = append(out, tomlSection{key: key, array: e.Kind == unstable.ArrayTable, start: start, end: len(text)})
	}
	if err := p.Error(); err != nil {
		return nil, err
	}
	return out, nil
}

// span is a byte range of a text to cut.
type span struct{ start, end int }

// tomlPermgateSpans finds the text that registers permgate's hook for harness
// under [[hooks.EVENT]] groups: a whole group when all its handlers are
// permgate's, else each [[hooks.EVENT.hooks]] handler table that is. It
// returns the spans and the groups' text when whole groups.
func tomlPermgateSpans(text, harness string) ([]span, error) {
	secs, err := tomlSections(text)
	if err != nil {
		return nil, err
	}
	var cuts []span
	for i := 0; i < len(secs); i++ {
		g := secs[i]
		if !g.array || len(g.key) != 2 || g.key[0] != "hooks" {
			continue
		}
		j := groupEnd(secs, i)
		cuts = append(cuts, groupCuts(text, secs[i:j], harness)...)
		i = j - 1
	}
	return cuts, nil
}

// groupEnd is the index after the last table of the [[hooks.EVENT]] group
// at secs[i]: the group runs over the tables below it, [[hooks.EVENT.hooks]] …
func groupEnd(secs []tomlSection, i int) int {
	j := i + 1
	for j < len(secs) && len(secs[j].key) > 2 && slices.Equal(secs[j].key[:2], secs[i].key) {
		j++
	}
	return j
}

// groupCuts is what to cut of one [[hooks.EVENT]] group (its header, then
// its tables): nothing when it does not register permgate's hook, the whole
// group (with permgate's marker) when all its handlers are permgate's, else
// those handlers.
func groupCuts(text string, group []tomlSection, harness string) []span {
	g, end := group[0], group[len(group)-1].end
	doc, err := tomlDoc("", []byte(text[g.start:end]))
	if err != nil || len(jsonRegistered(doc, harness)) == 0 {
		return nil
	}
	handlers, mine := permgateHandlers(text, group, harness)
	if len(mine) == handlers {
		return []span{{withMarker(text, g.start), end}}
	}
	return mine
}

// permgateHandlers counts the [[hooks.EVENT.hooks]] handler tables of a
// group and returns the spans of those that register permgate's hook.
func permgateHandlers(text string, group []tomlSection, harness string) (handlers int, mine []span) {
	header := "[[" + strings.Join(group[0].key, ".") + "]]\n"
	for _, s := range group[1:] {
		if !s.array || len(s.key) != 3 || s.key[2] != "hooks" {
			continue
		}
		handlers++
		doc, err := tomlDoc("", []byte(header+text[s.start:s.end]))
		if err == nil && len(jsonRegistered(doc, harness)) > 0 {
			mine = append(mine, span{s.start, s.end})
		}
	}
	return handlers, mine
}

// withMarker moves start back over permgate's marker comment above a group,
// and the blank line permgate wrote before it.
func withMarker(text string, start int) int {
	prev := strings.LastIndexByte(text[:max(start-1, 0)], '\n') + 1
	if start > 0 && strings.TrimRight(text[prev:start], "\r\n") == tomlMarker {
		start = prev
		if start >= 1 && (start == 1 || text[start-2] == '\n') && text[start-1] == '\n' {
			start--
		}
	}
	return start
}

// cutSpans removes the spans (in order, not overlapping) from text.
func cutSpans(text string, cuts []span) string {
	var b strings.Builder
	at := 0
	for _, c := range cuts {
		c.start = max(c.start, at)
		b.WriteString(text[at:c.start])
		at = c.end
	}
	b.WriteString(text[at:])
	return b.String()
}

// removeTOML takes permgate's hook for harness out of a TOML settings text.
// A registration in a form permgate does not edit (inline tables, dotted keys)
// is an error naming the file: it is left for a person to remove.
func removeTOML(path, text, harness string) (string, error) {
	cuts, err := tomlPermgateSpans(text, harness)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	out := cutSpans(text, cuts)
	m, err := parseTOML(path, []byte(out))
	if err != nil {
		return "", fmt.Errorf("removing permgate's hook would break %s (%v); it is unchanged: remove the hook by hand", path, err)
	}
	doc, err := tomlAsJSON(path, m)
	if err != nil {
		return "", err
	}
	if len(jsonRegistered(doc, harness)) > 0 {
		return "", fmt.Errorf("%s registers permgate's hook in a form permgate does not edit (inline tables or dotted keys); it is unchanged: remove the hook by hand", path)
	}
	return out, nil
}

// mergeTOML registers permgate's hook (block, the harness's TOML snippet)
// in a TOML settings text: permgate's blocks already there are removed and
// the block is added at the end, after the marker comment. Text that already
// holds exactly the block, once, is returned unchanged.
func mergeTOML(path, text, block, harness string) (string, error) {
	full := tomlMarker + "\n" + block
	if strings.Count(text, full) == 1 {
		if cuts, err := tomlPermgateSpans(text, harness); err == nil && len(cuts) == 1 {
			return text, nil
		}
	}
	out, err := removeTOML(path, text, harness)
	if err != nil {
		return "", err
	}
	out = strings.TrimRight(out, "\n")
	if out != "" {
		out += "\n\n"
	}
	out += full
	if _, err := parseTOML(path, []byte(out)); err != nil {
		return "", fmt.Errorf("%s holds its hooks in a form permgate cannot add to (%v); it is unchanged: add the hook by hand (permgate hook %s --print-config)", path, err, harness)
	}
	return out, nil
}

// tomlBlock is the TOML snippet without its comment lines, ending in a
// newline.
func tomlBlock(snippet string) string {
	var lines []string
	for _, l := range strings.Split(snippet, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") || strings.TrimSpace(l) == "" {
			continue
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n") + "\n"
}
