// Package githook runs the steps configured for a git hook one after another:
// which hooks there are, which of them git feeds on standard input, reading
// that input once within a bound, and running each step with its own copy of
// it, so that no step can swallow what the next one (or the hook) reads. The
// decision whether a step may run is the caller's.
package githook

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"
)

// names are the hooks git runs (githooks(5)) whose steps permgate may run:
// those that speak to git through their exit status alone. Hooks that answer
// git in a protocol of their own (fsmonitor-watchman, proc-receive) and the
// p4 ones are not among them.
var names = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch",
	"pre-commit", "pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-commit",
	"pre-rebase", "post-checkout", "post-merge", "pre-push",
	"pre-receive", "update", "post-receive", "post-update", "reference-transaction", "push-to-checkout",
	"pre-auto-gc", "post-rewrite", "sendemail-validate", "post-index-change",
}

// stdinHooks are the hooks git writes lines to on standard input.
var stdinHooks = []string{"pre-push", "pre-receive", "post-receive", "post-rewrite", "reference-transaction"}

// Names returns the hook names permgate runs steps for, in githooks(5) order.
func Names() []string { return slices.Clone(names) }

// Known reports whether name is a hook permgate runs steps for.
func Known(name string) bool { return slices.Contains(names, name) }

// TakesStdin reports whether git writes to the hook's standard input (the ref
// lines of pre-push, the rewritten commits of post-rewrite, …).
func TakesStdin(name string) bool { return slices.Contains(stdinHooks, name) }

// Step is one configured command of a hook: a bash script, and the file:line
// it was declared at.
type Step struct {
	Command string
	Source  string
}

// MaxInput bounds what a hook reads on standard input: 8 MiB holds the ref
// lines of a push of tens of thousands of refs.
const MaxInput = 8 << 20

// InputTimeout bounds how long a hook waits for the end of its input: git
// writes it all and closes the pipe at once.
const InputTimeout = 30 * time.Second

// ErrInputTooLarge is input past the bound: the hook fails rather than hand
// its steps part of it.
var ErrInputTooLarge = errors.New("input too large")

// ReadInput reads r to its end, at most limit bytes and within timeout. More
// than limit bytes is ErrInputTooLarge; no end of input in time is an error:
// either way the hook fails rather than run its steps on part of the input.
func ReadInput(r io.Reader, limit int64, timeout time.Duration) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, limit+1))
		done <- result{data, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case res := <-done:
		switch {
		case res.err != nil:
			return nil, fmt.Errorf("read the hook's input: %w", res.err)
		case int64(len(res.data)) > limit:
			return nil, fmt.Errorf("the hook's input is over %d bytes: %w", limit, ErrInputTooLarge)
		}
		return res.data, nil
	case <-timer.C:
		return nil, fmt.Errorf("the hook's input did not end within %s", timeout)
	}
}
