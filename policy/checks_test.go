package policy

import (
	"testing"

	"github.com/permgate/permgate/validator"
)

// TestChecksAllowance: a check command is allowed at step 7 outside plan
// when the analysis has no finding; plan denies it; a command the
// allowance does not cover still asks; the prefix ends at a word boundary.
func TestChecksAllowance(t *testing.T) {
	v := validator.New(testEnv)
	checks := Builtin().Checks
	for _, tc := range []struct {
		mode    Mode
		command string
		want    Decision
		by      string
	}{
		{ModeDefault, "pytest -q", Allow, "checks"},
		{ModeAuto, "pytest -q", Allow, "checks"},
		{ModePlan, "pytest -q", Deny, "mode"},
		{ModeDefault, "python3 -m pytest tests", Allow, "checks"},
		{ModeDefault, "npm run lint", Allow, "checks"},
		{ModeDefault, "npm run lint-fix", Ask, "mode"},
		{ModeDefault, "pytest && git status", Allow, "checks"},
		{ModeDefault, "pytest && make build", Ask, "mode"},
		{ModeDefault, "go test ./...", Ask, "mode"},
		{ModeDefault, "pytest --basetemp ~", Deny, "severity"},
		{ModeDefault, "PYTHONPATH=src pytest", Allow, "checks"},
		{ModeBypass, "pytest", Allow, "mode"},
	} {
		a := v.CheckScript(tc.command)
		out := Decide(a, Settings{Mode: tc.mode, Checks: checks}, nil)
		if out.Decision != tc.want || out.By != tc.by {
			t.Errorf("%s in %s: %s by %q (%s), want %s by %q", tc.command, tc.mode, out.Decision, out.By, out.Reason, tc.want, tc.by)
		}
	}
}

// TestCheckCovers: a check's prefix matches whole words.
func TestCheckCovers(t *testing.T) {
	c := Check{Prefix: "go test"}
	for in, want := range map[string]bool{"go test": true, "go test ./...": true, "go testx": false, "go": false, "go vet": false} {
		if got := c.Covers(in); got != want {
			t.Errorf("Covers(%q) = %v, want %v", in, got, want)
		}
	}
}
