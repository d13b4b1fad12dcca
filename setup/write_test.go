package setup

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/permgate/permgate/integrity"
)

// TestApply: what apply writes, backs up, removes or leaves alone for each
// kind of edit result, the modes it gives, and each way it fails — with
// nothing written when it does.
func TestApply(t *testing.T) {
	put := func(content string, mode fs.FileMode) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "f"), []byte(content), mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(filepath.Join(dir, "f"), mode); err != nil {
				t.Fatal(err)
			}
		}
	}
	set := func(out string) edit { return func([]byte) ([]byte, bool, error) { return []byte(out), false, nil } }
	remove := func([]byte) ([]byte, bool, error) { return nil, true, nil }
	tests := []applyCase{
		{name: "new file", opts: applyOpts{newMode: 0o640}, fn: set("x"), changed: true, after: "x", mode: 0o640},
		{name: "new file left empty stays missing", opts: applyOpts{newMode: 0o640}, fn: set(""), after: "-"},
		{name: "same content", before: put("x", 0o600), opts: applyOpts{newMode: 0o644}, fn: set("x"), after: "x", mode: 0o600},
		{name: "changed keeps the mode", before: put("x", 0o600), opts: applyOpts{newMode: 0o644}, fn: set("y"), changed: true, backup: true, after: "y", mode: 0o600},
		{name: "forced bits are added", before: put("x", 0o600), opts: applyOpts{newMode: 0o755, forceBits: 0o111}, fn: set("y"), changed: true, backup: true, after: "y", mode: 0o711},
		{name: "existing file emptied", before: put("x", 0o600), fn: set(""), changed: true, backup: true, after: "", mode: 0o600},
		{name: "no backup", before: put("x", 0o600), opts: applyOpts{noBackup: true}, fn: set("y"), changed: true, after: "y", mode: 0o600},
		{name: "dry run", before: put("x", 0o600), opts: applyOpts{dryRun: true}, fn: set("y"), changed: true, after: "x", mode: 0o600},
		{name: "dry run takes no lock", opts: applyOpts{dryRun: true}, fn: set("y"), lockIn: "blocker/lock", changed: true, after: "-"},
		{name: "remove", before: put("x", 0o600), fn: remove, changed: true, removed: true, backup: true, after: "-"},
		{name: "remove a missing file", fn: remove, after: "-"},
		{name: "dry-run remove", before: put("x", 0o600), opts: applyOpts{dryRun: true}, fn: remove, changed: true, removed: true, after: "x", mode: 0o600},
		{name: "with the lock", before: put("x", 0o600), fn: set("y"), lockIn: "state/setup.lock", changed: true, backup: true, after: "y", mode: 0o600},
		{name: "the lock's directory cannot be made", before: put("x", 0o600), fn: set("y"), lockIn: "blocker/lock", err: "create ", after: "x", mode: 0o600},
		{name: "the edit fails", before: put("x", 0o600), fn: func([]byte) ([]byte, bool, error) { return nil, false, errors.New("no edit") }, err: "no edit", after: "x", mode: 0o600},
		{name: "a directory is not read", before: func(t *testing.T, dir string) { os.Mkdir(filepath.Join(dir, "f"), 0o755) }, fn: set("y"), err: "; it is unchanged"},
		{name: "too large", before: put(strings.Repeat(" ", maxSettingsBytes+1), 0o600), fn: set("y"), err: "permgate does not edit it"},
		{name: "the backup fails", before: put("x", 0o600), fn: set("y"), failOn: "f" + BackupSuffix, err: "back up ", after: "x", mode: 0o600},
		{name: "the write fails", before: put("x", 0o600), fn: set("y"), failOn: "f", err: "no space left on device", backup: true, after: "x", mode: 0o600},
		{name: "the directory cannot be made", path: "f/sub/g", before: put("", 0o600), fn: set("y"), err: "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// applyCase is one apply and what it must do.
type applyCase struct {
	name    string
	path    string // the file edited, under the test's directory ("f" when empty)
	before  func(t *testing.T, dir string)
	opts    applyOpts
	fn      edit
	lockIn  string // the lock's path under dir ("" for none)
	failOn  string // a file name whose atomic write fails
	err     string // part of the error; "" when it works
	changed bool
	removed bool
	backup  bool
	after   string // the file's content after, "-" when it is not there
	mode    fs.FileMode
}

// run applies the case's edit in a new directory, which holds a regular
// file named blocker, and checks the result.
func (tt applyCase) run(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "blocker"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, cmp.Or(tt.path, "f"))
	if tt.before != nil {
		tt.before(t, dir)
	}
	e := &Env{}
	if tt.lockIn != "" {
		e.LockPath = filepath.Join(dir, tt.lockIn)
	}
	if tt.failOn != "" {
		integrity.TestOnlyWriteHook = func(p string) error {
			if filepath.Base(p) == tt.failOn {
				return syscall.ENOSPC
			}
			return nil
		}
		defer func() { integrity.TestOnlyWriteHook = nil }()
	}
	c, err := e.apply(path, tt.opts, tt.fn)
	tt.checkChange(t, c, err)
	if tt.after != "" || tt.err == "" {
		tt.checkFiles(t, path)
	}
}

// checkChange checks apply's answer.
func (tt applyCase) checkChange(t *testing.T, c *change, err error) {
	t.Helper()
	if tt.err != "" {
		if err == nil || !strings.Contains(err.Error(), tt.err) || c != nil {
			t.Fatalf("apply = %+v, %v; want an error with %q", c, err, tt.err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if c.changed != tt.changed || c.removed != tt.removed || (c.backup != "") != tt.backup {
		t.Errorf("change %+v; want changed %v removed %v backup %v", c, tt.changed, tt.removed, tt.backup)
	}
}

// checkFiles checks the file at path and its backup after apply.
func (tt applyCase) checkFiles(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	switch {
	case tt.after == "-" && !errors.Is(err, fs.ErrNotExist):
		t.Errorf("the file is there (%q, %v); want none", data, err)
	case tt.after != "-" && (err != nil || string(data) != tt.after):
		t.Errorf("the file holds %q (%v); want %q", data, err, tt.after)
	case tt.after != "-":
		if info, _ := os.Stat(path); info.Mode().Perm() != tt.mode {
			t.Errorf("mode %v, want %v", info.Mode().Perm(), tt.mode)
		}
	}
	if _, err := os.Stat(path + BackupSuffix); (err == nil) != tt.backup {
		t.Errorf("backup there: %v, want %v", err == nil, tt.backup)
	}
}
