package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"permgate/policy"
)

func newModeCmd(io streams, g *globalFlags) *cobra.Command {
	var cycle, short bool
	c := &cobra.Command{
		Use:   "mode [MODE|--cycle]",
		Short: "Show or set the persistent mode (default, auto, plan, bypass)",
		Long: "mode with no argument shows the mode in force and where it comes from; on a terminal it also\n" +
			"offers a 1–4 menu. mode MODE sets the persistent mode; --cycle moves to the next one\n" +
			"(default → auto → plan → bypass → default).",
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			s, err := loadSession(g, io, "", false)
			if err != nil {
				return fmt.Errorf("mode: %w", err)
			}
			var next policy.Mode
			switch {
			case cycle && len(args) > 0:
				return errors.New("mode: give a mode or --cycle, not both")
			case cycle:
				next = nextMode(s.eff.Mode, s.cfg.DisableBypass.Value)
			case len(args) == 1:
				if next, err = policy.ParseMode(args[0]); err != nil {
					return fmt.Errorf("mode: %w", err)
				}
			case short:
				fmt.Fprintln(io.out, s.eff.Mode)
				return nil
			default:
				fmt.Fprintf(io.out, "%s (%s)\n", s.eff.Mode, s.eff.ModeSource)
				if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
					return nil
				}
				if next, err = modeMenu(io, s.eff.Mode); err != nil || next == "" {
					return err
				}
			}
			return setMode(io, s, next)
		},
	}
	c.Flags().BoolVar(&cycle, "cycle", false, "move to the next mode: default → auto → plan → bypass → default")
	c.Flags().BoolVar(&short, "short", false, "print only the mode's name (for a shell prompt)")
	return c
}

func isTerminal(f *os.File) bool { return isatty.IsTerminal(f.Fd()) }

// nextMode is the mode after m in the cycle, skipping bypass when it is disabled.
func nextMode(m policy.Mode, noBypass bool) policy.Mode {
	for i, x := range policy.Modes {
		if x == m {
			next := policy.Modes[(i+1)%len(policy.Modes)]
			if next == policy.ModeBypass && noBypass {
				next = policy.ModeDefault
			}
			return next
		}
	}
	return policy.ModeDefault
}

// modeMenu offers the modes as a 1–4 menu on the terminal; an empty answer keeps
// the current mode.
func modeMenu(io streams, current policy.Mode) (policy.Mode, error) {
	for i, m := range policy.Modes {
		mark := " "
		if m == current {
			mark = "*"
		}
		fmt.Fprintf(io.out, "%s %d) %s\n", mark, i+1, m)
	}
	fmt.Fprint(io.out, "mode (1-4, Enter keeps it): ")
	line, err := bufio.NewReader(io.in).ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(io.out)
		return "", nil
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return "", nil
	}
	for i, m := range policy.Modes {
		if line == fmt.Sprint(i+1) || line == string(m) {
			return m, nil
		}
	}
	return "", fmt.Errorf("mode: %q is not 1-4", line)
}

// setMode persists the mode. A mode looser than the one in force without
// flags and variables (the persisted mode, else the config's) needs a person to
// confirm it at the terminal, and is refused when the system config is managed.
func setMode(io streams, s *session, m policy.Mode) error {
	if m == policy.ModeBypass && s.cfg.DisableBypass.Value {
		return fmt.Errorf("mode: bypass mode is disabled by %s", s.cfg.DisableBypass.Source)
	}
	base, err := policy.Select(s.cfg, policy.ModeInputs{Persisted: s.state.Mode})
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	base = policy.ClampMode(base, s.cfg.ModeFloor, "the managed system config")
	if policy.Looser(m, base.Mode) {
		what := fmt.Sprintf("setting the mode to %s", m)
		if err := loosen(s.cfg, what, []string{fmt.Sprintf("mode %s instead of %s (%s)", m, base.Mode, base.ModeSource)}); err != nil {
			return fmt.Errorf("mode: %w", err)
		}
	}
	err = s.store.Update(func(st *policy.State) error {
		st.Mode = m
		st.Denials = 0
		return nil
	})
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	fmt.Fprintf(io.out, "permgate: mode %s\n", m)
	if env := os.Getenv("PERMGATE_MODE"); env != "" && env != string(m) {
		fmt.Fprintf(io.err, "permgate: warning: PERMGATE_MODE=%s overrides it in this environment\n", env)
	}
	return nil
}
