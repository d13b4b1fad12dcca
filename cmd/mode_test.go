package cmd

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

// TestModeCycleUnderLock: a cycle worked out from a persisted mode that another
// process changed meanwhile writes nothing and says so, so no change is lost.
func TestModeCycleUnderLock(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	t.Setenv("PERMGATE_MODE", "")
	t.Setenv("PERMGATE_CONFIG", "")
	t.Setenv("PERMGATE_PROFILE", "")
	old := TestOnlySystemConfig
	TestOnlySystemConfig = filepath.Join(home, "no-system.toml")
	t.Cleanup(func() { TestOnlySystemConfig = old })
	var out, errOut strings.Builder
	ios := streams{in: strings.NewReader(""), out: &out, err: &errOut, host: osHost()}

	s, err := loadSession(&globalFlags{}, ios, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.store.Update(func(st *state.State) error { st.Mode = policy.ModeAuto; return nil }); err != nil {
		t.Fatal(err)
	}
	if s, err = loadSession(&globalFlags{}, ios, "", false); err != nil {
		t.Fatal(err)
	}
	next := nextMode(s.eff.Mode, s.cfg.DisableBypass.Value, s.cfg.ModeFloor) // auto → plan: tightens, no question
	if next != policy.ModePlan {
		t.Fatalf("after %s comes %s", s.eff.Mode, next)
	}
	// Another process persists plan after this one read the state: a second
	// cycle from auto would write plan again and lose that step.
	if err := s.store.Update(func(st *state.State) error { st.Mode = policy.ModePlan; return nil }); err != nil {
		t.Fatal(err)
	}
	err = setMode(ios, s, next)
	if !errors.Is(err, errModeChanged) {
		t.Fatalf("setMode from a stale state: %v, want errModeChanged", err)
	}
	st, err := s.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode != policy.ModePlan {
		t.Errorf("persisted mode %q, want plan kept", st.Mode)
	}
	// Read again, the cycle goes on from plan.
	s, err = loadSession(&globalFlags{}, streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard, host: osHost()}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := nextMode(s.eff.Mode, false, ""); got != policy.ModeBypass {
		t.Errorf("after plan comes %q", got)
	}
}
