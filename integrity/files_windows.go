//go:build windows

package integrity

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// openFlags adds nothing on Windows: its opens do not block on special
// files, and a symbolic link is refused by isLinkError's check.
func openFlags(bool) int { return 0 }

// isLinkError reports a symbolic link where permgate's own file should be.
func isLinkError(path string, _ error) bool {
	info, err := os.Lstat(path)
	return err == nil && info.Mode()&os.ModeSymlink != 0
}

// tryLock takes LockFileEx without waiting; held is false while another
// process has it.
func tryLock(f *os.File, exclusive bool) (held bool, err error) {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	ol := new(windows.Overlapped)
	err = windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION), errors.Is(err, windows.ERROR_IO_PENDING):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) {
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}
