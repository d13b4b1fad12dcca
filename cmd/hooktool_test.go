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
