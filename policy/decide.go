// Package policy turns an analysis into a decision: the modes and their
// selection, the decision pipeline of permgate's contract, the rules and their
// matcher, and the tool table. It is pure: it reads no file, takes no lock and
// prints nothing (package config turns the files into a Policy, package state
// keeps what persists between runs; TestPolicyImportsStayPure holds the line).
package policy

import (
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/validator"
	"github.com/permgate/permgate/verdict"
)

// Mode is how permissive permgate is (package verdict holds the modes and
// decisions every stage shares).
type Mode = verdict.Mode

// The modes.
const (
	ModeDefault = verdict.ModeDefault
	ModeAuto    = verdict.ModeAuto
	ModePlan    = verdict.ModePlan
	ModeBypass  = verdict.ModeBypass
)

// Modes lists the modes in the order Shift+Tab cycles them.
var Modes = verdict.Modes

// ParseMode reads a mode name.
func ParseMode(name string) (Mode, error) { return verdict.ParseMode(name) }

// Decision is what happens to a command.
type Decision = verdict.Decision

// The decisions.
const (
	Allow = verdict.Allow
	Ask   = verdict.Ask
	Deny  = verdict.Deny
	Defer = verdict.Defer
)

// Outcome is a decision with why it was taken.
type Outcome struct {
	Decision Decision
	// Reason is one line a person understands.
	Reason string
	// Rule is the rule that decided, when one did.
	Rule string
	// By says which step decided: "rule", "action", "checks", "mode",
	// "severity", "read-only".
	By string
	// Action is the effect class whose action policy decided (By "action"),
	// "" otherwise.
	Action effect.Class
}

// Settings are the parts of the policy that shape a decision.
type Settings struct {
	Mode Mode
	// SevereAsk turns the deny of a severe command into an ask (config
	// severe = "ask"); never into an allow.
	SevereAsk bool
	// BypassEverything is config bypass = "everything": bypass then allows severe findings too.
	BypassEverything bool
	// Actions are the action policies ([actions]): they deny with the deny
	// rules, ask with the ask rules and allow as allow rules do.
	Actions Actions
	// Checks are the checks allowance (DefaultChecks and [permission]
	// checks): check commands allowed at step 7 outside plan mode.
	Checks []Check
}

// Decide applies the decision pipeline, first match wins:
//
//  1. a deny rule matches, or a command has a class an action policy denies
//     → deny (every mode, bypass included)
//  2. bypass → allow (but a command permgate could not read asks, and a severe
//     finding is still denied — or asked with severe = "ask" — unless the config
//     says bypass = "everything")
//  3. severe → deny (or ask with severe = "ask")
//  4. plan → allow if every command is read-only and nothing was found, else deny
//  5. non-severe → ask
//  6. an ask rule matches, or a command has a class an action policy asks
//     for → ask
//  7. every command is read-only or allowed by a rule, by the action
//     policies (Actions.Allows) or, outside plan, by the checks allowance
//     (Settings.Checks) → allow
//  8. auto → allow
//  9. default → ask
//
// Rules are matched by the caller-supplied matcher; a nil matcher matches nothing.
func Decide(a validator.Analysis, s Settings, rules RuleMatcher) Outcome {
	if rules == nil {
		rules = noRules{}
	}
	if out, ok := denyStep(a, s, rules); ok {
		return out
	}
	// In bypass a severe finding falls through to step 3 unless bypass =
	// "everything": the catastrophic net stays under every mode.
	// self_modify is never let through by bypass: the gate is not opened from
	// inside, whatever the bypass setting.
	if s.Mode == ModeBypass && (a.Severity != validator.Severe || s.BypassEverything && !a.HasKind("self_modify")) {
		if a.Incomplete() || a.Interactive() {
			// Bypass trusts the user about what permgate can read, not about what
			// it cannot: an unparseable or unbounded command, or a session the
			// agent types into afterwards, still needs a human.
			return Outcome{Decision: Ask, Reason: a.Reason(), By: "severity"}
		}
		if s.BypassEverything {
			return Outcome{Decision: Allow, Reason: "bypass mode allows everything but deny rules", By: "mode"}
		}
		return Outcome{Decision: Allow, Reason: "bypass mode allows everything but deny rules and severe findings", By: "mode"}
	}
	if a.Severity == validator.Severe {
		if s.SevereAsk {
			return Outcome{Decision: Ask, Reason: a.Reason(), By: "severity"}
		}
		return Outcome{Decision: Deny, Reason: a.Reason(), By: "severity"}
	}
	if s.Mode == ModePlan {
		if a.AllReadOnly && a.Severity == validator.Safe {
			return Outcome{Decision: Allow, Reason: "read-only", By: "read-only"}
		}
		return Outcome{Decision: Deny, Reason: planReason(a), By: "mode"}
	}
	if a.Severity == validator.NonSevere {
		return Outcome{Decision: Ask, Reason: a.Reason(), By: "severity"}
	}
	if out, ok := askStep(a, s, rules); ok {
		return out
	}
	if out, ok := allowStep(a, s, rules); ok {
		return out
	}
	switch s.Mode {
	case ModeAuto:
		return Outcome{Decision: Allow, Reason: "auto mode allows commands with no findings", By: "mode"}
	default:
		return Outcome{Decision: Ask, Reason: "not read-only: " + firstWriter(a, rules, s.Actions), By: "mode"}
	}
}

// denyStep is step 1: a deny rule, then a deny action policy.
func denyStep(a validator.Analysis, s Settings, rules RuleMatcher) (Outcome, bool) {
	if rule, ok := rules.Deny(a); ok {
		return Outcome{Decision: Deny, Reason: "denied by the rule " + rule, Rule: rule, By: "rule"}, true
	}
	return s.Actions.denied(a)
}

// askStep is step 6: an ask rule, then an ask action policy.
func askStep(a validator.Analysis, s Settings, rules RuleMatcher) (Outcome, bool) {
	if rule, ok := rules.Ask(a); ok {
		return Outcome{Decision: Ask, Reason: "the rule " + rule + " asks first", Rule: rule, By: "rule"}, true
	}
	return s.Actions.asked(a)
}

// allowStep is step 7: every command read-only, or allowed by the allow
// rules, or by them and the allow action policies.
func allowStep(a validator.Analysis, s Settings, rules RuleMatcher) (Outcome, bool) {
	if a.AllReadOnly {
		return Outcome{Decision: Allow, Reason: "read-only", By: "read-only"}, true
	}
	if rule, ok := rules.AllowAll(a); ok {
		return Outcome{Decision: Allow, Reason: "allowed by the rule " + rule, Rule: rule, By: "rule"}, true
	}
	if c, ok := checksAllow(a, s, rules); ok {
		return Outcome{Decision: Allow, Reason: "the checks allowance runs " + c.Prefix + ": what it runs shows no finding", Rule: "checks: " + c.Prefix + " (" + c.Source + ")", By: "checks"}, true
	}
	return s.Actions.allowed(a, rules)
}

func planReason(a validator.Analysis) string {
	if a.Severity != validator.Safe {
		return "plan mode runs only read-only commands: " + a.Reason()
	}
	return "plan mode runs only read-only commands, and " + firstWriter(a, nil, Actions{}) + " is not"
}

// commandAllower is a RuleMatcher that can say whether an allow rule covers one
// command (Matcher can).
type commandAllower interface {
	AllowsCommand(rec validator.CommandRecord) bool
}

// firstWriter names the first command that is not read-only and that no allow
// rule nor action policy covers: the one that needs the ask (make build &&
// touch x with an allow rule for make build names touch x).
func firstWriter(a validator.Analysis, rules RuleMatcher, actions Actions) string {
	allower, _ := rules.(commandAllower)
	for _, rec := range a.Commands {
		if rec.ReadOnly || allower != nil && allower.AllowsCommand(rec) {
			continue
		}
		if _, ok := actions.Allows(rec); !ok {
			return commandLine(rec)
		}
	}
	if len(a.Commands) == 0 {
		return "nothing would run"
	}
	return "the command"
}

// RuleMatcher finds the rule that decides a step of the pipeline.
type RuleMatcher interface {
	// Deny returns a deny rule matching any command.
	Deny(a validator.Analysis) (string, bool)
	// Ask returns an ask rule matching any command.
	Ask(a validator.Analysis) (string, bool)
	// AllowAll returns an allow rule when every command that is not read-only is
	// matched by some allow rule.
	AllowAll(a validator.Analysis) (string, bool)
}

type noRules struct{}

func (noRules) Deny(validator.Analysis) (string, bool)     { return "", false }
func (noRules) Ask(validator.Analysis) (string, bool)      { return "", false }
func (noRules) AllowAll(validator.Analysis) (string, bool) { return "", false }
