package harness

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/permgate/permgate/policy"
)

// copilotTools maps GitHub Copilot CLI's tool names onto permgate's.
// write_bash types its input into a running shell, so that input is judged
// as a bash command; str_replace_editor can create and edit files.
var copilotTools = map[string]string{
	"bash": "bash", "write_bash": "bash", "view": "read_file", "create": "write_file", "edit": "edit_file",
	"str_replace_editor": "edit_file", "glob": "glob", "grep": "grep", "web_fetch": "web_fetch", "task": "task_create",
}

// decodeCopilot reads Copilot CLI's preToolUse payload: timestamp (a
// number), cwd, toolName, and toolArgs — a JSON string holding the tool's
// arguments as one object. toolArgs of any other shape is an error, and so
// is a repeated key, at either level.
func decodeCopilot(data []byte) (input, error) {
	var in input
	top, err := readObject(data, false)
	if err != nil {
		return in, err
	}
	if ts := top["timestamp"]; len(ts) > 0 && string(ts) != "null" {
		var n json.Number
		if json.Unmarshal(ts, &n) != nil {
			return in, errors.New("timestamp is not a number")
		}
	}
	for key, dst := range map[string]*string{"cwd": &in.Cwd, "toolName": &in.ToolName} {
		if *dst, err = stringField(top, key); err != nil {
			return in, err
		}
	}
	if in.ToolName == "" {
		return in, errors.New("the hook input has no toolName")
	}
	in.HookEventName = "preToolUse"
	raw, ok := top["toolArgs"]
	if !ok || string(raw) == "null" {
		return in, errors.New("the hook input has no toolArgs")
	}
	text, valid, err := jsonString(raw)
	switch {
	case err != nil:
		return in, errors.New("toolArgs is not a string (Copilot CLI sends the arguments as a JSON string)")
	case !valid:
		return in, errors.New("toolArgs is not valid UTF-8")
	}
	in.ToolInput = json.RawMessage(text)
	in.Args, err = readArgs(in.ToolInput, false, "toolArgs")
	return in, err
}

// encodeCopilot is Copilot CLI's {"permissionDecision",
// "permissionDecisionReason"}, exit 0. Copilot acts on a deny only; an allow
// or an ask leaves the call to its own permission prompts.
func encodeCopilot(resp Response) Output {
	d := resp.Decision
	if d == Defer {
		// No output: Copilot CLI's own permissions decide.
		return Output{Exit: ExitOK}
	}
	if d != policy.Allow && d != policy.Ask {
		d = policy.Deny
	}
	return Output{Stdout: encodeJSON(map[string]string{"permissionDecision": string(d), "permissionDecisionReason": resp.Reason})}
}

// readCopilot reads Copilot CLI's answer: a deny blocks; no answer, an allow
// or an ask (not acted on) leave the call to Copilot's own permissions.
func readCopilot(out Output) (policy.Decision, error) {
	if out.Exit != ExitOK {
		return "", fmt.Errorf("exit %d: permgate answers Copilot CLI with exit 0 and JSON", out.Exit)
	}
	obj, err := stdoutObject(out.Stdout)
	if obj == nil || err != nil {
		return Defer, err
	}
	d, err := stringField(obj, "permissionDecision")
	if err != nil {
		return "", err
	}
	return decisionIn(d, "permissionDecision", map[string]policy.Decision{
		"allow": policy.Allow, "deny": policy.Deny, "ask": Defer, "": Defer,
	})
}

// probeCopilot is Copilot CLI's preToolUse for its bash tool.
func probeCopilot(command string) map[string]any {
	args := encodeJSON(map[string]string{"command": command, "description": "permgate probe"})
	return map[string]any{
		"timestamp": 1704614600000, "toolName": "bash", "toolArgs": string(args[:len(args)-1]),
	}
}

// copilotSettings registers the hook in a hooks file (.github/hooks/*.json,
// ~/.copilot/hooks/*.json).
const copilotSettings = `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":%s,"timeoutSec":30}]}}`

// copilotHarness is GitHub Copilot CLI's hook protocol.
var copilotHarness = &Harness{
	Name:     "copilot",
	Title:    "GitHub Copilot CLI",
	tools:    copilotTools,
	decode:   decodeCopilot,
	typed:    map[string]string{"write_bash": "input"},
	encode:   encodeCopilot,
	read:     readCopilot,
	probe:    probeCopilot,
	settings: copilotSettings,
}
