//go:build !linux

package runfiles

import (
	"os"
	"path/filepath"
)

// kernelFile reports a file whose real path (its links followed) is under
// /proc, /sys or /dev: their files are made as they are read.
func kernelFile(_ *os.File, p string) bool {
	real, err := filepath.EvalSymlinks(p)
	return err != nil || kernelPath(real)
}
