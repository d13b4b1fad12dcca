package cmd

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/policy"
)

func newConfigCmd(io streams, g *globalFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "config check|path|show",
		Short: "Validate and show the merged config and where each part came from",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return errors.New("config: say check, path or show")
		},
	}
	c.AddCommand(&cobra.Command{
		Use:   "check",
		Short: "Validate every config file; exit 1 naming file and line on the first problem",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := loadSession(g, io, "", false)
			if err != nil {
				return err
			}
			files := 0
			for _, l := range s.cfg.Layers {
				if l.Exists {
					files++
				}
			}
			r := s.cfg.Rules
			fmt.Fprintf(io.out, "config ok: %d file(s), %d allow, %d ask, %d deny rule(s); mode %s (%s)\n",
				files, len(r.Allow), len(r.Ask), len(r.Deny), s.eff.Mode, safe(s.eff.ModeSource))
			return nil
		},
	})
	c.AddCommand(&cobra.Command{
		Use:   "path",
		Short: "List the config file of each layer and the state file",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := loadConfig(g, io)
			if err != nil {
				return err
			}
			printLayers(io, s)
			return nil
		},
	})
	c.AddCommand(&cobra.Command{
		Use:   "show",
		Short: "Show the merged config, each part with the file and line it came from",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := loadSession(g, io, "", false)
			if err != nil {
				return err
			}
			showConfig(io, s)
			return nil
		},
	})
	return c
}

func printLayers(io streams, s *session) {
	for _, l := range s.cfg.Layers {
		state := "not found"
		switch {
		case l.Path == "":
			state, l.Path = "none", "-"
		case l.Exists && l.Name != config.LayerSystem && !l.Trusted && s.cfg.Managed.Value:
			state = "managed: may only tighten"
		case l.Exists && l.Name == config.LayerProject && !l.Trusted:
			state = "untrusted: only its deny and ask rules apply; `permgate trust " + l.Path + "` to use it all"
		case l.Exists && l.Name == config.LayerUser && !l.Trusted:
			state = "changed outside permgate: only its tightening parts apply; `permgate trust --user` to use it all"
		case l.Exists && l.Name == config.LayerProject:
			state = "trusted"
		case l.Exists:
			state = "loaded"
		}
		fmt.Fprintf(io.out, "%-9s %s (%s)\n", l.Name, safe(l.Path), safe(state))
	}
	fmt.Fprintf(io.out, "%-9s %s\n", "state", safe(s.store.Path()))
	fmt.Fprintf(io.out, "%-9s %s (key %s)\n", "seal", safe(s.store.Seals().SealPath()), safe(s.store.Seals().KeyPath()))
	fmt.Fprintf(io.out, "%-9s %s (rotated to %s)\n", "audit", safe(s.auditLog().Path()), safe(s.auditLog().RotatedPath()))
}

func showConfig(io streams, s *session) {
	cfg := s.cfg
	fmt.Fprintf(io.out, "mode = %q  # in force: %s (%s); config: %s\n", cfg.Mode.Value, s.eff.Mode, safe(s.eff.ModeSource), safe(cfg.Mode.Source))
	fmt.Fprintf(io.out, "severe = %q  # %s\n", cfg.Severe.Value, safe(cfg.Severe.Source))
	fmt.Fprintf(io.out, "fail_closed = %v  # %s\n", cfg.FailClosed.Value, safe(cfg.FailClosed.Source))
	fmt.Fprintf(io.out, "bypass = %q  # %s\n", cfg.Bypass.Value, safe(cfg.Bypass.Source))
	fmt.Fprintf(io.out, "audit.required = %v  # %s\n", cfg.AuditRequired.Value, safe(cfg.AuditRequired.Source))
	if cfg.Managed.Value {
		fmt.Fprintf(io.out, "# managed: [managed] only_tighten = true  # %s — the user, project and override files and the state may only tighten; the mode is never looser than %s\n", safe(cfg.Managed.Source), cfg.ModeFloor)
	}
	if cfg.DisableBypass.Source != "" {
		fmt.Fprintf(io.out, "disable_bypass = %v  # %s\n", cfg.DisableBypass.Value, safe(cfg.DisableBypass.Source))
	}
	fmt.Fprintln(io.out, "\n[permission]")
	for _, list := range []struct {
		name  string
		rules []policy.Rule
	}{{"deny", cfg.Rules.Deny}, {"ask", cfg.Rules.Ask}, {"allow", cfg.Rules.Allow}} {
		for _, r := range list.rules {
			fmt.Fprintf(io.out, "%-5s %s  # %s %s\n", list.name, safe(r.Text), r.Layer, safe(r.Source))
		}
	}
	fmt.Fprintln(io.out, "\n[tools]")
	for _, t := range slices.Sorted(maps.Keys(cfg.Tools)) {
		fmt.Fprintf(io.out, "%s = %q  # %s\n", safe(t), cfg.Tools[t].Value, safe(cfg.Tools[t].Source))
	}
	fmt.Fprintln(io.out, "\n[safe]")
	for _, c := range cfg.SafeCommands {
		fmt.Fprintf(io.out, "commands += %q  # %s\n", c.Value, safe(c.Source))
	}
	fmt.Fprintln(io.out, "\n[profiles]")
	for _, n := range slices.Sorted(maps.Keys(cfg.Profiles)) {
		p := cfg.Profiles[n]
		mode := string(p.Mode)
		if mode == "" {
			mode = "(unchanged)"
		}
		fmt.Fprintf(io.out, "%s: mode %s, fail_closed %v  # %s\n", safe(n), safe(mode), p.FailClosed, safe(p.Source))
	}
	fmt.Fprintln(io.out, "\n# layers")
	printLayers(io, s)
}
