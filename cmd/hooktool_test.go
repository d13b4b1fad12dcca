package cmd

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestInvalidCommandNeverAllowed: a command that is not valid Unicode is a
// parse error in every mode but bypass's own rules, never an allow.
func TestInvalidCommandNeverAllowed(t *testing.T) {
	a := invalidCommand(validator.New(validator.Env{Home: "/home/u", Cwd: "/tmp"}), "echo \uFFFD")
	if !a.Incomplete() {
		t.Fatalf("analysis %v is not incomplete", a.Kinds())
	}
	for _, mode := range policy.Modes {
		if out := policy.Decide(a, policy.Settings{Mode: mode}, nil); out.Decision == policy.Allow {
			t.Fatalf("mode %s allowed a command that is not valid UTF-8", mode)
		}
	}
}

// TestUnknownToolTooComplexAsks: an unknown (MCP) tool whose command field
// is too large to read whole is never allowed, bypass mode included, as
// the harness's own shell tool would not be.
func TestUnknownToolTooComplexAsks(t *testing.T) {
	s := &session{env: validator.Env{Home: "/home/u", Cwd: "/tmp"}}
	input := []byte(`{"command":"x ` + strings.Repeat("x ", 40000) + `; rm -rf ~"}`)
	findings := s.unknownToolSelf(input)
	if !validator.HasKind(findings, "too_complex") {
		t.Fatalf("findings %v, want too_complex kept", findings)
	}
	out := policy.DecideTool(policy.ToolCall{Tool: "mcp__shell__run_command", Findings: findings},
		policy.Settings{Mode: policy.ModeBypass}, policy.RuleSet{}, policy.ToolTable{}, policy.PathContext{})
	if out.Decision == policy.Allow {
		t.Fatalf("bypass allowed an unknown tool's command it could not read: %s", out.Reason)
	}
}

// TestStrictestPath checks that a call naming several paths gets the
// strictest answer of any of them: an allow for one path never lifts the
// harness's own permissions for another that is handed back.
func TestStrictestPath(t *testing.T) {
	for _, tc := range []struct {
		decisions []policy.Decision
		want      policy.Decision
	}{
		{[]policy.Decision{policy.Allow, policy.Defer}, policy.Defer},
		{[]policy.Decision{policy.Defer, policy.Allow}, policy.Defer},
		{[]policy.Decision{policy.Defer, policy.Ask}, policy.Ask},
		{[]policy.Decision{policy.Allow, policy.Deny, policy.Ask}, policy.Deny},
		{[]policy.Decision{policy.Allow, policy.Allow}, policy.Allow},
	} {
		paths := make([]string, len(tc.decisions))
		for i := range paths {
			paths[i] = string(rune('a' + i))
		}
		got, _ := strictest(paths, func(p string) policy.Outcome {
			return policy.Outcome{Decision: tc.decisions[p[0]-'a']}
		})
		if got.Decision != tc.want {
			t.Errorf("%v: %s, want %s", tc.decisions, got.Decision, tc.want)
		}
	}
}
