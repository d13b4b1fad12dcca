package cmd

import (
	"github.com/spf13/cobra"

	"github.com/permgate/permgate/policy"
)

// Values the shell completion offers.
var (
	// decisionNames are the decisions a --decision flag takes.
	decisionNames = []string{"allow", "ask", "deny"}
	// ruleKinds are the lists `rules add` writes to.
	ruleKinds = []string{"allow", "ask", "deny"}
)

// modeNames lists the modes in their cycle order, with what each does.
func modeNames() []cobra.Completion {
	out := make([]cobra.Completion, 0, len(policy.Modes))
	for _, m := range policy.Modes {
		out = append(out, cobra.CompletionWithDesc(string(m), modeSummary(m, policy.BypassSevereNet)))
	}
	return out
}

// fixed completes the first positional argument from values and nothing after it.
func fixed(values func() []cobra.Completion) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return values(), cobra.ShellCompDirectiveNoFileComp
	}
}

// plain makes completions without descriptions.
func plain(values ...string) func() []cobra.Completion {
	return func() []cobra.Completion { return values }
}

// registerCompletions offers the valid values in shell completion: modes for
// every --mode flag and for `mode`, decisions for every --decision flag,
// rule kinds for `rules add`. It walks the whole tree,
// so a command added later with a --mode flag completes it too. (hook and
// init complete their ValidArgs: the harnesses and the shells.)
func registerCompletions(c *cobra.Command) {
	flagValues := map[string]func() []cobra.Completion{
		"mode":     modeNames,
		"decision": plain(decisionNames...),
	}
	for name, values := range flagValues {
		if c.LocalNonPersistentFlags().Lookup(name) != nil {
			values := values
			_ = c.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return values(), cobra.ShellCompDirectiveNoFileComp
			})
		}
	}
	switch c.CommandPath() {
	case "permgate mode":
		c.ValidArgsFunction = fixed(modeNames)
	case "permgate rules add":
		c.ValidArgsFunction = fixed(plain(ruleKinds...))
	}
	for _, sub := range c.Commands() {
		registerCompletions(sub)
	}
}
