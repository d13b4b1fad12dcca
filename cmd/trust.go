package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

// newTrustCmd makes `permgate trust [FILE]` (trust true) or `permgate untrust
// [FILE]`: record or forget the hash of a project config's path and content.
// `permgate trust --user` confirms the user config's current content. Trusting
// loosens the policy, so it needs a person to confirm it at the terminal.
func newTrustCmd(io streams, g *globalFlags, trust bool) *cobra.Command {
	use, short := "trust [FILE]", "Trust the project config's current content, so all of it applies"
	if !trust {
		use, short = "untrust [FILE]", "Forget the trust in a project config: it may then only add deny and ask rules"
	}
	var user bool
	c := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			env := analysisEnv(io.host)
			if err := checkHome(env); err != nil {
				return fmt.Errorf("trust: %w", err)
			}
			paths := config.Locate(config.LocateEnv{
				Cwd: env.Cwd, Home: env.Home, XDGConfigHome: io.host.Getenv("XDG_CONFIG_HOME"), SystemFile: TestOnlySystemConfig,
			})
			store := state.Store{Dir: stateDir(io.host, env.Home)}
			if user {
				if len(args) > 0 {
					// a config named with --config or PERMGATE_CONFIG
					paths.User = args[0]
				}
				return trustUserFiles(io, g, store, paths, len(args) == 0)
			}
			file := ""
			if len(args) == 1 {
				file = args[0]
			} else {
				file = paths.Project
				if file == "" {
					return fmt.Errorf("no %s found from %s up to the repository root", config.ProjectFileName, env.Cwd)
				}
			}
			abs, err := filepath.Abs(file)
			if err != nil {
				return fmt.Errorf("resolve %s: %w", file, err)
			}
			if !trust {
				return untrustFile(io, store, abs)
			}
			return trustFile(io, store, paths, abs)
		},
	}
	if trust {
		c.Flags().BoolVar(&user, "user", false, "confirm your user config's and state's current content (after a change made outside permgate, removal included), or with FILE a config you name with --config")
	}
	return c
}

// systemConfig loads the system file alone, to learn whether it is managed.
func systemConfig(paths config.Paths) (*config.Config, error) {
	cfg, err := config.Load(config.Paths{System: paths.System}, nil)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return cfg, nil
}

func trustFile(io streams, store state.Store, paths config.Paths, abs string) error {
	data, err := config.ReadFile(abs)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	// Refuse to trust a file that would not load: the hash is of what is checked.
	loosening, err := config.Loosening(abs, data)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	sys, err := systemConfig(paths)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if err := refuseManaged(sys, "trusting "+abs); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if len(loosening) > 0 {
		if err := confirmLoosening("trusting "+abs, loosening); err != nil {
			return fmt.Errorf("trust: %w", err)
		}
	}
	hash := state.TrustHash(abs, data)
	err = store.Update(func(st *state.State) error {
		if st.Trusted == nil {
			st.Trusted = map[string]string{}
		}
		st.Trusted[abs] = hash
		return nil
	})
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	fmt.Fprintf(io.out, "permgate: trusted %s (sha256 %s)\n", safe(abs), hash[:12])
	return nil
}

// trustUserFiles confirms the user config (or the config named) and, with
// withState, the state file, each when it differs from what permgate last
// sealed: the person at the terminal is shown what confirming loosens first.
func trustUserFiles(io streams, g *globalFlags, store state.Store, paths config.Paths, withState bool) error {
	if paths.User == "" {
		return errors.New("trust: no user config location (set HOME or XDG_CONFIG_HOME)")
	}
	sys, err := systemConfig(paths)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if err := refuseManaged(sys, "confirming "+paths.User); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	done, err := trustUserConfig(io, store, paths.User)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if withState {
		stateDone, err := trustState(io, g, store)
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		done = done || stateDone
	}
	switch {
	case done:
	case withState:
		fmt.Fprintf(io.out, "permgate: nothing to confirm: %s and the state are as permgate last wrote them\n", safe(paths.User))
	default:
		fmt.Fprintf(io.out, "permgate: nothing to confirm: %s is as permgate last wrote it\n", safe(paths.User))
	}
	return nil
}

// trustUserConfig seals a config file's current content — or forgets the
// seal of one that is gone — after the person at the terminal has seen what
// that loosens: what the file now holds that only a confirmed file may do,
// and what of its last confirmed content stops applying. done is false when
// the file already matches its seal.
func trustUserConfig(io streams, store state.Store, path string) (done bool, err error) {
	data, present, err := readIfThere(path)
	if err != nil {
		return false, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	v := store.Seals().Load().Check(abs, data, present)
	if v.Status == integrity.Sealed || !present && v.Status == integrity.NotSealed {
		return false, nil
	}
	details, err := userConfigLoosening(path, v, data, present)
	if err != nil {
		return false, err
	}
	// The content read above, not the file now, decides whether to ask.
	if err := confirmAny(confirmingWhat(path, present), details); err != nil {
		return false, err
	}
	if err := config.SealUserConfig(store.Seals(), path, data, present); err != nil {
		return false, err
	}
	if present {
		fmt.Fprintf(io.out, "permgate: confirmed %s: all of it applies\n", safe(path))
		return true, nil
	}
	fmt.Fprintf(io.out, "permgate: confirmed that %s is gone: the rules it held no longer apply\n", safe(path))
	return true, nil
}

// readIfThere reads a config file; present is false when there is none.
func readIfThere(path string) (data []byte, present bool, err error) {
	data, err = config.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return data, false, nil
	}
	return data, err == nil, err
}

// userConfigLoosening says what confirming the user config at path (data,
// present or not; v its seal's verdict) loosens: what of its last confirmed
// content stops applying, and what it now holds that only a confirmed file
// may do.
func userConfigLoosening(path string, v integrity.Verdict, data []byte, present bool) ([]string, error) {
	var details []string
	switch v.Status {
	case integrity.Changed:
		dropped, err := config.Dropped(v.CopyPath, v.Confirmed, data, present)
		if err != nil {
			return nil, err
		}
		details = append(details, dropped...)
	case integrity.Lost:
		details = append(details, fmt.Sprintf("what permgate last confirmed of %s cannot be read back (%v): what confirming drops of it is unknown", path, v.Problem))
	}
	if !present {
		return details, nil
	}
	loosening, err := config.Loosening(path, data)
	if err != nil {
		return nil, err
	}
	return append(details, loosening...), nil
}

// confirmingWhat names the confirmation of the file at path, there or gone.
func confirmingWhat(path string, present bool) string {
	if !present {
		return "confirming that " + path + " is gone"
	}
	return "confirming " + path
}

// confirmAny has the person at the terminal confirm what details loosen
// (what names the change), when anything does.
func confirmAny(what string, details []string) error {
	if len(details) == 0 {
		return nil
	}
	return confirmLoosening(what, details)
}

// trustState seals the state file's current content (or forgets the seal of
// one that is gone) after the person at the terminal has seen what that
// loosens. done is false when the state already matches its seal.
func trustState(io streams, g *globalFlags, store state.Store) (done bool, err error) {
	st, raw, err := store.Raw()
	if err != nil {
		return false, err
	}
	if !st.Unsealed {
		return false, nil
	}
	// What of the state counts now depends on the config's mode; when the
	// config does not load, only plan would have counted.
	configMode := policy.Mode("")
	if s, err := loadConfig(g, io.quiet()); err == nil {
		configMode = s.cfg.Mode.Value
	}
	what := "confirming the state " + store.Path()
	if raw == nil {
		what = "confirming that the state " + store.Path() + " is gone"
	}
	if err := confirmAny(what, st.Loosening(configMode)); err != nil {
		return false, err
	}
	if err := store.Confirm(raw, raw != nil); err != nil {
		return false, err
	}
	fmt.Fprintf(io.out, "permgate: confirmed the state %s: all of it counts\n", safe(store.Path()))
	return true, nil
}

func untrustFile(io streams, store state.Store, abs string) error {
	found := false
	err := store.Update(func(st *state.State) error {
		_, found = st.Trusted[abs]
		delete(st.Trusted, abs)
		return nil
	})
	if err != nil {
		return fmt.Errorf("untrust: %w", err)
	}
	if !found {
		fmt.Fprintf(io.out, "permgate: %s was not trusted\n", safe(abs))
		return nil
	}
	fmt.Fprintf(io.out, "permgate: no longer trusting %s\n", safe(abs))
	return nil
}
