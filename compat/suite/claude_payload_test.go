//go:build compat

package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/compat/fakemodel"
)

// subagentTask marks the prompt of the subagent the payload session starts.
const subagentTask = "SUBAGENT-TASK: list the files"

// TestClaudePayloads captures the hook payloads Claude Code sends for each of
// its tools, the payload of a subagent's call among them, and checks that
// each has the fields and tool_input keys of its fixture in
// harness/testdata/claude (PERMGATE_COMPAT_UPDATE=1 writes the fixtures'
// payloads instead; `go test ./harness -update` then fills in their answers).
func TestClaudePayloads(t *testing.T) {
	c := newClaude(t)
	dir := t.TempDir()
	c.captureHook(t, dir)
	notebook := filepath.Join(c.sb.Work, "n.ipynb")
	if err := os.WriteFile(notebook, []byte(`{"cells":[],"metadata":{},"nbformat":4,"nbformat_minor":5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	main := []fakemodel.Step{
		bash("ls"),
		call("Read", map[string]any{"file_path": filepath.Join(c.sb.Work, "README.md")}),
		call("Write", map[string]any{"file_path": filepath.Join(c.sb.Work, "new.txt"), "content": "one\n"}),
		call("Edit", map[string]any{"file_path": filepath.Join(c.sb.Work, "README.md"), "old_string": "project", "new_string": "the project"}),
		call("Read", map[string]any{"file_path": notebook}),
		call("NotebookEdit", map[string]any{"notebook_path": notebook, "new_source": "print(1)", "cell_type": "code", "edit_mode": "insert"}),
		call("ToolSearch", map[string]any{"query": "select:Monitor,CronCreate,CronDelete,CronList,EnterWorktree,ExitWorktree,SendMessage,TaskStop,WebSearch", "max_results": 20}),
		call("Monitor", map[string]any{"command": "echo hi", "description": "say hi", "timeout_ms": 2000}),
		call("CronCreate", map[string]any{"cron": "0 9 * * *", "prompt": "say hi", "recurring": false}),
		call("CronList", map[string]any{}),
		call("EnterWorktree", map[string]any{"name": "wt1"}),
		call("SendMessage", map[string]any{"to": "main", "summary": "hello", "message": "hello"}),
		call("WebSearch", map[string]any{"query": "hello world"}),
		call("ListAgents", map[string]any{}),
		call("ReportFindings", map[string]any{"level": "low", "findings": []any{}}),
		call("ScheduleWakeup", map[string]any{"stop": true}),
		call("Skill", map[string]any{"skill": "simplify"}),
		call("Agent", map[string]any{"description": "list files", "prompt": subagentTask, "subagent_type": "general-purpose"}),
	}
	sub := []fakemodel.Step{bash("ls")}
	srv := c.serve(t, subagentScript(main, sub))
	c.runWith(t, srv, "--permission-mode", "default")

	calls := readPayloads(t, dir, c.sb.Home)
	var missing []string
	for _, want := range []string{"Bash", "Read", "Write", "Edit", "ToolSearch", "Monitor", "Skill", "Agent", "subagent Bash"} {
		if _, ok := calls[want]; !ok {
			missing = append(missing, want)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("no hook payload for %s; captured %d", strings.Join(missing, ", "), len(calls))
	}
	for name, call := range calls {
		checkFixture(t, name, call)
	}
}

// captureHook registers, by hand, a hook that keeps each payload in dir,
// hands it to the sandbox's permgate and keeps its answer beside it.
func (c *claude) captureHook(t *testing.T, dir string) {
	t.Helper()
	script := filepath.Join(c.sb.Home, "capture-hook")
	body := fmt.Sprintf("#!/bin/sh\nf=$(mktemp %s/payload-XXXXXX)\ncat >\"$f\"\n%s hook claude <\"$f\" >\"$f.answer\"\ns=$?\ncat \"$f.answer\"\nexit $s\n", dir, c.sb.Bin)
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"` + script + `","timeout":30}]}]}}`
	if err := os.MkdirAll(filepath.Dir(c.settingsPath()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.settingsPath(), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
}

// subagentScript answers the main conversation with main and a subagent's
// (whose first message is subagentTask) with sub.
func subagentScript(main, sub []fakemodel.Step) fakemodel.Script {
	mainScript, subScript := fakemodel.Steps("Bash", main...), fakemodel.Steps("Bash", sub...)
	return func(t fakemodel.Turn) fakemodel.Step {
		if strings.Contains(firstUserText(t.Body), subagentTask) {
			return subScript(t)
		}
		return mainScript(t)
	}
}

// firstUserText is the text of a Messages request's first message.
func firstUserText(body []byte) string {
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil || len(req.Messages) == 0 {
		return ""
	}
	return string(req.Messages[0].Content)
}

// captured is one hook call: the payload Claude Code sent, and the decision
// and reason of permgate's answer ("defer" for no output).
type captured struct {
	payload          map[string]any
	decision, reason string
}

// readPayloads reads the captured calls, the first of each tool, keyed by
// the tool's name ("subagent Bash" for a subagent's), with the sandbox's home
// written as /home/user.
func readPayloads(t *testing.T, dir, home string) map[string]captured {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "payload-??????"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	dashed := strings.ReplaceAll(home, "/", "-")
	anonymous := func(text string) string {
		return strings.ReplaceAll(strings.ReplaceAll(text, home, "/home/user"), dashed, "-home-user")
	}
	out := map[string]captured{}
	for _, f := range files {
		var call captured
		if err := json.Unmarshal([]byte(anonymous(readFile(t, f))), &call.payload); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		call.decision, call.reason = "defer", ""
		var answer struct {
			HookSpecificOutput struct {
				PermissionDecision       string `json:"permissionDecision"`
				PermissionDecisionReason string `json:"permissionDecisionReason"`
			} `json:"hookSpecificOutput"`
		}
		if text := anonymous(readFile(t, f+".answer")); strings.TrimSpace(text) != "" {
			if err := json.Unmarshal([]byte(text), &answer); err != nil {
				t.Fatalf("%s.answer: %v\n%s", f, err, text)
			}
			call.decision, call.reason = answer.HookSpecificOutput.PermissionDecision, answer.HookSpecificOutput.PermissionDecisionReason
		}
		name, _ := call.payload["tool_name"].(string)
		if _, sub := call.payload["agent_id"]; sub {
			name = "subagent " + name
		}
		if _, seen := out[name]; !seen {
			out[name] = call
		}
	}
	return out
}

// fixtureVersion is the release the payload fixtures were captured from.
const fixtureVersion = "2.1.328"

// checkFixture compares a captured payload's fields and tool_input keys with
// its fixture's, or writes the fixture when PERMGATE_COMPAT_UPDATE is set.
func checkFixture(t *testing.T, name string, call captured) {
	t.Helper()
	file := filepath.Join(moduleRoot(), "harness", "testdata", "claude",
		strings.ToLower(strings.ReplaceAll(name, " ", "-"))+"-real-"+fixtureVersion+".json")
	if os.Getenv("PERMGATE_COMPAT_UPDATE") != "" {
		fx := map[string]any{
			"about":   fmt.Sprintf("Claude Code %s PreToolUse for %s in default mode, captured by compat/suite with permgate's answer (the sandbox's home written as /home/user)", fixtureVersion, name),
			"payload": call.payload, "decision": call.decision, "reason": call.reason,
		}
		data, _ := json.MarshalIndent(fx, "", "  ")
		if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var fx struct {
		Payload map[string]any `json:"payload"`
	}
	if err := json.Unmarshal([]byte(readFile(t, file)), &fx); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if got, want := shape(call.payload), shape(fx.Payload); got != want {
		t.Errorf("%s: Claude Code sends\n  %s\nwhere the fixture %s holds\n  %s", name, got, file, want)
	}
}

// shape is a payload's top-level fields and tool_input keys, sorted.
func shape(p map[string]any) string {
	keys := func(m map[string]any) string {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return strings.Join(ks, ",")
	}
	in, _ := p["tool_input"].(map[string]any)
	return "fields " + keys(p) + "; tool_input " + keys(in)
}
