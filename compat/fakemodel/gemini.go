package fakemodel

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// geminiProtocol is Google's Gemini API as Gemini CLI calls it: POST
// /v1beta/models/MODEL:streamGenerateContent?alt=sse for the conversation,
// and :generateContent for its side requests (the model router, the
// next-speaker check), which ask for JSON matching a schema they send.
var geminiProtocol = protocol{
	match: func(r *http.Request) bool {
		return strings.Contains(r.URL.Path, "/models/") &&
			(strings.HasSuffix(r.URL.Path, ":streamGenerateContent") || strings.HasSuffix(r.URL.Path, ":generateContent") ||
				strings.HasSuffix(r.URL.Path, ":countTokens"))
	},
	serve: (*Server).gemini,
}

// geminiRequest is the part of a generateContent request the server reads.
type geminiRequest struct {
	Contents []struct {
		Role  string       `json:"role"`
		Parts []geminiPart `json:"parts"`
	} `json:"contents"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	GenerationConfig struct {
		ResponseMimeType   string          `json:"responseMimeType"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
	} `json:"generationConfig"`
}

// geminiPart is one part of a content: text, a function call or a function
// response.
type geminiPart struct {
	Text             string `json:"text"`
	FunctionResponse *struct {
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	} `json:"functionResponse"`
}

func (s *Server) gemini(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if strings.HasSuffix(r.URL.Path, ":countTokens") {
		writeJSON(w, map[string]int{"totalTokens": 10})
		return
	}
	var req geminiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "fakemodel: "+err.Error(), http.StatusBadRequest)
		return
	}
	t := Turn{Protocol: "gemini", Path: r.URL.Path, Body: body}
	for _, tool := range req.Tools {
		for _, fn := range tool.FunctionDeclarations {
			t.Tools = append(t.Tools, fn.Name)
		}
	}
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			if p.FunctionResponse != nil {
				t.Results = append(t.Results, geminiResultText(p.FunctionResponse.Response))
			}
		}
	}
	step := s.record(t)
	if wantsJSON(req) {
		// A side request that parses the answer as JSON: text that fits its
		// schema, whatever the script says.
		step = Step{Text: string(fillSchema(req.GenerationConfig.ResponseJSONSchema, req.GenerationConfig.ResponseSchema))}
	}
	chunk := geminiChunk(step, len(t.Results)+1, modelOf(r.URL.Path))
	if !strings.HasSuffix(r.URL.Path, ":streamGenerateContent") {
		writeJSON(w, chunk)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	sse(w, "", chunk)
}

// wantsJSON reports a request whose answer must be JSON.
func wantsJSON(req geminiRequest) bool {
	return req.GenerationConfig.ResponseMimeType == "application/json"
}

// modelOf is the model a path names: /v1beta/models/MODEL:method.
func modelOf(path string) string {
	_, after, _ := strings.Cut(path, "/models/")
	model, _, _ := strings.Cut(after, ":")
	return model
}

// geminiResultText is a function response as text: its "output" or its
// "error" when it holds one as a string (Gemini CLI's two forms), else the
// response as JSON.
func geminiResultText(response json.RawMessage) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(response, &fields) == nil {
		for _, key := range []string{"output", "error"} {
			var text string
			if json.Unmarshal(fields[key], &text) == nil {
				return text
			}
		}
	}
	return string(response)
}

// geminiChunk is a step as one GenerateContentResponse: the whole answer
// in one candidate, finished.
func geminiChunk(step Step, n int, model string) map[string]any {
	part := map[string]any{"text": step.Text}
	if step.Call != nil {
		args := step.Call.Input
		if args == nil {
			args = map[string]any{}
		}
		part = map[string]any{"functionCall": map[string]any{"id": fmt.Sprintf("call_fake%03d", n), "name": step.Call.Tool, "args": args}}
	}
	return map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]int{"promptTokenCount": 10, "candidatesTokenCount": 10, "totalTokenCount": 20},
		"modelVersion":  model,
		"responseId":    fmt.Sprintf("resp_fake%03d", n),
	}
}

// fillSchema is a JSON value that fits the first schema given that parses
// (OpenAPI's upper-case types or JSON Schema's): each property of an
// object filled in, an enum's first value, a number's minimum (else 1), a
// string "fakemodel"; {} when no schema is given.
func fillSchema(schemas ...json.RawMessage) []byte {
	for _, raw := range schemas {
		var schema map[string]any
		if json.Unmarshal(raw, &schema) == nil && schema != nil {
			out, _ := json.Marshal(fillValue(schema, 0))
			return out
		}
	}
	return []byte("{}")
}

// fillValue fills one schema node, depth levels deep (bounded: a schema
// that refers to itself ends in null).
func fillValue(schema map[string]any, depth int) any {
	if depth > 16 {
		return nil
	}
	if enum, ok := schema["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	typ, _ := schema["type"].(string)
	switch strings.ToLower(typ) {
	case "object":
		obj := map[string]any{}
		props, _ := schema["properties"].(map[string]any)
		for name, sub := range props {
			if m, ok := sub.(map[string]any); ok {
				obj[name] = fillValue(m, depth+1)
			}
		}
		return obj
	case "array":
		return []any{}
	case "boolean":
		return false
	case "integer", "number":
		if min, ok := schema["minimum"].(float64); ok {
			return min
		}
		return 1
	}
	return "fakemodel"
}
