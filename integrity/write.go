package integrity

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// TestOnlyWriteHook, when set, is called with the path of each file
// WriteAtomic is about to write; an error it returns fails that write before
// anything is written, as a full disk would. Only tests set it.
var TestOnlyWriteHook func(path string) error

// staleAfter is how old a temporary file in the form an earlier permgate
// wrote (.NAME.123456.tmp) must be before a write of NAME removes it: a
// moment, so that no write still under way loses its file.
const staleAfter = time.Minute

// maxStaleScan bounds the directory entries one write looks through for
// such files, so that a directory stuffed with names cannot slow it.
const maxStaleScan = 4096

// TempPath is the temporary file WriteAtomic writes path's new content to
// before renaming it over path: one fixed name, so that the next write
// reuses the file a killed write left behind.
func TempPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".permgate.tmp")
}

// WriteAtomic writes data to TempPath(path), syncs it, and renames it over
// path, so readers see the old content or the new, never a part. The caller
// holds the lock that serialises writes of path: the temporary file a killed
// write left is removed first (a link or a FIFO put there is removed, never
// followed), and so are older ones in the form earlier versions named them.
func WriteAtomic(path string, data []byte, perm os.FileMode) error {
	removeStaleTemps(path)
	if err := testWriteHook(path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := TempPath(path)
	if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("write %s: remove the temporary file a killed write left: %w", path, err)
	}
	tmp, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|openFlags(false), 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := fillTemp(tmp, data, perm); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// testWriteHook is TestOnlyWriteHook's verdict on writing path: nil when no
// test set it.
func testWriteHook(path string) error {
	if TestOnlyWriteHook == nil {
		return nil
	}
	return TestOnlyWriteHook(path)
}

// fillTemp writes data to the new temporary file tmp, gives it perm, syncs
// it to disk and closes it; the first error wins, and tmp is closed either
// way.
func fillTemp(tmp *os.File, data []byte, perm os.FileMode) error {
	_, err := tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeStaleTemps removes .NAME.DIGITS.tmp beside path — the temporary files
// of writes by earlier versions that were killed before they renamed them —
// when they are regular files older than staleAfter. Another program's files
// of other shapes are left alone.
func removeStaleTemps(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	names, _ := d.Readdirnames(maxStaleScan)
	prefix := "." + base + "."
	for _, n := range names {
		mid, ok := strings.CutPrefix(n, prefix)
		if !ok {
			continue
		}
		mid, ok = strings.CutSuffix(mid, ".tmp")
		if !ok || mid == "" || strings.Trim(mid, "0123456789") != "" {
			continue
		}
		p := filepath.Join(dir, n)
		if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > staleAfter {
			os.Remove(p)
		}
	}
}
