package cmd

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/internal/xdg"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
	"github.com/permgate/permgate/validator"
)

// TestOnlySystemConfig replaces /etc/permgate/config.toml; only the test binary
// sets it.
var TestOnlySystemConfig = ""

// globalFlags are the flags every command takes.
type globalFlags struct {
	config  string
	profile string
}

func (g *globalFlags) register(c *cobra.Command) {
	c.PersistentFlags().StringVar(&g.config, "config", "", "config file applied over all others (also PERMGATE_CONFIG)")
	c.PersistentFlags().StringVar(&g.profile, "profile", "", "profile to use (also PERMGATE_PROFILE)")
}

// session is everything a decision needs: where commands run, the merged config,
// the state and the effective mode.
type session struct {
	env   validator.Env
	paths config.Paths
	store state.Store
	// state is what of the state counts; rawState is the state as read, with
	// what permgate knows of its seal.
	state    state.State
	rawState state.State
	cfg      *config.Config
	eff      policy.Effective
	// host is where the session runs: its environment and directories.
	host *host
	// started is when the answer now being given started: the process's
	// start for its one answer, each step's or line's for many.
	started time.Time
	// sessionCwd is a hook's session directory when the tool call runs
	// in another (harness.Request.SessionCwd): what permgate vouches for
	// lies inside both.
	sessionCwd string
	// noOneToAsk says why no one can answer an ask although fail-closed is
	// not configured (a hook whose harness asks only at a terminal, with none).
	noOneToAsk string
}

// stateDir is $XDG_STATE_HOME/permgate, else ~/.local/state/permgate.
func stateDir(h *host, home string) string {
	return xdg.StateDir(h.Getenv("XDG_STATE_HOME"), home)
}

// loadConfig reads the state and the config layers, without choosing a mode.
func loadConfig(g *globalFlags, io streams) (*session, error) {
	s := &session{env: analysisEnv(io.host), host: io.host, started: startOf(io)}
	if err := checkHome(s.env); err != nil {
		return nil, err
	}
	s.store = state.Store{Dir: stateDir(io.host, s.env.Home)}
	// The state, the config files and their seals are read as of one moment.
	unlock, err := s.store.ReadLock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	st, err := s.readLayers(g)
	if err != nil {
		return nil, err
	}
	s.store.ConfigMode = s.cfg.Mode.Value
	s.state, s.rawState = trustedState(st, s.cfg), st
	s.warnLoaded(io.err, st)
	s.noteConfig()
	return s, nil
}

// readLayers reads the seals, the state and the config layers (s.paths,
// s.cfg), and returns the state as read.
func (s *session) readLayers(g *globalFlags) (state.State, error) {
	seals := s.store.Seals().Load()
	st, err := s.store.LoadWith(seals)
	if err != nil {
		return st, err
	}
	s.paths = locateConfig(s.env, g, s.host)
	cfg, err := config.Load(s.paths, state.Trust{State: st, Seals: seals})
	if err != nil {
		return st, fmt.Errorf("config: %w", err)
	}
	s.cfg = cfg
	return st, nil
}

// locateConfig names the config files for env: the override is --config,
// else PERMGATE_CONFIG.
func locateConfig(env validator.Env, g *globalFlags, h *host) config.Paths {
	override := g.config
	if override == "" {
		override = h.Getenv("PERMGATE_CONFIG")
	}
	return config.Locate(config.LocateEnv{
		Cwd: env.Cwd, Home: env.Home, XDGConfigHome: h.Getenv("XDG_CONFIG_HOME"),
		Override: override, SystemFile: TestOnlySystemConfig,
	})
}

// warnLoaded prints the config's warnings, and what of the state st (as
// read) does not count and why.
func (s *session) warnLoaded(w io.Writer, st state.State) {
	for _, msg := range s.cfg.Warnings {
		fmt.Fprintf(w, "permgate: warning: %s\n", msg)
	}
	if msg := stateWarning(s.store, st, s.state, s.cfg); msg != "" {
		fmt.Fprintf(w, "permgate: warning: %s\n", msg)
	}
}

// noteConfig tells the analysis what the config makes of it: the config
// named with --config or PERMGATE_CONFIG is permgate's own file while it is
// in force (writing it is self_modify), so are the project files, the safe
// commands count, and rules may need file contents.
func (s *session) noteConfig() {
	if s.paths.Override != "" {
		if abs, err := filepath.Abs(s.paths.Override); err == nil {
			s.env.StateDirs = append(s.env.StateDirs, abs)
		}
	}
	for _, p := range s.paths.ProjectFiles() {
		if abs, err := filepath.Abs(p); err == nil {
			s.env.ProjectFiles = append(s.env.ProjectFiles, abs)
		}
	}
	for _, c := range s.cfg.SafeCommands {
		s.env.SafeCommands = append(s.env.SafeCommands, c.Value)
	}
	s.env.FileAccess = s.cfg.Rules.NeedsFiles()
}

// loadSession loads the config and chooses the mode.
func loadSession(g *globalFlags, io streams, modeFlag string, failClosed bool) (*session, error) {
	s, err := loadConfig(g, io)
	if err != nil {
		return nil, err
	}
	s.eff, err = policy.Select(&s.cfg.Policy, s.modeInputs(g, modeFlag, failClosed))
	if err != nil {
		return nil, err
	}
	return s, nil
}

// trustedState is the part of the state that may count: all of it when the
// state file matches its seal and the system config is not managed; otherwise
// its trusted project hashes are gone and its mode counts only when it is not
// looser than the config's.
func trustedState(st state.State, cfg *config.Config) state.State {
	if !st.Unsealed && !cfg.Managed.Value {
		return st
	}
	return st.Tightened(cfg.Mode.Value)
}

// stateWarning says what of the state was kept or ignored, why, and how to
// resolve it, or "" when all of it counts.
func stateWarning(store state.Store, st, used state.State, cfg *config.Config) string {
	kept, ignored := stateKept(st, used), stateIgnored(st, used, cfg)
	if len(kept) == 0 && len(ignored) == 0 {
		return ""
	}
	why, fix := stateWhy(st, cfg)
	parts := kept
	if len(ignored) > 0 {
		parts = append(parts, "ignoring "+strings.Join(ignored, " and "))
	}
	return fmt.Sprintf("state %s %s: ", store.Path(), why) + strings.Join(parts, "; ") + " (" + fix + ")"
}

// stateKept says what of a state that does not match its seal still counts:
// its last confirmed mode, or plan mode for one that cannot be read back.
func stateKept(st, used state.State) []string {
	switch {
	case st.Lost != "":
		return []string{"what permgate last confirmed of it cannot be read back (" + st.Lost + "), so plan mode stands in for its persisted mode"}
	case st.Confirmed != nil && used.Mode != "" && used.Mode == st.Confirmed.Mode && used.Mode != st.Mode:
		return []string{fmt.Sprintf("its last confirmed mode %s still counts (%s)", used.Mode, st.CopyPath)}
	}
	return nil
}

// stateIgnored says what of the state st does not count (used is what
// does): a looser mode, and its trusted project files.
func stateIgnored(st, used state.State, cfg *config.Config) []string {
	var ignored []string
	if st.Mode != "" && st.Mode != used.Mode {
		than := "the config's " + string(cfg.Mode.Value)
		if used.Mode != "" {
			than = string(used.Mode)
		}
		ignored = append(ignored, fmt.Sprintf("its mode %s (looser than %s)", st.Mode, than))
	}
	if len(st.Trusted) > 0 && len(used.Trusted) == 0 {
		ignored = append(ignored, fmt.Sprintf("its %d trusted project file(s)", len(st.Trusted)))
	}
	return ignored
}

// stateWhy says why the state may only tighten — removed, changed, its seal
// gone, or a managed system config — and how that is resolved.
func stateWhy(st state.State, cfg *config.Config) (why, fix string) {
	if cfg.Managed.Value {
		return "may only tighten: the system config is managed (" + cfg.Managed.Source + ")", "the managed system config decides"
	}
	fix = "confirm it as it is now with `permgate trust --user`, or set the mode again with `permgate mode` and trust project files again with `permgate trust`, at a terminal"
	switch st.Change {
	case "removed":
		return "is gone, though permgate sealed it", fix
	case "changed":
		return "does not match the seal permgate keeps for it (it was changed outside permgate)", fix
	}
	return "does not match the seal permgate keeps for it (it was changed outside permgate, or the seal key is gone)", fix
}

// modeInputs gathers what chooses the mode: the flag, PERMGATE_MODE, the profile
// (--profile, else PERMGATE_PROFILE), the persisted mode, and fail-closed.
func (s *session) modeInputs(g *globalFlags, modeFlag string, failClosed bool) policy.ModeInputs {
	profile := g.profile
	if profile == "" {
		profile = s.host.Getenv("PERMGATE_PROFILE")
	}
	return policy.ModeInputs{
		Flag: modeFlag, Env: s.host.Getenv("PERMGATE_MODE"), Profile: profile, Persisted: s.state.Mode,
		FailClosed: failClosed || envTrue(s.host.Getenv("PERMGATE_FAIL_CLOSED")),
	}
}

func envTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// matcher returns the rule matcher for this session.
func (s *session) matcher() policy.Matcher {
	return policy.Matcher{Rules: s.cfg.Rules, Paths: s.pathContext()}
}

// decide analyses and decides one CMD… form.
func (s *session) decide(args []string) (string, validator.Analysis, policy.Outcome) {
	command, a := analyze(validator.New(s.env), args)
	return command, a, s.decideAnalysis(a, s.matcher())
}

// decideAnalysis applies the pipeline, then fail-closed when it is on.
func (s *session) decideAnalysis(a validator.Analysis, m policy.Matcher) policy.Outcome {
	return s.failClosed(policy.Decide(a, s.eff.Settings, m))
}

// failClosed turns an ask into a deny when fail-closed is on.
func (s *session) failClosed(out policy.Outcome) policy.Outcome {
	if s.noOneToAsk != "" {
		return policy.FailClose(out, s.noOneToAsk)
	}
	if s.eff.FailClosed {
		return policy.FailClose(out, "fail-closed is on")
	}
	return out
}
