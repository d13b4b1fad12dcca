package cmd

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/githook"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

func newConfigCmd(io streams, g *globalFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "config check|path|show",
		Short: "Validate and show the merged config and where each part came from",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return errors.New("config: name a subcommand: check, path or show")
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
			fmt.Fprintf(io.out, "config ok: %d file(s), %d allow, %d ask, %d deny rule(s); mode %s (%s)",
				files, len(r.Allow), len(r.Ask), len(r.Deny), s.eff.Mode, safe(s.eff.ModeSource))
			if a := s.cfg.Actions; !a.Empty() {
				fmt.Fprintf(io.out, "; [actions]: %d allow, %d ask, %d deny", len(a.Allow.Classes()), len(a.Ask.Classes()), len(a.Deny.Classes()))
			}
			fmt.Fprintln(io.out)
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
			printLayers(io, s, "")
			return nil
		},
	})
	c.AddCommand(&cobra.Command{
		Use:   "show",
		Short: "Print the merged config as TOML, each setting with the file and line it came from",
		Example: "  permgate config show\n" +
			"  permgate config show > merged.toml   # valid TOML: loads to the same settings",
		Args: cobra.NoArgs,
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

// printLayers lists the layers' files and where the state, seal and audit log
// live, each line after prefix ("# " makes them TOML comments).
func printLayers(io streams, s *session, prefix string) {
	for _, l := range s.cfg.Layers {
		path, state := layerState(l, s.cfg.Managed.Value)
		fmt.Fprintf(io.out, "%s%-9s %s (%s)\n", prefix, l.Name, safe(path), safe(state))
	}
	fmt.Fprintf(io.out, "%s%-9s %s\n", prefix, "state", safe(s.store.Path()))
	fmt.Fprintf(io.out, "%s%-9s %s (key %s)\n", prefix, "seal", safe(s.store.Seals().SealPath()), safe(s.store.Seals().KeyPath()))
	if s.cfg.AuditSink.Value != audit.SinkFile {
		fmt.Fprintf(io.out, "%s%-9s %s (%s)\n", prefix, "audit", safe(s.auditSinkName()), safe("[audit] sink at "+s.cfg.AuditSink.Source))
		return
	}
	fmt.Fprintf(io.out, "%s%-9s %s (rotated to %s)\n", prefix, "audit", safe(s.auditLog().Path()), safe(s.auditLog().RotatedPath()))
}

// layerState is a layer's path ("-" for none) and what of it applies
// (managed: the system config is managed).
func layerState(l config.LayerInfo, managed bool) (path, state string) {
	switch {
	case l.Path == "":
		return "-", "none"
	case l.Change != "":
		return l.Path, fmt.Sprintf("%s outside permgate: the deny and ask rules of its last confirmed content (%s) still apply; `permgate trust --user` to confirm the change", l.Change, l.Kept)
	case !l.Exists:
		return l.Path, "not found"
	case !l.Trusted:
		return l.Path, untrustedState(l, managed)
	case l.Name == config.LayerProject:
		return l.Path, "trusted"
	}
	return l.Path, "loaded"
}

// untrustedState says what of a layer that is there but not trusted
// applies.
func untrustedState(l config.LayerInfo, managed bool) string {
	switch {
	case l.Name != config.LayerSystem && managed:
		return "managed: may only tighten"
	case l.Name == config.LayerProject:
		return "untrusted: only its deny and ask rules apply; `permgate trust " + l.Path + "` to use it all"
	case l.Name == config.LayerUser:
		return "changed outside permgate: only its tightening parts apply; `permgate trust --user` to use it all"
	}
	return "loaded"
}

// auditSinkName names the audit sink the config names, or why it cannot be
// opened.
func (s *session) auditSinkName() string {
	sink, err := s.auditSink()
	if err != nil {
		return err.Error()
	}
	return sink.String()
}

// showConfig prints the merged config as TOML that loads to the same settings,
// each setting followed by a comment naming the file and line it came from
// (or built-in). disable_bypass and [managed], honoured only in the system
// file, are shown as comments, so the output loads as any layer.
func showConfig(io streams, s *session) {
	cfg := s.cfg
	w := io.out
	fmt.Fprintln(w, "# permgate config show: the merged config (valid TOML); after each setting, where it came from")
	fmt.Fprintf(w, "mode = %s  # in force: %s (%s); config: %s\n", tomlString(string(cfg.Mode.Value)), s.eff.Mode, safe(s.eff.ModeSource), safe(cfg.Mode.Source))
	showSettings(w, cfg)
	showRules(w, cfg.Rules)
	showChecks(w, cfg.Checks)
	fmt.Fprintln(w, "\n[tools]")
	for _, t := range slices.Sorted(maps.Keys(cfg.Tools)) {
		fmt.Fprintf(w, "%s = %s  # %s\n", tomlKey(t), tomlString(string(cfg.Tools[t].Value)), safe(cfg.Tools[t].Source))
	}
	showActions(w, cfg)
	showSafeCommands(w, cfg.SafeCommands)
	showGitSteps(w, cfg.Git)
	showProfiles(w, cfg.Profiles)
	fmt.Fprintln(w, "\n# layers")
	printLayers(io, s, "# ")
}

// showSettings prints the top-level settings after the mode; those honoured
// only in the system file as comments.
func showSettings(w io.Writer, cfg *config.Config) {
	fmt.Fprintf(w, "severe = %s  # %s\n", tomlString(cfg.Severe.Value), safe(cfg.Severe.Source))
	fmt.Fprintf(w, "fail_closed = %v  # %s\n", cfg.FailClosed.Value, safe(cfg.FailClosed.Source))
	fmt.Fprintf(w, "bypass = %s  # %s\n", tomlString(cfg.Bypass.Value), safe(cfg.Bypass.Source))
	fmt.Fprintf(w, "audit.required = %v  # %s\n", cfg.AuditRequired.Value, safe(cfg.AuditRequired.Source))
	fmt.Fprintf(w, "audit.sink = %s  # %s\n", tomlString(cfg.AuditSink.Value), safe(cfg.AuditSink.Source))
	fmt.Fprintf(w, "limits.deadline = %s  # %s\n", tomlString(cfg.Deadline.Value.String()), safe(cfg.Deadline.Source))
	if cfg.AuditAddress.Value != "" {
		fmt.Fprintf(w, "audit.address = %s  # %s\n", tomlString(cfg.AuditAddress.Value), safe(cfg.AuditAddress.Source))
	}
	if cfg.AuditFacility.Value != "" {
		fmt.Fprintf(w, "audit.facility = %s  # %s\n", tomlString(cfg.AuditFacility.Value), safe(cfg.AuditFacility.Source))
	}
	if cfg.DisableBypass.Source != "" {
		fmt.Fprintf(w, "# disable_bypass = %v  # %s (honoured only in the system file)\n", cfg.DisableBypass.Value, safe(cfg.DisableBypass.Source))
	}
	if cfg.Managed.Value {
		fmt.Fprintf(w, "# managed: [managed] only_tighten = true  # %s — the user, project and override files and the state may only tighten; the mode is never looser than %s\n", safe(cfg.Managed.Source), cfg.ModeFloor)
	}
}

// showRules prints the [permission] table: each list's rules, each with its
// layer and where it is set.
func showRules(w io.Writer, rules policy.RuleSet) {
	fmt.Fprintln(w, "\n[permission]")
	for _, list := range []struct {
		name  string
		rules []policy.Rule
	}{{"deny", rules.Deny}, {"ask", rules.Ask}, {"allow", rules.Allow}} {
		if len(list.rules) == 0 {
			fmt.Fprintf(w, "%s = []\n", list.name)
			continue
		}
		fmt.Fprintf(w, "%s = [\n", list.name)
		for _, r := range list.rules {
			fmt.Fprintf(w, "  %s,  # %s %s\n", tomlString(r.Text), r.Layer, safe(r.Source))
		}
		fmt.Fprintln(w, "]")
	}
}

// showChecks prints the checks allowance, in the [permission] table: each
// check command with where it is set.
func showChecks(w io.Writer, checks []policy.Check) {
	fmt.Fprintln(w, "checks = [")
	for _, c := range checks {
		fmt.Fprintf(w, "  %s,  # %s\n", tomlString(c.Prefix), safe(c.Source))
	}
	fmt.Fprintln(w, "]")
}

// showActions prints the [actions] table: each class given a policy, with
// where it is set.
func showActions(w io.Writer, cfg *config.Config) {
	fmt.Fprintln(w, "\n[actions]")
	for _, info := range effect.All() {
		if a, ok := cfg.Actions.Of(info.Class); ok {
			fmt.Fprintf(w, "%s = %s  # %s\n", info.Class, tomlString(string(a)), safe(cfg.Actions.Source[info.Class]))
		}
	}
}

// showSafeCommands prints the [safe] table.
func showSafeCommands(w io.Writer, commands []policy.Setting[string]) {
	fmt.Fprintln(w, "\n[safe]")
	if len(commands) == 0 {
		fmt.Fprintln(w, "commands = []")
		return
	}
	fmt.Fprintln(w, "commands = [")
	for _, c := range commands {
		fmt.Fprintf(w, "  %s,  # %s\n", tomlString(c.Value), safe(c.Source))
	}
	fmt.Fprintln(w, "]")
}

// showProfiles prints each profile's table, in the order of their names.
func showProfiles(w io.Writer, profiles map[string]policy.Profile) {
	for _, n := range slices.Sorted(maps.Keys(profiles)) {
		p := profiles[n]
		fmt.Fprintf(w, "\n[profiles.%s]  # %s\n", tomlKey(n), safe(p.Source))
		if p.Mode != "" {
			fmt.Fprintf(w, "mode = %s\n", tomlString(string(p.Mode)))
		} else {
			fmt.Fprintln(w, "# mode: unchanged")
		}
		fmt.Fprintf(w, "fail_closed = %v\n", p.FailClosed)
		if p.Severe != "" {
			fmt.Fprintf(w, "severe = %s\n", tomlString(p.Severe))
		}
	}
}

// showGitSteps prints the [git] table: each hook's steps, each with the file
// and line it came from.
func showGitSteps(w io.Writer, steps map[string][]githook.Step) {
	fmt.Fprintln(w, "\n[git]")
	for _, h := range slices.Sorted(maps.Keys(steps)) {
		fmt.Fprintf(w, "%s = [\n", tomlKey(h))
		for _, st := range steps[h] {
			fmt.Fprintf(w, "  %s,  # %s\n", tomlString(st.Command), safe(st.Source))
		}
		fmt.Fprintln(w, "]")
	}
}

// tomlString quotes s as a TOML basic string that decodes to s. Quotes,
// backslashes and every character a terminal would act on (controls, bidi
// controls, line separators) are written as escapes, so the output is safe
// to show as well as valid.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == utf8.RuneError, validator.TerminalUnsafe(r):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlKey writes k as a bare TOML key when it may stand bare, else quoted.
func tomlKey(k string) string {
	bare := k != "" && strings.IndexFunc(k, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	}) < 0
	if bare {
		return k
	}
	return tomlString(k)
}
