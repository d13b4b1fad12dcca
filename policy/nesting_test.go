package policy

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/permgate/permgate/internal/hostile"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// maxAllocPerByte bounds what the analysis of a nested input may allocate for
// each byte of it (beyond maxAllocBase): a cost that grew faster than the
// input would show here first.
const (
	maxAllocPerByte = 12 << 10
	maxAllocBase    = 32 << 20
)

// TestNestingNeverAllowed nests every wrapper and runner 1,000 times before
// rm -rf ~, alone and mixed: no mode allows it, the work stays within the
// analysis's bound for the input's size, and the memory it allocates grows
// with the input, not faster.
func TestNestingNeverAllowed(t *testing.T) {
	cases := hostile.Cases(1000)
	if len(cases) < 100 {
		t.Fatalf("only %d nesting cases", len(cases))
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			neverAllowed(t, checkBounded(t, src, maxAllocPerByte), name)
		})
	}
}

// checkBounded analyses src and fails when the work is past its bound or
// the memory allocated past maxAllocBase and perByte bytes a byte of input.
func checkBounded(t *testing.T, src string, perByte int) validator.Analysis {
	t.Helper()
	v := validator.New(testEnv)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	a := v.CheckScript(src)
	runtime.ReadMemStats(&after)
	if bound := shellparse.WorkBound(len(src)); a.Work > bound {
		t.Errorf("%d steps for %d bytes, over the bound %d", a.Work, len(src), bound)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(maxAllocBase+perByte*len(src)) {
		t.Errorf("%d bytes allocated for %d bytes of input (%d per byte)", alloc, len(src), alloc/uint64(len(src)))
	}
	return a
}

// neverAllowed fails unless the analysis is denied or asked in every mode,
// as a severe command or one permgate could not read.
func neverAllowed(t *testing.T, a validator.Analysis, name string) {
	t.Helper()
	for _, mode := range []Mode{ModeDefault, ModeAuto, ModePlan, ModeBypass} {
		if out := Decide(a, Settings{Mode: mode}, nil); out.Decision == Allow {
			t.Fatalf("%s allows %s: %s", mode, name, out.Reason)
		}
	}
	if a.Severity != validator.Severe && !a.Incomplete() {
		t.Fatalf("%s is neither severe nor too complex: %v", name, a.Kinds())
	}
}

// TestNestingPlainWrappersJudged: a chain of plain wrappers (sudo, nice,
// timeout 5, env …) costs each wrapper its own words, so even 1,000 of them
// are unwrapped and rm -rf ~ inside is found, not cut off as too complex.
func TestNestingPlainWrappersJudged(t *testing.T) {
	cases := hostile.Cases(1000)
	for _, name := range []string{"sudo", "nice", "timeout", "nohup", "env", "env -i A=1", "command", "xargs", "stdbuf", "setsid", "fakeroot", "gosu", "exec"} {
		src, ok := cases[name]
		if !ok {
			t.Fatalf("no nesting case %q", name)
		}
		a := validator.New(testEnv).CheckScript(src)
		if a.Incomplete() || !a.HasKind("recursive_delete") {
			t.Errorf("%s ×1000: %v, want recursive_delete found", name, a.Kinds())
		}
	}
}

// TestNestingOneLevel checks the generator's reading of each form: one level
// of it around rm -rf ~ is still never allowed.
func TestNestingOneLevel(t *testing.T) {
	v := validator.New(testEnv)
	for _, f := range hostile.Forms() {
		neverAllowed(t, v.CheckScript(f.Wrap(hostile.Inner)), f.Name)
	}
}

// TestNestingLargest runs each form nested as deep as the input bounds let
// it be: the work stays within its bound and nothing is allowed.
func TestNestingLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest inputs take seconds in all; -short leaves them out")
	}
	for name, src := range hostile.Largest(shellparse.DefaultMaxBytes, shellparse.DefaultMaxWords) {
		a := validator.New(testEnv).CheckScript(src)
		neverAllowed(t, a, name)
		if bound := shellparse.WorkBound(len(src)); a.Work > bound {
			t.Errorf("%s: %d steps for %d bytes, over the bound %d", name, a.Work, len(src), bound)
		}
	}
}

// TestHostileFlatBounded runs the large flat inputs (long commands, brace
// expansion, placeholders, program texts): the work stays within its bound
// and the memory allocated grows with the input, not faster.
func TestHostileFlatBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest inputs take seconds in all; -short leaves them out")
	}
	for name, src := range hostile.Flat() {
		t.Run(name, func(t *testing.T) {
			checkBounded(t, src, flatAllocPerByte)
		})
	}
}

// flatAllocPerByte bounds what a large flat input may allocate per byte.
const flatAllocPerByte = 1 << 10

// BenchmarkNesting reports the time per byte (as MB/s) of each nested form:
// a cost that grows faster than the input shows as a small figure here.
func BenchmarkNesting(b *testing.B) {
	for name, src := range hostile.Cases(1000) {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			v := validator.New(testEnv)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				v.CheckScript(src)
			}
		})
	}
}

// BenchmarkNestingScale nests the costliest forms to 1 KiB … 1 MiB of input:
// the time per byte (MB/s) stays level as the input grows when the cost is
// linear in it.
func BenchmarkNestingScale(b *testing.B) {
	forms := map[string]hostile.Form{}
	for _, f := range hostile.Forms() {
		forms[f.Name] = f
	}
	for _, name := range []string{"eval", "foo eval", "find -exec", "fd -x", "sg", "nice", "xargs"} {
		f, ok := forms[name]
		if !ok {
			b.Fatalf("no form %q", name)
		}
		for _, size := range []int{1 << 10, 16 << 10, 256 << 10, 1 << 20} {
			src := f.Nest((size-len(hostile.Inner))/len(f.Prefix), hostile.Inner)
			b.Run(fmt.Sprintf("%s/%dKiB", strings.ReplaceAll(name, " ", "_"), size>>10), func(b *testing.B) {
				v := validator.New(testEnv)
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					v.CheckScript(src)
				}
			})
		}
	}
}
