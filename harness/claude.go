package harness

import (
	"encoding/json"
	"fmt"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// claudeHarness is Claude Code's hook protocol.
var claudeHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:        "claude",
		Title:       "Claude Code",
		tools:       claudeTools.Get(),
		commandless: map[string]string{"Monitor": "monitor"},
		// Claude Code 2.1.328 sends each of these as permission_mode, the name
		// its --permission-mode takes (verified by compat/suite). acceptEdits is
		// permgate's auto: what permgate would allow only for the mode is handed
		// back, and Claude Code's acceptEdits writes files and asks for
		// commands, where permgate's default would ask for every write.
		modes: map[string]mode{
			"default": {mode: verdict.ModeDefault}, "acceptEdits": {mode: verdict.ModeAuto}, "auto": {mode: verdict.ModeAuto},
			"plan": {mode: verdict.ModePlan}, "bypassPermissions": {mode: verdict.ModeBypass},
			"dontAsk": {mode: verdict.ModeDefault, failClosed: true},
		},
		encode:   encodeClaude,
		read:     readClaude,
		probe:    probeClaude,
		lastWins: true,
		settings: `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":%s,"timeout":30}]}]}}`,
	}
}}

// claudeTools maps Claude Code's tools (2.1.328's: the init message's
// "tools", the deferred ones ToolSearch loads, and older names) onto
// permgate's. Its own tools that touch nothing get a tool of the safe table;
// Monitor carries a shell command (analysed as one) or a WebSocket (handed
// back as "monitor"); ExitWorktree (which may delete a worktree with its
// uncommitted work), WebFetch, WebSearch (Claude Code asks before a search)
// and Workflow are not in the tool table, so Claude Code's own approval
// decides them.
var claudeTools = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"Bash": "bash", "Monitor": "bash",
		"Read": "read_file", "Write": "write_file", "Edit": "edit_file", "MultiEdit": "edit_file", "NotebookEdit": "edit_file",
		"Glob": "glob", "Grep": "grep", "LS": "glob",
		"WebFetch": "web_fetch", "WebSearch": "web_search",
		// A subagent's own tool calls pass the same hook (they carry agent_id).
		"Task": "agent", "Agent": "agent", "ListAgents": "team_list", "SendMessage": "send_message",
		"TodoWrite": "todo_write", "TodoRead": "todo_read", "ExitPlanMode": "exit_plan_mode", "AskUserQuestion": "ask_user",
		"ToolSearch": "tool_search", "Skill": "load_skill", "ReportFindings": "report_findings",
		"ScheduleWakeup": "schedule_wakeup", "CronCreate": "cron_create", "CronDelete": "cron_delete", "CronList": "cron_list",
		"TaskStop": "task_stop", "EnterWorktree": "enter_worktree", "ExitWorktree": "exit_worktree", "Workflow": "workflow",
	}
}}

// encodeClaude is Claude Code's hookSpecificOutput; the exit status is 0.
// No decision (Defer) is no output at all: Claude Code's own permission
// flow then decides, as without the hook. It is never
// "permissionDecision": "defer", which in -p ends the session to resume the
// call later (and is ignored interactively).
func encodeClaude(resp Response) Output {
	if resp.Decision == Defer {
		// No hookSpecificOutput: Claude Code's own permission flow decides.
		return Output{Exit: ExitOK}
	}
	return Output{Stdout: encodeJSON(map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName": "PreToolUse", "permissionDecision": string(resp.Decision), "permissionDecisionReason": resp.Reason,
	}})}
}

// probeClaude is Claude Code's PreToolUse for its Bash tool, with every
// field 2.1.328 sends (testdata/claude/bash-real-2.1.328.json).
func probeClaude(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "transcript_path": "/dev/null", "prompt_id": "permgate-probe",
		"permission_mode": "default", "effort": map[string]any{"level": "medium"}, "hook_event_name": "PreToolUse",
		"tool_name": "Bash", "tool_input": map[string]any{"command": command, "description": "permgate doctor's test call"},
		"tool_use_id": "permgate-probe",
	}
}

// readClaude reads hookSpecificOutput.permissionDecision; no output defers
// (and so, for doctor, does "defer", which is never an allow).
func readClaude(out Output) (verdict.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return verdict.Deny, err
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
	return decisionIn(hso.PermissionDecision, "permissionDecision", map[string]verdict.Decision{
		"allow": verdict.Allow, "ask": verdict.Ask, "deny": verdict.Deny, "defer": Defer, "": Defer,
	})
}
