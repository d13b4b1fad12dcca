package config

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles a pattern the first time it is used, so that start-up
// does no work a command may not need.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
