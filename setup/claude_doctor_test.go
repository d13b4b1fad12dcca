package setup

import (
	"path/filepath"
	"strings"
	"testing"
)

// isFailOpenNote reports doctor's note of what lets a call through Claude
// Code's hook (claudeFailsOpen), which every registered command gets.
func isFailOpenNote(c Check) bool {
	return c.Subject == "claude" && strings.HasPrefix(c.Message, "Claude Code runs the call when")
}

// TestClaudeFailsOpen: every registered command gets one note that a
// timeout lets the call run, guarded or not.
func TestClaudeFailsOpen(t *testing.T) {
	c := claudeFailsOpen("settings.json")
	if c.Status != Warn || !isFailOpenNote(c) || !strings.Contains(c.Message, "timeout") || !strings.Contains(c.Message, "settings.json") {
		t.Errorf("%+v, want a warning of the timeout", c)
	}
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`)
	mustRun(t, e, "claude", true)
	notes := 0
	for _, c := range Doctor(e) {
		if isFailOpenNote(c) {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("%d fail-open notes for one registered hook, want 1", notes)
	}
}

// TestClaudeEnvHooksOff: bare mode and safe mode, switched on in doctor's
// environment, are warned of; switched off, not.
func TestClaudeEnvHooksOff(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{}, nil},
		{map[string]string{"CLAUDE_CODE_SIMPLE": "1"}, []string{"bare"}},
		{map[string]string{"CLAUDE_CODE_SAFE_MODE": "true", "CLAUDE_CODE_SIMPLE": "0"}, []string{"safe"}},
		{map[string]string{"CLAUDE_CODE_SAFE_MODE": "yes", "CLAUDE_CODE_SIMPLE": "on"}, []string{"bare", "safe"}},
		{map[string]string{"CLAUDE_CODE_SAFE_MODE": "off", "CLAUDE_CODE_SIMPLE": "false"}, nil},
	} {
		e := &Env{Getenv: func(k string) string { return tt.env[k] }}
		checks := e.claudeEnvHooksOff()
		if len(checks) != len(tt.want) {
			t.Errorf("%v: %+v, want %v", tt.env, checks, tt.want)
			continue
		}
		for i, c := range checks {
			if c.Status != Warn || !strings.Contains(c.Message, tt.want[i]+" mode") {
				t.Errorf("%v: %+v, want %s mode", tt.env, c, tt.want[i])
			}
		}
	}
}

// TestClaudeManagedDropIns: a drop-in of managed-settings.d turns the hooks
// off as the managed file does; strictPluginOnlyCustomization locking hooks
// fails; allowManagedHooksOnly passes when any managed file registers
// permgate.
func TestClaudeManagedDropIns(t *testing.T) {
	hook := `"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}`
	for _, tt := range []struct {
		name, main, dropIn string
		want               string // "" for no check
	}{
		{"drop-in turns hooks off", `{}`, `{"disableAllHooks": true}`, "10-policy.json (managed) sets \"disableAllHooks\""},
		{"plugins only", `{"strictPluginOnlyCustomization": true}`, ``, "strictPluginOnlyCustomization"},
		{"plugins only for hooks", ``, `{"strictPluginOnlyCustomization": ["skills", "hooks"]}`, "strictPluginOnlyCustomization"},
		{"plugins only for skills", ``, `{"strictPluginOnlyCustomization": ["skills"]}`, ""},
		{"managed only, permgate in a drop-in", `{"allowManagedHooksOnly": true}`, `{` + hook + `}`, ""},
		{"managed only, no permgate", ``, `{"allowManagedHooksOnly": true}`, "allowManagedHooksOnly"},
		{"drop-in not JSON", ``, `{"disableAllHooks": `, "not valid JSON"},
	} {
		e := testEnv(t, "/opt/pg/permgate")
		dir := t.TempDir()
		e.ClaudeManaged = filepath.Join(dir, "managed-settings.json")
		if tt.main != "" {
			writeFile(t, e.ClaudeManaged, tt.main, 0o644)
		}
		if tt.dropIn != "" {
			writeFile(t, filepath.Join(dir, "managed-settings.d", "10-policy.json"), tt.dropIn, 0o644)
		}
		checks := e.claudeManaged()
		switch {
		case tt.want == "" && len(checks) > 0:
			t.Errorf("%s: %+v, want no check", tt.name, checks)
		case tt.want != "" && (len(checks) != 1 || !strings.Contains(checks[0].Message, tt.want)):
			t.Errorf("%s: %+v, want one naming %q", tt.name, checks, tt.want)
		}
	}
}

// TestClaudeUserLocalSettings: ~/.claude/settings.local.json turns the hooks
// off only where Claude Code reads it, a session in the home itself; from
// another project it is not read, and doctor does not fail on it.
func TestClaudeUserLocalSettings(t *testing.T) {
	for _, tt := range []struct {
		cwd  string // under the home; "" for the home
		want bool
	}{{"", true}, {"project", false}} {
		e := testEnv(t, "/opt/pg/permgate")
		e.Cwd = filepath.Join(e.Home, tt.cwd)
		writeFile(t, filepath.Join(e.Home, ".claude", "settings.local.json"), `{"disableAllHooks": true}`, 0o644)
		writeFile(t, filepath.Join(e.Home, "project", "README"), "", 0o644)
		flagged := false
		for _, ch := range e.doctorHarness("claude", false, "") {
			flagged = flagged || ch.Status == Fail && strings.Contains(ch.Message, "disableAllHooks")
		}
		if flagged != tt.want {
			t.Errorf("doctor in %q: flagged %v, want %v", e.Cwd, flagged, tt.want)
		}
	}
}
