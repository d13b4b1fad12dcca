package fakemodel

import (
	"bufio"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// sseEvent is one server-sent event: its name and its data as decoded.
type sseEvent struct {
	Name string
	Data map[string]any
}

// postResponses sends one Responses request and reads the event stream.
func postResponses(t *testing.T, s *Server, body string) []sseEvent {
	t.Helper()
	resp, err := http.Post(s.URL+"/v1/responses", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %s", resp.Status)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q, want text/event-stream", ct)
	}
	var events []sseEvent
	var name string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			name = v
		}
		if v, ok := strings.CutPrefix(line, "data: "); ok {
			var data map[string]any
			if err := json.Unmarshal([]byte(v), &data); err != nil {
				t.Fatalf("event %s: %v", name, err)
			}
			if data["type"] != name {
				t.Errorf("event %q carries type %v", name, data["type"])
			}
			events = append(events, sseEvent{name, data})
		}
	}
	return events
}

// names lists the events' names.
func names(events []sseEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Name
	}
	return out
}

// doneItem is the item of the stream's response.output_item.done.
func doneItem(t *testing.T, events []sseEvent) map[string]any {
	t.Helper()
	for _, e := range events {
		if e.Name == "response.output_item.done" {
			item, _ := e.Data["item"].(map[string]any)
			return item
		}
	}
	t.Fatalf("no response.output_item.done in %v", names(events))
	return nil
}

const codexTools = `"tools":[{"type":"function","name":"exec_command"},{"type":"custom","name":"apply_patch"},{"type":"web_search"}]`

func TestOpenAIResponses(t *testing.T) {
	s := Start(Steps("exec_command",
		Step{Call: &Call{Tool: "exec_command", Input: map[string]any{"cmd": "ls"}}},
		Step{Call: &Call{Tool: "apply_patch", Input: map[string]any{FreeformInput: "*** Begin Patch\n*** End Patch\n"}}},
	))
	defer s.Close()
	tests := []struct {
		name, body string
		want       map[string]any // fields of the item answered
		results    []string
	}{
		{
			name: "no result yet: the first step's function call",
			body: `{"model":"gpt-5.5","stream":true,` + codexTools + `,"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"go"}]}]}`,
			want: map[string]any{"type": "function_call", "name": "exec_command", "arguments": `{"cmd":"ls"}`, "call_id": "call_fake001"},
		},
		{
			name: "one function_call_output: the freeform step as a custom tool call",
			body: `{"model":"gpt-5.5",` + codexTools + `,"input":[{"type":"function_call","call_id":"c1","name":"exec_command","arguments":"{}"},` +
				`{"type":"function_call_output","call_id":"c1","output":"denied: permgate"}]}`,
			want:    map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": "*** Begin Patch\n*** End Patch\n", "call_id": "call_fake002"},
			results: []string{"denied: permgate"},
		},
		{
			name: "a custom_tool_call_output and content items count too: plain text",
			body: `{"model":"gpt-5.5",` + codexTools + `,"input":[{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"a"},{"type":"input_text","text":"b"}]},` +
				`{"type":"custom_tool_call_output","call_id":"c2","output":"patched"}]}`,
			want:    map[string]any{"type": "message", "role": "assistant"},
			results: []string{"a\nb", "patched"},
		},
		{
			name: "a turn without the main tool (a side request): plain text",
			body: `{"model":"gpt-5.5","tools":[],"input":[]}`,
			want: map[string]any{"type": "message"},
		},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events := postResponses(t, s, tt.body)
			wantNames := []string{"response.created", "response.output_item.added", "response.output_item.done", "response.completed"}
			if tt.want["type"] == "message" {
				wantNames = []string{"response.created", "response.output_item.added", "response.output_text.delta", "response.output_item.done", "response.completed"}
			}
			if got := names(events); !reflect.DeepEqual(got, wantNames) {
				t.Fatalf("events %v, want %v", got, wantNames)
			}
			item := doneItem(t, events)
			for k, v := range tt.want {
				if item[k] != v {
					t.Errorf("item %s = %#v, want %#v", k, item[k], v)
				}
			}
			completed := events[len(events)-1].Data["response"].(map[string]any)
			if _, ok := completed["usage"].(map[string]any); !ok || completed["id"] == "" {
				t.Errorf("response.completed has no id or usage: %v", completed)
			}
			turn := s.Turns()[i]
			if turn.Protocol != "openai" || turn.Path != "/v1/responses" {
				t.Errorf("turn %s %s", turn.Protocol, turn.Path)
			}
			if !reflect.DeepEqual(turn.Results, tt.results) {
				t.Errorf("results %q, want %q", turn.Results, tt.results)
			}
		})
	}
	if got := s.Turns()[0].Tools; !reflect.DeepEqual(got, []string{"exec_command", "apply_patch", "web_search"}) {
		t.Errorf("tools %v", got)
	}
	if got := len(s.Main("exec_command")); got != 3 {
		t.Errorf("%d main turns, want 3", got)
	}
}

func TestOpenAIRefusesOthers(t *testing.T) {
	s := Start(Steps("exec_command"))
	defer s.Close()
	resp, err := http.Get(s.URL + "/v1/responses")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %s", resp.Status)
	}
	resp, err = http.Post(s.URL+"/v1/responses", "application/json", strings.NewReader("{not json"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad JSON: %s", resp.Status)
	}
}
