package validator

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// TestLookupsBounded: a command naming more files than maxLookups costs at
// most maxLookups look-ups on disk, and says that the rest were judged by
// name only (too_complex), so it is never allowed unread.
func TestLookupsBounded(t *testing.T) {
	calls := 0
	env := corpusEnv
	env.Resolve = func(p string) string { calls++; return p }
	// A validator looks up its own anchors (harness settings links, $PATH
	// directories) once; count them apart.
	New(env).CheckScript("touch one")
	once := calls - 1
	calls = 0
	v := New(env)
	var sb strings.Builder
	sb.WriteString("touch")
	for i := range 2 * maxLookups {
		sb.WriteString(" f")
		sb.WriteString(strings.Repeat("x", i%7))
	}
	a := v.CheckScript(sb.String())
	if calls > maxLookups+once {
		t.Fatalf("%d look-ups, want at most %d and the validator's own %d", calls, maxLookups, once)
	}
	if !a.HasKind("too_complex") || a.AllReadOnly {
		t.Fatalf("kinds %v, want too_complex", a.Kinds())
	}
	// The count is per analysis: the next one starts afresh.
	calls = 0
	if b := v.CheckScript("touch notes.txt"); b.HasKind("too_complex") || calls == 0 || calls > maxLookups {
		t.Fatalf("next analysis: kinds %v after %d look-ups", b.Kinds(), calls)
	}
}

// TestStopEndsTheAnalysis: an analysis whose answer no longer waits for it
// (Limits.Stop) ends at its next step, and what it says is never read-only.
func TestStopEndsTheAnalysis(t *testing.T) {
	env := corpusEnv
	env.Limits = shellparse.Options{Stop: func() bool { return true }}
	a := New(env).CheckScript("ls; ls; ls")
	if !a.HasKind("too_complex") || a.AllReadOnly {
		t.Fatalf("kinds %v (read-only %v), want too_complex", a.Kinds(), a.AllReadOnly)
	}
}

// TestLongSedProgramNeverAllowed: a sed program past what permgate reads is
// too_complex, so bypass asks too: its writes (w ~/.bashrc) were not read.
func TestLongSedProgramNeverAllowed(t *testing.T) {
	prog := strings.Repeat("s/a/b/\n", maxJudgedText/7+1) + "w /home/user/.bashrc\n"
	a := New(corpusEnv).CheckScript("sed '" + prog + "' notes.txt")
	if !a.Incomplete() {
		t.Fatalf("kinds %v, want too_complex", a.Kinds())
	}
}
