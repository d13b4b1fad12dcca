package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/permgate/permgate/integrity"
)

// BackupSuffix is added to a file's name for the copy of its content before
// permgate last changed it.
const BackupSuffix = ".permgate-backup"

// applyOpts say how apply writes a file.
type applyOpts struct {
	newMode   fs.FileMode // a new file's mode
	forceBits fs.FileMode // bits of newMode an existing file gets too
	dryRun    bool
	noBackup  bool
}

// edit is one change of one file: given its content (nil when it does not
// exist) it returns the new content, or remove to delete the file.
type edit func(old []byte) (out []byte, remove bool, err error)

// change is what applying an edit did, or would do.
type change struct {
	path    string // the file as named
	changed bool
	removed bool
	backup  string // the backup written, or ""
	old     []byte // the content before, nil when the file did not exist
	out     []byte
}

// apply reads path, runs fn on its content and, unless dry-run, writes the
// result: under the setup lock, atomically (a temporary file in the same
// directory renamed over it), with the file's mode kept (newMode for a new
// file) and the previous content saved beside it as FILE.permgate-backup.
//
// A path that is a symbolic link (a dotfiles manager's) keeps its link: the
// file it points to, resolved once, is read without following any further
// link and replaced. A link to nothing, a directory, a FIFO or a device is
// refused, and so is a file that could not be read: nothing is written then.
func (e *Env) apply(path string, o applyOpts, fn edit) (*change, error) {
	unlock, err := e.lockSetup(o.dryRun)
	if err != nil {
		return nil, err
	}
	defer unlock()
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	old, perm, err := readForEdit(path, target, o)
	if err != nil {
		return nil, err
	}
	c := &change{path: path, old: old}
	out, remove, err := fn(old)
	if err != nil {
		return nil, err
	}
	if !c.record(out, remove) || o.dryRun {
		return c, nil
	}
	if err := c.write(target, perm, o.noBackup); err != nil {
		return nil, err
	}
	return c, nil
}

// lockSetup takes the setup lock, creating its directory, unless this is a
// dry run or there is no lock; the function it returns releases it.
func (e *Env) lockSetup(dryRun bool) (func(), error) {
	if dryRun || e.LockPath == "" {
		return func() {}, nil
	}
	if err := os.MkdirAll(filepath.Dir(e.LockPath), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", filepath.Dir(e.LockPath), err)
	}
	return integrity.Lock(e.LockPath)
}

// readForEdit reads target, the file path resolves to, for an edit: its
// content (nil when it does not exist) and the mode the edited file gets —
// its own, with o.forceBits of o.newMode added, or o.newMode for a new file.
// A file too large or that cannot be read is an error.
func readForEdit(path, target string, o applyOpts) ([]byte, fs.FileMode, error) {
	old, err := readSmall(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, o.newMode, nil
	case errors.Is(err, errTooLarge):
		return nil, 0, fmt.Errorf("%s is over %d bytes; permgate does not edit it", path, maxSettingsBytes)
	case err != nil:
		return nil, 0, fmt.Errorf("read %s: %w; it is unchanged", path, err)
	}
	perm := o.newMode
	if info, err := os.Stat(target); err == nil {
		perm = info.Mode().Perm() | o.newMode&o.forceBits
	}
	return old, perm, nil
}

// record notes what the edit's result (out, or remove) changes of c.old, and
// reports whether there is anything to write: removing a missing file,
// writing the same bytes, or leaving a missing file empty changes nothing.
func (c *change) record(out []byte, remove bool) bool {
	switch {
	case remove && c.old == nil:
		return false
	case remove:
		c.changed, c.removed = true, true
	case c.old != nil && string(out) == string(c.old):
		return false
	case c.old == nil && len(out) == 0:
		// A missing file that the edit leaves empty stays missing.
		return false
	default:
		c.changed, c.out = true, out
	}
	return true
}

// write makes the change to target, the file c.path resolves to, with mode
// perm: its directory created, the old content backed up beside it first
// (unless noBackup), then the file removed or replaced atomically.
func (c *change) write(target string, perm fs.FileMode, noBackup bool) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(target), err)
	}
	if c.old != nil && !noBackup {
		c.backup = target + BackupSuffix
		if err := integrity.WriteAtomic(c.backup, c.old, perm); err != nil {
			return fmt.Errorf("back up %s: %w; it is unchanged", c.path, err)
		}
	}
	if c.removed {
		if err := os.Remove(target); err != nil {
			return fmt.Errorf("remove %s: %w", c.path, err)
		}
		return nil
	}
	return integrity.WriteAtomic(target, c.out, perm)
}

// resolve returns the file path names: path itself, or, when it or a
// directory above it is a symbolic link, the real path it reaches. A link
// whose target is missing is refused (permgate creates no file through a
// link); a missing path is returned with its existing directories resolved.
func resolve(path string) (string, error) {
	info, err := os.Lstat(path)
	switch {
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fmt.Errorf("%s is a symbolic link to a file that does not exist (%v); permgate creates no file through a link", path, err)
		}
		return real, nil
	case err == nil:
		dir, err := filepath.EvalSymlinks(filepath.Dir(path))
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", filepath.Dir(path), err)
		}
		return filepath.Join(dir, filepath.Base(path)), nil
	case errors.Is(err, fs.ErrNotExist):
		// The nearest existing directory is resolved; the rest is created.
		dir, rest := filepath.Dir(path), filepath.Base(path)
		for {
			real, err := filepath.EvalSymlinks(dir)
			if err == nil {
				return filepath.Join(real, rest), nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return path, nil
			}
			rest = filepath.Join(filepath.Base(dir), rest)
			dir = parent
		}
	}
	return "", fmt.Errorf("%s: %w", path, err)
}

// errTooLarge is wrapped by readSmall's error for a file over
// maxSettingsBytes.
var errTooLarge = errors.New("too large")

// readSmall reads a regular file of at most maxSettingsBytes, without
// following a symbolic link. A larger file is an error (errTooLarge), never
// its first maxSettingsBytes: what is not read whole is neither edited nor
// judged.
func readSmall(path string) ([]byte, error) {
	data, err := integrity.ReadRegularLimit(path, false, maxSettingsBytes+1)
	if err == nil && len(data) > maxSettingsBytes {
		return nil, fmt.Errorf("%s is over %d bytes: %w", path, maxSettingsBytes, errTooLarge)
	}
	return data, err
}
