// Package cmd holds permgate's command-line interface: flags in, calls into the
// shellparse, validator and policy packages, output and exit codes out.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// Exit codes shared by the commands.
const (
	exitOK    = 0
	exitError = 1
	exitDeny  = 2
	exitAsk   = 3
)

// memoryLimit is the soft limit on the process's memory (GOMEMLIMIT, when
// set, takes its place): the collector works harder before the heap passes
// it, so that peak memory stays well under 200 MB for every input the
// analysis accepts.
const memoryLimit = 120 << 20

// exitError carries an exit code through cobra without printing anything more.
type exitCode struct{ code int }

// Error is never printed: Main turns an exitCode into the process's status.
func (e exitCode) Error() string { return fmt.Sprintf("exit %d", e.code) }

// streams are the standard streams a command talks through.
type streams struct {
	in       io.Reader
	out, err io.Writer
	// host is the process's environment, working and home directories.
	host *host
	// start is when permgate started: an answer's deadline counts from it.
	start time.Time
	// exit ends the process (os.Exit): a watchdog that gives a late
	// answer ends it. nil, as in tests, leaves the process running.
	exit func(int)
}

// quiet is the same streams with warnings on stderr dropped, for a caller
// that reports what went wrong its own way.
func (s streams) quiet() streams {
	s.err = io.Discard
	return s
}

// Main runs permgate with the given arguments and returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return mainWith(newRootFor, args, stdin, stdout, stderr, os.Exit, runPlain)
}

// mainWith is Main with the command tree build makes for the arguments; a
// plain entry (runPlain) answers the calls it takes without building one.
func mainWith(build func(streams, []string) *cobra.Command, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int), plain func(streams, []string) (int, bool)) int {
	if os.Getenv("GOMEMLIMIT") == "" {
		// The analysis's work bound keeps the heap small; the soft limit
		// makes the collector work harder before peak memory passes it.
		debug.SetMemoryLimit(memoryLimit)
	}
	// Errors and warnings quote commands, config values and paths: whatever a
	// terminal would act on in them is escaped.
	stderr = termSafeWriter{stderr}
	io := streams{in: stdin, out: stdout, err: stderr, host: osHost(), start: time.Now(), exit: exit}
	if plain != nil {
		if code, ok := plain(io, args); ok {
			return code
		}
	}
	root := build(io, args)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var code exitCode
	if errors.As(err, &code) {
		return code.code
	}
	return errorExit(stderr, args, err)
}

// errorExit reports an error that ends a run on stderr and returns the exit
// code for it.
func errorExit(stderr io.Writer, args []string, err error) int {
	fmt.Fprintf(stderr, "permgate: error: %s\n", oneLine(err.Error()))
	if hookInvocation(args) {
		// A harness reads exit 1 as "go ahead" in some protocols: a mistake on
		// the hook's command line that cobra caught before the hook command ran
		// (a bad global flag) blocks instead.
		fmt.Fprintln(stderr, "permgate: hook: the tool call is blocked")
		return exitDeny
	}
	return exitError
}

// hookInvocation reports whether args may have meant to run `permgate hook`:
// the word hook stands anywhere before --. Erring towards "hook" fails closed:
// exit 2 blocks in every harness, where exit 1 lets some go ahead.
func hookInvocation(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "hook" {
			return true
		}
	}
	return false
}

// hotCommands are the commands that run before every command an agent or a
// person runs (hook, check, exec, the shell guard's guard, githook): for
// them newRootFor builds that one command, not the whole tree.
var hotCommands = map[string]func(streams, *globalFlags) *cobra.Command{
	"hook": newHookCmd, "check": newCheckCmd, "exec": newExecCmd, "guard": newGuardCmd, "githook": newGithookCmd,
}

// newRootFor is the command tree for args: the root with only the command
// args run when it is a hot one and nothing asks for help or completion,
// else the whole tree (newRoot). The one command parses, answers and fails
// as it does in the whole tree.
func newRootFor(io streams, args []string) *cobra.Command {
	name, ok := commandName(args)
	build, hot := hotCommands[name]
	if !ok || !hot {
		return newRoot(io)
	}
	root, g := newBareRoot(io)
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(build(io, g))
	explainArgErrors(root)
	return root
}

// commandName is the command args name: the first word that is not a
// global option (--config FILE, --profile NAME) — with ok false when any
// word before -- asks for help, the version or completions, which need the
// whole tree.
func commandName(args []string) (name string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return name, name != ""
		case a == "-h" || a == "--help" || a == "help" || a == "-v" || a == "--version" || strings.HasPrefix(a, "__complete"):
			return "", false
		case name != "":
		case a == "--config" || a == "--profile":
			i++
		case strings.HasPrefix(a, "--config=") || strings.HasPrefix(a, "--profile="):
		case strings.HasPrefix(a, "-"):
			return "", false // a flag the root does not take: the whole tree says so
		default:
			name = a
		}
	}
	return name, name != ""
}

func newRoot(io streams) *cobra.Command {
	root, g := newBareRoot(io)
	// Only the whole tree answers --version (commandName): reading the
	// build's version costs a hot command's call for nothing.
	root.Version = versionString()
	root.AddCommand(newGithookCmd(io, g), newManCmd(io))
	root.AddCommand(newCheckCmd(io, g), newVersionCmd(io), newConfigCmd(io, g), newTrustCmd(io, g, true), newTrustCmd(io, g, false),
		newExecCmd(io, g), newModeCmd(io, g), newRulesCmd(io, g), newLogCmd(io, g), newGuardCmd(io, g),
		newExplainCmd(io, g), newScanCmd(io, g), newInitCmd(io, g), newHookCmd(io, g),
		newInstallCmd(io, true), newInstallCmd(io, false), newDoctorCmd(io, g))
	registerCompletions(root)
	explainArgErrors(root)
	return root
}

// newBareRoot is the root command with its global flags and no command.
func newBareRoot(io streams) (*cobra.Command, *globalFlags) {
	root := &cobra.Command{
		Use:           "permgate",
		Short:         "A permission gate for shell commands",
		Long:          "permgate reads a shell command the way bash will, works out what would really run,\nclassifies the risk, and allows it, asks, or refuses — and says why.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	g := &globalFlags{}
	g.register(root)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError(c, err)
	})
	return root, g
}

// explainArgErrors makes every command's argument errors one line that names
// the command, what was wrong and its usage:
//
//	permgate: error: mode: accepts at most 1 arg(s), received 2 (usage: permgate mode [MODE|--cycle|--reset] [flags])
//
// An error that is an exit code (hook's, answered in its own protocol) passes
// through as it is.
func explainArgErrors(c *cobra.Command) {
	if args := c.Args; args != nil {
		c.Args = func(c *cobra.Command, a []string) error {
			err := args(c, a)
			var code exitCode
			if err == nil || errors.As(err, &code) {
				return err
			}
			if strings.HasPrefix(err.Error(), "unknown command ") {
				// cobra.NoArgs
				if c.HasAvailableSubCommands() && len(a) > 0 {
					err = fmt.Errorf("unknown subcommand %q (want %s)", a[0], subcommandNames(c))
				} else {
					err = fmt.Errorf("takes no arguments, got %s", quoteArgs(a))
				}
			}
			return usageError(c, err)
		}
	}
	for _, sub := range c.Commands() {
		explainArgErrors(sub)
	}
}

// usageError is err on one line, after the command's name and before its usage.
func usageError(c *cobra.Command, err error) error {
	name := strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
	msg := strings.TrimPrefix(err.Error(), name+": ")
	if c == c.Root() {
		return fmt.Errorf("%s (usage: %s)", msg, c.UseLine())
	}
	return fmt.Errorf("%s: %s (usage: %s)", name, msg, c.UseLine())
}

// subcommandNames lists c's visible subcommands: "a, b or c".
func subcommandNames(c *cobra.Command) string {
	var names []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// quoteArgs quotes each argument, for an error message.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = fmt.Sprintf("%q", a)
	}
	return strings.Join(q, " ")
}

// oneLine folds cobra's "unknown command" error, whose suggestions stand on
// lines of their own, into one line.
func oneLine(msg string) string {
	head, tail, ok := strings.Cut(msg, "\n\nDid you mean this?\n")
	if !ok {
		return msg
	}
	return head + " (did you mean " + strings.Join(strings.Fields(tail), ", ") + "?)"
}
