package integrity

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWriteAtomicReusesWhatAKilledWriteLeft: the temporary file a killed
// write left under the fixed name is replaced by the next write — a link
// there is removed, not written through, and so is a FIFO — and the
// leftovers of earlier versions' writes (.NAME.DIGITS.tmp) are removed once
// they are older than a moment; other files are left alone.
func TestWriteAtomicReusesWhatAKilledWriteLeft(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	elsewhere := filepath.Join(dir, "elsewhere")
	old := time.Now().Add(-time.Hour)
	for _, tt := range []struct {
		name   string
		make   func(p string) error
		stale  bool
		remain bool
	}{
		{name: ".state.json.permgate.tmp", make: func(p string) error { return os.WriteFile(p, []byte("half a wri"), 0o600) }},
		{name: ".state.json.permgate.tmp", make: func(p string) error { return os.Symlink(elsewhere, p) }},
		{name: ".state.json.permgate.tmp", make: func(p string) error { return syscall.Mkfifo(p, 0o600) }},
		{name: ".state.json.123456.tmp", make: func(p string) error { return os.WriteFile(p, []byte("x"), 0o600) }, stale: true},
		{name: ".state.json.123456.tmp", make: func(p string) error { return os.WriteFile(p, []byte("x"), 0o600) }, remain: true},
		{name: ".state.json.abc.tmp", make: func(p string) error { return os.WriteFile(p, []byte("x"), 0o600) }, stale: true, remain: true},
		{name: ".state.json.42.tmp", make: func(p string) error { return os.Mkdir(p, 0o700) }, stale: true, remain: true},
		{name: ".other.json.42.tmp", make: func(p string) error { return os.WriteFile(p, []byte("x"), 0o600) }, stale: true, remain: true},
	} {
		if err := os.WriteFile(elsewhere, []byte("keep"), 0o600); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, tt.name)
		if err := tt.make(p); err != nil {
			t.Fatal(err)
		}
		if tt.stale {
			os.Chtimes(p, old, old)
		}
		if err := WriteAtomic(path, []byte(`{"mode":"plan"}`), 0o600); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err := os.Lstat(p)
		if exists := err == nil; exists != tt.remain {
			t.Errorf("%s (stale %v): exists %v after a write, want %v", tt.name, tt.stale, exists, tt.remain)
		}
		if got, _ := os.ReadFile(elsewhere); string(got) != "keep" {
			t.Errorf("%s: a write went through a link to %q", tt.name, got)
		}
		if got, _ := os.ReadFile(path); string(got) != `{"mode":"plan"}` {
			t.Errorf("%s: the file holds %q", tt.name, got)
		}
		os.RemoveAll(p)
	}
}

// TestWriteAtomicFailureLeavesNothing: a write that fails leaves the file as
// it was and no temporary file.
func TestWriteAtomicFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("old"), 0o644)
	TestOnlyWriteHook = func(string) error { return syscall.ENOSPC }
	defer func() { TestOnlyWriteHook = nil }()
	if err := WriteAtomic(path, []byte("new"), 0o644); err == nil {
		t.Fatal("the write did not fail")
	}
	TestOnlyWriteHook = nil
	// A write into a directory that does not take the temporary file.
	if err := WriteAtomic(filepath.Join(dir, "missing", "f"), []byte("new"), 0o644); err == nil {
		t.Error("a write into a missing directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want the file alone", len(entries))
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the file holds %q", got)
	}
}
