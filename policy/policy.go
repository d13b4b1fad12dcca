package policy

import (
	"github.com/permgate/permgate/internal/lazy"
)

// SourceBuiltin is the source of a setting no file set.
const SourceBuiltin = "built-in"

// Setting is a value and where it came from.
type Setting[T any] struct {
	Value  T
	Source string // "built-in" or FILE:LINE
}

// Profile is a named set of settings chosen with --profile or PERMGATE_PROFILE.
type Profile struct {
	Name       string
	Mode       Mode
	FailClosed bool
	Severe     string
	Source     string
}

// The values of the config key bypass.
const (
	// BypassSevereNet keeps denying severe findings in bypass mode.
	BypassSevereNet = "severe-net"
	// BypassEverything allows everything but deny rules in bypass mode.
	BypassEverything = "everything"
)

// RuleSet holds the rules of every layer.
type RuleSet struct {
	Allow, Ask, Deny []Rule
}

// Policy is what the user's configuration says about decisions, each setting
// with its source: package config produces it from the files, and Decide and
// Select read it.
type Policy struct {
	Mode          Setting[Mode]
	Severe        Setting[string]
	FailClosed    Setting[bool]
	DisableBypass Setting[bool]
	Rules         RuleSet
	Tools         map[string]Setting[ToolPolicy]
	SafeCommands  []Setting[string]
	Profiles      map[string]Profile
	// Bypass is what bypass mode lets through: BypassSevereNet (the default: all
	// but deny rules and severe findings) or BypassEverything (all but deny rules).
	Bypass Setting[string]
	// ModeFloor is the loosest mode allowed (the managed system config's mode).
	ModeFloor Mode
	// ShellSevere is what a severe finding gets at a person's guarded shell:
	// "ask" (the default: a typed yes runs it) or "deny" (config [shell]
	// severe = "deny").
	ShellSevere Setting[string]
	// Actions are the config's [actions]: a policy per effect class, the
	// strictest any layer gave.
	Actions Actions
	// Checks are the checks allowance: DefaultChecks, then what trusted
	// layers add with [permission] checks.
	Checks []Check
}

// builtinProfiles are the profiles every policy has.
var builtinProfiles = lazy.Value[map[string]Profile]{Make: func() map[string]Profile {
	return map[string]Profile{
		"explore":     {Name: "explore", Mode: ModePlan, Source: SourceBuiltin},
		"plan":        {Name: "plan", Mode: ModePlan, Source: SourceBuiltin},
		"code-review": {Name: "code-review", Mode: ModePlan, Source: SourceBuiltin},
		"background":  {Name: "background", FailClosed: true, Source: SourceBuiltin},
	}
}}

// Builtin returns the policy before any file: default mode, severe denied,
// asks asked, the built-in profiles and tool table. The maps are fresh copies.
func Builtin() Policy {
	p := Policy{
		Mode:        Setting[Mode]{ModeDefault, SourceBuiltin},
		Severe:      Setting[string]{"deny", SourceBuiltin},
		FailClosed:  Setting[bool]{false, SourceBuiltin},
		Bypass:      Setting[string]{BypassSevereNet, SourceBuiltin},
		ShellSevere: Setting[string]{"ask", SourceBuiltin},
		Tools:       map[string]Setting[ToolPolicy]{},
		Profiles:    map[string]Profile{},
	}
	for name, prof := range builtinProfiles.Get() {
		p.Profiles[name] = prof
	}
	for tool, pol := range builtinTools.Get() {
		p.Tools[tool] = Setting[ToolPolicy]{pol, SourceBuiltin}
	}
	for _, c := range DefaultChecks {
		p.Checks = append(p.Checks, Check{Prefix: c, Source: SourceBuiltin})
	}
	return p
}
