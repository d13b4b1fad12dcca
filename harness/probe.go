package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/permgate/permgate/verdict"
)

// Defer is the answer of a hook that leaves the call to the harness's own
// approval: Codex's exit 0 with no output, Claude Code's exit 0 with nothing
// on standard output.
const Defer = verdict.Defer

// ProbeCommand is the command of a probe payload: a catastrophic delete that
// also reaches permgate's own config (self_modify), so permgate denies it in
// every mode, bypass with bypass = "everything" included. Only severe = "ask"
// makes it an ask (answered as the harness answers an ask), and fail-closed
// turns that back into a deny.
const ProbeCommand = "rm -rf --no-preserve-root / ~/.config/permgate"

// ProbePayload is a call of the harness's shell tool running ProbeCommand in
// cwd (left out when ""), in the harness's own input format: a hook that
// answers it with anything but a deny does not protect that harness.
func (h *Harness) ProbePayload(cwd string) []byte {
	fields := h.probe(ProbeCommand)
	if cwd != "" {
		fields["cwd"] = cwd
	}
	return encodeJSON(fields)
}

// ReadAnswer reads a hook's answer as the harness would: its decision (allow,
// ask, deny, or Defer when the hook leaves the call to the harness's own
// approval). It is an error when the harness would not understand the answer
// — an exit status it takes for a failed hook, output it cannot parse, a
// decision it does not know.
func (h *Harness) ReadAnswer(stdout, stderr []byte, exit int) (verdict.Decision, error) {
	d, err := h.read(Output{Stdout: stdout, Stderr: stderr, Exit: exit})
	if err != nil {
		return "", fmt.Errorf("%s would not understand the hook's answer: %w", h.Title, err)
	}
	return d, nil
}

// blockedByExit reads the exit statuses every JSON harness shares: 2 blocks
// with the reason on stderr, 0 lets the harness read stdout, any other is a
// failed hook, whose call the harness runs.
func blockedByExit(out Output) (blocked bool, err error) {
	switch out.Exit {
	case ExitOK:
		return false, nil
	case ExitBlock:
		if len(bytes.TrimSpace(out.Stderr)) == 0 {
			return true, errors.New("exit 2 with no reason on stderr")
		}
		return true, nil
	}
	return false, fmt.Errorf("exit %d is a failed hook, and the call runs", out.Exit)
}

// stdoutObject reads a hook's stdout as one JSON object; nil when empty.
func stdoutObject(stdout []byte) (map[string]json.RawMessage, error) {
	if len(bytes.TrimSpace(stdout)) == 0 {
		return nil, nil
	}
	obj, err := readObject(stdout, true)
	if err != nil {
		return nil, fmt.Errorf("stdout is not one JSON object: %w", err)
	}
	return obj, nil
}

// decisionIn looks a decision up among those the harness reads.
func decisionIn(value, field string, known map[string]verdict.Decision) (verdict.Decision, error) {
	if d, ok := known[value]; ok {
		return d, nil
	}
	names := make([]string, 0, len(known))
	for k := range known {
		if k != "" {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return "", fmt.Errorf("%s %q is none of %s", field, value, strings.Join(names, ", "))
}
