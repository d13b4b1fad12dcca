package harness

import (
	"encoding/json"
	"fmt"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// Codex's hook events permgate answers.
const (
	// codexPreToolUse runs before every tool call Codex makes.
	codexPreToolUse = "PreToolUse"
	// codexPermissionRequest runs when Codex would ask for its own approval
	// (a command that asks to leave the sandbox, an edit outside the
	// workspace): only in a mode where Codex asks, never when its approval
	// policy is "never".
	codexPermissionRequest = "PermissionRequest"
)

// codexHarness is Codex CLI's hook protocol.
//
// Codex 0.169 sends permission_mode "bypassPermissions" whenever its
// approval policy is "never" — every `codex exec`, whatever -s and -c
// approval_policy say, and the TUI with -a never or
// --dangerously-bypass-approvals-and-sandbox — and "default" when it asks
// (the TUI with an approval policy that asks, `codex exec --approve-for-me`).
// Nothing in the payload or the hook's environment tells `codex exec` from
// a TUI that bypasses, so bypassPermissions is not permgate's bypass: it is
// auto mode in which no one can be asked. What has no finding goes back to
// Codex (its sandbox decides, as without permgate); what permgate would ask
// about is denied, since no approval will come.
var codexHarness = lazy.Value[*Harness]{Make: func() *Harness {
	return &Harness{
		Name:  "codex",
		Title: "Codex",
		tools: map[string]string{
			"Bash": "bash", "shell": "bash", "shell_command": "bash", "exec_command": "bash", "apply_patch": "apply_patch",
			"write_stdin": "bash",
			"spawn_agent": "task_create", "Agent": "task_create",
			// view_image reads the file at its path and shows it to the model.
			"view_image": "read_file",
		},
		modes: map[string]mode{
			"default": {mode: verdict.ModeDefault}, "acceptEdits": {mode: verdict.ModeDefault}, "plan": {mode: verdict.ModePlan},
			"bypassPermissions": {mode: verdict.ModeAuto, failClosed: true},
			"dontAsk":           {mode: verdict.ModeDefault, failClosed: true},
		},
		encode:    encodeCodex,
		read:      readCodex,
		typed:     map[string]string{"write_stdin": "chars"},
		askDefers: true,
		// Codex 0.169 (its TUI's default approval, exec --approve-for-me) runs
		// a command its sandbox contains without a prompt: an interactive shell
		// permgate asks about was started, and what was typed into it ran.
		unseenAsks: []string{codexPreToolUse, ""},
		probe:      probeCodex,
		settings: "# ~/.codex/config.toml (then trust both hooks once in Codex's /hooks)\n" +
			"[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = %[1]s\ntimeout = 30\n" +
			"[[hooks.PermissionRequest]]\nmatcher = \"*\"\n[[hooks.PermissionRequest.hooks]]\ntype = \"command\"\ncommand = %[1]s\ntimeout = 30",
	}
}}

// encodeCodex blocks a deny with exit 2 and the reason on stderr, at either
// event. At PreToolUse an allow, an ask and no decision are all exit 0 with
// no output, which leaves the call to Codex's own sandbox and approval
// (Codex 0.169 refuses permissionDecision allow and ask there). At
// PermissionRequest an allow answers Codex's own approval prompt with
// {"behavior": "allow"}; an ask or no decision is exit 0 with no output, and
// Codex's approval (the user, or its automatic reviewer) decides. When no
// one can be asked (fail-closed: permission_mode bypassPermissions or
// dontAsk, fail_closed in the config, PERMGATE_FAIL_CLOSED), policy has
// already turned the ask into a deny before it gets here.
func encodeCodex(resp Response) Output {
	switch {
	case resp.Decision == verdict.Allow && resp.Event == codexPermissionRequest:
		return Output{Stdout: encodeJSON(map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName": codexPermissionRequest, "decision": map[string]string{"behavior": "allow"},
		}})}
	case resp.Decision == verdict.Allow || resp.Decision == verdict.Ask || resp.Decision == Defer:
		return Output{Exit: ExitOK}
	}
	return Output{Stderr: []byte(resp.Reason + "\n"), Exit: ExitBlock}
}

// probeCodex is Codex's PreToolUse for its shell tool as Codex 0.169 sends it
// from `codex exec` (harness/testdata/codex/exec-ls-0.169.0.json).
func probeCodex(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "turn_id": "permgate-probe", "transcript_path": nil,
		"hook_event_name": codexPreToolUse, "model": "permgate-probe", "permission_mode": "bypassPermissions",
		"tool_name": "Bash", "tool_input": map[string]any{"command": command}, "tool_use_id": "permgate-probe",
	}
}

// readCodex reads Codex's answer: exit 2 with a reason blocks, exit 0 with
// no output leaves the call to Codex's own approval, and at PermissionRequest
// hookSpecificOutput.decision.behavior allow or deny answers that approval.
func readCodex(out Output) (verdict.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return verdict.Deny, err
	}
	obj, err := stdoutObject(out.Stdout)
	if obj == nil || err != nil {
		return Defer, err
	}
	var hso struct {
		HookEventName string `json:"hookEventName"`
		Decision      *struct {
			Behavior string `json:"behavior"`
		} `json:"decision"`
	}
	specific, ok := obj["hookSpecificOutput"]
	if !ok {
		return "", fmt.Errorf("stdout has no hookSpecificOutput")
	}
	if err := json.Unmarshal(specific, &hso); err != nil {
		return "", fmt.Errorf("hookSpecificOutput: %w", err)
	}
	if hso.HookEventName != codexPermissionRequest || hso.Decision == nil {
		// Codex 0.169 supports no decision on stdout at PreToolUse.
		return "", fmt.Errorf("hookSpecificOutput is not a PermissionRequest decision (Codex takes no other answer on stdout)")
	}
	return decisionIn(hso.Decision.Behavior, "decision.behavior", map[string]verdict.Decision{
		"allow": verdict.Allow, "deny": verdict.Deny,
	})
}
