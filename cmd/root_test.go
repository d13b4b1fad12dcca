package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func TestCommandName(t *testing.T) {
	for _, tc := range []struct {
		args []string
		name string
		ok   bool
	}{
		{[]string{"hook", "claude"}, "hook", true},
		{[]string{"--config", "x.toml", "check", "--", "ls"}, "check", true},
		{[]string{"--profile=ci", "exec", "--", "make", "--help"}, "exec", true},
		{[]string{"check", "--json", "--", "-h"}, "check", true},
		{[]string{"check", "--help"}, "", false},
		{[]string{"hook", "claude", "-h"}, "", false},
		{[]string{"--version"}, "", false},
		{[]string{"__complete", "hook", ""}, "", false},
		{[]string{"--bogus", "check"}, "", false},
		{[]string{"--config"}, "", false},
		{[]string{}, "", false},
	} {
		name, ok := commandName(tc.args)
		if name != tc.name || ok != tc.ok {
			t.Errorf("commandName(%q) = %q, %v; want %q, %v", tc.args, name, ok, tc.name, tc.ok)
		}
	}
}

// TestHotCommandsAnswerAsTheWholeTree: a hot command built alone (the
// start-up that does only the call's work) prints and exits exactly as in
// the whole command tree, its mistakes included.
func TestHotCommandsAnswerAsTheWholeTree(t *testing.T) {
	home := isolatedHome(t)
	whole := func(io streams, _ []string) *cobra.Command { return newRoot(io) }
	payload := `{"session_id":"s","cwd":"` + home + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"hook", "claude"}, payload},
		{[]string{"hook", "claude"}, "{not json"},
		{[]string{"hook", "claude"}, strings.Replace(payload, "git status", "rm -rf ~", 1)},
		{[]string{"hook", "claude"}, ""},
		{[]string{"hook", "codex"}, payload},
		{[]string{"hook", "gemini"}, strings.Replace(payload, `"Bash"`, `"run_shell_command"`, 1)},
		{[]string{"hook", "copilot"}, payload},
		{[]string{"hook", "-h"}, payload},
		{[]string{"check", "--", "git", "status"}, ""},
		{[]string{"check", "--", ""}, ""},
		{[]string{"check", "--", "ls", "&&", "rm", "-rf", "/"}, ""},
		{[]string{"check", "--"}, ""},
		{[]string{"hook", "nosuch"}, payload},
		{[]string{"hook", "claude", "--bogus"}, payload},
		{[]string{"hook"}, payload},
		{[]string{"check", "--", "rm -rf ~"}, ""},
		{[]string{"check", "--json", "--mode", "plan", "--", "ls"}, ""},
		{[]string{"check", "--mode", "nosuch", "--", "ls"}, ""},
		{[]string{"check"}, ""},
		{[]string{"--config", home + "/missing.toml", "check", "--", "ls"}, ""},
		{[]string{"exec"}, ""},
		{[]string{"exec", "--", "rm", "-rf", "/"}, ""},
		{[]string{"guard", "--report-mode", "--", "git status"}, ""},
		{[]string{"githook"}, ""},
	} {
		var out1, err1, out2, err2 bytes.Buffer
		code1 := Main(tc.args, strings.NewReader(tc.stdin), &out1, &err1)
		code2 := mainWith(whole, tc.args, strings.NewReader(tc.stdin), &out2, &err2, nil, nil)
		if code1 != code2 || out1.String() != out2.String() || err1.String() != err2.String() {
			t.Errorf("%q: alone exit %d, %q, %q; in the whole tree exit %d, %q, %q", tc.args, code1, out1.String(), err1.String(), code2, out2.String(), err2.String())
		}
	}
}
