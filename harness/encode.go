package harness

import (
	"bytes"
	"encoding/json"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// Response is permgate's answer to one tool call.
type Response struct {
	// Decision is allow, ask or deny.
	Decision policy.Decision
	// Reason is what the harness shows; it is made safe for a terminal.
	Reason string
	// Event is the hook event answered (Request.HookEventName), "" when the
	// payload could not be read: Cursor answers an ask by event.
	Event string
}

// Output is a Response in a harness's protocol: what to write on standard
// output and standard error, and the exit status.
type Output struct {
	Stdout []byte
	Stderr []byte
	Exit   int
}

// Exit statuses of the hook protocols.
const (
	// ExitOK lets the harness read the answer on standard output (or, for
	// Codex, run the call).
	ExitOK = 0
	// ExitBlock blocks the call in every harness, with the reason on stderr.
	ExitBlock = 2
)

// Encode writes resp in this harness's protocol.
func (h *Harness) Encode(resp Response) Output {
	resp.Reason = validator.OneLine(resp.Reason) // the harness shows it on a terminal
	return h.encode(resp)
}

// encodeClaude is Claude Code's hookSpecificOutput; the exit status is 0.
func encodeClaude(resp Response) Output {
	return Output{Stdout: encodeJSON(map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName": "PreToolUse", "permissionDecision": string(resp.Decision), "permissionDecisionReason": resp.Reason,
	}})}
}

// encodeCodex blocks a deny with exit 2 and the reason on stderr. An allow
// or an ask is exit 0 with no output, which leaves the call to Codex's own
// sandbox and approval: Codex cannot be asked through a hook, and its own
// approval asks when it would. When no one can be asked (fail-closed: a
// dontAsk permission mode, fail_closed in the config, PERMGATE_FAIL_CLOSED),
// policy has already turned the ask into a deny before it gets here.
func encodeCodex(resp Response) Output {
	if resp.Decision == policy.Allow || resp.Decision == policy.Ask {
		return Output{Exit: ExitOK}
	}
	return Output{Stderr: []byte(resp.Reason + "\n"), Exit: ExitBlock}
}

// encodeGemini is Gemini CLI's {"decision","reason"}, exit 0. Gemini CLI
// reads "allow" and "deny" (alias "block") and blocks on a deny only; "ask" is
// not among its decisions. An ask therefore carries no decision, which leaves
// the call to Gemini CLI's own confirmation, with the reason shown to the user
// as a systemMessage. When no one can be asked, policy has already made the
// ask a deny.
func encodeGemini(resp Response) Output {
	switch resp.Decision {
	case policy.Allow:
		return Output{Stdout: encodeJSON(map[string]string{"decision": "allow", "reason": resp.Reason})}
	case policy.Ask:
		return Output{Stdout: encodeJSON(map[string]string{"systemMessage": resp.Reason + " (permgate would ask: Gemini CLI's own confirmation decides)"})}
	}
	return Output{Stdout: encodeJSON(map[string]string{"decision": "deny", "reason": resp.Reason})}
}

// encodeJSON is v as one line of JSON, HTML characters as they are.
func encodeJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // maps of strings always encode: invalid UTF-8 becomes U+FFFD
	return b.Bytes()
}
