package validator

import (
	"regexp"

	"github.com/permgate/permgate/internal/lazyre"
)

// lazyRegexp compiles a pattern the first time it is used (lazyre.New), so
// that start-up does no work a command may not need.
func lazyRegexp(pattern string) func() *regexp.Regexp { return lazyre.New(pattern) }
