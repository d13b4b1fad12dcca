package setup

import (
	"strings"
	"testing"
)

// TestRunRefuses: what install and uninstall refuse before they read or
// write anything, with the message that says why.
func TestRunRefuses(t *testing.T) {
	tests := []struct {
		target  string
		binary  string
		home    string
		project bool
		install bool
		want    string // the whole error
	}{
		{"vim", "/p/permgate", "/h", false, true, `install: unknown target "vim" (want ` + strings.Join(targets.Get(), ", ") + `)`},
		{"vim", "/p/permgate", "/h", false, false, `uninstall: unknown target "vim" (want ` + strings.Join(targets.Get(), ", ") + `)`},
		{"claude", "permgate", "/h", false, true, `install claude: cannot tell where this permgate is ("permgate" is not an absolute path)`},
		{"claude", "", "", false, true, `install claude: cannot tell where this permgate is ("" is not an absolute path)`},
		{"claude", "/p/permgate", "", false, true, "install claude: the home directory is unknown (HOME is not set to an absolute path)"},
		{"bash", "/p/permgate", "h", false, false, "uninstall bash: the home directory is unknown (HOME is not set to an absolute path)"},
		{"zsh", "/p/permgate", "/h", true, true, "install zsh: --project has no meaning for a shell (its start-up file is the user's)"},
		{"fish", "relative", "/h", true, false, "uninstall fish: --project has no meaning for a shell (its start-up file is the user's)"},
	}
	for _, tt := range tests {
		e := &Env{Home: tt.home, Binary: tt.binary, Getenv: func(string) string { return "" }}
		run := Uninstall
		if tt.install {
			run = Install
		}
		res, err := run(e, tt.target, Options{Project: tt.project})
		if err == nil || err.Error() != tt.want || res != nil {
			t.Errorf("%s %s (binary %q, home %q, project %v) = %v, %v; want %q", map[bool]string{true: "install", false: "uninstall"}[tt.install], tt.target, tt.binary, tt.home, tt.project, res, err, tt.want)
		}
	}
}
