package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

// confirmedConfig is a user config as a person confirmed it.
const confirmedConfig = `mode = "plan"
fail_closed = true
[permission]
allow = ['bash(prefix:make build*)']
ask = ['bash(prefix:terraform*)']
deny = ['bash(prefix:npm publish*)']
[tools]
web_fetch = "deny"
`

// sealedUser writes the user config through permgate's own seal and returns
// its path and the sealer.
func sealedUser(t *testing.T, content string) (string, integrity.Sealer) {
	t.Helper()
	dir := t.TempDir()
	seals := integrity.Sealer{Dir: filepath.Join(dir, "state")}
	path := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	if err := seals.Seal(abs, []byte(content)); err != nil {
		t.Fatal(err)
	}
	return path, seals
}

func loadUser(t *testing.T, path string, seals integrity.Sealer) (*Config, error) {
	t.Helper()
	return Load(Paths{User: path}, state.Trust{Seals: seals.Load()})
}

// TestChangedUserConfigKeepsConfirmedRules: a sealed user config emptied,
// truncated, removed or replaced outside permgate keeps applying the deny
// and ask rules (and the stricter settings, mode included) of its last
// confirmed content, named by the confirmed copy, with a warning that says
// how to resolve it; its allow rules do not come back, and what the file now
// holds may only tighten.
func TestChangedUserConfigKeepsConfirmedRules(t *testing.T) {
	for _, tt := range []struct {
		name, change string
		spoil        func(p string) error
		extraDeny    string
	}{
		{"emptied", "emptied", func(p string) error { return os.WriteFile(p, nil, 0o644) }, ""},
		{"truncated", "changed", func(p string) error {
			return os.WriteFile(p, []byte(confirmedConfig[:strings.Index(confirmedConfig, "[permission]")]), 0o644)
		}, ""},
		{"removed", "removed", os.Remove, ""},
		{"replaced", "changed", func(p string) error {
			return os.WriteFile(p, []byte("mode = \"bypass\"\n[permission]\nallow = ['bash(prefix:npm publish*)']\ndeny = ['bash(prefix:curl*)']\n"), 0o644)
		}, "bash(prefix:curl*)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path, seals := sealedUser(t, confirmedConfig)
			if err := tt.spoil(path); err != nil {
				t.Fatal(err)
			}
			cfg, err := loadUser(t, path, seals)
			if err != nil {
				t.Fatal(err)
			}
			want := "bash(prefix:npm publish*)"
			if tt.extraDeny != "" {
				want += " " + tt.extraDeny
			}
			if got := ruleTexts(cfg.Rules.Deny); got != want {
				t.Errorf("deny = %s, want %s", got, want)
			}
			if got := ruleTexts(cfg.Rules.Ask); got != "bash(prefix:terraform*)" {
				t.Errorf("ask = %s", got)
			}
			if len(cfg.Rules.Allow) != 0 {
				t.Errorf("allow = %s: neither the confirmed copy's nor the changed file's allow rules may apply", ruleTexts(cfg.Rules.Allow))
			}
			if cfg.Mode.Value != policy.ModePlan || !cfg.FailClosed.Value || cfg.Tools["web_fetch"].Value != policy.PolicyDeny {
				t.Errorf("stricter settings: mode %s fail_closed %v web_fetch %s", cfg.Mode.Value, cfg.FailClosed.Value, cfg.Tools["web_fetch"].Value)
			}
			user := cfg.Layers[1]
			if user.Change != tt.change || user.Kept == "" || user.Trusted {
				t.Errorf("layer = %+v, want change %q and the copy named", user, tt.change)
			}
			if src := cfg.Rules.Deny[0].Source; !strings.HasPrefix(src, user.Kept+":") {
				t.Errorf("the confirmed rule's source is %s, want the copy %s", src, user.Kept)
			}
			if data, err := os.ReadFile(user.Kept); err != nil || string(data) != confirmedConfig {
				t.Errorf("the confirmed copy holds %q, %v", data, err)
			}
			if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "permgate trust --user") || !strings.Contains(cfg.Warnings[0], "cp "+user.Kept+" "+path) {
				t.Errorf("warnings = %q", cfg.Warnings)
			}
		})
	}
}

// TestLostUserConfigRefuses: a sealed user config whose confirmed content
// cannot be read back — key, seals or copy gone or spoilt — is an error, so
// that permgate refuses rather than run with its deny rules unknown.
func TestLostUserConfigRefuses(t *testing.T) {
	for name, spoil := range map[string]func(s integrity.Sealer){
		"key removed":   func(s integrity.Sealer) { os.Remove(s.KeyPath()) },
		"seals damaged": func(s integrity.Sealer) { os.WriteFile(s.SealPath(), []byte("[]"), 0o600) },
		"copy removed":  func(s integrity.Sealer) { os.RemoveAll(filepath.Join(s.Dir, integrity.ConfirmedDir)) },
		// A copy that matches its seal but no longer loads (a key since
		// removed from the format, say).
		"copy does not load": func(integrity.Sealer) {},
	} {
		t.Run(name, func(t *testing.T) {
			content := confirmedConfig
			if name == "copy does not load" {
				content = "no_such_key = 1\n"
			}
			path, seals := sealedUser(t, content)
			spoil(seals)
			os.WriteFile(path, nil, 0o644)
			_, err := loadUser(t, path, seals)
			var lost *LostError
			if !errors.As(err, &lost) || lost.File != path || lost.Fix != "permgate trust --user" || !strings.Contains(err.Error(), "permgate refuses") {
				t.Errorf("Load = %v, want a *LostError naming %s and the fix", err, path)
			}
		})
	}
}

// TestDropped: what confirming a changed file drops of its last confirmed
// content.
func TestDropped(t *testing.T) {
	for _, tt := range []struct {
		name, current string
		present       bool
		want          []string
	}{
		{"removed", "", false, []string{"no longer deny bash(prefix:npm publish*)", "no longer ask bash(prefix:terraform*)", "mode default instead of plan", "fail_closed = false", "tools.web_fetch unset instead of deny"}},
		{"the same", confirmedConfig, true, nil},
		{"ask made deny", "mode = \"plan\"\nfail_closed = true\n[permission]\ndeny = ['bash(prefix:npm publish*)', 'bash(prefix:terraform*)']\n[tools]\nweb_fetch = \"deny\"\n", true, nil},
		{"deny made ask", "mode = \"plan\"\nfail_closed = true\n[permission]\nask = ['bash(prefix:npm publish*)', 'bash(prefix:terraform*)']\n[tools]\nweb_fetch = \"deny\"\n", true, []string{"no longer deny bash(prefix:npm publish*)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Dropped("/s/confirmed/config.toml.x", []byte(confirmedConfig), []byte(tt.current), tt.present)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("Dropped = %q\nwant      %q", got, tt.want)
			}
		})
	}
}

// TestEditOfAChangedConfigKeepsItUnsealed: an edit through permgate of a
// config emptied behind its back does not seal it: its last confirmed deny
// rules still apply, beside the new one.
func TestEditOfAChangedConfigKeepsItUnsealed(t *testing.T) {
	path, seals := sealedUser(t, confirmedConfig)
	os.WriteFile(path, nil, 0o644)
	if _, err := AddRule(path, "deny", "bash(prefix:dd*)", &seals); err != nil {
		t.Fatal(err)
	}
	if UserConfigSealed(seals, path) {
		t.Fatal("permgate's edit sealed a file emptied behind its back")
	}
	cfg, err := loadUser(t, path, seals)
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleTexts(cfg.Rules.Deny); got != "bash(prefix:npm publish*) bash(prefix:dd*)" {
		t.Errorf("deny = %s", got)
	}
}

// TestAddRuleIsAllOrNothing: a rule whose seal cannot be written leaves the
// file as it was (and says nothing changed); only when putting it back
// fails too is the rule left in the file, unsealed, with an
// *integrity.UnsealedError, and the file then applies as a changed one.
func TestAddRuleIsAllOrNothing(t *testing.T) {
	for _, tt := range []struct {
		name     string
		failFrom map[string]int
		unsealed bool
	}{
		{"the key cannot be written", map[string]int{integrity.KeyFile: 1}, false},
		{"the seal cannot be written", map[string]int{integrity.SealFile: 1}, false},
		{"nor the old content put back", map[string]int{integrity.SealFile: 1, "config.toml": 2}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path, seals := sealedUser(t, confirmedConfig)
			fresh := tt.failFrom[integrity.KeyFile] > 0
			if fresh {
				// A first rule in a new config: the key is made with it.
				os.RemoveAll(seals.Dir)
				os.Remove(path)
			}
			count := map[string]int{}
			integrity.TestOnlyWriteHook = func(p string) error {
				base := filepath.Base(p)
				if n, ok := tt.failFrom[base]; ok {
					count[base]++
					if count[base] >= n {
						return syscall.ENOSPC
					}
				}
				return nil
			}
			_, err := AddRule(path, "deny", "bash(prefix:dd*)", &seals)
			integrity.TestOnlyWriteHook = nil
			var ue *integrity.UnsealedError
			if err == nil || errors.As(err, &ue) != tt.unsealed {
				t.Fatalf("AddRule = %v, want unsealed %v", err, tt.unsealed)
			}
			data, rerr := os.ReadFile(path)
			if fresh && !os.IsNotExist(rerr) {
				t.Errorf("a new config was left behind: %q, %v", data, rerr)
			}
			if has := strings.Contains(string(data), "dd*"); has != tt.unsealed {
				t.Errorf("the file holds the rule: %v, want %v (err %v)", has, tt.unsealed, err)
			}
			if !tt.unsealed {
				if !strings.Contains(err.Error(), "unchanged") && !strings.Contains(err.Error(), "nothing changed") {
					t.Errorf("err = %v: it must say nothing changed", err)
				}
				if !fresh && !UserConfigSealed(seals, path) {
					t.Error("the file is no longer sealed")
				}
			}
		})
	}
}

// TestSealUserConfigOfARemovedFile: confirming a removal forgets the seal,
// so the removed file's rules stop applying and no warning remains; a file
// that came back meanwhile is not confirmed.
func TestSealUserConfigOfARemovedFile(t *testing.T) {
	path, seals := sealedUser(t, confirmedConfig)
	os.Remove(path)
	os.WriteFile(path, []byte("x = 1"), 0o644)
	if err := SealUserConfig(seals, path, nil, false); err == nil || !strings.Contains(err.Error(), "changed while you were asked") {
		t.Errorf("confirming a removal of a file that is there: %v", err)
	}
	os.Remove(path)
	if err := SealUserConfig(seals, path, nil, false); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadUser(t, path, seals)
	if err != nil || len(cfg.Rules.Deny) != 0 || len(cfg.Warnings) != 0 {
		t.Errorf("after confirming the removal: deny %s warnings %q, %v", ruleTexts(cfg.Rules.Deny), cfg.Warnings, err)
	}
}
