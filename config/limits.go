package config

import (
	"fmt"
	"time"

	"github.com/permgate/permgate/policy"
)

// Bounds and default of [limits] deadline.
const (
	// DefaultDeadline is the wall-clock budget of one answer: past it
	// permgate answers as for a command too complex to judge.
	DefaultDeadline = 2 * time.Second
	// MinDeadline and MaxDeadline bound what [limits] deadline may say: an
	// answer needs some time, and one slower than a harness's own hook
	// timeout (Codex and Gemini CLI let the call through on theirs) is no
	// answer at all.
	MinDeadline = 100 * time.Millisecond
	MaxDeadline = 30 * time.Second
)

// mergeLimits adds one file's [limits]. An untrusted file may only shorten
// the deadline: a longer one would leave a harness's own timeout to decide.
func (cfg *Config) mergeLimits(path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	if fc.Limits.Deadline == nil {
		return nil, nil
	}
	text := *fc.Limits.Deadline
	line := lines.key([]string{"limits", "deadline"})
	d, err := time.ParseDuration(text)
	if err != nil {
		return nil, &Error{File: path, Line: line, Msg: fmt.Sprintf("limits.deadline: %q is not a duration (write it as 2s or 500ms)", text)}
	}
	if d < MinDeadline || d > MaxDeadline {
		return nil, &Error{File: path, Line: line, Msg: fmt.Sprintf("limits.deadline: %s is outside %s … %s", d, MinDeadline, MaxDeadline)}
	}
	if !trusted && d > cfg.Deadline.Value {
		return []string{"[limits] deadline = " + text}, nil
	}
	cfg.Deadline = policy.Setting[time.Duration]{Value: d, Source: fmt.Sprintf("%s:%d", path, line)}
	return nil, nil
}
