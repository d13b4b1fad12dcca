//go:build compat

package suite

import (
	"strings"
	"testing"
	"time"
)

// TestSuiteSandbox checks the suite's own world: permgate runs from the
// sandbox's copy, with the sandbox's home.
func TestSuiteSandbox(t *testing.T) {
	sb := newSandbox(t)
	res := sb.Permgate("check", "--", "ls")
	if res.Code != 0 {
		t.Fatalf("permgate check ls: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	res = sb.Run(time.Minute, sb.Work, nil, sb.Bin, "config", "path")
	if !strings.Contains(res.Stdout, sb.Home) {
		t.Fatalf("config path is not in the sandbox's home:\n%s", res.Stdout)
	}
}
