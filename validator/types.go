// Package validator classifies the simple commands shellparse finds: each gets
// findings (a stable kind, a severity and a one-line reason) and a read-only flag.
// It prints nothing and decides nothing; the policy package turns an Analysis into
// a decision.
package validator

import (
	"iter"
	"slices"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/termtext"
	"github.com/permgate/permgate/shellparse"
)

// Severity orders how bad a finding is (see package finding).
type Severity = finding.Severity

// Severities, lowest first.
const (
	Safe      = finding.Safe
	NonSevere = finding.NonSevere
	Severe    = finding.Severe
)

// ParseSeverity reads a severity name.
func ParseSeverity(name string) (Severity, error) { return finding.ParseSeverity(name) }

// Finding is one reason a command is risky (see package finding).
type Finding = finding.Finding

// Analysis is the classification of one script or argv: a record for each
// simple command that could run, and the findings of the script as a whole.
type Analysis struct {
	// Commands are the simple commands that could run, each with its findings.
	Commands []CommandRecord
	// Findings are the script's own findings, which concern no single command:
	// the parser's (parse_error, too_complex) and those of the checks that
	// look at the whole text (an endless loop of background jobs).
	Findings []Finding
	// Severity is the highest severity among all the findings.
	Severity Severity
	// AllReadOnly reports that every command is read-only and nothing stopped the
	// analysis from seeing them all.
	AllReadOnly bool
	// Work is the steps the parser took (shellparse.Result.Work).
	Work int
	// trailing counts the findings at the end of Findings that come after the
	// commands' in All (the whole-text checks run last); the others come first.
	trailing int
}

// CommandRecord is one simple command with what the analysis found in it.
type CommandRecord struct {
	// Command is the simple command as shellparse found it.
	Command shellparse.SimpleCommand
	// ReadOnly reports that the command has no findings and only reads.
	ReadOnly bool
	// ProjectCode reports a command that runs the project's own code: a
	// test runner, a build, a package script, a program file an
	// interpreter is given. It is never read-only; the checks allowance
	// may approve it outside plan mode.
	ProjectCode bool
	// Files are the files the command may read and write, as absolute paths
	// (for path rules); empty unless Env.FileAccess asked for them.
	Files FileAccess
	// Dir is the directory the command runs in as the analysis followed it
	// (cd, pushd, env -C), absolute; "" when it is known only at run time
	// (cd -, popd, a cd through CDPATH or a variable).
	Dir string
	// Effects are the classes of what the command does (it reads files,
	// deletes them, sends data off the machine …): by its declaration and its
	// wrappers', its redirections and its findings.
	Effects effect.Set
	// Findings are the command's findings in the order found. One an earlier
	// command or the parser already reported (the same kind, reason and text,
	// as in a; a) is not repeated.
	Findings []Finding
}

// FileAccess lists the files one command may read and write.
type FileAccess struct {
	Reads  []string
	Writes []string
}

// All yields every finding in order: the parser's, each command's in turn,
// then those of the whole-text checks.
func (a Analysis) All() iter.Seq[Finding] {
	return func(yield func(Finding) bool) {
		lead := a.Findings[:len(a.Findings)-a.trailing]
		for _, f := range lead {
			if !yield(f) {
				return
			}
		}
		for i := range a.Commands {
			for _, f := range a.Commands[i].Findings {
				if !yield(f) {
					return
				}
			}
		}
		for _, f := range a.Findings[len(lead):] {
			if !yield(f) {
				return
			}
		}
	}
}

// AllFindings returns every finding in the order All yields them, or nil when
// there is none.
func (a Analysis) AllFindings() []Finding {
	n := len(a.Findings)
	for i := range a.Commands {
		n += len(a.Commands[i].Findings)
	}
	if n == 0 {
		return nil
	}
	out := make([]Finding, 0, n)
	for f := range a.All() {
		out = append(out, f)
	}
	return out
}

// OneLine makes text safe to print on a terminal, on one line
// (termtext.OneLine).
func OneLine(s string) string { return termtext.OneLine(s) }

// TerminalUnsafe reports a rune a terminal acts on instead of showing
// (termtext.Unsafe).
func TerminalUnsafe(r rune) bool { return termtext.Unsafe(r) }

// Incomplete reports that the analysis could not see the whole command: it did
// not parse, or it went past a bound.
func (a Analysis) Incomplete() bool {
	for f := range a.All() {
		if f.Kind == finding.ParseError || f.Kind == finding.TooComplex {
			return true
		}
	}
	return false
}

// Interactive reports that the command starts a program an agent types
// into afterwards (dynamic_code.interactive, dynamic_code.terminal): what it
// runs then never reaches permgate, so no mode lets it through unasked.
func (a Analysis) Interactive() bool {
	for f := range a.All() {
		if f.ID == InteractiveID || f.ID == TerminalID {
			return true
		}
	}
	return false
}

// HasKind reports a finding of the kind.
func (a Analysis) HasKind(kind finding.Kind) bool {
	for f := range a.All() {
		if f.Kind == kind {
			return true
		}
	}
	return false
}

// HasKind reports a finding of the kind among findings.
func HasKind(findings []Finding, kind finding.Kind) bool {
	for _, f := range findings {
		if f.Kind == kind {
			return true
		}
	}
	return false
}

// Kinds returns the distinct finding kinds, in order of first appearance.
func (a Analysis) Kinds() []finding.Kind {
	var kinds []finding.Kind
	for f := range a.All() {
		if !slices.Contains(kinds, f.Kind) {
			kinds = append(kinds, f.Kind)
		}
	}
	return kinds
}

// IDs returns the distinct finding ids, in order of first appearance.
func (a Analysis) IDs() []string {
	var ids []string
	for f := range a.All() {
		if !slices.Contains(ids, f.ID) {
			ids = append(ids, f.ID)
		}
	}
	return ids
}

// Reason returns the reason of the first finding with the highest severity, or ""
// when there is none (see Lead).
func (a Analysis) Reason() string {
	f, _ := a.Lead()
	return f.Reason
}

// Lead returns the finding that speaks for the analysis: the first with the
// highest severity, false when there is none. What a command does is a better
// reason than the sudo it came through, so privilege_escalation gives way to
// another finding as severe.
func (a Analysis) Lead() (Finding, bool) {
	var best Finding
	found := false
	for f := range a.All() {
		switch {
		case !found, f.Severity > best.Severity:
			best, found = f, true
		case f.Severity == best.Severity && best.Kind == finding.PrivilegeEscalation && f.Kind != finding.PrivilegeEscalation:
			best = f
		}
	}
	return best, found
}

// Argv returns each command's words as text, for display and JSON.
func (a Analysis) Argv() [][]string {
	out := make([][]string, 0, len(a.Commands))
	for _, rec := range a.Commands {
		words := make([]string, len(rec.Command.Argv))
		for i, w := range rec.Command.Argv {
			words[i] = w.Text
		}
		out = append(out, words)
	}
	return out
}

// Normalize returns a command in the form rules match: wrappers removed, quotes
// removed, words joined by one space. A bare assignment gives NAME=VALUE words.
func Normalize(c shellparse.SimpleCommand) string {
	if len(c.Argv) == 0 {
		parts := make([]string, len(c.Assigns))
		for i, a := range c.Assigns {
			parts[i] = a.Name + "=" + a.Value.Text
		}
		return strings.Join(parts, " ")
	}
	parts := make([]string, len(c.Argv))
	for i, w := range c.Argv {
		parts[i] = w.Text
	}
	if c.Name != "" {
		parts[0] = c.Name
	}
	return strings.Join(parts, " ")
}

// NormalizeWrapped returns a command with its wrappers in front (sudo npm publish),
// for deny and ask rules that should also see the wrapped form. With limit
// above zero each form is cut to its first limit bytes: a rule no longer
// than limit-1 bytes matches a cut form (as a prefix, or exactly) just when
// it matches the whole one, and 1,000 wrappers around a long command cost
// 1,000 short forms, not 1,000 copies of the command.
func NormalizeWrapped(c shellparse.SimpleCommand, limit int) []string {
	cut := func(s string) string {
		if limit > 0 && len(s) > limit {
			return s[:limit]
		}
		return s
	}
	forms := []string{Normalize(c)}
	inner := cut(forms[0])
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		w := c.Wrappers[i]
		if w.Nested {
			continue
		}
		words := make([]string, len(w.Argv))
		for j, x := range w.Argv {
			words[j] = x.Text
		}
		words[0] = w.Name
		inner = cut(strings.Join(words, " ") + " " + inner)
		forms = append(forms, inner)
	}
	return forms
}
