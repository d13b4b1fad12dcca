package harness

import (
	"strings"
	"testing"
)

// TestDecodeInput reads payload shapes as the harnesses send them, and
// the twists a hostile payload may add: exact keys, repeated keys, wrong types,
// text that is not UTF-8, relative cwd.
func TestDecodeInput(t *testing.T) {
	tests := []struct {
		name     string
		payload  string
		lastWins bool
		command  string // the command analysed; "" when none
		valid    bool   // the command is valid Unicode
		err      string // part of the error; "" when it decodes
	}{
		{name: "claude bash", lastWins: true, valid: true, command: "git status",
			payload: `{"session_id":"s","transcript_path":"/t","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"d"},"tool_use_id":"t"}`},
		{name: "codex argv", valid: true, command: "bash -lc 'ls -la'",
			payload: `{"session_id":"s","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"shell","tool_input":{"command":["bash","-lc","ls -la"]}}`},
		{name: "gemini", lastWins: true, valid: true, command: "ls",
			payload: `{"session_id":"s","cwd":"/tmp","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`},
		{name: "Command twin after command is another key", lastWins: true, valid: true, command: "rm -rf /",
			payload: `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","Command":"ls"}}`},
		{name: "Command twin alone is no command", lastWins: true,
			payload: `{"tool_name":"Bash","tool_input":{"COMMAND":"ls"}}`},
		{name: "TOOL_NAME twin is not the tool name", lastWins: true, err: "no tool_name",
			payload: `{"TOOL_NAME":"Read","tool_input":{"command":"rm -rf /"}}`},
		{name: "Tool_Name twin beside tool_name does not change it", lastWins: true, valid: true, command: "rm -rf /",
			payload: `{"tool_name":"Bash","Tool_Name":"Read","tool_input":{"command":"rm -rf /"}}`},
		{name: "repeated command: JSON.parse takes the last", lastWins: true, valid: true, command: "rm -rf /",
			payload: `{"tool_name":"Bash","tool_input":{"command":"ls","command":"rm -rf /"}}`},
		{name: "repeated command: serde_json refuses", err: `"command" is repeated`,
			payload: `{"tool_name":"shell","tool_input":{"command":"ls","command":"rm -rf /"}}`},
		{name: "repeated tool_name: last wins", lastWins: true, valid: true, command: "rm -rf /",
			payload: `{"tool_name":"Read","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`},
		{name: "escaped key is the same key", lastWins: true, valid: true, command: "rm -rf /",
			payload: `{"tool_name":"Bash","tool_input":{"command":"ls","comm\u0061nd":"rm -rf /"}}`},
		{name: "invalid UTF-8 in the command", lastWins: true, command: "echo \uFFFD",
			payload: "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"echo \xff\"}}"},
		{name: "lone surrogate in the command", lastWins: true, command: "echo \uFFFD",
			payload: `{"tool_name":"Bash","tool_input":{"command":"echo \ud800"}}`},
		{name: "escaped replacement character is valid", lastWins: true, valid: true, command: "echo \uFFFD",
			payload: `{"tool_name":"Bash","tool_input":{"command":"echo \uFFFD"}}`},
		{name: "invalid UTF-8 in an argv word", lastWins: true, command: "echo '\uFFFD'",
			payload: "{\"tool_name\":\"shell\",\"tool_input\":{\"command\":[\"echo\",\"\xfe\"]}}"},
		{name: "null command", lastWins: true, err: "command is null",
			payload: `{"tool_name":"Bash","tool_input":{"command":null}}`},
		{name: "number command", lastWins: true, err: "neither a string",
			payload: `{"tool_name":"Bash","tool_input":{"command":42}}`},
		{name: "object command", lastWins: true, err: "neither a string",
			payload: `{"tool_name":"Bash","tool_input":{"command":{"a":"b"}}}`},
		{name: "empty argv", lastWins: true, err: "neither a string",
			payload: `{"tool_name":"Bash","tool_input":{"command":[]}}`},
		{name: "argv with a number", lastWins: true, err: "neither a string",
			payload: `{"tool_name":"Bash","tool_input":{"command":["rm",1]}}`},
		{name: "relative cwd", lastWins: true, err: "not an absolute path",
			payload: `{"tool_name":"Bash","cwd":"proj","tool_input":{"command":"ls"}}`},
		{name: "dot cwd", lastWins: true, err: "not an absolute path",
			payload: `{"tool_name":"Bash","cwd":".","tool_input":{"command":"ls"}}`},
		{name: "missing cwd", lastWins: true, valid: true, command: "ls",
			payload: `{"tool_name":"Bash","tool_input":{"command":"ls"}}`},
		{name: "cwd a number", lastWins: true, err: "cwd is not a string",
			payload: `{"tool_name":"Bash","cwd":1,"tool_input":{"command":"ls"}}`},
		{name: "tool_name a list", lastWins: true, err: "tool_name is not a string",
			payload: `{"tool_name":["Bash"],"tool_input":{"command":"ls"}}`},
		{name: "tool_input a string", lastWins: true, err: "not a JSON object",
			payload: `{"tool_name":"Bash","tool_input":"ls"}`},
		{name: "file_path a number", lastWins: true, err: "file_path is not a string",
			payload: `{"tool_name":"Read","tool_input":{"file_path":1}}`},
		{name: "two objects", lastWins: true, err: "data after the object",
			payload: `{"tool_name":"Bash","tool_input":{"command":"ls"}}{"tool_name":"Read"}`},
		{name: "array payload", lastWins: true, err: "not a JSON object", payload: `[1]`},
		{name: "truncated", lastWins: true, err: "unexpected EOF", payload: `{"tool_name":"Bash","tool_input":{"command":"ls"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := decodeInput([]byte(tt.payload), tt.lastWins)
			if err == nil {
				err = absoluteCwd(in) // as Decode checks it for every harness
			}
			command, valid, cerr := shellCommand(in.Args.Command)
			if err == nil && tt.err != "" {
				err = cerr
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if tt.command == "" {
				if cerr == nil {
					t.Fatalf("command %q, want none", command)
				}
				return
			}
			if cerr != nil || command != tt.command || valid != tt.valid {
				t.Fatalf("command %q valid %v err %v, want %q valid %v", command, valid, cerr, tt.command, tt.valid)
			}
		})
	}
}
