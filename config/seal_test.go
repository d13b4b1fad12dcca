package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

func TestLocateEveryProjectFile(t *testing.T) {
	root := t.TempDir()
	f := writeFiles(t, root, map[string]string{
		".permgate.toml":                "",
		"repo/.git/HEAD":                "",
		"repo/.permgate.toml":           "",
		"repo/a/.permgate.toml":         "",
		"repo/a/b/c/.keep":              "",
		"outside/.permgate.toml":        "",
		"outside/sub/.keep":             "",
		"repo/a/b/.permgate.toml/.keep": "", // a directory of that name is not a file
	})
	paths := Locate(LocateEnv{Cwd: filepath.Join(root, "repo/a/b/c")})
	want := []string{f["repo/.permgate.toml"], f["repo/a/.permgate.toml"]}
	if strings.Join(paths.Projects, " ") != strings.Join(want, " ") || paths.Project != want[1] {
		t.Errorf("Projects = %q, Project = %q; want %q, nearest last", paths.Projects, paths.Project, want)
	}
	// Outside a repository only the working directory itself counts.
	if p := Locate(LocateEnv{Cwd: filepath.Join(root, "outside/sub")}); len(p.Projects) != 0 {
		t.Errorf("outside a repository: %q", p.Projects)
	}
	if p := Locate(LocateEnv{Cwd: filepath.Join(root, "outside")}); len(p.Projects) != 1 {
		t.Errorf("in the directory itself: %q", p.Projects)
	}
}

type trustOnly map[string]bool

func (t trustOnly) IsTrusted(p string, _ []byte) bool { return t[p] }

func TestEachProjectFileTrustedOnItsOwn(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"far.toml":  "[permission]\nallow = ['bash(prefix:make deploy*)']\n",
		"near.toml": "[permission]\nallow = ['bash(prefix:make test*)']\ndeny = ['bash(prefix:kubectl*)']\n",
	})
	cfg, err := Load(Paths{Projects: []string{f["far.toml"], f["near.toml"]}}, trustOnly{f["far.toml"]: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleTexts(cfg.Rules.Allow); got != "bash(prefix:make deploy*)" {
		t.Errorf("allow = %s: the farther trusted file must apply, the nearer untrusted one not", got)
	}
	if got := ruleTexts(cfg.Rules.Deny); got != "bash(prefix:kubectl*)" {
		t.Errorf("deny = %s", got)
	}
	var projects []LayerInfo
	for _, l := range cfg.Layers {
		if l.Name == LayerProject {
			projects = append(projects, l)
		}
	}
	if len(projects) != 2 || !projects[0].Trusted || projects[1].Trusted {
		t.Errorf("project layers = %+v", projects)
	}
}

type sealAll bool

func (sealAll) IsTrusted(string, []byte) bool { return true }
func (s sealAll) SealStatus(string, []byte, bool) integrity.Verdict {
	if s {
		return integrity.Verdict{Status: integrity.Sealed}
	}
	return integrity.Verdict{Status: integrity.NotSealed}
}

func TestUnsealedUserConfigOnlyTightens(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"user.toml": "mode = \"bypass\"\nsevere = \"ask\"\nfail_closed = false\n[permission]\nallow = ['bash(prefix:curl*)']\nask = ['bash(prefix:ssh*)']\ndeny = ['bash(prefix:rm*)']\n[tools]\nwrite_file = \"allow\"\nweb_fetch = \"deny\"\n[safe]\ncommands = ['nc']\n",
	})
	cfg, err := Load(Paths{User: f["user.toml"]}, sealAll(false))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode.Value != policy.ModeDefault || cfg.Severe.Value != "deny" || len(cfg.Rules.Allow) != 0 || len(cfg.SafeCommands) != 0 {
		t.Errorf("loosening parts applied: mode %s severe %s allow %d safe %d", cfg.Mode.Value, cfg.Severe.Value, len(cfg.Rules.Allow), len(cfg.SafeCommands))
	}
	if len(cfg.Rules.Deny) != 1 || len(cfg.Rules.Ask) != 1 || cfg.Tools["web_fetch"].Value != policy.PolicyDeny || cfg.Tools["write_file"].Value == policy.PolicyAllow {
		t.Errorf("tightening parts: deny %d ask %d web_fetch %s write_file %s", len(cfg.Rules.Deny), len(cfg.Rules.Ask), cfg.Tools["web_fetch"].Value, cfg.Tools["write_file"].Value)
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "permgate trust --user") || !strings.Contains(cfg.Warnings[0], "allow rule bash(prefix:curl*)") {
		t.Errorf("warnings = %q", cfg.Warnings)
	}
	cfg, err = Load(Paths{User: f["user.toml"]}, sealAll(true))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode.Value != policy.ModeBypass || len(cfg.Rules.Allow) != 1 || len(cfg.Warnings) != 0 {
		t.Errorf("sealed: mode %s allow %d warnings %q", cfg.Mode.Value, len(cfg.Rules.Allow), cfg.Warnings)
	}
}

func TestManagedSystemFile(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"system.toml":   "mode = \"auto\"\n[managed]\nonly_tighten = true\n",
		"user.toml":     "mode = \"bypass\"\n[permission]\nallow = ['bash(prefix:curl*)']\ndeny = ['bash(prefix:rm*)']\n",
		"override.toml": "[permission]\nallow = ['bash(prefix:wget*)']\n",
		"project.toml":  "[permission]\nallow = ['bash(prefix:nc*)']\n",
		"bad.toml":      "[permission]\n\n[managed]\nonly_tighten = true\n",
	})
	cfg, err := Load(Paths{System: f["system.toml"], User: f["user.toml"], Project: f["project.toml"], Override: f["override.toml"]}, sealAll(true))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Managed.Value || cfg.ModeFloor != policy.ModeAuto || cfg.Mode.Value != policy.ModeAuto {
		t.Errorf("managed %v floor %q mode %q", cfg.Managed.Value, cfg.ModeFloor, cfg.Mode.Value)
	}
	if len(cfg.Rules.Allow) != 0 || len(cfg.Rules.Deny) != 1 {
		t.Errorf("allow %d deny %d: only tightening may come from other layers", len(cfg.Rules.Allow), len(cfg.Rules.Deny))
	}
	eff, err := policy.Select(&cfg.Policy, policy.ModeInputs{Flag: "bypass"})
	if err != nil || eff.Mode != policy.ModeAuto || !strings.Contains(eff.ModeSource, "floor auto") {
		t.Errorf("clamped = %s (%s), %v", eff.Mode, eff.ModeSource, err)
	}
	if eff, _ := policy.Select(&cfg.Policy, policy.ModeInputs{Flag: "plan"}); eff.Mode != policy.ModePlan {
		t.Errorf("a stricter mode was changed to %s", eff.Mode)
	}
	_, err = Load(Paths{User: f["bad.toml"]}, nil)
	if err == nil || !strings.Contains(err.Error(), "bad.toml:3: [managed] is honoured only in the system file") {
		t.Errorf("[managed] in a user file: %v", err)
	}
}

func TestEditKeepsSealOnlyWhenSealedBefore(t *testing.T) {
	dir := t.TempDir()
	seals := integrity.Sealer{Dir: filepath.Join(dir, "state")}
	path := filepath.Join(dir, "config.toml")
	if _, err := AddRule(path, "deny", "bash(prefix:rm*)", &seals); err != nil {
		t.Fatal(err)
	}
	if !UserConfigSealed(seals, path) {
		t.Fatal("a config permgate created is not sealed")
	}
	if _, err := AddRule(path, "allow", "bash(prefix:make*)", &seals); err != nil {
		t.Fatal(err)
	}
	if !UserConfigSealed(seals, path) {
		t.Fatal("a sealed config is not sealed after an edit")
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, []byte("mode = \"bypass\"\n"+string(data)), 0o644)
	if _, err := AddRule(path, "deny", "bash(prefix:dd*)", &seals); err != nil {
		t.Fatal(err)
	}
	if UserConfigSealed(seals, path) {
		t.Error("permgate's edit sealed a hand edit")
	}
	if _, err := RemoveRule(path, "bash(prefix:dd*)", &seals); err != nil || UserConfigSealed(seals, path) {
		t.Errorf("remove: %v, sealed %v", err, UserConfigSealed(seals, path))
	}
}

// permgate's own trust source answers every question Load asks.
var _ interface {
	TrustChecker
	SealChecker
} = state.Trust{}
