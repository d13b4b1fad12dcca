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
	"github.com/permgate/permgate/registry"
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
	text := promptText(v)
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
	if _, err := io.WriteString(tty, text); err != nil {
		return answerError, err.Error()
	}
	lines, errs := readAnswerAsync(tty)
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case line := <-lines:
		return v.answerOf(line), ""
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

// promptText is the question: the command, why permgate asks, each finding
// with its safer way, and the answers there are.
func promptText(v promptView) string {
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
	return sb.String()
}

// readAnswerAsync reads one answer from tty in the background: its line, or
// the error that ended the input before any of one.
func readAnswerAsync(tty io.Reader) (<-chan string, <-chan error) {
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
	return lines, errs
}

// answerOf reads a typed answer: for a severe command only the word yes
// runs it; else y or yes runs it once, a or always adds the rule (when one
// is offered), and anything else refuses.
func (v promptView) answerOf(line string) answer {
	typed := strings.ToLower(strings.TrimSpace(line))
	switch {
	case v.typedYes && typed == "yes":
		return answerYes
	case v.typedYes:
		return answerNo
	case typed == "y" || typed == "yes":
		return answerYes
	case (typed == "a" || typed == "always") && v.always != "":
		return answerAlways
	}
	return answerNo
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
	target := alwaysTarget(a, out)
	if target == nil {
		return ""
	}
	rule := prefixRule(target)
	if registry.Always(path.Base(target.Name)) == registry.AlwaysExact {
		rule = exactRule(target)
	}
	if rule == "" || !s.allowsWith(a, rule) {
		return ""
	}
	return rule
}

// alwaysTarget is the command an always-rule would cover: in a whole, safe
// analysis that the mode asked about, the one command that is not
// read-only, when it names a program a rule may cover; nil when there is
// none.
func alwaysTarget(a validator.Analysis, out policy.Outcome) *shellparse.SimpleCommand {
	if !askedByMode(a, out) {
		return nil
	}
	target := onlyWriter(a)
	if target == nil || len(target.Argv) == 0 || target.Name == "" {
		return nil
	}
	base := path.Base(target.Name)
	if registry.Always(base) == registry.AlwaysNever || shellparse.IsShell(target.Name) || validator.IsInterpreter(base) {
		return nil
	}
	return target
}

// askedByMode reports an ask the mode made of a whole, safe analysis: no
// rule, finding or gap decided it.
func askedByMode(a validator.Analysis, out policy.Outcome) bool {
	return out.Decision == policy.Ask && out.By == "mode" && a.Severity == validator.Safe && !a.Incomplete()
}

// onlyWriter is the one command of a that is not read-only; nil when there
// are several (one prefix rule would not cover them) or none.
func onlyWriter(a validator.Analysis) *shellparse.SimpleCommand {
	var target *shellparse.SimpleCommand
	for i := range a.Commands {
		if a.Commands[i].ReadOnly {
			continue
		}
		if target != nil {
			return nil
		}
		target = &a.Commands[i].Command
	}
	return target
}

// exactRule is the rule for a program that deletes, moves or changes files:
// only this very command is approved (rm build.log, not every rm
// build.log…); "" when a word is not known before it runs, or the command
// holds what a rule would read as a pattern.
func exactRule(target *shellparse.SimpleCommand) string {
	exact := validator.Normalize(*target)
	if strings.ContainsAny(exact, "()*") || !staticArgv(target.Argv) {
		return ""
	}
	return "bash(" + exact + ")"
}

// prefixRule is the prefix rule for the command: its program and at most two
// plain words after it, up to the first option or word that is not plain.
// It ends at a word: make build* is not make buildall.
func prefixRule(target *shellparse.SimpleCommand) string {
	words := []string{target.Name}
	plain := commandWords(*target)
	for i, w := range target.Argv[1:] {
		if len(words) == 3 || !plain[i] || !plainWord(w) {
			break
		}
		words = append(words, w.Text)
	}
	return "bash(prefix:" + strings.Join(words, " ") + "*)"
}

// commandWords marks the words of a command's argv after its name that are
// neither options nor their values, by its declared grammar: its subcommand
// words and operands (for an undeclared program every option is a flag).
func commandWords(c shellparse.SimpleCommand) []bool {
	args := c.Argv[min(1, len(c.Argv)):]
	marks := make([]bool, len(args))
	_, inv, ok := c.Declared()
	if !ok {
		var none registry.Grammar
		scan := none.Scan(shellparse.RegistryWords(args))
		inv = &registry.Invocation{Scan: scan}
	}
	for _, i := range inv.PathAt {
		marks[i] = true
	}
	for _, i := range inv.Scan.Operands {
		marks[i] = true
	}
	return marks
}

// plainWord reports a word a prefix rule may hold: static, not "-", not
// empty, and without a path, an assignment, a pattern, an expansion, quotes
// or spaces.
func plainWord(w shellparse.Word) bool {
	return w.Static && w.Text != "-" && !strings.ContainsAny(w.Text, "/=*?[]{}$`'\" ") && w.Text != ""
}

// allowsWith reports whether the allow rule would turn the decision on a into
// an allow: a rule is offered only where it would take effect.
func (s *session) allowsWith(a validator.Analysis, rule string) bool {
	r, err := policy.ParseRule(rule)
	if err != nil {
		return false
	}
	trial := s.cfg.Rules
	trial.Allow = append(append([]policy.Rule(nil), trial.Allow...), r)
	m := s.matcher()
	m.Rules = trial
	return policy.Decide(a, s.eff.Settings, m).Decision == policy.Allow
}
