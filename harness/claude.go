package harness

import (
	"encoding/json"
	"fmt"

	"github.com/permgate/permgate/policy"
)

// claudeHarness is Claude Code's hook protocol.
var claudeHarness = &Harness{
	Name:  "claude",
	Title: "Claude Code",
	tools: map[string]string{
		"Bash": "bash", "Read": "read_file", "Write": "write_file", "Edit": "edit_file", "MultiEdit": "edit_file",
		"NotebookEdit": "edit_file", "Glob": "glob", "Grep": "grep", "LS": "glob", "WebFetch": "web_fetch",
		"WebSearch": "web_search", "Task": "task_create", "Agent": "task_create", "TodoWrite": "todo_write",
		"TodoRead": "todo_read", "ExitPlanMode": "exit_plan_mode", "AskUserQuestion": "ask_user",
	},
	modes: map[string]mode{
		"default": {mode: policy.ModeDefault}, "acceptEdits": {mode: policy.ModeDefault}, "auto": {mode: policy.ModeAuto},
		"plan": {mode: policy.ModePlan}, "bypassPermissions": {mode: policy.ModeBypass},
		"dontAsk": {mode: policy.ModeDefault, failClosed: true},
	},
	encode:   encodeClaude,
	read:     readClaude,
	probe:    probeClaude,
	lastWins: true,
	settings: `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":%s,"timeout":30}]}]}}`,
}

// encodeClaude is Claude Code's hookSpecificOutput; the exit status is 0.
func encodeClaude(resp Response) Output {
	if resp.Decision == Defer {
		// No hookSpecificOutput: Claude Code's own permission flow decides.
		return Output{Exit: ExitOK}
	}
	return Output{Stdout: encodeJSON(map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName": "PreToolUse", "permissionDecision": string(resp.Decision), "permissionDecisionReason": resp.Reason,
	}})}
}

// probeClaude is Claude Code's PreToolUse for its Bash tool.
func probeClaude(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "hook_event_name": "PreToolUse", "permission_mode": "default",
		"tool_name": "Bash", "tool_input": map[string]any{"command": command}, "tool_use_id": "permgate-probe",
	}
}

// readClaude reads hookSpecificOutput.permissionDecision; no output defers.
func readClaude(out Output) (policy.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return policy.Deny, err
	}
	obj, err := stdoutObject(out.Stdout)
	if obj == nil || err != nil {
		return Defer, err
	}
	specific, ok := obj["hookSpecificOutput"]
	if !ok {
		return Defer, nil
	}
	var hso struct {
		HookEventName      string `json:"hookEventName"`
		PermissionDecision string `json:"permissionDecision"`
	}
	if err := json.Unmarshal(specific, &hso); err != nil {
		return "", fmt.Errorf("hookSpecificOutput: %w", err)
	}
	if hso.HookEventName != "PreToolUse" {
		return "", fmt.Errorf("hookSpecificOutput.hookEventName is %q, not PreToolUse", hso.HookEventName)
	}
	return decisionIn(hso.PermissionDecision, "permissionDecision", map[string]policy.Decision{
		"allow": policy.Allow, "ask": policy.Ask, "deny": policy.Deny, "defer": Defer, "": Defer,
	})
}
