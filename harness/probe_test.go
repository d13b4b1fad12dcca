package harness

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
)

// TestProbePayload: each harness's probe decodes as that harness's shell
// tool running ProbeCommand in the cwd given.
func TestProbePayload(t *testing.T) {
	for _, name := range Names() {
		h, _ := Lookup(name)
		for _, cwd := range []string{"/tmp/project", ""} {
			payload := h.ProbePayload(cwd)
			if !json.Valid(payload) {
				t.Fatalf("%s: probe is not JSON: %s", name, payload)
			}
			req, err := h.Decode(bytes.NewReader(payload))
			if err != nil {
				t.Fatalf("%s: probe does not decode: %v\n%s", name, err, payload)
			}
			if req.Tool != "bash" || req.Command != ProbeCommand || !req.CommandValid || req.Cwd != cwd {
				t.Errorf("%s: probe decodes as %+v", name, req)
			}
		}
	}
}

// TestReadAnswerRoundTrip: what Encode writes for each decision reads back
// as that decision, except where the harness has no such answer: Codex
// leaves both an allow and an ask to its own approval, Cursor cannot ask at
// preToolUse or beforeReadFile, and OpenCode's plugin leaves an allow to
// OpenCode and blocks an ask.
func TestReadAnswerRoundTrip(t *testing.T) {
	deferred := map[string]map[policy.Decision]policy.Decision{
		"codex": {policy.Allow: Defer, policy.Ask: Defer},
		// permgate's OpenCode plugin leaves an allow to OpenCode's own
		// permissions, and blocks an ask: OpenCode cannot be asked from a
		// plugin.
		"opencode": {policy.Allow: Defer, policy.Ask: policy.Deny},
	}
	events := map[string]string{"cursor": "beforeShellExecution"}
	for _, name := range Names() {
		h, _ := Lookup(name)
		for _, d := range []policy.Decision{policy.Allow, policy.Ask, policy.Deny} {
			out := h.Encode(Response{Decision: d, Reason: "permgate: because \"quoted\"\nand more", Event: events[name]})
			got, err := h.ReadAnswer(out.Stdout, out.Stderr, out.Exit)
			want := d
			if w, ok := deferred[name][d]; ok {
				want = w
			}
			if err != nil || got != want {
				t.Errorf("%s: %s encoded as %q/%q/%d reads back as %q, %v; want %q", name, d, out.Stdout, out.Stderr, out.Exit, got, err, want)
			}
		}
	}
}

// TestReadAnswer reads answers the harnesses would and would not understand.
func TestReadAnswer(t *testing.T) {
	tests := []struct {
		harness        string
		stdout, stderr string
		exit           int
		want           policy.Decision
		err            string // part of the error; "" when it reads
	}{
		{harness: "codex", exit: 2, stderr: "permgate: denied\n", want: policy.Deny},
		{harness: "codex", exit: 0, want: Defer},
		{harness: "codex", exit: 2, err: "no reason on stderr"},
		{harness: "codex", exit: 1, stderr: "boom", err: "exit 1 is a failed hook"},
		{harness: "codex", exit: 0, stdout: "hello", err: "not one JSON object"},
		{harness: "codex", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, err: "not a PermissionRequest decision"},
		{harness: "codex", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, want: policy.Allow},
		{harness: "codex", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"m"}}}`, want: policy.Deny},
		{harness: "codex", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"ask"}}}`, err: `behavior "ask" is none of`},
		{harness: "codex", exit: 0, stdout: `{"continue":true}`, err: "no hookSpecificOutput"},
		{harness: "codex", exit: 127, stderr: "permgate: not found", err: "exit 127 is a failed hook"},
		{harness: "claude", exit: 0, want: Defer},
		{harness: "claude", exit: 2, stderr: "no", want: policy.Deny},
		{harness: "claude", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer"}}`, want: Defer},
		{harness: "claude", exit: 0, stdout: `{"continue":true}`, want: Defer},
		{harness: "claude", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"block"}}`, err: `permissionDecision "block" is none of`},
		{harness: "claude", exit: 0, stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, err: "not PreToolUse"},
		{harness: "claude", exit: 0, stdout: `{"hookSpecificOutput":{"permissionDecision":7}}`, err: "hookSpecificOutput"},
		{harness: "claude", exit: 0, stdout: "denied", err: "not one JSON object"},
		{harness: "claude", exit: 127, err: "exit 127"},
		{harness: "gemini", exit: 0, stdout: `{"decision":"block","reason":"r"}`, want: policy.Deny},
		{harness: "gemini", exit: 2, stderr: "r", want: policy.Deny},
		{harness: "gemini", exit: 0, stdout: `{"decision":"maybe"}`, err: `decision "maybe"`},
		{harness: "gemini", exit: 0, stdout: `{"decision":1}`, err: "decision is not a string"},
		{harness: "gemini", exit: 0, stdout: `{"decision":"deny"} {}`, err: "not one JSON object"},
		// Gemini CLI 0.61.0 (compat/suite): ask forces its confirmation; {}
		// and no output leave the call to its own policy; the JSON decides
		// whatever the exit status; text that is not JSON allows on exit 0 or
		// 1, denies on any other; exit 2 with no output at all runs the call.
		{harness: "gemini", exit: 0, stdout: `{"decision":"ask","systemMessage":"r"}`, want: policy.Ask},
		{harness: "gemini", exit: 0, stdout: "{}\n", want: Defer},
		{harness: "gemini", exit: 0, want: Defer},
		{harness: "gemini", exit: 2, stdout: `{"decision":"allow"}`, want: policy.Allow},
		{harness: "gemini", exit: 0, stdout: `"{\"decision\":\"deny\"}"`, want: policy.Deny},
		{harness: "gemini", exit: 0, stdout: `{"continue":false,"stopReason":"r"}`, want: policy.Deny},
		{harness: "gemini", exit: 127, stderr: "bash: line 1: /gone/permgate: No such file or directory", want: policy.Deny},
		{harness: "gemini", exit: 1, stderr: "boom", err: "allows the call"},
		{harness: "gemini", exit: 0, stdout: "denied", err: "allows the call"},
		{harness: "gemini", exit: 2, err: "exit 2 with no output"},
		{harness: "cursor", exit: 0, stdout: `{"permission":"ask"}`, want: policy.Ask},
		{harness: "cursor", exit: 0, err: "no answer on stdout"},
		{harness: "cursor", exit: 0, stdout: `{"permission":"block"}`, err: `permission "block"`},
		{harness: "cursor", exit: 2, stderr: "no", want: policy.Deny},
		{harness: "cursor", exit: 1, err: "exit 1"},
		{harness: "copilot", exit: 0, want: Defer},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecision":"deny","permissionDecisionReason":"r"}`, want: policy.Deny},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecision":"maybe"}`, err: `permissionDecision "maybe"`},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecision":"ask","permissionDecisionReason":"r"}`, want: policy.Ask},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecision":"allow"}`, want: policy.Allow},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecisionReason":"r"}`, want: Defer},
		{harness: "copilot", exit: 0, stdout: `{"permissionDecision":5}`, err: "permissionDecision is not a string"},
		{harness: "copilot", exit: 0, stdout: "deny", err: "not one JSON object"},
		{harness: "copilot", exit: 2, want: policy.Deny},
		{harness: "copilot", exit: 1, err: "exit 1"},
		{harness: "copilot", exit: 127, err: "exit 127"},
		{harness: "opencode", exit: 0, stdout: `{"decision":"defer","reason":"r"}`, want: Defer},
		{harness: "opencode", exit: 0, stdout: `{"decision":"allow"}`, want: Defer},
		{harness: "opencode", exit: 0, stdout: `{"decision":"ask","reason":"r"}`, want: policy.Deny},
		{harness: "opencode", exit: 2, stderr: "r", want: policy.Deny},
		{harness: "opencode", exit: 0, err: "no answer on stdout"},
		{harness: "opencode", exit: 0, stdout: `{"decision":"block"}`, err: `decision "block"`},
		{harness: "opencode", exit: 0, stdout: `{"decision":true}`, err: "decision is not a string"},
		{harness: "opencode", exit: 1, err: "exit 1"},
	}
	for _, tt := range tests {
		h, _ := Lookup(tt.harness)
		got, err := h.ReadAnswer([]byte(tt.stdout), []byte(tt.stderr), tt.exit)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %q/%q/%d: %q, %v; want an error with %q", tt.harness, tt.stdout, tt.stderr, tt.exit, got, err, tt.err)
			}
		case err != nil || got != tt.want:
			t.Errorf("%s %q/%q/%d: %q, %v; want %q", tt.harness, tt.stdout, tt.stderr, tt.exit, got, err, tt.want)
		}
	}
}

// TestCodexByEvent: at PreToolUse Codex takes no allow or ask, so both leave
// the call to its own approval; at PermissionRequest an allow answers that
// approval, and an ask or no decision leaves it to the user (or Codex's
// automatic reviewer). A deny blocks at both.
func TestCodexByEvent(t *testing.T) {
	h, _ := Lookup("codex")
	tests := []struct {
		event    string
		decision policy.Decision
		want     policy.Decision
	}{
		{"PreToolUse", policy.Allow, Defer},
		{"PreToolUse", policy.Ask, Defer},
		{"PreToolUse", Defer, Defer},
		{"PreToolUse", policy.Deny, policy.Deny},
		{"PermissionRequest", policy.Allow, policy.Allow},
		{"PermissionRequest", policy.Ask, Defer},
		{"PermissionRequest", Defer, Defer},
		{"PermissionRequest", policy.Deny, policy.Deny},
		{"", policy.Allow, Defer},
	}
	for _, tt := range tests {
		out := h.Encode(Response{Decision: tt.decision, Reason: "permgate: r", Event: tt.event})
		got, err := h.ReadAnswer(out.Stdout, out.Stderr, out.Exit)
		if err != nil || got != tt.want {
			t.Errorf("%q %s: answered %q/%q/%d, read as %s (%v); want %s", tt.event, tt.decision, out.Stdout, out.Stderr, out.Exit, got, err, tt.want)
		}
	}
}

// TestCursorAskByEvent: Cursor is asked at beforeShellExecution and
// beforeMCPExecution; at the other events, or when the event is not known,
// an ask is a deny.
func TestCursorAskByEvent(t *testing.T) {
	h, _ := Lookup("cursor")
	for event, want := range map[string]policy.Decision{
		"beforeShellExecution": policy.Ask, "beforeMCPExecution": policy.Ask,
		"preToolUse": policy.Deny, "beforeReadFile": policy.Deny, "": policy.Deny,
	} {
		out := h.Encode(Response{Decision: policy.Ask, Reason: "permgate: r", Event: event})
		got, err := h.ReadAnswer(out.Stdout, out.Stderr, out.Exit)
		if err != nil || got != want {
			t.Errorf("%q: ask answered %s (%v), want %s", event, got, err, want)
		}
	}
}
