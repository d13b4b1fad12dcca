package fakemodel

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// openaiProtocol is OpenAI's Responses API as Codex CLI calls it: POST
// /v1/responses, always streamed as server-sent events. A tool call is a
// function_call item (arguments as a JSON string) or, for a freeform tool
// such as Codex's apply_patch, a custom_tool_call item (its input as text);
// the harness sends the results back as function_call_output and
// custom_tool_call_output input items.
var openaiProtocol = protocol{
	match: func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/responses") },
	serve: (*Server).openai,
}

// FreeformInput is the key of Call.Input whose string is a freeform tool's
// whole input (Codex's apply_patch takes the patch text, not JSON): a call
// whose Input holds only this key is sent as a custom_tool_call.
const FreeformInput = "freeform"

// openaiRequest is the part of a Responses request the server reads.
type openaiRequest struct {
	Model string `json:"model"`
	Tools []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"tools"`
	Input []openaiItem `json:"input"`
}

// openaiItem is one input item of a request.
type openaiItem struct {
	Type   string          `json:"type"`
	Output json.RawMessage `json:"output"`
}

func (s *Server) openai(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "fakemodel: the Responses API takes POST", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req openaiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "fakemodel: "+err.Error(), http.StatusBadRequest)
		return
	}
	t := Turn{Protocol: "openai", Path: r.URL.Path, Body: body}
	for _, tool := range req.Tools {
		name := tool.Name
		if name == "" {
			name = tool.Type // web_search and the other built-ins have no name
		}
		t.Tools = append(t.Tools, name)
	}
	for _, it := range req.Input {
		if it.Type == "function_call_output" || it.Type == "custom_tool_call_output" {
			t.Results = append(t.Results, openaiOutputText(it.Output))
		}
	}
	step := s.record(t)
	item, err := openaiOutputItem(step, len(t.Results)+1)
	if err != nil {
		http.Error(w, "fakemodel: "+err.Error(), http.StatusInternalServerError)
		return
	}
	openaiStream(w, item, len(t.Results)+1, req.Model)
}

// openaiOutputText is a tool output as text: a string, or the text of the
// content items of a list.
func openaiOutputText(output json.RawMessage) string {
	var text string
	if json.Unmarshal(output, &text) == nil {
		return text
	}
	var items []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(output, &items)
	var parts []string
	for _, it := range items {
		if it.Text != "" {
			parts = append(parts, it.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// openaiOutputItem is a step as the one output item of a response: an
// assistant message, a function_call, or a custom_tool_call.
func openaiOutputItem(step Step, n int) (map[string]any, error) {
	if step.Call == nil {
		return map[string]any{
			"type": "message", "id": fmt.Sprintf("msg_fake%03d", n), "role": "assistant", "status": "completed",
			"content": []map[string]any{{"type": "output_text", "text": step.Text, "annotations": []any{}}},
		}, nil
	}
	callID := fmt.Sprintf("call_fake%03d", n)
	if text, ok := step.Call.Input[FreeformInput].(string); ok && len(step.Call.Input) == 1 {
		return map[string]any{
			"type": "custom_tool_call", "id": fmt.Sprintf("ctc_fake%03d", n), "status": "completed",
			"call_id": callID, "name": step.Call.Tool, "input": text,
		}, nil
	}
	input := step.Call.Input
	if input == nil {
		input = map[string]any{}
	}
	args, err := json.Marshal(input)
	if err != nil {
		return nil, fmt.Errorf("the arguments of %s: %w", step.Call.Tool, err)
	}
	return map[string]any{
		"type": "function_call", "id": fmt.Sprintf("fc_fake%03d", n), "status": "completed",
		"call_id": callID, "name": step.Call.Tool, "arguments": string(args),
	}, nil
}

// openaiStream writes one output item as the Responses API's event stream.
func openaiStream(w http.ResponseWriter, item map[string]any, n int, model string) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	id := fmt.Sprintf("resp_fake%03d", n)
	response := map[string]any{"id": id, "object": "response", "model": model, "status": "in_progress", "output": []any{}}
	sse(w, "response.created", map[string]any{"type": "response.created", "response": response})
	sse(w, "response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	if item["type"] == "message" {
		text := item["content"].([]map[string]any)[0]["text"]
		sse(w, "response.output_text.delta", map[string]any{"type": "response.output_text.delta", "item_id": item["id"], "output_index": 0, "content_index": 0, "delta": text})
	}
	sse(w, "response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	response["status"], response["output"] = "completed", []any{item}
	response["usage"] = map[string]any{
		"input_tokens": 10, "input_tokens_details": map[string]int{"cached_tokens": 0},
		"output_tokens": 10, "output_tokens_details": map[string]int{"reasoning_tokens": 0}, "total_tokens": 20,
	}
	sse(w, "response.completed", map[string]any{"type": "response.completed", "response": response})
}
