package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// GitHookMarker is the comment line that marks a git hook permgate wrote;
// uninstall removes only files that carry it.
const GitHookMarker = "# permgate-managed-hook"

// gitHookNames are the git hooks install writes: each runs `permgate githook
// NAME` with the hook's arguments (commit-msg's message file, pre-push's
// remote), which runs the steps configured for it.
var gitHookNames = []string{"pre-commit", "commit-msg", "pre-push"}

// gitHookScript is the script of one git hook.
func gitHookScript(binary, name string) string {
	return "#!/bin/sh\n" + GitHookMarker + "\nexec " + posixQuote(binary) + " githook " + name + " \"$@\"\n"
}

// posixQuote always single-quotes s for sh.
func posixQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// HooksDir is the directory git runs the repository's hooks from: core.hooksPath
// when set, else the hooks directory of the repository (a worktree's common
// one), as `git rev-parse --git-path hooks` names it.
func (e *Env) HooksDir() (string, error) {
	out, err := e.git("rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", fmt.Errorf("not in a git repository (%v)", err)
	}
	if !filepath.IsAbs(out) {
		out = filepath.Join(e.Cwd, out)
	}
	return filepath.Clean(out), nil
}

// gitHooks installs or uninstalls the git hooks. A hook file that permgate
// did not write is never changed: install refuses, naming it, before writing
// anything; uninstall leaves it.
func (e *Env) gitHooks(opt Options, install bool) ([]Result, error) {
	dir, err := e.HooksDir()
	if err != nil {
		return nil, err
	}
	if install {
		if err := checkForeignHooks(dir); err != nil {
			return nil, err
		}
	}
	var res []Result
	for _, name := range gitHookNames {
		p := filepath.Join(dir, name)
		c, err := e.apply(p, applyOpts{newMode: 0o755, forceBits: 0o111, dryRun: opt.DryRun, noBackup: true}, gitHookEdit(p, gitHookScript(e.Binary, name), install))
		if err != nil {
			return nil, err
		}
		res = append(res, result("git", c, install, opt))
	}
	return res, nil
}

// checkForeignHooks refuses, before install writes anything, a hook in dir
// that permgate did not write or that cannot be read.
func checkForeignHooks(dir string) error {
	for _, name := range gitHookNames {
		p := filepath.Join(dir, name)
		data, err := readSmall(p)
		if err == nil && !strings.Contains(string(data), GitHookMarker) {
			return fmt.Errorf("%s is a hook permgate did not write; it is unchanged and nothing was installed (move it aside, or run it as one of permgate's steps, then install again)", p)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%w; nothing was installed", err)
		}
	}
	return nil
}

// gitHookEdit writes the hook at p as the script want (install), or removes
// it; a hook permgate did not write is refused by install and left by
// uninstall.
func gitHookEdit(p, want string, install bool) edit {
	return func(old []byte) ([]byte, bool, error) {
		if old != nil && !strings.Contains(string(old), GitHookMarker) {
			if install {
				return nil, false, fmt.Errorf("%s is a hook permgate did not write; it is unchanged", p)
			}
			return old, false, nil
		}
		if !install {
			return nil, old != nil, nil
		}
		return []byte(want), false, nil
	}
}
