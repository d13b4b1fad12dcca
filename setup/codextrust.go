package setup

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Codex runs a hook from config.toml or hooks.json only once the user has
// trusted it: `/hooks` in its TUI (or its app-server's hooks/list and
// config/batchWrite) records, in config.toml,
//
//	[hooks.state."<file>:<event>:<group>:<handler>"]
//	trusted_hash = "sha256:…"
//
// where the hash is of the hook's definition: SHA-256 of the canonical JSON
// (keys sorted, no spaces) of {"event_name", "matcher", "hooks": [handler]},
// the handler with its timeout filled in (600 s when unset). A hook that is
// not trusted, or whose definition changed since (a re-install from another
// path), is skipped without a word. doctor computes the hash as Codex 0.169
// does and compares.

// codexHook is one command handler in a Codex hooks file, named as its
// hooks.state key names it.
type codexHook struct {
	// Event is the event as the file names it: "PreToolUse".
	Event          string
	Group, Handler int
	Command        string
	// Hash is the trust hash Codex computes for it; HashErr says why doctor
	// cannot compute it (a field whose part in the hash is not known).
	Hash    string
	HashErr error
}

// key is the hook's hooks.state key for the hooks file at path.
func (h codexHook) key(path string) string {
	return fmt.Sprintf("%s:%s:%d:%d", path, codexEventLabel(h.Event), h.Group, h.Handler)
}

// codexEventLabel is an event's name in hooks.state keys and in the hash:
// PreToolUse → pre_tool_use.
func codexEventLabel(event string) string {
	var b strings.Builder
	for i, r := range event {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codexHashedEvents are the events whose hooks' hashes doctor computes:
// those permgate registers, whose matcher Codex keeps in the hash (checked
// against the hashes Codex 0.169 reported).
var codexHashedEvents = []string{"PreToolUse", "PermissionRequest"}

// codexHooks lists the command handlers of a decoded hooks document (the
// value of config.toml's "hooks" table, or of hooks.json's "hooks" object),
// with their trust hashes.
func codexHooks(hooks map[string]any) []codexHook {
	events := make([]string, 0, len(hooks))
	for ev := range hooks {
		events = append(events, ev)
	}
	slices.Sort(events)
	var out []codexHook
	for _, ev := range events {
		groups, ok := tables(hooks[ev])
		if !ok {
			continue // hooks.state, or a value Codex would refuse
		}
		for gi, group := range groups {
			handlers, _ := tables(group["hooks"])
			for hi, handler := range handlers {
				if t, _ := handler["type"].(string); t != "command" {
					continue
				}
				command, _ := handler["command"].(string)
				hook := codexHook{Event: ev, Group: gi, Handler: hi, Command: command}
				hook.Hash, hook.HashErr = codexHookHash(ev, group["matcher"], handler)
				out = append(out, hook)
			}
		}
	}
	return out
}

// tables reads an array of tables as TOML (an array of tables) or JSON (an
// array) decodes it; an entry that is not a table is an empty one.
func tables(v any) ([]map[string]any, bool) {
	switch x := v.(type) {
	case []map[string]any:
		return x, true
	case []any:
		out := make([]map[string]any, len(x))
		for i, e := range x {
			out[i], _ = e.(map[string]any)
		}
		return out, true
	}
	return nil, false
}

// codexHookHash is the trust hash Codex 0.169 computes for one command
// handler of a group at event.
func codexHookHash(event string, matcher any, handler map[string]any) (string, error) {
	norm, err := codexNormalHandler(handler)
	if err != nil {
		return "", err
	}
	if !slices.Contains(codexHashedEvents, event) {
		return "", fmt.Errorf("doctor knows Codex's hash of %s hooks only", strings.Join(codexHashedEvents, " and "))
	}
	identity := map[string]any{"event_name": codexEventLabel(event), "hooks": []any{norm}}
	if matcher != nil {
		m, ok := matcher.(string)
		if !ok {
			return "", errors.New("its group's matcher is not a string")
		}
		identity["matcher"] = m
	}
	var b strings.Builder
	canonicalJSON(&b, identity)
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// codexNormalHandler is a command handler as Codex 0.169 hashes it: its
// type and command, its timeout and async (defaults filled in) and its
// statusMessage when it has one. A field of the wrong type is an error, and
// so is one whose part in the hash doctor does not know.
func codexNormalHandler(handler map[string]any) (map[string]any, error) {
	command, ok := handler["command"].(string)
	if !ok {
		return nil, errors.New("its command is not a string")
	}
	timeout, err := codexTimeout(handler)
	if err != nil {
		return nil, err
	}
	norm := map[string]any{"type": "command", "command": command, "timeout": timeout}
	async, ok := handler["async"].(bool)
	if _, set := handler["async"]; set && !ok {
		return nil, errors.New("its async is not true or false")
	}
	norm["async"] = async
	if v, set := handler["statusMessage"]; set {
		s, ok := v.(string)
		if !ok {
			return nil, errors.New("its statusMessage is not a string")
		}
		norm["statusMessage"] = s
	}
	if _, set := handler["additionalContextLimit"]; set {
		return nil, errors.New("it sets additionalContextLimit, whose part in Codex's hash doctor does not know")
	}
	return norm, nil
}

// codexTimeout is a handler's timeout in whole seconds as Codex 0.169 reads
// it: "timeout" only (a "timeoutSec" is ignored), 600 when unset, at least 1.
func codexTimeout(handler map[string]any) (int64, error) {
	v, set := handler["timeout"]
	if !set {
		return 600, nil
	}
	n, ok := codexInt(v)
	if !ok || n < 0 {
		return 0, errors.New("its timeout is not a whole number of seconds")
	}
	return max(n, 1), nil
}

// codexInt reads a whole number decoded from TOML (int64) or JSON (float64).
func codexInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case float64:
		if n == float64(int64(n)) {
			return int64(n), true
		}
	}
	return 0, false
}

// canonicalJSON writes v as serde_json writes it after Codex sorts the keys:
// no spaces, keys in byte order, strings escaped as serde_json escapes them.
func canonicalJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case map[string]any:
		canonicalObject(b, x)
	case []any:
		canonicalArray(b, x)
	case string:
		serdeString(b, x)
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	}
}

// canonicalObject writes an object for canonicalJSON, its keys sorted.
func canonicalObject(b *strings.Builder, x map[string]any) {
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(x)) {
		if i > 0 {
			b.WriteByte(',')
		}
		serdeString(b, k)
		b.WriteByte(':')
		canonicalJSON(b, x[k])
	}
	b.WriteByte('}')
}

// canonicalArray writes an array for canonicalJSON.
func canonicalArray(b *strings.Builder, x []any) {
	b.WriteByte('[')
	for i, e := range x {
		if i > 0 {
			b.WriteByte(',')
		}
		canonicalJSON(b, e)
	}
	b.WriteByte(']')
}

// serdeString writes s as a JSON string the way serde_json does: only the
// quote, the backslash and control characters are escaped (\b \f \n \r \t
// by name, the others as \u00xx); everything else, non-ASCII included, as
// it is.
func serdeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				fmt.Fprintf(b, `\u%04x`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}

// codexHookState is one hooks.state entry.
type codexHookState struct {
	trustedHash string
	disabled    bool
}

// codexStates reads config.toml's [hooks.state] tables.
func codexStates(config map[string]any) map[string]codexHookState {
	hooks, _ := config["hooks"].(map[string]any)
	state, _ := hooks["state"].(map[string]any)
	out := map[string]codexHookState{}
	for key, v := range state {
		entry, _ := v.(map[string]any)
		var s codexHookState
		s.trustedHash, _ = entry["trusted_hash"].(string)
		s.disabled = entry["enabled"] == false
		out[key] = s
	}
	return out
}

// codexTrust checks that Codex trusts and runs each of permgate's handlers in
// the hooks file at path (hooks, its decoded hooks), by the states of
// config.toml (config).
func codexTrust(path string, hooks map[string]any, config map[string]any) []Check {
	states := codexStates(config)
	var out []Check
	for _, h := range codexHooks(hooks) {
		if _, mine := permgateHook(h.Command, "codex"); mine {
			state, found := hookState(states, h, path)
			out = append(out, trustCheck(h, fmt.Sprintf("permgate's %s hook in %s", h.Event, path), state, found))
		}
	}
	return out
}

// hookState is what [hooks.state] records of hook h of the file at path:
// under the path as named, or as its links resolve.
func hookState(states map[string]codexHookState, h codexHook, path string) (codexHookState, bool) {
	if state, found := states[h.key(path)]; found {
		return state, true
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil || real == path {
		return codexHookState{}, false
	}
	state, found := states[h.key(real)]
	return state, found
}

// trustCheck judges Codex's trust of hook h (what names it) from its state
// (found: there is one): off, not known, not trusted, changed, trusted.
func trustCheck(h codexHook, what string, state codexHookState, found bool) Check {
	trust := "start codex, open /hooks and trust " + what + " (Codex's app-server: hooks/list, then config/batchWrite of its currentHash)"
	switch {
	case found && state.disabled:
		return Check{Fail, "codex", what + " is turned off in [hooks.state] (enabled = false): Codex never runs it", "turn it on in Codex's /hooks"}
	case h.HashErr != nil:
		return Check{Warn, "codex", fmt.Sprintf("%s: doctor cannot tell whether Codex trusts it (%v)", what, h.HashErr), "check it in Codex's /hooks"}
	case !found || state.trustedHash == "":
		return Check{Warn, "codex", what + " is not trusted: Codex skips it without a word, and permgate guards nothing there", trust}
	case state.trustedHash != h.Hash:
		return Check{Warn, "codex", what + " changed since Codex trusted it (a re-install from another path, or an edit): Codex skips it without a word until it is trusted again", trust}
	}
	return Check{OK, "codex", what + " is trusted (its hash in [hooks.state] matches)", ""}
}

// codexFeaturesOff fails a config.toml that turns Codex's hooks off:
// [features] hooks = false, or its older name codex_hooks = false; a
// profile that does so is a warning (it holds when that profile is used).
func codexFeaturesOff(path string, config map[string]any) []Check {
	var out []Check
	off := func(features any) string {
		f, _ := features.(map[string]any)
		for _, key := range []string{"hooks", "codex_hooks"} {
			if f[key] == false {
				return key
			}
		}
		return ""
	}
	if key := off(config["features"]); key != "" {
		out = append(out, Check{Fail, "codex", fmt.Sprintf("%s sets [features] %s = false: Codex runs no hook, permgate's included", path, key),
			fmt.Sprintf("remove %s = false from [features] in %s", key, path)})
	}
	profiles, _ := config["profiles"].(map[string]any)
	names := make([]string, 0, len(profiles))
	for name := range profiles {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		p, _ := profiles[name].(map[string]any)
		if key := off(p["features"]); key != "" {
			out = append(out, Check{Warn, "codex", fmt.Sprintf("%s: the profile %s sets features.%s = false: with it, Codex runs no hook", path, name, key),
				fmt.Sprintf("remove %s = false from [profiles.%s.features] in %s", key, name, path)})
		}
	}
	return out
}

// codexFailsOpen says what lets a call through in Codex 0.169 whatever
// permgate answers.
const codexFailsOpen = "what fails open in Codex: a hook it does not trust (or one changed since), a hook that runs past its timeout, " +
	"a hook that exits with a status other than 0 or 2 (a missing or crashed permgate, unless registered with `|| exit 2`), " +
	"and text typed with write_stdin into a program already running, which never reaches the hook"

// doctorCodex checks Codex's own switches for its hooks files: whether
// [features] turns hooks off, and whether Codex trusts each of permgate's
// handlers. The trust states are read from the user's config.toml (where
// Codex writes them) and from the file itself.
func (e *Env) doctorCodex(files []harnessFile, project bool) []Check {
	userConfig := filepath.Join(e.userHome("CODEX_HOME", ".codex"), "config.toml")
	states := map[string]any{}
	merge := func(config map[string]any) {
		hooks, _ := config["hooks"].(map[string]any)
		state, _ := hooks["state"].(map[string]any)
		for k, v := range state {
			states[k] = v
		}
	}
	if data, err := e.readInstalled(userConfig, false); err == nil {
		if config, err := parseTOML(userConfig, data); err == nil {
			merge(config)
		}
	}
	var out []Check
	for _, f := range files {
		data, err := e.readInstalled(f.path, project)
		if err != nil {
			continue // doctorHarness reported it
		}
		var doc map[string]any
		if f.toml {
			if doc, err = parseTOML(f.path, data); err != nil {
				continue
			}
			out = append(out, codexFeaturesOff(f.path, doc)...)
			merge(doc)
		} else if doc, err = decodeJSONMap(data); err != nil {
			continue
		}
		hooks, _ := doc["hooks"].(map[string]any)
		out = append(out, codexTrust(f.path, hooks, map[string]any{"hooks": map[string]any{"state": states}})...)
	}
	return append(out, Check{Warn, "codex", codexFailsOpen, ""})
}

// decodeJSONMap decodes a JSON object (Codex's hooks.json); numbers are
// float64, as codexInt reads them.
func decodeJSONMap(data []byte) (map[string]any, error) {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	return doc, nil
}

// removeCodexStates takes out of a Codex config.toml text the
// [hooks.state."KEY"] tables that Codex wrote when the user trusted
// permgate's hooks in the hooks file at hooksPath: once the hooks are gone
// they name nothing, and uninstall gives the file back as it was before
// install. Only tables of their own are cut (Codex writes one per hook);
// a state written another way is left as it is.
func removeCodexStates(text, hooksPath string, hooks map[string]any) (string, error) {
	keys := permgateStateKeys(hooksPath, hooks)
	if len(keys) == 0 {
		return text, nil
	}
	secs, err := tomlSections(text)
	if err != nil {
		return "", err
	}
	var cuts []span
	for _, s := range secs {
		if isStateTable(s, keys) {
			cuts = append(cuts, ownLines(text, s))
		}
	}
	return cutSpans(text, cuts), nil
}

// permgateStateKeys are the [hooks.state] keys of permgate's hooks in the
// hooks file at hooksPath: under the path as named and as its links resolve.
func permgateStateKeys(hooksPath string, hooks map[string]any) map[string]bool {
	keys := map[string]bool{}
	real, err := filepath.EvalSymlinks(hooksPath)
	if err != nil {
		real = hooksPath
	}
	for _, h := range codexHooks(hooks) {
		if _, mine := permgateHook(h.Command, "codex"); mine {
			keys[h.key(hooksPath)], keys[h.key(real)] = true, true
		}
	}
	return keys
}

// isStateTable reports a [hooks.state."KEY"] table of its own for one of keys.
func isStateTable(s tomlSection, keys map[string]bool) bool {
	return !s.array && len(s.key) == 3 && s.key[0] == "hooks" && s.key[1] == "state" && keys[s.key[2]]
}

// ownLines is a table's own text: its header and the lines under it up to a
// blank or comment line (a comment belongs to what follows it: permgate's
// marker above its hooks), with the blank line Codex writes before a table
// it adds.
func ownLines(text string, s tomlSection) span {
	end := s.start
	for i, line := range strings.SplitAfter(text[s.start:s.end], "\n") {
		trimmed := strings.TrimSpace(line)
		if i > 0 && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			break
		}
		end += len(line)
	}
	start := s.start
	if start >= 2 && text[start-2:start] == "\n\n" {
		start--
	}
	return span{start, end}
}
