// Package linediff compares two texts line by line: the edit that keeps a
// longest common subsequence of their lines.
package linediff

// Op is one line of the edit: Kind ' ' keeps it, '-' removes it, '+' adds it.
type Op struct {
	Kind byte
	Text string
}

// Lines returns the edit from a to b. Where a line is both removed and added,
// the removal comes first. The cost is len(a)×len(b): callers bound them.
func Lines(a, b []string) []Op {
	lcs := commonTable(a, b)
	ops := make([]Op, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		op := nextOp(a, b, i, j, lcs)
		ops = append(ops, op)
		if op.Kind != '+' {
			i++
		}
		if op.Kind != '-' {
			j++
		}
	}
	return ops
}

// commonTable returns lcs with lcs[i][j] the length of the longest common
// subsequence of a[i:] and b[j:].
func commonTable(a, b []string) [][]int {
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
	return lcs
}

// nextOp is the edit's step at a[i:], b[j:] (not both at their end): keep a
// line both share, else remove a[i] when that keeps as long a common
// subsequence as adding b[j] would, else add b[j].
func nextOp(a, b []string, i, j int, lcs [][]int) Op {
	switch {
	case i < len(a) && j < len(b) && a[i] == b[j]:
		return Op{' ', a[i]}
	case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
		return Op{'-', a[i]}
	default:
		return Op{'+', b[j]}
	}
}
