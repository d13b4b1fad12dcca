package fakemodel

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// anthropicProtocol is Anthropic's Messages API (Claude Code, and Copilot
// CLI in its bring-your-own-model mode): POST /v1/messages, streamed as
// server-sent events when the request says "stream": true, and its
// count_tokens.
var anthropicProtocol = protocol{
	match: func(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/v1/messages") },
	serve: (*Server).anthropic,
}

// anthropicRequest is the part of a Messages request the server reads.
type anthropicRequest struct {
	Stream bool `json:"stream"`
	Model  string
	Tools  []struct {
		Name string `json:"name"`
	} `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// anthropicBlock is one content block of a message.
type anthropicBlock struct {
	Type    string          `json:"type"`
	Text    string          `json:"text"`
	Content json.RawMessage `json:"content"`
}

func (s *Server) anthropic(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/count_tokens") {
		writeJSON(w, map[string]int{"input_tokens": 10})
		return
	}
	var req anthropicRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "fakemodel: "+err.Error(), http.StatusBadRequest)
		return
	}
	t := Turn{Protocol: "anthropic", Path: r.URL.Path, Body: body}
	for _, tool := range req.Tools {
		t.Tools = append(t.Tools, tool.Name)
	}
	for _, m := range req.Messages {
		var blocks []anthropicBlock
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue // a plain string
		}
		for _, b := range blocks {
			if b.Type == "tool_result" {
				t.Results = append(t.Results, anthropicResultText(b.Content))
			}
		}
	}
	step := s.record(t)
	n := len(t.Results) + 1
	if !req.Stream {
		writeJSON(w, anthropicMessage(step, n, req.Model))
		return
	}
	anthropicStream(w, step, n, req.Model)
}

// anthropicResultText is a tool result's content as text: a string, or the
// text blocks of a list.
func anthropicResultText(content json.RawMessage) string {
	var text string
	if json.Unmarshal(content, &text) == nil {
		return text
	}
	var blocks []anthropicBlock
	_ = json.Unmarshal(content, &blocks)
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// anthropicContent is a step as a message's content blocks, and its stop
// reason.
func anthropicContent(step Step, n int) ([]map[string]any, string) {
	if step.Call == nil {
		return []map[string]any{{"type": "text", "text": step.Text}}, "end_turn"
	}
	input := step.Call.Input
	if input == nil {
		input = map[string]any{}
	}
	return []map[string]any{{"type": "tool_use", "id": fmt.Sprintf("toolu_fake%03d", n), "name": step.Call.Tool, "input": input}}, "tool_use"
}

func anthropicMessage(step Step, n int, model string) map[string]any {
	content, stop := anthropicContent(step, n)
	return map[string]any{
		"id": fmt.Sprintf("msg_fake%03d", n), "type": "message", "role": "assistant", "model": model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]int{"input_tokens": 10, "output_tokens": 10},
	}
}

// anthropicStream writes a step as the Messages API's event stream.
func anthropicStream(w http.ResponseWriter, step Step, n int, model string) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	msg := anthropicMessage(step, n, model)
	content := msg["content"].([]map[string]any)
	msg["content"], msg["stop_reason"] = []any{}, nil
	sse(w, "message_start", map[string]any{"type": "message_start", "message": msg})
	for i, block := range content {
		switch block["type"] {
		case "text":
			sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": map[string]any{"type": "text", "text": ""}})
			sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": map[string]any{"type": "text_delta", "text": block["text"]}})
		case "tool_use":
			input, _ := json.Marshal(block["input"])
			start := map[string]any{"type": "tool_use", "id": block["id"], "name": block["name"], "input": map[string]any{}}
			sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": start})
			sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
		}
		sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	_, stop := anthropicContent(step, n)
	sse(w, "message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 10}})
	sse(w, "message_stop", map[string]any{"type": "message_stop"})
}
