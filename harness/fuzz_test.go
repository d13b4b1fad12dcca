package harness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// FuzzHookInput decodes arbitrary hook payloads, seeded with the fixtures. It must not panic, it must
// read exactly the keys encoding/json's exact-key map reading sees (no
// case-insensitive twin counts), and a shell command it cannot read as valid
// Unicode text is never allowed.
func FuzzHookInput(f *testing.F) {
	for _, seed := range []string{
		`{"session_id":"s","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`,
		`{"tool_name":"shell","tool_input":{"command":["bash","-lc","ls"]}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls","Command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls","command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"echo \ud800"}}`,
		"{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"echo \xff\"}}",
		`{"tool_name":"Bash","tool_input":{"command":null}}`,
		`{"tool_name":"Bash","cwd":"rel","tool_input":{"command":"ls"}}`,
		`{"tool_name":"Read","tool_input":{"file_path":"/etc/passwd","paths":["a","b"]}}`,
		`{"tool_name":"mcp__x__y","tool_input":{"a":{"b":["~/.config/permgate/config.toml"]}}}`,
		`[]`, `{`, `null`, `{"tool_name":"Bash"} {}`,
	} {
		f.Add([]byte(seed), true)
		f.Add([]byte(seed), false)
	}
	addFixtureSeeds(f)
	v := validator.New(validator.Env{Home: "/home/u", Cwd: "/tmp"})
	f.Fuzz(func(t *testing.T, data []byte, lastWins bool) {
		in, err := decodeInput(data, lastWins)
		if err != nil {
			return // every decoding error is a deny in the hook
		}
		checkExactKeys(t, data, in)
		checkUnreadableNotAllowed(t, v, in)
	})
}

// addFixtureSeeds seeds f with every captured payload of testdata, read as
// its harness reads it.
func addFixtureSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.json"))
	for _, file := range files {
		var fx fixture
		if data, err := os.ReadFile(file); err == nil && json.Unmarshal(data, &fx) == nil && len(fx.Payload) > 0 {
			h, _ := Lookup(filepath.Base(filepath.Dir(file)))
			f.Add([]byte(fx.Payload), h != nil && h.lastWins)
		}
	}
}

// checkExactKeys checks that what decodeInput read of data is what
// encoding/json's exact-key map reading sees: tool_name, valid UTF-8 in it
// and in cwd, and tool_input's command.
func checkExactKeys(t *testing.T, data []byte, in input) {
	t.Helper()
	var ref map[string]json.RawMessage
	if json.Unmarshal(data, &ref) != nil {
		t.Fatalf("decoded a payload encoding/json cannot read: %q", data)
	}
	var name string
	if json.Unmarshal(ref["tool_name"], &name) != nil || name != in.ToolName || name == "" {
		t.Fatalf("tool_name %q, but the exact key holds %s", in.ToolName, ref["tool_name"])
	}
	if !utf8.ValidString(in.ToolName) || !utf8.ValidString(in.Cwd) {
		t.Fatalf("invalid UTF-8 passed in tool_name or cwd")
	}
	var args map[string]json.RawMessage
	if raw := ref["tool_input"]; len(raw) > 0 && string(raw) != "null" {
		if json.Unmarshal(raw, &args) != nil {
			t.Fatalf("decoded a tool_input that is not an object: %s", raw)
		}
	}
	if string(args["command"]) != string(in.Args.Command) {
		t.Fatalf("command %s, but the exact key holds %s", in.Args.Command, args["command"])
	}
}

// checkUnreadableNotAllowed checks that a shell command decodeInput could
// not read as valid Unicode text, or the analysis could not read whole, is
// allowed in no mode.
func checkUnreadableNotAllowed(t *testing.T, v *validator.Validator, in input) {
	t.Helper()
	command, valid, err := shellCommand(in.Args.Command)
	if err != nil {
		return // a deny in the hook
	}
	if len(command) > 64<<10 {
		return // the analysis' own bounds are fuzzed elsewhere
	}
	// As the hook analyses a command that is not valid Unicode: a parse error.
	a := v.Classify(shellparse.Result{Problems: []shellparse.Problem{{
		Kind: shellparse.ProblemParse, Reason: "the command is not valid UTF-8", Source: command,
	}}}, command)
	if valid {
		a = v.CheckScript(command)
	}
	for _, mode := range policy.Modes {
		out := policy.Decide(a, policy.Settings{Mode: mode}, nil)
		if out.Decision == policy.Allow && (!valid || a.Incomplete()) {
			t.Fatalf("mode %s allowed a command it could not read: %q", mode, command)
		}
	}
}
