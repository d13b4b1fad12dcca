package setup

import (
	"fmt"
	"strings"

	"github.com/permgate/permgate/internal/linediff"
)

// maxDiffLines bounds the files diff compares line by line; larger ones are
// shown whole.
const maxDiffLines = 3000

// diff shows how a file changes: a line diff with two lines of context, the
// new content when the file is new or too large to compare, or a note that
// it is removed.
func diff(path string, old, out []byte, removed bool) string {
	switch {
	case removed:
		return fmt.Sprintf("--- %s\n(the file is removed: nothing but permgate's hook is left in it)\n", path)
	case old == nil:
		return fmt.Sprintf("--- %s (new file)\n%s", path, out)
	}
	a, b := splitLines(string(old)), splitLines(string(out))
	if len(a) > maxDiffLines || len(b) > maxDiffLines {
		return fmt.Sprintf("--- %s (as it would be written)\n%s", path, out)
	}
	ops := linediff.Lines(a, b)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s (after)\n", path, path)
	const context = 2
	skipped := false
	for k, o := range ops {
		near := false
		for d := max(0, k-context); d <= min(len(ops)-1, k+context); d++ {
			if ops[d].Kind != ' ' {
				near = true
				break
			}
		}
		if !near {
			if !skipped {
				sb.WriteString("  …\n")
				skipped = true
			}
			continue
		}
		skipped = false
		sb.WriteString(strings.TrimRight(string(o.Kind)+" "+o.Text, " ") + "\n")
	}
	return sb.String()
}

// splitLines splits text into lines without their newlines.
func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
