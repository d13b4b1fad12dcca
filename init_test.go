package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestPackageInitAllocatesNothing: permgate's packages build their tables on
// first use or at build time (docs/speed.md), so no package of permgate's
// allocates at start-up but cmd, whose few are its command's flags. The
// runtime's init trace of this binary is read: what each package's init
// allocated, not how long it took.
func TestPackageInitAllocatesNothing(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("a coverage build registers its counters at init")
	}
	run := exec.Command(os.Args[0], "-test.run=^$")
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("run the test binary with the init trace: %v\n%s", err, out)
	}
	traced := 0
	for _, line := range strings.Split(string(out), "\n") {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		traced++
		pkg := f[1]
		allocs, err := strconv.Atoi(f[9])
		if err != nil || !strings.HasPrefix(pkg, "github.com/permgate/permgate") {
			continue
		}
		limit := 0
		if pkg == "github.com/permgate/permgate/cmd" {
			limit = 4
		}
		if allocs > limit {
			t.Errorf("package %s allocates %d times at start-up (%s bytes); build its tables on first use", pkg, allocs, f[7])
		}
	}
	if traced == 0 {
		t.Fatalf("no init trace read from the test binary:\n%s", out)
	}
}
