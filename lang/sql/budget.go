package sql

import (
	"fmt"

	"github.com/permgate/permgate/finding"
)

// Bounds on the program texts the SQL and mongo judges read: each reads its
// text eight ways (quoting and comment conventions), at about a
// microsecond a byte for them all.
const (
	// MaxText bounds one text; MaxTexts all of one analysis.
	MaxText  = 64 << 10
	MaxTexts = 256 << 10
)

// Reporter records a finding on the command being judged.
type Reporter interface {
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
}

// Budget is what one analysis has read of program texts so far; the zero
// value has read nothing.
type Budget struct {
	spent int
}

// Texts returns the texts to judge within the analysis's bounds: a text past
// MaxText is judged by its first part, and once MaxTexts are spent the rest
// are not judged; either way the command gets a too_complex finding, so what
// was not read is never taken as read. what names the texts ("SQL").
func (b *Budget) Texts(r Reporter, texts []string, what string) []string {
	out := make([]string, 0, len(texts))
	for _, t := range texts {
		left := MaxTexts - b.spent
		n := min(len(t), MaxText, left)
		if n < len(t) {
			r.Report(finding.TooComplex, "text", finding.NonSevere,
				fmt.Sprintf("the %s is %d bytes, more than permgate reads (%d in one text, %d in all): what is past them was not judged", what, len(t), MaxText, MaxTexts), "")
		}
		if n <= 0 {
			continue
		}
		b.spent += n
		out = append(out, t[:n])
	}
	return out
}
