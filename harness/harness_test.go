package harness

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
)

// TestMode maps each harness's permission_mode onto permgate's: dontAsk is
// default with no one to ask, and a mode the harness does not send is none.
func TestMode(t *testing.T) {
	tests := []struct {
		harness, permissionMode string
		want                    policy.HarnessMode
	}{
		{"claude", "default", policy.HarnessMode{Mode: policy.ModeDefault, Source: "Claude Code permission_mode default"}},
		{"claude", "acceptEdits", policy.HarnessMode{Mode: policy.ModeAuto, Source: "Claude Code permission_mode acceptEdits"}},
		{"claude", "auto", policy.HarnessMode{Mode: policy.ModeAuto, Source: "Claude Code permission_mode auto"}},
		{"claude", "plan", policy.HarnessMode{Mode: policy.ModePlan, Source: "Claude Code permission_mode plan"}},
		{"claude", "bypassPermissions", policy.HarnessMode{Mode: policy.ModeBypass, Source: "Claude Code permission_mode bypassPermissions"}},
		{"claude", "dontAsk", policy.HarnessMode{Mode: policy.ModeDefault, Source: "Claude Code permission_mode dontAsk", FailClosed: true}},
		{"claude", "Plan", policy.HarnessMode{}},
		{"claude", "", policy.HarnessMode{}},
		// Codex leaves an ask to its own approval, which in a mode permgate
		// does not know may never ask: fail-closed.
		{"codex", "auto", policy.HarnessMode{Source: "Codex permission_mode auto (not one permgate knows)", FailClosed: true}},
		{"codex", "", policy.HarnessMode{}},
		{"codex", "dontAsk", policy.HarnessMode{Mode: policy.ModeDefault, Source: "Codex permission_mode dontAsk", FailClosed: true}},
		{"codex", "plan", policy.HarnessMode{Mode: policy.ModePlan, Source: "Codex permission_mode plan"}},
		{"codex", "default", policy.HarnessMode{Mode: policy.ModeDefault, Source: "Codex permission_mode default"}},
		// Codex 0.169 sends bypassPermissions whenever its approval policy is
		// never (every codex exec, the TUI's -a never and its bypass flag):
		// no one is asked, and it is not permgate's bypass.
		{"codex", "bypassPermissions", policy.HarnessMode{Mode: policy.ModeAuto, Source: "Codex permission_mode bypassPermissions", FailClosed: true}},
		{"gemini", "plan", policy.HarnessMode{}},
	}
	for _, tt := range tests {
		h, _ := Lookup(tt.harness)
		if got := h.Mode(tt.permissionMode); got != tt.want {
			t.Errorf("%s %q: %+v, want %+v", tt.harness, tt.permissionMode, got, tt.want)
		}
	}
}

// TestSettings: each snippet carries the command as given, and the JSON ones
// parse.
func TestSettings(t *testing.T) {
	for _, name := range Names() {
		h, _ := Lookup(name)
		command, _ := json.Marshal("/usr/bin/permgate hook " + name)
		s := h.Settings(string(command))
		if !strings.Contains(s, string(command)) {
			t.Errorf("%s: %s does not hold the command", name, s)
		}
		if name != "codex" && !json.Valid([]byte(s)) {
			t.Errorf("%s: settings are not JSON: %s", name, s)
		}
	}
	if got := strings.Join(Names(), " "); got != "claude codex copilot cursor gemini opencode" {
		t.Errorf("harnesses %s", got)
	}
}

// TestAskMayGoUnseen: only Codex at PreToolUse (or a payload without an
// event) hands an ask to an approval that may run the call unasked.
func TestAskMayGoUnseen(t *testing.T) {
	tests := []struct {
		harness, event string
		want           bool
	}{
		{"codex", "PreToolUse", true},
		{"codex", "", true},
		{"codex", "PermissionRequest", false},
		{"claude", "PreToolUse", false},
		{"gemini", "BeforeTool", false},
		{"copilot", "", false},
	}
	for _, tt := range tests {
		h, _ := Lookup(tt.harness)
		if got := h.AskMayGoUnseen(tt.event); got != tt.want {
			t.Errorf("%s %q: %v, want %v", tt.harness, tt.event, got, tt.want)
		}
	}
}
