//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package cmd

import (
	"os"

	"golang.org/x/sys/unix"
)

// cookedMode puts the terminal in line mode with echo for the question — a line
// editor (zle, readline, fish) may have left it raw — and returns the function
// that puts back what was there.
func cookedMode(tty *os.File) func() {
	fd := int(tty.Fd())
	old, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
	if err != nil {
		return func() {}
	}
	cooked := *old
	cooked.Lflag |= unix.ICANON | unix.ECHO | unix.ECHOE | unix.ECHOK | unix.ISIG
	cooked.Iflag |= unix.ICRNL
	cooked.Oflag |= unix.OPOST | unix.ONLCR
	if err := unix.IoctlSetTermios(fd, ioctlSetTermios, &cooked); err != nil {
		return func() {}
	}
	return func() { unix.IoctlSetTermios(fd, ioctlSetTermios, old) }
}
