package githook

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"syscall"
	"time"
)

// Hook is one run of a git hook: its name, the arguments git gave it, the
// steps configured for it, and its standard input when git writes one.
type Hook struct {
	Name  string
	Args  []string
	Steps []Step
	// Input is what git wrote on the hook's standard input; each step reads
	// its own copy through a pipe. Nil for a hook git gives no input: its steps
	// read /dev/null.
	Input []byte
}

// Runner runs a hook's steps one after another, in Dir with Env, their output
// on Stdout and Stderr.
type Runner struct {
	Dir            string
	Env            []string
	Stdout, Stderr io.Writer
	// Shell returns the argv that runs a script (bash -c SCRIPT, without
	// start-up files).
	Shell func(script string) ([]string, error)
	// Decide says whether a step may run, given the words to decide on (see
	// Hook.Argv); it says why itself when it refuses.
	Decide func(args []string) bool
	// Started, when set, is told each step just before it is decided.
	Started func(n int, s Step)
	// Interrupted, when set, reports a Ctrl-C since the last step started: one
	// that came while a step was being decided stops the hook before that
	// step runs, one that a step survived with status 0 stops it after.
	Interrupted func() bool
}

// Result says how a hook's run ended: Step is 0 when every step ran and
// succeeded, else the 1-based number of the step that stopped it.
type Result struct {
	Step    int
	Command string
	// Denied: the decision refused the step, which did not run.
	Denied bool
	// Status is the failed step's exit status (128+N for a step killed by
	// signal N).
	Status int
	// Err is why the step could not be started (or its shell not built).
	Err error
}

// interruptedStatus is the hook's exit status when Ctrl-C stopped it between
// steps: what a shell reports for a command killed by SIGINT.
const interruptedStatus = 130

// OK reports a run in which every step ran and succeeded.
func (r Result) OK() bool { return r.Step == 0 }

// waitDelay bounds how long a step's pipes stay open after it exits (a
// process it left in the background may hold them).
const waitDelay = 2 * time.Second

// Argv returns what the decision judges for a step and the argv that runs it.
// A hook without arguments is decided as the script alone, exactly as
// `permgate exec -- STEP` decides it, and runs as SHELL -c STEP. A hook with
// arguments runs SHELL -c STEP HOOK ARG…: the hook's name is $0 and its
// arguments are $1…; that whole argv is what is decided, so $1 is judged as
// the value it holds.
func (h Hook) Argv(s Step, shell func(string) ([]string, error)) (decide, run []string, err error) {
	run, err = shell(s.Command)
	if err != nil {
		return nil, nil, err
	}
	if len(h.Args) == 0 {
		return []string{s.Command}, run, nil
	}
	run = append(append(run, h.Name), h.Args...)
	return run, run, nil
}

// Run decides and runs the hook's steps in order and stops at the first that
// is refused or fails.
func (r Runner) Run(h Hook) Result {
	for i, s := range h.Steps {
		n := i + 1
		if r.Started != nil {
			r.Started(n, s)
		}
		if res := r.runStep(h, n, s); !res.OK() {
			return res
		}
	}
	return Result{}
}

// runStep decides and runs step n of h: the zero Result when it ran and
// succeeded, else why the hook stops there.
func (r Runner) runStep(h Hook, n int, s Step) Result {
	decide, argv, err := h.Argv(s, r.Shell)
	if err != nil {
		return Result{Step: n, Command: s.Command, Err: err}
	}
	if !r.Decide(decide) {
		return Result{Step: n, Command: s.Command, Denied: true}
	}
	if r.interrupted() {
		return Result{Step: n, Command: s.Command, Status: interruptedStatus}
	}
	status, err := r.exec(argv, h.Input)
	if err == nil && status == 0 && r.interrupted() {
		// A Ctrl-C the step caught and survived still stops the hook.
		status = interruptedStatus
	}
	if err != nil || status != 0 {
		return Result{Step: n, Command: s.Command, Status: status, Err: err}
	}
	return Result{}
}

// interrupted reports a Ctrl-C since the last step started (see
// Runner.Interrupted); never when no one watches for one.
func (r Runner) interrupted() bool { return r.Interrupted != nil && r.Interrupted() }

// exec runs argv with its own copy of input (or /dev/null when input is nil)
// and returns its exit status; an error when it could not start.
func (r Runner) exec(argv []string, input []byte) (int, error) {
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir, c.Env = r.Dir, r.Env
	c.Stdout, c.Stderr = r.Stdout, r.Stderr
	if input != nil {
		// A reader that is not a file: os/exec gives the step a pipe of its
		// own and copies this step's copy into it.
		c.Stdin = bytes.NewReader(input)
	}
	c.WaitDelay = waitDelay
	err := c.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exitErr):
		return exitStatus(exitErr), nil
	case errors.Is(err, exec.ErrWaitDelay):
		// The step itself exited 0; something it left behind held its pipes.
		return 0, nil
	}
	return 1, fmt.Errorf("run %s: %w", argv[0], err)
}

// exitStatus is a shell's $? for a finished process: its exit code, or 128+N
// when signal N killed it.
func exitStatus(e *exec.ExitError) int {
	if ws, ok := e.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	if code := e.ExitCode(); code > 0 {
		return code
	}
	return 1
}
