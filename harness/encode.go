package harness

import (
	"bytes"
	"encoding/json"

	"github.com/permgate/permgate/internal/jsonw"
	"github.com/permgate/permgate/internal/termtext"
	"github.com/permgate/permgate/verdict"
)

// Response is permgate's answer to one tool call.
type Response struct {
	// Decision is allow, ask or deny.
	Decision verdict.Decision
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
	resp.Reason = termtext.OneLine(resp.Reason) // the harness shows it on a terminal
	return h.encode(resp)
}

// encodeJSON is v as one line of JSON, HTML characters as they are.
func encodeJSON(v any) []byte {
	if out, ok := jsonw.Append(make([]byte, 0, 256), v, false); ok {
		return append(out, '\n') // without reflection: see internal/jsonw
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // maps of strings always encode: invalid UTF-8 becomes U+FFFD
	return b.Bytes()
}
