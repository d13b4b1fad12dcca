package cmd

import (
	"os"
	"path/filepath"

	"github.com/permgate/permgate/internal/lazy"
)

// host is what permgate reads of the process it runs in: its environment
// variables, working directory, home directory and executable. Main reads them
// once (osHost; the executable on first use) and every command gets them
// through streams, so nothing below reads os.Getenv or changes directory, and
// tests can hand in their own.
type host struct {
	environ []string
	cwd     string // "" when the working directory cannot be known
	home    string
	// executable is the program's path, read on first use (Executable).
	executable *lazy.Value[string]
}

// osHost reads the process's surroundings.
func osHost() *host {
	h := &host{environ: os.Environ(), executable: &lazy.Value[string]{Make: osExecutable}}
	if cwd, err := os.Getwd(); err == nil {
		h.cwd = cwd
	}
	if home := h.Getenv("HOME"); filepath.IsAbs(home) {
		h.home = home
	}
	return h
}

// osExecutable is the running program's path, "" when it cannot be known.
func osExecutable() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return exe
}

// Getenv returns an environment variable's value, "" when unset; of a name
// set twice, the first, as getenv(3) reads it. A call reads a handful of
// variables, so the environment is searched rather than indexed.
func (h *host) Getenv(name string) string {
	for _, kv := range h.environ {
		if len(kv) > len(name) && kv[len(name)] == '=' && kv[:len(name)] == name {
			return kv[len(name)+1:]
		}
	}
	return ""
}

// Executable returns the program's absolute path, "" when it cannot be
// known (or in a test's host).
func (h *host) Executable() string {
	if h.executable == nil {
		return ""
	}
	return h.executable.Get()
}

// Environ returns the environment as NAME=VALUE words, in the process's order.
func (h *host) Environ() []string { return h.environ }

// in returns the host as seen from another working directory (a hook call's
// cwd): the analysis, the project config and the rules are judged there.
func (h *host) in(dir string) *host {
	c := *h
	c.cwd = dir
	return &c
}
