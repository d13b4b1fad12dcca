package runfiles

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOSRead: a regular file is read whole; one past the bound, a FIFO, a
// directory, a device and a kernel file are refused without blocking; a
// link is followed to what it names; a missing file says so.
func TestOSRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := write("small.sh", "echo hi\n")
	big := write("big.sh", strings.Repeat("x", 2000))
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sh")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	toFifo := filepath.Join(dir, "to-fifo")
	if err := os.Symlink(fifo, toFifo); err != nil {
		t.Fatal(err)
	}
	// A link into the kernel's files is refused by what it reaches, not by
	// its name.
	toProc := filepath.Join(dir, "status.txt")
	if err := os.Symlink("/proc/self/status", toProc); err != nil {
		t.Fatal(err)
	}
	toSys := filepath.Join(dir, "kernel.txt")
	if err := os.Symlink("/sys/kernel/mm/transparent_hugepage/enabled", toSys); err != nil {
		t.Fatal(err)
	}
	r := OS{Limit: 1000}
	for _, tc := range []struct {
		path string
		text string
		err  error
	}{
		{small, "echo hi\n", nil},
		{link, "echo hi\n", nil},
		{big, "", ErrTooLarge},
		{fifo, "", ErrNotRegular},
		{toFifo, "", ErrNotRegular},
		{dir, "", ErrNotRegular},
		{"/dev/zero", "", ErrNotRegular},
		{"/proc/self/status", "", ErrNotRegular},
		{"/proc/../proc/self/status", "", ErrNotRegular},
		{toProc, "", ErrNotRegular},
		{filepath.Join(dir, "missing"), "", os.ErrNotExist},
	} {
		text, err := r.Read(tc.path)
		if tc.err == nil && err != nil || tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("Read(%s): error %v, want %v", tc.path, err, tc.err)
		}
		if text != tc.text {
			t.Errorf("Read(%s) = %q, want %q", tc.path, text, tc.text)
		}
	}
	if _, err := os.Stat(toSys); err == nil {
		if _, err := (OS{}).Read(toSys); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Read(link to a sysfs file): %v, want ErrNotRegular", err)
		}
	}
	if !Missing(func() error { _, err := r.Read(filepath.Join(dir, "nope")); return err }()) {
		t.Error("Missing does not recognise a missing file")
	}
}

// TestMapRead: the in-memory reader cleans paths and reports missing files.
func TestMapRead(t *testing.T) {
	m := Map{"/p/a.sh": "ls"}
	if text, err := m.Read("/p/./a.sh"); err != nil || text != "ls" {
		t.Errorf("Read = %q, %v", text, err)
	}
	if _, err := m.Read("/p/b.sh"); !Missing(err) {
		t.Errorf("Read of a missing file: %v", err)
	}
}

// countingFiles counts the reads that reach it.
type countingFiles struct {
	Files
	reads map[string]int
}

func (c countingFiles) Read(p string) (string, error) {
	c.reads[p]++
	return c.Files.Read(p)
}

// TestRememberedReadsOnce: each path reaches the reader once, and its
// answer, text or error, is given again after.
func TestRememberedReadsOnce(t *testing.T) {
	c := countingFiles{Files: Map{"/r/.git/HEAD": "ref: refs/heads/main\n"}, reads: map[string]int{}}
	r := &Remembered{Files: c}
	for range 3 {
		if text, err := r.Read("/r/.git/HEAD"); err != nil || text != "ref: refs/heads/main\n" {
			t.Fatalf("Read(HEAD) = %q, %v", text, err)
		}
		if _, err := r.Read("/r/.git/commondir"); !Missing(err) {
			t.Fatalf("Read(commondir): %v, want missing", err)
		}
	}
	if c.reads["/r/.git/HEAD"] != 1 || c.reads["/r/.git/commondir"] != 1 {
		t.Fatalf("reads %v, want each path once", c.reads)
	}
}
