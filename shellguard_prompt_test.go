package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellGuardPromptShowsMode: the prompt shows the mode in force from the
// first prompt on; a mode set elsewhere shows after the next checked line, and
// one set at this shell shows at once; zsh shows it in RPROMPT too.
func TestShellGuardPromptShowsMode(t *testing.T) {
	forEachShell(t, func(t *testing.T, sh shellCase) {
		s := startGuardedShell(t, sh.name, shellOptions{})
		if !strings.Contains(s.output(), "[default]pg> ") {
			t.Errorf("the first prompt does not show the mode:\n%s", s.output())
		}
		s.permgate("mode", "plan") // from another terminal
		m := s.mark()
		s.run("true", "[plan]pg> ")
		if sh.name == "zsh" {
			s.waitSince(m, "permgate:plan") // RPROMPT
		}
		m = s.mark()
		s.send("permgate mode default\r") // tighter to looser: permgate asks on the terminal
		s.waitSince(m, "(y/N")
		s.send("y\r")
		s.waitSince(m, "[default]pg> ")
		s.waitForMode("default")
	})
}

// TestShellGuardPromptCostsNoProcess: showing the mode in the prompt starts no
// process: across empty lines, checked lines and Shift+Tab, permgate runs once
// per checked line and once per Shift+Tab, and mode --short only after a line
// that changed the mode.
func TestShellGuardPromptCostsNoProcess(t *testing.T) {
	forEachShell(t, func(t *testing.T, sh shellCase) {
		real, err := exec.LookPath("permgate")
		if err != nil {
			t.Fatalf("find permgate on PATH: %v", err)
		}
		dir := t.TempDir()
		calls := filepath.Join(dir, "calls")
		counting := filepath.Join(dir, "permgate-counting")
		writeTestFile(t, counting, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '"+calls+"'\nexec '"+real+"' \"$@\"\n")
		if err := os.Chmod(counting, 0o755); err != nil {
			t.Fatal(err)
		}
		s := startGuardedShell(t, sh.name, shellOptions{permgatePath: counting})
		for range 3 {
			s.run("", "]pg> ")
		}
		s.run("true", "[default]pg> ")
		m := s.mark()
		s.send("\x1b[Z")
		s.waitSince(m, "[auto]pg> ")
		s.run("", "[auto]pg> ")
		s.run(sh.countLine, sh.countOutput)
		s.run("", "[auto]pg> ")
		data, err := os.ReadFile(calls)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSpace(string(data)), "\n")
		var guards, cycles, other int
		for _, call := range got {
			switch {
			case strings.HasPrefix(call, "guard "):
				guards++
			case strings.HasPrefix(call, "mode --next"):
				cycles++
			default:
				other++
			}
		}
		if guards != 2 || cycles != 1 || other != 0 {
			t.Errorf("permgate ran %d times (%d guard, %d Shift+Tab, %d other), want 2 guard and 1 Shift+Tab:\n%s",
				len(got), guards, cycles, other, strings.Join(got, "\n"))
		}
	})
}
