// Package runfiles reads what a command runs from the project's files:
// shell scripts, package.json scripts, make and just recipes, the hooks a
// command triggers and the programs an interpreter is given. It reads text
// only, within bounds, and never runs anything: turning that text into
// findings is the validator's.
package runfiles

import (
	"errors"
	"fmt"
	"github.com/permgate/permgate/internal/pathin"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Files reads the project's files for the analysis.
type Files interface {
	// Read returns the whole text of the file at the absolute path p. The
	// error is ErrTooLarge, ErrNotRegular or one that wraps fs.ErrNotExist
	// when the file is too big, not a regular file, or missing.
	Read(p string) (string, error)
}

var (
	// ErrTooLarge reports a file larger than the reader's bound: it is not
	// read whole, so what it holds is not known.
	ErrTooLarge = errors.New("file too large to read")
	// ErrNotRegular reports a FIFO, device, socket or directory, or a file
	// under /proc, /sys or /dev: reading one could block or never end.
	ErrNotRegular = errors.New("not a regular file")
)

// MaxFileBytes is the largest file OS reads by default.
const MaxFileBytes = 128 << 10

// OS reads files from the file system, following links, at most Limit bytes
// each (MaxFileBytes when Limit is 0). A FIFO or device is never opened:
// the path is checked first, and the file is opened without blocking and
// checked again (the same file, still regular), so that one swapped in
// between is not read either. A file of the kernel's (/proc, /sys and the
// like, named or reached through a link) is not read: see kernelFile.
type OS struct {
	Limit int64
}

// Read implements Files.
func (o OS) Read(p string) (string, error) {
	limit := o.Limit
	if limit <= 0 {
		limit = MaxFileBytes
	}
	if kernelPath(filepath.Clean(p)) {
		return "", fmt.Errorf("read %s: %w", p, ErrNotRegular)
	}
	st, err := os.Stat(p)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	} else if !st.Mode().IsRegular() {
		return "", fmt.Errorf("read %s: %w", p, ErrNotRegular)
	} else if st.Size() > limit {
		return "", fmt.Errorf("read %s: %w", p, ErrTooLarge)
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	defer f.Close()
	if fst, err := f.Stat(); err != nil || !fst.Mode().IsRegular() || !os.SameFile(st, fst) {
		return "", fmt.Errorf("read %s: %w", p, ErrNotRegular)
	}
	if kernelFile(f, p) {
		return "", fmt.Errorf("read %s: %w", p, ErrNotRegular)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	if int64(len(data)) > limit {
		return "", fmt.Errorf("read %s: %w", p, ErrTooLarge)
	}
	return string(data), nil
}

// kernelPath reports a path under /proc, /sys or /dev, whose files are not
// files a project holds.
func kernelPath(p string) bool {
	for _, dir := range []string{"/proc", "/sys", "/dev"} {
		if pathin.Within(p, dir) {
			return true
		}
	}
	return false
}

// Missing reports an error for a file that does not exist.
func Missing(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// Map is a Files over texts held in memory, keyed by absolute path: for
// tests, and for files a command writes before it runs them.
type Map map[string]string

// Read implements Files.
func (m Map) Read(p string) (string, error) {
	if text, ok := m[filepath.Clean(p)]; ok {
		return text, nil
	}
	return "", fmt.Errorf("read %s: %w", p, fs.ErrNotExist)
}

// Remembered reads each path through Files once and gives the same answer
// after: for one judgement whose readers read the same files (git's hooks
// and the commands its config names both read the repository's HEAD and
// config). It is not safe for concurrent use.
type Remembered struct {
	Files Files
	read  map[string]remembered
}

// remembered is one read's answer.
type remembered struct {
	text string
	err  error
}

// Read implements Files.
func (r *Remembered) Read(p string) (string, error) {
	if got, ok := r.read[p]; ok {
		return got.text, got.err
	}
	text, err := r.Files.Read(p)
	if r.read == nil {
		r.read = map[string]remembered{}
	}
	r.read[p] = remembered{text, err}
	return text, err
}
