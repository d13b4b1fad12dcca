package cmd

import (
	"os"
	"path/filepath"
)

// host is what permgate reads of the process it runs in: its environment
// variables, working directory, home directory and executable. Main reads them
// once (osHost) and every command gets them through streams, so nothing below
// reads os.Getenv or changes directory, and tests can hand in their own.
type host struct {
	vars       map[string]string
	environ    []string
	cwd        string // "" when the working directory cannot be known
	home       string
	executable string
}

// osHost reads the process's surroundings.
func osHost() *host {
	h := &host{environ: os.Environ(), vars: map[string]string{}}
	for _, kv := range h.environ {
		for i := 0; i < len(kv); i++ {
			if kv[i] == '=' {
				if _, seen := h.vars[kv[:i]]; !seen {
					h.vars[kv[:i]] = kv[i+1:]
				}
				break
			}
		}
	}
	if cwd, err := os.Getwd(); err == nil {
		h.cwd = cwd
	}
	if home := h.vars["HOME"]; filepath.IsAbs(home) {
		h.home = home
	}
	if exe, err := os.Executable(); err == nil {
		h.executable = exe
	}
	return h
}

// Getenv returns an environment variable's value, "" when unset.
func (h *host) Getenv(name string) string { return h.vars[name] }

// Environ returns the environment as NAME=VALUE words, in the process's order.
func (h *host) Environ() []string { return h.environ }

// in returns the host as seen from another working directory (a hook call's
// cwd): the analysis, the project config and the rules are judged there.
func (h *host) in(dir string) *host {
	c := *h
	c.cwd = dir
	return &c
}
