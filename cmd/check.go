package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// report is the JSON form of one decision.
type report struct {
	Command  string             `json:"command"`
	Decision policy.Decision    `json:"decision"`
	Severity validator.Severity `json:"severity"`
	Mode     policy.Mode        `json:"mode"`
	Reason   string             `json:"reason"`
	Rule     string             `json:"rule"`
	// Action is the effect class whose [actions] policy decided, "" when
	// none did (Rule then names it: actions.CLASS=POLICY).
	Action   effect.Class        `json:"action"`
	Findings []validator.Finding `json:"findings"`
	Commands [][]string          `json:"commands"`
	// Effects are each command's effect classes, parallel to Commands.
	Effects  [][]effect.Class `json:"effects"`
	ReadOnly bool             `json:"read_only"`
}

func newReport(command string, a validator.Analysis, mode policy.Mode, out policy.Outcome) report {
	findings := a.AllFindings()
	if findings == nil {
		findings = []validator.Finding{}
	}
	return report{
		Command:  command,
		Decision: out.Decision,
		Severity: a.Severity,
		Mode:     mode,
		Reason:   out.Reason,
		Rule:     out.Rule,
		Action:   out.Action,
		Findings: findings,
		Commands: a.Argv(),
		Effects:  effectsOf(a),
		ReadOnly: a.AllReadOnly,
	}
}

// effectsOf lists each command's effect classes, [] for a command with none.
func effectsOf(a validator.Analysis) [][]effect.Class {
	out := make([][]effect.Class, len(a.Commands))
	for i, rec := range a.Commands {
		out[i] = rec.Effects.Classes()
		if out[i] == nil {
			out[i] = []effect.Class{}
		}
	}
	return out
}

// analyze runs the analysis on the CMD… form: one argument is a script, several
// are an argv.
func analyze(v *validator.Validator, args []string) (string, validator.Analysis) {
	stall()
	if len(args) == 1 {
		return commandText(args), v.CheckScript(args[0])
	}
	return commandText(args), v.CheckArgv(args)
}

// quoteArgv shows an argv as one shell line that means the same words:
// exec -- echo 'a; rm -rf /' is shown as echo 'a; rm -rf /', never as a line
// that would run rm.
func quoteArgv(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellparse.ShellQuote(a)
	}
	return strings.Join(quoted, " ")
}

func exitFor(d policy.Decision) int {
	switch d {
	case policy.Allow:
		return exitOK
	case policy.Ask:
		return exitAsk
	}
	return exitDeny
}

// runCheck decides the CMD… form and reports the decision. Each phase runs
// under the watchdog with the answer it gives when its deadline passes
// first: reading the config and the state has the default deadline;
// judging, the configured one; the audit record, what is left of it (at
// least auditGrace).
func runCheck(io streams, g *globalFlags, args []string, modeFlag string, asJSON bool) int {
	dog := newWatchdog(io.exit)
	defer dog.release()
	dog.arm(loadEnd(io), nil, func() int {
		return errorExit(io.err, nil, fmt.Errorf("check: %w", errLoadLate()))
	})
	quiet, warnings := heldBack(io)
	s, err := loadSession(g, quiet, modeFlag, false)
	if err != nil {
		if !dog.claim() {
			return dog.wait()
		}
		io.err.Write(warnings.Bytes())
		return errorExit(io.err, nil, fmt.Errorf("check: %w", err))
	}
	stop := new(atomic.Bool)
	if !dog.arm(s.answerEnd(), stop, func() int {
		command, a, out := s.decidedLate(args)
		return s.reportCheck(io, command, a, s.audit(io, "check", command, a, out, out.By), asJSON)
	}) {
		return dog.wait()
	}
	io.err.Write(warnings.Bytes())
	command, a, out := s.stoppedBy(stop).decide(args)
	return s.auditAnswer(dog, io, "check", command, a, out, out.By, func(out policy.Outcome) int {
		return s.reportCheck(io, command, a, out, asJSON)
	})
}

// reportCheck prints check's report of a decision, as text or JSON, and
// returns its exit code.
func (s *session) reportCheck(io streams, command string, a validator.Analysis, out policy.Outcome, asJSON bool) int {
	rep := newReport(command, a, s.eff.Mode, out)
	if !asJSON {
		printReport(io, rep)
		return exitFor(out.Decision)
	}
	enc := json.NewEncoder(jsonSafeWriter{io.out})
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		return errorExit(io.err, nil, fmt.Errorf("check: write result: %w", err))
	}
	return exitFor(out.Decision)
}

func newCheckCmd(io streams, g *globalFlags) *cobra.Command {
	var asJSON bool
	var modeFlag string
	c := &cobra.Command{
		Use:   "check [--json] [--mode MODE] -- CMD...",
		Short: "Decide whether a command may run, without running it",
		Long: "check decides without running. One argument is a shell script; several are one command's words.\n" +
			"Exit status: 0 allow, 2 deny, 3 ask, 1 error.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return errors.New("check: no command given (usage: permgate check -- CMD...)")
			}
			return exitCode{runCheck(io, g, args, modeFlag, asJSON)}
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the decision as JSON")
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in: default, auto, plan or bypass")
	c.Flags().SetInterspersed(false)
	return c
}

// printReport writes the decision as a person reads it, in colour on a terminal.
func printReport(io streams, r report) {
	fmt.Fprintf(io.out, "%s: %s\n", paint(io.host, io.out, decisionColour.Get()[r.Decision], string(r.Decision)), safe(r.Reason))
	for _, f := range r.Findings {
		fmt.Fprintf(io.out, "  %s (%s): %s\n    in: %s\n    id: %s\n", f.Kind, f.Severity, safe(f.Reason), safe(f.Command), safe(f.ID))
		if f.Suggestion != "" {
			fmt.Fprintf(io.out, "    safer: %s\n", safe(f.Suggestion))
		}
	}
}
