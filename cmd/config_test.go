package cmd

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/policy"
)

// showTestConfig sets about every setting a config file can, with values
// that need escapes in TOML and on a terminal.
const showTestConfig = `mode = "auto"
severe = "ask"
fail_closed = true
bypass = "everything"
disable_bypass = true

[permission]
deny = ["bash(rm -rf*)", "bash(prefix:rm \u202eevil*)", 'bash(echo "quoted" \back)']
ask = ["bash(prefix:git push*)"]
allow = ["bash(prefix:echo \u001b]0;x\u0007*)", "bash(prefix:npm run build*)", "read_file(path:~/notes/*)"]

[tools]
write_file = "ask"
"mcp.odd key" = "deny"

[safe]
commands = ["mytool", "tool\u001b[2J"]

[profiles.ci]
mode = "plan"
fail_closed = true
severe = "deny"

[profiles.background]
mode = "default"

[audit]
required = true
`

// TestConfigShowIsTOML: config show prints TOML that parses, and that, loaded
// as a config file, gives the same settings as the merged config it shows.
func TestConfigShowIsTOML(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	t.Setenv("PERMGATE_MODE", "")
	t.Setenv("PERMGATE_CONFIG", "")
	t.Setenv("PERMGATE_PROFILE", "")
	t.Setenv("PERMGATE_FAIL_CLOSED", "")
	t.Chdir(home)
	system := filepath.Join(home, "system.toml")
	if err := os.WriteFile(system, []byte(showTestConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	old := TestOnlySystemConfig
	TestOnlySystemConfig = system
	t.Cleanup(func() { TestOnlySystemConfig = old })

	var out, errOut strings.Builder
	if code := Main([]string{"config", "show"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("config show exit %d: %s", code, errOut.String())
	}
	shown := out.String()
	var parsed map[string]any
	if err := toml.Unmarshal([]byte(shown), &parsed); err != nil {
		t.Fatalf("config show is not TOML: %v\n%s", err, shown)
	}
	if strings.ContainsAny(shown, "\x1b\x07\u202e") {
		t.Errorf("config show printed a terminal control:\n%s", shown)
	}
	if !strings.Contains(shown, "# disable_bypass = true  # "+system+":5 (honoured only in the system file)") {
		t.Errorf("disable_bypass not shown as a comment:\n%s", shown)
	}

	want, err := config.Load(config.Paths{System: system}, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(home, "shown.toml")
	if err := os.WriteFile(file, []byte(shown), 0o644); err != nil {
		t.Fatal(err)
	}
	// Loaded as the user's file and as the system file, it says the same.
	for _, paths := range []config.Paths{{User: file}, {System: file}} {
		got, err := config.Load(paths, nil)
		if err != nil {
			t.Fatalf("config show does not load as a config: %v\n%s", err, shown)
		}
		if g, w := settingsOf(got), settingsOf(want); !reflect.DeepEqual(g, w) {
			t.Errorf("loaded back from %+v:\n got %#v\nwant %#v\n%s", paths, g, w, shown)
		}
	}
}

// shownSettings is what a config sets, without where each setting came from.
type shownSettings struct {
	Mode              policy.Mode
	Severe, Bypass    string
	FailClosed, Audit bool
	Deny, Ask, Allow  []string
	Tools             map[string]policy.ToolPolicy
	Safe              []string
	Profiles          map[string]policy.Profile
}

func settingsOf(c *config.Config) shownSettings {
	texts := func(rules []policy.Rule) []string {
		var out []string
		for _, r := range rules {
			out = append(out, r.Text)
		}
		return out
	}
	s := shownSettings{
		Mode: c.Mode.Value, Severe: c.Severe.Value, Bypass: c.Bypass.Value,
		FailClosed: c.FailClosed.Value, Audit: c.AuditRequired.Value,
		Deny: texts(c.Rules.Deny), Ask: texts(c.Rules.Ask), Allow: texts(c.Rules.Allow),
		Tools: map[string]policy.ToolPolicy{}, Profiles: map[string]policy.Profile{},
	}
	for name, t := range c.Tools {
		s.Tools[name] = t.Value
	}
	for _, cmd := range c.SafeCommands {
		s.Safe = append(s.Safe, cmd.Value)
	}
	for name, p := range c.Profiles {
		p.Source = ""
		s.Profiles[name] = p
	}
	return s
}

// TestLayerState: what config path says of each layer, managed or not.
func TestLayerState(t *testing.T) {
	tests := []struct {
		l        config.LayerInfo
		managed  bool
		path     string
		contains string
	}{
		{config.LayerInfo{Name: config.LayerUser}, false, "-", "none"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u"}, false, "/u", "not found"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u", Change: "removed", Kept: "/k"}, false, "/u", "removed outside permgate: the deny and ask rules of its last confirmed content (/k) still apply"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u", Exists: true, Change: "changed", Kept: "/k"}, true, "/u", "changed outside permgate: the deny and ask rules"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u", Exists: true}, true, "/u", "managed: may only tighten"},
		{config.LayerInfo{Name: config.LayerSystem, Path: "/s", Exists: true}, true, "/s", "loaded"},
		{config.LayerInfo{Name: config.LayerProject, Path: "/p", Exists: true}, false, "/p", "untrusted: only its deny and ask rules apply; `permgate trust /p` to use it all"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u", Exists: true}, false, "/u", "changed outside permgate: only its tightening parts apply"},
		{config.LayerInfo{Name: config.LayerProject, Path: "/p", Exists: true, Trusted: true}, true, "/p", "trusted"},
		{config.LayerInfo{Name: config.LayerUser, Path: "/u", Exists: true, Trusted: true}, false, "/u", "loaded"},
		{config.LayerInfo{Name: config.LayerOverride, Path: "/o", Exists: true}, false, "/o", "loaded"},
	}
	for _, tt := range tests {
		path, state := layerState(tt.l, tt.managed)
		if path != tt.path || !strings.HasPrefix(state, tt.contains) {
			t.Errorf("layerState(%+v, managed %v) = %q, %q; want %q, %q…", tt.l, tt.managed, path, state, tt.path, tt.contains)
		}
	}
}
