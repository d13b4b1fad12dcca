package policy

import "fmt"

// ModeInputs are the places the mode can come from, highest first: the flag,
// PERMGATE_MODE, a profile, the mode set with `permgate mode`, the config.
type ModeInputs struct {
	Flag      string // --mode
	Env       string // PERMGATE_MODE
	Profile   string // --profile, else PERMGATE_PROFILE
	Persisted Mode   // state
	// FailClosed is --fail-closed or PERMGATE_FAIL_CLOSED=1.
	FailClosed bool
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

// Select works out the mode and settings. An unknown mode or profile, or bypass
// when the system config disables it, is an error.
func Select(cfg *Config, in ModeInputs) (Effective, error) {
	eff := Effective{Settings: Settings{Mode: cfg.Mode.Value, SevereAsk: cfg.Severe.Value == "ask"}, ModeSource: "config " + cfg.Mode.Source}
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
