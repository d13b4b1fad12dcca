package cmd

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/validator"
)

// startupVars are variables that make a shell (or a program a shell script
// wraps) run code, or change how it reads code, before or around the analysed
// text: exec removes them from the environment of what it runs, whatever the
// form. The command itself may still set them; the analysis then sees it
// (dangerous_env).
var startupVars = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"BASH_ENV":            true, // sourced by a non-interactive bash before -c
		"ENV":                 true, // sourced by sh/dash (interactive, posix mode)
		"SHELLOPTS":           true, // xtrace, and other options bash imports
		"BASHOPTS":            true, // shopt options bash imports (extdebug …)
		"PS4":                 true, // expanded, with $(…), for every traced line
		"PROMPT_COMMAND":      true, // run before each prompt
		"PS0":                 true,
		"PS1":                 true,
		"BASH_XTRACEFD":       true,
		"BASH_LOADABLES_PATH": true, // enable -f loads builtins from here
		"BASH_COMPAT":         true, // changes how bash reads the script
		"POSIXLY_CORRECT":     true,
		"EXECIGNORE":          true,
		"GLOBIGNORE":          true, // changes what a glob expands to
		"IFS":                 true, // changes word splitting
		"LD_PRELOAD":          true, // loads code into the shell or the program
		"LD_AUDIT":            true,
	}
}}

// cleanEnv returns env without the variables that would run code outside the
// analysed text: startupVars, exported bash functions (BASH_FUNC_name%%=…) and
// old-style function exports (a value that starts with "() {").
func cleanEnv(env []string) (kept []string, removed []string) {
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		if startupVars.Get()[name] || strings.HasPrefix(name, "BASH_FUNC_") || strings.HasPrefix(value, "() {") {
			removed = append(removed, name)
			continue
		}
		kept = append(kept, kv)
	}
	return kept, removed
}

// scriptShells are the shells whose syntax the analysis reads: bash, and sh or
// dash as POSIX shells.
var scriptShells = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"bash": true, "sh": true, "dash": true}
}}

// scriptArgv returns the argv that runs a one-argument script: bash (or
// $PERMGATE_SHELL when it names bash, sh or dash) without start-up files. Any
// other shell is an error: permgate would have analysed the script as bash.
func scriptArgv(shell, script string) ([]string, error) {
	if shell == "" {
		shell = "bash"
	}
	base := filepath.Base(shell)
	if !scriptShells.Get()[base] {
		return nil, fmt.Errorf("PERMGATE_SHELL=%s: permgate reads scripts as bash (or POSIX sh), so it runs them only with bash, sh or dash", validator.OneLine(shell))
	}
	if strings.Contains(shell, "/") && !filepath.IsAbs(shell) {
		return nil, fmt.Errorf("PERMGATE_SHELL=%s: give the shell by name or by absolute path", validator.OneLine(shell))
	}
	if base == "bash" {
		return []string{shell, "--norc", "--noprofile", "-c", script}, nil
	}
	return []string{shell, "-c", script}, nil
}

// checkShell refuses a shell that cannot run a script permgate decided on: one
// scriptArgv does not take, or one whose program is another shell
// (checkShellProgram). It is asked before deciding, so nothing is asked in
// vain.
func checkShell(shell string) error {
	if _, err := scriptArgv(shell, ""); err != nil {
		return err
	}
	return checkShellProgram(shell)
}

// checkShellProgram refuses a shell whose name passes but whose program is
// another shell: a link named bash that leads to zsh. The program the name
// finds, links followed, must be bash, sh or dash too. A shell that cannot be
// found is left to the run, which says so.
func checkShellProgram(shell string) error {
	if shell == "" {
		shell = "bash"
	}
	prog, err := exec.LookPath(shell)
	if err != nil {
		return nil
	}
	real, err := filepath.EvalSymlinks(prog)
	if err != nil {
		return fmt.Errorf("PERMGATE_SHELL=%s: %w", validator.OneLine(shell), err)
	}
	if !scriptShells.Get()[filepath.Base(real)] {
		return fmt.Errorf("PERMGATE_SHELL=%s is %s: permgate reads scripts as bash (or POSIX sh), so it runs them only with bash, sh or dash", validator.OneLine(shell), validator.OneLine(real))
	}
	return nil
}
