package setup

import (
	"fmt"
	"strings"
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
	// lcs[i][j] is the length of the longest common subsequence of a[i:], b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte
		text string
	}
	var ops []op
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', a[i]})
			i++
		default:
			ops = append(ops, op{'+', b[j]})
			j++
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s (after)\n", path, path)
	const context = 2
	skipped := false
	for k, o := range ops {
		near := false
		for d := max(0, k-context); d <= min(len(ops)-1, k+context); d++ {
			if ops[d].kind != ' ' {
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
		sb.WriteString(strings.TrimRight(string(o.kind)+" "+o.text, " ") + "\n")
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
