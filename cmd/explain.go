package cmd

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

func newExplainCmd(io streams, g *globalFlags) *cobra.Command {
	var modeFlag string
	c := &cobra.Command{
		Use:   "explain [--mode MODE] -- CMD...",
		Short: "Show the analysis as a person reads it: each command, how it was unwrapped, findings, rule, mode, decision",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return errors.New("explain: no command given (usage: permgate explain -- CMD...)")
			}
			s, err := loadSession(g, io, modeFlag, false)
			if err != nil {
				return fmt.Errorf("explain: %w", err)
			}
			command, a, out := s.decide(args)
			writeExplanation(io.out, s, command, a, out)
			if code := exitFor(out.Decision); code != exitOK {
				return exitCode{code} // explain exits as check does
			}
			return nil
		},
	}
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in: default, auto, plan or bypass")
	c.Flags().SetInterspersed(false)
	return c
}

var severityColour = lazy.Value[map[validator.Severity]string]{Make: func() map[validator.Severity]string {
	return map[validator.Severity]string{validator.Severe: colourRed, validator.NonSevere: colourYellow, validator.Safe: colourGreen}
}}

// writeExplanation prints the analysis of one command line.
func writeExplanation(w io.Writer, s *session, command string, a validator.Analysis, out policy.Outcome) {
	bold := func(t string) string { return paint(s.host, w, "\x1b[1m", t) }
	fmt.Fprintf(w, "%s %s\n", bold("command:"), validator.OneLine(command))
	fmt.Fprintf(w, "%s %s (%s)\n", bold("mode:"), s.eff.Mode, safe(s.eff.ModeSource))
	for i, rec := range a.Commands {
		c := rec.Command
		fmt.Fprintf(w, "\n%s %s\n", bold(fmt.Sprintf("simple command %d:", i+1)), describeArgv(c))
		if c.Source != "" && c.Source != validator.Normalize(c) {
			fmt.Fprintf(w, "  as written:  %s\n", validator.OneLine(c.Source))
		}
		if len(c.Wrappers) > 0 {
			var chain []string
			for _, wr := range c.Wrappers {
				chain = append(chain, describeWrapper(wr))
			}
			fmt.Fprintf(w, "  unwrapped:   %s → the command\n", strings.Join(chain, " → "))
		}
		for _, as := range c.Assigns {
			if len(c.Argv) == 0 && (as.Via == "for" || as.Via == "select") {
				continue // the loop line above says it
			}
			fmt.Fprintf(w, "  sets:        %s=%s (%s)\n", safe(as.Name), safe(as.Value.Text), safe(as.Via))
		}
		if where := describeContext(c, a); where != "" {
			fmt.Fprintf(w, "  where:       %s\n", safe(where))
		}
		for _, r := range c.Redirects {
			fmt.Fprintf(w, "  redirect:    %s%s %s\n", safe(r.Fd), safe(r.Op), validator.OneLine(clipText(r.Target.Text, 80)))
		}
		ro := "no"
		if rec.ReadOnly {
			ro = "yes"
		}
		fmt.Fprintf(w, "  read-only:   %s\n", ro)
		fmt.Fprintf(w, "  effects:     %s\n", describeEffects(rec.Effects))
		for _, f := range rec.Findings {
			fmt.Fprintf(w, "  finding:     %s (%s): %s\n", f.Kind, paint(s.host, w, severityColour.Get()[f.Severity], f.Severity.String()), safe(f.Reason))
			explainIDSafer(w, f)
		}
		fmt.Fprintf(w, "  decided by:  %s\n", safe(decidedBy(s, rec)))
	}
	for _, f := range a.Findings {
		fmt.Fprintf(w, "\n%s %s (%s): %s\n", bold("whole command:"), f.Kind, paint(s.host, w, severityColour.Get()[f.Severity], f.Severity.String()), safe(f.Reason))
		explainIDSafer(w, f)
	}
	rule := out.Rule
	switch {
	case rule == "":
		rule = "none decided"
	case out.By == "action":
		rule += " (the action policy for " + string(out.Action) + ", [actions] at " + s.eff.Actions.Source[out.Action] + ")"
	}
	fmt.Fprintf(w, "\n%s %s\n", bold("severity:"), paint(s.host, w, severityColour.Get()[a.Severity], a.Severity.String()))
	fmt.Fprintf(w, "%s %s\n", bold("rule:"), safe(rule))
	fmt.Fprintf(w, "%s %s — %s\n", bold("decision:"), paint(s.host, w, decisionColour.Get()[out.Decision], string(out.Decision)), safe(out.Reason))
}

// explainIDSafer writes a finding's id and, when it has one, its safer way,
// under the finding.
func explainIDSafer(w io.Writer, f validator.Finding) {
	fmt.Fprintf(w, "  id:          %s\n", safe(f.ID))
	if f.Suggestion != "" {
		fmt.Fprintf(w, "  safer:       %s\n", safe(f.Suggestion))
	}
}

func describeArgv(c shellparse.SimpleCommand) string {
	if len(c.Argv) == 0 {
		if len(c.Assigns) == 1 && (c.Assigns[0].Via == "for" || c.Assigns[0].Via == "select") {
			// for f in *; do … done: the loop variable takes each value in turn.
			as := c.Assigns[0]
			return fmt.Sprintf("(loop) %s takes each value of %s in turn", safe(as.Name), safe(strings.TrimPrefix(as.Value.Text, as.Name+" in ")))
		}
		if len(c.Assigns) > 0 {
			return "(assignment only) " + validator.Normalize(c)
		}
		return "(redirection only)"
	}
	parts := make([]string, len(c.Argv))
	for i, w := range c.Argv {
		t := shellparse.ShellQuote(w.Text)
		switch {
		case w.Placeholder:
			t = w.Text + "⟨filled in at run time⟩"
		case !w.Static:
			t = w.Text + "⟨dynamic⟩"
		}
		parts[i] = t
	}
	return validator.OneLine(clipText(strings.Join(parts, " "), 200))
}

func describeWrapper(wr shellparse.Wrapper) string {
	words := make([]string, len(wr.Argv))
	for i, w := range wr.Argv {
		words[i] = shellparse.ShellQuote(w.Text)
	}
	if len(words) > 0 {
		words[0] = wr.Name
	}
	text := validator.OneLine(clipText(strings.Join(words, " "), 60))
	if wr.Nested {
		text += " (script parsed)"
	}
	return text
}

func describeContext(c shellparse.SimpleCommand, a validator.Analysis) string {
	var parts []string
	switch c.Subst {
	case "$(", "`":
		parts = append(parts, "inside a command substitution "+c.Subst+"…)")
	case "<(", ">(":
		parts = append(parts, "inside a process substitution "+c.Subst+"…)")
	}
	if c.Function != "" {
		parts = append(parts, "in the body of function "+c.Function)
	}
	switch c.Stdin.Kind {
	case shellparse.InputPipe:
		var from []string
		for _, i := range c.Stdin.From {
			if i >= 0 && i < len(a.Commands) {
				from = append(from, validator.Normalize(a.Commands[i].Command))
			}
		}
		if len(from) > 0 {
			parts = append(parts, "reads the output of "+clipText(strings.Join(from, ", "), 80))
		} else {
			parts = append(parts, "reads a pipe")
		}
	case shellparse.InputHereString, shellparse.InputHereDoc:
		parts = append(parts, "reads a "+string(c.Stdin.Kind))
	}
	if c.PipesOut {
		parts = append(parts, "its output goes into a pipe")
	}
	if c.Background {
		parts = append(parts, "runs in the background")
	}
	if c.Depth > 0 {
		parts = append(parts, fmt.Sprintf("nested script, depth %d", c.Depth))
	}
	return strings.Join(parts, "; ")
}

// decidedBy names the fact or the rule that decides one simple command: a
// finding, a rule, its being read-only, or the mode for a command that writes.
func decidedBy(s *session, rec validator.CommandRecord) string {
	m := s.matcher()
	one := validator.Analysis{Commands: []validator.CommandRecord{rec}}
	for _, f := range rec.Findings {
		if f.Severity == validator.Severe {
			return "its severe finding " + string(f.Kind)
		}
	}
	if rule, ok := m.Deny(one); ok {
		return "the deny rule " + rule
	}
	actions := s.eff.Actions
	if c, ok := classIn(rec.Effects, actions.Deny); ok {
		return "the action policy " + policy.ActionRule(c, policy.ActionDeny)
	}
	if len(rec.Findings) > 0 {
		return "its finding " + string(rec.Findings[0].Kind) + ", which asks"
	}
	if rule, ok := m.Ask(one); ok {
		return "the ask rule " + rule
	}
	if c, ok := classIn(rec.Effects, actions.Ask); ok {
		return "the action policy " + policy.ActionRule(c, policy.ActionAsk) + ", which asks"
	}
	if rec.ReadOnly {
		return "read-only: it only reads"
	}
	if m.AllowsCommand(rec) {
		return "an allow rule covers it"
	}
	if c, ok := s.eff.CheckCovering(rec); ok && s.eff.Mode != policy.ModePlan {
		return "the checks allowance (" + c.Prefix + ", from " + c.Source + ")"
	}
	if c, ok := actions.Allows(rec); ok {
		return "the action policy " + policy.ActionRule(c, policy.ActionAllow) + " covers it"
	}
	if rec.ProjectCode {
		return "the mode: it runs the project's code, so plan mode denies it, default mode asks and auto mode runs it"
	}
	return "the mode: it writes, so default mode asks and auto mode runs it"
}

// classIn returns the first of a command's classes that is in set.
func classIn(classes, set effect.Set) (effect.Class, bool) {
	list := (classes & set).Classes()
	if len(list) == 0 {
		return "", false
	}
	return list[0], true
}

// describeEffects lists a command's effect classes on one line.
func describeEffects(classes effect.Set) string {
	list := classes.Classes()
	if len(list) == 0 {
		return "none permgate can name"
	}
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}
