package validator

import (
	"strings"

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
	how := ""
	switch name {
	case "tmux":
		for _, a := range operands(args) {
			switch a.Text {
			case "send-keys", "send", "paste-buffer", "pasteb", "load-buffer", "loadb":
				how = "tmux " + a.Text
			}
			if how != "" || !a.Static {
				break
			}
		}
	case "screen":
		for i, a := range args {
			if a.Text == "-X" && i+1 < len(args) {
				switch strings.ToLower(args[i+1].Text) {
				case "stuff", "paste", "readbuf", "eval":
					how = "screen -X " + args[i+1].Text
				}
			}
		}
	case "xdotool", "ydotool", "wtype":
		for _, a := range args {
			switch a.Text {
			case "type", "key", "keydown":
				how = name + " " + a.Text
			}
		}
		if name == "wtype" {
			how = "wtype"
		}
	}
	if how != "" {
		ck.add("inline_code", "tty_inject", NonSevere, how+" types text into another terminal, where it runs unchecked as if typed there (and could answer permgate's own questions)")
	}
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
