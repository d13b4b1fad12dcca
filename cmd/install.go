package cmd

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/setup"
)

// setupEnv is what the setup package reads of the host.
func setupEnv(h *host) *setup.Env {
	lock := ""
	if d := stateDir(h, h.home); d != "" {
		lock = filepath.Join(d, "setup.lock")
	}
	return &setup.Env{
		Home: h.home, Getenv: h.Getenv, Environ: h.Environ(), Cwd: h.cwd,
		Binary: setup.ResolveBinary(h.Executable()), LockPath: lock, ClaudeManaged: claudeManagedSettings(),
	}
}

// TestOnlyClaudeManaged replaces Claude Code's managed settings file for
// doctor; only the test binary sets it.
var TestOnlyClaudeManaged = ""

// claudeManagedSettings is where Claude Code reads its managed (policy)
// settings file on this system.
func claudeManagedSettings() string {
	if TestOnlyClaudeManaged != "" {
		return TestOnlyClaudeManaged
	}
	switch runtime.GOOS {
	case "linux":
		return "/etc/claude-code/managed-settings.json"
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	}
	return ""
}

// newInstallCmd makes `permgate install` (install true) or `permgate uninstall`.
func newInstallCmd(io streams, install bool) *cobra.Command {
	var opt setup.Options
	verb, short := "install", "Register permgate's hook in a harness, the guard in a shell, or git hooks"
	if !install {
		verb, short = "uninstall", "Take permgate's hook, shell guard line or git hooks back out"
	}
	c := &cobra.Command{
		Use:   verb + " " + strings.Join(setup.Targets(), "|") + "... [--project] [--dry-run]",
		Short: short,
		Long: short + ".\n\n" +
			"  claude   ~/.claude/settings.json        (--project: .claude/settings.json)\n" +
			"  codex    ~/.codex/config.toml           (--project: .codex/config.toml)\n" +
			"  gemini   ~/.gemini/settings.json        (--project: .gemini/settings.json)\n" +
			"  cursor   ~/.cursor/hooks.json           (--project: .cursor/hooks.json)\n" +
			"  copilot  ~/.copilot/hooks/permgate.json (--project: .github/hooks/permgate.json)\n" +
			"  opencode ~/.config/opencode/plugin/permgate.js (--project: .opencode/plugin/permgate.js)\n" +
			"  bash     ~/.bashrc   zsh ${ZDOTDIR:-~}/.zshrc   fish ~/.config/fish/config.fish\n" +
			"  git      pre-commit, commit-msg and pre-push in the repository's hooks directory\n\n" +
			"Every other setting is kept, in its order; running it twice changes nothing; an older\n" +
			"permgate entry is replaced. The file is written atomically, and its previous content is\n" +
			"kept beside it as FILE" + setup.BackupSuffix + ". --dry-run shows the change and writes nothing.",
		Example: "  permgate install claude --dry-run\n  permgate install claude zsh git\n  permgate uninstall claude",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("name what to %s: %s", verb, strings.Join(setup.Targets(), ", "))
			}
			return nil
		},
		ValidArgs: setup.Targets(),
		RunE: func(c *cobra.Command, args []string) error {
			env := setupEnv(io.host)
			do := setup.Uninstall
			if install {
				do = setup.Install
			}
			for _, target := range args {
				results, err := do(env, target, opt)
				if err != nil {
					return err
				}
				printResults(io, results)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&opt.Project, "project", false, "the project's settings (the repository's root) instead of the user's")
	c.Flags().BoolVar(&opt.DryRun, "dry-run", false, "show what would change; write nothing")
	return c
}

// printResults says what install or uninstall did, file by file.
func printResults(io streams, results []setup.Result) {
	for _, r := range results {
		fmt.Fprintf(io.out, "%s: %s: %s\n", r.Target, r.Action, safe(r.Path))
		if r.Backup != "" {
			fmt.Fprintf(io.out, "  backup of the previous content: %s\n", safe(r.Backup))
		}
		if r.Diff != "" {
			fmt.Fprint(io.out, indent(safeLines(r.Diff), "  "))
		}
		for _, n := range r.Notes {
			fmt.Fprintf(io.out, "  note: %s\n", safe(n))
		}
	}
}

// indent prefixes each line of s.
func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}
