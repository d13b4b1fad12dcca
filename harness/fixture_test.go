package harness

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
)

var update = flag.Bool("update", false, "rewrite the expected request and response of every fixture in testdata")

// fixture is one captured hook payload (testdata/<harness>/*.json) with what
// permgate reads from it and how it answers.
type fixture struct {
	// About says what the payload is and where its shape comes from.
	About string `json:"about"`
	// Payload is the hook input, byte for byte as written (repeated keys and
	// escapes stay); PayloadText is one that is not a JSON object; Oversize
	// pads Payload with spaces past MaxInput.
	Payload     json.RawMessage `json:"payload,omitempty"`
	PayloadText *string         `json:"payload_text,omitempty"`
	Oversize    bool            `json:"oversize,omitempty"`
	// Request is the decoded request; Error is Decode's error instead;
	// CommandError is a bash call's CommandErr.
	Request      *Request `json:"request,omitempty"`
	Error        string   `json:"error,omitempty"`
	CommandError string   `json:"command_error,omitempty"`
	// Decision and Reason are the answer to encode; when the payload does
	// not decode, the answer is the deny the hook sends.
	Decision policy.Decision `json:"decision,omitempty"`
	Reason   string          `json:"reason,omitempty"`
	// Response is the answer in the harness's protocol.
	Response *response `json:"response"`
}

type response struct {
	Stdout json.RawMessage `json:"stdout,omitempty"`
	Stderr string          `json:"stderr,omitempty"`
	Exit   int             `json:"exit"`
}

// TestFixtures decodes every captured payload of every harness and encodes
// its answer, and compares both with what the fixture expects.
func TestFixtures(t *testing.T) {
	for _, name := range Names() {
		h, _ := Lookup(name)
		files, err := filepath.Glob(filepath.Join("testdata", name, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Errorf("no fixtures for %s", name)
		}
		for _, file := range files {
			t.Run(name+"/"+strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
				testFixture(t, h, file)
			})
		}
	}
}

func testFixture(t *testing.T, h *Harness, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var fx fixture
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	got, out := runFixture(h, fx)
	if *update {
		writeFixture(t, file, got)
		return
	}
	if got.Error != fx.Error {
		t.Errorf("error %q, want %q", got.Error, fx.Error)
	}
	if got.CommandError != fx.CommandError {
		t.Errorf("command error %q, want %q", got.CommandError, fx.CommandError)
	}
	if !reflect.DeepEqual(got.Request, fx.Request) {
		g, _ := json.Marshal(got.Request)
		w, _ := json.Marshal(fx.Request)
		t.Errorf("request\n  %s\nwant\n  %s", g, w)
	}
	checkFixtureAnswer(t, fx, out)
	if h.Name == "codex" && out.Exit == ExitOK && fx.Decision == policy.Deny {
		t.Errorf("codex let a %s through", fx.Decision)
	}
}

// fixturePayload is the hook input fx holds: its payload, or text that is
// not a JSON object, padded past MaxInput when it is to be oversize.
func fixturePayload(fx fixture) []byte {
	payload := []byte(fx.Payload)
	if fx.PayloadText != nil {
		payload = []byte(*fx.PayloadText)
	}
	if fx.Oversize {
		payload = append(payload, bytes.Repeat([]byte(" "), MaxInput+1-len(payload))...)
	}
	return payload
}

// runFixture decodes fx's payload with h and encodes the answer: fx's
// decision, or the deny the hook sends for a payload that does not decode.
// It returns what the fixture would hold, and the answer.
func runFixture(h *Harness, fx fixture) (fixture, Output) {
	req, err := h.Decode(bytes.NewReader(fixturePayload(fx)))
	var got fixture
	got.About, got.Payload, got.PayloadText, got.Oversize = fx.About, fx.Payload, fx.PayloadText, fx.Oversize
	resp := Response{Decision: fx.Decision, Reason: fx.Reason}
	if err != nil {
		got.Error = err.Error()
		resp = Response{Decision: policy.Deny, Reason: "permgate " + err.Error()}
	} else {
		got.Decision, got.Reason = fx.Decision, fx.Reason
		if req.CommandErr != nil {
			got.CommandError = req.CommandErr.Error()
		}
		r := req
		r.CommandErr, r.Input, r.SessionCwd = nil, nil, "" // not in the JSON
		got.Request = &r
		resp.Event = req.HookEventName
	}
	out := h.Encode(resp)
	got.Response = &response{Stdout: bytes.TrimSuffix(out.Stdout, []byte("\n")), Stderr: string(out.Stderr), Exit: out.Exit}
	return got, out
}

// writeFixture rewrites the fixture file with what was found (-update).
func writeFixture(t *testing.T, file string, got fixture) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkFixtureAnswer compares the answer with the fixture's response.
func checkFixtureAnswer(t *testing.T, fx fixture, out Output) {
	t.Helper()
	if fx.Response == nil {
		t.Fatalf("the fixture has no response")
	}
	var wantStdout []byte
	if len(fx.Response.Stdout) > 0 {
		var b bytes.Buffer
		if err := json.Compact(&b, fx.Response.Stdout); err != nil {
			t.Fatal(err)
		}
		wantStdout = append(b.Bytes(), '\n')
	}
	if string(out.Stdout) != string(wantStdout) || string(out.Stderr) != fx.Response.Stderr || out.Exit != fx.Response.Exit {
		t.Errorf("answer stdout %q stderr %q exit %d, want stdout %q stderr %q exit %d",
			out.Stdout, out.Stderr, out.Exit, wantStdout, fx.Response.Stderr, fx.Response.Exit)
	}
}
