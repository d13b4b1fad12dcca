package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// isolatedHome gives a test or benchmark a home of its own — no config, a
// fresh state and audit log — and clears the variables that would pick
// another mode, config or profile; it returns the home.
func isolatedHome(tb testing.TB) string {
	tb.Helper()
	home := tb.TempDir()
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_CONFIG_HOME", home+"/.config")
	tb.Setenv("XDG_STATE_HOME", home+"/.local/state")
	for _, k := range []string{"PERMGATE_MODE", "PERMGATE_CONFIG", "PERMGATE_PROFILE", "PERMGATE_FAIL_CLOSED"} {
		tb.Setenv(k, "")
	}
	return home
}

// heredocCommand is a command of about size bytes that writes a file of
// text lines, as an agent writes a file through the shell.
func heredocCommand(size int) string {
	var s strings.Builder
	s.WriteString("cat > notes.txt <<'EOF'\n")
	for i := 0; s.Len() < size-4; i++ {
		fmt.Fprintf(&s, "line %d of the notes: nothing here runs, it is only text for the file\n", i)
	}
	s.WriteString("EOF")
	return s.String()
}

// BenchmarkHookPayload is the hook's whole answer — decoding the payload,
// the analysis, the audit record, the reply — for payloads of 1 KiB to
// 1 MiB: the cost is linear when ns per byte (or MB/s) stays flat across
// the sizes.
func BenchmarkHookPayload(b *testing.B) {
	home := isolatedHome(b)
	for _, size := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20} {
		payload, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": home, "hook_event_name": "PreToolUse", "tool_name": "Bash",
			"tool_input": map[string]any{"command": heredocCommand(size)}})
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				var out strings.Builder
				if code := Main([]string{"hook", "claude"}, strings.NewReader(string(payload)), &out, io.Discard); code != 0 || !strings.Contains(out.String(), `"permissionDecision"`) {
					b.Fatalf("exit %d: %s", code, out.String())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(payload)), "ns/byte")
		})
	}
}

// BenchmarkGuardEnter is what the shell guard does for one Enter, in
// process: permgate guard deciding the line typed (the process around it is
// scripts/speed's "guard" row).
func BenchmarkGuardEnter(b *testing.B) {
	isolatedHome(b)
	b.ReportAllocs()
	for b.Loop() {
		if code := Main([]string{"guard", "--report-mode", "--", "git status"}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
