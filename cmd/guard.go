package cmd

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
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
	var report bool
	c := &cobra.Command{
		Use:    "guard [--mode MODE] [--report-mode] -- LINE",
		Short:  "Check a typed line for the shell guard (exit 0: run it)",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			code, shown := runGuard(io, g, o, args[0])
			if report {
				// The last line of the output: what the shell's prompt shows
				// until the next checked line, so that showing it costs no
				// process of its own.
				fmt.Fprintf(io.out, "%s%s\n", modeReportPrefix, shown)
			}
			return exitCode{code}
		},
	}
	c.Flags().BoolVar(&report, "report-mode", false, "end with a line "+modeReportPrefix+"MODE: the mode in force, or ? when the line may change it")
	c.Flags().StringVar(&o.mode, "mode", "", "mode to decide in")
	c.Flags().BoolVar(&o.failClosed, "fail-closed", false, "never ask")
	c.Flags().DurationVar(&o.promptTimeout, "prompt-timeout", defaultPromptTimeout, "how long to wait for an answer")
	c.Flags().SetInterspersed(false)
	return c
}

// modeReportPrefix starts the line guard --report-mode ends with.
const modeReportPrefix = "@permgate-mode "

// modeUnknown is the reported mode when the line may change the mode in force
// (a permgate command, an edit of its files) or the config does not load: the
// shell asks permgate once, after the line has run.
const modeUnknown = "?"

// runGuard decides for a typed line. It returns the guard's exit code and the
// mode the shell's prompt is to show.
func runGuard(io streams, g *globalFlags, o execOptions, line string) (int, string) {
	shown := modeUnknown
	if strings.TrimSpace(line) == "" {
		return guardAllow, shown // an empty line runs nothing
	}
	if shellparse.IsIncomplete(line) {
		return guardIncomplete, shown // nothing runs yet; the whole command is checked when complete
	}
	s, err := loadSessionWithin(g, io, o.mode, o.failClosed)
	if err != nil {
		// A broken config never locks the shell: what fixing it needs runs
		// (editing a config file, permgate config, exit); the rest waits.
		if recoveryLine(io, g, line) {
			return guardAllow, shown
		}
		fmt.Fprintf(io.err, "permgate: error: %v\n", err)
		fmt.Fprintf(io.err, "permgate: hint: until the config loads only fixing it runs here: edit it (%s FILE), check it (permgate config check), confirm it (permgate trust --user), or exit\n",
			safe(editorName(io.host)))
		return guardDeny, ""
	}
	ok, a := s.confirm(io, "shell", []string{line}, o.promptTimeout)
	if !ok {
		return guardDeny, string(s.eff.Mode)
	}
	if !a.HasKind(finding.SelfModify) {
		shown = string(s.eff.Mode)
	}
	return guardAllow, shown
}

// recoveryLine reports a line that fixes a broken config or leaves the shell:
// one simple command, with no redirect, that is exit or logout, permgate
// config check|path|show, or an editor opening only permgate's config files.
func recoveryLine(io streams, g *globalFlags, line string) bool {
	env := analysisEnv(io.host)
	name, words, ok := plainCommand(validator.New(env).CheckScript(line))
	if !ok {
		return false
	}
	// Bare names only: ./vi, /tmp/x/exit or ./permgate are other programs.
	switch {
	case strings.Contains(name, "/"):
		return false
	case name == "exit" || name == "logout":
		return true
	case name == "permgate":
		return len(words) == 3 && recoveryCommands.Get()[[2]string{words[1], words[2]}]
	case registry.Editor(name):
		return len(words) > 1 && editsOnlyConfig(io, g, env, words[1:])
	}
	return false
}

// recoveryCommands are the permgate commands that run while the config is
// broken: permgate config check|path|show, and permgate trust --user,
// which confirms a config whose seal is lost (it asks y/N at the terminal
// itself).
var recoveryCommands = lazy.Value[map[[2]string]bool]{Make: func() map[[2]string]bool {
	return map[[2]string]bool{
		{"config", "check"}: true, {"config", "path"}: true, {"config", "show"}: true,
		{"trust", "--user"}: true,
	}
}}

// plainCommand returns the name and words of a line that is one simple
// command, whole, with no redirect, wrapper or assignment, whose every word
// is known before it runs; ok is false for any other.
func plainCommand(a validator.Analysis) (name string, words []string, ok bool) {
	if len(a.Commands) != 1 || a.Incomplete() {
		return "", nil, false
	}
	c := a.Commands[0].Command
	if len(c.Redirects) > 0 || len(c.Wrappers) > 0 || len(c.Assigns) > 0 || len(c.Argv) == 0 {
		return "", nil, false
	}
	words = make([]string, len(c.Argv))
	for i, w := range c.Argv {
		if !w.Static {
			return "", nil, false
		}
		words[i] = w.Text
	}
	return c.Name, words, true
}

// editsOnlyConfig reports an editor's arguments that are all permgate's
// config files: the system's, the user's, the projects' and the override.
func editsOnlyConfig(io streams, g *globalFlags, env validator.Env, args []string) bool {
	paths := locateConfig(env, g, io.host)
	files := append([]string{paths.System, paths.User, paths.Project, paths.Override}, paths.Projects...)
	for _, p := range args {
		if !filepath.IsAbs(p) {
			p = filepath.Join(env.Cwd, p)
		}
		if !slices.Contains(files, filepath.Clean(p)) {
			return false
		}
	}
	return true
}

// editorName is $VISUAL, else $EDITOR, when it is a terminal editor
// (registry.Editor); else vi.
// (Only those editors run while the config is broken: $EDITOR could name any
// program.)
func editorName(h *host) string {
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if v := strings.Fields(h.Getenv(name)); len(v) > 0 && registry.Editor(path.Base(v[0])) {
			return path.Base(v[0])
		}
	}
	return "vi"
}
