package shellparse

import (
	"bytes"
	gocontext "context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// shellDiffCases are shell options (after the shell's name) that the
// differential shell test runs with real shells. "C" stands for the -c
// script, which prints shellRanC; x.sh prints shellRanFile; standard input
// prints shellRanStdin.
var shellDiffCases = []string{
	"-c C", "-xc C", "-cx C", "-c C name arg", "x.sh -c C", "-- -c C",
	"-ox pipefail -c C", "-xo pipefail -c C", "-oO pipefail extglob -c C", "-xoc pipefail C", "-co pipefail C",
	"-o -c C", "-O -c C", "-oerrexit -c C", "-xoerrexit -c C", "+oerrexit -c C", "-oerrexit x.sh", "-O extglob x.sh", "-o", "-oO pipefail extglob", "-ox pipefail x.sh",
	"+x -c C", "+c C", "+xc C", "+o pipefail -c C", "+O extglob +c C", "+ -c C", "+ x.sh", "+s", "+s x.sh", "+",
	"--norc -x -c C", "--rcfile x.sh -c C", "--init-file x.sh", "--login -c C",
	"-login -c C", "-norc -c C", "-rcfile x.sh -c C", "-init-file x.sh -c C", "-init-file x.sh", "-rcfile x.sh",
	"-login x.sh", "-norc x.sh", "-posix -c C", "-verbose x.sh",
	"-c -- C", "-c - C", "-- x.sh", "- x.sh", "-", "--", "/dev/stdin",
	"-s", "-s x", "-cs C", "-c -s C", "-s -c C", "-x -s", "x.sh -s",
}

const (
	shellRanC     = "RAN_C"
	shellRanFile  = "RAN_FILE"
	shellRanStdin = "RAN_STDIN"
)

// TestDifferentialShellOptions runs each case with bash (and dash and zsh
// when installed) and checks that permgate is never looser than the shell:
// a -c script the shell ran is one permgate unwrapped (ParseArgv finds its
// command), and a shell that ran its standard input is one ShellReadsStdin
// reports. permgate may be stricter: it also judges readings one of the
// other shells takes (bash's -rcfile F is zsh's -r -c -f …), logged only.
func TestDifferentialShellOptions(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.sh"), []byte("echo "+shellRanFile+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, shell := range []string{"/bin/bash", "/bin/dash", "/bin/zsh"} {
		if _, err := os.Stat(shell); err != nil {
			t.Logf("%s not available: %v", shell, err)
			continue
		}
		ran++
		for _, c := range shellDiffCases {
			args := shellDiffArgs(c)
			out := runShell(t, dir, shell, args)
			checkShellReading(t, filepath.Base(shell), args, out)
		}
	}
	if ran == 0 {
		t.Skip("no shell to compare with")
	}
}

// shellDiffArgs splits a case into words, "C" the -c script.
func shellDiffArgs(c string) []string {
	args := strings.Fields(c)
	for i, a := range args {
		if a == "C" {
			args[i] = "echo " + shellRanC
		}
	}
	return args
}

// runShell runs shell with args in dir, standard input a script printing
// shellRanStdin, and returns what it printed to standard output.
func runShell(t *testing.T, dir, shell string, args []string) string {
	t.Helper()
	ctx, cancel := gocontext.WithTimeout(gocontext.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "ZDOTDIR=" + dir, "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	cmd.Stdin = strings.NewReader("echo " + shellRanStdin + "\n")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	_ = cmd.Run() // an option the shell refuses is a run that ran nothing
	if ctx.Err() != nil {
		t.Fatalf("%s %q: %v", shell, args, ctx.Err())
	}
	return stdout.String()
}

// checkShellReading compares what the shell ran (its output out) with
// permgate's reading of the same words.
func checkShellReading(t *testing.T, shell string, args []string, out string) {
	t.Helper()
	argv := append([]string{shell}, args...)
	unwrapped := false
	for _, c := range NewParser(Options{}).ParseArgv(argv).Commands {
		if len(c.Argv) == 2 && c.Argv[0].Text == "echo" && c.Argv[1].Text == shellRanC {
			unwrapped = true
		}
	}
	words := make([]Word, len(argv))
	for i, a := range argv {
		words[i] = Word{Text: a, Static: true}
	}
	stdin := ShellReadsStdin(words)
	ranC, ranStdin := strings.Contains(out, shellRanC), strings.Contains(out, shellRanStdin)
	if ranC && !unwrapped {
		t.Errorf("%s %q ran its -c script; permgate did not read one", shell, args)
	}
	if ranStdin && !stdin {
		t.Errorf("%s %q read standard input; ShellReadsStdin says no", shell, args)
	}
	if unwrapped && !ranC || stdin && !ranStdin {
		t.Logf("%s %q: permgate stricter than the shell (script %v, stdin %v; shell printed %q)", shell, args, unwrapped, stdin, out)
	}
}
