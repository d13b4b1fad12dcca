package harness

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// copilotTools maps GitHub Copilot CLI's tool names onto permgate's: those
// 1.0.102 offers the model (in -p, --plan and --autopilot; the compatibility
// suite lists them from its first model request), and those of older
// releases (write_bash, str_replace_editor). Copilot's shells and agents run
// in the background of its session, so reading, listing and stopping them,
// or writing to an agent, are the tool table's task_get, task_list and
// task_update. write_bash types its input into a running shell, so that
// input is judged as a bash command. sql is the session's own SQLite
// database of todos (Copilot refuses an ATTACH of another file whatever the
// hook answers), session_store_sql a read-only query of Copilot's record of
// past sessions. fetch_copilot_cli_documentation and skill load
// instructions the harness holds; task_complete ends an autopilot or plan
// task with a summary. The tools only an interactive session offers
// (extensions_manage, extensions_reload, manage_schedule and the canvas
// tools) name no command or path: they are not here, and go back to
// Copilot's own permissions.
var copilotTools = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"bash": "bash", "write_bash": "bash",
		"read_bash": "task_get", "list_bash": "task_list", "stop_bash": "task_update",
		"view": "read_file", "create": "write_file", "edit": "edit_file", "str_replace_editor": "edit_file",
		"glob": "glob", "grep": "grep", "web_fetch": "web_fetch",
		"task": "task_create", "read_agent": "task_get", "list_agents": "task_list", "write_agent": "task_update",
		"sql": "todo_write", "session_store_sql": "todo_read",
		"skill": "load_skill", "fetch_copilot_cli_documentation": "load_skill",
		"ask_user": "ask_user", "task_complete": "exit_plan_mode",
	}
}}

// decodeCopilot reads Copilot CLI's preToolUse payload: sessionId,
// timestamp (a number), cwd, toolName, and toolArgs — the tool's arguments
// as one JSON object (1.0.102), or a JSON string holding that object (the
// shape older releases sent). A toolArgs of any other shape is an error, and
// so is a repeated key, at either level, or a field of the wrong type; grep
// and glob name their directories in paths, one string or a list.
func decodeCopilot(data []byte) (input, error) {
	var in input
	top, err := readObject(data, false)
	if err != nil {
		return in, err
	}
	if err := checkTimestamp(top["timestamp"]); err != nil {
		return in, err
	}
	if err := stringFields(top, map[string]*string{"sessionId": &in.SessionID, "cwd": &in.Cwd, "toolName": &in.ToolName}); err != nil {
		return in, err
	}
	if in.ToolName == "" {
		return in, errors.New("the hook input has no toolName")
	}
	in.HookEventName = "preToolUse"
	if in.ToolInput, err = copilotToolArgs(top["toolArgs"]); err != nil {
		return in, err
	}
	args, err := readObject(in.ToolInput, false)
	if err != nil {
		return in, fmt.Errorf("toolArgs: %w", err)
	}
	onePathAsList(args)
	in.toolArgs = args
	in.Args, err = argsOf(args, "toolArgs")
	return in, err
}

// checkTimestamp checks that the payload's timestamp, when there is one, is
// a number.
func checkTimestamp(ts json.RawMessage) error {
	if len(ts) == 0 || string(ts) == "null" {
		return nil
	}
	var n json.Number
	if json.Unmarshal(ts, &n) != nil {
		return errors.New("timestamp is not a number")
	}
	return nil
}

// onePathAsList turns the paths argument, when it names one directory as a
// string, into a list of one: grep and glob take either.
func onePathAsList(args map[string]json.RawMessage) {
	if paths := args["paths"]; len(paths) > 0 && paths[0] == '"' {
		args["paths"] = json.RawMessage("[" + string(paths) + "]")
	}
}

// copilotToolArgs is toolArgs as the JSON object it holds: the object
// itself, or the text of a JSON string (older releases).
func copilotToolArgs(raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, errors.New("the hook input has no toolArgs")
	}
	switch raw[0] {
	case '{':
		return raw, nil
	case '"':
		text, valid, err := jsonString(raw)
		switch {
		case err != nil:
			return nil, fmt.Errorf("toolArgs: %w", err)
		case !valid:
			return nil, errors.New("toolArgs is not valid UTF-8")
		}
		return json.RawMessage(text), nil
	}
	return nil, errors.New("toolArgs is neither a JSON object nor a string holding one")
}

// encodeCopilot is Copilot CLI's {"permissionDecision",
// "permissionDecisionReason"}, exit 0, as 1.0.102 acts on it: a deny blocks
// the call in every mode and the model reads "Denied by preToolUse hook:
// REASON"; an ask is Copilot's confirmation, which in -p (and autopilot),
// where no one can answer, is a deny ("Denied by preToolUse hook (unable to
// ask user for confirmation): REASON"), --allow-all included; an allow runs
// the call without Copilot's own approval and path checks, so permgate sends
// it only where it vouches for the call (cmd's handBack). Defer writes
// nothing: Copilot's own permissions decide, as without the hook.
func encodeCopilot(resp Response) Output {
	d := resp.Decision
	if d == Defer {
		return Output{Exit: ExitOK}
	}
	if d != verdict.Allow && d != verdict.Ask {
		d = verdict.Deny
	}
	return Output{Stdout: encodeJSON(map[string]string{"permissionDecision": string(d), "permissionDecisionReason": resp.Reason})}
}

// readCopilot reads an answer as Copilot CLI 1.0.102 does: exit 0 with no
// output, or without a permissionDecision, is no decision (Defer); allow,
// ask and deny are acted on. Exit 2 is a deny ("hook exited with code 2");
// Copilot denies on any other failed exit too ("hook errored"), but permgate
// never answers so, and output Copilot would ignore (not JSON, a decision it
// does not know) is an error: the hook is broken.
func readCopilot(out Output) (verdict.Decision, error) {
	switch out.Exit {
	case ExitOK:
	case ExitBlock:
		return verdict.Deny, nil
	default:
		return "", fmt.Errorf("exit %d: Copilot CLI denies the call as a failed hook, but permgate answers it with exit 0 and JSON", out.Exit)
	}
	obj, err := stdoutObject(out.Stdout)
	if obj == nil || err != nil {
		return Defer, err
	}
	d, err := stringField(obj, "permissionDecision")
	if err != nil {
		return "", err
	}
	return decisionIn(d, "permissionDecision", map[string]verdict.Decision{
		"allow": verdict.Allow, "deny": verdict.Deny, "ask": verdict.Ask, "": Defer,
	})
}

// probeCopilot is Copilot CLI 1.0.102's preToolUse for its bash tool, as
// captured from the release (testdata/copilot/bash-real-1.0.102.json).
func probeCopilot(command string) map[string]any {
	return map[string]any{
		"sessionId": "permgate-probe", "timestamp": 1704614600000, "toolName": "bash",
		"toolArgs": map[string]string{"command": command, "description": "permgate probe"},
	}
}

// copilotSettings registers the hook in a hooks file (.github/hooks/*.json,
// ~/.copilot/hooks/*.json).
const copilotSettings = `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":%s,"timeoutSec":30}]}}`

// copilotHarness is GitHub Copilot CLI's hook protocol.
var copilotHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:     "copilot",
		Title:    "GitHub Copilot CLI",
		tools:    copilotTools.Get(),
		decode:   decodeCopilot,
		typed:    map[string]string{"write_bash": "input"},
		encode:   encodeCopilot,
		read:     readCopilot,
		probe:    probeCopilot,
		settings: copilotSettings,
	}
}}
