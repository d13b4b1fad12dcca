package fakemodel

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// geminiBody is a request as Gemini CLI 0.61.0 sends it: the conversation
// with a function call and its response, and the tools it offers.
const geminiBody = `{"contents":[
 {"role":"user","parts":[{"text":"go"}]},
 {"role":"model","parts":[{"functionCall":{"id":"c1","name":"run_shell_command","args":{"command":"rm -rf ~/victimdir"}}}]},
 {"role":"user","parts":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"error":"Tool execution blocked: permgate: denied"}}}]},
 {"role":"model","parts":[{"functionCall":{"id":"c2","name":"read_file","args":{"file_path":"README.md"}}}]},
 {"role":"user","parts":[{"functionResponse":{"id":"c2","name":"read_file","response":{"output":"# project\n"}}}]}],
 "tools":[{"functionDeclarations":[{"name":"run_shell_command"},{"name":"read_file"}]}],
 "generationConfig":{"temperature":1}}`

// TestGeminiStream: a streamGenerateContent turn is read (its tools, the
// function responses as results) and answered with the script's step as
// server-sent events.
func TestGeminiStream(t *testing.T) {
	s := Start(Steps("run_shell_command",
		Step{Call: &Call{Tool: "run_shell_command", Input: map[string]any{"command": "ls"}}},
		Step{Call: &Call{Tool: "read_file", Input: map[string]any{"file_path": "README.md"}}},
		Step{Call: &Call{Tool: "run_shell_command", Input: map[string]any{"command": "pwd"}}},
	))
	defer s.Close()
	resp := postGemini(t, s.URL+"/v1beta/models/gemini-x:streamGenerateContent?alt=sse", geminiBody)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	chunks := sseData(t, resp.Body)
	if len(chunks) != 1 {
		t.Fatalf("%d events, want 1", len(chunks))
	}
	call := chunks[0]["candidates"].([]any)[0].(map[string]any)["content"].(map[string]any)["parts"].([]any)[0].(map[string]any)["functionCall"].(map[string]any)
	if call["name"] != "run_shell_command" || call["args"].(map[string]any)["command"] != "pwd" {
		t.Errorf("the third step's call is %v", call)
	}
	turns := s.Main("run_shell_command")
	if len(turns) != 1 {
		t.Fatalf("%d main turns", len(turns))
	}
	want := []string{"Tool execution blocked: permgate: denied", "# project\n"}
	if got := turns[0].Results; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("results %q, want %q", got, want)
	}
	if turns[0].Protocol != "gemini" || strings.Join(turns[0].Tools, ",") != "run_shell_command,read_file" {
		t.Errorf("turn %+v", turns[0])
	}
}

// TestGeminiJSONSideRequest: a generateContent that asks for JSON (the
// model router's, the next-speaker check's) gets text that fits its schema,
// not the script's step.
func TestGeminiJSONSideRequest(t *testing.T) {
	s := Start(Steps("run_shell_command", Step{Call: &Call{Tool: "run_shell_command"}}))
	defer s.Close()
	for _, tt := range []struct{ schema, want string }{
		{`{"type":"OBJECT","properties":{"complexity_reasoning":{"type":"STRING"},"complexity_score":{"type":"INTEGER"}}}`,
			`{"complexity_reasoning":"fakemodel","complexity_score":1}`},
		{`{"type":"object","properties":{"next_speaker":{"type":"string","enum":["user","model"]},"n":{"type":"number","minimum":3}}}`,
			`{"n":3,"next_speaker":"user"}`},
	} {
		body := `{"contents":[{"role":"user","parts":[{"text":"route"}]}],"generationConfig":{"responseMimeType":"application/json","responseJsonSchema":` + tt.schema + `}}`
		resp := postGemini(t, s.URL+"/v1beta/models/gemini-lite:generateContent", body)
		var out map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		text := out["candidates"].([]any)[0].(map[string]any)["content"].(map[string]any)["parts"].([]any)[0].(map[string]any)["text"]
		if text != tt.want {
			t.Errorf("schema %s: text %v, want %s", tt.schema, text, tt.want)
		}
	}
	if n := len(s.Turns()); n != 2 {
		t.Errorf("%d turns recorded, want 2", n)
	}
}

// TestGeminiUnknownPath: a path no protocol serves is a 404 naming it.
func TestGeminiUnknownPath(t *testing.T) {
	s := Start(Steps("x"))
	defer s.Close()
	resp, err := http.Post(s.URL+"/v1beta/models/m:embedContent", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("status %d, want 404", resp.StatusCode)
	}
}

func postGemini(t *testing.T, url, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(resp.Body)
		t.Fatalf("status %d: %s", resp.StatusCode, data)
	}
	return resp
}

// sseData reads the JSON of each "data:" line of an event stream.
func sseData(t *testing.T, r io.Reader) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		out = append(out, m)
	}
	return out
}
