package policy

import (
	"strings"
	"testing"
)

func TestModeRankAndStricter(t *testing.T) {
	order := []Mode{ModeBypass, ModeAuto, ModeDefault, ModePlan} // loosest first
	for i, a := range order {
		for j, b := range order {
			if got := Looser(a, b); got != (j > i) {
				t.Errorf("Looser(%s, %s) = %v, want %v", a, b, got, j > i)
			}
		}
		if !Looser("", a) || Looser(a, "") {
			t.Errorf("an empty mode beat %s", a)
		}
	}
	if ModeRank("") >= ModeRank(ModeBypass) || ModeRank("yolo") >= ModeRank(ModeBypass) {
		t.Error("an unknown mode ranks with the modes")
	}
}

// hookConfig is a config whose mode came from a file when mode is set.
func hookConfig(mode Mode) *Policy {
	cfg := &Policy{Mode: Setting[Mode]{ModeDefault, SourceBuiltin}, Severe: Setting[string]{"deny", SourceBuiltin}, Bypass: Setting[string]{BypassSevereNet, SourceBuiltin},
		Profiles: map[string]Profile{"explore": builtinProfiles.Get()["explore"], "loose": {Name: "loose", Mode: ModeBypass}}}
	if mode != "" {
		cfg.Mode = Setting[Mode]{mode, "/u/config.toml:1"}
	}
	return cfg
}

func TestSelectHarness(t *testing.T) {
	tests := []struct {
		name      string
		cfgMode   Mode
		in        ModeInputs
		harness   Mode
		noBypass  bool
		floor     Mode
		want      Mode
		wantError bool
	}{
		{name: "the harness stands", harness: ModeBypass, want: ModeBypass},
		{name: "harness auto", harness: ModeAuto, want: ModeAuto},
		{name: "persisted bypass does not loosen default", in: ModeInputs{Persisted: ModeBypass}, harness: ModeDefault, want: ModeDefault},
		{name: "persisted auto does not loosen plan", in: ModeInputs{Persisted: ModeAuto}, harness: ModePlan, want: ModePlan},
		{name: "persisted plan tightens default", in: ModeInputs{Persisted: ModePlan}, harness: ModeDefault, want: ModePlan},
		{name: "persisted default tightens bypass", in: ModeInputs{Persisted: ModeDefault}, harness: ModeBypass, want: ModeDefault},
		{name: "config plan tightens bypass", cfgMode: ModePlan, harness: ModeBypass, want: ModePlan},
		{name: "config bypass does not loosen default", cfgMode: ModeBypass, harness: ModeDefault, want: ModeDefault},
		{name: "profile tightens", in: ModeInputs{Profile: "explore"}, harness: ModeAuto, want: ModePlan},
		{name: "profile does not loosen", in: ModeInputs{Profile: "loose"}, harness: ModePlan, want: ModePlan},
		{name: "unknown profile", in: ModeInputs{Profile: "nosuch"}, harness: ModeDefault, wantError: true},
		{name: "--mode pins", in: ModeInputs{Flag: "auto", Persisted: ModePlan}, harness: ModePlan, want: ModeAuto},
		{name: "PERMGATE_MODE pins", in: ModeInputs{Env: "bypass"}, harness: ModePlan, want: ModeBypass},
		{name: "no harness mode: configured", cfgMode: ModeAuto, want: ModeAuto},
		{name: "no harness mode: persisted", in: ModeInputs{Persisted: ModeBypass}, want: ModeBypass},
		{name: "harness bypass, bypass disabled", harness: ModeBypass, noBypass: true, want: ModeDefault},
		{name: "pinned bypass, bypass disabled", in: ModeInputs{Flag: "bypass"}, harness: ModeDefault, noBypass: true, wantError: true},
		{name: "floor over the harness", harness: ModeBypass, floor: ModeDefault, want: ModeDefault},
		{name: "floor over a pin", in: ModeInputs{Flag: "auto"}, harness: ModeDefault, floor: ModePlan, want: ModePlan},
		{name: "floor looser than the mode", harness: ModePlan, floor: ModeDefault, want: ModePlan},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := hookConfig(tt.cfgMode)
			cfg.DisableBypass.Value = tt.noBypass
			cfg.ModeFloor = tt.floor
			h := HarnessMode{Mode: tt.harness, Source: "Harness permission_mode " + string(tt.harness)}
			in := tt.in
			in.Harness = h
			eff, err := Select(cfg, in)
			if tt.wantError {
				if err == nil {
					t.Fatalf("no error; mode %s (%s)", eff.Mode, eff.ModeSource)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if eff.Mode != tt.want {
				t.Errorf("mode %s (%s), want %s", eff.Mode, eff.ModeSource, tt.want)
			}
			if eff.ModeSource == "" {
				t.Error("no mode source")
			}
		})
	}
}

func TestSelectHarnessFailClosedAndBypass(t *testing.T) {
	cfg := hookConfig("")
	eff, err := Select(cfg, ModeInputs{Flag: "auto", Harness: HarnessMode{Mode: ModeDefault, FailClosed: true, Source: "dontAsk"}})
	if err != nil || !eff.FailClosed {
		t.Errorf("a harness where no one can be asked is not fail-closed under a pinned mode: %+v %v", eff, err)
	}
	cfg.Bypass = Setting[string]{BypassEverything, "/u/config.toml:2"}
	eff, _ = Select(cfg, ModeInputs{Harness: HarnessMode{Mode: ModeBypass, Source: "x"}})
	if !eff.BypassEverything {
		t.Error("bypass = everything is not in the settings")
	}
}

func TestSelectFloor(t *testing.T) {
	cfg := hookConfig(ModeBypass)
	cfg.ModeFloor = ModeDefault
	for _, in := range []ModeInputs{{}, {Flag: "bypass"}, {Env: "auto"}, {Persisted: ModeBypass}, {Profile: "loose"}} {
		eff, err := Select(cfg, in)
		if err != nil {
			t.Fatal(err)
		}
		if eff.Mode != ModeDefault || !strings.Contains(eff.ModeSource, "floor") {
			t.Errorf("%+v: mode %s (%s), want the floor default", in, eff.Mode, eff.ModeSource)
		}
	}
	eff, _ := Select(cfg, ModeInputs{Flag: "plan"})
	if eff.Mode != ModePlan {
		t.Errorf("a mode stricter than the floor was changed: %s", eff.Mode)
	}
}
