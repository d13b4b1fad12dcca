package cmd

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"permgate/policy"
)

// newTrustCmd makes `permgate trust [FILE]` (trust true) or `permgate untrust
// [FILE]`: record or forget the hash of a project config's path and content.
func newTrustCmd(io streams, g *globalFlags, trust bool) *cobra.Command {
	use, short := "trust [FILE]", "Trust the project config's current content, so all of it applies"
	if !trust {
		use, short = "untrust [FILE]", "Forget the trust in a project config: it may then only add deny and ask rules"
	}
	return &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			env := analysisEnv()
			file := ""
			if len(args) == 1 {
				file = args[0]
			} else {
				file = policy.Locate(policy.LocateEnv{Cwd: env.Cwd}).Project
				if file == "" {
					return fmt.Errorf("no %s found from %s up to the repository root", policy.ProjectFileName, env.Cwd)
				}
			}
			abs, err := filepath.Abs(file)
			if err != nil {
				return fmt.Errorf("resolve %s: %w", file, err)
			}
			store := policy.Store{Dir: stateDir(env.Home)}
			if !trust {
				return untrustFile(io, store, abs)
			}
			return trustFile(io, store, abs)
		},
	}
}

func trustFile(io streams, store policy.Store, abs string) error {
	data, err := os.ReadFile(abs)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	// Refuse to trust a file that would not load: the hash is of what is checked.
	if _, err := policy.LoadConfig(policy.Paths{Override: abs}, nil); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	hash := policy.TrustHash(abs, data)
	err = store.Update(func(st *policy.State) error {
		if st.Trusted == nil {
			st.Trusted = map[string]string{}
		}
		st.Trusted[abs] = hash
		return nil
	})
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	fmt.Fprintf(io.out, "permgate: trusted %s (sha256 %s)\n", abs, hash[:12])
	return nil
}

func untrustFile(io streams, store policy.Store, abs string) error {
	found := false
	err := store.Update(func(st *policy.State) error {
		_, found = st.Trusted[abs]
		delete(st.Trusted, abs)
		return nil
	})
	if err != nil {
		return fmt.Errorf("untrust: %w", err)
	}
	if !found {
		fmt.Fprintf(io.out, "permgate: %s was not trusted\n", abs)
		return nil
	}
	fmt.Fprintf(io.out, "permgate: no longer trusting %s\n", abs)
	return nil
}
