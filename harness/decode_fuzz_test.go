package harness

import (
	"bytes"
	"testing"
)

// FuzzDecodeAll: no payload makes a harness's decoder panic.
func FuzzDecodeAll(f *testing.F) {
	f.Add([]byte(`{"hook_event_name":"beforeMCPExecution","tool_name":"x","tool_input":"{\"command\":\"ls\"}","cwd":"/"}`))
	f.Add([]byte(`{"toolName":"write_bash","toolArgs":"{\"input\":\"ls{enter}\"}","cwd":"/","timestamp":1}`))
	f.Add([]byte(`{"tool_name":"write_stdin","tool_input":{"chars":"ls\n","workdir":"a"},"cwd":"/"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range Names() {
			h, _ := Lookup(name)
			if req, err := h.Decode(bytes.NewReader(data)); err == nil {
				h.Encode(Response{Decision: "deny", Reason: req.Command, Event: req.HookEventName})
			}
		}
	})
}
