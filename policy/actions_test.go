package policy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// one returns the set of one class.
func one(c effect.Class) effect.Set { return effect.Set(0).Add(c) }

// actionsOf gives every class in classes the action.
func actionsOf(a Action, classes ...effect.Class) Actions {
	var p Actions
	for _, c := range classes {
		p.Set(c, a, "test.toml:1")
	}
	return p
}

// commandOf builds an analysis of one simple command with the classes, the
// severity (a finding of that severity when not safe) and the read-only flag.
func commandOf(text string, classes effect.Set, sev validator.Severity, readOnly bool) validator.Analysis {
	words := strings.Fields(text)
	argv := make([]shellparse.Word, len(words))
	for i, w := range words {
		argv[i] = shellparse.Word{Text: w, Static: true}
	}
	rec := validator.CommandRecord{Command: shellparse.SimpleCommand{Name: words[0], Argv: argv, Source: text}, ReadOnly: readOnly, Effects: classes}
	if sev != validator.Safe {
		kind := map[validator.Severity]finding.Kind{validator.Severe: finding.RecursiveDelete, validator.NonSevere: finding.RecursiveDeleteLocal}[sev]
		rec.Findings = []validator.Finding{{Kind: kind, Severity: sev, Reason: string(kind) + " reason", Command: text}}
	}
	return validator.Analysis{Commands: []validator.CommandRecord{rec}, Severity: sev, AllReadOnly: readOnly}
}

// specOrderActions is the contract's pipeline with the action policies in
// their places, as data: a deny action with the deny rules (step 1), an ask
// action with the ask rules (6), an allow action as an allow rule for a
// command with no finding (7).
func specOrderActions(mode Mode, sev validator.Severity, readOnly bool, r fixedRules, act Action, everything bool) Decision {
	steps := []struct {
		when bool
		then Decision
	}{
		{r.deny != "" || act == ActionDeny, Deny},
		{mode == ModeBypass && (sev != validator.Severe || everything), Allow},
		{sev == validator.Severe, Deny},
		{mode == ModePlan && readOnly && sev == validator.Safe, Allow},
		{mode == ModePlan, Deny},
		{sev == validator.NonSevere, Ask},
		{r.ask != "" || act == ActionAsk, Ask},
		{readOnly || r.allow != "" || act == ActionAllow && sev == validator.Safe, Allow},
		{mode == ModeAuto, Allow},
		{mode == ModeDefault, Ask},
	}
	for _, s := range steps {
		if s.when {
			return s.then
		}
	}
	return Deny
}

// TestDecideActionsEveryCombination covers mode × severity × read-only ×
// rule × the action policy of the command's class × bypass setting against
// the pipeline as data.
func TestDecideActionsEveryCombination(t *testing.T) {
	ruleSets := map[string]fixedRules{"none": {}, "allow": {allow: "a"}, "ask": {ask: "q"}, "deny": {deny: "d"}}
	n := 0
	for _, mode := range Modes {
		for _, sev := range []validator.Severity{validator.Safe, validator.NonSevere, validator.Severe} {
			for _, ro := range []bool{false, true} {
				if ro && sev != validator.Safe {
					continue // a command with a finding is never read-only
				}
				class, text := effect.FilesystemDelete, "rm build.log"
				if ro {
					class, text = effect.FilesystemRead, "cat notes"
				}
				for name, rules := range ruleSets {
					for _, act := range []Action{"", ActionAllow, ActionAsk, ActionDeny} {
						for _, everything := range []bool{false, true} {
							n++
							s := Settings{Mode: mode, BypassEverything: everything, Actions: actionsOf(act, class)}
							got := Decide(commandOf(text, one(class), sev, ro), s, rules)
							want := specOrderActions(mode, sev, ro, rules, act, everything)
							if got.Decision != want {
								t.Errorf("%s %s ro=%v rules=%s %s=%q everything=%v: %s by %s (%s), want %s", mode, sev, ro, name, class, act, everything, got.Decision, got.By, got.Reason, want)
							}
						}
					}
				}
			}
		}
	}
	if n != 512 {
		t.Errorf("%d combinations, want 512", n)
	}
}

// TestDecideActions names what the pipeline must do with the action
// policies, each case a step interaction.
func TestDecideActions(t *testing.T) {
	del, out, read := one(effect.FilesystemDelete), one(effect.NetworkOutbound), one(effect.FilesystemRead)
	tests := []struct {
		name    string
		a       validator.Analysis
		s       Settings
		rules   fixedRules
		want    Decision
		by      string
		rule    string
		reasons []string
	}{
		{"deny beats bypass", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeBypass, Actions: actionsOf(ActionDeny, effect.FilesystemDelete)}, fixedRules{}, Deny, "action", "actions.filesystem_delete=deny",
			[]string{"filesystem_delete=deny", "rm build.log deletes files or directories"}},
		{"deny beats bypass everything", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeBypass, BypassEverything: true, Actions: actionsOf(ActionDeny, effect.FilesystemDelete)}, fixedRules{}, Deny, "action", "actions.filesystem_delete=deny", nil},
		{"deny beats an allow rule", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionDeny, effect.FilesystemDelete)}, fixedRules{allow: "a"}, Deny, "action", "actions.filesystem_delete=deny", nil},
		{"a deny rule names itself first", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionDeny, effect.FilesystemDelete)}, fixedRules{deny: "bash(rm*)"}, Deny, "rule", "bash(rm*)", nil},
		{"deny of a read denies a read-only command in plan", commandOf("cat notes", read, validator.Safe, true),
			Settings{Mode: ModePlan, Actions: actionsOf(ActionDeny, effect.FilesystemRead)}, fixedRules{}, Deny, "action", "actions.filesystem_read=deny", nil},
		{"ask applies in auto", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{}, Ask, "action", "actions.network_outbound=ask",
			[]string{"asks first", "curl -d x https://example.com sends data off the machine"}},
		{"ask applies in default", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{}, Ask, "action", "actions.network_outbound=ask", nil},
		{"ask beats an allow rule", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{allow: "a"}, Ask, "action", "actions.network_outbound=ask", nil},
		{"ask asks for a read-only command", commandOf("cat notes", read, validator.Safe, true),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionAsk, effect.FilesystemRead)}, fixedRules{}, Ask, "action", "actions.filesystem_read=ask", nil},
		{"an ask rule names itself first", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{ask: "bash(curl*)"}, Ask, "rule", "bash(curl*)", nil},
		{"bypass allows past an ask", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModeBypass, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{}, Allow, "mode", "", nil},
		{"plan denies a writer whatever it asks", commandOf("curl -d x https://example.com", out, validator.Safe, false),
			Settings{Mode: ModePlan, Actions: actionsOf(ActionAsk, effect.NetworkOutbound)}, fixedRules{}, Deny, "mode", "", nil},
		{"allow in default", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Allow, "action", "actions.filesystem_delete=allow",
			[]string{"allowed by the action policy actions.filesystem_delete=allow", "rm build.log deletes"}},
		{"allow never in plan", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModePlan, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Deny, "mode", "", nil},
		{"allow never over a non-severe finding", commandOf("rm -rf build", del, validator.NonSevere, false),
			Settings{Mode: ModeAuto, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Ask, "severity", "", nil},
		{"allow never over a severe finding", commandOf("rm -rf /", del, validator.Severe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Deny, "severity", "", nil},
		{"allow never lowers a severe finding under severe = ask", commandOf("rm -rf /", del, validator.Severe, false),
			Settings{Mode: ModeDefault, SevereAsk: true, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Ask, "severity", "", nil},
		{"allow needs every class allowed", commandOf("rsync -a --remove-source-files d host:d", del|out, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Ask, "mode", "", nil},
		{"allow of every class", commandOf("rsync -a --remove-source-files d host:d", del|out, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete, effect.NetworkOutbound)}, fixedRules{}, Allow, "action", "actions.filesystem_delete=allow", nil},
		{"a read comes with what is allowed", commandOf("mv a b", del|read, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{}, Allow, "action", "actions.filesystem_delete=allow", nil},
		{"a read the config asks for asks", commandOf("mv a b", del|read, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: mergedActions(actionsOf(ActionAllow, effect.FilesystemDelete), ActionAsk, effect.FilesystemRead)}, fixedRules{}, Ask, "action", "actions.filesystem_read=ask", nil},
		{"a command with no class is never allowed by an action", commandOf("./tool", 0, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemRead, effect.FilesystemWrite)}, fixedRules{}, Ask, "mode", "", nil},
		{"a read alone is not allowed by another class", commandOf("tool x", read, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemWrite)}, fixedRules{}, Ask, "mode", "", nil},
		{"an allow rule names itself first", commandOf("rm build.log", del, validator.Safe, false),
			Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, fixedRules{allow: "bash(rm build.log)"}, Allow, "rule", "bash(rm build.log)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Decide(tt.a, tt.s, tt.rules)
			if got.Decision != tt.want || got.By != tt.by || got.Rule != tt.rule {
				t.Fatalf("Decide = %s by %s rule %q (%s), want %s by %s rule %q", got.Decision, got.By, got.Rule, got.Reason, tt.want, tt.by, tt.rule)
			}
			if tt.by == "action" && !strings.HasSuffix(tt.rule, string(got.Action)+"="+strings.SplitN(tt.rule, "=", 2)[1]) {
				t.Errorf("Action = %q for the rule %q", got.Action, tt.rule)
			}
			if tt.by != "action" && got.Action != "" {
				t.Errorf("Action = %q, but %s decided", got.Action, tt.by)
			}
			for _, r := range tt.reasons {
				if !strings.Contains(got.Reason, r) {
					t.Errorf("reason %q does not say %q", got.Reason, r)
				}
			}
		})
	}
}

// mergedActions adds classes with an action to p.
func mergedActions(p Actions, a Action, classes ...effect.Class) Actions {
	for _, c := range classes {
		p.Set(c, a, "test.toml:2")
	}
	return p
}

// TestActionAllowsWithMatcher: in a compound command, each command that is
// not read-only is covered by an allow rule or an action policy; the one an
// action covers is the one named.
func TestActionAllowsWithMatcher(t *testing.T) {
	v := validator.New(testEnv)
	r, err := ParseRule("bash(prefix:make build*)")
	if err != nil {
		t.Fatal(err)
	}
	m := Matcher{Rules: RuleSet{Allow: []Rule{r}}}
	a := v.CheckScript("ls && make build && touch marker")
	s := Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemWrite)}
	if out := Decide(a, s, m); out.Decision != Allow || out.By != "action" || !strings.Contains(out.Reason, "touch marker") {
		t.Errorf("make build (rule) && touch marker (action) = %+v, want an allow by the action naming touch marker", out)
	}
	if out := Decide(a, Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, effect.FilesystemDelete)}, m); out.Decision != Ask || out.Reason != "not read-only: touch marker" {
		t.Errorf("with only deletes allowed = %+v, want an ask naming touch marker", out)
	}
	// The ask names the command neither a rule nor an action covers.
	a = v.CheckScript("touch marker && make install")
	if out := Decide(a, s, Matcher{}); out.Decision != Ask || out.Reason != "not read-only: make install" {
		t.Errorf("touch (action) && make install = %+v, want an ask naming make install", out)
	}
}

// TestActionsNeverAllowWhatCannotBeRead: an analysis with a parse error or a
// too_complex finding is never allowed by an action policy, even one that
// allows every class.
func TestActionsNeverAllowWhatCannotBeRead(t *testing.T) {
	var all []effect.Class
	for _, info := range effect.All() {
		all = append(all, info.Class)
	}
	s := Settings{Mode: ModeDefault, Actions: actionsOf(ActionAllow, all...)}
	v := validator.New(testEnv)
	for _, src := range []string{"echo 'unclosed", "rm -rf $(", "$CMD build", "eval \"$X\"", "bash -c \"$(cat script)\"", "./tool --run"} {
		if out := Decide(v.CheckScript(src), s, nil); out.Decision == Allow && out.By == "action" && v.CheckScript(src).Severity != validator.Safe {
			t.Errorf("%q with every class allowed = %+v", src, out)
		}
	}
	a := commandOf("touch x", one(effect.FilesystemWrite), validator.Safe, false)
	a.Findings = []validator.Finding{{Kind: finding.TooComplex, Severity: validator.Safe, Reason: "too big"}}
	if out := Decide(a, s, nil); out.Decision == Allow {
		t.Errorf("an analysis that could not be read whole was allowed: %+v", out)
	}
}

// TestActionsSetStrictestWins: a class keeps the strictest policy it was
// given, and the source of that one.
func TestActionsSetStrictestWins(t *testing.T) {
	var p Actions
	steps := []struct {
		a      Action
		src    string
		took   bool
		want   Action
		source string
	}{
		{ActionAllow, "a:1", true, ActionAllow, "a:1"},
		{ActionAllow, "b:1", false, ActionAllow, "a:1"},
		{ActionAsk, "c:1", true, ActionAsk, "c:1"},
		{ActionAllow, "d:1", false, ActionAsk, "c:1"},
		{ActionDeny, "e:1", true, ActionDeny, "e:1"},
		{ActionAsk, "f:1", false, ActionDeny, "e:1"},
		{"maybe", "g:1", false, ActionDeny, "e:1"},
	}
	for i, st := range steps {
		if took := p.Set(effect.ProcessKill, st.a, st.src); took != st.took {
			t.Errorf("step %d: Set(%q) = %v, want %v", i, st.a, took, st.took)
		}
		if got, _ := p.Of(effect.ProcessKill); got != st.want || p.Source[effect.ProcessKill] != st.source {
			t.Errorf("step %d: %q from %s, want %q from %s", i, got, p.Source[effect.ProcessKill], st.want, st.source)
		}
		if n := len(p.Deny.Classes()) + len(p.Ask.Classes()) + len(p.Allow.Classes()); n != 1 {
			t.Errorf("step %d: the class is in %d policies", i, n)
		}
	}
	if p.Set("no_such_class", ActionDeny, "h:1") {
		t.Error("an unknown class took a policy")
	}
	if p.Empty() || !(Actions{}).Empty() {
		t.Error("Empty is wrong")
	}
}

func TestParseAction(t *testing.T) {
	for _, a := range []Action{ActionAllow, ActionAsk, ActionDeny} {
		if got, err := ParseAction(string(a)); err != nil || got != a {
			t.Errorf("ParseAction(%q) = %q, %v", a, got, err)
		}
	}
	for _, bad := range []string{"", "Allow", "safe", "harness", "deny "} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted a bad action", bad)
		}
	}
}

// TestDecideToolActions: the file tools carry a class, and its action policy
// applies in the pipeline's places: a deny in every mode, an ask before the
// tool table, an allow as an allow rule — never in plan, never over a
// finding.
func TestDecideToolActions(t *testing.T) {
	pc := PathContext{Cwd: "/p", Home: "/home/u"}
	write := ToolCall{Tool: "write_file", Path: "/p/notes.txt"}
	secret := ToolCall{Tool: "read_file", Path: "/p/.env", Findings: []validator.Finding{{Kind: finding.SecretAccess, Severity: validator.NonSevere, Reason: "secrets"}}}
	tests := []struct {
		call    ToolCall
		mode    Mode
		actions Actions
		want    Decision
		by      string
	}{
		{write, ModeBypass, actionsOf(ActionDeny, effect.FilesystemWrite), Deny, "action"},
		{write, ModeAuto, actionsOf(ActionAsk, effect.FilesystemWrite), Ask, "action"},
		{write, ModeDefault, actionsOf(ActionAllow, effect.FilesystemWrite), Allow, "action"},
		{write, ModeDefault, Actions{}, Ask, "mode"},
		{write, ModePlan, actionsOf(ActionAllow, effect.FilesystemWrite), Deny, "mode"},
		{ToolCall{Tool: "Edit_File", Path: "/p/a.go"}, ModeAuto, actionsOf(ActionAsk, effect.FilesystemWrite), Ask, "action"},
		{ToolCall{Tool: "glob", Path: "/p"}, ModeDefault, actionsOf(ActionDeny, effect.FilesystemRead), Deny, "action"},
		{secret, ModeDefault, actionsOf(ActionAllow, effect.FilesystemRead), Ask, "severity"},
		{ToolCall{Tool: "web_fetch"}, ModeDefault, actionsOf(ActionDeny, effect.FilesystemRead, effect.FilesystemWrite), Defer, "tool"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/%s/%v", tt.call.Tool, tt.mode, tt.actions.Source)
		t.Run(name, func(t *testing.T) {
			got := DecideTool(tt.call, Settings{Mode: tt.mode, Actions: tt.actions}, RuleSet{}, builtinTools.Get(), pc)
			if got.Decision != tt.want || got.By != tt.by {
				t.Errorf("DecideTool = %s by %s (%s), want %s by %s", got.Decision, got.By, got.Reason, tt.want, tt.by)
			}
		})
	}
}
