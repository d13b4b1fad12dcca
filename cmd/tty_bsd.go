//go:build darwin || freebsd || openbsd || netbsd || dragonfly

package cmd

import (
	"os"

	"golang.org/x/sys/unix"
)

// The termios requests of macOS and the BSDs: TIOCGETA and TIOCSETA, as
// golang.org/x/term uses them.
const (
	ioctlGetTermios = unix.TIOCGETA
	ioctlSetTermios = unix.TIOCSETA
)

// fread is <sys/fcntl.h>'s FREAD: TIOCFLUSH with it discards the input
// queue only.
const fread = 0x1

// flushInput discards what was typed (or pushed) at the terminal before the
// question, so that only an answer typed after it counts: TIOCFLUSH with
// FREAD, which these systems take by pointer.
func flushInput(tty *os.File) {
	unix.IoctlSetPointerInt(int(tty.Fd()), unix.TIOCFLUSH, fread)
}
