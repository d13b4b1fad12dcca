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
		var out []byte
		out, note = editGuardLines(old, path, shell, want, install)
		return out, false, nil
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

// editGuardLines is a start-up file's new content (old is its content, nil
// when there is none): with install, permgate's guard line want at its end
// and no other line of permgate's, unless it already holds want alone or a
// line written by hand loads the guard; without, none of permgate's lines.
// The note says that a line written by hand loads the guard too.
func editGuardLines(old []byte, path, shell, want string, install bool) (out []byte, note string) {
	g := readGuardLines(string(old), path, shell, want)
	if install && g.mine == 1 && g.exact {
		return old, g.note
	}
	text := strings.Join(g.kept, "")
	if !install {
		return []byte(text), g.note
	}
	if g.note != "" && g.mine == 0 {
		return old, g.note
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return []byte(text + want + "\n"), g.note
}

// guardLines is what a start-up file holds of the guard.
type guardLines struct {
	kept  []string // the lines that are not permgate's, newlines kept
	mine  int      // how many lines are permgate's
	exact bool     // one of them is the line install writes
	note  string   // the last line written by hand that loads the guard
}

// readGuardLines sorts the lines of text, the start-up file at path, into
// permgate's guard lines for shell (want is the one install writes) and the
// others.
func readGuardLines(text, path, shell, want string) guardLines {
	var g guardLines
	for i, l := range strings.SplitAfter(text, "\n") {
		switch {
		case markedLine(l, shell):
			g.mine++
			g.exact = g.exact || strings.TrimRight(l, "\r\n") == want
			continue
		case handLine(l, shell):
			g.note = fmt.Sprintf("%s:%d loads the guard too, and permgate did not write that line; it is left as it is", path, i+1)
		}
		g.kept = append(g.kept, l)
	}
	return g
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
