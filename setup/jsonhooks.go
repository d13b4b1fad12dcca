package setup

import (
	"fmt"
	"slices"
)

// commandKeys are the keys a hook handler keeps its shell command under:
// "command" (Claude Code, Codex, Gemini CLI, Cursor), "bash" (Copilot CLI).
var commandKeys = []string{"command", "bash"}

// isPermgateHandler reports a hook handler that runs `permgate hook NAME`.
func isPermgateHandler(n *jnode, harness string) bool {
	if n == nil || !n.object {
		return false
	}
	for _, k := range commandKeys {
		if s, ok := n.get(k).str(); ok {
			if _, mine := permgateHook(s, harness); mine {
				return true
			}
		}
	}
	return false
}

// dropPermgate removes permgate's handlers for harness from one event's list:
// a handler in the list itself (Cursor, Copilot) or inside a group's "hooks"
// list (Claude Code, Codex, Gemini CLI); a group left with no handler goes
// too. It returns the index where the first removed entry stood (-1 when
// nothing was removed).
func dropPermgate(list *jnode, harness string) int {
	at := -1
	var kept []*jnode
	for _, entry := range list.items {
		if isPermgateHandler(entry, harness) {
			if at < 0 {
				at = len(kept)
			}
			continue
		}
		if inner := entry.get("hooks"); entry.object && inner != nil && inner.array {
			before := len(inner.items)
			inner.items = slices.DeleteFunc(inner.items, func(h *jnode) bool { return isPermgateHandler(h, harness) })
			if len(inner.items) < before {
				if at < 0 {
					at = len(kept)
				}
				if len(inner.items) == 0 {
					continue
				}
			}
		}
		kept = append(kept, entry)
	}
	list.items = kept
	return at
}

// handlers are the hook handlers of one entry of an event's list: the entry
// itself (Cursor, Copilot) and the handlers of its "hooks" list when it is a
// group (Claude Code, Codex, Gemini CLI).
func handlers(entry *jnode) []*jnode {
	out := []*jnode{entry}
	if inner := entry.get("hooks"); entry.object && inner != nil && inner.array {
		out = append(out, inner.items...)
	}
	return out
}

// holdsPermgate reports whether an entry of an event's list is, or holds,
// permgate's handler for harness.
func holdsPermgate(entry *jnode, harness string) bool {
	return slices.ContainsFunc(handlers(entry), func(h *jnode) bool { return isPermgateHandler(h, harness) })
}

// hooksTable returns the document's "hooks" object, creating it when create
// is set; an error when it is there and not an object.
func hooksTable(path string, doc *jnode, create bool) (*jnode, error) {
	hooks := doc.get("hooks")
	switch {
	case hooks == nil && create:
		hooks = &jnode{object: true}
		doc.set("hooks", hooks)
	case hooks == nil:
		return nil, nil
	case !hooks.object:
		return nil, fmt.Errorf("%s: \"hooks\" is not an object; permgate does not edit it", path)
	}
	return hooks, nil
}

// mergeJSON adds the snippet's hooks (a settings document holding "hooks":
// {EVENT: [entries]} and maybe other top-level keys such as "version") to doc;
// a top-level key doc already holds with another value is an error.
// Every other setting and every order stays. For each event, permgate's
// handlers already there are replaced by the snippet's entries, at the place
// of the first; an event that already holds exactly them is left alone. It
// reports whether doc changed.
func mergeJSON(path string, doc, snippet *jnode, harness string) (bool, error) {
	want, _ := hooksTable("snippet", snippet, false)
	if want == nil {
		return false, fmt.Errorf("the %s settings snippet has no hooks", harness)
	}
	changed, err := mergeTopLevel(path, doc, snippet)
	if err != nil {
		return false, err
	}
	hooks, err := hooksTable(path, doc, true)
	if err != nil {
		return false, err
	}
	for _, ev := range want.members {
		evChanged, err := mergeEvent(path, hooks, ev, harness)
		if err != nil {
			return false, err
		}
		changed = changed || evChanged
	}
	return changed, nil
}

// mergeTopLevel adds the snippet's top-level keys but "hooks" to doc; one
// doc holds with another value is an error. It reports whether doc changed.
func mergeTopLevel(path string, doc, snippet *jnode) (bool, error) {
	changed := false
	for _, m := range snippet.members {
		if m.key == "hooks" {
			continue
		}
		switch have := doc.get(m.key); {
		case have == nil:
			doc.set(m.key, m.val)
			changed = true
		case compact(have) != compact(m.val):
			// A hooks file of another version is read otherwise: entries
			// added in this one's form may gate nothing.
			return false, fmt.Errorf("%s: %s is %s, where permgate's hook needs %s; permgate does not edit it", path, jsonQuote(m.key), compact(have), compact(m.val))
		}
	}
	return changed, nil
}

// mergeEvent puts the snippet's entries for one event (ev) in doc's hooks
// table: where permgate's first handler was, its handlers dropped, or at
// the end; an event list that already holds exactly them is left alone. It
// reports whether the list changed.
func mergeEvent(path string, hooks *jnode, ev jmember, harness string) (bool, error) {
	list := hooks.get(ev.key)
	if list == nil {
		list = &jnode{array: true}
		hooks.set(ev.key, list)
	}
	if !list.array {
		return false, fmt.Errorf("%s: \"hooks\".%s is not a list; permgate does not edit it", path, jsonQuote(ev.key))
	}
	if holdsExactly(list, ev.val.items, harness) {
		return false, nil
	}
	at := dropPermgate(list, harness)
	if at < 0 {
		at = len(list.items)
	}
	list.items = slices.Insert(list.items, at, ev.val.items...)
	return true, nil
}

// holdsExactly reports whether an event's list holds the wanted entries and
// no other permgate handler for harness.
func holdsExactly(list *jnode, wanted []*jnode, harness string) bool {
	found := 0
	for _, entry := range list.items {
		for _, w := range wanted {
			if compact(entry) == compact(w) {
				found++
			}
		}
	}
	if found != len(wanted) {
		return false
	}
	mine := 0
	for _, entry := range list.items {
		if holdsPermgate(entry, harness) {
			mine++
		}
	}
	return mine == len(wanted)
}

// removeJSON takes permgate's handlers for harness out of every event of doc;
// an event list or a "hooks" object left empty by it goes too. It reports
// whether doc changed.
func removeJSON(path string, doc *jnode, harness string) (bool, error) {
	hooks, err := hooksTable(path, doc, false)
	if err != nil || hooks == nil {
		return false, err
	}
	changed := false
	for _, ev := range slices.Clone(hooks.members) {
		if !ev.val.array {
			continue
		}
		if dropPermgate(ev.val, harness) >= 0 {
			changed = true
			if len(ev.val.items) == 0 {
				hooks.remove(ev.key)
			}
		}
	}
	if changed && len(hooks.members) == 0 {
		doc.remove("hooks")
	}
	return changed, nil
}

// jsonRegistered returns the commands of permgate's handlers for harness in
// doc, by event.
func jsonRegistered(doc *jnode, harness string) map[string][]string {
	out := map[string][]string{}
	hooks := doc.get("hooks")
	if hooks == nil || !hooks.object {
		return out
	}
	add := func(ev string, h *jnode) {
		if !isPermgateHandler(h, harness) {
			return
		}
		for _, k := range commandKeys {
			if s, ok := h.get(k).str(); ok {
				out[ev] = append(out[ev], s)
				return
			}
		}
	}
	for _, ev := range hooks.members {
		if !ev.val.array {
			continue
		}
		for _, entry := range ev.val.items {
			for _, h := range handlers(entry) {
				add(ev.key, h)
			}
		}
	}
	return out
}

// onlyVersion reports a document with nothing left but a "version" (and
// perhaps an empty "hooks"): a hooks file that held only permgate's hook.
func onlyVersion(doc *jnode) bool {
	for _, m := range doc.members {
		switch {
		case m.key == "version":
		case m.key == "hooks" && m.val.object && len(m.val.members) == 0:
		default:
			return false
		}
	}
	return true
}
