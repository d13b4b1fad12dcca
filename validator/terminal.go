package validator

import (
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/shellparse"
)

// typesIntoTerminal flags programs that type text into another terminal: tmux
// send-keys, screen -X stuff, xdotool type. What they type runs there as if a
// person had typed it — past this command's analysis, and able to answer
// permgate's own confirmations on that terminal.
func (ck *checker) typesIntoTerminal(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.typesInto(c.Name, args)
}

// typesInto judges one program's words; the program may be the command or a
// wrapper whose typed text was unwrapped as a script.
func (ck *checker) typesInto(name string, args []shellparse.Word) {
	if how := typingVerb(name, args); how != "" {
		ck.add("inline_code", "tty_inject", NonSevere, how+" types text into another terminal, where it runs unchecked as if typed there (and could answer permgate's own questions)")
	}
}

// tmuxTyping are tmux's commands that type into a pane; screenTyping
// screen -X's.
var (
	tmuxTyping = lazy.Value[map[string]bool]{Make: func() map[string]bool {
		return map[string]bool{"send-keys": true, "send": true, "paste-buffer": true, "pasteb": true, "load-buffer": true, "loadb": true}
	}}
	screenTyping = lazy.Value[map[string]bool]{Make: func() map[string]bool {
		return map[string]bool{"stuff": true, "paste": true, "readbuf": true, "eval": true}
	}}
	xdoTyping = lazy.Value[map[string]bool]{Make: func() map[string]bool {
		return map[string]bool{"type": true, "key": true, "keydown": true}
	}}
)

// typingVerb names how a program types into another terminal (tmux
// send-keys, screen -X stuff, xdotool type, wtype), or returns "".
func typingVerb(name string, args []shellparse.Word) string {
	r, ok := readArgs(name, args)
	if !ok {
		return ""
	}
	switch name {
	case "tmux":
		for _, cmd := range self.TmuxCommands(args) {
			if v := tmuxVerb(cmd); tmuxTyping.Get()[v] {
				return "tmux " + v
			}
		}
	case "screen":
		if ops := r.Operands(); r.Has("-X") && len(ops) > 0 && screenTyping.Get()[strings.ToLower(ops[0].Text)] {
			return "screen -X " + ops[0].Text
		}
	case "wtype":
		return "wtype"
	case "xdotool", "ydotool":
		// xdotool chains its commands: search … windowactivate type TEXT.
		for _, a := range r.Operands() {
			if xdoTyping.Get()[a.Text] {
				return name + " " + a.Text
			}
		}
	}
	return ""
}

// tmuxVerb is the command one of tmux's commands names: a declared one, or
// the word in its place.
func tmuxVerb(cmd []shellparse.Word) string {
	r, ok := readArgs("tmux", cmd)
	switch {
	case !ok:
		return ""
	case len(r.Path()) > 0:
		return r.Path()[0]
	}
	return r.Inv.Verb
}

// CheckTyped analyses text a harness tool types into a program that is
// already running (GitHub Copilot CLI's write_bash): the text as a script, and,
// as for tmux send-keys, inline_code — the program it reaches and the line it
// completes (an earlier call may have typed its start) are not known, so it is
// never read-only and never allowed unseen.
func (v *Validator) CheckTyped(text, tool string) Analysis {
	a := v.CheckScript(text)
	f := Finding{Kind: "inline_code", Severity: NonSevere, ID: "inline_code.typed_input", Command: text,
		Reason: tool + " types text into a running program, where it completes whatever line is there and runs unchecked"}
	a.Findings = append([]Finding{f}, a.Findings...)
	a.Severity = max(a.Severity, NonSevere)
	a.AllReadOnly = false
	return a
}

// CheckTerminal analyses a command a harness runs with a terminal the agent
// writes to afterwards (tool names the harness's tool): what the command
// reads from that terminal — a shell's commands, a pager's !command, an
// editor's :! — never reaches permgate, so the call is asked in every mode.
func (v *Validator) CheckTerminal(command, tool string) Analysis {
	a := v.CheckScript(command)
	f := Finding{Kind: "dynamic_code", Severity: NonSevere, ID: TerminalID, Command: command,
		Reason:     tool + " runs " + clip(command) + " with a terminal the agent types into later, unseen by permgate",
		Suggestion: "run it without a terminal, with its input given in the command"}
	a.Findings = append([]Finding{f}, a.Findings...)
	a.Severity = max(a.Severity, NonSevere)
	a.AllReadOnly = false
	return a
}
