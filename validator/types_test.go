package validator

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// TestFindingJSON pins a finding's JSON: kind, severity, reason, id,
// suggestion and command; id and suggestion are always there ("" when none).
func TestFindingJSON(t *testing.T) {
	for _, tc := range []struct {
		f    Finding
		want string
	}{
		{Finding{Kind: finding.DestructiveAction, Severity: NonSevere, Reason: "r", ID: "destructive_action.x", Suggestion: "s", Command: "c"},
			`{"kind":"destructive_action","severity":"non-severe","reason":"r","id":"destructive_action.x","suggestion":"s","command":"c"}`},
		{Finding{Kind: finding.ForkBomb, Severity: Severe, Reason: "r", ID: "fork_bomb.loop", Command: "c"},
			`{"kind":"fork_bomb","severity":"severe","reason":"r","id":"fork_bomb.loop","suggestion":"","command":"c"}`},
	} {
		got, err := json.Marshal(tc.f)
		if err != nil || string(got) != tc.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.f, got, err, tc.want)
		}
	}
}

// TestRecords: each command's findings live in its record, a repeat of an
// earlier command's finding is not kept twice, and the script's own findings
// stay apart; All gives them in the order they were found.
func TestRecords(t *testing.T) {
	v := New(corpusEnv)
	a := v.CheckScript(`rm -rf /; ls; rm -rf /; while true; do ./x & done`)
	if len(a.Commands) != 5 {
		t.Fatalf("%d commands, want 5", len(a.Commands))
	}
	if !HasKind(a.Commands[0].Findings, finding.RecursiveDelete) || a.Commands[0].ReadOnly {
		t.Errorf("rm -rf /: %+v", a.Commands[0])
	}
	if len(a.Commands[1].Findings) != 0 || !a.Commands[1].ReadOnly || a.Commands[1].Command.Name != "ls" {
		t.Errorf("ls: %+v", a.Commands[1])
	}
	if len(a.Commands[2].Findings) != 0 || a.Commands[2].ReadOnly {
		t.Errorf("the second rm -rf /: findings %v, read-only %v; want none kept, not read-only", a.Commands[2].Findings, a.Commands[2].ReadOnly)
	}
	if len(a.Findings) != 1 || a.Findings[0].Kind != finding.ForkBomb {
		t.Errorf("script findings %v, want the fork_bomb loop", a.Findings)
	}
	want := []finding.Kind{finding.RecursiveDelete, finding.ForkBomb}
	if got := a.Kinds(); !slices.Equal(got, want) {
		t.Errorf("Kinds() = %v, want %v", got, want)
	}
	var kinds []finding.Kind
	for _, f := range a.AllFindings() {
		kinds = append(kinds, f.Kind)
	}
	if !slices.Equal(kinds, want) {
		t.Errorf("AllFindings() kinds %v, want %v", kinds, want)
	}
	if a.Reason() != a.Commands[0].Findings[0].Reason || a.Severity != Severe || a.AllReadOnly || a.Incomplete() {
		t.Errorf("reason %q severity %s read-only %v incomplete %v", a.Reason(), a.Severity, a.AllReadOnly, a.Incomplete())
	}

	// The parser's findings come before the commands'.
	p := v.CheckScript("echo $(")
	if !p.Incomplete() || len(p.Commands) != 0 || !p.HasKind(finding.ParseError) {
		t.Errorf("echo $(: %+v", p)
	}
	env := corpusEnv
	env.Limits = shellparse.Options{MaxCommands: 2}
	b := New(env).CheckScript("rm -rf /; ls; rm -rf /tmp/x; ls")
	if got, want := b.Kinds(), []finding.Kind{finding.TooComplex, finding.RecursiveDelete}; !slices.Equal(got, want) || len(b.Findings) != 1 || len(b.Commands) != 2 {
		t.Errorf("past the bound: kinds %v, script findings %v, %d commands; want %v, too_complex, 2", got, b.Findings, len(b.Commands), want)
	}
	if (Analysis{}).AllFindings() != nil || (Analysis{}).Reason() != "" {
		t.Error("an empty analysis has findings")
	}
}
