package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/state"
)

func shortLockTimeout(t *testing.T) {
	old := integrity.TestOnlyLockTimeout
	integrity.TestOnlyLockTimeout = 30 * time.Millisecond
	t.Cleanup(func() { integrity.TestOnlyLockTimeout = old })
}

// TestStoreLockTimeout: a process holding the state lock makes reads and
// writes of the state fail with an error naming the lock, never hang.
func TestStoreLockTimeout(t *testing.T) {
	shortLockTimeout(t)
	store := state.Store{Dir: t.TempDir()}
	lock := filepath.Join(store.Dir, integrity.LockFile)
	unlock, err := integrity.Lock(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	err = store.Update(func(st *state.State) error { st.Mode = policy.ModeBypass; return nil })
	if !errors.Is(err, integrity.ErrLockTimeout) || !strings.Contains(err.Error(), lock) {
		t.Errorf("Update with the lock held: %v, want a timeout naming %s", err, lock)
	}
	if _, err := store.Load(); !errors.Is(err, integrity.ErrLockTimeout) {
		t.Errorf("Load with the lock held: %v, want a timeout", err)
	}
	if _, err := os.Stat(store.Path()); err == nil {
		t.Error("the state was written without the lock")
	}
	if _, err := AddRule(filepath.Join(store.Dir, "config.toml"), "allow", "bash(prefix:ls*)", &integrity.Sealer{Dir: store.Dir}); !errors.Is(err, integrity.ErrLockTimeout) {
		t.Errorf("AddRule with the state lock held: %v, want a timeout", err)
	}
}

// TestConfigFileMustBeRegular: a config that is a FIFO, a device (or a link to
// one) or a dangling link is an error with the file's name; a link to a regular
// file (dotfiles) loads.
func TestConfigFileMustBeRegular(t *testing.T) {
	for name, tt := range map[string]struct {
		mk   func(string) error
		want string
	}{
		"fifo":           {func(p string) error { return syscall.Mkfifo(p, 0o600) }, "not a regular file (a FIFO)"},
		"link to device": {func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file (a character device)"},
		"dangling link":  {func(p string) error { return os.Symlink(p+".gone", p) }, "does not exist (a dangling link"},
		"directory":      {func(p string) error { return os.Mkdir(p, 0o700) }, "not a regular file (a directory)"},
		"link to file": {func(p string) error {
			if err := os.WriteFile(p+".real", []byte("mode = \"plan\"\n"), 0o600); err != nil {
				return err
			}
			return os.Symlink(p+".real", p)
		}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "config.toml")
			if err := tt.mk(p); err != nil {
				t.Fatal(err)
			}
			for _, paths := range []Paths{{User: p}, {Project: p}, {Override: p}, {System: p}} {
				cfg, err := Load(paths, trustAll(true))
				if tt.want == "" {
					if err != nil || cfg.Mode.Value != policy.ModePlan {
						t.Errorf("%+v: %v", paths, err)
					}
					continue
				}
				if err == nil || !strings.HasPrefix(err.Error(), p) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%+v: %v; want an error naming the file with %q", paths, err, tt.want)
				}
			}
			if tt.want != "" {
				if _, err := AddRule(p, "deny", "bash(prefix:rm*)", nil); err == nil {
					t.Error("AddRule went ahead")
				}
			}
		})
	}
}

// TestAuditRequired: [audit] required is off by default; an untrusted file may
// turn it on, never off.
func TestAuditRequired(t *testing.T) {
	cfg, err := Load(Paths{}, nil)
	if err != nil || cfg.AuditRequired.Value {
		t.Fatalf("default: %v, %v", cfg.AuditRequired, err)
	}
	f := writeFiles(t, t.TempDir(), map[string]string{
		"on.toml": "[audit]\nrequired = true\n", "off.toml": "[audit]\nrequired = false\n",
	})
	cfg, err = Load(Paths{Project: f["on.toml"]}, trustAll(false))
	if err != nil || !cfg.AuditRequired.Value || cfg.AuditRequired.Source != f["on.toml"]+":2" {
		t.Errorf("untrusted project turning it on: %+v, %v", cfg.AuditRequired, err)
	}
	cfg, err = Load(Paths{System: f["on.toml"], Project: f["off.toml"]}, trustAll(false))
	if err != nil || !cfg.AuditRequired.Value || len(cfg.Warnings) == 0 {
		t.Errorf("untrusted project turning it off: %+v, %v, %v", cfg.AuditRequired, cfg.Warnings, err)
	}
	cfg, err = Load(Paths{System: f["on.toml"], User: f["off.toml"]}, trustAll(true))
	if err != nil || cfg.AuditRequired.Value {
		t.Errorf("trusted user file turning it off: %+v, %v", cfg.AuditRequired, err)
	}
}

// TestProjectFileMustBeRegular: a project .permgate.toml that is a FIFO, a
// dangling link or a link to a device is an error, not skipped.
func TestProjectFileMustBeRegular(t *testing.T) {
	for name, mk := range map[string]func(string) error{
		"fifo":           func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"dangling link":  func(p string) error { return os.Symlink(p+".gone", p) },
		"link to device": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, ProjectFileName)
			if err := mk(p); err != nil {
				t.Fatal(err)
			}
			paths := Locate(LocateEnv{Cwd: dir})
			if paths.Project != p {
				t.Fatalf("Locate skipped it: %+v", paths)
			}
			if _, err := Load(paths, trustAll(false)); err == nil || !strings.HasPrefix(err.Error(), p) {
				t.Errorf("Load: %v, want an error naming %s", err, p)
			}
		})
	}
}
