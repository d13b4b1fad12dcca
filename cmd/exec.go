package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/state"
	"github.com/permgate/permgate/validator"
)

// Exit codes of exec besides the child's own.
const (
	exitDenied    = 126 // permgate refused
	exitExecError = 125 // permgate itself failed
	exitNotFound  = 127 // the program does not exist, as a shell reports it
)

// defaultPromptTimeout is how long the prompt waits for a human.
const defaultPromptTimeout = 5 * time.Minute

// execOptions are exec's flags.
type execOptions struct {
	mode          string
	failClosed    bool
	promptTimeout time.Duration
}

func newExecCmd(io streams, g *globalFlags) *cobra.Command {
	var o execOptions
	c := &cobra.Command{
		Use:   "exec [--mode MODE] [--fail-closed] [--prompt-timeout DURATION] -- CMD...",
		Short: "Decide, then run the command, ask on the terminal, or refuse",
		Long: "exec decides like check; allowed commands run with stdin, stdout, stderr, signals and the exit status\n" +
			"passing through. One argument is a script run with bash -c (or $PERMGATE_SHELL); several are an argv run\n" +
			"directly. A refusal exits 126, as does a program that is a directory or not executable; a program that\n" +
			"does not exist exits 127; permgate's own failure exits 125.",
		Example: "  permgate exec -- 'make test && git status'\n" +
			"  permgate exec --mode plan -- ls -la\n" +
			"  permgate exec --fail-closed -- ./deploy.sh --dry-run",
		RunE: func(c *cobra.Command, args []string) error {
			return exitCode{runExec(io, g, o, args)}
		},
	}
	c.Flags().StringVar(&o.mode, "mode", "", "mode to decide in: default, auto, plan or bypass")
	c.Flags().BoolVar(&o.failClosed, "fail-closed", false, "never ask: what would ask is denied")
	c.Flags().DurationVar(&o.promptTimeout, "prompt-timeout", defaultPromptTimeout, "how long to wait for an answer before denying")
	c.Flags().SetInterspersed(false)
	return c
}

// runExec decides and then runs, prompts or refuses; it returns the exit code
// when it does not replace itself with the command.
func runExec(io streams, g *globalFlags, o execOptions, args []string) int {
	if runtime.GOOS == "windows" {
		// permgate replaces itself with the command (exec(2)), which Windows
		// does not have; check and hook work there.
		fmt.Fprintln(io.err, "permgate: error: exec is not available on Windows: use `permgate check -- CMD`, then run the command")
		return exitExecError
	}
	if len(args) == 0 {
		fmt.Fprintln(io.err, "permgate: error: exec: no command given (usage: permgate exec -- CMD...)")
		return exitExecError
	}
	if len(args) == 1 {
		// Refuse an unusable shell before deciding, so nothing is asked in vain.
		if err := checkShell(io.host.Getenv("PERMGATE_SHELL")); err != nil {
			fmt.Fprintf(io.err, "permgate: error: exec: %v\n", err)
			return exitExecError
		}
	}
	// A program path that cannot run is said before deciding, so nothing is
	// asked in vain; run looks again just before it runs.
	if code := refuseNotRunnable(io, args); code != 0 {
		return code
	}
	s, err := loadSessionWithin(g, io, o.mode, o.failClosed)
	if err != nil {
		fmt.Fprintf(io.err, "permgate: error: %v\npermgate: hint: permgate runs nothing until this is fixed; see `permgate config check`\n", err)
		return exitExecError
	}
	if ok, _ := s.confirm(io, "exec", args, o.promptTimeout); !ok {
		return exitDenied
	}
	return run(io, args)
}

// confirm decides for a command about to run, asks on the terminal when it must,
// records the decision, and on a refusal says why with a hint. It reports whether
// the command may run, and the analysis it was decided on.
func (s *session) confirm(io streams, source string, args []string, timeout time.Duration) (bool, validator.Analysis) {
	command, a, out := s.decideTimed(args)
	if source == "shell" {
		out = humanShell(a, out, s.cfg.ShellSevere.Value == "ask")
	}
	decidedBy := out.By
	if out.Decision == policy.Ask {
		out, decidedBy = s.promptFor(io, command, a, out, timeout)
	}
	if out = s.audit(io, source, command, a, out, decidedBy); out.By == "audit" {
		decidedBy = "audit"
	}
	if out.Decision == policy.Allow {
		return true, a
	}
	fmt.Fprintf(io.err, "permgate: denied: %s\n", saferReason(out, a))
	fmt.Fprintf(io.err, "permgate: hint: %s\n", denyHint(s, a, out, decidedBy))
	return false, a
}

// promptFor asks the human on the terminal, or fails closed when no one can
// answer. It returns the final outcome and who decided.
func (s *session) promptFor(io streams, command string, a validator.Analysis, out policy.Outcome, timeout time.Duration) (policy.Outcome, string) {
	tty, err := openTTY()
	if err != nil {
		return policy.FailClose(out, noTerminalWhy(err)), out.By
	}
	defer tty.Close()
	// If the terminal hangs up while we wait, the read fails and we deny, rather
	// than dying of SIGHUP. (A caught signal returns to its default at exec.)
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	view := promptView{command: command, mode: s.eff.Mode, reason: out.Reason, findings: a.AllFindings(), always: alwaysRule(s, a, out), typedYes: out.By == byTypedYes}
	ans, why := ask(tty, view, timeout)
	switch ans {
	case answerYes:
		s.recordAnswer(io, false)
		return policy.Outcome{Decision: policy.Allow, Reason: "allowed once at the prompt"}, "user"
	case answerAlways:
		s.recordAnswer(io, false)
		s.saveAlways(tty, view.always)
		return policy.Outcome{Decision: policy.Allow, Reason: "allowed always at the prompt: " + view.always, Rule: view.always}, "user"
	case answerNo:
		return s.answeredNo(io, tty, why, out), "user"
	}
	// EOF, read error, timeout: no human answered.
	if ans == answerTimeout {
		s.recordAnswer(io, true)
	}
	return policy.FailClose(out, why), out.By
}

// noTerminalWhy says why no one is asked when the terminal does not open.
func noTerminalWhy(err error) string {
	why := "no terminal to ask on"
	if errors.Is(err, errNotTerminal) {
		why += " (" + safe(err.Error()) + ")"
	}
	return why
}

// saveAlways adds the allow rule the person chose at the terminal to the
// user config — the rule is theirs, and sealed — and says so on tty, or why
// it could not be saved (the command is then allowed this once).
func (s *session) saveAlways(tty io.Writer, rule string) {
	seals := s.store.Seals()
	added, err := config.AddRule(s.paths.User, "allow", rule, &seals)
	switch {
	case err != nil:
		err = editError("added "+rule+" to "+s.paths.User, err)
		fmt.Fprintf(tty, "permgate: could not save the rule (allowed this once): %s\n", safe(strings.TrimPrefix(err.Error(), "rules: ")))
	case added:
		fmt.Fprintf(tty, "permgate: added %s to %s (undo: permgate rules remove %s)\n",
			safe(rule), safe(s.paths.User), safe(shellparse.ShellQuote(rule)))
		noteUnsealed(tty, s)
	}
}

// answeredNo records a no at the prompt (why is set when it was Ctrl-C),
// suggests plan mode after three in a row, and returns the deny.
func (s *session) answeredNo(io streams, tty io.Writer, why string, out policy.Outcome) policy.Outcome {
	denials := s.recordAnswer(io, true)
	if denials >= 3 {
		fmt.Fprintf(tty, "permgate: %d denials in a row — `permgate mode plan` keeps to read-only commands until you change it\n", denials)
	}
	reason := "you answered no at the prompt"
	if why != "" {
		reason = "you pressed Ctrl-C at the prompt, which is a no"
	}
	return policy.Outcome{Decision: policy.Deny, Reason: reason, Rule: out.Rule}
}

// recordAnswer counts denials in a row in the state; it returns the new count.
func (s *session) recordAnswer(io streams, denied bool) int {
	count := 0
	err := s.store.Update(func(st *state.State) error {
		if denied {
			st.Denials++
		} else {
			st.Denials = 0
		}
		count = st.Denials
		return nil
	})
	if err != nil {
		fmt.Fprintf(io.err, "permgate: warning: %v\n", err)
	}
	return count
}

// denyHint names the way forward after a refusal, if there is one.
func denyHint(s *session, a validator.Analysis, out policy.Outcome, decidedBy string) string {
	switch {
	case decidedBy == "user":
		return "you answered no; nothing ran"
	case decidedBy == "audit":
		return "permgate must record every decision here; make its state directory writable (see `permgate log`)"
	case decidedBy == "action":
		return actionHint(out.Rule)
	case out.Rule != "" && decidedBy == "rule":
		return ruleHint(s, out.Rule)
	}
	if hint := analysisHint(s, a); hint != "" {
		return hint
	}
	return answerHint(out.Reason)
}

// ruleHint names the way forward after a rule refused: an ask rule no one
// could answer, or a deny rule.
func ruleHint(s *session, rule string) string {
	if isAskRule(s, rule) {
		return "the ask rule " + rule + " wants a person to say yes, and no one could answer here; `permgate rules list` shows where it is set"
	}
	return "the deny rule " + rule + " stops it in every mode; `permgate rules list` shows where it is set"
}

// analysisHint names the way forward after what the command is, or the mode,
// refused it; "" when neither did.
func analysisHint(s *session, a validator.Analysis) string {
	switch {
	case a.HasKind("self_modify"):
		return "a gated command may not change permgate itself; a person makes such changes at a terminal, with permgate's own commands"
	case a.Severity == validator.Severe && s.eff.Mode == policy.ModeBypass:
		return "bypass mode still stops severe commands; a person who means it runs it outside permgate"
	case a.Severity == validator.Severe:
		return "severe commands cannot be allowed by a rule; run it yourself outside permgate if you mean it"
	case s.eff.Mode == policy.ModePlan:
		return "plan mode runs only read-only commands; a person can leave it with `permgate mode default` at a terminal"
	case a.Incomplete():
		return "permgate cannot read this command fully; simplify it"
	}
	return ""
}

// answerHint names the way forward after no one answered in time (reason
// says why), else how to be asked.
func answerHint(reason string) string {
	switch {
	case strings.Contains(reason, "no answer in"):
		return "no answer came before the question timed out; run it again and answer y to allow it once"
	case strings.Contains(reason, "end of input at the prompt"), strings.Contains(reason, "cannot read the answer"):
		return "the terminal gave no answer; run it again and answer at the prompt"
	}
	return "run it from a terminal to be asked; a person can allow it ahead with `permgate rules add allow` at a terminal"
}

// actionHint is denyHint for an [actions] policy that decided.
func actionHint(rule string) string {
	if strings.HasSuffix(rule, "="+string(policy.ActionAsk)) {
		return "the action policy " + rule + " wants a person to say yes, and no one could answer here; `permgate config show` shows where it is set"
	}
	return "the action policy " + rule + " stops it in every mode; `permgate config show` shows where it is set"
}

// isAskRule reports whether a rule text is one of the config's ask rules.
func isAskRule(s *session, rule string) bool {
	for _, r := range s.cfg.Rules.Ask {
		if r.Text == rule {
			return true
		}
	}
	return false
}

// audit records a decision and returns the outcome to act on. A record that
// cannot be written is reported lost on stderr and the decision stands, except
// with [audit] required = true: then anything but a deny becomes a deny. A deny
// or an ask is never turned into an allow.
func (s *session) audit(io streams, source, command string, a validator.Analysis, out policy.Outcome, decidedBy string) policy.Outcome {
	rec, sink, err := s.auditRecord(source, command, a, out, decidedBy)
	if err == nil {
		err = s.writeWithin(sink, rec)
	}
	return s.audited(io, out, err)
}

// auditRecord is the record of a decision and the sink it goes to; err says
// why no record can be kept.
func (s *session) auditRecord(source, command string, a validator.Analysis, out policy.Outcome, decidedBy string) (audit.Record, audit.Sink, error) {
	kinds := a.Kinds()
	if kinds == nil {
		kinds = []finding.Kind{}
	}
	ids := a.IDs()
	if ids == nil {
		ids = []string{}
	}
	rec := audit.Record{
		Time: time.Now().UTC().Format(time.RFC3339Nano), Cwd: s.env.Cwd, Source: source, Command: command,
		Decision: out.Decision, Severity: a.Severity.String(), Findings: kinds, IDs: ids, Rule: out.Rule, Mode: s.eff.Mode,
		DecidedBy: decidedBy, Reason: out.Reason,
	}
	sink, err := s.auditSink()
	if err == nil && s.cfg.AuditRequired.Value && s.cfg.AuditSink.Value == audit.SinkNone {
		// "No record, no command": a sink that keeps none cannot meet it.
		err = fmt.Errorf("[audit] sink = \"none\" (%s) keeps no record", s.cfg.AuditSink.Source)
	}
	return rec, sink, err
}

// audited is the outcome to act on once the decision's record was written,
// or not (err).
func (s *session) audited(io streams, out policy.Outcome, err error) policy.Outcome {
	if err == nil {
		return out
	}
	if !s.cfg.AuditRequired.Value {
		fmt.Fprintf(io.err, "permgate: warning: the audit record of this decision was lost: %v\n", err)
		return out
	}
	fmt.Fprintf(io.err, "permgate: error: the audit record could not be written: %v\n", err)
	if out.Decision == policy.Deny {
		return out
	}
	return policy.Outcome{
		Decision: policy.Deny, Rule: out.Rule, By: "audit",
		Reason: "the audit record could not be written and [audit] required = true (" + s.cfg.AuditRequired.Source + "): refused",
	}
}

// auditLog is the file sink's log in the state directory.
func (s *session) auditLog() audit.Log {
	return audit.Log{Dir: s.store.Dir}
}

// auditSink is where this session's records go: [audit] sink, address and
// facility of the merged config (the file log by default).
func (s *session) auditSink() (audit.Sink, error) {
	return audit.Open(audit.SinkConfig{
		Kind: s.cfg.AuditSink.Value, Address: s.cfg.AuditAddress.Value, Facility: s.cfg.AuditFacility.Value,
		Dir: s.store.Dir,
	})
}

// run replaces permgate with the command: one argument is a script for bash -c
// (or $PERMGATE_SHELL), several are an argv. Signals, the terminal and the exit
// status are then the command's own. The environment is the caller's without
// the variables that would run code outside the analysed text (cleanEnv).
func run(io streams, args []string) int {
	argv := args
	if len(args) == 1 {
		var err error
		if argv, err = scriptArgv(io.host.Getenv("PERMGATE_SHELL"), args[0]); err != nil {
			fmt.Fprintf(io.err, "permgate: error: exec: %v\n", err)
			return exitExecError
		}
	}
	if code := refuseNotRunnable(io, args); code != 0 {
		return code
	}
	prog, err := exec.LookPath(argv[0])
	if err != nil {
		fmt.Fprintf(io.err, "permgate: %s: command not found\n", validator.OneLine(argv[0]))
		if errors.Is(err, exec.ErrNotFound) {
			return exitNotFound
		}
		return exitDenied
	}
	env, _ := cleanEnv(io.host.Environ())
	err = syscall.Exec(prog, argv, env)
	fmt.Fprintf(io.err, "permgate: error: exec %s: %v\n", prog, err)
	if errors.Is(err, syscall.EACCES) {
		return exitDenied
	}
	return exitExecError
}

// refuseNotRunnable says why a program named by a path cannot run, and returns
// the exit code for it; 0 when it looks runnable or is not named by a path.
func refuseNotRunnable(io streams, args []string) int {
	path, ok := programPath(args)
	if !ok {
		return 0
	}
	why, code := notRunnable(path)
	if why == "" {
		return 0
	}
	fmt.Fprintf(io.err, "permgate: error: exec: %s: %s\n", validator.OneLine(path), why)
	return code
}

// programPath returns the file a command runs when it names one by a path:
// the argv form's first word with a slash in it, or a script that is nothing
// but such a word (`permgate exec -- ./build.sh`).
func programPath(args []string) (string, bool) {
	word := args[0]
	if len(args) == 1 {
		word = strings.TrimSpace(word)
		if strings.IndexFunc(word, func(r rune) bool { return !plainPathRune(r) }) >= 0 {
			return "", false
		}
	}
	return word, word != "" && strings.Contains(word, "/")
}

// plainPathRune reports whether r stands for itself in an unquoted shell word.
func plainPathRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._/+-@%,:", r)
}

// notRunnable says why the file at path cannot be run, with the exit code a
// shell gives for it (127 for a missing file, 126 for the rest); "" when it
// looks runnable.
func notRunnable(path string) (string, int) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file", exitNotFound
	case err != nil:
		return fmt.Sprintf("cannot be run: %v", unwrapPathError(err)), exitDenied
	case fi.IsDir():
		return "is a directory", exitDenied
	case !fi.Mode().IsRegular():
		return "is not a regular file", exitDenied
	case fi.Mode().Perm()&0o111 == 0:
		return fmt.Sprintf("is not executable (chmod +x %s?)", path), exitDenied
	}
	return "", 0
}

// unwrapPathError drops the operation and path a *fs.PathError repeats.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// humanShell adjusts a decision for a person typing at a guarded shell, who is
// there to answer and is not the agent the gate stands against (README, Shell
// guard): sudo before a command that is otherwise fine is an ordinary ask, not
// a refusal; permgate's own commands run, since each one that loosens the gate
// asks at this terminal itself; and, with severeAsk (config [shell] severe,
// "ask" unless set to "deny"), any other severe finding asks for the typed
// word yes. A deny rule still refuses, and so does what permgate cannot read.
func humanShell(a validator.Analysis, out policy.Outcome, severeAsk bool) policy.Outcome {
	if out.Decision != policy.Deny || out.By != "severity" || a.Incomplete() {
		return out
	}
	privilegeOnly := true
	for f := range a.All() {
		if f.Severity == validator.Severe && f.Kind != finding.PrivilegeEscalation {
			privilegeOnly = false
		}
	}
	switch {
	case ownCommand(a):
		return policy.Outcome{Decision: policy.Allow, Reason: "permgate's own command at a guarded shell: it asks here before it loosens anything", By: "shell"}
	case privilegeOnly:
		return policy.Outcome{Decision: policy.Ask, Reason: out.Reason + "; at your shell, confirm it here", By: "shell"}
	case severeAsk:
		return policy.Outcome{Decision: policy.Ask, Reason: out.Reason, By: byTypedYes}
	}
	return out
}

// ownCommand reports a line that is one permgate command and nothing else:
// the bare name permgate (found on $PATH or in a system directory, never
// ./permgate), every word known as typed, no wrapper, assignment, redirect or
// substitution, and no finding but self_modify. Only such a line runs without
// a question, because permgate itself asks at the terminal before it loosens
// anything.
func ownCommand(a validator.Analysis) bool {
	if len(a.Commands) != 1 || len(a.Findings) > 0 {
		return false
	}
	rec := a.Commands[0]
	return plainPermgate(rec.Command) && !slices.ContainsFunc(rec.Findings, func(f validator.Finding) bool {
		return f.Kind != finding.SelfModify
	})
}

// plainPermgate reports a command that runs the bare name permgate with
// every word known as typed: no wrapper, assignment, redirect or
// substitution.
func plainPermgate(c shellparse.SimpleCommand) bool {
	if c.Name != "permgate" || len(c.Wrappers) > 0 || len(c.Assigns) > 0 || len(c.Redirects) > 0 || c.Subst != "" {
		return false
	}
	return !slices.ContainsFunc(c.Argv, func(w shellparse.Word) bool { return !w.Static || w.Subst })
}

// byTypedYes marks an ask that only the typed word yes answers: a severe
// command at a person's shell.
const byTypedYes = "shell-severe"
