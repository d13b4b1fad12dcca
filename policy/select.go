package policy

import (
	"fmt"

	"github.com/permgate/permgate/verdict"
)

// ModeInputs are the places the mode can come from, highest first: the flag,
// PERMGATE_MODE, a profile, the mode set with `permgate mode`, the config.
type ModeInputs struct {
	Flag      string // --mode
	Env       string // PERMGATE_MODE
	Profile   string // --profile, else PERMGATE_PROFILE
	Persisted Mode   // state
	// FailClosed is --fail-closed or PERMGATE_FAIL_CLOSED=1.
	FailClosed bool
	// Harness is the mode an agent harness reports for a hook call; zero
	// outside hooks.
	Harness HarnessMode
}

// Effective is the policy in force for one decision.
type Effective struct {
	Settings
	// FailClosed turns every ask into a deny: no human will answer.
	FailClosed bool
	// ModeSource says where the mode came from.
	ModeSource string
	// Profile is the profile in use, if any.
	Profile string
}

// ModeRank orders the modes by strictness: plan 3, default 2, auto 1, bypass 0.
// An empty or unknown mode ranks -1, below every mode.
func ModeRank(m Mode) int { return verdict.ModeRank(m) }

// Looser reports whether mode a allows more than mode b; an empty or unknown
// mode is looser than any other.
func Looser(a, b Mode) bool { return verdict.Looser(a, b) }

// Select works out the mode and settings: the one place the mode is chosen,
// for commands and for hook calls alike. An unknown mode or profile, or bypass
// when the system config disables it, is an error. The mode is never looser
// than cfg.ModeFloor.
//
// Only --mode and PERMGATE_MODE pin the mode. In a hook call (in.Harness set)
// the harness's own mode otherwise stands, and the mode from the config, the
// persisted mode or a profile may tighten it but never loosen it: a persisted
// bypass under a harness in default is default. A harness in bypass when the
// system disables bypass is tightened to default.
func Select(cfg *Policy, in ModeInputs) (Effective, error) {
	if in.Harness.Mode != "" && in.Flag == "" && in.Env == "" {
		return selectHarness(cfg, in)
	}
	eff, err := configured(cfg, in)
	if err != nil {
		return eff, err
	}
	eff.FailClosed = eff.FailClosed || in.Harness.FailClosed
	for _, src := range []struct{ value, name string }{{in.Env, "PERMGATE_MODE"}, {in.Flag, "--mode"}} {
		if src.value == "" {
			continue
		}
		m, err := ParseMode(src.value)
		if err != nil {
			return eff, fmt.Errorf("%s: %w", src.name, err)
		}
		eff.Mode, eff.ModeSource = m, src.name
	}
	if eff.Mode == ModeBypass && cfg.DisableBypass.Value {
		return eff, fmt.Errorf("bypass mode is disabled by %s (from %s)", cfg.DisableBypass.Source, eff.ModeSource)
	}
	clampFloor(cfg, &eff)
	return eff, nil
}

// configured is the mode and settings from the config, the persisted mode and
// the profile: everything but the flag and PERMGATE_MODE.
func configured(cfg *Policy, in ModeInputs) (Effective, error) {
	eff := Effective{
		Settings: Settings{Mode: cfg.Mode.Value, SevereAsk: cfg.Severe.Value == "ask", BypassEverything: cfg.Bypass.Value == BypassEverything,
			Actions: cfg.Actions, Checks: cfg.Checks},
		ModeSource: "config " + cfg.Mode.Source,
	}
	eff.FailClosed = cfg.FailClosed.Value || in.FailClosed
	if in.Persisted != "" {
		eff.Mode, eff.ModeSource = in.Persisted, "set with permgate mode"
	}
	if in.Profile != "" {
		p, ok := cfg.Profiles[in.Profile]
		if !ok {
			return eff, fmt.Errorf("unknown profile %q", in.Profile)
		}
		eff.Profile = p.Name
		if p.Mode != "" {
			eff.Mode, eff.ModeSource = p.Mode, "profile "+p.Name
		}
		if p.FailClosed {
			eff.FailClosed = true
		}
		if p.Severe != "" {
			eff.SevereAsk = p.Severe == "ask"
		}
	}
	return eff, nil
}

// clampFloor tightens the mode to cfg.ModeFloor when it is looser.
func clampFloor(cfg *Policy, eff *Effective) {
	if cfg.ModeFloor != "" && Looser(eff.Mode, cfg.ModeFloor) {
		eff.ModeSource = fmt.Sprintf("the managed system config's floor %s (over %s from %s)", cfg.ModeFloor, eff.Mode, eff.ModeSource)
		eff.Mode = cfg.ModeFloor
	}
}

// HarnessMode is the mode an agent harness reports for a hook call.
type HarnessMode = verdict.HarnessMode

// selectHarness is Select for a hook call whose harness reports a mode and
// whose mode no flag or PERMGATE_MODE pins.
func selectHarness(cfg *Policy, in ModeInputs) (Effective, error) {
	h := in.Harness
	eff, err := configured(cfg, in)
	if err != nil {
		return eff, err
	}
	eff.FailClosed = eff.FailClosed || h.FailClosed
	if cfg.Mode.Source == SourceBuiltin && in.Persisted == "" && eff.ModeSource == "config "+SourceBuiltin {
		eff.Mode = "" // the built-in default is no one's choice: it tightens nothing
	}
	harness := h.Mode
	harnessSource := h.Source
	if harness == ModeBypass && cfg.DisableBypass.Value {
		harness = ModeDefault
		harnessSource = fmt.Sprintf("%s, with bypass disabled by %s", h.Source, cfg.DisableBypass.Source)
	}
	if ModeRank(eff.Mode) > ModeRank(harness) {
		eff.ModeSource = fmt.Sprintf("%s, stricter than %s", eff.ModeSource, h.Source)
	} else {
		eff.Mode, eff.ModeSource = harness, harnessSource
	}
	clampFloor(cfg, &eff)
	return eff, nil
}

// FailClose turns an ask into a deny when no human can answer, saying why.
func FailClose(out Outcome, why string) Outcome {
	if out.Decision != Ask {
		return out
	}
	out.Decision = Deny
	out.Reason = out.Reason + " — and no one can be asked: " + why
	return out
}
