//go:build !linux

package cmd

import "os"

// cookedMode leaves the terminal as it is where permgate does not know its
// ioctls; the answer reader accepts \r as well as \n.
func cookedMode(tty *os.File) func() { return func() {} }

// flushInput does nothing where permgate does not know the terminal's ioctls.
func flushInput(tty *os.File) {}
