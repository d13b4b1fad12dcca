package harness

import (
	"bytes"
	"errors"

	"github.com/permgate/permgate/policy"
)

// codexHarness is Codex CLI's hook protocol.
var codexHarness = &Harness{
	Name:  "codex",
	Title: "Codex",
	tools: map[string]string{
		"Bash": "bash", "shell": "bash", "shell_command": "bash", "exec_command": "bash", "apply_patch": "apply_patch",
		"write_stdin": "bash",
		"spawn_agent": "task_create", "Agent": "task_create",
	},
	modes: map[string]mode{
		"default": {mode: policy.ModeDefault}, "acceptEdits": {mode: policy.ModeDefault}, "plan": {mode: policy.ModePlan},
		"bypassPermissions": {mode: policy.ModeBypass}, "dontAsk": {mode: policy.ModeDefault, failClosed: true},
	},
	encode:    encodeCodex,
	read:      readCodex,
	typed:     map[string]string{"write_stdin": "chars"},
	askDefers: true,
	probe:     probeCodex,
	settings: "# ~/.codex/config.toml (then trust the hook once in Codex's /hooks)\n" +
		"[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = 30",
}

// encodeCodex blocks a deny with exit 2 and the reason on stderr. An allow
// or an ask is exit 0 with no output, which leaves the call to Codex's own
// sandbox and approval: Codex cannot be asked through a hook, and its own
// approval asks when it would. When no one can be asked (fail-closed: a
// dontAsk permission mode, fail_closed in the config, PERMGATE_FAIL_CLOSED),
// policy has already turned the ask into a deny before it gets here.
func encodeCodex(resp Response) Output {
	if resp.Decision == policy.Allow || resp.Decision == policy.Ask || resp.Decision == Defer {
		return Output{Exit: ExitOK}
	}
	return Output{Stderr: []byte(resp.Reason + "\n"), Exit: ExitBlock}
}

// probeCodex is Codex's PreToolUse for its Bash tool.
func probeCodex(command string) map[string]any {
	return map[string]any{
		"session_id": "permgate-probe", "turn_id": "permgate-probe", "hook_event_name": "PreToolUse",
		"model": "permgate-probe", "permission_mode": "default",
		"tool_name": "Bash", "tool_input": map[string]any{"command": command}, "tool_use_id": "permgate-probe",
	}
}

// readCodex reads Codex's answer: exit 2 with a reason blocks, exit 0 with
// no output leaves the call to Codex's own approval.
func readCodex(out Output) (policy.Decision, error) {
	if blocked, err := blockedByExit(out); blocked || err != nil {
		return policy.Deny, err
	}
	if len(bytes.TrimSpace(out.Stdout)) == 0 {
		return Defer, nil
	}
	return "", errors.New("permgate answers Codex with an exit status, never on stdout")
}
