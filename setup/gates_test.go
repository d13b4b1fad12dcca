package setup

import "testing"

// TestGatesShell: where a registration of permgate's hook reaches the
// harness's shell tool calls and where it reaches none — version, event,
// matcher (at both levels), type and shape.
func TestGatesShell(t *testing.T) {
	const c = `"command":"/p/permgate hook claude"`
	const cu = `"command":"/p/permgate hook cursor"`
	tests := []struct {
		harness, doc string
		want         bool
	}{
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command",` + c + `}]}]}}`, true},
		{"claude", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command",` + c + `}]}]}}`, true},
		{"claude", `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command",` + c + `}]}]}}`, true},
		{"claude", `{"hooks":{"PreToolUse":[{"matcher":"Ba","hooks":[{"type":"command",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"matcher":"(","hooks":[{"type":"command",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"matcher":1,"hooks":[{"type":"command",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","matcher":"Read",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{"type":1,` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"prompt",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":{"type":"command",` + c + `}}]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":[["x"]]}}`, false},
		{"claude", `{"hooks":{"PreToolUse":{"hooks":[{"type":"command",` + c + `}]}}}`, false},
		{"claude", `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command",` + c + `}]}]}}`, false},
		{"claude", `{"hooks":[]}`, false},
		{"claude", `{}`, false},
		{"claude", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"other"}]},{"hooks":[{"type":"command",` + c + `}]}]}}`, true},
		{"cursor", `{"version":1,"hooks":{"beforeShellExecution":[{` + cu + `}]}}`, true},
		{"cursor", `{"version":"1","hooks":{"beforeShellExecution":[{` + cu + `}]}}`, false},
		{"cursor", `{"version":{},"hooks":{"beforeShellExecution":[{` + cu + `}]}}`, false},
		{"cursor", `{"version":[1],"hooks":{"beforeShellExecution":[{` + cu + `}]}}`, false},
		{"cursor", `{"hooks":{"beforeShellExecution":[{` + cu + `}]}}`, false},
		{"cursor", `{"version":1,"hooks":{"beforeShellExecution":[{"matcher":"Shell",` + cu + `}]}}`, false},
		{"cursor", `{"version":1,"hooks":{"beforeShellExecution":[{"matcher":"*",` + cu + `}]}}`, true},
		{"cursor", `{"version":1,"hooks":{"preToolUse":[{"matcher":"Shell|Read",` + cu + `}]}}`, true},
		{"cursor", `{"version":1,"hooks":{"preToolUse":[{"matcher":"Read",` + cu + `}]}}`, false},
		{"opencode", `{}`, true},
	}
	for _, tt := range tests {
		doc, err := parseJSON("settings.json", []byte(tt.doc))
		if err != nil {
			t.Fatalf("%s: %v", tt.doc, err)
		}
		if got := gatesShell(doc, tt.harness); got != tt.want {
			t.Errorf("gatesShell(%s, %s) = %v, want %v", tt.harness, tt.doc, got, tt.want)
		}
	}
}
