package state

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/permgate/permgate/policy"
)

// TestStoreConcurrentUpdates: many writers at once lose nothing.
func TestStoreConcurrentUpdates(t *testing.T) {
	store := Store{Dir: t.TempDir()}
	const writers = 40
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := store.Update(func(st *State) error {
				if st.Trusted == nil {
					st.Trusted = map[string]string{}
				}
				st.Trusted[filepath.Join("/p", string(rune('a'+i%26)), string(rune('a'+i/26)))] = "h"
				st.Denials++
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	st, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Trusted) != writers || st.Denials != writers {
		t.Errorf("after %d updates: %d trusted, %d denials", writers, len(st.Trusted), st.Denials)
	}
}

func TestStoreDamaged(t *testing.T) {
	store := Store{Dir: t.TempDir()}
	if err := os.WriteFile(store.Path(), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Load(); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("Load of a damaged state = %v", err)
	}
	if err := store.Update(func(*State) error { return nil }); err == nil {
		t.Error("Update over a damaged state went ahead")
	}
}

func TestTrustHash(t *testing.T) {
	st := State{Trusted: map[string]string{"/p/.permgate.toml": TrustHash("/p/.permgate.toml", []byte("a"))}}
	if !st.IsTrusted("/p/.permgate.toml", []byte("a")) {
		t.Error("trusted content not trusted")
	}
	if st.IsTrusted("/p/.permgate.toml", []byte("b")) {
		t.Error("edited content still trusted")
	}
	if st.IsTrusted("/q/.permgate.toml", []byte("a")) {
		t.Error("same content at another path trusted")
	}
}

func TestStoreSealsAndDistrustsTampering(t *testing.T) {
	dir := t.TempDir()
	store := Store{Dir: dir, ConfigMode: policy.ModeDefault}
	err := store.Update(func(st *State) error {
		st.Mode = policy.ModeAuto
		st.Trusted = map[string]string{"/p/.permgate.toml": "abc"}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Load()
	if err != nil || st.Unsealed {
		t.Fatalf("after permgate's own write: unsealed %v, %v", st.Unsealed, err)
	}
	if err := os.WriteFile(store.Path(), []byte(`{"mode":"bypass","trusted":{"/evil/.permgate.toml":"x"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err = store.Load()
	if err != nil || !st.Unsealed {
		t.Fatalf("a tampered state is not flagged: %v", err)
	}
	if (Trust{State: st, Seals: store.Seals()}).IsTrusted("/evil/.permgate.toml", nil) {
		t.Error("an unsealed state's trust counts")
	}
	// The next write keeps only what tightens, and seals that.
	if err := store.Update(func(st *State) error { st.Denials++; return nil }); err != nil {
		t.Fatal(err)
	}
	st, _ = store.Load()
	if st.Unsealed || st.Mode != "" || len(st.Trusted) != 0 || st.Denials != 1 {
		t.Errorf("after a write over a tampered state: %+v", st)
	}
}

// TestTightened: an untrusted state keeps no trusted hashes and no mode looser
// than the config's; with the config's mode unknown only plan survives.
func TestTightened(t *testing.T) {
	st := State{Mode: policy.ModeBypass, Trusted: map[string]string{"/p/.permgate.toml": "h"}}
	for _, tt := range []struct {
		state, config, want policy.Mode
	}{
		{policy.ModeBypass, policy.ModeDefault, ""},
		{policy.ModePlan, policy.ModeDefault, policy.ModePlan},
		{policy.ModeDefault, policy.ModeAuto, policy.ModeDefault},
		{policy.ModeBypass, "", ""},
		{policy.ModeAuto, "", ""},
		{policy.ModePlan, "", policy.ModePlan},
	} {
		st.Mode = tt.state
		got := st.Tightened(tt.config)
		if got.Mode != tt.want || got.Trusted != nil {
			t.Errorf("state %q, config %q: mode %q trusted %v, want %q and none", tt.state, tt.config, got.Mode, got.Trusted, tt.want)
		}
	}
}

// TestStoreFileMustBeRegular: a FIFO, a device link or any symlink as the state
// file is an error at once.
func TestStoreFileMustBeRegular(t *testing.T) {
	for name, mk := range map[string]func(string) error{
		"fifo":           func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"link to device": func(p string) error { return os.Symlink("/dev/zero", p) },
		"link to file": func(p string) error {
			if err := os.WriteFile(p+".real", []byte(`{"mode":"bypass"}`), 0o600); err != nil {
				return err
			}
			return os.Symlink(p+".real", p)
		},
	} {
		t.Run(name, func(t *testing.T) {
			store := Store{Dir: t.TempDir()}
			if err := mk(store.Path()); err != nil {
				t.Fatal(err)
			}
			if st, err := store.Load(); err == nil || !strings.Contains(err.Error(), store.Path()) {
				t.Errorf("Load: %+v, %v; want an error naming the state file", st, err)
			}
			if err := store.Update(func(*State) error { return nil }); err == nil {
				t.Error("Update went ahead")
			}
		})
	}
}

// TestTrustSeals: Trust answers config.Load's seal questions from the state
// directory's seals, and LoadLocked reads what Load reads.
func TestTrustSeals(t *testing.T) {
	store := Store{Dir: t.TempDir()}
	if err := store.Update(func(st *State) error { st.Denials = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	unlock, err := store.ReadLock()
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.LoadLocked()
	unlock()
	if err != nil || st.Denials != 2 || st.Unsealed {
		t.Fatalf("LoadLocked = %+v, %v", st, err)
	}
	path := filepath.Join(store.Dir, "config.toml")
	tr := Trust{State: st, Seals: store.Seals()}
	if tr.HasSeal(path) || tr.IsSealed(path, []byte("a")) {
		t.Error("an unsealed file counts as sealed")
	}
	if err := store.Seals().Seal(path, []byte("a")); err != nil {
		t.Fatal(err)
	}
	if !tr.HasSeal(path) || !tr.IsSealed(path, []byte("a")) || tr.IsSealed(path, []byte("b")) {
		t.Error("the seal does not answer for exactly the sealed content")
	}
}
