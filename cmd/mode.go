package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

// modeOptions are mode's flags.
type modeOptions struct {
	cycle, short, reset bool
	// next is set by --next, whose value is after: print the mode after it
	// (after "": the mode in force), persisting nothing.
	next  bool
	after string
}

func newModeCmd(io streams, g *globalFlags) *cobra.Command {
	var o modeOptions
	c := &cobra.Command{
		Use:   "mode [MODE|--cycle|--reset]",
		Short: "Show or set the persistent mode (default, auto, plan, bypass)",
		Long: "mode with no argument shows the mode in force and where it comes from; on a terminal it also\n" +
			"offers a 1–4 menu. mode MODE sets the persistent mode; --cycle moves to the next one\n" +
			"(default → auto → plan → bypass → default); --reset clears it, so the config's mode applies.\n" +
			"The persistent mode is the user's: in a hook the harness's own mode stands and the persistent\n" +
			"mode may only tighten it; a guarded shell's Shift+Tab changes that shell's mode only.",
		Example: "  permgate mode            # the mode in force, and what each mode does\n" +
			"  permgate mode plan       # only read-only commands from now on\n" +
			"  permgate mode --cycle    # the next mode: default → auto → plan → bypass\n" +
			"  permgate mode --short    # just the name, for a shell prompt",
		Args: oneModeArg,
		RunE: func(c *cobra.Command, args []string) error {
			o.next = c.Flags().Changed("next")
			return runMode(io, g, o, args)
		},
	}
	c.Flags().BoolVar(&o.cycle, "cycle", false, "move to the next mode: default → auto → plan → bypass → default")
	c.Flags().BoolVar(&o.short, "short", false, "print only the mode's name (for a shell prompt)")
	c.Flags().BoolVar(&o.reset, "reset", false, "clear the persistent mode, so that the config's mode applies")
	c.Flags().StringVar(&o.after, "next", "", "print the mode after `MODE` (empty: the mode in force) and persist nothing (for the shell guard)")
	c.Flags().MarkHidden("next")
	return c
}

// oneModeArg wants at most one MODE.
func oneModeArg(_ *cobra.Command, args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("give one MODE (default, auto, plan or bypass), not %d", len(args))
	}
	return nil
}

// runMode shows, sets, cycles or clears the persistent mode, or prints the
// shell guard's next mode, as o and args say.
func runMode(io streams, g *globalFlags, o modeOptions, args []string) error {
	s, err := loadSession(g, io, "", false)
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	if o.actions(args) > 1 {
		return errors.New("mode: give one of MODE, --cycle, --reset or --next")
	}
	switch {
	case o.next:
		return printNextMode(io, s, o.after)
	case o.reset:
		return resetMode(io, g, s)
	case o.cycle:
		return setMode(io, s, nextMode(s.eff.Mode, s.cfg.DisableBypass.Value, s.cfg.ModeFloor))
	case len(args) == 1:
		next, err := policy.ParseMode(args[0])
		if err != nil {
			return fmt.Errorf("mode: %w", err)
		}
		return setMode(io, s, next)
	case o.short:
		fmt.Fprintln(io.out, s.eff.Mode)
		return nil
	}
	return showMode(io, s)
}

// actions counts what o and args ask mode to do: a MODE, --cycle, --reset,
// --next.
func (o modeOptions) actions(args []string) int {
	n := len(args)
	for _, on := range []bool{o.cycle, o.reset, o.next} {
		if on {
			n++
		}
	}
	return n
}

// printNextMode prints the shell guard's Shift+Tab: that shell's mode after
// after (the mode in force when ""), persisted nowhere.
func printNextMode(io streams, s *session, after string) error {
	from := s.eff.Mode
	if after != "" {
		var err error
		if from, err = policy.ParseMode(after); err != nil {
			return fmt.Errorf("mode: --next: %w", err)
		}
	}
	fmt.Fprintln(io.out, nextMode(from, s.cfg.DisableBypass.Value, s.cfg.ModeFloor))
	return nil
}

// showMode prints the mode in force and where it comes from, then at a
// terminal offers the menu (and sets what is chosen), else lists the modes.
func showMode(io streams, s *session) error {
	fmt.Fprintf(io.out, "%s (%s)\n", s.eff.Mode, safe(s.eff.ModeSource))
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		listModes(io, s, false)
		return nil
	}
	flushInput(os.Stdin) // only a choice typed after the menu counts
	next, err := modeMenu(io, s)
	if err != nil || next == "" {
		return err
	}
	return setMode(io, s, next)
}

// resetMode clears the persisted mode and says which mode is now in force.
func resetMode(io streams, g *globalFlags, s *session) error {
	// Clearing a persisted mode stricter than the config's loosens: a person
	// confirms it, as for any looser mode.
	base, err := policy.Select(&s.cfg.Policy, policy.ModeInputs{Persisted: s.state.Mode})
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	bare, err := policy.Select(&s.cfg.Policy, policy.ModeInputs{})
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	if policy.Looser(bare.Mode, base.Mode) {
		what := "clearing the persisted mode " + string(base.Mode)
		if err := loosen(s.cfg, what, []string{fmt.Sprintf("mode %s (%s) instead of %s", bare.Mode, bare.ModeSource, base.Mode)}); err != nil {
			return fmt.Errorf("mode: %w", err)
		}
	}
	based := s.state.Mode
	err = s.store.Update(func(st *state.State) error {
		if st.Mode != based {
			return fmt.Errorf("%w (now %q, was %q): nothing was changed; run it again", errModeChanged, st.Mode, based)
		}
		st.Mode = ""
		st.Denials = 0
		return nil
	})
	if err != nil {
		return stateWriteError("mode", "the persisted mode is cleared", err)
	}
	after, err := loadSession(g, io, "", false)
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	fmt.Fprintf(io.out, "permgate: persisted mode cleared; mode %s (%s)\n", after.eff.Mode, safe(after.eff.ModeSource))
	return nil
}

// stateWriteError reports a failed write of the state. Most failures change
// nothing, and say so; when the state file was changed but could not be
// sealed (nor put back), it says what was done, what now counts, and what to
// do.
func stateWriteError(cmd, done string, err error) error {
	var ue *integrity.UnsealedError
	if errors.As(err, &ue) {
		return fmt.Errorf("%s: %s, but sealing the state failed (%v; putting back its earlier content failed too: %v): until it is sealed only what tightens of it counts; once the cause is fixed, run `permgate trust --user` at a terminal", cmd, done, ue.Seal, ue.Restore)
	}
	return fmt.Errorf("%s: %w", cmd, err)
}

// errModeChanged is a persisted mode changed by another process while this one
// worked out the next mode.
var errModeChanged = errors.New("the persisted mode changed meanwhile")

func isTerminal(f *os.File) bool { return isatty.IsTerminal(f.Fd()) }

// nextMode is the mode after m in the cycle, skipping bypass when it is
// disabled and any mode looser than the managed floor (empty: none).
func nextMode(m policy.Mode, noBypass bool, floor policy.Mode) policy.Mode {
	i := slices.Index(policy.Modes, m)
	for range policy.Modes {
		i = (i + 1) % len(policy.Modes)
		next := policy.Modes[i]
		if next == policy.ModeBypass && noBypass || policy.Looser(next, floor) {
			continue
		}
		return next
	}
	return policy.ModeDefault
}

// modeSummary says in a few words what a mode lets run (bypass as the
// config's bypass setting has it).
func modeSummary(m policy.Mode, bypass string) string {
	switch m {
	case policy.ModeDefault:
		return "asks before anything that writes"
	case policy.ModeAuto:
		return "runs what has no findings, asks about the rest"
	case policy.ModePlan:
		return "only read-only commands; refuses the rest"
	case policy.ModeBypass:
		if bypass == policy.BypassEverything {
			return "everything but deny rules"
		}
		return "everything but deny rules and severe findings"
	}
	return ""
}

// listModes prints each mode with what it does, the one in force marked with
// *; numbered for the menu. A mode the config rules out says why.
func listModes(io streams, s *session, numbered bool) {
	for i, m := range policy.Modes {
		mark := " "
		if m == s.eff.Mode {
			mark = "*"
		}
		what := modeSummary(m, s.cfg.Bypass.Value)
		switch {
		case m == policy.ModeBypass && s.cfg.DisableBypass.Value:
			what = "disabled by " + safe(s.cfg.DisableBypass.Source)
		case policy.Looser(m, s.cfg.ModeFloor):
			what = "looser than the managed floor " + string(s.cfg.ModeFloor)
		}
		if numbered {
			fmt.Fprintf(io.out, "%s %d) %-8s %s\n", mark, i+1, m, what)
		} else {
			fmt.Fprintf(io.out, "%s %-8s %s\n", mark, m, what)
		}
	}
}

// modeMenu offers the modes as a 1–4 menu on the terminal; an empty answer keeps
// the current mode.
func modeMenu(io streams, s *session) (policy.Mode, error) {
	listModes(io, s, true)
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
	base, err := policy.Select(&s.cfg.Policy, policy.ModeInputs{Persisted: s.state.Mode})
	if err != nil {
		return fmt.Errorf("mode: %w", err)
	}
	if policy.Looser(m, base.Mode) {
		what := fmt.Sprintf("setting the mode to %s", m)
		if err := loosen(s.cfg, what, []string{fmt.Sprintf("mode %s instead of %s (%s)", m, base.Mode, base.ModeSource)}); err != nil {
			return fmt.Errorf("mode: %w", err)
		}
	}
	// The next mode (--cycle) and the loosening check were worked out from the
	// persisted mode read before: the write goes ahead under the state lock only
	// if that is still the persisted mode, so two changes at once never lose one
	// or skip the confirmation.
	based := s.state.Mode
	err = s.store.Update(func(st *state.State) error {
		if st.Mode != based {
			return fmt.Errorf("%w (now %q, was %q): nothing was changed; run it again", errModeChanged, st.Mode, based)
		}
		st.Mode = m
		st.Denials = 0
		return nil
	})
	if err != nil {
		return stateWriteError("mode", "the mode is set to "+string(m), err)
	}
	fmt.Fprintf(io.out, "permgate: mode %s\n", m)
	if env := io.host.Getenv("PERMGATE_MODE"); env != "" && env != string(m) {
		fmt.Fprintf(io.err, "permgate: warning: PERMGATE_MODE=%s overrides it in this environment\n", env)
	}
	return nil
}
