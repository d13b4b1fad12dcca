package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenTerminalRefusesNonTerminals: a regular file, a FIFO or a device that
// is not a terminal standing in for /dev/tty is refused, without blocking; only
// the test seam admits a regular file.
func TestOpenTerminalRefusesNonTerminals(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "answer")
	if err := os.WriteFile(file, []byte("y\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name         string
		flag         int
		allowRegular bool
		ok           bool
	}{
		{file, os.O_RDWR, false, false},
		{file, os.O_RDONLY, false, false},
		{file, os.O_RDWR, true, true},
		{fifo, os.O_RDONLY, false, false}, // would block without O_NONBLOCK
		{fifo, os.O_RDWR, true, false},
		{"/dev/null", os.O_RDWR, false, false},
		{"/dev/zero", os.O_RDONLY, true, false},
		{filepath.Join(dir, "missing"), os.O_RDWR, true, false},
	} {
		f, err := openTerminalAt(c.name, c.flag, c.allowRegular)
		if f != nil {
			f.Close()
		}
		if (err == nil) != c.ok {
			t.Errorf("openTerminalAt(%s, allowRegular=%v): err %v, want ok=%v", filepath.Base(c.name), c.allowRegular, err, c.ok)
		}
		if err != nil && !c.ok && !strings.Contains(c.name, "missing") && !strings.Contains(err.Error(), "not a terminal") {
			t.Errorf("openTerminalAt(%s): %v, want it to say it is not a terminal", c.name, err)
		}
	}
}
