package validator

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// transform wraps a command in a construct that still runs it.
type transform struct {
	name string
	// prefix reports a wrapper that goes in front of the first simple command;
	// those apply only to lines that start with a plain command word.
	prefix bool
	wrap   func(string) string
}

func singleQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

var transforms = []transform{
	{"sudo", true, func(s string) string { return "sudo " + s }},
	{"env", true, func(s string) string { return "env X=1 " + s }},
	{"nice", true, func(s string) string { return "nice " + s }},
	{"timeout", true, func(s string) string { return "timeout 5 " + s }},
	{"bash -c", false, func(s string) string { return "bash -c " + singleQuote(s) }},
	{"$()", false, func(s string) string { return "echo \"$( " + s + "\n)\"" }},
	{"subshell", false, func(s string) string { return "( " + s + "\n)" }},
	{"group", false, func(s string) string { return "{ " + s + "\n}" }},
	{"true &&", false, func(s string) string { return "true && " + s }},
	{"if", false, func(s string) string { return "if true; then " + s + "\nfi" }},
	{"pipeline", false, func(s string) string { return "true | { " + s + "\n}" }},
	{"permgate exec", false, func(s string) string { return "permgate exec -- " + singleQuote(s) }},
	{"./permgate guard", false, func(s string) string { return "./permgate guard --fail-closed -- " + singleQuote(s) }},
	{"permgate check", true, func(s string) string { return "permgate check --json -- " + s }},
}

// startsWithCommandWord reports a line whose first statement is a simple command
// with a plain word first (no assignment, keyword or compound command), so that a
// prefix wrapper wraps that command.
func startsWithCommandWord(src string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if ok && len(call.Args) > 0 && len(call.Assigns) == 0 && !st.Negated && len(st.Redirs) == 0 {
		return st.Pos().Offset() == 0
	}
	if bin, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		for bin != nil {
			x := bin.X
			if inner, ok := x.Cmd.(*syntax.BinaryCmd); ok {
				bin = inner
				continue
			}
			call, ok := x.Cmd.(*syntax.CallExpr)
			return ok && len(call.Args) > 0 && len(call.Assigns) == 0 && !x.Negated && len(x.Redirs) == 0 && x.Pos().Offset() == 0
		}
	}
	return false
}

// TestMetamorphicWrappersNeverLower checks that wrapping any severe or non-severe
// corpus command in a wrapper, a nested shell, a substitution, a subshell, a
// group, a list, an if or a pipeline never lowers its severity, and never makes a
// command that writes look read-only.
func TestMetamorphicWrappersNeverLower(t *testing.T) {
	v := New(corpusEnv)
	checked := 0
	for _, c := range loadCorpus(t) {
		if c.severity == Safe && c.readOnly {
			continue
		}
		base := v.CheckScript(c.command)
		if hasKind(base, "parse_error") {
			continue // text that does not parse is not a command to wrap
		}
		prefixable := startsWithCommandWord(c.command)
		for _, tr := range transforms {
			if tr.prefix && !prefixable {
				continue
			}
			wrapped := tr.wrap(c.command)
			got := v.CheckScript(wrapped)
			checked++
			if got.Severity < base.Severity {
				t.Errorf("%s: wrapping in %s lowered severity %s → %s\n  %s\n  kinds %v → %v", c, tr.name, base.Severity, got.Severity, wrapped, base.Kinds(), got.Kinds())
			}
			if got.AllReadOnly && !base.AllReadOnly {
				t.Errorf("%s: wrapping in %s made a command read-only\n  %s", c, tr.name, wrapped)
			}
		}
	}
	if checked < 5000 {
		t.Errorf("only %d wrapped commands checked; the corpus lost its risky cases?", checked)
	}
	t.Logf("%d wrapped commands checked", checked)
}

func hasKind(a Analysis, kind string) bool {
	for f := range a.All() {
		if string(f.Kind) == kind {
			return true
		}
	}
	return false
}
