//go:build unix

package integrity

import (
	"errors"
	"os"
	"syscall"
)

// openFlags are the flags every open of permgate's files adds: no blocking (a
// FIFO does not wait for a writer), close on exec, and no symlink as the last
// component unless follow.
func openFlags(follow bool) int {
	flag := syscall.O_NONBLOCK | syscall.O_CLOEXEC
	if !follow {
		flag |= syscall.O_NOFOLLOW
	}
	return flag
}

// isLinkError reports that an open without following failed on a symlink.
func isLinkError(_ string, err error) bool { return errors.Is(err, syscall.ELOOP) }

// tryLock takes flock(2) without blocking; held is false while another
// process has it.
func tryLock(f *os.File, exclusive bool) (held bool, err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, syscall.EWOULDBLOCK), errors.Is(err, syscall.EINTR):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
