// Package setup registers permgate where it is meant to run — the agent
// harnesses' hook settings, the shells' start-up files, a repository's git
// hooks — takes it back out, and inspects what is registered (doctor). Every
// change merges into the file it finds, keeps every other setting, is
// idempotent, and is written atomically with a backup of the old content.
package setup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Env is what setup reads of its surroundings; cmd fills it from its host, so
// nothing here reads the process's environment itself.
type Env struct {
	// Home is the user's home directory (absolute).
	Home string
	// Getenv returns an environment variable ("" when unset).
	Getenv func(string) string
	// Environ is the environment handed to the programs setup runs (git, and
	// doctor's test of a registered hook).
	Environ []string
	// Cwd is the working directory; --project and git use its repository.
	Cwd string
	// Binary is this permgate's absolute path, symbolic links resolved: the
	// program every registration runs.
	Binary string
	// LockPath is the lock taken around every change ("" for none).
	LockPath string
	// ClaudeManaged is where Claude Code's managed (policy) settings file
	// lives on this system ("" for none); doctor reads it, nothing writes it.
	ClaudeManaged string
	// ProbeStateHome, when set, is the XDG_STATE_HOME doctor's test call of a
	// registered hook runs with: a scratch directory, so that the call records
	// nothing in the user's audit log and creates no state directory.
	ProbeStateHome string
	// gitTimeout bounds each git run; 0 is defaultGitTimeout.
	gitTimeout time.Duration
}

// defaultGitTimeout bounds one git run: git reads the repository's config,
// which can name a file that never ends (a FIFO in an [include]), and doctor
// and install must not hang on it.
const defaultGitTimeout = 10 * time.Second

// Options are install's and uninstall's flags.
type Options struct {
	// Project targets the project's settings (the repository's root) instead
	// of the user's.
	Project bool
	// DryRun shows what would change and writes nothing.
	DryRun bool
}

// Result is what install or uninstall did to one file.
type Result struct {
	// Target is what was named: "claude", "bash", "git".
	Target string
	// Path is the file.
	Path string
	// Action is "installed", "already installed", "removed" or "not
	// installed"; with DryRun, "would install" (a new file), "would change"
	// or "would remove".
	Action string
	// Backup is the copy of the previous content, or "".
	Backup string
	// Diff shows the change (DryRun only).
	Diff string
	// Notes are what else the user must do or know.
	Notes []string
}

// harnessNames are the harnesses install and doctor know, and shellNames
// the shells.
var (
	harnessNames = []string{"claude", "codex", "gemini", "cursor", "copilot", "opencode"}
	shellNames   = []string{"bash", "zsh", "fish"}
)

// targets are what install and uninstall take.
var targets = lazy.Value[[]string]{Make: func() []string {
	return slices.Concat(harnessNames, shellNames, []string{"git"})
}}

// Targets returns what install and uninstall take, in the order help lists
// them.
func Targets() []string { return slices.Clone(targets.Get()) }

// getenv reads a variable through the Env ("" without a Getenv).
func (e *Env) getenv(name string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(name)
}

// Install registers permgate for target.
func Install(e *Env, target string, opt Options) ([]Result, error) {
	return run(e, target, opt, true)
}

// Uninstall removes permgate's registration for target, and nothing else.
func Uninstall(e *Env, target string, opt Options) ([]Result, error) {
	return run(e, target, opt, false)
}

// run installs or uninstalls permgate for target.
func run(e *Env, target string, opt Options, install bool) ([]Result, error) {
	verb := "uninstall"
	if install {
		verb = "install"
	}
	if err := e.checkTarget(verb, target, opt, install); err != nil {
		return nil, err
	}
	res, err := e.runTarget(target, opt, install)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", verb, target, err)
	}
	return res, nil
}

// checkTarget refuses what cannot be installed or uninstalled (verb) before
// anything is read: an unknown target, a binary that is not an absolute
// path (install), an unknown home (but for git and --project), and --project
// for a shell.
func (e *Env) checkTarget(verb, target string, opt Options, install bool) error {
	if !slices.Contains(targets.Get(), target) {
		return fmt.Errorf("%s: unknown target %q (want %s)", verb, target, strings.Join(targets.Get(), ", "))
	}
	if install && !filepath.IsAbs(e.Binary) {
		return fmt.Errorf("%s %s: cannot tell where this permgate is (%q is not an absolute path)", verb, target, e.Binary)
	}
	if target != "git" && !opt.Project && !filepath.IsAbs(e.Home) {
		return fmt.Errorf("%s %s: the home directory is unknown (HOME is not set to an absolute path)", verb, target)
	}
	if opt.Project && slices.Contains(shellNames, target) {
		return fmt.Errorf("%s %s: --project has no meaning for a shell (its start-up file is the user's)", verb, target)
	}
	return nil
}

// runTarget installs or uninstalls permgate for a known target.
func (e *Env) runTarget(target string, opt Options, install bool) ([]Result, error) {
	switch {
	case slices.Contains(shellNames, target):
		return e.shell(target, opt, install)
	case target == "git":
		return e.gitHooks(opt, install)
	case target == "opencode":
		return e.opencode(opt, install)
	}
	return e.harness(target, opt, install)
}

// action names what a change did (or, dry-run, would do).
func action(c *change, install, dryRun bool) string {
	switch {
	case !c.changed && install:
		return "already installed"
	case !c.changed:
		return "not installed"
	case dryRun && !install:
		return "would remove"
	case dryRun && c.old == nil:
		return "would install"
	case dryRun:
		return "would change"
	case !install:
		return "removed"
	}
	return "installed"
}

// result turns a change into a Result.
func result(target string, c *change, install bool, opt Options) Result {
	r := Result{Target: target, Path: c.path, Action: action(c, install, opt.DryRun), Backup: c.backup}
	if opt.DryRun && c.changed {
		r.Diff = diff(c.path, c.old, c.out, c.removed)
	}
	return r
}

// projectRoot is the root of the repository holding the working directory,
// else the working directory itself.
func (e *Env) projectRoot() (string, error) {
	if e.Cwd == "" {
		return "", fmt.Errorf("the working directory is unknown")
	}
	if out, err := e.git("rev-parse", "--show-toplevel"); err == nil && out != "" {
		return out, nil
	}
	return e.Cwd, nil
}

// projectRootIf is the project's root (projectRoot) for --project (project),
// "" without it.
func (e *Env) projectRootIf(project bool) (string, error) {
	if !project {
		return "", nil
	}
	return e.projectRoot()
}

// git runs git in the working directory and returns its trimmed output.
func (e *Env) git(args ...string) (string, error) {
	timeout := e.gitTimeout
	if timeout <= 0 {
		timeout = defaultGitTimeout
	}
	out, stderr, exit, err := e.runBounded(timeout, "git", args, nil, e.Cwd)
	switch {
	case err != nil:
		return "", fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	case exit != 0:
		msg := strings.TrimSpace(string(stderr))
		if msg == "" {
			msg = fmt.Sprintf("exit status %d", exit)
		}
		return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return strings.TrimSpace(string(out)), nil
}

// runBounded runs bin directly (no shell) in dir with the Env's environment and
// input on stdin (none when nil), for at most timeout. A program that exits
// but leaves a child holding its output open holds no one past a second
// either: it is an error, as is no answer in time.
func (e *Env) runBounded(timeout time.Duration, bin string, args []string, input []byte, dir string) (stdout, stderr []byte, exit int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, bin, args...)
	c.Dir = dir
	c.Env = e.Environ
	if input != nil {
		c.Stdin = bytes.NewReader(input)
	}
	var o, s bytes.Buffer
	c.Stdout, c.Stderr = &o, &s
	c.WaitDelay = time.Second
	err = c.Run()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return nil, nil, 0, fmt.Errorf("no answer within %s", timeout)
	case errors.Is(err, exec.ErrWaitDelay):
		return nil, nil, 0, errors.New("it exited but left a process holding its output open")
	case errors.As(err, &ee):
		return o.Bytes(), s.Bytes(), ee.ExitCode(), nil
	case err != nil:
		return nil, nil, 0, err
	}
	return o.Bytes(), s.Bytes(), 0, nil
}

// ResolveBinary returns the absolute path of the program at exe with its
// symbolic links resolved (exe itself when that fails).
func ResolveBinary(exe string) string {
	if exe == "" {
		return ""
	}
	if abs, err := filepath.Abs(exe); err == nil {
		exe = abs
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		return real
	}
	return exe
}

// exists reports whether path names something.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
