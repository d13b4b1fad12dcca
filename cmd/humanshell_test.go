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
		// one permgate command lets nothing else through, and only the real one
		{"permgate mode default; chmod 777 /etc/passwd", policy.Deny},
		{"./permgate mode bypass", policy.Deny},
		{"/tmp/x/permgate mode bypass", policy.Deny},
		{"permgate version > ~/.config/permgate/config.toml", policy.Deny},
		{"permgate version > ~/.local/state/permgate/audit.jsonl", policy.Deny},
		{"PERMGATE_CONFIG=/tmp/e.toml permgate mode default", policy.Deny},
	}
	for _, tt := range tests {
		a := v.CheckScript(tt.line)
		out := policy.Decide(a, policy.Settings{Mode: policy.ModeDefault}, nil)
		if got := humanShell(a, out, false).Decision; got != tt.want {
			t.Errorf("%s: %s (from %s: %s), want %s", tt.line, got, out.Decision, out.Reason, tt.want)
		}
	}
	// A deny rule still refuses.
	a := v.CheckScript("sudo apt update")
	ruled := policy.Outcome{Decision: policy.Deny, Reason: "denied by the rule bash(prefix:sudo*)", By: "rule"}
	if humanShell(a, ruled, true).Decision != policy.Deny {
		t.Error("a deny rule must still refuse at the shell")
	}
}

// TestHumanShellSevereAsksTypedYes: with [shell] severe = "ask" (the default)
// a severe line at the shell asks for the typed word yes; with "deny" it is
// refused; a deny rule and a command permgate cannot read are refused either way.
func TestHumanShellSevereAsksTypedYes(t *testing.T) {
	v := validator.New(validator.Env{Cwd: "/home/u/p", Home: "/home/u"})
	a := v.CheckScript("rm -rf ~")
	out := policy.Decide(a, policy.Settings{Mode: policy.ModeDefault}, nil)
	if got := humanShell(a, out, true); got.Decision != policy.Ask || got.By != byTypedYes {
		t.Errorf("severe at the shell: %+v, want an ask for a typed yes", got)
	}
	if got := humanShell(a, out, false); got.Decision != policy.Deny {
		t.Errorf("[shell] severe = deny: %+v, want deny", got)
	}
	bad := v.CheckScript("rm -rf ~ '")
	if got := humanShell(bad, policy.Decide(bad, policy.Settings{Mode: policy.ModeDefault}, nil), true); got.Decision == policy.Allow {
		t.Errorf("an unreadable line was allowed: %+v", got)
	}
}

// TestHumanShellOwnCommandIsAlone: a line that holds a permgate command and
// anything else gets no pass from it, even when the rest has no finding: it
// is decided as it would be anywhere (here: it asks, which refuses without a
// terminal).
func TestHumanShellOwnCommandIsAlone(t *testing.T) {
	v := validator.New(validator.Env{Cwd: "/home/u/p", Home: "/home/u"})
	for _, line := range []string{"permgate mode default; ./evil.sh", "permgate mode default; touch x", `permgate mode "$(./evil.sh)"`} {
		a := v.CheckScript(line)
		out := policy.Decide(a, policy.Settings{Mode: policy.ModeDefault}, nil)
		if got := humanShell(a, out, true); got.Decision == policy.Allow {
			t.Errorf("%s: allowed unasked at the shell (%s)", line, got.Reason)
		}
	}
}
