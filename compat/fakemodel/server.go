// Package fakemodel is a model server on loopback for the compatibility
// suite: it speaks the wire protocols the agent harnesses call (Anthropic
// Messages, OpenAI Responses, Gemini streamGenerateContent), answers each
// turn from a script, and keeps every request so that a test can read what
// the model was told (a hook's deny reason reaches the model in the next
// request).
package fakemodel

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
)

// Call is a tool call the model makes: the tool's name as the harness
// offers it, and its input.
type Call struct {
	Tool  string
	Input map[string]any
}

// Step is one model answer: a tool call, or, when Call is nil, plain text.
type Step struct {
	Call *Call
	Text string
}

// Turn is one request a harness made, as the server read it.
type Turn struct {
	// Protocol is "anthropic", "openai" or "gemini"; Path the URL path.
	Protocol string
	Path     string
	// Body is the request body as sent.
	Body []byte
	// Tools are the names of the tools the request offers the model.
	Tools []string
	// Results are the texts of the tool results already in the
	// conversation, oldest first: step n of a script answers a turn with n
	// results.
	Results []string
}

// Script answers a turn.
type Script func(Turn) Step

// Steps is the usual script: on a turn that offers the tool main (the
// harness's main conversation), step n answers the turn holding n tool
// results, and plain text once the steps run out; any other turn (a title,
// a summary, a classifier the harness asks on the side) gets plain text.
func Steps(main string, steps ...Step) Script {
	return func(t Turn) Step {
		if !slices.Contains(t.Tools, main) || len(t.Results) >= len(steps) {
			return Step{Text: "done"}
		}
		return steps[len(t.Results)]
	}
}

// Server is a running fake model server.
type Server struct {
	// URL is the server's base address: http://127.0.0.1:PORT.
	URL    string
	http   *httptest.Server
	script Script
	mu     sync.Mutex
	turns  []Turn
}

// Start starts a server on loopback that answers from script.
func Start(script Script) *Server {
	s := &Server{script: script}
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.serve)
	s.http = httptest.NewServer(mux)
	s.URL = s.http.URL
	return s
}

// StartListener starts a server that answers from script on l, a loopback
// listener the caller made (one inside a network namespace of its own, say);
// the server closes it.
func StartListener(l net.Listener, script Script) *Server {
	s := &Server{script: script}
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.serve)
	s.http = httptest.NewUnstartedServer(mux)
	s.http.Listener.Close()
	s.http.Listener = l
	s.http.Start()
	s.URL = s.http.URL
	return s
}

// Close stops the server.
func (s *Server) Close() { s.http.Close() }

// Turns returns the requests read so far, oldest first.
func (s *Server) Turns() []Turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.turns)
}

// Main returns the turns that offered the tool main, oldest first.
func (s *Server) Main(main string) []Turn {
	var out []Turn
	for _, t := range s.Turns() {
		if slices.Contains(t.Tools, main) {
			out = append(out, t)
		}
	}
	return out
}

// record keeps a turn and returns the script's answer to it.
func (s *Server) record(t Turn) Step {
	s.mu.Lock()
	s.turns = append(s.turns, t)
	s.mu.Unlock()
	return s.script(t)
}

// serve dispatches a request to the protocol its path names.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	for _, p := range protocols {
		if p.match(r) {
			p.serve(s, w, r)
			return
		}
	}
	http.Error(w, "fakemodel: no protocol serves "+r.Method+" "+r.URL.Path, http.StatusNotFound)
}

// protocol is one wire protocol the server speaks.
type protocol struct {
	match func(*http.Request) bool
	serve func(*Server, http.ResponseWriter, *http.Request)
}

// protocols are the wire protocols, tried in order; each protocol's file
// adds its entry.
var protocols = []protocol{anthropicProtocol, openaiProtocol, geminiProtocol}

// writeJSON writes v as a JSON response.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// sse writes one server-sent event and flushes it.
func sse(w http.ResponseWriter, event string, data any) {
	body, _ := json.Marshal(data)
	if event != "" {
		_, _ = w.Write([]byte("event: " + event + "\n"))
	}
	_, _ = w.Write([]byte("data: " + string(body) + "\n\n"))
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
