package harness

import "github.com/permgate/permgate/policy"

// geminiHarness is Gemini CLI's hook protocol.
var geminiHarness = &Harness{
	Name:  "gemini",
	Title: "Gemini CLI",
	tools: map[string]string{
		"run_shell_command": "bash", "read_file": "read_file", "read_many_files": "read_file", "write_file": "write_file",
		"replace": "edit_file", "glob": "glob", "list_directory": "glob", "grep_search": "grep", "search_file_content": "grep",
		"web_fetch": "web_fetch", "google_web_search": "web_search", "save_memory": "save_memory",
		"write_todos": "todo_write",
	},
	encode:   encodeGemini,
	read:     readGemini,
	probe:    probeGemini,
	lastWins: true,
	settings: `{"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"name":"permgate","type":"command","command":%s,"timeout":30000}]}]}}`,
}

// encodeGemini is Gemini CLI's {"decision","reason"}, exit 0. Gemini CLI
// reads "allow" and "deny" (alias "block") and blocks on a deny only; "ask" is
// not among its decisions. An ask therefore carries no decision, which leaves
// the call to Gemini CLI's own confirmation, with the reason shown to the user
// as a systemMessage. When no one can be asked, policy has already made the
// ask a deny.
func encodeGemini(resp Response) Output {
	switch resp.Decision {
	case Defer:
		// No decision: Gemini CLI's own policy and confirmation decide.
		return Output{Stdout: []byte("{}\n")}
	case policy.Allow:
		return Output{Stdout: encodeJSON(map[string]string{"decision": "allow", "reason": resp.Reason})}
	case policy.Ask:
		return Output{Stdout: encodeJSON(map[string]string{"systemMessage": resp.Reason + " (permgate would ask: Gemini CLI's own confirmation decides)"})}
	}
	return Output{Stdout: encodeJSON(map[string]string{"decision": "deny", "reason": resp.Reason})}
}

// probeGemini is Gemini CLI's BeforeTool for run_shell_command.
func probeGemini(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00Z",
		"tool_name": "run_shell_command", "tool_input": map[string]any{"command": command},
	}
}

// readGemini reads Gemini CLI's {"decision"}: exit 2 blocks too.
func readGemini(out Output) (policy.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return policy.Deny, err
	}
	obj, err := stdoutObject(out.Stdout)
	if obj == nil || err != nil {
		return Defer, err
	}
	d, err := stringField(obj, "decision")
	if err != nil {
		return "", err
	}
	return decisionIn(d, "decision", geminiDecisions)
}

// geminiDecisions are the decisions Gemini CLI's BeforeTool reads.
// "ask" is in Gemini CLI's types but blocks nothing: the call goes on to its
// own confirmation, as with no decision.
var geminiDecisions = map[string]policy.Decision{
	"allow": policy.Allow, "approve": policy.Allow, "deny": policy.Deny, "block": policy.Deny, "ask": Defer, "": Defer,
}
