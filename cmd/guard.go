package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/shellparse"
)

// Exit codes of guard, which the shell snippets read.
const (
	guardAllow      = 0 // run the line
	guardDeny       = 1 // keep the line for editing
	guardIncomplete = 2 // the line needs more input: let the user go on typing; it is checked whole
)

// newGuardCmd is what the shell snippets of `permgate init` call on Enter: it
// decides for the typed line, asks on the terminal when it must, and exits 0
// when the shell may run the line. Anything else means: do not run it.
func newGuardCmd(io streams, g *globalFlags) *cobra.Command {
	var o execOptions
	c := &cobra.Command{
		Use:    "guard [--mode MODE] -- LINE",
		Short:  "Check a typed line for the shell guard (exit 0: run it)",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return exitCode{runGuard(io, g, o, args[0])}
		},
	}
	c.Flags().StringVar(&o.mode, "mode", "", "mode to decide in")
	c.Flags().BoolVar(&o.failClosed, "fail-closed", false, "never ask")
	c.Flags().DurationVar(&o.promptTimeout, "prompt-timeout", defaultPromptTimeout, "how long to wait for an answer")
	c.Flags().SetInterspersed(false)
	return c
}

func runGuard(io streams, g *globalFlags, o execOptions, line string) int {
	if strings.TrimSpace(line) == "" {
		return guardAllow // an empty line runs nothing
	}
	if shellparse.IsIncomplete(line) {
		return guardIncomplete // nothing runs yet; the whole command is checked when complete
	}
	s, err := loadSession(g, io, o.mode, o.failClosed)
	if err != nil {
		fmt.Fprintf(io.err, "permgate: error: %v\n", err)
		return guardDeny
	}
	if !s.confirm(io, "shell", []string{line}, o.promptTimeout) {
		return guardDeny
	}
	return guardAllow
}
