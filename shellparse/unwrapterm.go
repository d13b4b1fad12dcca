package shellparse

import "strings"

// tmuxCommands are tmux commands whose words can be shell commands or keys typed
// into a shell.
var tmuxCommands = map[string]bool{"new-session": true, "new": true, "new-window": true, "neww": true, "split-window": true,
	"splitw": true, "respawn-pane": true, "respawnp": true, "respawn-window": true, "respawnw": true, "run-shell": true,
	"run": true, "display-popup": true, "popup": true, "pipe-pane": true, "pipep": true, "if-shell": true, "if": true,
	"send-keys": true, "send": true}

// tmuxStep: tmux -c CMD runs CMD like sh -c; after a command that runs shell
// commands (new-session, run-shell, if-shell, send-keys …), every word that is
// not an option may be a shell command, so each is judged as a script. That
// reads target names as commands too — harmless unknown programs — rather
// than miss a command behind an option whose value permgate misjudged.
func tmuxStep(argv []Word) step {
	i := 1
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") {
		t := argv[i].Text
		if t == "-c" && i+1 < len(argv) {
			return scriptOrOpaque(argv[i+1], len(argv))
		}
		if len(t) == 2 && strings.Contains("LSfT", t[1:]) {
			i++
		}
		i++
	}
	var scripts []string
	running := false
	for k := i; k < len(argv); k++ {
		w := argv[k]
		if running && w.Static && w.Text == "-c" && k+1 < len(argv) {
			// -c DIR: the commands run in DIR.
			scripts = append(scripts, "cd "+ShellQuote(argv[k+1].Text))
			k++
			continue
		}
		switch {
		case w.Static && tmuxCommands[w.Text]:
			running = true
		case !running, w.Static && (strings.HasPrefix(w.Text, "-") || w.Text == ";" || w.Text == "Enter" || w.Text == "C-m"):
		case !w.Static:
			return step{kind: stepOpaque, used: len(argv), script: w}
		default:
			scripts = append(scripts, strings.TrimSuffix(w.Text, ";"))
		}
	}
	if len(scripts) == 0 {
		return step{}
	}
	return step{kind: stepScript, used: len(argv), script: staticWord(strings.Join(scripts, "\n"))}
}

// screenStep: screen [options] CMD runs CMD; screen -X stuff TEXT types TEXT
// into a window's shell; screen -X exec CMD runs CMD.
func screenStep(argv []Word) step {
	i := 1
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") {
		t := argv[i].Text
		if t == "-X" {
			rest := argv[i+1:]
			if len(rest) < 2 {
				return step{}
			}
			switch rest[0].Text {
			case "stuff":
				text := joinedScript(rest[1:], len(argv))
				r := strings.NewReplacer("^M", "\n", `\r`, "\n", `\n`, "\n", "\r", "\n")
				text.script.Text = r.Replace(text.script.Text)
				return text
			case "exec", "screen":
				return step{kind: stepWrap, used: i + 2, rest: rest[1:]}
			}
			return step{}
		}
		// Options that take the next word as their value.
		last := t[len(t)-1:]
		if strings.Contains("SceEhpstT", last) && !strings.HasPrefix(t, "--") {
			i++
		}
		i++
	}
	if i >= len(argv) {
		return step{}
	}
	return step{kind: stepWrap, used: i, rest: argv[i:]}
}
