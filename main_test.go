package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"permgate/cmd"
	"permgate/integrity"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"permgate": func() {
			cmd.TestOnlySystemConfig = os.Getenv("PERMGATE_TEST_SYSTEM_CONFIG")
			cmd.TestOnlyTTY = os.Getenv("PERMGATE_TEST_TTY")
			os.Exit(cmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
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
			env.Setenv("PERMGATE_TEST_SYSTEM_CONFIG", env.WorkDir+"/etc/permgate/config.toml")
			// Scripts run with no terminal, whatever the developer's shell has.
			env.Setenv("PERMGATE_TEST_TTY", env.WorkDir+"/no-such-tty")
			return os.MkdirAll(home, 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":   cmdExitcode,
			"sealconfig": cmdSealconfig,
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
