package harness

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzHarnessDecode reads arbitrary payloads with every harness's own
// decoder (Cursor's events, Copilot CLI's toolArgs string among them),
// seeded with every fixture. It must not panic; a decoded call has a tool
// name and valid-UTF-8 names and cwd, an absolute cwd or none, and a shell
// command marked valid is valid UTF-8.
func FuzzHarnessDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.json"))
	for _, file := range files {
		var fx fixture
		if data, err := os.ReadFile(file); err == nil && json.Unmarshal(data, &fx) == nil && len(fx.Payload) > 0 {
			f.Add([]byte(fx.Payload))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range Names() {
			h, _ := Lookup(name)
			if req, err := h.Decode(bytes.NewReader(data)); err == nil {
				checkDecoded(t, name, data, req) // every decoding error is a deny in the hook
			}
		}
	})
}

// checkDecoded checks a call harness name decoded from data: it has a tool,
// valid-UTF-8 names and cwd, an absolute cwd or none, and a shell command
// marked valid is valid UTF-8.
func checkDecoded(t *testing.T, name string, data []byte, req Request) {
	t.Helper()
	if req.ToolName == "" || req.Tool == "" {
		t.Fatalf("%s: a call without a tool: %q", name, data)
	}
	if !utf8.ValidString(req.ToolName) || !utf8.ValidString(req.Cwd) {
		t.Fatalf("%s: invalid UTF-8 passed in the tool name or cwd", name)
	}
	if req.Cwd != "" && !filepath.IsAbs(req.Cwd) {
		t.Fatalf("%s: relative cwd %q passed", name, req.Cwd)
	}
	if req.Tool == "bash" && req.CommandErr == nil && req.CommandValid && !utf8.ValidString(req.Command) {
		t.Fatalf("%s: command %q marked valid", name, req.Command)
	}
}
