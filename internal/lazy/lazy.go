// Package lazy holds values built on first use. A package-level Value is a
// composite literal the compiler lays out in the binary's data: nothing of
// it runs at start-up, where a var initialised by a call (sync.OnceValue)
// allocates and writes at every process start.
package lazy

import "sync"

// Value is the result of Make, built on the first Get. Declare it at
// package level as lazy.Value[T]{Make: func() T { … }}.
type Value[T any] struct {
	once sync.Once
	// Make builds the value; it runs once, on the first Get.
	Make func() T
	v    T
}

// Get returns the value, building it on the first call. It is safe for
// concurrent use; a panic in Make is raised again by every Get.
func (l *Value[T]) Get() T {
	l.once.Do(l.build)
	return l.v
}

func (l *Value[T]) build() {
	l.v = l.Make()
}
