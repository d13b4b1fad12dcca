package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/permgate/permgate/integrity"
)

// ptyRun is a permgate process on a pseudo-terminal: /dev/tty is the terminal,
// as in a person's shell.
type ptyRun struct {
	t    *testing.T
	cmd  *exec.Cmd
	tty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
}

// testHome makes a home directory with XDG paths inside it and returns the
// environment that points permgate there.
func testHome(t *testing.T) (string, []string) {
	t.Helper()
	home := t.TempDir()
	env := []string{
		"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TERM=dumb",
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"PERMGATE_TEST_SYSTEM_CONFIG=" + filepath.Join(home, "no-system.toml"),
	}
	return home, env
}

// sealTestConfig seals a hand-written user config, as `permgate trust --user`
// confirmed at a terminal would: then all of it applies.
func sealTestConfig(t *testing.T, home, config string) {
	t.Helper()
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	s := integrity.Sealer{Dir: filepath.Join(home, ".local", "state", "permgate")}
	if err := s.Seal(config, data); err != nil {
		t.Fatal(err)
	}
}

// yesTTY returns a file that stands in for /dev/tty (PERMGATE_TEST_TTY) where a
// person answered y to permgate's question.
func yesTTY(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "tty")
	if err := os.WriteFile(p, []byte("y\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func startPTY(t *testing.T, dir string, env []string, args ...string) *ptyRun {
	t.Helper()
	cmd := exec.Command("permgate", args...)
	cmd.Dir, cmd.Env = dir, env
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Fatalf("start permgate on a pty: %v", err)
	}
	return newPTYRun(t, cmd, tty)
}

// startPTYTypeahead starts permgate on a new pseudo-terminal whose input already
// holds typeahead: the keys are typed before the process exists, so they are
// certainly there before any question is asked.
func startPTYTypeahead(t *testing.T, dir string, env []string, typeahead string, args ...string) *ptyRun {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("open a pty: %v", err)
	}
	if _, err := ptmx.Write([]byte(typeahead)); err != nil {
		t.Fatalf("type ahead: %v", err)
	}
	cmd := exec.Command("permgate", args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start permgate on a pty: %v", err)
	}
	tty.Close()
	return newPTYRun(t, cmd, ptmx)
}

// newPTYRun collects what a process started on tty writes to its terminal.
func newPTYRun(t *testing.T, cmd *exec.Cmd, tty *os.File) *ptyRun {
	r := &ptyRun{t: t, cmd: cmd, tty: tty, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		buf := make([]byte, 4096)
		for {
			n, err := tty.Read(buf)
			r.mu.Lock()
			r.out.Write(buf[:n])
			r.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { tty.Close(); cmd.Process.Kill() })
	return r
}

func (r *ptyRun) output() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.out.String()
}

// waitFor waits until the terminal shows text.
func (r *ptyRun) waitFor(text string) {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(r.output(), text) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	r.t.Fatalf("the terminal never showed %q; it showed:\n%s", text, r.output())
}

func (r *ptyRun) send(s string) {
	r.t.Helper()
	if _, err := io.WriteString(r.tty, s); err != nil {
		r.t.Fatalf("type %q: %v", s, err)
	}
}

// exit waits for permgate to end and returns its exit status.
func (r *ptyRun) exit() int {
	r.t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- r.cmd.Wait() }()
	select {
	case err := <-errc:
		<-r.done
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			r.t.Fatalf("wait: %v", err)
		}
		return 0
	case <-time.After(15 * time.Second):
		r.t.Fatalf("permgate did not end; the terminal showed:\n%s", r.output())
	}
	return -1
}

func TestPromptYesRunsOnce(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("Allow? (y/N/a)")
	if !strings.Contains(r.output(), "touch marker") || !strings.Contains(r.output(), "mode default") {
		t.Errorf("the prompt does not show the command and the mode:\n%s", r.output())
	}
	r.send("y\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d after yes:\n%s", code, r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err != nil {
		t.Error("the command did not run after yes")
	}
}

func TestPromptNoDenies(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("Allow?")
	r.send("n\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after no, want 126", code)
	}
	if !strings.Contains(r.output(), "permgate: denied: you answered no") {
		t.Errorf("no refusal message:\n%s", r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err == nil {
		t.Error("the command ran after no")
	}
}

func TestPromptEnterIsNo(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("Allow?")
	r.send("\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after Enter, want 126 (the default is no)", code)
	}
}

// TestPromptCtrlCIsARecordedNo: Ctrl-C at the question refuses, says so, and
// the refusal is in the audit log (permgate is not killed mid-way).
func TestPromptCtrlCIsARecordedNo(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "touch ctrlc-marker")
	r.waitFor("Allow?")
	r.send("\x03")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after Ctrl-C, want 126:\n%s", code, r.output())
	}
	if !strings.Contains(r.output(), "you pressed Ctrl-C at the prompt") {
		t.Errorf("the refusal does not say Ctrl-C:\n%s", r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "ctrlc-marker")); err == nil {
		t.Error("the command ran after Ctrl-C")
	}
	logData, err := os.ReadFile(filepath.Join(home, ".local", "state", "permgate", "audit.jsonl"))
	if err != nil || !strings.Contains(string(logData), "Ctrl-C") {
		t.Errorf("no audit record of the Ctrl-C refusal (%v):\n%s", err, logData)
	}
}

// TestPromptAlwaysIsExactForDeletes: for a program that deletes or moves
// files, "always" approves this very command, not a prefix of it.
func TestPromptAlwaysIsExactForDeletes(t *testing.T) {
	home, env := testHome(t)
	writeTestFile(t, filepath.Join(home, "build.log"), "x")
	r := startPTY(t, home, env, "exec", "--", "rm build.log")
	r.waitFor("[a] always: add bash(rm build.log) to your config")
	r.send("n\n")
	r.exit()
}

func TestPromptAlwaysAddsRule(t *testing.T) {
	home, env := testHome(t)
	config := filepath.Join(home, ".config", "permgate", "config.toml")
	writeTestFile(t, config, "# my rules\n[permission]\nallow = [] # none yet\n")
	sealTestConfig(t, home, config)
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("[a] always: add bash(prefix:touch marker*) to your config")
	r.send("a\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d after always:\n%s", code, r.output())
	}
	if !strings.Contains(r.output(), "undo: permgate rules remove 'bash(prefix:touch marker*)'") {
		t.Errorf("the prompt did not say how to undo the rule:\n%s", r.output())
	}
	data, _ := os.ReadFile(config)
	if string(data) != "# my rules\n[permission]\nallow = ['bash(prefix:touch marker*)'] # none yet\n" {
		t.Errorf("config after always:\n%s", data)
	}
	// The next run needs no prompt: without a terminal it is allowed.
	cmd := exec.Command("permgate", "exec", "--", "touch marker")
	cmd.Dir, cmd.Env = home, append(env, "PERMGATE_TEST_TTY=/nonexistent")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("second run: %v\n%s", err, out)
	}
}

func TestPromptAlwaysNotOfferedForFindings(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "ruby -e 'puts 1'")
	r.waitFor("Allow? (y/N)")
	if strings.Contains(r.output(), "[a] always") {
		t.Errorf("always offered for a command with a finding:\n%s", r.output())
	}
	if !strings.Contains(r.output(), "inline_code (non-severe)") {
		t.Errorf("the finding is not shown:\n%s", r.output())
	}
	r.send("a\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d: an a that was not offered must not allow", code)
	}
}

// TestPromptShowsSafer: the prompt shows a finding's safer way under it (issue
// 12 point 1), so the person can pick it instead.
func TestPromptShowsSafer(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "terraform destroy")
	r.waitFor("Allow?")
	if !strings.Contains(r.output(), "destructive_action (non-severe): terraform destroy") ||
		!strings.Contains(r.output(), "    safer: terraform plan -destroy") {
		t.Errorf("the prompt does not show the finding's safer way:\n%s", r.output())
	}
	r.send("n\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after no, want 126", code)
	}
}

func TestPromptTimeoutDenies(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--prompt-timeout", "300ms", "--", "touch marker")
	r.waitFor("Allow?")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after a timeout, want 126", code)
	}
	if !strings.Contains(r.output(), "no answer in 300ms") {
		t.Errorf("no timeout reason:\n%s", r.output())
	}
}

func TestPromptEOFDenies(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("Allow?")
	r.send("\x04") // Ctrl-D at the start of a line: end of input
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after EOF, want 126", code)
	}
	if !strings.Contains(r.output(), "end of input at the prompt") {
		t.Errorf("no EOF reason:\n%s", r.output())
	}
}

func TestPromptReadErrorDenies(t *testing.T) {
	home, env := testHome(t)
	cmd := exec.Command("permgate", "exec", "--", "touch marker")
	cmd.Dir, cmd.Env = home, env
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	// Read without a background reader, so that closing the terminal really
	// closes it.
	var seen []byte
	buf := make([]byte, 4096)
	for !bytes.Contains(seen, []byte("Allow?")) {
		n, err := tty.Read(buf)
		if err != nil {
			t.Fatalf("read the prompt: %v (saw %q)", err, seen)
		}
		seen = append(seen, buf[:n]...)
	}
	tty.Close() // the terminal goes away: permgate's read fails
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 126 {
		t.Fatalf("after a read error: %v, want exit 126", err)
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err == nil {
		t.Error("the command ran after a read error")
	}
}

func TestPromptSuggestsPlanAfterThreeDenials(t *testing.T) {
	home, env := testHome(t)
	for i := 1; i <= 3; i++ {
		r := startPTY(t, home, env, "exec", "--", "touch marker")
		r.waitFor("Allow?")
		r.send("n\n")
		r.exit()
		suggested := strings.Contains(r.output(), "permgate mode plan")
		if suggested != (i == 3) {
			t.Errorf("denial %d: suggestion shown = %v:\n%s", i, suggested, r.output())
		}
	}
}

func TestModeMenuOnTerminal(t *testing.T) {
	home, env := testHome(t)
	r := startPTY(t, home, env, "mode")
	r.waitFor("mode (1-4, Enter keeps it): ")
	if !strings.Contains(r.output(), "* 1) default") || !strings.Contains(r.output(), "3) plan") ||
		!strings.Contains(r.output(), "asks before anything that writes") || !strings.Contains(r.output(), "everything but deny rules and severe findings") {
		t.Errorf("menu:\n%s", r.output())
	}
	r.send("3\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, r.output())
	}
	cmd := exec.Command("permgate", "mode")
	cmd.Dir, cmd.Env = home, env
	out, err := cmd.Output()
	if err != nil || !strings.HasPrefix(string(out), "plan (set with permgate mode)") {
		t.Errorf("after choosing 3: %q, %v", out, err)
	}
}

// TestExplainColourOnlyOnTerminal: colour on a terminal, none with NO_COLOR.
func TestExplainColourOnlyOnTerminal(t *testing.T) {
	home, env := testHome(t)
	env = append(env[:len(env):len(env)], "TERM=xterm")
	r := startPTY(t, home, env, "explain", "--", "rm -rf /")
	r.exit()
	if !strings.Contains(r.output(), "\x1b[31m") {
		t.Errorf("no colour on a terminal:\n%q", r.output())
	}
	r = startPTY(t, home, append(env, "NO_COLOR=1"), "explain", "--", "rm -rf /")
	r.exit()
	if strings.Contains(r.output(), "\x1b[") {
		t.Errorf("colour despite NO_COLOR:\n%q", r.output())
	}
}

// TestTrustUserAtTerminal: `permgate trust --user` shows what the hand-edited
// user config would loosen and seals it only on a yes typed at the terminal.
func TestTrustUserAtTerminal(t *testing.T) {
	home, env := testHome(t)
	config := filepath.Join(home, ".config", "permgate", "config.toml")
	writeTestFile(t, config, "mode = \"auto\"\n[permission]\nallow = ['bash(prefix:make build*)']\n")
	check := func() int {
		cmd := exec.Command("permgate", "check", "--", "make build")
		cmd.Dir, cmd.Env = home, append(env, "PERMGATE_TEST_TTY=/nonexistent")
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		return 0
	}
	if code := check(); code != 3 {
		t.Fatalf("an unsealed allow rule took effect: exit %d", code)
	}
	// No: nothing changes.
	r := startPTY(t, home, env, "trust", "--user")
	r.waitFor("Confirm? (y/N) ")
	for _, want := range []string{"confirming " + config + " loosens the policy", "- mode", "- allow rule bash(prefix:make build*)"} {
		if !strings.Contains(r.output(), want) {
			t.Errorf("the question does not show %q:\n%s", want, r.output())
		}
	}
	r.send("n\n")
	if code := r.exit(); code != 1 {
		t.Fatalf("exit %d after no, want 1", code)
	}
	if code := check(); code != 3 {
		t.Fatalf("after no, exit %d", code)
	}
	// Typed before the question: flushed, not taken as the answer.
	r = startPTYTypeahead(t, home, env, "y\n", "trust", "--user")
	r.waitFor("Confirm? (y/N) ")
	time.Sleep(100 * time.Millisecond)
	r.send("n\n")
	if code := r.exit(); code != 1 {
		t.Fatalf("exit %d: a y typed before the question was taken as the answer:\n%s", code, r.output())
	}
	// Yes: sealed, all of it applies.
	r = startPTY(t, home, env, "trust", "--user")
	r.waitFor("Confirm? (y/N) ")
	r.send("y\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d after yes:\n%s", code, r.output())
	}
	if code := check(); code != 0 {
		t.Fatalf("after yes, exit %d", code)
	}
}

// TestModeBypassAtTerminal: a looser mode needs a yes at the terminal; without a
// terminal it is refused and the mode stays.
func TestModeBypassAtTerminal(t *testing.T) {
	home, env := testHome(t)
	mode := func() string {
		cmd := exec.Command("permgate", "mode", "--short")
		cmd.Dir, cmd.Env = home, env
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out))
	}
	cmd := exec.Command("permgate", "mode", "bypass")
	cmd.Dir, cmd.Env = home, append(env, "PERMGATE_TEST_TTY=/nonexistent")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "needs a person at a terminal") {
		t.Fatalf("mode bypass without a terminal: %v\n%s", err, out)
	}
	if m := mode(); m != "default" {
		t.Fatalf("mode %q after a refused bypass", m)
	}
	r := startPTY(t, home, env, "mode", "bypass")
	r.waitFor("Confirm? (y/N) ")
	if !strings.Contains(r.output(), "mode bypass instead of default") {
		t.Errorf("the question does not say what changes:\n%s", r.output())
	}
	r.send("\n") // Enter is no
	if code := r.exit(); code != 1 || mode() != "default" {
		t.Fatalf("exit %d, mode %s after Enter", code, mode())
	}
	r = startPTY(t, home, env, "mode", "bypass")
	r.waitFor("Confirm? (y/N) ")
	r.send("y\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d after yes:\n%s", code, r.output())
	}
	if m := mode(); m != "bypass" {
		t.Fatalf("mode %q after yes", m)
	}
	// Back to a stricter mode needs no question, even without a terminal.
	cmd = exec.Command("permgate", "mode", "plan")
	cmd.Dir, cmd.Env = home, append(env, "PERMGATE_TEST_TTY=/nonexistent")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mode plan: %v\n%s", err, out)
	}
}

// TestPromptFlushesTypeahead: a "y" typed (or pushed) before exec's question is
// thrown away; only the answer typed after it counts.
func TestPromptFlushesTypeahead(t *testing.T) {
	home, env := testHome(t)
	r := startPTYTypeahead(t, home, env, "y\n", "exec", "--", "touch marker")
	r.waitFor("Allow? (y/N/a)")
	r.send("n\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d, want 126: the typed-ahead y answered the question:\n%s", code, r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err == nil {
		t.Error("the command ran on the typed-ahead answer")
	}
}

// TestGuardPromptFlushesTypeahead: the shell guard's question drops typeahead too.
func TestGuardPromptFlushesTypeahead(t *testing.T) {
	home, env := testHome(t)
	r := startPTYTypeahead(t, home, env, "y\n", "guard", "--", "touch marker")
	r.waitFor("Allow?")
	r.send("n\n")
	if code := r.exit(); code != 1 {
		t.Fatalf("exit %d, want 1 (do not run): the typed-ahead y answered the question:\n%s", code, r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err == nil {
		t.Error("marker exists, though guard only decides")
	}
}

// TestModeMenuFlushesTypeahead: a choice typed before the menu is thrown away.
func TestModeMenuFlushesTypeahead(t *testing.T) {
	home, env := testHome(t)
	r := startPTYTypeahead(t, home, env, "3\n", "mode")
	r.waitFor("mode (1-4, Enter keeps it): ")
	r.send("\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, r.output())
	}
	cmd := exec.Command("permgate", "mode", "--short")
	cmd.Dir, cmd.Env = home, env
	out, err := cmd.Output()
	if err != nil || strings.TrimSpace(string(out)) != "default" {
		t.Errorf("the typed-ahead 3 chose a mode: %q, %v\n%s", out, err, r.output())
	}
}

// TestDeadlineAsksAtTerminal: an analysis that outruns its deadline (here a
// test-only one that spins for an hour, paying no heed to it) is answered as
// a command too complex to judge: at a terminal, permgate asks, and a yes
// runs the command; the process exits, the analysis with it.
func TestDeadlineAsksAtTerminal(t *testing.T) {
	home, env := testHome(t)
	dir := filepath.Join(home, ".config", "permgate")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte("[limits]\ndeadline = \"300ms\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env = append(env, "PERMGATE_TEST_STALL=1h")
	r := startPTY(t, home, env, "exec", "--", "touch marker")
	r.waitFor("Allow? (y/N)")
	if !strings.Contains(r.output(), "too_complex (non-severe): permgate could not judge the command within its 300ms deadline") {
		t.Errorf("the prompt does not say the deadline passed:\n%s", r.output())
	}
	r.send("y\n")
	if code := r.exit(); code != 0 {
		t.Fatalf("exit %d after yes:\n%s", code, r.output())
	}
	if _, err := os.Stat(filepath.Join(home, "marker")); err != nil {
		t.Errorf("the command did not run after yes: %v", err)
	}
}
