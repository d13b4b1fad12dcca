package setup

import (
	"errors"
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// shellGate says, for one harness, where a hook sees a shell tool call
// before it runs: the events, the shell tool's name a matcher must take,
// whether the hooks file must say "version": 1 (Cursor, Copilot CLI), and
// whether a handler may have no "type" (Cursor's have none).
type shellGate struct {
	events  []string
	shell   string
	version bool
	untyped bool
}

// shellGates are the harnesses' pre-tool events and shell tool names.
var shellGates = lazy.Value[map[string]shellGate]{Make: func() map[string]shellGate {
	return map[string]shellGate{
		"claude":  {[]string{"PreToolUse"}, "Bash", false, false},
		"codex":   {[]string{"PreToolUse"}, "Bash", false, false},
		"gemini":  {[]string{"BeforeTool"}, "run_shell_command", false, false},
		"cursor":  {[]string{"beforeShellExecution", "preToolUse"}, "Shell", true, true},
		"copilot": {[]string{"preToolUse"}, "bash", true, false},
	}
}}

// gatesShell reports whether doc registers permgate's hook where the
// harness's shell tool calls reach it: at a pre-tool event, in a group (or
// with a matcher) that takes the shell tool, as a handler of type "command",
// in a file of version 1 where the harness wants one. A hook registered only
// elsewhere (a matcher "Read", an afterFileEdit, a "type": "prompt") is
// found by jsonRegistered yet gates nothing.
func gatesShell(doc *jnode, harness string) bool {
	g, ok := shellGates.Get()[harness]
	if !ok {
		return true // nothing known to check
	}
	if !g.versionOK(doc.get("version")) {
		return false
	}
	hooks := doc.get("hooks")
	if hooks == nil || !hooks.object {
		return false
	}
	for _, ev := range hooks.members {
		if ev.val.array && slices.Contains(g.events, ev.key) && g.entriesGate(ev.val, ev.key, harness) {
			return true
		}
	}
	return false
}

// versionOK reports a hooks file's "version" (v, nil when there is none)
// that the harness takes: any when it wants none, else 1.
func (g shellGate) versionOK(v *jnode) bool {
	return !g.version || v != nil && !v.object && !v.array && strings.TrimSpace(v.raw) == "1"
}

// entriesGate reports that one of an event's entries — a handler, or a
// group of handlers under a matcher — runs permgate's hook for harness's
// shell tool.
func (g shellGate) entriesGate(entries *jnode, event, harness string) bool {
	for _, entry := range entries.items {
		if g.handlerGates(entry, event, harness) || g.groupGates(entry, event, harness) {
			return true
		}
	}
	return false
}

// groupGates reports a group of handlers ("hooks") whose matcher takes the
// shell tool and which holds a handler that gates it.
func (g shellGate) groupGates(entry *jnode, event, harness string) bool {
	inner := entry.get("hooks")
	if !entry.object || inner == nil || !inner.array || !matchesShell(entry.get("matcher"), event, g) {
		return false
	}
	return slices.ContainsFunc(inner.items, func(h *jnode) bool { return g.handlerGates(h, event, harness) })
}

// handlerGates reports a handler that runs permgate's hook for harness's
// shell tool: its matcher takes it, and it is of type "command" (or has no
// type, where the harness allows that).
func (g shellGate) handlerGates(h *jnode, event, harness string) bool {
	if !isPermgateHandler(h, harness) || !matchesShell(h.get("matcher"), event, g) {
		return false
	}
	typ := h.get("type")
	if typ == nil {
		return g.untyped
	}
	t, isStr := typ.str()
	return isStr && t == "command"
}

// matchesShell reports a matcher that takes the shell tool: none, "", "*",
// or a pattern that matches its whole name. At Cursor's
// beforeShellExecution, whose matcher is not documented, only none does.
func matchesShell(m *jnode, event string, g shellGate) bool {
	if m == nil {
		return true
	}
	s, ok := m.str()
	if !ok {
		return false
	}
	if event == "beforeShellExecution" {
		return s == "" || s == "*"
	}
	if s == "" || s == "*" {
		return true
	}
	re, err := regexp.Compile("^(?:" + s + ")$")
	return err == nil && re.MatchString(g.shell)
}

// claudeHooksOff fails a Claude Code settings file in dir that sets
// "disableAllHooks": true: Claude Code then runs no hook, permgate's
// (registered in any other file) included — a repository can ship one in its
// .claude/settings.json. A project's settings.json and settings.local.json
// count; in the user's directory only settings.json does, as Claude Code
// (2.1.328, verified by compat/suite) reads a settings.local.json only in
// the project it runs in — the home's, then, when that is the home itself. A
// file doctorHarness has read is taken from docs; one it has not
// (settings.local.json) is read here, and one that cannot be read or parsed
// is a ✘: whether it turns the hooks off is unknown.
func (e *Env) claudeHooksOff(dir string, project bool, docs map[string]*jnode) []Check {
	names := []string{"settings.json"}
	if project || e.projectIsHome() {
		names = append(names, "settings.local.json")
	}
	var out []Check
	for _, name := range names {
		p := filepath.Join(dir, name)
		doc, read := docs[p]
		if !read {
			var bad []Check
			doc, bad = e.doctorRead("claude", p, false, project, "")
			out = append(out, bad...)
		}
		if doc == nil {
			continue
		}
		if isTrue(doc.get("disableAllHooks")) {
			out = append(out, Check{Fail, "claude", p + " sets \"disableAllHooks\": true: Claude Code runs no hook, permgate's included",
				"remove \"disableAllHooks\" from " + p})
		}
	}
	return out
}

// projectIsHome reports that doctor runs in the home directory, or in a
// repository whose root it is: Claude Code started here takes the home's
// .claude for the project's.
func (e *Env) projectIsHome() bool {
	if e.Cwd == "" || e.Home == "" {
		return false
	}
	if sameFile(e.Cwd, e.Home) {
		return true
	}
	root, err := e.git("rev-parse", "--show-toplevel")
	return err == nil && sameFile(root, e.Home)
}

// claudeManaged checks Claude Code's managed settings — the managed file
// and the drop-ins of managed-settings.d beside it (2.1.328 reads both) —
// which override every other file: "disableAllHooks": true there runs no hook
// at all, "strictPluginOnlyCustomization" (true, or a list naming "hooks")
// runs only plugins' hooks, and "allowManagedHooksOnly": true runs only the
// hooks registered there, so a user's or a project's registration of
// permgate is ignored.
func (e *Env) claudeManaged() []Check {
	p := e.ClaudeManaged
	if p == "" {
		return nil
	}
	dropIns, _ := filepath.Glob(filepath.Join(filepath.Dir(p), "managed-settings.d", "*.json"))
	var out []Check
	managedOnly, registered := "", false
	for _, f := range append([]string{p}, dropIns...) {
		doc, bad := e.claudeManagedDoc(f)
		out = append(out, bad...)
		if doc == nil {
			continue
		}
		out = append(out, managedHooksOff(f, doc)...)
		if managedOnly == "" && isTrue(doc.get("allowManagedHooksOnly")) {
			managedOnly = f
		}
		registered = registered || gatesShell(doc, "claude")
	}
	if managedOnly != "" && !registered {
		out = append(out, Check{Fail, "claude", managedOnly + " (managed) sets \"allowManagedHooksOnly\": true and does not register permgate where Bash calls reach it: Claude Code ignores permgate's hook in your and the project's settings",
			"ask whoever manages this machine to register `permgate hook claude` in " + p})
	}
	return out
}

// managedHooksOff fails a managed settings file f that runs no hook
// ("disableAllHooks") or only plugins' ("strictPluginOnlyCustomization").
func managedHooksOff(f string, doc *jnode) []Check {
	var out []Check
	if isTrue(doc.get("disableAllHooks")) {
		out = append(out, Check{Fail, "claude", f + " (managed) sets \"disableAllHooks\": true: Claude Code runs no hook, permgate's included",
			"ask whoever manages this machine to remove it"})
	}
	if pluginsOnly(doc.get("strictPluginOnlyCustomization")) {
		out = append(out, Check{Fail, "claude", f + " (managed) sets \"strictPluginOnlyCustomization\" for hooks: Claude Code runs only plugins' hooks, not permgate's",
			"ask whoever manages this machine to take \"hooks\" out of it"})
	}
	return out
}

// isTrue reports a member (nil when absent) that is the JSON literal true.
func isTrue(v *jnode) bool { return v != nil && v.raw == "true" }

// claudeManagedDoc reads one managed settings file: nil and no check when
// it does not exist, nil and a warning when it cannot be read or parsed.
func (e *Env) claudeManagedDoc(p string) (*jnode, []Check) {
	data, err := e.readInstalled(p, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []Check{{Warn, "claude", "cannot read Claude Code's managed settings " + p + ": " + err.Error(), "ask whoever manages this machine what it sets for hooks"}}
	}
	doc, err := parseJSON(p, data)
	if err != nil {
		return nil, []Check{{Warn, "claude", err.Error(), "ask whoever manages this machine to correct it"}}
	}
	return doc, nil
}

// pluginsOnly reports a "strictPluginOnlyCustomization" that locks hooks:
// true, or a list holding "hooks".
func pluginsOnly(v *jnode) bool {
	if v == nil {
		return false
	}
	if v.raw == "true" {
		return true
	}
	return v.array && slices.ContainsFunc(v.items, func(it *jnode) bool { s, _ := it.str(); return s == "hooks" })
}

// claudeEnvHooksOff warns of the switches in doctor's own environment that
// start Claude Code without hooks: bare mode (CLAUDE_CODE_SIMPLE) and safe
// mode (CLAUDE_CODE_SAFE_MODE). A session started with --bare or
// --safe-mode runs none either, which no file shows.
func (e *Env) claudeEnvHooksOff() []Check {
	var out []Check
	for _, v := range []struct{ name, mode string }{{"CLAUDE_CODE_SIMPLE", "bare"}, {"CLAUDE_CODE_SAFE_MODE", "safe"}} {
		if envOn(e.getenv(v.name)) {
			out = append(out, Check{Warn, "claude", fmt.Sprintf("%s is set here: Claude Code started from this environment runs in %s mode, with no hooks, permgate's included", v.name, v.mode),
				"unset " + v.name})
		}
	}
	return out
}

// envOn reads an environment switch as Claude Code does: set and not 0,
// false, no or off.
func envOn(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}

// claudeFailsOpen says what still lets a call through permgate's hook in
// Claude Code (2.1.328, verified by compat/suite): a hook past its timeout is
// killed and the call runs, which no registered form can change. (A hook
// registered without the fail-closed guard, which also lets a missing or
// failing permgate through, is doctorCommand's warning.)
func claudeFailsOpen(file string) Check {
	return Check{Warn, "claude", "Claude Code runs the call when permgate's hook runs past the \"timeout\" " + file + " gives it: it stops the hook and goes on",
		"keep that timeout well above permgate's deadline"}
}

// geminiOwnBeforeTool reports a Gemini settings file with a BeforeTool list
// of its own under "hooks".
func geminiOwnBeforeTool(doc *jnode) bool {
	hooks := doc.get("hooks")
	if hooks == nil || !hooks.object {
		return false
	}
	bt := hooks.get("BeforeTool")
	return bt != nil && bt.array
}
