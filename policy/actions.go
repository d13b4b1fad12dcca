package policy

import (
	"fmt"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/validator"
)

// Action is what the config's [actions] table says for the commands that have
// an effect class: filesystem_delete = "ask".
type Action string

// The actions, loosest first.
const (
	// ActionAllow counts like an allow rule for a command all of whose
	// classes are allowed: never for a finding, never in plan mode.
	ActionAllow Action = "allow"
	// ActionAsk asks, as an ask rule does.
	ActionAsk Action = "ask"
	// ActionDeny denies, as a deny rule does: in every mode, bypass included.
	ActionDeny Action = "deny"
)

// ParseAction reads an action name.
func ParseAction(s string) (Action, error) {
	switch a := Action(s); a {
	case ActionAllow, ActionAsk, ActionDeny:
		return a, nil
	}
	return "", fmt.Errorf("unknown action policy %q (want allow, ask or deny)", s)
}

// rank orders the actions by strictness.
func (a Action) rank() int {
	switch a {
	case ActionAllow:
		return 1
	case ActionAsk:
		return 2
	case ActionDeny:
		return 3
	}
	return 0
}

// Actions are the action policies of every layer: the classes that deny, ask
// or allow. Each class has at most one policy, the strictest any layer gave
// it.
type Actions struct {
	Deny, Ask, Allow effect.Set
	// Source says where each class's policy was set (FILE:LINE).
	Source map[effect.Class]string
}

// Of returns the policy of a class, if the config gives it one.
func (p Actions) Of(c effect.Class) (Action, bool) {
	switch {
	case p.Deny.Has(c):
		return ActionDeny, true
	case p.Ask.Has(c):
		return ActionAsk, true
	case p.Allow.Has(c):
		return ActionAllow, true
	}
	return "", false
}

// Set gives a class a policy from source, unless it already has one at
// least as strict: a deny anywhere wins, then an ask. It reports whether the
// class now has the policy from source.
func (p *Actions) Set(c effect.Class, a Action, source string) bool {
	one := effect.Set(0).Add(c)
	if one == 0 || a.rank() == 0 {
		return false
	}
	if cur, ok := p.Of(c); ok && cur.rank() >= a.rank() {
		return false
	}
	p.Deny, p.Ask, p.Allow = p.Deny&^one, p.Ask&^one, p.Allow&^one
	switch a {
	case ActionDeny:
		p.Deny |= one
	case ActionAsk:
		p.Ask |= one
	default:
		p.Allow |= one
	}
	if p.Source == nil {
		p.Source = map[effect.Class]string{}
	}
	p.Source[c] = source
	return true
}

// Empty reports a config without action policies.
func (p Actions) Empty() bool { return p.Deny|p.Ask|p.Allow == 0 }

// ActionRule is how an action policy is named where a rule would be (the
// JSON's rule field, the audit record, explain): actions.filesystem_delete=ask.
func ActionRule(c effect.Class, a Action) string {
	return "actions." + string(c) + "=" + string(a)
}

// summaries are the classes' summaries, for reasons.
var summaries = lazy.Value[map[effect.Class]string]{Make: func() map[effect.Class]string {
	return func() map[effect.Class]string {
		m := map[effect.Class]string{}
		for _, info := range effect.All() {
			m[info.Class] = info.Summary
		}
		return m
	}()
}}

// first returns the first class of s (in the documented order) that is in
// policy, and whether there is one.
func first(s, policy effect.Set) (effect.Class, bool) {
	classes := (s & policy).Classes()
	if len(classes) == 0 {
		return "", false
	}
	return classes[0], true
}

// matching returns the first command that has a class of policy, and the class.
func matching(a validator.Analysis, policy effect.Set) (validator.CommandRecord, effect.Class, bool) {
	if policy == 0 {
		return validator.CommandRecord{}, "", false
	}
	for _, rec := range a.Commands {
		if c, ok := first(rec.Effects, policy); ok {
			return rec, c, true
		}
	}
	return validator.CommandRecord{}, "", false
}

// denied is step 1's action half: a command has a class the config denies.
func (p Actions) denied(a validator.Analysis) (Outcome, bool) {
	rec, c, ok := matching(a, p.Deny)
	if !ok {
		return Outcome{}, false
	}
	rule := ActionRule(c, ActionDeny)
	return Outcome{Decision: Deny, Reason: "denied by the action policy " + rule + ": " + doing(rec, c), Rule: rule, By: "action", Action: c}, true
}

// asked is step 6's action half: a command has a class the config asks for.
func (p Actions) asked(a validator.Analysis) (Outcome, bool) {
	rec, c, ok := matching(a, p.Ask)
	if !ok {
		return Outcome{}, false
	}
	rule := ActionRule(c, ActionAsk)
	return Outcome{Decision: Ask, Reason: "the action policy " + rule + " asks first: " + doing(rec, c), Rule: rule, By: "action", Action: c}, true
}

// doing says what a command does in a class: "rm -rf build deletes files or
// directories".
func doing(rec validator.CommandRecord, c effect.Class) string {
	return commandLine(rec) + " " + summaries.Get()[c]
}

// commandLine is a command's normalised form on one clipped line.
func commandLine(rec validator.CommandRecord) string {
	return validator.OneLine(strings.TrimSpace(textclip.Clip(validator.Normalize(rec.Command), 80)))
}

// Allows reports whether the action policies allow one command on their own,
// and by which class: the command has no finding, at least one class the
// config allows, and every other class allowed too — filesystem_read counts
// as allowed unless the config gives it a policy of its own, since reading is
// what a read-only command does unasked in every mode. A command permgate
// knows nothing about has code_execution, so only allowing that lets it
// through.
func (p Actions) Allows(rec validator.CommandRecord) (effect.Class, bool) {
	if p.Allow == 0 || len(rec.Findings) > 0 || rec.Effects == 0 {
		return "", false
	}
	c, ok := first(rec.Effects, p.Allow)
	if !ok {
		return "", false
	}
	read := effect.Set(0).Add(effect.FilesystemRead)
	if _, set := p.Of(effect.FilesystemRead); set {
		read = 0
	}
	if rec.Effects&^(p.Allow|read) != 0 {
		return "", false
	}
	return c, true
}

// allowed is step 7's action half: every command that is not read-only is
// allowed by an action policy or, where the matcher can say so for one
// command, by an allow rule; and at least one by an action policy.
func (p Actions) allowed(a validator.Analysis, rules RuleMatcher) (Outcome, bool) {
	if p.Allow == 0 || a.Severity != validator.Safe || len(a.Findings) > 0 || a.Incomplete() || len(a.Commands) == 0 {
		return Outcome{}, false
	}
	allower, _ := rules.(commandAllower)
	var by validator.CommandRecord
	var class effect.Class
	for _, rec := range a.Commands {
		if rec.ReadOnly {
			continue
		}
		if c, ok := p.Allows(rec); ok {
			if class == "" {
				by, class = rec, c
			}
			continue
		}
		if allower == nil || !allower.AllowsCommand(rec) {
			return Outcome{}, false
		}
	}
	if class == "" {
		return Outcome{}, false
	}
	rule := ActionRule(class, ActionAllow)
	return Outcome{Decision: Allow, Reason: "allowed by the action policy " + rule + ": " + doing(by, class), Rule: rule, By: "action", Action: class}, true
}
