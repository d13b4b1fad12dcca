package setup

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookCommandFailsClosed runs the registered command as a harness does,
// through a shell: a missing program, a crash or an exit status the
// harnesses do not read as a block all end in exit 2, and the hook's own
// answers (0 and 2) pass through.
func TestHookCommandFailsClosed(t *testing.T) {
	dir := t.TempDir()
	program := func(name, body string) string {
		p := filepath.Join(dir, name, "permgate")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, binary string
		want         int
	}{
		{"missing", filepath.Join(dir, "nowhere", "permgate"), 2},
		{"not executable", func() string { p := program("noexec", "exit 0"); os.Chmod(p, 0o644); return p }(), 2},
		{"error exit", program("error", "exit 1"), 2},
		{"killed", program("killed", "kill -9 $$"), 2},
		{"answers", program("answers", "echo '{}'; exit 0"), 0},
		{"blocks", program("blocks", "echo no >&2; exit 2"), 2},
	} {
		cmd := exec.Command("/bin/sh", "-c", HookCommand(tc.binary, "claude"))
		err := cmd.Run()
		got := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			got = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s: %s exited %d, want %d", tc.name, HookCommand(tc.binary, "claude"), got, tc.want)
		}
	}
}

// TestGeminiGuardSaysWhy runs Gemini CLI's registered command through a
// shell: every failure ends in exit 2 with a reason on stderr (Gemini CLI
// runs the call on a silent exit 2); the hook's own answers pass through.
func TestGeminiGuardSaysWhy(t *testing.T) {
	dir := t.TempDir()
	program := func(name, body string) string {
		p := filepath.Join(dir, name, "permgate")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, binary string
		want         int
		stderr       string
	}{
		{"missing", filepath.Join(dir, "nowhere", "permgate"), 2, "the tool call is blocked"},
		{"silent error exit", program("error", "exit 1"), 2, "permgate: the hook failed; the tool call is blocked"},
		{"silent exit 3", program("three", "exit 3"), 2, "permgate: the hook failed; the tool call is blocked"},
		{"answers", program("answers", "echo '{}'; exit 0"), 0, ""},
	} {
		command := HookCommand(tc.binary, "gemini")
		cmd := exec.Command("/bin/sh", "-c", command)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		got := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			got = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("%s: %s exited %d with %q, want %d with %q", tc.name, command, got, stderr.String(), tc.want, tc.stderr)
		}
		if _, ok := guarded(command, "gemini"); !ok {
			t.Errorf("%s: the command install writes is not read as guarded", command)
		}
	}
	if _, ok := guarded("/opt/pg/permgate hook gemini || exit 2", "gemini"); ok {
		t.Error("a bare exit 2 is read as guarded for Gemini CLI")
	}
	if words, ok := permgateHook("/opt/pg/permgate hook gemini || exit 2", "gemini"); !ok || len(words) != 3 {
		t.Errorf("the form other harnesses use is not read as permgate's hook for Gemini CLI: %v %v", words, ok)
	}
}

// TestPermgateHookReadsGuardedForm checks that the guarded command install
// writes, and the bare form older installs wrote, are both permgate's hook.
func TestPermgateHookReadsGuardedForm(t *testing.T) {
	for _, command := range []string{"/opt/pg/permgate hook codex || exit 2", "/opt/pg/permgate hook codex"} {
		words, ok := permgateHook(command, "codex")
		if !ok || len(words) != 3 || words[0] != "/opt/pg/permgate" {
			t.Errorf("%q: %v %v", command, words, ok)
		}
	}
	if _, ok := permgateHook("/opt/pg/permgate hook codex || true", "codex"); ok {
		t.Error("a command with another fallback is read as permgate's")
	}
}

// TestGuardedNeedsTheShellsGuard checks that the fail-closed guard counts
// only where the shell runs it: text that ends in " || exit 2" inside a
// comment, or after a second command, is no guard.
func TestGuardedNeedsTheShellsGuard(t *testing.T) {
	for command, want := range map[string]bool{
		"/opt/pg/permgate hook claude || exit 2":                   true,
		"'/opt/p g/permgate' hook claude --mode default || exit 2": true,
		"/opt/pg/permgate hook claude # || exit 2":                 false,
		"/opt/pg/permgate hook claude #x || exit 2":                false,
		"/opt/pg/permgate hook claude; true || exit 2":             false,
		"/opt/pg/permgate hook claude || true || exit 2":           true, // the guard is there; permgateHook refuses the rest
		"/opt/pg/permgate hook claude & true || exit 2":            false,
		"/opt/pg/permgate hook claude\n || exit 2":                 false, // a new line ends the hook before the guard
		"/opt/pg/permgate hook claude 'x' || exit 2 2>/dev/null":   false,
	} {
		if _, got := guarded(command, "claude"); got != want {
			t.Errorf("guarded(%q) = %v, want %v", command, got, want)
		}
	}
	gemini := "/opt/pg/permgate hook gemini" + geminiGuard
	if _, ok := guarded(gemini, "gemini"); !ok {
		t.Errorf("Gemini CLI's guard is not read as one: %q", gemini)
	}
	if _, ok := guarded("/opt/pg/permgate hook gemini #"+geminiGuard, "gemini"); ok {
		t.Error("Gemini CLI's guard in a comment is read as one")
	}
	if words, ok := permgateHook("/opt/pg/permgate hook claude # || exit 2", "claude"); !ok || len(words) != 3 {
		t.Errorf("a hook with a commented-out guard is not read as permgate's unguarded hook: %v %v", words, ok)
	}
}
