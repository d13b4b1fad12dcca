package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/permgate/permgate/config"
)

// errNotConfirmed is a loosening edit the person at the terminal did not
// confirm.
var errNotConfirmed = errors.New("not confirmed: nothing was changed")

// confirmLoosening asks the person at the terminal — /dev/tty, never stdin —
// whether a change that loosens the policy may go ahead. Without a terminal it
// is an error: a loosening edit needs a person, since a script an agent wrote
// may run permgate under any name.
func confirmLoosening(what string, details []string) error {
	name := "/dev/tty"
	if TestOnlyTTY != "" {
		name = TestOnlyTTY
	}
	// Separate reader and writer: a test's stand-in file keeps its answer at the
	// start while the question is appended.
	in, err := openTerminal(os.O_RDONLY)
	if err != nil {
		return fmt.Errorf("%s loosens the policy and needs a person at a terminal to confirm it (cannot open %s: %v)", what, name, unwrapPath(err))
	}
	defer in.Close()
	out, err := openTerminal(os.O_WRONLY | os.O_APPEND)
	if err != nil {
		return fmt.Errorf("%s loosens the policy and needs a person at a terminal to confirm it (cannot open %s: %v)", what, name, unwrapPath(err))
	}
	defer out.Close()
	restore := cookedMode(in)
	defer restore()
	flushInput(in)
	var sb strings.Builder
	fmt.Fprintf(&sb, "\npermgate: %s loosens the policy:\n", safe(what))
	for _, d := range details {
		fmt.Fprintf(&sb, "  - %s\n", safe(d))
	}
	sb.WriteString("Confirm? (y/N) ")
	if _, err := io.WriteString(out, sb.String()); err != nil {
		return fmt.Errorf("%s: cannot ask at the terminal: %w", what, err)
	}
	line, err := readAnswer(bufio.NewReader(in))
	if err != nil && line == "" {
		io.WriteString(out, "\n")
		return fmt.Errorf("%s: no answer at the terminal (%v): nothing was changed", what, err)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return fmt.Errorf("%s: %w", what, errNotConfirmed)
}

// unwrapPath drops the file name a *PathError repeats; other errors stay whole.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// refuseManaged is the error for a loosening edit when the system config is
// managed, or nil.
func refuseManaged(cfg *config.Config, what string) error {
	if !cfg.Managed.Value {
		return nil
	}
	return fmt.Errorf("%s is refused: the system config is managed ([managed] only_tighten at %s); only tightening changes are possible", what, cfg.Managed.Source)
}

// loosen refuses a loosening edit under a managed config, else asks the person
// at the terminal to confirm it.
func loosen(cfg *config.Config, what string, details []string) error {
	if err := refuseManaged(cfg, what); err != nil {
		return err
	}
	return confirmLoosening(what, details)
}

// noteUnsealed tells the user when the user config they just changed was
// changed outside permgate before: it stays unsealed.
func noteUnsealed(w io.Writer, s *session) {
	if !config.UserConfigSealed(s.store.Seals(), s.paths.User) {
		fmt.Fprintf(w, "permgate: note: %s was changed outside permgate, so only its tightening parts apply; review it and run `permgate trust --user` at a terminal to use all of it\n", safe(s.paths.User))
	}
}
