package policy

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/validator"
)

// ToolPolicy is what happens to a tool call when no rule decides.
type ToolPolicy string

// Tool policies, loosest first.
const (
	// PolicySafe allows in every mode, plan included.
	PolicySafe ToolPolicy = "safe"
	// PolicyAllow allows outside plan mode; plan denies.
	PolicyAllow ToolPolicy = "allow"
	// PolicyAuto asks in default mode, allows in auto, denies in plan.
	PolicyAuto ToolPolicy = "auto"
	// PolicyHarness hands the call back to the harness (Defer) in
	// default, auto and bypass; plan denies. A tool the table does not
	// know has it.
	PolicyHarness ToolPolicy = "harness"
	// PolicyAsk asks in default and auto, denies in plan.
	PolicyAsk ToolPolicy = "ask"
	// PolicyDeny denies outside bypass.
	PolicyDeny ToolPolicy = "deny"
)

var policyOrder = lazy.Value[map[ToolPolicy]int]{Make: func() map[ToolPolicy]int {
	return map[ToolPolicy]int{PolicySafe: 0, PolicyAllow: 1, PolicyAuto: 2, PolicyHarness: 3, PolicyAsk: 4, PolicyDeny: 5}
}}

// UnknownTool is the policy of a tool the table does not know.
const UnknownTool = PolicyHarness

// ParseToolPolicy reads a tool policy name.
func ParseToolPolicy(s string) (ToolPolicy, error) {
	p := ToolPolicy(s)
	if _, ok := policyOrder.Get()[p]; !ok {
		return "", fmt.Errorf("unknown tool policy %q (want safe, allow, auto, harness, ask or deny)", s)
	}
	return p, nil
}

// Stricter reports whether p is at least as strict as q.
func (p ToolPolicy) Stricter(q ToolPolicy) bool { return policyOrder.Get()[p] >= policyOrder.Get()[q] }

// builtinTools is the tool table: bash is not in it, it goes through the analysis.
var builtinTools = lazy.Value[map[string]ToolPolicy]{Make: func() map[string]ToolPolicy {
	return map[string]ToolPolicy{
		"read_file": PolicySafe, "glob": PolicySafe, "grep": PolicySafe, "todo_read": PolicySafe, "todo_write": PolicySafe,
		"load_skill": PolicySafe, "task_list": PolicySafe, "task_get": PolicySafe, "team_list": PolicySafe,
		"edit_file": PolicyAllow, "task_create": PolicyAllow, "task_update": PolicyAllow,
		"write_file": PolicyAuto,
		// A harness's own conversation tools touch nothing.
		"ask_user": PolicySafe, "exit_plan_mode": PolicySafe,
		// Claude Code's own tools (2.1.328) that touch nothing of the machine and
		// that it runs without asking itself (verified by compat/suite): loading
		// deferred tools' schemas, a subagent (whose every call passes the hook
		// itself), a message to another agent, a report for its UI, a wake-up or
		// the list of scheduled prompts. Its WebSearch is not here: Claude Code
		// asks before a search, so the search is handed back.
		"tool_search": PolicySafe, "agent": PolicySafe, "send_message": PolicySafe, "report_findings": PolicySafe,
		"schedule_wakeup": PolicySafe, "cron_list": PolicySafe,
		// Its tools that change its own state, not a file a call names: a
		// scheduled prompt (its calls pass the hook when it fires), a background
		// task stopped, a new git worktree entered. Plan mode denies them.
		"cron_create": PolicyAllow, "cron_delete": PolicyAllow, "task_stop": PolicyAllow, "enter_worktree": PolicyAllow,
		// Gemini CLI's own tools (0.61.0) that touch nothing of the machine: the
		// session's topic, entering its plan mode (which only narrows what runs),
		// a subagent's final answer, and its bundled documentation.
		"update_topic": PolicySafe, "enter_plan_mode": PolicySafe, "complete_task": PolicySafe, "internal_docs": PolicySafe,
	}
}}

// ToolCall is a harness's request to use a tool other than bash.
type ToolCall struct {
	// Tool is permgate's tool name (read_file, write_file …).
	Tool string
	// Path is the file the tool reads or writes, when it has one.
	Path string
	// Findings are what the analysis found in the call's paths
	// (validator.CheckPath): a secret read, a write of permgate's own files …
	Findings []validator.Finding
}

// ToolTable gives each tool's policy; a tool missing from it is handed back
// to the harness (UnknownTool).
type ToolTable map[string]ToolPolicy

// Policy returns a tool's policy.
func (t ToolTable) Policy(tool string) ToolPolicy {
	if p, ok := t[strings.ToLower(tool)]; ok {
		return p
	}
	return UnknownTool
}

// sameTool reports whether a rule for tool a covers a call of tool b: write_file
// and edit_file both change files, so a rule for one holds for the other.
func sameTool(a, b string) bool {
	if a == b {
		return true
	}
	writes := map[string]bool{"write_file": true, "edit_file": true}
	return writes[a] && writes[b]
}

// DecideTool decides a tool call: deny rules and deny action policies for
// the tool's class (ToolClass); a severe finding denies (in bypass too,
// unless bypass = "everything"; severe = "ask" asks instead outside bypass);
// bypass allows; plan mode; a non-severe finding asks; ask rules and ask
// actions, allow rules and allow actions, and the tool's policy in the mode.
func DecideTool(call ToolCall, s Settings, rules RuleSet, table ToolTable, pc PathContext) Outcome {
	tool := strings.ToLower(call.Tool)
	m := toolMatch{tool: tool, abs: call.Path, pc: pc, what: tool, actions: s.Actions}
	if m.abs != "" && !filepath.IsAbs(m.abs) && pc.Cwd != "" {
		m.abs = filepath.Join(pc.Cwd, m.abs)
	}
	if call.Path != "" {
		m.what += " " + call.Path
	}
	what := m.what
	if out, ok := m.step(rules.Deny, ActionDeny); ok {
		return out
	}
	worst := worstFinding(call.Findings)
	if worst != nil && worst.Severity == validator.Severe && !(s.Mode == ModeBypass && s.BypassEverything && !validator.HasKind(call.Findings, "self_modify")) {
		reason := what + ": " + worst.Reason + " (" + string(worst.Kind) + ")"
		if s.SevereAsk && s.Mode != ModeBypass {
			return Outcome{Decision: Ask, Reason: reason, By: "severity"}
		}
		return Outcome{Decision: Deny, Reason: reason, By: "severity"}
	}
	if s.Mode == ModeBypass {
		for _, f := range call.Findings {
			if f.Kind == finding.TooComplex || f.Kind == finding.ParseError {
				// As for a command: bypass trusts the user about what
				// permgate can read, not about what it cannot.
				return Outcome{Decision: Ask, Reason: what + ": " + f.Reason + " (" + string(f.Kind) + ")", By: "severity"}
			}
		}
		return Outcome{Decision: Allow, Reason: "bypass mode allows everything but deny rules", By: "mode"}
	}
	pol := table.Policy(tool)
	if s.Mode == ModePlan && worst != nil {
		return Outcome{Decision: Deny, Reason: "plan mode: " + what + ": " + worst.Reason + " (" + string(worst.Kind) + ")", By: "mode"}
	}
	if worst != nil && worst.Severity == validator.NonSevere {
		return Outcome{Decision: Ask, Reason: what + ": " + worst.Reason + " (" + string(worst.Kind) + ")", By: "severity"}
	}
	if s.Mode == ModePlan {
		if pol == PolicySafe {
			return Outcome{Decision: Allow, Reason: tool + " only reads", By: "tool"}
		}
		return Outcome{Decision: Deny, Reason: "plan mode does not run " + tool, By: "mode"}
	}
	if out, ok := m.step(rules.Ask, ActionAsk); ok {
		return out
	}
	if out, ok := m.step(rules.Allow, ActionAllow); ok && (out.By == "rule" || worst == nil) {
		return out
	}
	switch {
	case pol == PolicySafe || pol == PolicyAllow:
		return Outcome{Decision: Allow, Reason: tool + " is allowed (" + string(pol) + ")", By: "tool"}
	case pol == PolicyAuto && s.Mode == ModeAuto:
		return Outcome{Decision: Allow, Reason: "auto mode allows " + tool, By: "mode"}
	case pol == PolicyDeny:
		return Outcome{Decision: Deny, Reason: tool + " is denied by the tool table", By: "tool"}
	case pol == PolicyHarness:
		return Outcome{Decision: Defer, Reason: what + " is left to the harness's own permissions (permgate does not judge " + tool + ")", By: "tool"}
	}
	return Outcome{Decision: Ask, Reason: what + " needs a human's yes in " + string(s.Mode) + " mode", By: "mode"}
}

// toolMatch matches one tool call against rules and action policies.
type toolMatch struct {
	tool, abs, what string
	pc              PathContext
	actions         Actions
}

// rule returns the first rule of list that covers the call: a rule for the
// tool (write_file's covers edit_file) as a whole, or one whose path glob
// matches the call's path.
func (m toolMatch) rule(list []Rule) (string, bool) {
	for _, r := range list {
		if !sameTool(r.Tool, m.tool) {
			continue
		}
		if r.Kind == WholeTool || r.Kind == PathGlob && m.abs != "" && r.matchPath(filepath.Clean(m.abs), m.pc) {
			return r.Text, true
		}
	}
	return "", false
}

// step is the outcome of a rule of list, else of the action policy want for
// the tool's class: the deny, ask or allow step of the pipeline.
func (m toolMatch) step(list []Rule, want Action) (Outcome, bool) {
	rule, ok := m.rule(list)
	if !ok {
		return toolAction(m.tool, m.what, m.actions, want)
	}
	switch want {
	case ActionDeny:
		return Outcome{Decision: Deny, Reason: "denied by the rule " + rule, Rule: rule, By: "rule"}, true
	case ActionAsk:
		return Outcome{Decision: Ask, Reason: "the rule " + rule + " asks first", Rule: rule, By: "rule"}, true
	}
	return Outcome{Decision: Allow, Reason: "allowed by the rule " + rule, Rule: rule, By: "rule"}, true
}

// toolClasses are the effect classes of the file tools, for the action
// policies: a harness's Write tool is held to filesystem_write = "ask" as
// echo > FILE is.
var toolClasses = lazy.Value[map[string]effect.Class]{Make: func() map[string]effect.Class {
	return map[string]effect.Class{
		"read_file": effect.FilesystemRead, "glob": effect.FilesystemRead, "grep": effect.FilesystemRead,
		"write_file": effect.FilesystemWrite, "edit_file": effect.FilesystemWrite,
	}
}}

// ToolClass returns the effect class of a tool, "" for a tool that has none
// permgate can name.
func ToolClass(tool string) effect.Class { return toolClasses.Get()[strings.ToLower(tool)] }

// toolAction is the outcome of the action policy want for a tool's class,
// when the config gives the class that policy.
func toolAction(tool, what string, actions Actions, want Action) (Outcome, bool) {
	c := toolClasses.Get()[tool]
	if got, ok := actions.Of(c); c == "" || !ok || got != want {
		return Outcome{}, false
	}
	rule := ActionRule(c, want)
	out := Outcome{Rule: rule, By: "action", Action: c}
	switch want {
	case ActionDeny:
		out.Decision, out.Reason = Deny, "denied by the action policy "+rule+": "+what+" "+summaries.Get()[c]
	case ActionAsk:
		out.Decision, out.Reason = Ask, "the action policy "+rule+" asks first: "+what+" "+summaries.Get()[c]
	default:
		out.Decision, out.Reason = Allow, "allowed by the action policy "+rule+": "+what+" "+summaries.Get()[c]
	}
	return out, true
}

// worstFinding returns the first finding of the highest severity, or nil.
func worstFinding(list []validator.Finding) *validator.Finding {
	var worst *validator.Finding
	for i := range list {
		if list[i].Severity > validator.Safe && (worst == nil || list[i].Severity > worst.Severity) {
			worst = &list[i]
		}
	}
	return worst
}
