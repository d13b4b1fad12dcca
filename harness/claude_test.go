package harness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClaudeTools decodes a call of each tool Claude Code 2.1.328 offers (its
// init message's "tools" and the deferred ones), with the input it sends,
// into permgate's tool: its own tools get names of the tool table, Monitor
// is a shell command when it carries one.
func TestClaudeTools(t *testing.T) {
	tests := []struct {
		tool, input, want string
		command           string
		paths             []string
	}{
		{"Bash", `{"command":"ls","description":"List"}`, "bash", "ls", nil},
		{"Monitor", `{"description":"watch","timeout_ms":2000,"command":"tail -f log"}`, "bash", "tail -f log", nil},
		{"Monitor", `{"description":"watch","ws":{"url":"ws://127.0.0.1:1/"}}`, "monitor", "", nil},
		{"Read", `{"file_path":"/p/a"}`, "read_file", "", []string{"/p/a"}},
		{"Write", `{"file_path":"/p/a","content":"x"}`, "write_file", "", []string{"/p/a"}},
		{"Edit", `{"file_path":"/p/a","old_string":"x","new_string":"y"}`, "edit_file", "", []string{"/p/a"}},
		{"NotebookEdit", `{"notebook_path":"/p/n.ipynb","new_source":"x"}`, "edit_file", "", []string{"/p/n.ipynb"}},
		{"ToolSearch", `{"query":"select:Monitor","max_results":5}`, "tool_search", "", nil},
		{"Agent", `{"description":"d","prompt":"p","subagent_type":"general-purpose"}`, "agent", "", nil},
		{"Task", `{"description":"d","prompt":"p"}`, "agent", "", nil},
		{"Skill", `{"skill":"simplify"}`, "load_skill", "", nil},
		{"ListAgents", `{}`, "team_list", "", nil},
		{"SendMessage", `{"to":"main","summary":"s","message":"m"}`, "send_message", "", nil},
		{"ReportFindings", `{"level":"low","findings":[]}`, "report_findings", "", nil},
		{"ScheduleWakeup", `{"stop":true}`, "schedule_wakeup", "", nil},
		{"CronCreate", `{"cron":"0 9 * * *","prompt":"p","recurring":false}`, "cron_create", "", nil},
		{"CronDelete", `{"id":"x"}`, "cron_delete", "", nil},
		{"CronList", `{}`, "cron_list", "", nil},
		{"TaskStop", `{"task_id":"x"}`, "task_stop", "", nil},
		{"EnterWorktree", `{"name":"wt1"}`, "enter_worktree", "", nil},
		{"EnterWorktree", `{"path":"/p/.claude/worktrees/wt1"}`, "enter_worktree", "", []string{"/p/.claude/worktrees/wt1"}},
		{"ExitWorktree", `{"action":"remove","discard_changes":true}`, "exit_worktree", "", nil},
		{"WebSearch", `{"query":"q"}`, "web_search", "", nil},
		{"WebFetch", `{"url":"https://example.com","prompt":"p"}`, "web_fetch", "", nil},
		{"Workflow", `{"name":"deep-research"}`, "workflow", "", nil},
		{"DeferredToolPlaceholder", `{}`, "deferredtoolplaceholder", "", nil},
	}
	h, _ := Lookup("claude")
	for _, tt := range tests {
		payload := `{"session_id":"s","cwd":"/p","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"` +
			tt.tool + `","tool_input":` + tt.input + `,"tool_use_id":"t"}`
		req, err := h.Decode(strings.NewReader(payload))
		if err != nil {
			t.Errorf("%s %s: %v", tt.tool, tt.input, err)
			continue
		}
		if req.Tool != tt.want || req.Command != tt.command || strings.Join(req.Paths, " ") != strings.Join(tt.paths, " ") {
			t.Errorf("%s %s: tool %q command %q paths %q, want %q %q %q", tt.tool, tt.input, req.Tool, req.Command, req.Paths, tt.want, tt.command, tt.paths)
		}
		if tt.want == "bash" && req.CommandErr != nil {
			t.Errorf("%s %s: %v", tt.tool, tt.input, req.CommandErr)
		}
	}
}

// TestClaudeDefer: no decision is no output at all, which Claude Code reads
// as a hook that did not decide; "defer" would end a -p session.
func TestClaudeDefer(t *testing.T) {
	h, _ := Lookup("claude")
	out := h.Encode(Response{Decision: Defer, Reason: "permgate: no decision", Event: "PreToolUse"})
	if len(out.Stdout) != 0 || len(out.Stderr) != 0 || out.Exit != ExitOK {
		t.Fatalf("defer: stdout %q stderr %q exit %d, want nothing and exit 0", out.Stdout, out.Stderr, out.Exit)
	}
	d, err := h.ReadAnswer(out.Stdout, out.Stderr, out.Exit)
	if err != nil || d != Defer {
		t.Fatalf("read back as %s, %v", d, err)
	}
}

// TestClaudeProbeShape: doctor's test call has the fields, and the Bash
// tool_input keys, that Claude Code 2.1.328 sends (its captured payload).
func TestClaudeProbeShape(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "claude", "bash-real-2.1.328.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Payload map[string]any `json:"payload"`
	}
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatal(err)
	}
	h, _ := Lookup("claude")
	var probe map[string]any
	if err := json.Unmarshal(h.ProbePayload("/p"), &probe); err != nil {
		t.Fatal(err)
	}
	if got, want := payloadShape(probe), payloadShape(fx.Payload); got != want {
		t.Fatalf("the probe has %s, Claude Code sends %s", got, want)
	}
}

// payloadShape is a payload's fields and tool_input keys, sorted.
func payloadShape(p map[string]any) string {
	keys := func(m map[string]any) string {
		ks := make([]string, 0, len(m))
		for k := range m {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return strings.Join(ks, ",")
	}
	in, _ := p["tool_input"].(map[string]any)
	return keys(p) + "; tool_input " + keys(in)
}
