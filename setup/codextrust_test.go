package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// codexHashConfig is a config.toml whose hooks' hashes Codex 0.169.0
// reported (app-server hooks/list, currentHash) for this very file.
const codexHashConfig = `model = "gpt-5.5"
[[hooks.PreToolUse]]
matcher = "*"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "/tmp/lab1/cap.sh"
timeout = 30
[[hooks.PreToolUse.hooks]]
type = "command"
command = "'/opt/my dir/permgate' hook codex || exit 2"
statusMessage = "permgate — checking \"it\"\tnow"
async = false
[[hooks.PreToolUse]]
[[hooks.PreToolUse.hooks]]
type = "command"
command = "/usr/bin/permgate hook codex"
timeoutSec = 0
[[hooks.PermissionRequest]]
matcher = "^Bash$"
[[hooks.PermissionRequest.hooks]]
type = "command"
command = "/usr/bin/permgate hook codex"
`

// TestCodexHookHash computes the trust hash of each handler as Codex 0.169.0
// did for the same file: a timeout given and unset (600 s; timeoutSec is not
// read), a status message with quotes, a tab and non-ASCII text, a group
// without a matcher, and the PermissionRequest event.
func TestCodexHookHash(t *testing.T) {
	config, err := parseTOML("config.toml", []byte(codexHashConfig))
	if err != nil {
		t.Fatal(err)
	}
	hooks, _ := config["hooks"].(map[string]any)
	want := map[string]string{
		"/c/config.toml:pre_tool_use:0:0":       "sha256:5e652b9ee47033be5167a0c27ff553aeea7a922b850ecff181cd79b14932d704",
		"/c/config.toml:pre_tool_use:0:1":       "sha256:bd0bca029d7e40843bcf7087bf0de7a952c8f583ec5ab14552945031d70932f4",
		"/c/config.toml:pre_tool_use:1:0":       "sha256:f9ac8634636dfff6035a16cee82dda08397db5bdf9104233e065c88c9bee19fc",
		"/c/config.toml:permission_request:0:0": "sha256:c95bc4fe2fc0863bb419a626ab2bd3183f42b341bbe0f15da7e5b27f38a3062f",
	}
	got := codexHooks(hooks)
	if len(got) != len(want) {
		t.Fatalf("%d hooks, want %d: %+v", len(got), len(want), got)
	}
	for _, h := range got {
		key := h.key("/c/config.toml")
		if h.HashErr != nil || h.Hash != want[key] {
			t.Errorf("%s: %s (%v), want %s", key, h.Hash, h.HashErr, want[key])
		}
	}
}

// TestCodexTrust reads [hooks.state] as Codex does: trusted when the hash
// matches, changed when it does not, untrusted when absent, off when
// enabled = false; another program's hook is not permgate's business.
func TestCodexTrust(t *testing.T) {
	hook := "[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/usr/bin/permgate hook codex\"\ntimeout = 30\n" +
		"[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"other-check\"\n"
	config, err := parseTOML("config.toml", []byte(hook))
	if err != nil {
		t.Fatal(err)
	}
	hooks, _ := config["hooks"].(map[string]any)
	h := codexHooks(hooks)[0]
	key := "/c/config.toml:pre_tool_use:0:0"
	tests := []struct {
		name  string
		state map[string]any
		want  Status
		msg   string
	}{
		{"trusted", map[string]any{key: map[string]any{"trusted_hash": h.Hash}}, OK, "is trusted"},
		{"changed", map[string]any{key: map[string]any{"trusted_hash": "sha256:00"}}, Warn, "changed since Codex trusted it"},
		{"untrusted", map[string]any{}, Warn, "is not trusted"},
		{"another key", map[string]any{"/c/config.toml:pre_tool_use:0:1": map[string]any{"trusted_hash": h.Hash}}, Warn, "is not trusted"},
		{"off", map[string]any{key: map[string]any{"trusted_hash": h.Hash, "enabled": false}}, Fail, "turned off"},
	}
	for _, tt := range tests {
		checks := codexTrust("/c/config.toml", hooks, map[string]any{"hooks": map[string]any{"state": tt.state}})
		if len(checks) != 1 || checks[0].Status != tt.want || !strings.Contains(checks[0].Message, tt.msg) {
			t.Errorf("%s: %+v, want one check %v with %q", tt.name, checks, tt.want, tt.msg)
		}
	}
}

// TestCodexFeaturesOff notices [features] hooks = false, its older name
// codex_hooks, and a profile's.
func TestCodexFeaturesOff(t *testing.T) {
	tests := []struct {
		config string
		want   []Status
	}{
		{"[features]\nhooks = false\n", []Status{Fail}},
		{"[features]\ncodex_hooks = false\n", []Status{Fail}},
		{"[features]\nhooks = true\n", nil},
		{"model = \"o3\"\n", nil},
		{"[profiles.ci.features]\nhooks = false\n", []Status{Warn}},
	}
	for _, tt := range tests {
		config, err := parseTOML("config.toml", []byte(tt.config))
		if err != nil {
			t.Fatal(err)
		}
		var got []Status
		for _, c := range codexFeaturesOff("config.toml", config) {
			got = append(got, c.Status)
		}
		if len(got) != len(tt.want) || len(got) > 0 && got[0] != tt.want[0] {
			t.Errorf("%q: %v, want %v", tt.config, got, tt.want)
		}
	}
}

// TestCodexUninstallTrust: uninstall takes out the [hooks.state] tables Codex
// wrote when permgate's hooks were trusted (as Codex 0.169.0 writes them: at
// the end, a blank line before each), and the file is what it was before
// install, byte for byte; another hook's state stays.
func TestCodexUninstallTrust(t *testing.T) {
	e := testEnv(t, "/usr/bin/permgate")
	path := filepath.Join(e.Home, ".codex", "config.toml")
	before := "model = \"gpt-5.5\"   # mine\n\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"other-check\"\n\n" +
		"[hooks.state.\"" + path + ":pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:11\"\n"
	writeFile(t, path, before, 0o600)
	mustRun(t, e, "codex", true)
	installed := readFile(t, path)
	trusted := installed + "\n[hooks.state.\"" + path + ":pre_tool_use:1:0\"]\ntrusted_hash = \"sha256:22\"\n" +
		"\n[hooks.state.\"" + path + ":permission_request:0:0\"]\ntrusted_hash = \"sha256:33\"\n"
	writeFile(t, path, trusted, 0o600)
	mustRun(t, e, "codex", false)
	if got := readFile(t, path); got != before {
		t.Fatalf("after uninstall:\n%s\nwant\n%s", got, before)
	}
}

// TestCodexUninstallTrustBetween: Codex 0.169.0 adds a hook's state after
// the [hooks.state] tables already there — above permgate's marker when the
// user trusted a hook of their own first; uninstall still gives the file
// back byte for byte.
func TestCodexUninstallTrustBetween(t *testing.T) {
	e := testEnv(t, "/usr/bin/permgate")
	path := filepath.Join(e.Home, ".codex", "config.toml")
	mine := "[hooks.state.\"" + path + ":pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:11\"\n"
	before := "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"other-check\"\n\n" + mine
	writeFile(t, path, before, 0o600)
	mustRun(t, e, "codex", true)
	installed := readFile(t, path)
	theirs := "\n[hooks.state.\"" + path + ":pre_tool_use:1:0\"]\ntrusted_hash = \"sha256:22\"\n"
	trusted := strings.Replace(installed, mine, mine+theirs, 1)
	if trusted == installed {
		t.Fatalf("no state to add after:\n%s", installed)
	}
	writeFile(t, path, trusted, 0o600)
	mustRun(t, e, "codex", false)
	if got := readFile(t, path); got != before {
		t.Fatalf("after uninstall:\n%q\nwant\n%q", got, before)
	}
}

// TestCodexTrustLinkAndUnknownHash: a config.toml reached through a link is
// trusted under the path its link leads to, and a hook whose hash doctor
// cannot compute is neither trusted nor distrusted.
func TestCodexTrustLinkAndUnknownHash(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.toml")
	link := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(real, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	hook := "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/usr/bin/permgate hook codex\"\n"
	config, err := parseTOML("config.toml", []byte(hook))
	if err != nil {
		t.Fatal(err)
	}
	hooks, _ := config["hooks"].(map[string]any)
	h := codexHooks(hooks)[0]
	for _, tt := range []struct {
		name, path, keyPath string
		want                Status
	}{
		{"as named", link, link, OK},
		{"through the link", link, real, OK},
		{"elsewhere", link, filepath.Join(dir, "other.toml"), Warn},
	} {
		state := map[string]any{h.key(tt.keyPath): map[string]any{"trusted_hash": h.Hash}}
		checks := codexTrust(tt.path, hooks, map[string]any{"hooks": map[string]any{"state": state}})
		if len(checks) != 1 || checks[0].Status != tt.want {
			t.Errorf("%s: %+v, want one check %v", tt.name, checks, tt.want)
		}
	}

	unknown := hook + "additionalContextLimit = 3\n"
	if config, err = parseTOML("config.toml", []byte(unknown)); err != nil {
		t.Fatal(err)
	}
	hooks, _ = config["hooks"].(map[string]any)
	checks := codexTrust(link, hooks, map[string]any{})
	if len(checks) != 1 || checks[0].Status != Warn || !strings.Contains(checks[0].Message, "doctor cannot tell whether Codex trusts it (it sets additionalContextLimit") {
		t.Errorf("a hash doctor cannot compute: %+v", checks)
	}
}

// TestCodexHookHashFields: each handler field Codex normalises before it
// hashes — defaults that hash as if written, numbers from TOML or JSON —
// and each field doctor refuses to guess about.
func TestCodexHookHashFields(t *testing.T) {
	base := func(kv ...any) map[string]any {
		h := map[string]any{"type": "command", "command": "/p/permgate hook codex"}
		for i := 0; i+1 < len(kv); i += 2 {
			h[kv[i].(string)] = kv[i+1]
		}
		return h
	}
	hash := func(event string, matcher any, h map[string]any) string {
		t.Helper()
		s, err := codexHookHash(event, matcher, h)
		if err != nil {
			t.Fatalf("codexHookHash(%v): %v", h, err)
		}
		return s
	}
	same := []struct {
		name string
		a, b map[string]any
	}{
		{"timeout unset is 600", base(), base("timeout", int64(600))},
		{"timeoutSec is ignored", base("timeoutSec", int64(5)), base()},
		{"timeout 0 is 1", base("timeout", int64(0)), base("timeout", int64(1))},
		{"a JSON number is a TOML integer", base("timeout", float64(30)), base("timeout", int64(30))},
		{"async unset is false", base(), base("async", false)},
	}
	for _, tt := range same {
		if a, b := hash("PreToolUse", "*", tt.a), hash("PreToolUse", "*", tt.b); a != b {
			t.Errorf("%s: %s != %s", tt.name, a, b)
		}
	}
	if hash("PreToolUse", nil, base()) == hash("PreToolUse", "*", base()) {
		t.Error("no matcher hashes as matcher \"*\"")
	}
	if hash("PreToolUse", nil, base("statusMessage", "x")) == hash("PreToolUse", nil, base()) {
		t.Error("statusMessage is not hashed")
	}
	errs := []struct {
		event   string
		matcher any
		h       map[string]any
		want    string
	}{
		{"PreToolUse", nil, map[string]any{"command": 1}, "its command is not a string"},
		{"PreToolUse", nil, base("timeout", int64(-1)), "its timeout is not a whole number of seconds"},
		{"PreToolUse", nil, base("timeout", 1.5), "its timeout is not a whole number of seconds"},
		{"PreToolUse", nil, base("timeout", "30"), "its timeout is not a whole number of seconds"},
		{"PreToolUse", nil, base("async", "yes"), "its async is not true or false"},
		{"PreToolUse", nil, base("statusMessage", int64(1)), "its statusMessage is not a string"},
		{"PreToolUse", nil, base("additionalContextLimit", int64(1)), "it sets additionalContextLimit"},
		{"PostToolUse", nil, base(), "doctor knows Codex's hash of"},
		{"PreToolUse", int64(1), base(), "its group's matcher is not a string"},
	}
	for _, tt := range errs {
		if _, err := codexHookHash(tt.event, tt.matcher, tt.h); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("codexHookHash(%s, %v, %v) = %v, want %q", tt.event, tt.matcher, tt.h, err, tt.want)
		}
	}
}
