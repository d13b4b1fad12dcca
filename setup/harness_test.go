package setup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testEnv is an Env in a fresh home directory, with permgate at bin.
func testEnv(t *testing.T, bin string) *Env {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "PATH": os.Getenv("PATH")}
	return &Env{
		Home: home, Getenv: func(k string) string { return vars[k] }, Environ: []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")},
		Cwd: home, Binary: bin, LockPath: filepath.Join(home, ".local", "state", "permgate", "setup.lock"),
	}
}

func writeFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func mustRun(t *testing.T, e *Env, target string, install bool) []Result {
	t.Helper()
	var res []Result
	var err error
	if install {
		res, err = Install(e, target, Options{})
	} else {
		res, err = Uninstall(e, target, Options{})
	}
	if err != nil {
		t.Fatalf("%s %v: %v", target, install, err)
	}
	return res
}

// jsonCases are settings files with other settings, as people write them:
// pretty with 4 spaces, compact, with a hook of another tool on the same event.
var jsonCases = map[string]struct{ path, before string }{
	"claude": {".claude/settings.json", `{
    "model": "opus",
    "permissions": {"allow": ["Bash(npm test)"]},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Write", "hooks": [{"type": "command", "command": "lint-writes"}]}
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]
    },
    "env": {"Z": "1", "A": "2"}
}
`},
	"gemini":  {".gemini/settings.json", `{"theme":"dark","hooks":{"AfterTool":[{"matcher":"*","hooks":[{"name":"log","type":"command","command":"log-tool"}]}]},"hooksConfig":{"notifications":true}}`},
	"cursor":  {".cursor/hooks.json", "{\n\t\"version\": 1,\n\t\"hooks\": {\n\t\t\"afterFileEdit\": [{\"command\": \"./format.sh\"}],\n\t\t\"beforeShellExecution\": [{\"command\": \"audit-shell\", \"timeout\": 5}]\n\t}\n}\n"},
	"copilot": {".copilot/hooks/permgate.json", `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"echo start"}]}}`},
}

func TestInstallJSONKeepsEverythingElse(t *testing.T) {
	for name, tc := range jsonCases {
		t.Run(name, func(t *testing.T) {
			e := testEnv(t, "/opt/pg/bin/permgate")
			path := filepath.Join(e.Home, tc.path)
			writeFile(t, path, tc.before, 0o600)
			res := mustRun(t, e, name, true)
			if res[0].Action != "installed" || res[0].Backup != path+BackupSuffix {
				t.Fatalf("install: %+v", res[0])
			}
			after := readFile(t, path)
			if !strings.Contains(after, jsonQuote(HookCommand("/opt/pg/bin/permgate", name))) {
				t.Fatalf("hook not registered:\n%s", after)
			}
			doc, err := parseJSON(path, []byte(after))
			if err != nil {
				t.Fatal(err)
			}
			before, _ := parseJSON(path, []byte(tc.before))
			// Every key of the old file is there, in its order.
			var keys, oldKeys []string
			for _, m := range doc.members {
				keys = append(keys, m.key)
			}
			for _, m := range before.members {
				oldKeys = append(oldKeys, m.key)
			}
			if strings.Join(keys, ",") != strings.Join(oldKeys, ",") && !(len(oldKeys) == 0) {
				t.Errorf("keys %v, want %v", keys, oldKeys)
			}
			if got := readFile(t, path+BackupSuffix); got != tc.before {
				t.Errorf("backup holds %q, want the old content", got)
			}
			if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600 kept", info.Mode().Perm())
			}
			// Twice changes nothing.
			if res := mustRun(t, e, name, true); res[0].Action != "already installed" {
				t.Errorf("second install: %s", res[0].Action)
			}
			if again := readFile(t, path); again != after {
				t.Errorf("second install changed the file:\n%s", again)
			}
			// Uninstall gives back what was there (the same values; the
			// same bytes for a file that was indented).
			if res := mustRun(t, e, name, false); res[0].Action != "removed" {
				t.Errorf("uninstall: %s", res[0].Action)
			}
			back := readFile(t, path)
			got, _ := parseJSON(path, []byte(back))
			if compact(got) != compact(before) {
				t.Errorf("after uninstall:\n%s\nwant the values of:\n%s", back, tc.before)
			}
			if strings.Contains(tc.before, "\n    ") && back != tc.before {
				t.Errorf("after uninstall:\n%s\nwant byte for byte:\n%s", back, tc.before)
			}
			if res := mustRun(t, e, name, false); res[0].Action != "not installed" {
				t.Errorf("second uninstall: %s", res[0].Action)
			}
		})
	}
}

func TestInstallReplacesOlderPermgate(t *testing.T) {
	e := testEnv(t, "/new/permgate")
	path := filepath.Join(e.Home, ".claude", "settings.json")
	writeFile(t, path, `{"hooks":{"PreToolUse":[
  {"matcher":"Bash","hooks":[{"type":"command","command":"first"}]},
  {"matcher":"*","hooks":[{"type":"command","command":"'/old dir/permgate' hook claude","timeout":30}]},
  {"matcher":"*","hooks":[{"type":"command","command":"last"}]},
  {"matcher":"*","hooks":[{"type":"command","command":"permgate hook claude --mode plan"}]},
  {"matcher":"*","hooks":[{"type":"command","command":"permgate hook codex"}]}]}}`, 0o644)
	mustRun(t, e, "claude", true)
	after := readFile(t, path)
	if strings.Contains(after, "/old dir/") || strings.Contains(after, "--mode plan") || strings.Count(after, "hook claude") != 1 {
		t.Fatalf("older permgate entries not replaced:\n%s", after)
	}
	first, mine, last, codex := strings.Index(after, `"first"`), strings.Index(after, "/new/permgate"), strings.Index(after, `"last"`), strings.Index(after, "hook codex")
	if !(first < mine && mine < last && codex > last) {
		t.Errorf("the new entry is not where the old one stood:\n%s", after)
	}
}

func TestInstallQuotesThePath(t *testing.T) {
	e := testEnv(t, "/opt/it's here/permgate")
	mustRun(t, e, "claude", true)
	after := readFile(t, filepath.Join(e.Home, ".claude", "settings.json"))
	if !strings.Contains(after, `"'/opt/it'\\''s here/permgate' hook claude || exit 2"`) {
		t.Fatalf("path not shell-quoted inside the JSON string:\n%s", after)
	}
	doc, _ := parseJSON("", []byte(after))
	if regs := jsonRegistered(doc, "claude"); len(regs["PreToolUse"]) != 1 {
		t.Fatalf("the quoted command is not recognised as permgate's: %v", regs)
	}
	if res := mustRun(t, e, "claude", true); res[0].Action != "already installed" {
		t.Errorf("second install: %s", res[0].Action)
	}
}

func TestUnreadableSettingsRefused(t *testing.T) {
	for _, tc := range []struct{ name, path, content, want string }{
		{"claude", ".claude/settings.json", "{\n  \"a\": 1,\n  \"b\": \n}\n", "settings.json:4:"},
		{"claude", ".claude/settings.json", "{\n  // my comment\n  \"a\": 1\n}\n", "settings.json:2: not valid JSON: a comment"},
		{"gemini", ".gemini/settings.json", "{\n  // my comment\n  \"a\": 1,\n}\n", "settings.json:3: not valid JSON: a trailing comma"},
		{"claude", ".claude/settings.json", "[1, 2]", "not a JSON object"},
		{"claude", ".claude/settings.json", `{"hooks": []}`, `"hooks" is not an object`},
		{"codex", ".codex/config.toml", "model = \"o3\"\n[x\n", "config.toml:2:"},
	} {
		t.Run(tc.name+tc.want, func(t *testing.T) {
			e := testEnv(t, "/p/permgate")
			path := filepath.Join(e.Home, tc.path)
			writeFile(t, path, tc.content, 0o644)
			for _, install := range []bool{true, false} {
				var err error
				if install {
					_, err = Install(e, tc.name, Options{})
				} else {
					_, err = Uninstall(e, tc.name, Options{})
				}
				if install && (err == nil || !strings.Contains(err.Error(), tc.want)) {
					t.Fatalf("install: error %v, want one with %q", err, tc.want)
				}
			}
			if readFile(t, path) != tc.content {
				t.Error("the file was changed")
			}
			if exists(path + BackupSuffix) {
				t.Error("a backup was written")
			}
		})
	}
}

// TestInstallRefusesOtherVersion: a Cursor or Copilot hooks file whose
// "version" is not the one permgate's entries are written for is left
// unchanged, rather than given entries that may gate nothing.
func TestInstallRefusesOtherVersion(t *testing.T) {
	for name, rel := range map[string]string{"cursor": ".cursor/hooks.json", "copilot": ".copilot/hooks/permgate.json"} {
		e := testEnv(t, "/opt/pg/permgate")
		path := filepath.Join(e.Home, rel)
		before := `{"version": 2, "hooks": {}}` + "\n"
		writeFile(t, path, before, 0o644)
		if _, err := Install(e, name, Options{}); err == nil || !strings.Contains(err.Error(), `"version" is 2`) {
			t.Errorf("%s: %v", name, err)
		}
		if readFile(t, path) != before {
			t.Errorf("%s: the file was changed", name)
		}
	}
}

// TestUninstallWritesNoMissingFile: uninstall where nothing was installed
// creates no file (an empty config.toml, the harness's directory, which
// doctor would then check) and says "not installed".
func TestUninstallWritesNoMissingFile(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	for _, name := range Targets() {
		if name == "git" {
			continue
		}
		res, err := Uninstall(e, name, Options{})
		if err != nil || len(res) != 1 || res[0].Action != "not installed" {
			t.Errorf("%s: %+v %v", name, res, err)
		}
	}
	entries, err := os.ReadDir(e.Home)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range entries {
		if de.Name() != ".local" { // the setup lock's directory
			t.Errorf("uninstall created %s", de.Name())
		}
	}
}

// TestOversizedSettingsNotJudged: a settings file over maxSettingsBytes is
// neither edited nor judged by its first maxSettingsBytes: doctor says it
// cannot read it, not that its (cut) JSON is invalid.
func TestOversizedSettingsNotJudged(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	path := filepath.Join(e.Home, ".claude", "settings.json")
	big := `{"pad": "` + strings.Repeat("x", maxSettingsBytes) + `"}`
	writeFile(t, path, big, 0o644)
	if _, err := Install(e, "claude", Options{}); err == nil || !strings.Contains(err.Error(), "permgate does not edit it") {
		t.Errorf("install: %v", err)
	}
	if _, err := readSmall(path); !errors.Is(err, errTooLarge) {
		t.Errorf("readSmall: %v", err)
	}
	found := false
	for _, c := range e.doctorHarness("claude", false, "") {
		if strings.Contains(c.Message, "not valid JSON") {
			t.Errorf("judged by its first %d bytes: %s", maxSettingsBytes, c.Message)
		}
		found = found || c.Status == Fail && strings.Contains(c.Message, "cannot read") && strings.Contains(c.Message, "bytes")
	}
	if !found {
		t.Error("doctor did not fail a settings file it could not read whole")
	}
}

func TestSymlinkedSettings(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	real := filepath.Join(e.Home, "dotfiles", "claude.json")
	writeFile(t, real, `{"model":"opus"}`, 0o640)
	link := filepath.Join(e.Home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	mustRun(t, e, "claude", true)
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if !strings.Contains(readFile(t, real), "hook claude") {
		t.Fatal("the file the link points to was not edited")
	}
	if info, _ := os.Stat(real); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
	if !exists(real + BackupSuffix) {
		t.Error("no backup beside the real file")
	}

	// A link to nothing is refused, and nothing is created through it.
	e2 := testEnv(t, "/p/permgate")
	dangling := filepath.Join(e2.Home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(dangling), 0o755)
	os.Symlink(filepath.Join(e2.Home, "nowhere.json"), dangling)
	if _, err := Install(e2, "gemini", Options{}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("dangling link: %v", err)
	}
	if exists(filepath.Join(e2.Home, "nowhere.json")) {
		t.Error("a file was created through the link")
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	path := filepath.Join(e.Home, ".claude", "settings.json")
	writeFile(t, path, "{\n  \"model\": \"opus\"\n}\n", 0o644)
	res, err := Install(e, "claude", Options{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Action != "would change" || !strings.Contains(res[0].Diff, `+   "hooks": {`) || !strings.Contains(res[0].Diff, "/p/permgate hook claude") {
		t.Fatalf("dry run: %+v", res[0])
	}
	if readFile(t, path) != "{\n  \"model\": \"opus\"\n}\n" || exists(path+BackupSuffix) || exists(e.LockPath) {
		t.Error("dry run wrote something")
	}
	res, _ = Install(e, "cursor", Options{DryRun: true})
	if res[0].Action != "would install" || !strings.Contains(res[0].Diff, "(new file)") || exists(filepath.Join(e.Home, ".cursor")) {
		t.Errorf("dry run of a new file: %+v", res[0])
	}
}

func TestUninstallRemovesOwnHooksFile(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	mustRun(t, e, "copilot", true)
	mustRun(t, e, "cursor", true)
	mustRun(t, e, "copilot", false)
	mustRun(t, e, "cursor", false)
	for _, p := range []string{".copilot/hooks/permgate.json", ".cursor/hooks.json"} {
		if exists(filepath.Join(e.Home, p)) {
			t.Errorf("%s left with nothing in it", p)
		}
	}
	// A hooks file that holds other hooks stays.
	path := filepath.Join(e.Home, ".cursor", "hooks.json")
	writeFile(t, path, `{"version":1,"hooks":{"stop":[{"command":"bye"}]}}`, 0o644)
	mustRun(t, e, "cursor", true)
	mustRun(t, e, "cursor", false)
	if got := readFile(t, path); !strings.Contains(got, `"bye"`) || strings.Contains(got, "permgate") {
		t.Errorf("after uninstall: %s", got)
	}
}

func TestProjectSettings(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	repo := filepath.Join(e.Home, "repo")
	os.MkdirAll(filepath.Join(repo, "sub"), 0o755)
	e.Cwd = filepath.Join(repo, "sub")
	if _, err := e.git("init", "-q", repo); err != nil {
		t.Skip(err)
	}
	for name, p := range map[string]string{"claude": ".claude/settings.json", "copilot": ".github/hooks/permgate.json", "codex": ".codex/config.toml"} {
		if _, err := Install(e, name, Options{Project: true}); err != nil {
			t.Fatal(err)
		}
		if !exists(filepath.Join(repo, p)) {
			t.Errorf("%s: %s not written at the repository's root", name, p)
		}
	}
	if exists(filepath.Join(e.Home, ".claude")) {
		t.Error("--project wrote the user's settings")
	}
}

func TestConcurrentInstallsKeepOneEntry(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	path := filepath.Join(e.Home, ".claude", "settings.json")
	writeFile(t, path, `{"model":"opus"}`, 0o644)
	done := make(chan error, 8)
	for i := range 8 {
		go func() {
			c := *e
			c.Binary = fmt.Sprintf("/p%d/permgate", i)
			_, err := Install(&c, "claude", Options{})
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	doc, err := parseJSON(path, []byte(readFile(t, path)))
	if err != nil {
		t.Fatal(err)
	}
	if regs := jsonRegistered(doc, "claude"); len(regs["PreToolUse"]) != 1 || doc.get("model") == nil {
		t.Fatalf("after concurrent installs: %s", readFile(t, path))
	}
}
