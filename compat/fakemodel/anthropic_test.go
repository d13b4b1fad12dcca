package fakemodel

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// post sends a Messages request to the server and returns the response body.
func post(t *testing.T, s *Server, path, body string) (string, http.Header) {
	t.Helper()
	resp, err := http.Post(s.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s: %s", path, resp.Status, data)
	}
	return string(data), resp.Header
}

// sseEvents reads a server-sent event stream into its events' data, in order.
func sseEvents(t *testing.T, stream string) []map[string]any {
	t.Helper()
	var events []map[string]any
	sc := bufio.NewScanner(strings.NewReader(stream))
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		events = append(events, ev)
	}
	return events
}

const (
	// firstTurn offers Bash and holds no tool result.
	firstTurn = `{"model":"m","stream":%s,"tools":[{"name":"Bash"},{"name":"Read"}],"messages":[{"role":"user","content":"go"}]}`
	// secondTurn holds one tool result as a list of text blocks and one as a
	// string.
	secondTurn = `{"model":"m","stream":%s,"tools":[{"name":"Bash"}],"messages":[
		{"role":"user","content":[{"type":"text","text":"go"}]},
		{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"Bash","input":{"command":"ls"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":[{"type":"text","text":"README.md"},{"type":"text","text":"go.mod"}]}]},
		{"role":"assistant","content":[{"type":"tool_use","id":"b","name":"Bash","input":{"command":"rm -rf x"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"b","is_error":true,"content":"denied: no"}]}]}`
)

func turn(format, stream string) string { return strings.Replace(format, "%s", stream, 1) }

// TestAnthropicMessage: a request without streaming gets the script's step as
// one message, a tool call with its input, and the turn is recorded with its
// tools and results.
func TestAnthropicMessage(t *testing.T) {
	s := Start(Steps("Bash", Step{Call: &Call{Tool: "Bash", Input: map[string]any{"command": "ls"}}}))
	defer s.Close()
	body, _ := post(t, s, "/v1/messages", turn(firstTurn, "false"))
	var msg struct {
		Type       string `json:"type"`
		Role       string `json:"role"`
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type, ID, Name string
			Input          map[string]any
		} `json:"content"`
	}
	if err := json.Unmarshal([]byte(body), &msg); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if msg.Type != "message" || msg.Role != "assistant" || msg.StopReason != "tool_use" || len(msg.Content) != 1 {
		t.Fatalf("message %s", body)
	}
	c := msg.Content[0]
	if c.Type != "tool_use" || c.Name != "Bash" || c.Input["command"] != "ls" || c.ID == "" {
		t.Fatalf("content %s", body)
	}
	turns := s.Turns()
	if len(turns) != 1 || turns[0].Protocol != "anthropic" || strings.Join(turns[0].Tools, ",") != "Bash,Read" || len(turns[0].Results) != 0 {
		t.Fatalf("turns %+v", turns)
	}
}

// TestAnthropicStream: a streamed request gets the Messages event stream —
// message_start, the block's start, delta and stop, message_delta with the
// stop reason, message_stop — and step n answers the turn with n results.
func TestAnthropicStream(t *testing.T) {
	steps := []Step{
		{Call: &Call{Tool: "Bash", Input: map[string]any{"command": "ls"}}},
		{Call: &Call{Tool: "Bash", Input: map[string]any{"command": "rm -rf x"}}},
		{Text: "all done"},
	}
	s := Start(Steps("Bash", steps...))
	defer s.Close()
	body, header := post(t, s, "/v1/messages?beta=true", turn(secondTurn, "true"))
	if ct := header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := sseEvents(t, body)
	var types []string
	for _, ev := range events {
		types = append(types, ev["type"].(string))
	}
	want := "message_start content_block_start content_block_delta content_block_stop message_delta message_stop"
	if got := strings.Join(types, " "); got != want {
		t.Fatalf("events %s, want %s", got, want)
	}
	delta := events[2]["delta"].(map[string]any)
	if delta["type"] != "text_delta" || delta["text"] != "all done" {
		t.Fatalf("delta %v", delta)
	}
	if stop := events[4]["delta"].(map[string]any)["stop_reason"]; stop != "end_turn" {
		t.Fatalf("stop reason %v", stop)
	}
	main := s.Main("Bash")
	if len(main) != 1 || strings.Join(main[0].Results, "|") != "README.md\ngo.mod|denied: no" {
		t.Fatalf("results %q", main[0].Results)
	}
}

// TestAnthropicStreamToolUse: a streamed tool call carries its input as one
// input_json_delta that parses to the step's input.
func TestAnthropicStreamToolUse(t *testing.T) {
	input := map[string]any{"command": "echo \"hi\"", "description": "say hi"}
	s := Start(Steps("Bash", Step{Call: &Call{Tool: "Bash", Input: input}}))
	defer s.Close()
	body, _ := post(t, s, "/v1/messages", turn(firstTurn, "true"))
	events := sseEvents(t, body)
	start := events[1]["content_block"].(map[string]any)
	if start["type"] != "tool_use" || start["name"] != "Bash" {
		t.Fatalf("block %v", start)
	}
	delta := events[2]["delta"].(map[string]any)
	var got map[string]any
	if err := json.Unmarshal([]byte(delta["partial_json"].(string)), &got); err != nil || got["command"] != input["command"] {
		t.Fatalf("partial_json %v: %v", delta["partial_json"], err)
	}
	if stop := events[4]["delta"].(map[string]any)["stop_reason"]; stop != "tool_use" {
		t.Fatalf("stop reason %v", stop)
	}
}

// TestAnthropicSideTurns: a turn that does not offer the main tool (a title,
// a classifier) gets plain text, and count_tokens is answered and not
// recorded.
func TestAnthropicSideTurns(t *testing.T) {
	s := Start(Steps("Bash", Step{Call: &Call{Tool: "Bash", Input: map[string]any{"command": "ls"}}}))
	defer s.Close()
	body, _ := post(t, s, "/v1/messages", `{"model":"m","messages":[{"role":"user","content":"title?"}]}`)
	if !strings.Contains(body, `"text":"done"`) {
		t.Fatalf("side turn got %s", body)
	}
	body, _ = post(t, s, "/v1/messages/count_tokens", `{"model":"m","messages":[]}`)
	if !strings.Contains(body, "input_tokens") {
		t.Fatalf("count_tokens got %s", body)
	}
	if n := len(s.Turns()); n != 1 {
		t.Fatalf("%d turns recorded, want 1", n)
	}
	resp, err := http.Post(s.URL+"/v1/messages", "application/json", strings.NewReader("{not json"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a body that is not JSON got %s", resp.Status)
	}
}

// TestStartListener: a server started on a listener of the caller's answers
// on it.
func TestStartListener(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := StartListener(l, Steps("Bash"))
	defer s.Close()
	if s.URL != "http://"+l.Addr().String() {
		t.Fatalf("URL %s, listener %s", s.URL, l.Addr())
	}
	if body, _ := post(t, s, "/v1/messages", turn(firstTurn, "false")); !strings.Contains(body, `"text":"done"`) {
		t.Fatalf("got %s", body)
	}
}
