package policy

import (
	"strings"

	"github.com/permgate/permgate/validator"
)

// Check is one command of the checks allowance: a command prefix, matched
// at a word boundary against each simple command's normalised form (wrappers
// removed, quotes removed, words joined by one space), as an allow rule's
// prefix is. "npm run lint" covers npm run lint and npm run lint -- --quiet,
// not npm run lint-fix.
type Check struct {
	Prefix string
	Source string
}

// DefaultChecks are the check commands every policy has: the test runners,
// linters and type checkers a coding agent runs after each change. They run
// the project's own code, so they are not read-only; the allowance approves
// them outside plan mode when the files they run show no finding.
var DefaultChecks = []string{"pytest", "python -m pytest", "python3 -m pytest", "ruff", "mypy", "npm test", "npm run test", "npm run lint"}

// Covers reports whether the check covers a command's normalised form.
func (c Check) Covers(normalized string) bool {
	return normalized == c.Prefix || strings.HasPrefix(normalized, c.Prefix+" ")
}

// checkFor returns the check of list that covers rec, if one does.
func checkFor(list []Check, rec validator.CommandRecord) (Check, bool) {
	if len(list) == 0 || len(rec.Command.Argv) == 0 {
		return Check{}, false
	}
	normalized := validator.Normalize(rec.Command)
	for _, c := range list {
		if c.Covers(normalized) {
			return c, true
		}
	}
	return Check{}, false
}

// checksAllow is the checks allowance's part of step 7: every command is
// read-only, covered by an allow rule, or a check command (the analysis has
// no finding by then: a finding asks or denies at an earlier step). It
// returns the first check that was needed.
func checksAllow(a validator.Analysis, s Settings, rules RuleMatcher) (Check, bool) {
	if len(s.Checks) == 0 || a.Incomplete() {
		return Check{}, false
	}
	allower, _ := rules.(commandAllower)
	var first Check
	found := false
	for _, rec := range a.Commands {
		if rec.ReadOnly || allower != nil && allower.AllowsCommand(rec) {
			continue
		}
		c, ok := checkFor(s.Checks, rec)
		if !ok {
			return Check{}, false
		}
		if !found {
			first, found = c, true
		}
	}
	return first, found
}

// CheckCovering returns the check of the settings that covers one command:
// explain names it as what decided.
func (s Settings) CheckCovering(rec validator.CommandRecord) (Check, bool) {
	return checkFor(s.Checks, rec)
}
