package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/validator"
)

// TestLinkedSettingsOnDisk: a harness settings file a dotfiles manager links
// (the file itself, or its folder) is guarded where the link leads, with the
// analysis environment permgate really uses.
func TestLinkedSettingsOnDisk(t *testing.T) {
	home := t.TempDir()
	dots := filepath.Join(home, "dotfiles")
	for _, dir := range []string{dots, filepath.Join(dots, "cursor"), filepath.Join(home, ".claude"), filepath.Join(home, "p")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dots, "claude.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dots, "claude.json"), filepath.Join(home, ".claude", "settings.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dots, "cursor"), filepath.Join(home, ".cursor")); err != nil {
		t.Fatal(err)
	}
	h := &host{environ: environOf(map[string]string{"HOME": home}), cwd: filepath.Join(home, "p"), home: home}
	v := validator.New(analysisEnv(h))
	for _, c := range []struct {
		cmd  string
		self bool
	}{
		{"echo {} > ~/dotfiles/claude.json", true},       // the file is the link
		{"echo {} > ~/dotfiles/cursor/hooks.json", true}, // its folder is
		{"echo {} > ~/dotfiles/other.json", false},
	} {
		if got := v.CheckScript(c.cmd).HasKind(finding.SelfModify); got != c.self {
			t.Errorf("%s: self_modify %v, want %v", c.cmd, got, c.self)
		}
	}
}
