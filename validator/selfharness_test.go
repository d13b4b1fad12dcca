package validator

import (
	"slices"
	"testing"
)

// TestMovedHarnessHomes: a harness directory moved by CODEX_HOME,
// CLAUDE_CONFIG_DIR or COPILOT_HOME holds the hook settings install writes
// there; writing, removing or moving them is self_modify, as in the home.
func TestMovedHarnessHomes(t *testing.T) {
	env := corpusEnv
	env.HarnessHomes = map[string]string{"/srv/codexhome": ".codex", "/srv/claudecfg": ".claude", "/srv/cop": ".copilot"}
	v := New(env)
	for _, tt := range []struct {
		command string
		self    bool
	}{
		{`echo x > /srv/codexhome/config.toml`, true},
		{`rm /srv/codexhome/hooks.json`, true},
		{`rm /srv/codexhome/rules/default.rules`, true},
		{`sed -i /hooks/d /srv/claudecfg/settings.json`, true},
		{`rm /srv/cop/hooks/permgate.json`, true},
		{`echo '{}' > /srv/cop/hooks/other.json`, true},
		{`echo 'process.exit()' > /srv/cop/extensions/x/extension.mjs`, true},
		{`rm -rf /srv/codexhome`, true},
		{`mv /srv/cop /srv/old`, true},
		{`echo x > /srv/codexhome/sessions/log.jsonl`, false},
		{`echo x > /srv/codexhomex/config.toml`, false},
		{`cat /srv/codexhome/config.toml`, false},
	} {
		a := v.CheckScript(tt.command)
		if got := slices.Contains(a.Kinds(), "self_modify"); got != tt.self {
			t.Errorf("%s: self_modify = %v, want %v (%v)", tt.command, got, tt.self, a.Kinds())
		}
	}
}

// TestMovedHarnessHomeRoot: CODEX_HOME=/ puts Codex's settings at /config.toml.
func TestMovedHarnessHomeRoot(t *testing.T) {
	env := corpusEnv
	env.HarnessHomes = map[string]string{"/": ".codex"}
	v := New(env)
	for command, self := range map[string]bool{`echo x > /config.toml`: true, `echo x > /srv/config.toml`: false} {
		if got := slices.Contains(v.CheckScript(command).Kinds(), "self_modify"); got != self {
			t.Errorf("%s: self_modify = %v, want %v", command, got, self)
		}
	}
}

// TestCopilotExtensions: Copilot CLI runs ~/.copilot/extensions/*/extension.mjs
// at every start, outside any hook; writing there (or a repository's
// .github/extensions) is self_modify, reading it is not.
func TestCopilotExtensions(t *testing.T) {
	v := New(corpusEnv)
	h := corpusEnv.Home
	for _, tt := range []struct {
		command string
		self    bool
	}{
		{"echo 'import fs' > " + h + "/.copilot/extensions/x/extension.mjs", true},
		{"cp evil.mjs ~/.copilot/extensions/x/lib.mjs", true},
		{"mkdir -p ~/.copilot/extensions/x", true},
		{"echo x > .github/extensions/x/extension.mjs", true},
		{"python3 -c \"open('.copilot/extensions/x/extension.mjs','w')\"", true},
		{"cat ~/.copilot/extensions/x/extension.mjs", false},
		{"echo x > ~/.copilot/extensionsx/a.mjs", false},
		{"echo x > docs/extensions/a.md", false},
	} {
		a := v.CheckScript(tt.command)
		if got := slices.Contains(a.Kinds(), "self_modify"); got != tt.self {
			t.Errorf("%s: self_modify = %v, want %v (%v)", tt.command, got, tt.self, a.Kinds())
		}
	}
}
