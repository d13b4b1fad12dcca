// Package validator classifies the simple commands shellparse finds: each gets
// findings (a stable kind, a severity and a one-line reason) and a read-only flag.
// It prints nothing and decides nothing; the policy package turns an Analysis into
// a decision.
package validator

import (
	"fmt"
	"github.com/permgate/permgate/finding"
	"strings"
	"unicode"
	"unicode/utf8"

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

// Finding is one reason a command is risky.
type Finding struct {
	Kind     finding.Kind `json:"kind"`
	Severity Severity     `json:"severity"`
	Reason   string       `json:"reason"`
	// ID is the stable id of the rule that found it (kind.name); Suggestion a
	// safer way to the same end, or "".
	ID         string `json:"id,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	// Command is the simple command's text as written (the whole script for
	// problems that concern it all).
	Command string `json:"command"`
	// Index is the command's index in Analysis.Commands, or -1.
	Index int `json:"-"`
}

// Analysis is the classification of one script or argv.
type Analysis struct {
	// Commands are the simple commands that could run.
	Commands []shellparse.SimpleCommand
	// ReadOnly holds, for each command, whether it is read-only.
	ReadOnly []bool
	// Findings are all findings, commands' and the script's.
	Findings []Finding
	// Severity is the highest severity among the findings.
	Severity Severity
	// AllReadOnly reports that every command is read-only and nothing stopped the
	// analysis from seeing them all.
	AllReadOnly bool
	// Files holds, for each command, the files it may read and write, as
	// absolute paths (for path rules).
	Files []FileAccess
}

// FileAccess lists the files one command may read and write.
type FileAccess struct {
	Reads  []string
	Writes []string
}

// OneLine makes text safe to print on a terminal, on one line: it is the one
// helper every output of permgate passes untrusted text (commands, config
// values, rules, paths, log records) through. C0 and C1 control characters,
// ESC and DEL (newlines and tabs included) become \xNN escapes; the invisible
// characters that reorder or hide text (bidi embeddings, overrides and
// isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and
// U+061C, the separators U+2028 and U+2029) become \uNNNN; a byte that is not
// UTF-8 becomes \xNN.
func OneLine(s string) string {
	if !strings.ContainsFunc(s, TerminalUnsafe) && utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&sb, `\x%02x`, s[i])
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x100 && unicode.IsControl(r):
			fmt.Fprintf(&sb, `\x%02x`, r)
		case TerminalUnsafe(r):
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
		i += size
	}
	return sb.String()
}

// TerminalUnsafe reports a rune a terminal acts on instead of showing: a
// control character, or an invisible bidi or line-separator character.
func TerminalUnsafe(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// Incomplete reports that the analysis could not see the whole command: it did
// not parse, or it went past a bound.
func (a Analysis) Incomplete() bool {
	for _, f := range a.Findings {
		if f.Kind == "parse_error" || f.Kind == "too_complex" {
			return true
		}
	}
	return false
}

// HasKind reports a finding of the kind.
func (a Analysis) HasKind(kind finding.Kind) bool { return HasKind(a.Findings, kind) }

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
func (a Analysis) Kinds() []string {
	var kinds []string
	seen := map[string]bool{}
	for _, f := range a.Findings {
		if !seen[string(f.Kind)] {
			seen[string(f.Kind)] = true
			kinds = append(kinds, string(f.Kind))
		}
	}
	return kinds
}

// Reason returns the reason of the first finding with the highest severity, or ""
// when there is none. What a command does is a better reason than the sudo it
// came through, so privilege_escalation gives way to another finding as severe.
func (a Analysis) Reason() string {
	best := -1
	for i, f := range a.Findings {
		switch {
		case best < 0, f.Severity > a.Findings[best].Severity:
			best = i
		case f.Severity == a.Findings[best].Severity && a.Findings[best].Kind == "privilege_escalation" && f.Kind != "privilege_escalation":
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return a.Findings[best].Reason
}

// Argv returns each command's words as text, for display and JSON.
func (a Analysis) Argv() [][]string {
	out := make([][]string, 0, len(a.Commands))
	for _, c := range a.Commands {
		words := make([]string, len(c.Argv))
		for i, w := range c.Argv {
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
// for deny and ask rules that should also see the wrapped form.
func NormalizeWrapped(c shellparse.SimpleCommand) []string {
	forms := []string{Normalize(c)}
	inner := forms[0]
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
		inner = strings.Join(words, " ") + " " + inner
		forms = append(forms, inner)
	}
	return forms
}
