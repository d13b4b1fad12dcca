package cmd

import (
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestInvalidCommandNeverAllowed: a command that is not valid Unicode is a
// parse error in every mode but bypass's own rules, never an allow.
func TestInvalidCommandNeverAllowed(t *testing.T) {
	a := invalidCommand(validator.New(validator.Env{Home: "/home/u", Cwd: "/tmp"}), "echo \uFFFD")
	if !a.Incomplete() {
		t.Fatalf("analysis %v is not incomplete", a.Kinds())
	}
	for _, mode := range policy.Modes {
		if out := policy.Decide(a, policy.Settings{Mode: mode}, nil); out.Decision == policy.Allow {
			t.Fatalf("mode %s allowed a command that is not valid UTF-8", mode)
		}
	}
}
