package cmd

import (
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestHumanShell: at a guarded shell, sudo before an otherwise fine command
// asks instead of refusing, and permgate's own commands run (they confirm at
// the terminal themselves); every other severe finding, and a write to
// permgate's files by another program, still refuse.
func TestHumanShell(t *testing.T) {
	v := validator.New(validator.Env{Cwd: "/home/u/p", Home: "/home/u"})
	tests := []struct {
		line string
		want policy.Decision
	}{
		{"sudo apt update", policy.Ask},
		{"sudo ls /root", policy.Ask},
		{"sudo rm -rf /", policy.Deny},
		{"rm -rf ~", policy.Deny},
		{"permgate mode bypass", policy.Allow},
		{"permgate rules add allow 'bash(make*)'", policy.Allow},
		{"permgate mode bypass && rm -rf ~", policy.Deny},
		{"echo 'mode = \"bypass\"' > ~/.config/permgate/config.toml", policy.Deny},
		{"sudo permgate mode bypass", policy.Deny},
		{"env permgate mode bypass", policy.Deny},
	}
	for _, tt := range tests {
		a := v.CheckScript(tt.line)
		out := policy.Decide(a, policy.Settings{Mode: policy.ModeDefault}, nil)
		if got := humanShell(a, out).Decision; got != tt.want {
			t.Errorf("%s: %s (from %s: %s), want %s", tt.line, got, out.Decision, out.Reason, tt.want)
		}
	}
	// A deny rule still refuses.
	a := v.CheckScript("sudo apt update")
	ruled := policy.Outcome{Decision: policy.Deny, Reason: "denied by the rule bash(prefix:sudo*)", By: "rule"}
	if humanShell(a, ruled).Decision != policy.Deny {
		t.Error("a deny rule must still refuse at the shell")
	}
}
