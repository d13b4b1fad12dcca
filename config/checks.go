package config

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/permgate/permgate/policy"
)

// mergeChecks adds a file's [permission] checks to the checks allowance. A
// file that is not trusted may not add any (an allowance is an allow), so
// its entries are returned as ignored. An entry is a command prefix: words
// separated by single spaces, no glob, no control characters.
func (cfg *Config) mergeChecks(path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	var ignored []string
	keyLine := lines.key([]string{"permission", "checks"})
	for _, text := range fc.Permission.Checks {
		line := lines.stringLine(text, keyLine)
		prefix, err := checkPrefix(text)
		if err != nil {
			return nil, &Error{File: path, Line: line, Msg: "permission.checks: " + err.Error()}
		}
		if !trusted {
			ignored = append(ignored, "checks entry "+text)
			continue
		}
		if slices.ContainsFunc(cfg.Checks, func(c policy.Check) bool { return c.Prefix == prefix }) {
			continue // already in the allowance (built in, or an earlier layer)
		}
		cfg.Checks = append(cfg.Checks, policy.Check{Prefix: prefix, Source: fmt.Sprintf("%s:%d", path, line)})
	}
	return ignored, nil
}

// checkPrefix reads one checks entry: its words joined by one space.
func checkPrefix(text string) (string, error) {
	if strings.IndexFunc(text, unicode.IsControl) >= 0 {
		return "", fmt.Errorf("%q holds a control character", text)
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return "", fmt.Errorf("%q is empty: name a command, such as \"go test\"", text)
	}
	if strings.ContainsAny(text, "*()") {
		return "", fmt.Errorf("%q is a rule, not a command: checks take a command prefix, such as \"go test\"", text)
	}
	return strings.Join(words, " "), nil
}
