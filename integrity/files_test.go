package integrity

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// shortLockTimeout makes a held lock time out quickly for one test.
func shortLockTimeout(t *testing.T) {
	old := TestOnlyLockTimeout
	TestOnlyLockTimeout = 30 * time.Millisecond
	t.Cleanup(func() { TestOnlyLockTimeout = old })
}

func TestLockTimeout(t *testing.T) {
	shortLockTimeout(t)
	p := filepath.Join(t.TempDir(), LockFile)
	unlock, err := Lock(p) // another holder: flock locks belong to the open file
	if err != nil {
		t.Fatal(err)
	}
	for name, take := range map[string]func(string) (func(), error){"exclusive": Lock, "shared": RLock} {
		_, err := take(p)
		if !errors.Is(err, ErrLockTimeout) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s lock while held: %v, want a timeout naming %s", name, err, p)
		}
	}
	unlock()
	again, err := Lock(p)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again()
	// Shared holders do not keep each other out.
	r1, err1 := RLock(p)
	r2, err2 := RLock(p)
	if err1 != nil || err2 != nil {
		t.Fatalf("two shared locks: %v, %v", err1, err2)
	}
	r1()
	r2()
}

func TestSealLockTimeout(t *testing.T) {
	shortLockTimeout(t)
	s := Sealer{Dir: t.TempDir()}
	unlock, err := Lock(filepath.Join(s.Dir, LockFile))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if err := s.Seal("/x/config.toml", []byte("x")); !errors.Is(err, ErrLockTimeout) {
		t.Errorf("Seal with the state lock held: %v, want a timeout", err)
	}
}

// specials makes each kind of file that is not a regular one at p.
var specials = map[string]func(p string) error{
	"fifo":           func(p string) error { return syscall.Mkfifo(p, 0o600) },
	"directory":      func(p string) error { return os.Mkdir(p, 0o700) },
	"link to device": func(p string) error { return os.Symlink("/dev/zero", p) },
	"link to file": func(p string) error {
		if err := os.WriteFile(p+".real", []byte("x"), 0o600); err != nil {
			return err
		}
		return os.Symlink(p+".real", p)
	},
}

func TestReadCappedRefuses(t *testing.T) {
	for name, mk := range specials {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "f")
			if err := mk(p); err != nil {
				t.Fatal(err)
			}
			// Without following links, every one of these is refused, at once.
			if _, err := ReadCapped(p, false, 1<<10); err == nil || !strings.Contains(err.Error(), p) {
				t.Errorf("ReadCapped(no follow): %v, want an error naming the file", err)
			}
			data, err := ReadCapped(p, true, 1<<10)
			if name == "link to file" {
				if err != nil || string(data) != "x" {
					t.Errorf("ReadCapped(follow) of a link to a file: %q, %v", data, err)
				}
				return
			}
			if err == nil {
				t.Errorf("ReadCapped(follow) of a %s: no error", name)
			}
		})
	}
	if _, err := ReadCapped(filepath.Join(t.TempDir(), "missing"), false, 1<<10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
}

func TestSealFilesMustBeRegular(t *testing.T) {
	for _, file := range []string{KeyFile, SealFile} {
		for name, mk := range specials {
			t.Run(file+"/"+name, func(t *testing.T) {
				s := Sealer{Dir: t.TempDir()}
				const p = "/x/config.toml"
				if err := s.Seal(p, []byte("c")); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(s.Dir, file)
				os.Remove(path)
				if err := mk(path); err != nil {
					t.Fatal(err)
				}
				if s.Verify(p, []byte("c")) {
					t.Errorf("a seal verifies with %s as a %s", file, name)
				}
			})
		}
	}
}

func TestLockFileMustBeRegular(t *testing.T) {
	for name, mk := range specials {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), LockFile)
			if err := mk(p); err != nil {
				t.Fatal(err)
			}
			if unlock, err := Lock(p); err == nil {
				unlock()
				t.Errorf("locked a %s", name)
			}
		})
	}
}
