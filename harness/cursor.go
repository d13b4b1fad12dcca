package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// Cursor's hook events permgate answers, as hook_event_name names them.
const (
	cursorShell = "beforeShellExecution"
	cursorRead  = "beforeReadFile"
	cursorMCP   = "beforeMCPExecution"
	cursorTool  = "preToolUse"
)

// cursorAsks lists the events whose answer may be "ask"; at the others an
// ask is a deny (see encodeCursor).
var cursorAsks = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{cursorShell: true, cursorMCP: true}
}}

// cursorTools maps the tool names of Cursor's preToolUse onto permgate's.
// Delete is judged as a write of the file it removes.
var cursorTools = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"Shell": "bash", "Read": "read_file", "Write": "write_file", "Edit": "edit_file", "StrReplace": "edit_file",
		"MultiEdit": "edit_file", "Delete": "write_file", "Grep": "grep", "Glob": "glob", "LS": "glob",
		"WebFetch": "web_fetch", "WebSearch": "web_search", "Task": "task_create", "TodoWrite": "todo_write",
	}
}}

// decodeCursor reads one of Cursor's hook payloads. Each event carries its
// call in its own fields: beforeShellExecution a command and cwd,
// beforeReadFile a file_path, beforeMCPExecution and preToolUse a tool_name
// and tool_input (for MCP an object, or a string holding one). Cursor's
// parser is not known, so a repeated key is an error rather than a guess.
func decodeCursor(data []byte) (input, error) {
	var in input
	top, err := readObject(data, false)
	if err != nil {
		return in, err
	}
	if err := stringFields(top, map[string]*string{
		"conversation_id": &in.SessionID, "cwd": &in.Cwd, "hook_event_name": &in.HookEventName,
	}); err != nil {
		return in, err
	}
	if in.Cwd == "" {
		if in.Cwd, err = firstWorkspaceRoot(top["workspace_roots"]); err != nil {
			return in, err
		}
	}
	decodeCall, ok := cursorEvents.Get()[in.HookEventName]
	switch {
	case ok:
		err = decodeCall(top, &in)
	case in.HookEventName == "":
		err = errors.New("the hook input has no hook_event_name")
	default:
		err = fmt.Errorf("permgate answers beforeShellExecution, beforeReadFile, beforeMCPExecution and preToolUse, not %q", in.HookEventName)
	}
	return in, err
}

// cursorEvents reads, for each event permgate answers, the call the event's
// own fields carry into in.
var cursorEvents = lazy.Value[map[string]func(top map[string]json.RawMessage, in *input) error]{Make: func() map[string]func(top map[string]json.RawMessage, in *input) error {
	return map[string]func(top map[string]json.RawMessage, in *input) error{
		cursorShell: decodeCursorShell,
		cursorRead:  decodeCursorRead,
		cursorMCP:   decodeCursorTool,
		cursorTool:  decodeCursorTool,
	}
}}

// decodeCursorShell reads beforeShellExecution's command.
func decodeCursorShell(top map[string]json.RawMessage, in *input) error {
	in.ToolName = "Shell"
	in.Args.Command = top["command"]
	return nil
}

// decodeCursorRead reads beforeReadFile's file_path, which it must have.
func decodeCursorRead(top map[string]json.RawMessage, in *input) error {
	in.ToolName = "Read"
	var err error
	if in.Args.FilePath, err = stringField(top, "file_path"); err != nil {
		return err
	}
	if in.Args.FilePath == "" {
		return errors.New("the beforeReadFile input has no file_path")
	}
	return nil
}

// decodeCursorTool reads the tool_name and tool_input of beforeMCPExecution
// (whose tool is named MCP:NAME) and preToolUse.
func decodeCursorTool(top map[string]json.RawMessage, in *input) error {
	var err error
	if in.ToolName, err = stringField(top, "tool_name"); err != nil {
		return err
	}
	if in.ToolName == "" {
		return errors.New("the hook input has no tool_name")
	}
	mcp := in.HookEventName == cursorMCP
	if mcp && !strings.HasPrefix(in.ToolName, "MCP:") {
		in.ToolName = "MCP:" + in.ToolName
	}
	raw, err := cursorToolInput(top["tool_input"], mcp)
	if err != nil {
		return err
	}
	in.ToolInput = raw
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if in.toolArgs, err = readObject(raw, false); err != nil {
		return fmt.Errorf("tool_input: %w", err)
	}
	in.Args, err = argsOf(in.toolArgs, "tool_input")
	return err
}

// cursorToolInput is tool_input as the JSON it holds: for MCP (mcp) it may be
// a string holding the object.
func cursorToolInput(raw json.RawMessage, mcp bool) (json.RawMessage, error) {
	if !mcp || len(raw) == 0 || raw[0] != '"' {
		return raw, nil
	}
	s, valid, err := jsonString(raw)
	if err != nil || !valid {
		return nil, errors.New("tool_input is a string that is not valid UTF-8")
	}
	return json.RawMessage(s), nil
}

// firstWorkspaceRoot is the first of workspace_roots, the project a call
// without a cwd is judged in; "" when there is none.
func firstWorkspaceRoot(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	roots, valid, err := stringList(raw)
	if err != nil || !valid {
		return "", errors.New("workspace_roots is not a list of strings")
	}
	if len(roots) == 0 {
		return "", nil
	}
	return roots[0], nil
}

// encodeCursor is Cursor's {"permission","user_message","agent_message"},
// exit 0, at every event. Cursor asks its user only at beforeShellExecution
// and beforeMCPExecution; at beforeReadFile and preToolUse an ask is a deny
// that says so, as an answer Cursor may not act on must not let the call run.
func encodeCursor(resp Response) Output {
	d, reason := resp.Decision, resp.Reason
	switch {
	case d == Defer && cursorAsks.Get()[resp.Event]:
		// Cursor has no "no decision" answer: its own approval is an ask.
		d = verdict.Ask
	case d == Defer:
		// At an event that cannot ask (a file read), Cursor's own default
		// is to go ahead.
		d = verdict.Allow
	case d == verdict.Ask && !cursorAsks.Get()[resp.Event]:
		d = verdict.Deny
		reason += " (permgate would ask, and Cursor cannot be asked at " + eventName(resp.Event) + ": denied)"
	case d != verdict.Allow && d != verdict.Ask:
		d = verdict.Deny
	}
	return Output{Stdout: encodeJSON(map[string]string{"permission": string(d), "user_message": reason, "agent_message": reason})}
}

// eventName names an event for a reason, "this hook" when it is not known.
func eventName(event string) string {
	if event == "" {
		return "this hook"
	}
	return event
}

// readCursor reads Cursor's answer: exit 2 blocks; at exit 0 stdout must
// hold a permission Cursor knows (preToolUse refuses the call without one).
func readCursor(out Output) (verdict.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return verdict.Deny, err
	}
	obj, err := stdoutObject(out.Stdout)
	if err != nil {
		return "", err
	}
	if obj == nil {
		return "", errors.New("no answer on stdout (Cursor needs a permission)")
	}
	p, err := stringField(obj, "permission")
	if err != nil {
		return "", err
	}
	return decisionIn(p, "permission", map[string]verdict.Decision{"allow": verdict.Allow, "ask": verdict.Ask, "deny": verdict.Deny})
}

// probeCursor is Cursor's beforeShellExecution.
func probeCursor(command string) map[string]any {
	return map[string]any{
		"hook_event_name": cursorShell, "conversation_id": "permgate-probe", "generation_id": "permgate-probe",
		"command": command,
	}
}

// cursorSettings registers the hook for the four events in hooks.json.
const cursorSettings = `{"version":1,"hooks":{` +
	`"beforeShellExecution":[{"command":%[1]s}],` +
	`"beforeMCPExecution":[{"command":%[1]s}],` +
	`"beforeReadFile":[{"command":%[1]s}],` +
	`"preToolUse":[{"command":%[1]s}]}}`

// cursorHarness is Cursor's hook protocol.
var cursorHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:     "cursor",
		Title:    "Cursor",
		tools:    cursorTools.Get(),
		decode:   decodeCursor,
		encode:   encodeCursor,
		read:     readCursor,
		probe:    probeCursor,
		settings: cursorSettings,
	}
}}
