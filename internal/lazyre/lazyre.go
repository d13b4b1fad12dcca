// Package lazyre compiles regular expressions on first use, so that start-up
// does no work a command may not need.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled the first time Get is called. A
// package-level lazyre.Regexp{Src: `…`} is laid out by the compiler: nothing
// of it runs at start-up.
type Regexp struct {
	once sync.Once
	// Src is the pattern.
	Src string
	re  *regexp.Regexp
}

// Get returns the compiled pattern, the same *regexp.Regexp every time. An
// invalid pattern panics on the first call, as regexp.MustCompile does.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(r.compile)
	return r.re
}

func (r *Regexp) compile() {
	r.re = regexp.MustCompile(r.Src)
}

// New returns a function that compiles pattern the first time it is called
// and returns the same *regexp.Regexp every time: for patterns held in
// tables, where a Regexp value would be copied.
func New(pattern string) func() *regexp.Regexp {
	r := &Regexp{Src: pattern}
	return r.Get
}
