// Package lazyre compiles regular expressions on first use, so that start-up
// does no work a command may not need.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles pattern the first time it is called
// and returns the same *regexp.Regexp every time. An invalid pattern panics on
// that first call, as regexp.MustCompile does.
func New(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
