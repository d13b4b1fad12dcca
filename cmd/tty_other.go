//go:build !linux && !darwin && !freebsd && !openbsd && !netbsd && !dragonfly

package cmd

import "os"

// cookedMode leaves the terminal as it is where permgate does not know its
// ioctls (Windows, Solaris, AIX …); the answer reader accepts \r as well as
// \n.
func cookedMode(tty *os.File) func() { return func() {} }

// flushInput does nothing where permgate does not know the terminal's ioctls:
// typeahead there is not discarded.
func flushInput(tty *os.File) {}
