package harness

import (
	"testing"

	"github.com/permgate/permgate/policy"
)

// TestGeminiTools maps every tool Gemini CLI 0.61.0 offers (the declarations
// it sent the model in compat/suite's sessions, headless and --yolo, and the
// tool names of its bundle) onto permgate's; a tool it does not know keeps
// its name, lower-cased, and the tool table hands it back.
func TestGeminiTools(t *testing.T) {
	h, _ := Lookup("gemini")
	for name, want := range map[string]string{
		"run_shell_command": "bash", "read_file": "read_file", "read_many_files": "read_file",
		"write_file": "write_file", "replace": "edit_file", "list_directory": "glob", "glob": "glob",
		"grep_search": "grep", "web_fetch": "web_fetch", "google_web_search": "web_search",
		"write_todos": "todo_write", "ask_user": "ask_user", "enter_plan_mode": "enter_plan_mode",
		"exit_plan_mode": "exit_plan_mode", "update_topic": "update_topic", "invoke_agent": "agent",
		"complete_task": "complete_task", "activate_skill": "load_skill", "get_internal_docs": "internal_docs",
		"tracker_create_task": "task_create", "tracker_update_task": "task_update", "tracker_add_dependency": "task_update",
		"tracker_get_task": "task_get", "tracker_list_tasks": "task_list", "tracker_visualize": "task_list",
		"list_background_processes": "task_list", "read_background_output": "task_get",
		"mcp_github_create_issue": "mcp_github_create_issue", "Take_Snapshot": "take_snapshot",
	} {
		if got := h.Tool(name); got != want {
			t.Errorf("Tool(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestGeminiOwnToolsSafe: Gemini CLI's own tools that touch nothing are
// allowed by the tool table in every mode, plan included, so that they are
// never asked about (an ask forces Gemini CLI's confirmation).
func TestGeminiOwnToolsSafe(t *testing.T) {
	h, _ := Lookup("gemini")
	defaults := policy.Builtin()
	for _, name := range []string{"update_topic", "enter_plan_mode", "exit_plan_mode", "complete_task", "get_internal_docs",
		"activate_skill", "ask_user", "write_todos", "tracker_get_task", "tracker_list_tasks", "list_background_processes"} {
		tool := h.Tool(name)
		if p := defaults.Tools[tool].Value; p != policy.PolicySafe {
			t.Errorf("%s (%s) has the policy %q, want safe", name, tool, p)
		}
	}
}

// TestGeminiAnswers: the answers permgate gives Gemini CLI, in the form
// 0.61.0 acts on (compat/suite): ask carries the reason as the systemMessage
// its confirmation shows; no decision is an empty object.
func TestGeminiAnswers(t *testing.T) {
	h, _ := Lookup("gemini")
	for _, tt := range []struct {
		decision policy.Decision
		stdout   string
	}{
		{policy.Allow, `{"decision":"allow","reason":"permgate: r"}` + "\n"},
		{policy.Ask, `{"decision":"ask","reason":"permgate: r","systemMessage":"permgate: r"}` + "\n"},
		{policy.Deny, `{"decision":"deny","reason":"permgate: r"}` + "\n"},
		{Defer, "{}\n"},
	} {
		out := h.Encode(Response{Decision: tt.decision, Reason: "permgate: r"})
		if string(out.Stdout) != tt.stdout || out.Exit != ExitOK || len(out.Stderr) != 0 {
			t.Errorf("%s: %q/%q/%d, want %q on stdout, exit 0", tt.decision, out.Stdout, out.Stderr, out.Exit, tt.stdout)
		}
	}
}
