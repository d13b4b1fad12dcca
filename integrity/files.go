package integrity

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// LockTimeout is how long permgate waits for one of its locks (the state lock,
// the audit lock, a config file's edit lock) before it gives up and fails
// closed: a process that holds the lock forever must not hang the gate.
const LockTimeout = 5 * time.Second

// lockPoll is how often a held lock is tried again while waiting.
const lockPoll = 10 * time.Millisecond

// TestOnlyLockTimeout replaces LockTimeout when positive; only tests set it, so
// that a held lock is seen to time out without a slow test.
var TestOnlyLockTimeout time.Duration

// ErrLockTimeout is wrapped by the error of a lock that was not had in time.
var ErrLockTimeout = errors.New("timed out waiting for the lock")

func lockTimeout() time.Duration {
	if TestOnlyLockTimeout > 0 {
		return TestOnlyLockTimeout
	}
	return LockTimeout
}

// LockFor takes the lock on path (created if needed, never through a symlink,
// a regular file only), exclusive or shared, trying without blocking until
// LockTimeout has passed. It returns the function that releases it, or an
// error naming the lock file.
func LockFor(path string, exclusive bool) (func(), error) {
	f, err := OpenRegular(path, os.O_CREATE|os.O_RDWR, 0o600, false)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", path, err)
	}
	deadline := time.Now().Add(lockTimeout())
	for {
		held, err := tryLock(f, exclusive)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if held {
			break
		}
		if !time.Now().Before(deadline) {
			f.Close()
			return nil, fmt.Errorf("lock %s: another process holds it (waited %s; `fuser %s` shows which): %w",
				path, lockTimeout(), path, ErrLockTimeout)
		}
		time.Sleep(lockPoll)
	}
	return func() {
		unlock(f)
		f.Close()
	}, nil
}

// OpenRegular opens path without blocking (O_NONBLOCK: a FIFO does not wait for
// a writer) and refuses anything but a regular file: a FIFO, a device, a socket
// or a directory is an error naming the path. With follow false the last
// component must not be a symlink (O_NOFOLLOW), as for permgate's state and
// audit files.
func OpenRegular(path string, flag int, perm os.FileMode, follow bool) (*os.File, error) {
	f, err := os.OpenFile(path, flag|openFlags(follow), perm)
	if err != nil {
		if !follow && isLinkError(path, err) {
			return nil, fmt.Errorf("%s is a symbolic link; permgate does not follow links for its own files: %w", path, err)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err // nothing there to name
		}
		// A FIFO opened for writing with no reader fails (ENXIO); a directory
		// opened for writing too (EISDIR): name what it is.
		stat := os.Stat
		if !follow {
			stat = os.Lstat
		}
		if info, serr := stat(path); serr == nil && !info.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a regular file (%s); permgate uses only regular files", path, fileKind(info.Mode()))
		}
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("stat %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file (%s); permgate uses only regular files", path, fileKind(info.Mode()))
	}
	return f, nil
}

// TooLargeError is the error of a file over the size permgate reads of it.
type TooLargeError struct {
	Path string
	Max  int64
}

// Error names the file and its cap.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is over the %d-byte limit permgate reads of it", e.Path, e.Max)
}

// ReadCapped reads a regular file, as OpenRegular opens it, of at most max
// bytes: a larger one is a *TooLargeError, found from its size before any of
// it is read and, for a file that grows meanwhile, after max+1 bytes at most,
// so that no read costs more than the cap. A missing file is an error that
// matches fs.ErrNotExist.
func ReadCapped(path string, follow bool, max int64) ([]byte, error) {
	f, err := OpenRegular(path, os.O_RDONLY, 0, follow)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	return data, nil
}

// ReadRegularLimit reads at most limit bytes of a regular file, as
// OpenRegular opens it: a caller that refuses larger files reads limit+1 and
// learns so without holding them.
func ReadRegularLimit(path string, follow bool, limit int64) ([]byte, error) {
	f, err := OpenRegular(path, os.O_RDONLY, 0, follow)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// fileKind names a file type for an error message.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}
