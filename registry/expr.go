package registry

import (
	"slices"
	"strings"
)

// Primaries is an expression grammar, as find's: a row of primaries and
// operators, each taking no value, one or two values, or the words up to a
// terminator (-exec CMD … ;). A word that does not start with a dash and is
// not declared (find's roots) is a primary of its own with no value.
type Primaries struct {
	// Flags take no value: tests, actions and operators ("-delete", "(", "!").
	Flags []string
	// Valued take one value each (-name PATTERN).
	Valued []string
	// Paired take two values (-fprintf FILE FORMAT).
	Paired []string
	// Terminated take the words up to one of Terminators, or to the end when
	// none follows (-exec CMD … ; and -exec CMD … {} +). They act.
	Terminated  []string
	Terminators []string
	// Acts lists the declared primaries besides the Terminated ones that act
	// (-delete, -fprint FILE): an undeclared primary never takes one of them
	// as its value.
	Acts []string
}

// Primary is one primary of an expression as Primaries.Read found it.
type Primary struct {
	// Name is the primary as written; Dynamic reports a word known only at
	// run time, which may be any primary.
	Name    string
	Dynamic bool
	// At is the index of the primary's word.
	At int
	// Values are the indexes of its values, or of a Terminated primary's
	// words (the terminator left out).
	Values []int
	// Terminated reports a Terminated primary; Terminator is the index of
	// the word that ended it, or -1 when the words ran out first.
	Terminated bool
	Terminator int
}

// Read reads an expression. A declared primary takes its values whatever
// they are. An undeclared word that starts with a dash takes the next word
// as its value, the careful reading of a primary permgate does not know
// (its value is not read as a test that narrows anything), unless that
// word is known only at run time or is a primary that acts: it may be one,
// so it is read as one (find . -foo -exec rm {} ; still runs rm).
func (p *Primaries) Read(args []Word) []Primary {
	var out []Primary
	for i := 0; i < len(args); i++ {
		pr := p.primary(args, i)
		if len(pr.Values) > 0 {
			i = pr.Values[len(pr.Values)-1]
		}
		if pr.Terminator >= 0 {
			i = pr.Terminator
		}
		out = append(out, pr)
	}
	return out
}

// primary reads the primary at args[i] and the words it takes.
func (p *Primaries) primary(args []Word, i int) Primary {
	w := args[i]
	pr := Primary{Name: w.Text, Dynamic: w.Dynamic, At: i, Terminator: -1}
	switch {
	case w.Dynamic || slices.Contains(p.Flags, w.Text):
	case slices.Contains(p.Terminated, w.Text):
		pr.Terminated = true
		pr.Values, pr.Terminator = p.terminated(args, i+1)
	case slices.Contains(p.Valued, w.Text):
		pr.Values = following(args, i, 1)
	case slices.Contains(p.Paired, w.Text):
		pr.Values = following(args, i, 2)
	case strings.HasPrefix(w.Text, "-") && i+1 < len(args) && !p.acts(args[i+1]):
		pr.Values = []int{i + 1}
	}
	return pr
}

// terminated returns the indexes of the words from start up to the first
// static terminator, and the terminator's index (-1 when there is none).
func (p *Primaries) terminated(args []Word, start int) ([]int, int) {
	var words []int
	for j := start; j < len(args); j++ {
		if !args[j].Dynamic && slices.Contains(p.Terminators, args[j].Text) {
			return words, j
		}
		words = append(words, j)
	}
	return words, -1
}

// acts reports a word that is, or may be, a primary that acts.
func (p *Primaries) acts(w Word) bool {
	return w.Dynamic || slices.Contains(p.Acts, w.Text) || slices.Contains(p.Terminated, w.Text)
}

// following returns the indexes of up to n words after args[i].
func following(args []Word, i, n int) []int {
	var out []int
	for j := i + 1; j <= i+n && j < len(args); j++ {
		out = append(out, j)
	}
	return out
}
