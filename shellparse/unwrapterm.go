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
	sc := mustUnwrapped("tmux").Scan(RegistryWords(argv[1:]))
	if c, ok := sc.Value("-c"); ok && c.HasValue {
		return scriptOrOpaque(optionWord(argv, c), len(argv))
	}
	i := len(argv)
	if len(sc.Operands) > 0 {
		i = sc.Operands[0] + 1
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
// into a window's shell; screen -X exec CMD runs CMD. The options are read
// with screen's declared grammar.
func screenStep(argv []Word) step {
	sc := mustUnwrapped("screen").Scan(RegistryWords(argv[1:]))
	if len(sc.Operands) == 0 {
		return step{}
	}
	i := sc.Operands[0] + 1
	if !sc.Has("-X") {
		return step{kind: stepWrap, used: i, rest: argv[i:]}
	}
	rest := argv[i:]
	if len(rest) < 2 {
		return step{}
	}
	switch {
	case rest[0].Static && rest[0].Text == "stuff":
		text := joinedScript(rest[1:], len(argv))
		r := strings.NewReplacer("^M", "\n", `\r`, "\n", `\n`, "\n", "\r", "\n")
		text.script.Text = r.Replace(text.script.Text)
		return text
	case !rest[0].Static || rest[0].Text == "exec" || rest[0].Text == "screen":
		// A screen command known only at run time may be exec.
		return step{kind: stepWrap, used: i + 1, rest: rest[1:]}
	}
	return step{}
}
