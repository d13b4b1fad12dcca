package policy

import (
	"fmt"
	"github.com/permgate/permgate/finding"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/permgate/permgate/validator"
)

// analysisOf builds an analysis of the given severity and read-only flag, and
// optionally a finding of the given kind.
func analysisOf(sev validator.Severity, readOnly bool, kind string) validator.Analysis {
	a := validator.Analysis{Severity: sev, AllReadOnly: readOnly}
	if sev != validator.Safe {
		if kind == "" {
			kind = map[validator.Severity]string{validator.Severe: "recursive_delete", validator.NonSevere: "inline_code"}[sev]
		}
		a.Findings = []validator.Finding{{Kind: finding.Kind(kind), Severity: sev, Reason: kind + " reason"}}
	}
	return a
}

// fixedRules matches by name: each field, when set, is the rule that matches.
type fixedRules struct{ deny, ask, allow string }

func (r fixedRules) Deny(validator.Analysis) (string, bool)     { return r.deny, r.deny != "" }
func (r fixedRules) Ask(validator.Analysis) (string, bool)      { return r.ask, r.ask != "" }
func (r fixedRules) AllowAll(validator.Analysis) (string, bool) { return r.allow, r.allow != "" }

func TestDecidePipeline(t *testing.T) {
	const (
		safe   = validator.Safe
		nonsev = validator.NonSevere
		severe = validator.Severe
	)
	tests := []struct {
		mode     Mode
		sev      validator.Severity
		readOnly bool
		kind     string
		rules    fixedRules
		severeAs bool
		want     Decision
		by       string
	}{
		// 1. deny rule, every mode.
		{ModeDefault, safe, true, "", fixedRules{deny: "d"}, false, Deny, "rule"},
		{ModeAuto, safe, true, "", fixedRules{deny: "d"}, false, Deny, "rule"},
		{ModePlan, safe, true, "", fixedRules{deny: "d"}, false, Deny, "rule"},
		{ModeBypass, safe, true, "", fixedRules{deny: "d"}, false, Deny, "rule"},
		{ModeBypass, severe, false, "", fixedRules{deny: "d", allow: "a"}, false, Deny, "rule"},
		// 2. bypass allows the rest, except what permgate could not read and
		// severe findings (the net; see TestDecideBypassEverything).
		{ModeBypass, severe, false, "", fixedRules{}, false, Deny, "severity"},
		{ModeBypass, severe, false, "", fixedRules{allow: "a"}, true, Ask, "severity"},
		{ModeBypass, nonsev, false, "", fixedRules{ask: "q"}, false, Allow, "mode"},
		{ModeBypass, safe, false, "", fixedRules{}, false, Allow, "mode"},
		{ModeBypass, nonsev, false, "parse_error", fixedRules{}, false, Ask, "severity"},
		{ModeBypass, nonsev, false, "too_complex", fixedRules{}, false, Ask, "severity"},
		// 3. severe → deny, or ask with severe = "ask"; an allow rule never helps.
		{ModeDefault, severe, false, "", fixedRules{allow: "a"}, false, Deny, "severity"},
		{ModeAuto, severe, false, "", fixedRules{}, false, Deny, "severity"},
		{ModePlan, severe, false, "", fixedRules{}, false, Deny, "severity"},
		{ModeAuto, severe, false, "", fixedRules{allow: "a"}, true, Ask, "severity"},
		{ModePlan, severe, false, "", fixedRules{}, true, Ask, "severity"},
		// 4. plan: read-only and safe → allow, else deny.
		{ModePlan, safe, true, "", fixedRules{}, false, Allow, "read-only"},
		{ModePlan, safe, false, "", fixedRules{allow: "a"}, false, Deny, "mode"},
		{ModePlan, nonsev, false, "", fixedRules{}, false, Deny, "mode"},
		{ModePlan, safe, true, "", fixedRules{ask: "q"}, false, Allow, "read-only"},
		// 5. non-severe → ask; no allow rule pre-approves it.
		{ModeDefault, nonsev, false, "", fixedRules{allow: "a"}, false, Ask, "severity"},
		{ModeAuto, nonsev, false, "", fixedRules{allow: "a"}, false, Ask, "severity"},
		{ModeAuto, nonsev, false, "parse_error", fixedRules{}, false, Ask, "severity"},
		// 6. ask rule → ask, even when read-only.
		{ModeDefault, safe, true, "", fixedRules{ask: "q"}, false, Ask, "rule"},
		{ModeAuto, safe, false, "", fixedRules{ask: "q", allow: "a"}, false, Ask, "rule"},
		// 7. read-only or allow rule → allow.
		{ModeDefault, safe, true, "", fixedRules{}, false, Allow, "read-only"},
		{ModeDefault, safe, false, "", fixedRules{allow: "a"}, false, Allow, "rule"},
		{ModeAuto, safe, true, "", fixedRules{}, false, Allow, "read-only"},
		// 8. auto → allow.
		{ModeAuto, safe, false, "", fixedRules{}, false, Allow, "mode"},
		// 9. default → ask.
		{ModeDefault, safe, false, "", fixedRules{}, false, Ask, "mode"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/%s/ro=%v/%s/%+v/severeAsk=%v", tt.mode, tt.sev, tt.readOnly, tt.kind, tt.rules, tt.severeAs)
		t.Run(name, func(t *testing.T) {
			a := analysisOf(tt.sev, tt.readOnly, tt.kind)
			got := Decide(a, Settings{Mode: tt.mode, SevereAsk: tt.severeAs}, tt.rules)
			if got.Decision != tt.want || got.By != tt.by {
				t.Errorf("Decide = %s by %s (%s), want %s by %s", got.Decision, got.By, got.Reason, tt.want, tt.by)
			}
			if got.Reason == "" {
				t.Error("decision has no reason")
			}
		})
	}
}

// TestDecideNeverAllowsSevereOutsideBypass checks every mode and setting: a severe
// analysis is allowed only in bypass with bypass = "everything".
func TestDecideNeverAllowsSevereOutsideBypass(t *testing.T) {
	for _, mode := range Modes {
		for _, severeAsk := range []bool{false, true} {
			for _, everything := range []bool{false, true} {
				got := Decide(analysisOf(validator.Severe, false, ""), Settings{Mode: mode, SevereAsk: severeAsk, BypassEverything: everything}, fixedRules{allow: "a"})
				if got.Decision == Allow && !(mode == ModeBypass && everything) {
					t.Errorf("mode %s severeAsk=%v everything=%v allowed a severe command", mode, severeAsk, everything)
				}
			}
		}
	}
}

// TestDecideBypassEverything: bypass = "everything" is the seeds' bypass, which
// allows all but deny rules; what permgate cannot read still asks.
func TestDecideBypassEverything(t *testing.T) {
	s := Settings{Mode: ModeBypass, BypassEverything: true}
	if got := Decide(analysisOf(validator.Severe, false, ""), s, nil); got.Decision != Allow {
		t.Errorf("severe in bypass everything: %s (%s), want allow", got.Decision, got.Reason)
	}
	if got := Decide(analysisOf(validator.Severe, false, ""), s, fixedRules{deny: "d"}); got.Decision != Deny {
		t.Errorf("deny rule in bypass everything: %s, want deny", got.Decision)
	}
	if got := Decide(analysisOf(validator.NonSevere, false, "parse_error"), s, nil); got.Decision != Ask {
		t.Errorf("unreadable in bypass everything: %s, want ask", got.Decision)
	}
	// Nothing opens the gate from inside: self_modify is denied even there.
	self := analysisOf(validator.Severe, false, "")
	self.Findings = append(self.Findings, validator.Finding{Kind: "self_modify", Severity: validator.Severe, Reason: "permgate mode changes permgate's mode"})
	if got := Decide(self, s, nil); got.Decision != Deny {
		t.Errorf("self_modify in bypass everything: %s (%s), want deny", got.Decision, got.Reason)
	}
	// The net: a severe finding that also made the command unreadable is denied,
	// not asked, in a severe-net bypass.
	a := analysisOf(validator.Severe, false, "")
	a.Findings = append(a.Findings, validator.Finding{Kind: "parse_error", Severity: validator.NonSevere, Reason: "unreadable"})
	if got := Decide(a, Settings{Mode: ModeBypass}, nil); got.Decision != Deny {
		t.Errorf("severe and unreadable in bypass: %s, want deny", got.Decision)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range Modes {
		if got, err := ParseMode(string(m)); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %q, %v", m, got, err)
		}
	}
	for _, bad := range []string{"", "Default", "yolo", "bypass "} {
		if _, err := ParseMode(bad); err == nil {
			t.Errorf("ParseMode(%q) accepted a bad mode", bad)
		}
	}
}

// specOrder is the contract's pipeline written as data, to check Decide against
// in every combination: the first step whose condition holds decides.
func specOrder(mode Mode, sev validator.Severity, readOnly bool, r fixedRules, severeAsk, everything bool) Decision {
	steps := []struct {
		when bool
		then Decision
	}{
		{r.deny != "", Deny},
		{mode == ModeBypass && (sev != validator.Severe || everything), Allow},
		{sev == validator.Severe && severeAsk, Ask},
		{sev == validator.Severe, Deny},
		{mode == ModePlan && readOnly && sev == validator.Safe, Allow},
		{mode == ModePlan, Deny},
		{sev == validator.NonSevere, Ask},
		{r.ask != "", Ask},
		{readOnly || r.allow != "", Allow},
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

// TestDecideEveryCombination covers mode × severity × read-only × which rule
// matched × severe setting.
func TestDecideEveryCombination(t *testing.T) {
	ruleSets := map[string]fixedRules{"none": {}, "allow": {allow: "a"}, "ask": {ask: "q"}, "deny": {deny: "d"}, "ask+allow": {ask: "q", allow: "a"}}
	n := 0
	for _, mode := range Modes {
		for _, sev := range []validator.Severity{validator.Safe, validator.NonSevere, validator.Severe} {
			for _, ro := range []bool{false, true} {
				if ro && sev != validator.Safe {
					continue // a command with a finding is never read-only
				}
				for name, rules := range ruleSets {
					for _, severeAsk := range []bool{false, true} {
						for _, everything := range []bool{false, true} {
							n++
							want := specOrder(mode, sev, ro, rules, severeAsk, everything)
							got := Decide(analysisOf(sev, ro, ""), Settings{Mode: mode, SevereAsk: severeAsk, BypassEverything: everything}, rules)
							if got.Decision != want {
								t.Errorf("%s %s ro=%v rules=%s severeAsk=%v everything=%v: %s (%s), want %s", mode, sev, ro, name, severeAsk, everything, got.Decision, got.Reason, want)
							}
						}
					}
				}
			}
		}
	}
	if n != 320 {
		t.Errorf("%d combinations, want 320", n)
	}
}

// TestReasonClipKeepsUTF8: the writer a reason names is clipped to 80 bytes on
// a rune boundary, never through the middle of a character (issue 11).
func TestReasonClipKeepsUTF8(t *testing.T) {
	// "touch x" is 7 bytes and é is 2: byte 80 falls inside an é.
	a := validator.New(testEnv).CheckScript("touch x" + strings.Repeat("é", 60))
	out := Decide(a, Settings{Mode: ModeDefault}, nil)
	if out.Decision != Ask || !strings.Contains(out.Reason, "touch xé") {
		t.Fatalf("Decide = %+v", out)
	}
	if !utf8.ValidString(out.Reason) || !strings.HasSuffix(out.Reason, "é…") {
		t.Errorf("reason %q is not clipped whole characters and an ellipsis", out.Reason)
	}
}

// TestAskNamesTheCommandThatNeedsIt: the ask reason names the first command
// no allow rule covers, not one a rule already allowed.
func TestAskNamesTheCommandThatNeedsIt(t *testing.T) {
	v := validator.New(validator.Env{Cwd: "/home/u/p", Home: "/home/u"})
	r, err := ParseRule("bash(prefix:make build*)")
	if err != nil {
		t.Fatal(err)
	}
	m := Matcher{Rules: RuleSet{Allow: []Rule{r}}}
	out := Decide(v.CheckScript("make build && touch marker"), Settings{Mode: ModeDefault}, m)
	if out.Decision != Ask || out.Reason != "not read-only: touch marker" {
		t.Errorf("got %s %q, want ask naming touch marker", out.Decision, out.Reason)
	}
}
