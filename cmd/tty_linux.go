package cmd

import (
	"os"

	"golang.org/x/sys/unix"
)

// The termios requests: Linux's TCGETS and TCSETS.
const (
	ioctlGetTermios = unix.TCGETS
	ioctlSetTermios = unix.TCSETS
)

// flushInput discards what was typed (or pushed) at the terminal before the
// question, so that only an answer typed after it counts: TCFLSH with
// TCIFLUSH.
func flushInput(tty *os.File) {
	unix.IoctlSetInt(int(tty.Fd()), unix.TCFLSH, unix.TCIFLUSH)
}
