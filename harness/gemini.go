package harness

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// geminiHarness is Gemini CLI's hook protocol (BeforeTool), as 0.61.0 sends
// and reads it (compat/suite, testdata/gemini/*-0.61.0.json). Gemini CLI
// sends no approval mode in the payload (nor in the hook's environment):
// --approval-mode default, auto_edit, plan and --yolo all send the same
// fields, so permgate decides in its own mode.
var geminiHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:     "gemini",
		Title:    "Gemini CLI",
		tools:    geminiTools.Get(),
		encode:   encodeGemini,
		read:     readGemini,
		probe:    probeGemini,
		lastWins: true,
		// Gemini CLI asks in its terminal UI: with no terminal (gemini -p in a
		// pipeline) its confirmation never comes and the session waits forever.
		askNeedsTerminal: true,
		settings:         `{"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"name":"permgate","type":"command","command":%s,"timeout":30000}]}]}}`,
	}
}}

// geminiTools maps Gemini CLI's tools onto permgate's: 0.61.0's (the
// declarations it sends the model, headless and interactive, and the tool
// names of its bundle) and older names. Its own tools that touch nothing of
// the machine (the session's topic, plan mode, a subagent whose every call
// passes the hook itself, a skill's instructions, its task tracker, the list
// and output of its background shells, its bundled docs) get a tool of the
// safe table; web_fetch (which takes URLs inside a prompt), MCP resources and
// save_memory are not in the tool table, so Gemini CLI's own approval decides
// them.
var geminiTools = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"run_shell_command": "bash",
		"read_file":         "read_file", "read_many_files": "read_file",
		"write_file": "write_file", "replace": "edit_file",
		"glob": "glob", "list_directory": "glob",
		"grep_search": "grep", "search_file_content": "grep",
		"web_fetch": "web_fetch", "google_web_search": "web_search",
		"save_memory": "save_memory", "write_todos": "todo_write",
		"ask_user": "ask_user", "enter_plan_mode": "enter_plan_mode", "exit_plan_mode": "exit_plan_mode",
		"update_topic": "update_topic", "invoke_agent": "agent", "complete_task": "complete_task",
		"activate_skill": "load_skill", "get_internal_docs": "internal_docs",
		"tracker_create_task": "task_create", "tracker_update_task": "task_update", "tracker_add_dependency": "task_update",
		"tracker_get_task": "task_get", "tracker_list_tasks": "task_list", "tracker_visualize": "task_list",
		"list_background_processes": "task_list", "read_background_output": "task_get",
	}
}}

// encodeGemini is Gemini CLI's {"decision","reason"}, exit 0.
//
// What 0.61.0 does with each (verified by compat/suite):
//   - deny blocks the call; the model reads "Tool execution blocked: REASON".
//   - ask forces Gemini CLI's own confirmation, --yolo included, with
//     systemMessage shown in it (Gemini shows no reason of an ask). Headless,
//     no one answers it: permgate answers deny there (askNeedsTerminal).
//   - allow does not lift Gemini CLI's own policy: the call is confirmed,
//     refused or run as without the hook, the same as no decision.
//   - no decision (Defer) is {}: Gemini CLI's own policy decides.
func encodeGemini(resp Response) Output {
	switch resp.Decision {
	case verdict.Allow:
		return Output{Stdout: encodeJSON(map[string]string{"decision": "allow", "reason": resp.Reason})}
	case verdict.Ask:
		return Output{Stdout: encodeJSON(map[string]string{"decision": "ask", "reason": resp.Reason, "systemMessage": resp.Reason})}
	case Defer:
		return Output{Stdout: []byte("{}\n")}
	}
	return Output{Stdout: encodeJSON(map[string]string{"decision": "deny", "reason": resp.Reason})}
}

// probeGemini is Gemini CLI's BeforeTool for run_shell_command, with every
// field 0.61.0 sends (testdata/gemini/run-shell-command-real-0.61.0.json).
func probeGemini(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "transcript_path": "/dev/null", "hook_event_name": "BeforeTool",
		"timestamp": "2026-01-01T00:00:00.000Z", "tool_name": "run_shell_command",
		"tool_input": map[string]any{"command": command, "description": "permgate doctor's test call"},
	}
}

// readGemini reads a hook's answer as Gemini CLI 0.61.0 does: the JSON on
// stdout, or else on stderr, whatever the exit status; text that is not
// JSON allows on exit 0 or 1 and denies on any other; no output at all
// leaves the call to Gemini CLI's own policy, even on exit 2.
func readGemini(out Output) (verdict.Decision, error) {
	text := strings.TrimSpace(string(out.Stdout))
	if text == "" {
		text = strings.TrimSpace(string(out.Stderr))
	}
	if text == "" {
		if out.Exit != ExitOK {
			return "", fmt.Errorf("exit %d with no output is a failed hook, and the call runs", out.Exit)
		}
		return Defer, nil
	}
	obj, err := geminiObject(text)
	if err != nil {
		if out.Exit == ExitOK || out.Exit == 1 {
			return "", fmt.Errorf("output that is not one JSON object allows the call: %w", err)
		}
		return verdict.Deny, nil
	}
	if stop, ok := obj["continue"]; ok && strings.TrimSpace(string(stop)) == "false" {
		return verdict.Deny, nil // the whole agent loop stops: the call does not run
	}
	d, err := stringField(obj, "decision")
	if err != nil {
		return "", err
	}
	return decisionIn(d, "decision", geminiDecisions.Get())
}

// geminiObject parses a hook's output as Gemini CLI does: a JSON object, or
// a JSON string holding one.
func geminiObject(text string) (map[string]json.RawMessage, error) {
	var s string
	if json.Unmarshal([]byte(text), &s) == nil {
		text = s
	}
	return readObject([]byte(text), true)
}

// geminiDecisions are the decisions Gemini CLI's BeforeTool reads. An
// "allow", or a decision it does not know, runs nothing past its own policy:
// the call goes on as with no decision.
var geminiDecisions = lazy.Value[map[string]verdict.Decision]{Make: func() map[string]verdict.Decision {
	return map[string]verdict.Decision{
		"allow": verdict.Allow, "approve": verdict.Allow, "deny": verdict.Deny, "block": verdict.Deny, "ask": verdict.Ask, "": Defer,
	}
}}
