package setup

import (
	"strings"
	"testing"
)

// TestMergeJSON: what merging permgate's settings snippet does to a settings
// document — added, replaced in place, left alone — and what it refuses.
func TestMergeJSON(t *testing.T) {
	const pg = `{"type":"command","command":"/p/permgate hook claude"}`
	const old = `{"type":"command","command":"/old/permgate hook claude"}`
	const other = `{"type":"command","command":"lint"}`
	snippet := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[` + pg + `]}]}}`
	tests := []struct {
		name, doc, snippet string
		want               string // the document after, compact; "" when it is refused
		changed            bool
		err                string
	}{
		{"empty document", `{}`, snippet, `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[` + pg + `]}]}}`, true, ""},
		{"already there", `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[` + pg + `]}]}}`, snippet, `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[` + pg + `]}]}}`, false, ""},
		{"an older one is replaced in its place", `{"hooks":{"PreToolUse":[{"hooks":[` + other + `]},{"matcher":"*","hooks":[` + old + `]},{"hooks":[` + other + `]}]}}`, snippet,
			`{"hooks":{"PreToolUse":[{"hooks":[` + other + `]},{"matcher":"*","hooks":[` + pg + `]},{"hooks":[` + other + `]}]}}`, true, ""},
		{"another program's hooks stay, ours go at the end", `{"model":"x","hooks":{"PreToolUse":[{"hooks":[` + other + `]}]}}`, snippet,
			`{"model":"x","hooks":{"PreToolUse":[{"hooks":[` + other + `]},{"matcher":"*","hooks":[` + pg + `]}]}}`, true, ""},
		{"a top-level key is added", `{}`, `{"version":1,"hooks":{"preToolUse":[` + pg + `]}}`, `{"version":1,"hooks":{"preToolUse":[` + pg + `]}}`, true, ""},
		{"the same top-level key is kept", `{"version":1}`, `{"version":1,"hooks":{"preToolUse":[` + pg + `]}}`, `{"version":1,"hooks":{"preToolUse":[` + pg + `]}}`, true, ""},
		{"another version is refused", `{"version":2}`, `{"version":1,"hooks":{"preToolUse":[` + pg + `]}}`, "", false, `f: "version" is 2, where permgate's hook needs 1; permgate does not edit it`},
		{"an event that is not a list is refused", `{"hooks":{"PreToolUse":{}}}`, snippet, "", false, `f: "hooks"."PreToolUse" is not a list; permgate does not edit it`},
		{"a snippet without hooks", `{}`, `{"version":1}`, "", false, "the claude settings snippet has no hooks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := parseJSON("f", []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			snip, err := parseJSON("snippet", []byte(tt.snippet))
			if err != nil {
				t.Fatal(err)
			}
			changed, err := mergeJSON("f", doc, fresh(snip), "claude")
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("mergeJSON = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.ReplaceAll(compact(doc), `": `, `":`); got != tt.want || changed != tt.changed {
				t.Errorf("mergeJSON: %s, changed %v; want %s, changed %v", got, changed, tt.want, tt.changed)
			}
		})
	}
}
