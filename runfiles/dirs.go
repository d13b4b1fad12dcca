package runfiles

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Dirs lists the project's directories for the analysis.
type Dirs interface {
	// List returns the entries of the directory at the absolute path dir,
	// sorted by name, without following a link in them: a link's entry
	// has fs.ModeSymlink in its Type. The error wraps fs.ErrNotExist when
	// dir is missing, and is ErrTooLarge past the lister's bound.
	List(dir string) ([]fs.DirEntry, error)
}

// MaxDirEntries is the most entries OSDirs lists in one directory by
// default.
const MaxDirEntries = 4096

// OSDirs lists directories of the file system, at most Limit entries each
// (MaxDirEntries when Limit is 0); past it List fails with ErrTooLarge.
// Directories under /proc, /sys and /dev are not listed.
type OSDirs struct {
	Limit int
}

// List implements Dirs.
func (o OSDirs) List(dir string) ([]fs.DirEntry, error) {
	limit := o.Limit
	if limit <= 0 {
		limit = MaxDirEntries
	}
	if kernelPath(filepath.Clean(dir)) {
		return nil, fmt.Errorf("list %s: %w", dir, ErrNotRegular)
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	defer f.Close()
	entries, err := f.ReadDir(limit + 1)
	if err != nil && len(entries) == 0 && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("list %s: %w", dir, err) // io.EOF: an empty directory
	}
	if len(entries) > limit {
		return nil, fmt.Errorf("list %s: %w", dir, ErrTooLarge)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// MapDirs lists the directories a Map's paths imply, for tests: every
// parent of a file path is a directory. A path in Links is a symbolic link
// (to a directory, say) whatever else the Map holds under it.
type MapDirs struct {
	Files Map
	Links []string
}

// List implements Dirs.
func (m MapDirs) List(dir string) ([]fs.DirEntry, error) {
	dir = filepath.Clean(dir)
	seen := map[string]fs.FileMode{}
	for p := range m.Files {
		rest, ok := strings.CutPrefix(p, strings.TrimSuffix(dir, "/")+"/")
		if !ok {
			continue
		}
		name, under, isDir := strings.Cut(rest, "/")
		if isDir || under != "" {
			seen[name] = fs.ModeDir
		} else if _, known := seen[name]; !known {
			seen[name] = 0
		}
	}
	for _, l := range m.Links {
		if filepath.Dir(l) == dir {
			seen[filepath.Base(l)] = fs.ModeSymlink
		}
	}
	if len(seen) == 0 {
		return nil, fmt.Errorf("list %s: %w", dir, fs.ErrNotExist)
	}
	var out []fs.DirEntry
	for name, mode := range seen {
		out = append(out, mapEntry{name: name, mode: mode})
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// Entry is a directory entry for a file or directory that is not on disk
// yet (a reader's overlay lists what an earlier command writes).
func Entry(name string, dir bool) fs.DirEntry {
	if dir {
		return mapEntry{name: name, mode: fs.ModeDir}
	}
	return mapEntry{name: name}
}

// mapEntry is one entry MapDirs lists.
type mapEntry struct {
	name string
	mode fs.FileMode
}

// Name implements fs.DirEntry and fs.FileInfo.
func (e mapEntry) Name() string { return e.name }

// IsDir implements fs.DirEntry and fs.FileInfo.
func (e mapEntry) IsDir() bool { return e.mode.IsDir() }

// Type implements fs.DirEntry.
func (e mapEntry) Type() fs.FileMode { return e.mode.Type() }

// Info implements fs.DirEntry: the entry is its own fs.FileInfo.
func (e mapEntry) Info() (fs.FileInfo, error) { return e, nil }

// Size implements fs.FileInfo: a map entry's size is not kept.
func (e mapEntry) Size() int64 { return 0 }

// Mode implements fs.FileInfo.
func (e mapEntry) Mode() fs.FileMode { return e.mode }

// ModTime implements fs.FileInfo: a map entry has no time.
func (e mapEntry) ModTime() time.Time { return time.Time{} }

// Sys implements fs.FileInfo.
func (e mapEntry) Sys() any { return nil }
