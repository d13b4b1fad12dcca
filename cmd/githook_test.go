package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/githook"
)

// githookEnv sets up a home, a repository and a system config holding steps,
// with no terminal to ask on; it returns the repository.
func githookEnv(t *testing.T, steps string) string {
	t.Helper()
	home := t.TempDir()
	for k, v := range map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_STATE_HOME": filepath.Join(home, ".local", "state"),
		"PERMGATE_MODE": "", "PERMGATE_CONFIG": "", "PERMGATE_PROFILE": "", "PERMGATE_FAIL_CLOSED": "", "PERMGATE_SHELL": "",
	} {
		t.Setenv(k, v)
	}
	repo := filepath.Join(home, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(repo, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(repo, "sub"))
	system := filepath.Join(home, "system.toml")
	if err := os.WriteFile(system, []byte(steps), 0o644); err != nil {
		t.Fatal(err)
	}
	oldSystem, oldTTY := TestOnlySystemConfig, TestOnlyTTY
	TestOnlySystemConfig, TestOnlyTTY = system, filepath.Join(home, "no-such-tty")
	t.Cleanup(func() { TestOnlySystemConfig, TestOnlyTTY = oldSystem, oldTTY })
	return repo
}

// A step that asks, with no terminal to ask on, is refused: it does not run,
// the hook exits 126 and says which step it was.
func TestGithookAskWithoutTerminalFailsClosed(t *testing.T) {
	repo := githookEnv(t, "[git]\npre-commit = [\"pwd\", \"touch made\", \"touch after\"]\n")
	var out, errOut strings.Builder
	code := Main([]string{"githook", "pre-commit"}, strings.NewReader(""), &out, &errOut)
	if code != exitDenied {
		t.Fatalf("exit %d, want %d\n%s", code, exitDenied, errOut.String())
	}
	if out.String() != repo+"\n" {
		t.Errorf("the first step did not run in the repository's top directory: %q", out.String())
	}
	for _, want := range []string{
		"permgate: denied: not read-only: touch made — and no one can be asked: no terminal to ask on",
		"permgate: pre-commit: step 2 (touch made, " + TestOnlySystemConfig + ":2) was refused; the hook stops",
	} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
		}
	}
	for _, name := range []string{"made", "after"} {
		if _, err := os.Stat(filepath.Join(repo, name)); err == nil {
			t.Errorf("%s was made", name)
		}
	}
}

// pre-push's input reaches every step whole, however much the step before
// read; the hook's arguments are $1….
func TestGithookPrePushInput(t *testing.T) {
	githookEnv(t, "[git]\npre-push = ['read -r ref rest; echo \"$ref $1\"', \"cat\", \"head -c 4; echo\", \"cat\"]\n")
	refs := "refs/heads/main 1111 refs/heads/main 2222\nrefs/heads/x 3333 refs/heads/x 4444\n"
	var out, errOut strings.Builder
	if code := Main([]string{"githook", "pre-push", "origin", "git@example.com:x.git"}, strings.NewReader(refs), &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	want := "refs/heads/main origin\n" + refs + "refs\n" + refs
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}

// Input past the bound fails the hook before any step runs.
func TestGithookInputOverBound(t *testing.T) {
	githookEnv(t, "[git]\npre-push = [\"pwd\"]\n")
	var out, errOut strings.Builder
	big := strings.NewReader(strings.Repeat("x", githook.MaxInput+1))
	if code := Main([]string{"githook", "pre-push", "origin", "url"}, big, &out, &errOut); code != exitExecError {
		t.Fatalf("exit %d, want %d\n%s", code, exitExecError, errOut.String())
	}
	if out.Len() > 0 || !strings.Contains(errOut.String(), "input too large: no step ran") {
		t.Errorf("stdout %q, stderr:\n%s", out.String(), errOut.String())
	}
}

// A failing step's exit status is the hook's; the steps after it do not run.
func TestGithookFailingStep(t *testing.T) {
	githookEnv(t, "[git]\ncommit-msg = ['test -s \"$1\"', \"echo never\"]\n")
	var out, errOut strings.Builder
	if code := Main([]string{"githook", "commit-msg", "/nonexistent/COMMIT_EDITMSG"}, strings.NewReader(""), &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, errOut.String())
	}
	if out.Len() > 0 || !strings.Contains(errOut.String(), "permgate: commit-msg: step 1 (test -s \"$1\", ") || !strings.Contains(errOut.String(), "failed with exit status 1; the hook stops") {
		t.Errorf("stdout %q, stderr:\n%s", out.String(), errOut.String())
	}
}
