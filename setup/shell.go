package setup

import (
	"fmt"
	"path/filepath"
	"strings"
)

// ShellMarker ends the line permgate adds to a shell's start-up file; uninstall
// removes the lines that carry it, and only those.
const ShellMarker = "# permgate-managed: the shell guard (permgate uninstall SHELL removes this line)"

// RCFile is the start-up file install edits for shell: ~/.bashrc,
// ${ZDOTDIR:-~}/.zshrc, ${XDG_CONFIG_HOME:-~/.config}/fish/config.fish.
func (e *Env) RCFile(shell string) string {
	switch shell {
	case "bash":
		return filepath.Join(e.Home, ".bashrc")
	case "zsh":
		if d := e.getenv("ZDOTDIR"); filepath.IsAbs(d) {
			return filepath.Join(d, ".zshrc")
		}
		return filepath.Join(e.Home, ".zshrc")
	case "fish":
		if d := e.getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
			return filepath.Join(d, "fish", "config.fish")
		}
		return filepath.Join(e.Home, ".config", "fish", "config.fish")
	}
	return ""
}

// shellLine is the line that loads the guard, with its marker.
func shellLine(shell, binary string) string {
	return shellCode(shell, binary) + "  " + shellMarker(shell)
}

// shellCode is the code of the line that loads the guard: shellLine without
// its marker.
func shellCode(shell, binary string) string {
	if shell == "fish" {
		return fishWord(binary) + " init fish | source"
	}
	return `eval "$(` + shellWord(binary) + " init " + shell + `)"`
}

// shellMarker is ShellMarker for shell.
func shellMarker(shell string) string {
	return strings.Replace(ShellMarker, "SHELL", shell, 1)
}

// fishWord quotes s for fish, where a backslash escapes ' and \ inside single
// quotes.
func fishWord(s string) string {
	if w := shellWord(s); w == s {
		return s
	}
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// markedLine reports a line permgate added for shell.
func markedLine(line, shell string) bool {
	return strings.HasSuffix(strings.TrimRight(line, " \t\r\n"), shellMarker(shell))
}

// handLine reports a line, not permgate's, that already loads the guard.
func handLine(line, shell string) bool {
	t := strings.TrimSpace(line)
	return !strings.HasPrefix(t, "#") && strings.Contains(t, "permgate init "+shell)
}

// shell installs or uninstalls the guard line in a shell's start-up file.
func (e *Env) shell(shell string, opt Options, install bool) ([]Result, error) {
	path := e.RCFile(shell)
	want := shellLine(shell, e.Binary)
	var note string
	c, err := e.apply(path, applyOpts{newMode: 0o644, dryRun: opt.DryRun}, func(old []byte) ([]byte, bool, error) {
		text := string(old)
		lines := strings.SplitAfter(text, "\n")
		var kept []string
		mine, exact := 0, false
		for i, l := range lines {
			switch {
			case markedLine(l, shell):
				mine++
				exact = exact || strings.TrimRight(l, "\r\n") == want
				continue
			case handLine(l, shell):
				note = fmt.Sprintf("%s:%d loads the guard too, and permgate did not write that line; it is left as it is", path, i+1)
			}
			kept = append(kept, l)
		}
		if install && mine == 1 && exact {
			return old, false, nil
		}
		out := strings.Join(kept, "")
		if install {
			if note != "" && mine == 0 {
				return old, false, nil
			}
			if out != "" && !strings.HasSuffix(out, "\n") {
				out += "\n"
			}
			out += want + "\n"
		}
		return []byte(out), false, nil
	})
	if err != nil {
		return nil, err
	}
	r := result(shell, c, install, opt)
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	if install && c.changed {
		r.Notes = append(r.Notes, "new "+shell+" sessions are guarded; in this one, run: "+shellCode(shell, e.Binary))
	}
	return []Result{r}, nil
}

// shellInstalled reports whether shell's start-up file loads the guard, by
// permgate's line or by hand, and the line's number.
func shellInstalled(text, shell string) (line int, marked bool) {
	for i, l := range strings.Split(text, "\n") {
		if markedLine(l, shell) {
			return i + 1, true
		}
		if handLine(l, shell) {
			line = i + 1
		}
	}
	return line, false
}
