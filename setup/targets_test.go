package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const codexBefore = `model = "o3"   # my model

[profiles.fast]
model = "o4-mini"

[[hooks.PostToolUse]]
matcher = "Bash"
[[hooks.PostToolUse.hooks]]
type = "command"
command = "echo after"

[hooks.state]
"x" = { trusted = true }
`

func TestCodexTOML(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	path := filepath.Join(e.Home, ".codex", "config.toml")
	writeFile(t, path, codexBefore, 0o600)
	mustRun(t, e, "codex", true)
	after := readFile(t, path)
	if !strings.HasPrefix(after, codexBefore) || !strings.Contains(after, "[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/opt/pg/permgate hook codex || exit 2\"\ntimeout = 30\n") {
		t.Fatalf("after install:\n%s", after)
	}
	if res := mustRun(t, e, "codex", true); res[0].Action != "already installed" || readFile(t, path) != after {
		t.Fatalf("second install: %s", res[0].Action)
	}
	// A newer binary replaces the entry, not a second one.
	e.Binary = "/usr/local/bin/permgate"
	mustRun(t, e, "codex", true)
	moved := readFile(t, path)
	if strings.Count(moved, "hook codex") != 2 || !strings.Contains(moved, "/usr/local/bin/permgate hook codex") || strings.Count(moved, tomlMarker) != 1 {
		t.Fatalf("after reinstall elsewhere:\n%s", moved)
	}
	mustRun(t, e, "codex", false)
	if back := readFile(t, path); back != codexBefore {
		t.Fatalf("after uninstall:\n%q\nwant\n%q", back, codexBefore)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", info.Mode().Perm())
	}
}

func TestCodexTOMLMixedGroupAndForms(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	path := filepath.Join(e.Home, ".codex", "config.toml")
	mixed := `[[hooks.PreToolUse]]
matcher = "*"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "other-check"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "/old/permgate hook codex"
`
	writeFile(t, path, mixed, 0o644)
	mustRun(t, e, "codex", false)
	if got := readFile(t, path); got != "[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"other-check\"\n" {
		t.Fatalf("mixed group after uninstall:\n%s", got)
	}
	// A registration in a form permgate does not edit is left to a person.
	inline := "hooks = { PreToolUse = [ { hooks = [ { type = \"command\", command = \"permgate hook codex\" } ] } ] }\n"
	writeFile(t, path, inline, 0o644)
	for _, install := range []bool{true, false} {
		var err error
		if install {
			_, err = Install(e, "codex", Options{})
		} else {
			_, err = Uninstall(e, "codex", Options{})
		}
		if err == nil || !strings.Contains(err.Error(), "by hand") {
			t.Errorf("inline form, install=%v: %v", install, err)
		}
	}
	if readFile(t, path) != inline {
		t.Error("the inline form was changed")
	}
}

func TestCodexHooksJSONUninstall(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	hj := filepath.Join(e.Home, ".codex", "hooks.json")
	writeFile(t, hj, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"permgate hook codex"}]}]}}`, 0o644)
	res := mustRun(t, e, "codex", false)
	if len(res) != 2 || res[1].Action != "removed" || exists(hj) {
		t.Fatalf("hooks.json: %+v", res)
	}
}

// TestCodexTOMLValueJSONCannotHold: a config.toml with a value JSON cannot
// hold (nan, inf) is not searched as an empty document: uninstall does not
// say "not installed" and doctor does not say "not registered" while an
// inline registration is there; both refuse, naming the file.
func TestCodexTOMLValueJSONCannotHold(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	path := filepath.Join(e.Home, ".codex", "config.toml")
	text := "limit = nan\nhooks = { PreToolUse = [ { hooks = [ { type = \"command\", command = \"permgate hook codex\" } ] } ] }\n"
	writeFile(t, path, text, 0o644)
	for _, install := range []bool{true, false} {
		var err error
		if install {
			_, err = Install(e, "codex", Options{})
		} else {
			_, err = Uninstall(e, "codex", Options{})
		}
		if err == nil || !strings.Contains(err.Error(), "cannot search it") {
			t.Errorf("install=%v: %v", install, err)
		}
	}
	if readFile(t, path) != text {
		t.Error("the file was changed")
	}
	failed := false
	for _, c := range e.doctorHarness("codex", false, "") {
		failed = failed || c.Status == Fail && strings.Contains(c.Message, "cannot search it")
	}
	if !failed {
		t.Error("doctor did not fail a config.toml it could not search")
	}
}

func TestShellLines(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	rc := filepath.Join(e.Home, ".bashrc")
	writeFile(t, rc, "alias ll='ls -l'", 0o640)
	mustRun(t, e, "bash", true)
	want := "alias ll='ls -l'\neval \"$(/opt/pg/permgate init bash)\"  # permgate-managed: the shell guard (permgate uninstall bash removes this line)\n"
	if got := readFile(t, rc); got != want {
		t.Fatalf("bashrc:\n%q\nwant\n%q", got, want)
	}
	if res := mustRun(t, e, "bash", true); res[0].Action != "already installed" {
		t.Errorf("twice: %s", res[0].Action)
	}
	e.Binary = "/new/permgate"
	mustRun(t, e, "bash", true)
	if got := readFile(t, rc); strings.Count(got, "permgate-managed") != 1 || !strings.Contains(got, "/new/permgate init bash") {
		t.Fatalf("moved binary:\n%s", got)
	}
	mustRun(t, e, "bash", false)
	if got := readFile(t, rc); got != "alias ll='ls -l'\n" {
		t.Errorf("after uninstall: %q", got)
	}
	if info, _ := os.Stat(rc); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", info.Mode().Perm())
	}

	// zsh honours ZDOTDIR; fish XDG_CONFIG_HOME and its own quoting.
	zdot := filepath.Join(e.Home, "zdot")
	xdg := filepath.Join(e.Home, "xdg")
	e.Getenv = func(k string) string { return map[string]string{"ZDOTDIR": zdot, "XDG_CONFIG_HOME": xdg}[k] }
	e.Binary = `/opt/it's/permgate`
	mustRun(t, e, "zsh", true)
	mustRun(t, e, "fish", true)
	if got := readFile(t, filepath.Join(zdot, ".zshrc")); !strings.HasPrefix(got, `eval "$('/opt/it'\''s/permgate' init zsh)"`) {
		t.Errorf("zshrc: %s", got)
	}
	if got := readFile(t, filepath.Join(xdg, "fish", "config.fish")); !strings.HasPrefix(got, `'/opt/it\'s/permgate' init fish | source`) {
		t.Errorf("config.fish: %s", got)
	}

	// A line written by hand is left alone, and install adds no second one.
	writeFile(t, rc, "eval \"$(permgate init bash)\"\n", 0o644)
	res := mustRun(t, e, "bash", true)
	if res[0].Action != "already installed" || len(res[0].Notes) == 0 || readFile(t, rc) != "eval \"$(permgate init bash)\"\n" {
		t.Errorf("hand-written line: %+v", res[0])
	}
	if _, err := Install(e, "bash", Options{Project: true}); err == nil {
		t.Error("--project for a shell was accepted")
	}
}

func gitRepo(t *testing.T, e *Env) string {
	t.Helper()
	repo := filepath.Join(e.Home, "repo")
	os.MkdirAll(repo, 0o755)
	e.Cwd = repo
	if _, err := e.git("init", "-q"); err != nil {
		t.Skip(err)
	}
	return repo
}

func TestGitHooks(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	repo := gitRepo(t, e)
	mustRun(t, e, "git", true)
	for _, h := range gitHookNames {
		p := filepath.Join(repo, ".git", "hooks", h)
		if got := readFile(t, p); got != "#!/bin/sh\n# permgate-managed-hook\nexec '/opt/pg/permgate' githook "+h+" \"$@\"\n" {
			t.Errorf("%s: %q", h, got)
		}
		if info, _ := os.Stat(p); info.Mode().Perm()&0o111 == 0 {
			t.Errorf("%s is not executable", h)
		}
		if exists(p + BackupSuffix) {
			t.Errorf("%s: a backup of permgate's own hook", h)
		}
	}
	if res := mustRun(t, e, "git", true); res[0].Action != "already installed" {
		t.Errorf("twice: %s", res[0].Action)
	}
	// A foreign hook is never overwritten, and nothing is installed then.
	mustRun(t, e, "git", false)
	foreign := filepath.Join(repo, ".git", "hooks", "pre-push")
	writeFile(t, foreign, "#!/bin/sh\necho mine\n", 0o755)
	_, err := Install(e, "git", Options{})
	if err == nil || !strings.Contains(err.Error(), foreign) {
		t.Fatalf("foreign hook: %v", err)
	}
	if exists(filepath.Join(repo, ".git", "hooks", "pre-commit")) {
		t.Error("a hook was installed beside a foreign one")
	}
	mustRun(t, e, "git", false)
	if readFile(t, foreign) != "#!/bin/sh\necho mine\n" {
		t.Error("uninstall touched a foreign hook")
	}
}

func TestGitHooksPath(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	repo := gitRepo(t, e)
	if _, err := e.git("config", "core.hooksPath", "githooks"); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(repo, "a", "b")
	os.MkdirAll(sub, 0o755)
	e.Cwd = sub
	mustRun(t, e, "git", true)
	if !exists(filepath.Join(repo, "githooks", "pre-commit")) {
		t.Fatal("core.hooksPath not honoured")
	}
	if exists(filepath.Join(repo, ".git", "hooks", "pre-commit")) {
		t.Error("wrote .git/hooks despite core.hooksPath")
	}
}

// fakeHook writes a program that answers every hook call with out, exit 0.
func fakeHook(t *testing.T, dir, out string) string {
	t.Helper()
	p := filepath.Join(dir, "permgate")
	writeFile(t, p, "#!/bin/sh\ncat >/dev/null\nprintf '%s' '"+out+"'\n", 0o755)
	return p
}

func TestDoctorHarness(t *testing.T) {
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`
	allow := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"ok"}}`
	for _, tc := range []struct {
		name, answer string
		want         []Status
		text         string
	}{
		{"denies", deny, []Status{OK, OK}, "denies a test call"},
		{"allows", allow, []Status{OK, Fail}, "answered allow"},
		{"garbage", "not json", []Status{OK, Fail}, "a test call"},
		// A hook that cannot read the payload denies the test call too, and every other call.
		{"refuses", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"permgate could not read the hook input: tool_input is not an object"}}`, []Status{OK, Fail}, "could not read a test call shaped as Claude Code sends it"},
		{"missing", "", []Status{Fail}, "does not exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testEnv(t, "")
			bin := filepath.Join(e.Home, "bin", "permgate")
			if tc.answer != "" {
				bin = fakeHook(t, filepath.Join(e.Home, "bin"), tc.answer)
			}
			e.Binary = bin
			mustRun(t, e, "claude", true)
			var got []Status
			var text string
			for _, c := range Doctor(e) {
				if c.Subject == "claude" && !isFailOpenNote(c) {
					got = append(got, c.Status)
					text += c.Message + "\n"
				}
			}
			if len(got) != len(tc.want) || !strings.Contains(text, tc.text) {
				t.Fatalf("checks %v, want %v; text:\n%s", got, tc.want, text)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("checks %v, want %v; text:\n%s", got, tc.want, text)
				}
			}
		})
	}
}

func TestDoctorFindings(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	writeFile(t, filepath.Join(e.Home, ".gemini", "settings.json"), `{"hooksConfig":{"enabled":false}}`, 0o644)
	writeFile(t, filepath.Join(e.Home, ".claude", "settings.json"), `{"a":`, 0o644)
	os.MkdirAll(filepath.Join(e.Home, ".cursor"), 0o755)
	checks := map[string][]Check{}
	for _, c := range Doctor(e) {
		checks[c.Subject] = append(checks[c.Subject], c)
	}
	if c := checks["claude"]; len(c) != 2 || c[0].Status != Fail || !strings.Contains(c[0].Message, "settings.json:1") {
		t.Errorf("unparseable claude settings: %+v", c)
	}
	if c := checks["gemini"]; len(c) < 1 || c[0].Status != Fail || !strings.Contains(c[0].Message, "hooks off") {
		t.Errorf("gemini hooks off: %+v", c)
	}
	if c := checks["cursor"]; len(c) != 1 || c[0].Status != Warn || c[0].Fix != "permgate install cursor" {
		t.Errorf("cursor not registered: %+v", c)
	}
	if _, ok := checks["codex"]; ok {
		t.Error("codex checked with no ~/.codex")
	}
}

func TestDoctorRunsOnlyThisPermgateFromAProject(t *testing.T) {
	e := testEnv(t, "")
	this := fakeHook(t, filepath.Join(e.Home, "bin"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`)
	repo := gitRepo(t, e)
	other := fakeHook(t, filepath.Join(repo, "tools"), `{}`)
	writeFile(t, filepath.Join(repo, ".claude", "settings.json"),
		`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"`+other+` hook claude || exit 2"}]}]}}`, 0o644)
	e.Binary = this
	var got []Check
	for _, c := range Doctor(e) {
		if c.Subject == "claude" && !isFailOpenNote(c) {
			got = append(got, c)
		}
	}
	if len(got) != 2 || got[1].Status != Warn || !strings.Contains(got[1].Message, "not this permgate") {
		t.Fatalf("a project's own program: %+v", got)
	}
	e.Binary = other
	for _, c := range Doctor(e) {
		if c.Subject == "claude" && c.Status == Warn && !isFailOpenNote(c) {
			t.Fatalf("this very permgate was not tested: %+v", c)
		}
	}
}

// TestDoctorWarnsUnguardedHook checks that a hook registered without the
// fail-closed guard (an install by an older permgate, or by hand) is named
// as one the harness may pass when permgate is missing.
func TestDoctorWarnsUnguardedHook(t *testing.T) {
	e := testEnv(t, "")
	bin := fakeHook(t, filepath.Join(e.Home, "bin"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`)
	e.Binary = bin
	settings := filepath.Join(e.Home, ".claude", "settings.json")
	for _, tc := range []struct {
		command string
		warned  bool
	}{{bin + " hook claude", true}, {bin + " hook claude || exit 2", false}} {
		writeFile(t, settings, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"`+tc.command+`"}]}]}}`, 0o600)
		warned := false
		for _, c := range Doctor(e) {
			if c.Subject == "claude" && c.Status == Warn && strings.Contains(c.Message, "without \"|| exit 2\"") {
				warned = true
			}
		}
		if warned != tc.warned {
			t.Errorf("%q: warned %v, want %v", tc.command, warned, tc.warned)
		}
	}
}

func TestNoHome(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	e.Home = ""
	if _, err := Install(e, "claude", Options{}); err == nil || !strings.Contains(err.Error(), "home directory") {
		t.Fatalf("no home: %v", err)
	}
}

func TestCopilotOtherHooksFiles(t *testing.T) {
	e := testEnv(t, "/p/permgate")
	other := filepath.Join(e.Home, ".copilot", "hooks", "team.json")
	writeFile(t, other, `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"audit"},{"type":"command","bash":"/old/permgate hook copilot"}]}}`, 0o644)
	res := mustRun(t, e, "copilot", false)
	if len(res) != 2 || res[1].Action != "removed" {
		t.Fatalf("uninstall: %+v", res)
	}
	if got := readFile(t, other); !strings.Contains(got, `"audit"`) || strings.Contains(got, "permgate") {
		t.Errorf("team.json: %s", got)
	}
}

// TestDoctorGitTamperedHook: a hook that carries permgate's marker but runs
// something before (or instead of) permgate's githook is not reported as
// working.
func TestDoctorGitTamperedHook(t *testing.T) {
	e := testEnv(t, "")
	bin := fakeHook(t, filepath.Join(e.Home, "bin"), "")
	e.Binary = bin
	repo := gitRepo(t, e)
	mustRun(t, e, "git", true)
	gitStatus := func() Check {
		t.Helper()
		for _, c := range Doctor(e) {
			if c.Subject == "git" {
				return c
			}
		}
		t.Fatal("no git check")
		return Check{}
	}
	if c := gitStatus(); c.Status != OK {
		t.Fatalf("as installed: %+v", c)
	}
	p := filepath.Join(repo, ".git", "hooks", "pre-commit")
	good := readFile(t, p)
	for name, script := range map[string]string{
		"exit first":    strings.Replace(good, "exec ", "exit 0\nexec ", 1),
		"other hook":    strings.Replace(good, "githook pre-commit", "githook commit-msg", 1),
		"other program": strings.Replace(good, "githook pre-commit", "version", 1),
		"no exec":       "#!/bin/sh\n" + GitHookMarker + "\nexit 0\n",
		"true instead":  strings.Replace(good, bin, "/bin/true", 1),
	} {
		writeFile(t, p, script, 0o755)
		if c := gitStatus(); c.Status == OK {
			t.Errorf("%s: %+v", name, c)
		}
	}
}

// TestDoctorGitEveryHook: a ! for one git hook does not hide a ✘ for the
// next: each hook's problem is reported.
func TestDoctorGitEveryHook(t *testing.T) {
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), "")
	repo := gitRepo(t, e)
	mustRun(t, e, "git", true)
	hooks := filepath.Join(repo, ".git", "hooks")
	other := fakeHook(t, filepath.Join(e.Home, "other"), "")
	writeFile(t, filepath.Join(hooks, "pre-commit"), gitHookScript(other, "pre-commit"), 0o755)
	if err := os.Chmod(filepath.Join(hooks, "commit-msg"), 0o644); err != nil {
		t.Fatal(err)
	}
	var warned, failed bool
	for _, c := range e.doctorGit() {
		warned = warned || c.Status == Warn && strings.Contains(c.Message, "pre-commit")
		failed = failed || c.Status == Fail && strings.Contains(c.Message, "commit-msg is not executable")
	}
	if !warned || !failed {
		t.Errorf("warned %v, failed %v: %+v", warned, failed, e.doctorGit())
	}
}

// TestGitHangs: a git that never answers (a repository config that includes
// a FIFO) stops doctor and install after the timeout, never hangs them: each
// returns, install with the timeout as its error, and every git either of them
// started is ended by the time it returns. The outcome is asserted, not the
// time taken; the wait below is only a safety net for a real hang (the fake
// git sleeps for an hour).
func TestGitHangs(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	bin := filepath.Join(e.Home, "fakebin")
	pids := filepath.Join(e.Home, "git.pids")
	writeFile(t, filepath.Join(bin, "git"), "#!/bin/sh\necho $$ >> "+posixQuote(pids)+"\nexec sleep 3600\n", 0o755)
	t.Cleanup(func() { killAll(pidsIn(t, pids)) })
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	e.gitTimeout = 200 * time.Millisecond
	seen := 0
	for _, step := range []struct {
		name string
		run  func() error
	}{
		{"install", func() error {
			_, err := Install(e, "git", Options{})
			if err == nil || !strings.Contains(err.Error(), "no answer within 200ms") {
				return fmt.Errorf("install: %v, want the timeout", err)
			}
			return nil
		}},
		{"doctor", func() error { Doctor(e); return nil }},
	} {
		done := make(chan error, 1)
		go func() { done <- step.run() }()
		select {
		case err := <-done:
			if err != nil {
				t.Error(err)
			}
		case <-time.After(hangSafetyNet):
			t.Fatalf("%s still waits on a git that never answers", step.name)
		}
		started := pidsIn(t, pids)
		if len(started) == seen {
			t.Fatalf("%s ran no git: the test proves nothing", step.name)
		}
		for _, pid := range started[seen:] {
			if processAlive(pid) {
				t.Errorf("%s returned and left git (pid %d) running", step.name, pid)
			}
		}
		seen = len(started)
	}
}

// hangSafetyNet is how long a test waits for something that ends at once
// unless it hangs: long enough that no load reaches it, short of go test's
// own timeout.
const hangSafetyNet = 60 * time.Second

// pidsIn reads the process ids a fake program appended to path, one a line.
func pidsIn(t *testing.T, path string) []int {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		pids = append(pids, pid)
	}
	return pids
}

// processAlive reports whether process pid exists (and is not a zombie this
// process has reaped: exec's Wait has).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
}

// killAll ends the processes a test left, so that none outlives it.
func killAll(pids []int) {
	for _, pid := range pids {
		if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	}
}

// TestDoctorShellLinkedStartupFile: a start-up file that is a symbolic link
// (a dotfiles manager's), which install writes through, is read where it
// leads: doctor does not call the guard "not loaded" where install says
// "already installed". One it cannot read is said so.
func TestDoctorShellLinkedStartupFile(t *testing.T) {
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), "")
	getenv := e.Getenv
	e.Getenv = func(k string) string {
		if k == "SHELL" {
			return "/bin/bash"
		}
		return getenv(k)
	}
	real := filepath.Join(e.Home, "dotfiles", "bashrc")
	writeFile(t, real, "# mine\n", 0o644)
	if err := os.Symlink(real, filepath.Join(e.Home, ".bashrc")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, e, "bash", true)
	if res := mustRun(t, e, "bash", true); res[0].Action != "already installed" {
		t.Fatalf("second install: %+v", res[0])
	}
	checks := e.doctorShells()
	if len(checks) != 1 || checks[0].Status != OK || !strings.Contains(checks[0].Message, "loads the shell guard") {
		t.Errorf("linked .bashrc: %+v", checks)
	}
	os.Remove(real)
	checks = e.doctorShells()
	if len(checks) != 1 || checks[0].Status != Warn || !strings.Contains(checks[0].Message, "cannot read") {
		t.Errorf("dangling .bashrc: %+v", checks)
	}
}

// TestDoctorShellHandLine: a line permgate did not write passes only when it
// is the line install writes, without the marker, and runs this permgate; a
// line that merely mentions the guard is a !, not a ✔.
func TestDoctorShellHandLine(t *testing.T) {
	e := testEnv(t, "")
	bin := filepath.Join(e.Home, "bin")
	e.Binary = fakeHook(t, bin, "")
	vars := map[string]string{"SHELL": "/bin/bash", "PATH": bin}
	e.Getenv = func(k string) string { return vars[k] }
	rc := e.RCFile("bash")
	for text, want := range map[string]Status{
		"eval \"$(permgate init bash)\"\n":                       OK,
		"eval \"$(" + e.Binary + " init bash)\"   # the guard\n": OK,
		"if false; then eval \"$(permgate init bash)\"; fi\n":    Warn,
		"alias guard='eval \"$(permgate init bash)\"'\n":         Warn,
		"eval \"$(/nowhere/permgate init bash)\"\n":              Fail,
	} {
		writeFile(t, rc, text, 0o644)
		checks := e.doctorShells()
		if len(checks) != 1 || checks[0].Status != want {
			t.Errorf("%q: %+v, want status %d", text, checks, want)
		}
	}
	// A name doctor does not find on its PATH may be on the shell's at that
	// line: a !, not a ✔ and not a ✘.
	vars["PATH"] = filepath.Join(e.Home, "nowhere")
	writeFile(t, rc, "eval \"$(permgate init bash)\"\n", 0o644)
	if checks := e.doctorShells(); len(checks) != 1 || checks[0].Status != Warn {
		t.Errorf("a name not on doctor's PATH: %+v", checks)
	}
}

// TestDoctorShellTamperedLine: a line that carries permgate's marker but is
// not the line install writes is not reported as loading the guard.
func TestDoctorShellTamperedLine(t *testing.T) {
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), "")
	for _, sh := range []string{"bash", "zsh", "fish"} {
		t.Run(sh, func(t *testing.T) {
			mustRun(t, e, sh, true)
			status := func() Check {
				t.Helper()
				for _, c := range Doctor(e) {
					if c.Subject == sh {
						return c
					}
				}
				t.Fatal("no check")
				return Check{}
			}
			if c := status(); c.Status != OK {
				t.Fatalf("as installed: %+v", c)
			}
			rc := e.RCFile(sh)
			good := readFile(t, rc)
			for name, text := range map[string]string{
				"other program": strings.Replace(good, " init "+sh, " version", 1),
				"condition":     strings.Replace(good, e.Binary, "/bin/true && "+e.Binary, 1),
				"true instead":  strings.Replace(good, e.Binary, "/bin/true", 1),
			} {
				writeFile(t, rc, text, 0o644)
				if c := status(); c.Status == OK {
					t.Errorf("%s: %+v\n%s", name, c, text)
				}
			}
			writeFile(t, rc, good, 0o644)
		})
	}
}

// TestDoctorSettingsLink: a user's settings file that is a symbolic link (a
// dotfiles manager's), which install writes through, is read where it leads.
func TestDoctorSettingsLink(t *testing.T) {
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), deny)
	dotfiles := filepath.Join(e.Home, "dotfiles", "claude.json")
	writeFile(t, dotfiles, "{}\n", 0o644)
	os.MkdirAll(filepath.Join(e.Home, ".claude"), 0o755)
	if err := os.Symlink(dotfiles, filepath.Join(e.Home, ".claude", "settings.json")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, e, "claude", true)
	var got []Check
	for _, c := range Doctor(e) {
		if c.Subject == "claude" && !isFailOpenNote(c) {
			got = append(got, c)
		}
	}
	if len(got) != 2 || got[0].Status != OK || got[1].Status != OK || !strings.Contains(got[1].Message, "denies a test call") {
		t.Errorf("claude through a link: %+v", got)
	}
	// disableAllHooks in a linked settings.local.json turns the hook off.
	local := filepath.Join(e.Home, "dotfiles", "claude-local.json")
	writeFile(t, local, `{"disableAllHooks": true}`, 0o644)
	if err := os.Symlink(local, filepath.Join(e.Home, ".claude", "settings.local.json")); err != nil {
		t.Fatal(err)
	}
	off := false
	for _, c := range Doctor(e) {
		off = off || c.Subject == "claude" && c.Status == Fail && strings.Contains(c.Message, "disableAllHooks")
	}
	if !off {
		t.Error("disableAllHooks in a linked settings.local.json was not reported")
	}
}
