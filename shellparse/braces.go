package shellparse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds brace expansion: a larger expansion is left dynamic.
const maxBraceWords = 64

// maxBraceOpens bounds the braces of a word permgate splits for expansion; a
// word with more is left dynamic.
const maxBraceOpens = 256

func hasBraceCandidate(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.Contains(lit.Value, "{") {
			return true
		}
	}
	return false
}

// expandBraces performs bash brace expansion on a word and returns the part lists
// of the resulting words. ok is false when the expansion is too large to follow.
// A word without a valid brace expression comes back unchanged.
func expandBraces(w *syntax.Word) ([][]syntax.WordPart, bool) {
	opens := 0
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok {
			opens += strings.Count(lit.Value, "{")
		}
	}
	if opens > maxBraceOpens {
		return nil, false // splitting would build a node for every brace
	}
	cp := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
	if !syntax.SplitBraces(cp) {
		return [][]syntax.WordPart{w.Parts}, true
	}
	return expandParts(cp.Parts)
}

func expandParts(parts []syntax.WordPart) ([][]syntax.WordPart, bool) {
	results := [][]syntax.WordPart{nil}
	for _, part := range parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			for i := range results {
				results[i] = append(results[i], part)
			}
			continue
		}
		alts, ok := braceAlternatives(be)
		if !ok || len(results)*len(alts) > maxBraceWords {
			return nil, false
		}
		next := make([][]syntax.WordPart, 0, len(results)*len(alts))
		for _, prefix := range results {
			for _, alt := range alts {
				joined := append(append([]syntax.WordPart(nil), prefix...), alt...)
				next = append(next, joined)
			}
		}
		results = next
	}
	return results, true
}

func braceAlternatives(be *syntax.BraceExp) ([][]syntax.WordPart, bool) {
	if be.Sequence {
		return sequenceAlternatives(be)
	}
	var alts [][]syntax.WordPart
	for _, elem := range be.Elems {
		sub, ok := expandParts(elem.Parts)
		if !ok {
			return nil, false
		}
		alts = append(alts, sub...)
		if len(alts) > maxBraceWords {
			return nil, false
		}
	}
	return alts, true
}

// sequenceAlternatives expands {x..y[..step]} for integers and single letters.
func sequenceAlternatives(be *syntax.BraceExp) ([][]syntax.WordPart, bool) {
	vals := make([]string, len(be.Elems))
	for i, e := range be.Elems {
		v := e.Lit()
		if v == "" {
			return nil, false
		}
		vals[i] = v
	}
	if len(vals) < 2 || len(vals) > 3 {
		return nil, false
	}
	step := 1
	if len(vals) == 3 {
		s, err := strconv.Atoi(vals[2])
		if err != nil {
			return nil, false
		}
		if s < 0 {
			s = -s
		}
		if s == 0 {
			s = 1
		}
		step = s
	}
	var out []string
	if from, err1 := strconv.Atoi(vals[0]); err1 == nil {
		to, err2 := strconv.Atoi(vals[1])
		if err2 != nil {
			return nil, false
		}
		width := 0
		if hasLeadingZero(vals[0]) || hasLeadingZero(vals[1]) {
			width = max(len(vals[0]), len(vals[1]))
		}
		for n := range seqRange(from, to, step) {
			s := strconv.Itoa(n)
			if width > 0 && len(s) < width {
				s = strings.Repeat("0", width-len(s)) + s
			}
			out = append(out, s)
			if len(out) > maxBraceWords {
				return nil, false
			}
		}
	} else if len(vals[0]) == 1 && len(vals[1]) == 1 {
		for n := range seqRange(int(vals[0][0]), int(vals[1][0]), step) {
			out = append(out, string(rune(n)))
			if len(out) > maxBraceWords {
				return nil, false
			}
		}
	} else {
		return nil, false
	}
	alts := make([][]syntax.WordPart, len(out))
	for i, s := range out {
		if s == `\` {
			// bash removes the generated backslash as a quote, leaving an empty word.
			alts[i] = []syntax.WordPart{&syntax.SglQuoted{}}
			continue
		}
		alts[i] = []syntax.WordPart{&syntax.Lit{Value: s}}
	}
	return alts, true
}

func hasLeadingZero(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}

// seqRange yields from..to inclusive in steps, in either direction, stopping after
// more than maxBraceWords values.
func seqRange(from, to, step int) func(func(int) bool) {
	return func(yield func(int) bool) {
		count := 0
		if from <= to {
			for n := from; n <= to && count <= maxBraceWords; n += step {
				count++
				if !yield(n) {
					return
				}
			}
			return
		}
		for n := from; n >= to && count <= maxBraceWords; n -= step {
			count++
			if !yield(n) {
				return
			}
		}
	}
}
