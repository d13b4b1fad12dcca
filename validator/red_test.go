package validator

import (
	"testing"

	"github.com/permgate/permgate/finding"
)

// TestLinkedSettingsTarget: a harness settings file that is a link (a
// dotfiles manager's ~/.claude/settings.json -> ~/dotfiles/claude.json) is
// changed by writing the file it leads to. Before, that write was no finding
// at all: an agent could take permgate's hook out by editing the dotfiles copy.
func TestLinkedSettingsTarget(t *testing.T) {
	env := corpusEnv
	env.Resolve = func(p string) string {
		switch p {
		case "/home/user/.claude/settings.json":
			return "/home/user/dotfiles/claude.json"
		case "/home/user/.cursor/hooks.json":
			return "/home/user/dotfiles/cursor/hooks.json"
		}
		return p
	}
	v := New(env)
	for _, c := range []struct {
		cmd  string
		self bool
	}{
		{"echo {} > ~/dotfiles/claude.json", true},
		{"sed -i /permgate/d /home/user/dotfiles/claude.json", true},
		{"tee ~/dotfiles/cursor/hooks.json < /dev/null", true},
		{"echo x > ~/dotfiles/other.json", false},
		{"cat ~/dotfiles/claude.json", false},
	} {
		a := v.CheckScript(c.cmd)
		if got := a.HasKind(finding.SelfModify); got != c.self {
			t.Errorf("%s: self_modify %v, want %v (%s)", c.cmd, got, c.self, a.Reason())
		}
	}
	for _, c := range []struct {
		path string
		self bool
	}{
		{"/home/user/dotfiles/claude.json", true},
		{"/home/user/dotfiles/x.json", false},
	} {
		self := false
		for _, f := range v.CheckPath(PathWrite, c.path) {
			self = self || f.Kind == finding.SelfModify
		}
		if self != c.self {
			t.Errorf("CheckPath(write, %s): self_modify %v, want %v", c.path, self, c.self)
		}
	}
}
