package cmd

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
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
				return trustUserConfig(io, store, paths)
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
		c.Flags().BoolVar(&user, "user", false, "confirm your user config's current content (after editing it by hand), or with FILE a config you name with --config")
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

// trustUserConfig seals the user config's current content after the person at
// the terminal has seen what it loosens.
func trustUserConfig(io streams, store state.Store, paths config.Paths) error {
	if paths.User == "" {
		return errors.New("trust: no user config location (set HOME or XDG_CONFIG_HOME)")
	}
	data, err := config.ReadFile(paths.User)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	loosening, err := config.Loosening(paths.User, data)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	sys, err := systemConfig(paths)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if err := refuseManaged(sys, "confirming "+paths.User); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	abs, err := filepath.Abs(paths.User)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	// The content read above, not the file now, decides whether to ask.
	if len(loosening) > 0 && !store.Seals().Verify(abs, data) {
		if err := confirmLoosening("confirming "+paths.User, loosening); err != nil {
			return fmt.Errorf("trust: %w", err)
		}
	}
	if err := config.SealUserConfig(store.Seals(), paths.User, data); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	fmt.Fprintf(io.out, "permgate: confirmed %s: all of it applies\n", safe(paths.User))
	return nil
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
