package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// TestOnlyTTY replaces /dev/tty; only the test binary sets it.
var TestOnlyTTY = ""

// answer is what the human said at the prompt.
type answer int

const (
	answerNo answer = iota
	answerYes
	answerAlways
	answerEOF
	answerTimeout
	answerError
)

// openTTY opens the terminal the prompt talks on: /dev/tty, never stdin or stdout.
func openTTY() (*os.File, error) {
	return openTerminal(os.O_RDWR)
}

// openTerminal opens /dev/tty (or the test binary's stand-in) with flag. It must
// be a terminal: a FIFO, a regular file or anything else standing in for it is
// refused, since whoever feeds it would answer the question. The open does not
// block (O_NONBLOCK; the file is blocking again once checked) and does not make
// it the controlling terminal. Only the test binary (TestOnlyTTY) may use a
// regular file, which holds the answer typed.
func openTerminal(flag int) (*os.File, error) {
	if TestOnlyTTY != "" {
		return openTerminalAt(TestOnlyTTY, flag, true)
	}
	return openTerminalAt("/dev/tty", flag, false)
}

// openTerminalAt is openTerminal on name; allowRegular admits a regular file.
func openTerminalAt(name string, flag int, allowRegular bool) (*os.File, error) {
	f, err := os.OpenFile(name, flag|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("stat %s: %w", name, err)
	}
	// Fd puts the file back in blocking mode.
	if isatty.IsTerminal(f.Fd()) || allowRegular && fi.Mode().IsRegular() {
		return f, nil
	}
	f.Close()
	return nil, fmt.Errorf("%s is %w (%s)", name, errNotTerminal, fi.Mode().Type())
}

// errNotTerminal is a /dev/tty that is not a terminal.
var errNotTerminal = errors.New("not a terminal")

// promptView is what the prompt shows.
type promptView struct {
	command  string
	mode     policy.Mode
	reason   string
	findings []validator.Finding
	always   string // the allow rule "a" would add, or "" when not offered
	typedYes bool   // a severe command: only the typed word yes runs it
}

// ask shows the prompt on tty and reads one answer, giving up after timeout.
func ask(tty *os.File, v promptView, timeout time.Duration) (answer, string) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\npermgate: run this command? (mode %s)\n  %s\n", v.mode, oneLineCommand(v.command))
	fmt.Fprintf(&sb, "  why ask: %s\n", safe(v.reason))
	for _, f := range v.findings {
		fmt.Fprintf(&sb, "  %s (%s): %s\n", f.Kind, f.Severity, safe(f.Reason))
		if f.Suggestion != "" {
			fmt.Fprintf(&sb, "    safer: %s\n", safe(f.Suggestion))
		}
	}
	choices := "[y] yes, once   [n] no"
	keys := "y/N"
	if v.typedYes {
		choices = "this is severe: type yes to run it once; anything else refuses"
		keys = "yes/N"
	}
	if v.always != "" {
		choices += "   [a] always: add " + safe(v.always) + " to your config"
		keys = "y/N/a"
	}
	fmt.Fprintf(&sb, "  %s\nAllow? (%s) ", choices, keys)
	restore := cookedMode(tty)
	defer restore()
	// Ctrl-C at the question is a no: it is caught, so the terminal is put back
	// as it was and the refusal is recorded, rather than permgate dying mid-way.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	// Only an answer typed after the question counts: what was typed (or pushed)
	// before it is thrown away.
	flushInput(tty)
	if _, err := io.WriteString(tty, sb.String()); err != nil {
		return answerError, err.Error()
	}
	lines := make(chan string, 1)
	errs := make(chan error, 1)
	go func() {
		line, err := readAnswer(bufio.NewReader(tty))
		if err != nil && line == "" {
			errs <- err
			return
		}
		lines <- line
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case line := <-lines:
		answer := strings.ToLower(strings.TrimSpace(line))
		if v.typedYes {
			if answer == "yes" {
				return answerYes, ""
			}
			return answerNo, ""
		}
		switch answer {
		case "y", "yes":
			return answerYes, ""
		case "a", "always":
			if v.always != "" {
				return answerAlways, ""
			}
		}
		return answerNo, ""
	case err := <-errs:
		io.WriteString(tty, "\n")
		if errors.Is(err, io.EOF) {
			return answerEOF, "end of input at the prompt"
		}
		return answerError, "cannot read the answer: " + err.Error()
	case <-timer.C:
		io.WriteString(tty, "\npermgate: no answer in "+timeout.String()+"\n")
		return answerTimeout, "no answer in " + timeout.String()
	case <-interrupts:
		io.WriteString(tty, "^C\n")
		return answerNo, "interrupted at the prompt"
	}
}

// readAnswer reads up to a newline or a carriage return: a terminal left in raw
// mode by a line editor (zle, readline) sends \r for Enter.
func readAnswer(r *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		b, err := r.ReadByte()
		if err != nil {
			return sb.String(), err
		}
		if b == '\n' || b == '\r' {
			return sb.String(), nil
		}
		if b == 4 && sb.Len() == 0 { // Ctrl-D in raw mode
			return "", io.EOF
		}
		sb.WriteByte(b)
	}
}

func oneLineCommand(s string) string {
	return textclip.Clip(validator.OneLine(s), 500) // never cut inside a character
}

// neverAlways are programs an always-rule must not cover: a prefix rule for them
// would allow anything they run.
var neverAlways = map[string]bool{
	"env": true, "sudo": true, "doas": true, "su": true, "xargs": true, "eval": true, "exec": true, "source": true,
	".": true, "command": true, "builtin": true, "nohup": true, "timeout": true, "nice": true, "parallel": true,
	"find": true, "watch": true, "script": true, "ssh": true,
}

// exactAlways are programs that delete, move or change files and processes: an
// always-rule for them is the exact command approved, never a prefix.
var exactAlways = map[string]bool{
	"rm": true, "rmdir": true, "unlink": true, "shred": true, "mv": true, "cp": true, "ln": true, "dd": true,
	"truncate": true, "chmod": true, "chown": true, "chgrp": true, "kill": true, "pkill": true, "killall": true,
	"tee": true, "install": true, "rsync": true, "git": true, "docker": true, "kubectl": true,
}

// staticArgv reports an argv whose every word is known before it runs.
func staticArgv(argv []shellparse.Word) bool {
	for _, w := range argv {
		if !w.Static {
			return false
		}
	}
	return true
}

// alwaysRule returns the narrowest allow rule that covers what is approved
// when the person answers "a": the exact command for programs that delete,
// move or change things (bash(rm build.log)), else the prefix of the one
// command that is not read-only, ending at a word (bash(prefix:npm run
// build*)); and only when that rule would turn this very decision into an
// allow.
func alwaysRule(s *session, a validator.Analysis, out policy.Outcome) string {
	if out.Decision != policy.Ask || out.By != "mode" || a.Severity != validator.Safe || a.Incomplete() {
		return ""
	}
	var target *shellparse.SimpleCommand
	for i := range a.Commands {
		if a.Commands[i].ReadOnly {
			continue
		}
		if target != nil {
			return "" // several commands: one prefix rule would not cover them
		}
		target = &a.Commands[i].Command
	}
	if target == nil || len(target.Argv) == 0 || target.Name == "" {
		return ""
	}
	base := path.Base(target.Name)
	if neverAlways[base] || shellparse.IsShell(target.Name) || validator.IsInterpreter(base) {
		return ""
	}
	rule := ""
	if exactAlways[base] {
		// A program that deletes, moves or changes files: only this very
		// command is approved (rm build.log, not every rm build.log…).
		exact := validator.Normalize(*target)
		if strings.ContainsAny(exact, "()*") || !staticArgv(target.Argv) {
			return ""
		}
		rule = "bash(" + exact + ")"
	} else {
		words := []string{target.Name}
		for _, w := range target.Argv[1:] {
			if len(words) == 3 || !w.Static || strings.HasPrefix(w.Text, "-") || strings.ContainsAny(w.Text, "/=*?[]{}$`'\" ") || w.Text == "" {
				break
			}
			words = append(words, w.Text)
		}
		rule = "bash(prefix:" + strings.Join(words, " ") + "*)" // ends at a word: make build* is not make buildall
	}
	r, err := policy.ParseRule(rule)
	if err != nil {
		return ""
	}
	// Offer it only where it would take effect.
	trial := s.cfg.Rules
	trial.Allow = append(append([]policy.Rule(nil), trial.Allow...), r)
	m := s.matcher()
	m.Rules = trial
	if policy.Decide(a, s.eff.Settings, m).Decision != policy.Allow {
		return ""
	}
	return rule
}
