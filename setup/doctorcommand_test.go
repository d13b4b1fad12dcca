package setup

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDoctorCommand: doctor's checks of one registered hook command, from
// a command it cannot read to a hook that denies the test call, each
// status with the words that say why.
func TestDoctorCommand(t *testing.T) {
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`
	tests := []struct {
		name    string
		command string // %s is the fake hook's path
		hook    string // what the fake hook prints; "" for no hook program (unless mode)
		mode    string // "noexec": a script without an execute bit; "garbage": not a program
		project bool
		want    []Status
		text    string
	}{
		{name: "not permgate's", command: "other hook claude", want: []Status{Fail}, text: "cannot read the registered command"},
		{name: "an expansion names the program", command: `$HOME/bin/permgate hook claude || exit 2`, want: []Status{Warn}, text: "doctor runs only a program named by a plain path"},
		{name: "missing program", command: "%s hook claude || exit 2", want: []Status{Fail}, text: "does not exist"},
		{name: "not executable", command: "%s hook claude || exit 2", mode: "noexec", want: []Status{Fail}, text: "is not executable"},
		{name: "not on PATH", command: "permgate-nowhere/permgate hook claude || exit 2", want: []Status{Fail}, text: "is not on PATH"},
		{name: "cannot run", command: "%s hook claude || exit 2", mode: "garbage", want: []Status{OK, Fail}, text: "the hook did not run"},
		{name: "denies", command: "%s hook claude || exit 2", hook: deny, want: []Status{OK, OK}, text: "denies a test call"},
		{name: "unguarded", command: "%s hook claude", hook: deny, want: []Status{OK, Warn, OK}, text: "registers the hook without"},
		{name: "a project's other permgate is not run", command: "%s hook claude || exit 2", hook: deny, project: true, want: []Status{OK, Warn}, text: "doctor runs no other program a project's settings name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := testEnv(t, "/elsewhere/permgate")
			bin := filepath.Join(e.Home, "bin", "permgate")
			switch {
			case tt.mode == "garbage":
				writeFile(t, bin, "\x7fELF not really", 0o755)
			case tt.mode == "noexec":
				writeFile(t, bin, "#!/bin/sh\n", 0o644)
			case tt.hook != "":
				fakeHook(t, filepath.Join(e.Home, "bin"), tt.hook)
			}
			if !tt.project {
				e.Binary = bin
			}
			command := strings.ReplaceAll(tt.command, "%s", bin)
			checks := e.doctorCommand("claude", "/s.json", command, "FIX", e.Home, tt.project)
			var got []Status
			var text string
			for _, c := range checks {
				got = append(got, c.Status)
				text += c.Message + "\n"
			}
			if !slices.Equal(got, tt.want) || !strings.Contains(text, tt.text) {
				t.Errorf("checks %v, want %v with %q; text:\n%s", got, tt.want, tt.text, text)
			}
		})
	}
}
