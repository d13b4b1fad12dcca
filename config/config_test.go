package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
)

// writeFiles creates files under dir and returns their paths by name.
func writeFiles(t *testing.T, dir string, files map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		out[name] = p
	}
	return out
}

type trustAll bool

func (t trustAll) IsTrusted(string, []byte) bool { return bool(t) }

func TestLoadConfigMerge(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"system.toml":   "disable_bypass = true\n[permission]\ndeny = [\"bash(prefix:shutdown*)\"]\n",
		"user.toml":     "mode = \"auto\"\nsevere = \"ask\"\n[permission]\nallow = [\"bash(prefix:make*)\"]\n[tools]\nweb_fetch = \"allow\"\n[safe]\ncommands = [\"jq\"]\n",
		"project.toml":  "mode = \"plan\"\nfail_closed = true\n[permission]\nallow = [\"bash(prefix:deploy*)\"]\nask = [\"bash(prefix:make release*)\"]\ndeny = [\"bash(prefix:terraform*)\"]\n[tools]\nwrite_file = \"deny\"\nedit_file = \"safe\"\n[safe]\ncommands = [\"curl\"]\n[profiles.fast]\nmode = \"bypass\"\n",
		"override.toml": "mode = \"default\"\n",
	})
	paths := Paths{System: f["system.toml"], User: f["user.toml"], Project: f["project.toml"], Override: f["override.toml"]}

	t.Run("untrusted project only tightens", func(t *testing.T) {
		cfg, err := Load(paths, trustAll(false))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Mode.Value != policy.ModeDefault || !strings.HasSuffix(cfg.Mode.Source, "override.toml:1") {
			t.Errorf("mode = %s from %s, want default from the override", cfg.Mode.Value, cfg.Mode.Source)
		}
		if !cfg.DisableBypass.Value || cfg.Severe.Value != "ask" || !cfg.FailClosed.Value {
			t.Errorf("disable_bypass %v severe %s fail_closed %v", cfg.DisableBypass.Value, cfg.Severe.Value, cfg.FailClosed.Value)
		}
		if got := ruleTexts(cfg.Rules.Allow); got != "bash(prefix:make*)" {
			t.Errorf("allow rules = %s: the untrusted project's allow must be ignored", got)
		}
		if got := ruleTexts(cfg.Rules.Deny); got != "bash(prefix:shutdown*) bash(prefix:terraform*)" {
			t.Errorf("deny rules = %s", got)
		}
		if got := ruleTexts(cfg.Rules.Ask); got != "bash(prefix:make release*)" {
			t.Errorf("ask rules = %s", got)
		}
		if cfg.Tools["write_file"].Value != policy.PolicyDeny || cfg.Tools["edit_file"].Value != policy.PolicyAllow || cfg.Tools["web_fetch"].Value != policy.PolicyAllow {
			t.Errorf("tools: write_file %s edit_file %s web_fetch %s", cfg.Tools["write_file"].Value, cfg.Tools["edit_file"].Value, cfg.Tools["web_fetch"].Value)
		}
		if len(cfg.SafeCommands) != 1 || cfg.SafeCommands[0].Value != "jq" {
			t.Errorf("safe commands = %v", cfg.SafeCommands)
		}
		if _, ok := cfg.Profiles["fast"]; ok {
			t.Error("an untrusted project defined a profile")
		}
		if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "mode") || !strings.Contains(cfg.Warnings[0], "allow rule bash(prefix:deploy*)") || !strings.Contains(cfg.Warnings[0], "permgate trust") {
			t.Errorf("warnings = %q", cfg.Warnings)
		}
	})
	t.Run("trusted project applies", func(t *testing.T) {
		cfg, err := Load(paths, trustAll(true))
		if err != nil {
			t.Fatal(err)
		}
		if got := ruleTexts(cfg.Rules.Allow); got != "bash(prefix:make*) bash(prefix:deploy*)" {
			t.Errorf("allow rules = %s", got)
		}
		if cfg.Tools["edit_file"].Value != policy.PolicySafe || len(cfg.SafeCommands) != 2 || cfg.Profiles["fast"].Mode != policy.ModeBypass || len(cfg.Warnings) != 0 {
			t.Errorf("trusted project not applied: %+v %v %v", cfg.Tools["edit_file"], cfg.SafeCommands, cfg.Warnings)
		}
		if _, err := policy.Select(&cfg.Policy, policy.ModeInputs{Profile: "fast"}); err == nil {
			t.Error("bypass through a profile got past disable_bypass")
		}
	})
}

func ruleTexts(rules []policy.Rule) string {
	var out []string
	for _, r := range rules {
		out = append(out, r.Text)
	}
	return strings.Join(out, " ")
}

func TestLoadConfigErrors(t *testing.T) {
	for name, tt := range map[string]struct {
		content string
		want    string
	}{
		"bad rule":              {"[permission]\ndeny = [\n  \"bash(prefix:ok*)\",\n  \"bash(prefix:bad\",\n]\n", ":4: rule"},
		"unknown key":           {"mode = \"auto\"\n[permission]\nallow = []\nneither = 1\n", `:4: unknown key "permission.neither"`},
		"unknown table":         {"[tool]\nx = \"ask\"\n", `:1: unknown key "tool"`},
		"bad mode":              {"\nmode = \"fast\"\n", `:2: unknown mode "fast"`},
		"bad severe":            {"severe = \"allow\"\n", `:1: severe must be "deny" or "ask"`},
		"bad profile":           {"[profiles.x]\nmode = \"ludicrous\"\n", `:2: profiles.x: unknown mode`},
		"profile key":           {"[profiles.x]\nmodes = \"plan\"\n", `:2: unknown key "profiles.x.modes"`},
		"syntax":                {"mode = \"auto\n", ":1: "},
		"safe command":          {"[safe]\ncommands = [\"rm -rf\"]\n", `:2: safe.commands: "rm -rf" is not a command name`},
		"bad bypass":            {"\nbypass = \"all\"\n", `:2: bypass must be "severe-net" or "everything", not "all"`},
		"too large":             {"# " + strings.Repeat("x", MaxBytes) + "\n", `over the 1048576-byte limit for a config file`},
		"nested arrays":         {"\n\nx = " + strings.Repeat("[", MaxNesting+1) + strings.Repeat("]", MaxNesting+1) + "\n", `:3: arrays or inline tables nested more than 32 deep`},
		"nested tables":         {"x = " + strings.Repeat("{a = ", 40000) + "1" + strings.Repeat("}", 40000) + "\n", `:1: arrays or inline tables nested more than 32 deep`},
		"key in any case":       {"BYPASS = \"all\"\n", `:1: bypass must be`},
		"table with a comment":  {"\n[a] # note\n", `:2: unknown key "a"`},
		"keys differ in case":   {"[permission]\ndeny = [\"bash(prefix:ls*)\"]\nDeny = []\n", `:3: permission.Deny differs only in letter case from a key on line 2`},
		"tables differ in case": {"[permission]\ndeny = [\"x\"]\n[Permission]\ndeny = []\n", `:3: Permission differs only in letter case from a key on line 1`},
		"dotted keys in case":   {"permission.deny = [\"x\"]\nPermission.deny = []\n", `:2: Permission.deny differs only in letter case from a key on line 1`},
	} {
		t.Run(name, func(t *testing.T) {
			f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": tt.content})
			_, err := Load(Paths{User: f["c.toml"]}, nil)
			var cerr *Error
			if !errors.As(err, &cerr) {
				t.Fatalf("error = %v, want a *config.Error", err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), f["c.toml"]) {
				t.Errorf("error = %q, want it to start with the file and contain %q", err, tt.want)
			}
		})
	}
}

// TestConfigBoundsAccepted: nesting at the bound and brackets inside strings
// and comments load.
func TestConfigBoundsAccepted(t *testing.T) {
	deep := strings.Repeat("[", MaxNesting)
	f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": "# " + deep + "\n[permission]\ndeny = [\"bash(prefix:echo " + deep + ")\", 'bash(prefix:echo " + deep + ")', \"\"\"bash(prefix:echo " + deep + ")\"\"\"]\n"})
	cfg, err := Load(Paths{User: f["c.toml"]}, nil)
	if err != nil || len(cfg.Rules.Deny) != 3 {
		t.Fatalf("Load = %v, %v", cfg, err)
	}
}

// TestConfigByteOrderMark: a file an editor saved with a UTF-8 byte-order
// mark loads, its rules on their lines.
func TestConfigByteOrderMark(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": "\xef\xbb\xbf[permission]\ndeny = [\"bash(prefix:ls*)\"]\n"})
	cfg, err := Load(Paths{User: f["c.toml"]}, nil)
	if err != nil || len(cfg.Rules.Deny) != 1 {
		t.Fatalf("Load = %v, %v", cfg, err)
	}
}

// TestConfigManyRules loads a config near the size bound with one rule per
// line: every rule gets its own line (the lookup is indexed once, not a scan
// per rule).
func TestConfigManyRules(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("[permission]\ndeny = [\n")
	const n = 30000
	for i := range n {
		fmt.Fprintf(&sb, "  \"bash(prefix:tool%d)\",\n", i)
	}
	sb.WriteString("]\n")
	f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": sb.String()})
	cfg, err := Load(Paths{User: f["c.toml"]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Rules.Deny) != n {
		t.Fatalf("%d rules, want %d", len(cfg.Rules.Deny), n)
	}
	for i, r := range cfg.Rules.Deny {
		if want := fmt.Sprintf("%s:%d", f["c.toml"], i+3); r.Source != want {
			t.Fatalf("rule %d at %s, want %s", i, r.Source, want)
		}
	}
}

func TestLocateProjectFile(t *testing.T) {
	root := t.TempDir()
	f := writeFiles(t, root, map[string]string{
		"repo/.git/HEAD":         "ref: x",
		"repo/.permgate.toml":    "",
		"repo/a/b/file":          "",
		".permgate.toml":         "",
		"norepo/sub/file":        "",
		"norepo/.permgate.toml":  "",
		"norepo/sub/placeholder": "",
	})
	if got := Locate(LocateEnv{Cwd: filepath.Join(root, "repo/a/b")}).Project; got != f["repo/.permgate.toml"] {
		t.Errorf("inside a repository: %q", got)
	}
	// Outside a repository only the working directory itself is looked at.
	if got := Locate(LocateEnv{Cwd: filepath.Join(root, "norepo/sub")}).Project; got != "" {
		t.Errorf("outside a repository found %q", got)
	}
	if got := Locate(LocateEnv{Cwd: filepath.Join(root, "norepo")}).Project; got != f["norepo/.permgate.toml"] {
		t.Errorf("in the directory itself: %q", got)
	}
}

// TestLoadConfigBypass: bypass = "everything" counts only from the system,
// user and override files; a project file may keep the net (severe-net), never
// drop it.
func TestLoadConfigBypass(t *testing.T) {
	dir := t.TempDir()
	f := writeFiles(t, dir, map[string]string{
		"user.toml":        "bypass = \"everything\"\n",
		"project.toml":     "bypass = \"everything\"\n",
		"project-net.toml": "bypass = \"severe-net\"\n",
	})
	cfg, err := Load(Paths{}, nil)
	if err != nil || cfg.Bypass.Value != policy.BypassSevereNet || cfg.Bypass.Source != LayerBuiltin {
		t.Fatalf("default bypass = %+v, %v", cfg.Bypass, err)
	}
	cfg, err = Load(Paths{User: f["user.toml"]}, nil)
	if err != nil || cfg.Bypass.Value != policy.BypassEverything || !strings.HasPrefix(cfg.Bypass.Source, f["user.toml"]+":1") {
		t.Errorf("user bypass = %+v, %v", cfg.Bypass, err)
	}
	cfg, err = Load(Paths{Project: f["project.toml"]}, trustAll(false))
	if err != nil || cfg.Bypass.Value != policy.BypassSevereNet || len(cfg.Warnings) == 0 || !strings.Contains(cfg.Warnings[0], `bypass = "everything"`) {
		t.Errorf("untrusted project bypass = %+v, warnings %q, %v", cfg.Bypass, cfg.Warnings, err)
	}
	cfg, err = Load(Paths{User: f["user.toml"], Project: f["project-net.toml"]}, trustAll(false))
	if err != nil || cfg.Bypass.Value != policy.BypassSevereNet || len(cfg.Warnings) != 0 {
		t.Errorf("untrusted project tightening bypass = %+v, warnings %q, %v", cfg.Bypass, cfg.Warnings, err)
	}
	// Not even a trusted project file drops the net: that is the user's choice.
	cfg, err = Load(Paths{Project: f["project.toml"]}, trustAll(true))
	if err != nil || cfg.Bypass.Value != policy.BypassSevereNet || len(cfg.Warnings) != 1 {
		t.Errorf("trusted project bypass = %+v, warnings %q, %v", cfg.Bypass, cfg.Warnings, err)
	}
}
