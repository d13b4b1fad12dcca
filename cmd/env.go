package cmd

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/xdg"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/validator"
)

// analysisEnv describes where commands will run, from the process's
// surroundings.
func analysisEnv(h *host) validator.Env {
	cwd := h.cwd
	if cwd == "" {
		cwd = "/" // judged against /, everything relative is "outside": stricter
	}
	home := h.Getenv("HOME")
	env := validator.Env{Cwd: cwd, Home: home, TmpDir: h.Getenv("TMPDIR"), CDPath: h.Getenv("CDPATH") != "", Resolve: resolveExisting,
		LinkTarget: linkTarget, Exists: onDisk, Files: runfiles.OS{}, Dirs: runfiles.OSDirs{}}
	if TestOnlyFileDelay > 0 {
		env.Files = slowFiles{env.Files}
	}
	if home != "" {
		env.StateDirs = []string{"/etc/permgate", xdg.ConfigDir("", home), xdg.StateDir("", home)}
	}
	env.Binary = h.Executable // asked (and its links resolved) by the analysis only when a command writes
	if x := h.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		env.XDGConfigHome = x
	}
	if x := h.Getenv("XDG_STATE_HOME"); filepath.IsAbs(x) {
		env.XDGStateHome = x
	}
	env.PathDirs = pathDirs(h.Getenv("PATH"))
	for name, dir := range harnessHomeVars.Get() {
		if x := h.Getenv(name); filepath.IsAbs(x) {
			if env.HarnessHomes == nil {
				env.HarnessHomes = map[string]string{}
			}
			env.HarnessHomes[filepath.Clean(x)] = dir
		}
	}
	return env
}

// harnessHomeVars are the variables that move a harness's directory out of
// the home, with the directory each stands for; install writes the hook
// settings there, so the analysis guards them there.
var harnessHomeVars = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"CLAUDE_CONFIG_DIR": ".claude", "CODEX_HOME": ".codex", "COPILOT_HOME": ".copilot", "OPENCODE_CONFIG_DIR": "opencode"}
}}

// checkHome fails closed when the environment does not say where the user's
// files are: HOME must be an absolute path to a directory that exists. Without
// it permgate could not find the user config (its deny rules would silently
// drop) and would write its state relative to the working directory, inside
// the project, or create directories under a HOME that is not there; nor
// could it tell what ~ names in a command. XDG_CONFIG_HOME and XDG_STATE_HOME
// count only when absolute; unset, they default under HOME.
func checkHome(env validator.Env) error {
	if !filepath.IsAbs(env.Home) {
		return fmt.Errorf("HOME is %s: permgate needs an absolute HOME to find the user config and its state and to read ~ in commands, so it refuses until HOME is set (e.g. HOME=/home/you)",
			describeHome(env.Home))
	}
	if info, err := os.Stat(env.Home); err != nil || !info.IsDir() {
		return fmt.Errorf("HOME is %s, which is not a directory that exists: permgate would find no user config there (its rules would silently drop) and creates nothing under it, so it refuses until HOME names your home directory", env.Home)
	}
	return nil
}

func describeHome(h string) string {
	if h == "" {
		return "not set"
	}
	return fmt.Sprintf("%q, not an absolute path", h)
}

// pathDirs returns the absolute directories of a $PATH value; relative entries
// ("", ".", bin) are left out. Their links are resolved by the analysis, and only
// when a command writes (Env.Resolve), not on every run.
func pathDirs(path string) []string {
	var dirs []string
	for _, d := range filepath.SplitList(path) {
		if filepath.IsAbs(d) {
			dirs = append(dirs, filepath.Clean(d))
		}
	}
	return dirs
}

// onDisk reports a path that exists, a link to nowhere included.
func onDisk(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// resolveExisting returns the path p really names: the symlinks in its longest
// existing prefix followed (filepath.EvalSymlinks), the rest appended. The
// analysis calls it only for paths a command writes.
func resolveExisting(p string) string {
	return resolveLinks(p, 40)
}

// linkTarget is where p leads when p or its directory is a symbolic link,
// else "": two lstat calls, where resolving every settings file a write is
// compared with would walk each path.
func linkTarget(p string) string {
	for _, q := range []string{p, filepath.Dir(p)} {
		if fi, err := os.Lstat(q); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			return resolveExisting(p)
		}
	}
	return ""
}

// resolveLinks resolves p as resolveExisting does; a link whose target does
// not exist yet (notes.txt -> ~/.config/permgate/config.toml, before that file
// is made) is followed too, since writing the link creates its target. hops
// bounds chains of links.
func resolveLinks(p string, hops int) string {
	dir, rest := filepath.Clean(p), ""
	for {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if target, err := os.Readlink(dir); err == nil && hops > 0 {
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(dir), target)
			}
			return resolveLinks(filepath.Join(target, rest), hops-1)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}
