package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorClaudeManaged: Claude Code's managed settings override the
// user's and the project's: turning every hook off there, or allowing only the
// hooks registered there without permgate's, fails; registering permgate
// there, or no managed file, passes.
func TestDoctorClaudeManaged(t *testing.T) {
	hook := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}}`
	tests := []struct {
		name, content string
		want          string // "" for no check at all
	}{
		{"none", "", ""},
		{"all hooks off", `{"disableAllHooks": true}`, "disableAllHooks"},
		{"managed hooks only, without permgate", `{"allowManagedHooksOnly": true}`, "allowManagedHooksOnly"},
		{"managed hooks only, with permgate", `{"allowManagedHooksOnly": true, ` + hook[1:], ""},
		{"managed hooks only, permgate on Read only", `{"allowManagedHooksOnly": true, ` + strings.Replace(hook[1:], `"*"`, `"Read"`, 1), "allowManagedHooksOnly"},
		{"hooks on", `{"disableAllHooks": false}`, ""},
		{"unreadable", `{"disableAllHooks": tru`, "not valid JSON"},
	}
	for _, tt := range tests {
		e := testEnv(t, "/opt/pg/permgate")
		e.ClaudeManaged = filepath.Join(t.TempDir(), "managed-settings.json")
		if tt.content != "" {
			writeFile(t, e.ClaudeManaged, tt.content, 0o644)
		}
		checks := e.claudeManaged()
		switch {
		case tt.want == "" && len(checks) > 0:
			t.Errorf("%s: %+v, want no check", tt.name, checks)
		case tt.want != "" && (len(checks) != 1 || !strings.Contains(checks[0].Message, tt.want)):
			t.Errorf("%s: %+v, want one naming %q", tt.name, checks, tt.want)
		case tt.want != "" && tt.want != "not valid JSON" && checks[0].Status != Fail:
			t.Errorf("%s: status %v, want ✘", tt.name, checks[0].Status)
		}
	}
}

// TestDoctorClaudeManagedLink: a managed settings file that is a symbolic
// link (a configuration manager's), which Claude Code reads where it leads,
// is judged by what it says, not warned about as unreadable.
func TestDoctorClaudeManagedLink(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	dir := t.TempDir()
	real := filepath.Join(dir, "store", "managed-settings.json")
	writeFile(t, real, `{"disableAllHooks": true}`, 0o644)
	e.ClaudeManaged = filepath.Join(dir, "managed-settings.json")
	if err := os.Symlink(real, e.ClaudeManaged); err != nil {
		t.Fatal(err)
	}
	checks := e.claudeManaged()
	if len(checks) != 1 || checks[0].Status != Fail || !strings.Contains(checks[0].Message, "disableAllHooks") {
		t.Errorf("linked managed settings: %+v", checks)
	}
}

// TestGeminiHooksConfigNotUnderstood: a hooksConfig doctor cannot read (not
// an object, or enabled neither true nor false) fails instead of passing.
func TestGeminiHooksConfigNotUnderstood(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		want Status
	}{
		{`{}`, OK},
		{`{"hooksConfig": {"enabled": true}}`, OK},
		{`{"hooksConfig": {"enabled": false}}`, Fail},
		{`{"hooksConfig": false}`, Fail},
		{`{"hooksConfig": {"enabled": "false"}}`, Fail},
		{`{"hooksConfig": {"enabled": 0}}`, Fail},
	} {
		doc, err := parseJSON("settings.json", []byte(tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		checks := geminiEnabled("settings.json", doc)
		if len(checks) != 1 || checks[0].Status != tt.want {
			t.Errorf("%s: %+v, want status %v", tt.doc, checks, tt.want)
		}
	}
}
