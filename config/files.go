package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/permgate/permgate/integrity"
)

// readConfigFile reads a config file without blocking: it must be a regular
// file (a FIFO, a device or a link to /dev/zero is an error). A config may be a
// symlink to a regular file (dotfiles), but a dangling symlink is an error, not
// a missing file: the rules it should hold must not silently drop. A missing
// file is an error matching fs.ErrNotExist.
func readConfigFile(path string) ([]byte, error) {
	// One byte past MaxBytes is read: parseFile refuses a larger file.
	data, err := integrity.ReadRegularLimit(path, true, MaxBytes+1)
	if errors.Is(err, fs.ErrNotExist) {
		if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(path)
			return nil, fmt.Errorf("it is a symbolic link to %s, which does not exist (a dangling link; fix or remove it)", target)
		}
	}
	return data, err
}

// unwrapPath drops the path from an *fs.PathError (the caller names the file);
// other errors are kept whole.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadFile reads a config file as permgate loads it: a regular file (or a
// symlink to one) read without blocking; a dangling symlink is an error.
func ReadFile(path string) ([]byte, error) {
	data, err := readConfigFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return data, err
}
