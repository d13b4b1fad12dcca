package harness

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// opencodeTools maps OpenCode's built-in tool names onto permgate's (the
// tools of opencode-ai 1.18.33: apply_patch replaces edit and write for some
// models, plan_exit ends its plan agent).
var opencodeTools = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"bash": "bash", "read": "read_file", "write": "write_file", "edit": "edit_file", "apply_patch": "apply_patch",
		"glob": "glob", "grep": "grep", "webfetch": "web_fetch", "websearch": "web_search", "todowrite": "todo_write",
		"task": "task_create", "skill": "load_skill", "question": "ask_user", "plan_exit": "exit_plan_mode",
	}
}}

// decodeOpencode reads what permgate's OpenCode plugin sends for one call of
// the tool.execute.before hook: tool, sessionID and callID (the hook's
// input), args (its output.args: the arguments the tool runs with, as OpenCode
// passes them) and cwd (the directory OpenCode runs in). OpenCode's tools
// name a file filePath and a directory path; apply_patch holds its patch in
// patchText, read as Codex's apply_patch is. The plugin writes the payload
// with JSON.stringify, which never repeats a key: a repeated key is an error.
func decodeOpencode(data []byte) (input, error) {
	var in input
	top, err := readObject(data, false)
	if err != nil {
		return in, err
	}
	if err := stringFields(top, map[string]*string{"tool": &in.ToolName, "sessionID": &in.SessionID, "cwd": &in.Cwd}); err != nil {
		return in, err
	}
	if _, err := stringField(top, "callID"); err != nil {
		return in, err
	}
	if in.ToolName == "" {
		return in, errors.New("the hook input has no tool")
	}
	in.HookEventName = "tool.execute.before"
	raw, ok := top["args"]
	if !ok || string(raw) == "null" {
		return in, errors.New("the hook input has no args")
	}
	in.ToolInput = raw
	in.Args, in.toolArgs, err = opencodeArgs(raw)
	return in, err
}

// opencodeArgs reads the arguments permgate judges from an OpenCode tool
// call — command (bash), patchText (apply_patch, as its command), filePath,
// path and url — and returns them with the call's members. A field of the
// wrong type is an error.
func opencodeArgs(raw json.RawMessage) (toolArgs, map[string]json.RawMessage, error) {
	var a toolArgs
	args, err := members(raw, false) // checked with the payload
	if err != nil {
		return a, nil, fmt.Errorf("args: %w", err)
	}
	a.Command = args["command"]
	if patch, ok := args["patchText"]; ok {
		a.Command = patch
	}
	if err := stringFields(args, map[string]*string{"filePath": &a.FilePath, "path": &a.Path, "url": &a.URL}); err != nil {
		return a, nil, fmt.Errorf("args: %w", err)
	}
	return a, args, nil
}

// encodeOpencode is the answer permgate's plugin reads: {"decision",
// "reason"}, exit 0. The plugin lets the call go on to OpenCode's own
// permissions on allow and defer, and throws — which stops the call and gives
// the model the reason as the tool's error — on anything else. OpenCode lets
// no plugin ask its user (its permission.ask hook is never called in 1.18):
// the hook turns an ask into a deny that says so (noAsk), and an ask that
// still gets here blocks too, its reason saying why.
func encodeOpencode(resp Response) Output {
	d, reason := resp.Decision, resp.Reason
	switch d {
	case verdict.Allow, Defer:
	case verdict.Ask:
		reason += " (permgate would ask, and OpenCode cannot be asked from a plugin: blocked; a permgate allow rule lets such a call through)"
	default:
		d = verdict.Deny
	}
	return Output{Stdout: encodeJSON(map[string]string{"decision": string(d), "reason": reason})}
}

// readOpencode reads an answer as permgate's plugin does: exit 0 with a
// decision; allow and defer leave the call to OpenCode's own permissions
// (Defer: the plugin cannot lift OpenCode's asks), and ask, deny, exit 2, any
// other exit status or output block it.
func readOpencode(out Output) (verdict.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return verdict.Deny, err
	}
	obj, err := stdoutObject(out.Stdout)
	if err != nil {
		return "", err
	}
	if obj == nil {
		return "", errors.New("no answer on stdout (permgate's plugin blocks the call)")
	}
	d, err := stringField(obj, "decision")
	if err != nil {
		return "", err
	}
	return decisionIn(d, "decision", map[string]verdict.Decision{
		"allow": Defer, "defer": Defer, "ask": verdict.Deny, "deny": verdict.Deny,
	})
}

// probeOpencode is the plugin's payload for OpenCode's bash tool.
func probeOpencode(command string) map[string]any {
	return map[string]any{
		"tool": "bash", "sessionID": "permgate-probe", "callID": "permgate-probe",
		"args": map[string]any{"command": command, "description": "permgate probe"},
	}
}

// opencodeHarness is OpenCode's tool.execute.before, through permgate's
// plugin. OpenCode has no permission mode a plugin sees: permgate's own mode
// decides.
var opencodeHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:   "opencode",
		Title:  "OpenCode",
		tools:  opencodeTools.Get(),
		decode: decodeOpencode,
		encode: encodeOpencode,
		read:   readOpencode,
		probe:  probeOpencode,
		noAsk:  "OpenCode cannot be asked from a plugin (its permission.ask hook is never called); a permgate allow rule lets such a call through",
		// OpenCode has no hook settings: permgate install opencode writes a
		// plugin file that runs permgate (setup/opencode.go).
		settings: `{"plugin":"~/.config/opencode/plugin/permgate.js, written by permgate install opencode","runs":%s}`,
	}
}}
