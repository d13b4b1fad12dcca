package policy

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/validator"
)

// TestDecideToolTable checks the built-in tool table in every mode.
func TestDecideToolTable(t *testing.T) {
	table := ToolTable(builtinTools.Get())
	want := map[string]map[Mode]Decision{
		"read_file":   {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"glob":        {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"todo_write":  {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"edit_file":   {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"task_create": {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"task_update": {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"write_file":  {ModeDefault: Ask, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"web_fetch":   {ModeDefault: Defer, ModeAuto: Defer, ModePlan: Deny, ModeBypass: Allow},
		"mcp__x__y":   {ModeDefault: Defer, ModeAuto: Defer, ModePlan: Deny, ModeBypass: Allow},
		// Claude Code's own tools: those that touch nothing of the machine
		// run in plan too; those that change its state are denied there;
		// those the table does not know are left to Claude Code's approval.
		"tool_search":     {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"agent":           {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"load_skill":      {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"send_message":    {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"report_findings": {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"web_search":      {ModeDefault: Defer, ModeAuto: Defer, ModePlan: Deny, ModeBypass: Allow},
		"schedule_wakeup": {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"cron_list":       {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Allow, ModeBypass: Allow},
		"cron_create":     {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"cron_delete":     {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"task_stop":       {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"enter_worktree":  {ModeDefault: Allow, ModeAuto: Allow, ModePlan: Deny, ModeBypass: Allow},
		"exit_worktree":   {ModeDefault: Defer, ModeAuto: Defer, ModePlan: Deny, ModeBypass: Allow},
		"workflow":        {ModeDefault: Defer, ModeAuto: Defer, ModePlan: Deny, ModeBypass: Allow},
	}
	for tool, modes := range want {
		for mode, d := range modes {
			got := DecideTool(ToolCall{Tool: tool, Path: "a.txt"}, Settings{Mode: mode}, RuleSet{}, table, PathContext{Cwd: "/p"})
			if got.Decision != d {
				t.Errorf("%s in %s = %s (%s), want %s", tool, mode, got.Decision, got.Reason, d)
			}
		}
	}
}

func mustRules(t *testing.T, allow, ask, deny []string) RuleSet {
	t.Helper()
	var rs RuleSet
	for _, l := range []struct {
		src []string
		dst *[]Rule
	}{{allow, &rs.Allow}, {ask, &rs.Ask}, {deny, &rs.Deny}} {
		for _, text := range l.src {
			r, err := ParseRule(text)
			if err != nil {
				t.Fatal(err)
			}
			*l.dst = append(*l.dst, r)
		}
	}
	return rs
}

func TestDecideToolRules(t *testing.T) {
	pc := PathContext{Cwd: "/p", Home: "/h"}
	rules := mustRules(t,
		[]string{"write_file(path:build/**)", "web_fetch"},
		[]string{"edit_file(path:**/*.lock)"},
		[]string{"read_file(path:**/.env*)", "write_file(path:.git/**)"})
	table := ToolTable(builtinTools.Get())
	for _, tt := range []struct {
		call ToolCall
		mode Mode
		want Decision
	}{
		{ToolCall{Tool: "read_file", Path: ".env"}, ModeDefault, Deny},
		{ToolCall{Tool: "Read_File", Path: "/p/sub/.env.local"}, ModeBypass, Deny},
		{ToolCall{Tool: "read_file", Path: "main.go"}, ModePlan, Allow},
		{ToolCall{Tool: "write_file", Path: ".git/config"}, ModeAuto, Deny},
		{ToolCall{Tool: "write_file", Path: "build/out.js"}, ModeDefault, Allow},
		{ToolCall{Tool: "write_file", Path: "build/out.js"}, ModePlan, Deny},
		{ToolCall{Tool: "write_file", Path: "src/x.go"}, ModeDefault, Ask},
		{ToolCall{Tool: "edit_file", Path: "go.lock"}, ModeAuto, Ask},
		{ToolCall{Tool: "edit_file", Path: "main.go"}, ModeAuto, Allow},
		{ToolCall{Tool: "web_fetch", Path: ""}, ModeDefault, Allow},
	} {
		got := DecideTool(tt.call, Settings{Mode: tt.mode}, rules, table, pc)
		if got.Decision != tt.want {
			t.Errorf("%+v in %s = %s (%s), want %s", tt.call, tt.mode, got.Decision, got.Reason, tt.want)
		}
	}
	// A [tools] override changes the default.
	override := ToolTable{"write_file": PolicyDeny, "web_fetch": PolicySafe}
	if got := DecideTool(ToolCall{Tool: "write_file"}, Settings{Mode: ModeAuto}, RuleSet{}, override, pc); got.Decision != Deny {
		t.Errorf("write_file = deny override gave %s", got.Decision)
	}
	if got := DecideTool(ToolCall{Tool: "web_fetch"}, Settings{Mode: ModePlan}, RuleSet{}, override, pc); got.Decision != Allow {
		t.Errorf("web_fetch = safe override gave %s in plan", got.Decision)
	}
}

func TestToolPolicyStricter(t *testing.T) {
	order := []ToolPolicy{PolicySafe, PolicyAllow, PolicyAuto, PolicyAsk, PolicyDeny}
	for i, p := range order {
		for j, q := range order {
			if got := p.Stricter(q); got != (i >= j) {
				t.Errorf("%s.Stricter(%s) = %v", p, q, got)
			}
		}
	}
	if _, err := ParseToolPolicy("maybe"); err == nil {
		t.Error("ParseToolPolicy accepted maybe")
	}
}

func TestDecideToolFindings(t *testing.T) {
	self := []validator.Finding{{Kind: "self_modify", Severity: validator.Severe, Reason: "writes permgate's own config or state"}}
	critical := []validator.Finding{{Kind: "critical_write", Severity: validator.Severe, Reason: "writes /etc"}}
	secret := []validator.Finding{{Kind: "secret_access", Severity: validator.NonSevere, Reason: "reads .env, which holds secrets"}}
	safe := []validator.Finding{{Kind: "note", Severity: validator.Safe, Reason: "nothing"}}
	pc := PathContext{Cwd: "/p", Home: "/home/u"}
	table := ToolTable(builtinTools.Get())
	allowAll := mustRules(t, []string{"edit_file", "read_file"}, nil, nil)
	denyEnv := mustRules(t, nil, nil, []string{"read_file(path:**/.env*)"})
	for _, tt := range []struct {
		name     string
		call     ToolCall
		settings Settings
		rules    RuleSet
		want     Decision
		by       string
	}{
		{"severe denies in default", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeDefault}, RuleSet{}, Deny, "severity"},
		{"severe denies in auto", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeAuto}, RuleSet{}, Deny, "severity"},
		{"severe denies in plan", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModePlan}, RuleSet{}, Deny, "severity"},
		{"severe denies in bypass", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeBypass}, RuleSet{}, Deny, "severity"},
		{"bypass everything allows severe", ToolCall{Tool: "write_file", Path: "/etc/hosts", Findings: critical}, Settings{Mode: ModeBypass, BypassEverything: true}, RuleSet{}, Allow, "mode"},
		{"bypass everything never opens the gate itself", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeBypass, BypassEverything: true}, RuleSet{}, Deny, "severity"},
		{"severe = ask asks", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeAuto, SevereAsk: true}, RuleSet{}, Ask, "severity"},
		{"severe = ask still denies in bypass", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeBypass, SevereAsk: true}, RuleSet{}, Deny, "severity"},
		{"an allow rule does not pre-approve severe", ToolCall{Tool: "edit_file", Path: "c.toml", Findings: self}, Settings{Mode: ModeAuto}, allowAll, Deny, "severity"},
		{"non-severe asks in default", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModeDefault}, RuleSet{}, Ask, "severity"},
		{"non-severe asks in auto", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModeAuto}, RuleSet{}, Ask, "severity"},
		{"an allow rule does not pre-approve non-severe", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModeAuto}, allowAll, Ask, "severity"},
		{"non-severe denies in plan", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModePlan}, RuleSet{}, Deny, "mode"},
		{"non-severe allowed in bypass", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModeBypass}, RuleSet{}, Allow, "mode"},
		{"a deny rule comes first", ToolCall{Tool: "read_file", Path: ".env", Findings: secret}, Settings{Mode: ModeBypass}, denyEnv, Deny, "rule"},
		{"safe findings change nothing", ToolCall{Tool: "read_file", Path: "main.go", Findings: safe}, Settings{Mode: ModePlan}, RuleSet{}, Allow, "tool"},
		{"no findings: the table", ToolCall{Tool: "edit_file", Path: "main.go"}, Settings{Mode: ModeAuto}, RuleSet{}, Allow, "tool"},
	} {
		got := DecideTool(tt.call, tt.settings, tt.rules, table, pc)
		if got.Decision != tt.want || got.By != tt.by {
			t.Errorf("%s: got %s by %s (%s), want %s by %s", tt.name, got.Decision, got.By, got.Reason, tt.want, tt.by)
		}
		if tt.by == "severity" && !strings.Contains(got.Reason, string(tt.call.Findings[0].Kind)) {
			t.Errorf("%s: reason %q does not name the finding's kind", tt.name, got.Reason)
		}
	}
}
