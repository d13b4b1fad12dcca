// Package verdict is the vocabulary every stage shares about what happens
// to a command: the modes permgate runs in and the decisions it gives. It
// imports nothing of the analysis, so that the stages that only carry a
// mode or a decision (state, harness, audit) need none of it.
package verdict

import "fmt"

// Mode is how permissive permgate is.
type Mode string

// The modes.
const (
	ModeDefault Mode = "default"
	ModeAuto    Mode = "auto"
	ModePlan    Mode = "plan"
	ModeBypass  Mode = "bypass"
)

// Modes lists the modes in the order Shift+Tab cycles them.
var Modes = []Mode{ModeDefault, ModeAuto, ModePlan, ModeBypass}

// ParseMode reads a mode name.
func ParseMode(name string) (Mode, error) {
	for _, m := range Modes {
		if string(m) == name {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown mode %q (want default, auto, plan or bypass)", name)
}

// ModeRank orders the modes by strictness: plan 3, default 2, auto 1, bypass 0.
// An empty or unknown mode ranks -1, below every mode.
func ModeRank(m Mode) int {
	switch m {
	case ModePlan:
		return 3
	case ModeDefault:
		return 2
	case ModeAuto:
		return 1
	case ModeBypass:
		return 0
	}
	return -1
}

// Looser reports whether mode a allows more than mode b; an empty or unknown
// mode is looser than any other.
func Looser(a, b Mode) bool { return ModeRank(a) < ModeRank(b) }

// Decision is what happens to a command.
type Decision string

// The decisions.
const (
	Allow Decision = "allow"
	Ask   Decision = "ask"
	Deny  Decision = "deny"
	// Defer is no decision: the call is handed back to the harness, whose
	// own classifier, sandbox and approval decide it as they would without
	// permgate. Only a hook answers it (a tool permgate does not know, or a
	// call it would allow only because of the mode); a check or an exec
	// never sees it.
	Defer Decision = "defer"
)

// HarnessMode is the mode an agent harness reports for a hook call.
type HarnessMode struct {
	// Mode is the harness's permission mode mapped onto permgate's; empty when
	// the harness reports none that permgate knows.
	Mode Mode
	// Source names it for people: "Claude Code permission_mode plan".
	Source string
	// FailClosed reports that no one can be asked in this harness mode.
	FailClosed bool
}
