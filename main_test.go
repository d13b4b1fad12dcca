package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/permgate/permgate/cmd"
	"github.com/permgate/permgate/integrity"
)

func TestMain(m *testing.M) {
	if testing.CoverMode() != "" && os.Getenv("GOCOVERDIR") == "" {
		// go test -cover: the permgate processes the tests start are this
		// binary, built for coverage; they write their counters to
		// GOCOVERDIR, and warn on every run without one. Given the test's
		// own directory (-test.gocoverdir), go test counts their runs with
		// the test's: cmd's coverage includes the CLI scripts.
		dir := ""
		for _, a := range os.Args[1:] {
			if v, ok := strings.CutPrefix(a, "-test.gocoverdir="); ok {
				dir = v
			}
		}
		if dir == "" {
			dir, _ = os.MkdirTemp("", "permgate-cover-") // left for go tool covdata: testscript.Main exits
		}
		os.Setenv("GOCOVERDIR", dir)
	}
	testscript.Main(m, map[string]func(){
		"permgate": func() {
			cmd.TestOnlySystemConfig = os.Getenv("PERMGATE_TEST_SYSTEM_CONFIG")
			cmd.TestOnlyTTY = os.Getenv("PERMGATE_TEST_TTY")
			cmd.TestOnlyClaudeManaged = os.Getenv("PERMGATE_TEST_CLAUDE_MANAGED")
			if d, err := time.ParseDuration(os.Getenv("PERMGATE_TEST_LOCK_TIMEOUT")); err == nil {
				integrity.TestOnlyLockTimeout = d
			}
			if d, err := time.ParseDuration(os.Getenv("PERMGATE_TEST_STALL")); err == nil {
				cmd.TestOnlyStall = d
			}
			if d, err := time.ParseDuration(os.Getenv("PERMGATE_TEST_FILE_DELAY")); err == nil {
				cmd.TestOnlyFileDelay = d
			}
			if spec := os.Getenv("PERMGATE_TEST_FAIL_WRITE"); spec != "" {
				integrity.TestOnlyWriteHook = failWrites(spec)
			}
			os.Exit(cmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// failWrites makes permgate's atomic writes fail as on a full disk: spec is
// a comma-separated list of file names, each failing from its first write in
// the process on, or from its N-th with NAME@N (config.toml@2: the first
// write of config.toml succeeds, the next ones fail).
func failWrites(spec string) func(string) error {
	from := map[string]int{}
	for _, item := range strings.Split(spec, ",") {
		name, n, _ := strings.Cut(item, "@")
		from[name], _ = strconv.Atoi(n)
	}
	count := map[string]int{}
	return func(path string) error {
		name := filepath.Base(path)
		n, ok := from[name]
		if !ok {
			return nil
		}
		count[name]++
		if count[name] >= n {
			return syscall.ENOSPC
		}
		return nil
	}
}

// TestScripts runs the CLI scripts in testdata/script. Each script runs in a fresh
// directory with HOME, XDG directories and TMPDIR inside it.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			home := env.WorkDir + "/home"
			env.Setenv("HOME", home)
			env.Setenv("XDG_CONFIG_HOME", home+"/.config")
			env.Setenv("XDG_STATE_HOME", home+"/.local/state")
			env.Setenv("PERMGATE_MODE", "")
			env.Setenv("PERMGATE_CONFIG", "")
			env.Setenv("PERMGATE_PROFILE", "")
			env.Setenv("PERMGATE_FAIL_CLOSED", "")
			env.Setenv("PERMGATE_TEST_FAIL_WRITE", "")
			env.Setenv("PERMGATE_TEST_SYSTEM_CONFIG", env.WorkDir+"/etc/permgate/config.toml")
			env.Setenv("PERMGATE_TEST_CLAUDE_MANAGED", env.WorkDir+"/etc/claude-code/managed-settings.json")
			// Scripts run with no terminal, whatever the developer's shell has.
			env.Setenv("PERMGATE_TEST_TTY", env.WorkDir+"/no-such-tty")
			return os.MkdirAll(home, 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":    cmdExitcode,
			"sealconfig":  cmdSealconfig,
			"holdlock":    cmdHoldlock,
			"releaselock": cmdReleaselock,
		},
	})
}

// cmdExitcode runs a command and checks its exit status exactly:
//
//	exitcode N prog args...
//
// The command's stdout and stderr are kept for the stdout/stderr commands that
// follow.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N prog args...")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad status %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		got = exitErr.ExitCode()
	default:
		ts.Fatalf("exitcode: %v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdSealconfig seals files as permgate's own writes do, with the key in
// $XDG_STATE_HOME/permgate, so that all of a hand-written user config applies:
//
//	sealconfig FILE...
func cmdSealconfig(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! sealconfig")
	}
	if len(args) == 0 {
		ts.Fatalf("usage: sealconfig FILE...")
	}
	s := integrity.Sealer{Dir: filepath.Join(ts.Getenv("XDG_STATE_HOME"), "permgate")}
	for _, f := range args {
		p := ts.MkAbs(f)
		data, err := os.ReadFile(p)
		ts.Check(err)
		ts.Check(s.Seal(p, data))
	}
}

// heldLocks are the locks holdlock holds, by absolute path.
var heldLocks sync.Map

// cmdHoldlock takes an exclusive flock on FILE (created if needed) in the test
// process, as another program holding permgate's lock would, until releaselock
// or the end of the script:
//
//	holdlock FILE
func cmdHoldlock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: holdlock FILE")
	}
	p := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(p), 0o700))
	f, err := os.OpenFile(p, os.O_CREATE|os.O_RDWR, 0o600)
	ts.Check(err)
	ts.Check(syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB))
	heldLocks.Store(p, f)
	ts.Defer(func() { releaseLock(p) })
}

// cmdReleaselock releases a lock holdlock took:
//
//	releaselock FILE
func cmdReleaselock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: releaselock FILE")
	}
	releaseLock(ts.MkAbs(args[0]))
}

func releaseLock(p string) {
	if f, ok := heldLocks.LoadAndDelete(p); ok {
		f.(*os.File).Close()
	}
}
