package cmd

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestDenyHint: the way forward each refusal names, by who decided, the
// rule, the command's analysis, the mode, and why no one answered.
func TestDenyHint(t *testing.T) {
	askRule, err := policy.ParseRule("bash(prefix:npm publish)")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		command   string
		mode      policy.Mode
		rule      string
		reason    string
		decidedBy string
		want      string
	}{
		{"ls", policy.ModeDefault, "", "", "user", "you answered no; nothing ran"},
		{"ls", policy.ModeDefault, "", "", "audit", "permgate must record every decision here"},
		{"npm publish", policy.ModeDefault, "bash(prefix:npm publish)", "", "rule", "the ask rule bash(prefix:npm publish) wants a person to say yes"},
		{"npm publish", policy.ModeDefault, "bash(prefix:npm)", "", "rule", "the deny rule bash(prefix:npm) stops it in every mode"},
		{"rm -rf ~", policy.ModeDefault, "", "", "rule", "severe commands cannot be allowed by a rule"},
		{"rm -rf ~", policy.ModeBypass, "", "", "severity", "bypass mode still stops severe commands"},
		{"rm -rf ~", policy.ModeDefault, "", "", "severity", "severe commands cannot be allowed by a rule"},
		{"permgate mode bypass", policy.ModeDefault, "", "", "mode", "a gated command may not change permgate itself"},
		{"touch x", policy.ModePlan, "", "", "mode", "plan mode runs only read-only commands"},
		{"echo 'open", policy.ModeDefault, "", "", "mode", "permgate cannot read this command fully"},
		{"touch x", policy.ModeDefault, "", "no terminal to ask on; no answer in 30s", "mode", "no answer came before the question timed out"},
		{"touch x", policy.ModeDefault, "", "end of input at the prompt", "mode", "the terminal gave no answer"},
		{"touch x", policy.ModeDefault, "", "cannot read the answer: EIO", "mode", "the terminal gave no answer"},
		{"touch x", policy.ModeDefault, "", "not read-only", "mode", "run it from a terminal to be asked"},
	}
	for _, tt := range tests {
		s := &session{env: validator.Env{Home: "/home/u", Cwd: "/home/u/p"}, cfg: &config.Config{},
			eff: policy.Effective{Settings: policy.Settings{Mode: tt.mode}}}
		s.cfg.Rules.Ask = []policy.Rule{askRule}
		a := validator.New(s.env).CheckScript(tt.command)
		out := policy.Outcome{Rule: tt.rule, Reason: tt.reason}
		if got := denyHint(s, a, out, tt.decidedBy); !strings.HasPrefix(got, tt.want) {
			t.Errorf("denyHint(%q, mode %s, rule %q, reason %q, by %s) = %q, want %q…", tt.command, tt.mode, tt.rule, tt.reason, tt.decidedBy, got, tt.want)
		}
	}
}
