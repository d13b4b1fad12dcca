package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/permgate/permgate/githook"
)

// mergeGit adds one file's [git] steps: each key a hook's name, each value the
// list of bash scripts that hook runs, in order. Steps add up across layers
// (system, user, project files farthest first, override). A file that may only
// tighten declares no steps: they run at every commit, so an untrusted file's
// steps are ignored and returned, as its allow rules are.
func (cfg *Config) mergeGit(path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	var ignored []string
	for _, hook := range slices.Sorted(maps.Keys(fc.Git)) {
		keyLine := lines.key([]string{"git", hook})
		if !githook.Known(hook) {
			return nil, &Error{File: path, Line: keyLine, Msg: fmt.Sprintf("git.%s: not a git hook permgate runs steps for (want one of %s)", hook, strings.Join(githook.Names(), ", "))}
		}
		for _, step := range fc.Git[hook] {
			line := lines.stringLine(step, keyLine)
			switch {
			case strings.TrimSpace(step) == "":
				return nil, &Error{File: path, Line: line, Msg: fmt.Sprintf("git.%s: a step is empty", hook)}
			case strings.ContainsRune(step, 0):
				return nil, &Error{File: path, Line: line, Msg: fmt.Sprintf("git.%s: a step holds a NUL byte", hook)}
			}
			if !trusted {
				ignored = append(ignored, "git."+hook+" step "+step)
				continue
			}
			if cfg.Git == nil {
				cfg.Git = map[string][]githook.Step{}
			}
			cfg.Git[hook] = append(cfg.Git[hook], githook.Step{Command: step, Source: fmt.Sprintf("%s:%d", path, line)})
		}
	}
	return ignored, nil
}
