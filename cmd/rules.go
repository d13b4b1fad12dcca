package cmd

import (
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
)

func newRulesCmd(io streams, g *globalFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "rules [list|add|remove]",
		Short: "List every rule with its layer, or add and remove rules in your user config",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return listRules(io, g)
		},
	}
	c.AddCommand(newRulesListCmd(io, g), newRulesAddCmd(io, g), newRulesRemoveCmd(io, g))
	return c
}

func newRulesListCmd(io streams, g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List every rule with its layer and the file and line it is set on",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return listRules(io, g) },
	}
}

func newRulesAddCmd(io streams, g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "add allow|ask|deny RULE",
		Short: "Add a rule to your user config (comments and layout are kept)",
		Example: "  permgate rules add allow 'bash(prefix:npm run build)'\n" +
			"  permgate rules add deny 'bash(prefix:git push --force)'\n" +
			"  permgate rules add ask write_file",
		Args: checkRulesAddArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return addRule(io, g, args[0], args[1])
		},
	}
}

// checkRulesAddArgs wants a rule list and one rule.
func checkRulesAddArgs(_ *cobra.Command, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("want a list (allow, ask or deny) and one RULE, got %d argument(s); quote the rule", len(args))
	}
	if !slices.Contains(ruleKinds, args[0]) {
		return fmt.Errorf("unknown rule list %q (want allow, ask or deny)", args[0])
	}
	return nil
}

func newRulesRemoveCmd(io streams, g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:     "remove RULE",
		Short:   "Remove a rule from your user config",
		Example: "  permgate rules remove 'bash(prefix:npm run build)'",
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return removeRule(io, g, args[0])
		},
	}
}

// loadUserConfig loads the config for an edit of the user's config file,
// which must have a location.
func loadUserConfig(g *globalFlags, io streams) (*session, error) {
	s, err := loadConfig(g, io)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	if s.paths.User == "" {
		return nil, errors.New("rules: no user config location (set HOME or XDG_CONFIG_HOME)")
	}
	return s, nil
}

// addRule adds rule to the user config's list (allow, ask or deny); an
// allow rule loosens, and is confirmed first.
func addRule(io streams, g *globalFlags, list, rule string) error {
	s, err := loadUserConfig(g, io)
	if err != nil {
		return err
	}
	if list == "allow" {
		if _, err := policy.ParseRule(rule); err != nil {
			return fmt.Errorf("rules: %w", err)
		}
		if err := loosen(s.cfg, "adding the allow rule "+rule, []string{"allow " + rule + " in " + s.paths.User}); err != nil {
			return fmt.Errorf("rules: %w", err)
		}
	}
	seals := s.store.Seals()
	added, err := config.AddRule(s.paths.User, list, rule, &seals)
	if err != nil {
		return editError(fmt.Sprintf("added %s rule %s to %s", list, rule, s.paths.User), err)
	}
	if !added {
		fmt.Fprintf(io.out, "permgate: %s is already a %s rule in %s\n", safe(rule), safe(list), safe(s.paths.User))
		return nil
	}
	fmt.Fprintf(io.out, "permgate: added %s rule %s to %s\n", safe(list), safe(rule), safe(s.paths.User))
	noteUnsealed(io.err, s)
	return nil
}

// removeRule removes rule from the user config; taking a deny or ask rule
// away loosens, and is confirmed first.
func removeRule(io streams, g *globalFlags, rule string) error {
	s, err := loadUserConfig(g, io)
	if err != nil {
		return err
	}
	lists, err := config.RuleListsOf(s.paths.User, rule)
	if err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	if loosening := removalLoosens(lists, rule); len(loosening) > 0 {
		if err := loosen(s.cfg, "removing the rule "+rule, loosening); err != nil {
			return fmt.Errorf("rules: %w", err)
		}
	}
	seals := s.store.Seals()
	removed, err := config.RemoveRule(s.paths.User, rule, &seals)
	if err != nil {
		return editError(fmt.Sprintf("removed %s from %s", rule, s.paths.User), err)
	}
	if !removed {
		return fmt.Errorf("rules: %s is not in %s (`permgate rules list` shows where each rule is set)", rule, s.paths.User)
	}
	fmt.Fprintf(io.out, "permgate: removed %s from %s\n", safe(rule), safe(s.paths.User))
	noteUnsealed(io.err, s)
	return nil
}

// removalLoosens says what removing rule from lists (the lists it is in)
// loosens: each deny or ask it no longer makes.
func removalLoosens(lists []string, rule string) []string {
	var loosening []string
	for _, l := range lists {
		if l == "deny" || l == "ask" {
			loosening = append(loosening, "no longer "+l+" "+rule)
		}
	}
	return loosening
}

// editError reports a failed edit of the user config. Most failures change
// nothing, and say so; when the file was changed but could not be sealed
// (nor put back), it says what was done, what now applies, and what to do.
func editError(done string, err error) error {
	var ue *integrity.UnsealedError
	if errors.As(err, &ue) {
		return fmt.Errorf("rules: %s, but sealing it failed (%v; putting back its earlier content failed too: %v): until it is sealed only its tightening parts apply, and the deny and ask rules it held before; once the cause is fixed, run `permgate trust --user` at a terminal", done, ue.Seal, ue.Restore)
	}
	return fmt.Errorf("rules: %w", err)
}

func listRules(io streams, g *globalFlags) error {
	s, err := loadConfig(g, io)
	if err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	n := 0
	for _, list := range []struct {
		name  string
		rules []policy.Rule
	}{{"deny", s.cfg.Rules.Deny}, {"ask", s.cfg.Rules.Ask}, {"allow", s.cfg.Rules.Allow}} {
		for _, r := range list.rules {
			fmt.Fprintf(io.out, "%-5s  %-40s  %-8s  %s\n", list.name, safe(r.Text), r.Layer, safe(r.Source))
			n++
		}
	}
	if n == 0 {
		fmt.Fprintln(io.out, "no rules (add one with `permgate rules add allow|ask|deny RULE`)")
	}
	return nil
}
