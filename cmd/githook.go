package cmd

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/githook"
)

func newGithookCmd(io streams, g *globalFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "githook HOOK [ARG...]",
		Short: "Run the steps configured for a git hook, each decided as exec decides",
		Long: "githook is what the git hooks `permgate install git` writes run. It runs the steps the config lists\n" +
			"for the hook ([git] pre-commit = [\"go vet ./...\", \"go test ./...\"]) one after another in the\n" +
			"repository's top directory, each decided as `permgate exec` decides (asked on the terminal when\n" +
			"there is one, refused when no one can answer) and recorded in the audit log with source git.\n" +
			"Each step gets its own copy of the hook's standard input (pre-push's ref lines) and the hook's\n" +
			"arguments as $1…. The first step that is refused or fails stops the hook, and git with it.\n" +
			"Exit status: 0 when every step ran and succeeded (or none is configured), the failed step's\n" +
			"status, 126 when a step was refused, 125 when permgate itself failed.",
		Example: "  permgate githook pre-commit                       # what .git/hooks/pre-commit runs\n" +
			"  permgate githook commit-msg .git/COMMIT_EDITMSG   # a step reads the message file as \"$1\"",
		Args:      cobra.MinimumNArgs(1),
		ValidArgs: githook.Names(),
		RunE: func(c *cobra.Command, args []string) error {
			return exitCode{runGithook(io, g, args[0], args[1:])}
		},
	}
	// Everything after the hook's name is the hook's: git's arguments are
	// never read as permgate's options.
	c.Flags().SetInterspersed(false)
	return c
}

// runGithook runs the steps configured for hook and returns the exit code.
func runGithook(io streams, g *globalFlags, hook string, args []string) int {
	if !githook.Known(hook) {
		return githookFail(io, hook, "not a git hook permgate runs steps for (want one of %s)", strings.Join(githook.Names(), ", "))
	}
	// Git runs a hook in the top directory of the work tree; a direct call
	// from below it runs the steps there too, and the config of that
	// directory is the one that counts.
	root := repoTop(io.host.cwd)
	io.host = io.host.in(root)
	s, err := loadSessionWithin(g, io, "", false)
	if err != nil {
		fmt.Fprintf(io.err, "permgate: error: %v\npermgate: hint: permgate runs nothing until this is fixed; see `permgate config check`\n", err)
		return exitExecError
	}
	steps := s.cfg.Git[hook]
	if len(steps) == 0 {
		return exitOK
	}
	// Refuse an unusable shell before deciding, so nothing is asked in vain.
	shell := io.host.Getenv("PERMGATE_SHELL")
	if err := checkShell(shell); err != nil {
		return githookFail(io, hook, "%v: no step ran", err)
	}
	h := githook.Hook{Name: hook, Args: args, Steps: steps}
	if h.Input, err = hookInput(io, hook); err != nil {
		return githookFail(io, hook, "%v: no step ran", err)
	}
	r := stepRunner(io, s, hook, root, shell, steps)
	// Ctrl-C (or Ctrl-\) at the terminal reaches the whole foreground group:
	// the step stops, and permgate lives on to say which step it was. A
	// caught signal is the default again in the step. Signals sent to
	// permgate alone (TERM, HUP) still end it.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	r.Interrupted = func() bool {
		select {
		case <-sigs:
			return true
		default:
			return false
		}
	}
	return stepResult(io, hook, steps, r.Run(h))
}

// githookFail reports that githook cannot run hook's steps, and returns
// exitExecError.
func githookFail(io streams, hook, format string, a ...any) int {
	fmt.Fprintf(io.err, "permgate: error: githook %s: %s\n", safe(hook), fmt.Sprintf(format, a...))
	return exitExecError
}

// repoTop is the top directory of the work tree holding cwd, else cwd.
func repoTop(cwd string) string {
	if cwd == "" {
		return cwd
	}
	if top := config.RepoRoot(cwd); top != "" {
		return top
	}
	return cwd
}

// hookInput is what hook reads on its standard input, for its steps: nil for
// a hook that reads none, nothing from a terminal, else what git wrote.
func hookInput(io streams, hook string) ([]byte, error) {
	if !githook.TakesStdin(hook) {
		return nil, nil
	}
	if f, ok := io.in.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return []byte{}, nil
	}
	return githook.ReadInput(io.in, githook.MaxInput, githook.InputTimeout)
}

// stepRunner runs hook's steps in root with shell: each decided as git's
// (with its own deadline), and named on standard error as it starts.
func stepRunner(io streams, s *session, hook, root, shell string, steps []githook.Step) githook.Runner {
	env, _ := cleanEnv(io.host.Environ())
	return githook.Runner{
		Dir: root, Env: env, Stdout: io.out, Stderr: rawWriter(io.err),
		Shell: func(script string) ([]string, error) { return scriptArgv(shell, script) },
		Decide: func(args []string) bool {
			s.started = time.Now() // each step has a deadline of its own
			ok, _ := s.confirm(io, "git", args, defaultPromptTimeout)
			return ok
		},
		Started: func(n int, step githook.Step) {
			fmt.Fprintf(io.err, "permgate: %s: step %d/%d: %s\n", hook, n, len(steps), safe(step.Command))
		},
	}
}

// stepResult says which step stopped the hook and why, and returns the
// hook's exit code: the failed step's status, exitDenied for a refused one,
// exitExecError for one that could not run.
func stepResult(io streams, hook string, steps []githook.Step, res githook.Result) int {
	if res.OK() {
		return exitOK
	}
	what := fmt.Sprintf("permgate: %s: step %d (%s, %s)", hook, res.Step, safe(res.Command), safe(steps[res.Step-1].Source))
	switch {
	case res.Denied:
		fmt.Fprintf(io.err, "%s was refused; the hook stops\n", what)
		return exitDenied
	case res.Err != nil:
		fmt.Fprintf(io.err, "%s could not run: %s; the hook stops\n", what, safe(res.Err.Error()))
		return exitExecError
	}
	fmt.Fprintf(io.err, "%s failed with exit status %d; the hook stops\n", what, res.Status)
	return res.Status
}

// rawWriter is the writer under permgate's escaping of its own standard
// error: a step's output is its own, colours included, as under exec.
func rawWriter(w io.Writer) io.Writer {
	if t, ok := w.(termSafeWriter); ok {
		return t.w
	}
	return w
}
