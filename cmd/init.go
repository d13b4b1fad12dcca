package cmd

import (
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/spf13/cobra"
)

// shellSnippets holds the shell guard for each shell, as `permgate init` prints it.
//
//go:embed shell/guard.bash shell/guard.zsh shell/guard.fish
var shellSnippets embed.FS

// binaryPlaceholder stands, in a snippet, for the quoted path of the permgate
// binary the snippet calls.
const binaryPlaceholder = "@PERMGATE_BIN@"

// modePlaceholder stands, in a snippet, for the quoted mode in force when the
// snippet was printed.
const modePlaceholder = "@PERMGATE_MODE@"

// initShells are the shells `permgate init` has a snippet for, with how each
// quotes a word.
var initShells = lazy.Value[map[string]func(string) string]{Make: func() map[string]func(string) string {
	return map[string]func(string) string{
		"bash": quotePOSIX,
		"zsh":  quotePOSIX,
		"fish": quoteFish,
	}
}}

// newInitCmd prints the shell guard snippet for bash, zsh or fish.
func newInitCmd(io streams, g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "init bash|zsh|fish",
		Short: "Print the snippet that guards an interactive shell",
		Long: `init prints the shell code that guards an interactive shell:

  bash  ~/.bashrc:                  eval "$(permgate init bash)"
  zsh   ~/.zshrc:                   eval "$(permgate init zsh)"
  fish  ~/.config/fish/config.fish: permgate init fish | source

Enter then checks the typed line with permgate before the shell runs it: an allowed
line runs as usual (cd, variables and history work as always), a denied one is not
run and stays on the line for editing, and a line that needs a decision asks on the
terminal. Shift+Tab cycles this shell's mode (default → auto → plan → bypass →
default, skipping bypass when the system config disables it) and keeps the
half-typed line; the mode lives in the shell variable _permgate_mode and is
persisted nowhere, so other shells and agents' hooks keep theirs (until the
first Shift+Tab a shell follows the mode set with permgate mode). If permgate
cannot run, no line runs.

The guard protects its own names where the shell can: in bash its functions and
_permgate_bin are read-only, in zsh _permgate_bin (zsh cannot make functions or
widgets read-only, fish nothing at all). permgate's analysis treats a command
that redefines or unsets the guard's functions or variables, or rebinds Enter or
Shift+Tab, as self_modify.

What the shell would expand after Enter is first expanded on the line and checked
on the next Enter: a history expansion (!!) in bash and zsh (bash's histverify is
turned on for this), an abbreviation in fish.

The shell's mode, for a prompt, costs no process: the variable permgate_shown_mode
holds it (as of the last checked line; init writes the mode in force, each check
and Shift+Tab update it):

  bash  PS1='[${permgate_shown_mode}] \w \$ '
  zsh   shown in RPROMPT unless PERMGATE_NO_RPROMPT is set (setopt prompt_subst;
        RPROMPT='${permgate_shown_mode}' to place it yourself)
  fish  function fish_right_prompt; permgate_prompt_mode; end

Put the line after any other code that binds Enter or Shift+Tab.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("name one shell: bash, zsh or fish (got %d arguments)", len(args))
			}
			return nil
		},
		ValidArgs: []string{"bash", "zsh", "fish"},
		RunE: func(c *cobra.Command, args []string) error {
			snippet, err := shellSnippet(args[0], permgateBinary(), initialMode(io, g))
			if err != nil {
				return fmt.Errorf("init: %w", err)
			}
			_, err = fmt.Fprint(io.out, snippet)
			return err
		},
	}
}

// initialMode is the mode in force as the shell starts, which its prompt shows
// until the first checked line; "" when the config does not load.
func initialMode(std streams, g *globalFlags) string {
	s, err := loadSession(g, std.quiet(), "", false) // the first checked line says what is wrong
	if err != nil {
		return ""
	}
	return string(s.eff.Mode)
}

// shellSnippet returns the guard for shell, calling the permgate at binary, and
// showing mode in the prompt until the first checked line.
func shellSnippet(shell, binary, mode string) (string, error) {
	quote, ok := initShells.Get()[shell]
	if !ok {
		return "", fmt.Errorf("unknown shell %q (want bash, zsh or fish)", shell)
	}
	text, err := shellSnippets.ReadFile("shell/guard." + shell)
	if err != nil {
		return "", fmt.Errorf("read the %s snippet: %w", shell, err)
	}
	return strings.NewReplacer(binaryPlaceholder, quote(binary), modePlaceholder, quote(mode)).Replace(string(text)), nil
}

// permgateBinary is the path the snippets call: the permgate found on PATH when
// it is this very binary (that name survives upgrades that move the real file),
// else this binary's own absolute path, else plain "permgate".
func permgateBinary() string {
	self, err := os.Executable()
	if err != nil {
		return "permgate"
	}
	if onPath, err := exec.LookPath("permgate"); err == nil {
		if abs, err := filepath.Abs(onPath); err == nil && sameFile(abs, self) {
			return abs
		}
	}
	return self
}

// sameFile reports whether the paths a and b name the same file.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// quotePOSIX quotes s as one word for bash and zsh.
func quotePOSIX(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// quoteFish quotes s as one word for fish, where a backslash escapes ' and \
// inside single quotes.
func quoteFish(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
