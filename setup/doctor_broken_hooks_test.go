package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorHookThatGatesNoShell: a permgate hook registered where the
// harness's shell tool never reaches it (a matcher "Read", Cursor's
// afterFileEdit only, a Copilot handler of type "prompt" or a file of another
// version, Gemini's matcher read_file) is broken, and doctor says so with a ✘
// — it used to report ✔ because the command was found and answered the probe.
func TestDoctorHookThatGatesNoShell(t *testing.T) {
	const pg = "/opt/pg/permgate"
	cases := []struct {
		name, file, broken, fine string
	}{
		{"claude", ".claude/settings.json",
			`{"hooks":{"PreToolUse":[{"matcher":"Read","hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}}`,
			`{"hooks":{"PreToolUse":[{"matcher":"Bash|Write","hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}}`},
		{"claude", ".claude/settings.json",
			`{"hooks":{"PostToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}}`,
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"/opt/pg/permgate hook claude"}]}]}}`},
		{"gemini", ".gemini/settings.json",
			`{"hooks":{"BeforeTool":[{"matcher":"read_file","hooks":[{"type":"command","command":"/opt/pg/permgate hook gemini"}]}]}}`,
			`{"hooks":{"BeforeTool":[{"matcher":".*","hooks":[{"type":"command","command":"/opt/pg/permgate hook gemini"}]}]}}`},
		{"cursor", ".cursor/hooks.json",
			`{"version":1,"hooks":{"afterFileEdit":[{"command":"/opt/pg/permgate hook cursor"}]}}`,
			`{"version":1,"hooks":{"beforeShellExecution":[{"command":"/opt/pg/permgate hook cursor"}]}}`},
		{"cursor", ".cursor/hooks.json",
			`{"version":2,"hooks":{"beforeShellExecution":[{"command":"/opt/pg/permgate hook cursor"}]}}`,
			`{"version":1,"hooks":{"preToolUse":[{"command":"/opt/pg/permgate hook cursor","matcher":"Shell"}]}}`},
		{"copilot", ".copilot/hooks/permgate.json",
			`{"version":1,"hooks":{"preToolUse":[{"type":"prompt","bash":"/opt/pg/permgate hook copilot"}]}}`,
			`{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"/opt/pg/permgate hook copilot"}]}}`},
		{"copilot", ".copilot/hooks/permgate.json",
			`{"hooks":{"preToolUse":[{"type":"command","bash":"/opt/pg/permgate hook copilot"}]}}`,
			`{"version":1,"hooks":{"postToolUse":[{"type":"command","bash":"x"}],"preToolUse":[{"type":"command","bash":"/opt/pg/permgate hook copilot"}]}}`},
	}
	for _, c := range cases {
		for _, broken := range []bool{true, false} {
			e := testEnv(t, pg)
			content := c.fine
			if broken {
				content = c.broken
			}
			writeFile(t, filepath.Join(e.Home, c.file), content, 0o644)
			found := false
			for _, ch := range e.doctorHarness(c.name, false, "") {
				if ch.Status == Fail && strings.Contains(ch.Message, "not where") {
					found = true
				}
			}
			if found != broken {
				t.Errorf("%s %s: broken=%v, doctor's ✘ for a hook that gates no shell call: %v", c.name, content, broken, found)
			}
		}
	}
}

// TestDoctorSpawnLingeringChild: a registered program that answers and exits
// but leaves a child holding its output open does not hold doctor until the
// child ends: spawn returns with that error (not the probe's timeout, which
// is what waiting on the child would end in) while the child still lives.
func TestDoctorSpawnLingeringChild(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	dir := t.TempDir()
	bin, pids := filepath.Join(dir, "permgate"), filepath.Join(dir, "child.pid")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nsleep 60 &\necho $! > "+posixQuote(pids)+"\necho '{}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killAll(pidsIn(t, pids)) })
	_, _, _, err := e.spawn(bin, []string{"hook", "claude"}, []byte("{}"), e.Home)
	if err == nil || !strings.Contains(err.Error(), "left a process holding its output open") {
		t.Fatalf("spawn: %v, want the error for a program that left its output open", err)
	}
	child := pidsIn(t, pids)
	if len(child) != 1 || !processAlive(child[0]) {
		t.Fatalf("the lingering child %v is not running: spawn waited for it, or it never started", child)
	}
}

// TestInstallProjectRefusesLink: a repository that ships .github/hooks as a
// link to docs/, or .claude/settings.json as a link to a file it tracks,
// would have install write permgate's hook into a file an agent may edit
// unguarded. install --project refuses, and writes nothing.
func TestInstallProjectRefusesLink(t *testing.T) {
	for _, c := range []struct{ name, link, to, target string }{
		{"copilot", ".github/hooks", "../docs", "docs/permgate.json"},
		{"claude", ".claude/settings.json", "../docs/s.json", "docs/s.json"},
		{"cursor", ".cursor", "docs", "docs/hooks.json"},
	} {
		e := testEnv(t, "/opt/pg/permgate")
		writeFile(t, filepath.Join(e.Home, "docs", "s.json"), "{}\n", 0o644)
		link := filepath.Join(e.Home, c.link)
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(c.to, link); err != nil {
			t.Fatal(err)
		}
		_, err := Install(e, c.name, Options{Project: true})
		if err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("%s through %s -> %s: err %v, want a refusal", c.name, c.link, c.to, err)
		}
		if data, _ := os.ReadFile(filepath.Join(e.Home, c.target)); strings.Contains(string(data), "permgate") {
			t.Errorf("%s: permgate's hook was written through the link into %s", c.name, c.target)
		}
	}
}

// TestDoctorClaudeHooksDisabled: a Claude Code settings file with
// "disableAllHooks": true (a cloned repository's .claude/settings.json, or a
// settings.local.json) turns permgate's hook off wherever it is registered:
// doctor fails it.
func TestDoctorClaudeHooksDisabled(t *testing.T) {
	for _, file := range []string{"settings.json", "settings.local.json"} {
		e := testEnv(t, "/opt/pg/permgate")
		writeFile(t, filepath.Join(e.Home, ".claude", file), `{"disableAllHooks": true}`, 0o644)
		found := false
		for _, ch := range e.doctorHarness("claude", false, "") {
			found = found || ch.Status == Fail && strings.Contains(ch.Message, "disableAllHooks")
		}
		if !found {
			t.Errorf("%s with disableAllHooks: no ✘", file)
		}
	}
	e := testEnv(t, "/opt/pg/permgate")
	writeFile(t, filepath.Join(e.Home, ".claude", "settings.json"), `{"disableAllHooks": false}`, 0o644)
	for _, ch := range e.doctorHarness("claude", false, "") {
		if strings.Contains(ch.Message, "disableAllHooks") {
			t.Errorf("disableAllHooks false: %s", ch.Message)
		}
	}
}

// TestDoctorClaudeLocalSettingsUnread: a settings.local.json doctor cannot
// read (a link in a cloned repository, which Claude Code follows) or parse may
// turn every hook off: doctor fails it rather than pass the hook.
func TestDoctorClaudeLocalSettingsUnread(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	root := filepath.Join(e.Home, "repo")
	writeFile(t, filepath.Join(root, "docs", "off.json"), `{"disableAllHooks": true}`, 0o644)
	writeFile(t, filepath.Join(root, ".claude", "settings.json"), `{}`, 0o644)
	if err := os.Symlink("../docs/off.json", filepath.Join(root, ".claude", "settings.local.json")); err != nil {
		t.Fatal(err)
	}
	failed := false
	for _, ch := range e.doctorHarness("claude", true, root) {
		failed = failed || ch.Status == Fail && strings.Contains(ch.Message, "settings.local.json")
	}
	if !failed {
		t.Error("a linked settings.local.json in a project was passed over")
	}
	local := filepath.Join(e.Home, ".claude", "settings.local.json")
	writeFile(t, local, `{"disableAllHooks": tru`, 0o644)
	failed = false
	for _, ch := range e.doctorHarness("claude", false, "") {
		failed = failed || ch.Status == Fail && strings.Contains(ch.Message, "settings.local.json") && strings.Contains(ch.Message, "not valid JSON")
	}
	if !failed {
		t.Error("an invalid settings.local.json was passed over")
	}
}

// TestDoctorGeminiProjectBeforeTool: a repository's .gemini/settings.json with
// a BeforeTool list of its own replaces the user's in a Gemini CLI that merges
// "hooks" shallowly: doctor warns.
func TestDoctorGeminiProjectBeforeTool(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	root := filepath.Join(e.Home, "repo")
	writeFile(t, filepath.Join(root, ".gemini", "settings.json"), `{"hooks":{"BeforeTool":[]}}`, 0o644)
	found := false
	for _, ch := range e.doctorHarness("gemini", true, root) {
		found = found || ch.Status == Warn && strings.Contains(ch.Message, "BeforeTool list without permgate's hook")
	}
	if !found {
		t.Errorf("no warning for a project BeforeTool list without permgate")
	}
}
