package state

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/permgate/permgate/integrity"
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
	if (Trust{State: st, Seals: store.Seals().Load()}).IsTrusted("/evil/.permgate.toml", nil) {
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
	tr := Trust{State: st, Seals: store.Seals().Load()}
	if v := tr.SealStatus(path, []byte("a"), true); v.Status != integrity.NotSealed {
		t.Errorf("an unsealed file: %+v", v)
	}
	if err := store.Seals().Seal(path, []byte("a")); err != nil {
		t.Fatal(err)
	}
	tr.Seals = store.Seals().Load()
	for _, tt := range []struct {
		content string
		present bool
		want    integrity.Status
	}{{"a", true, integrity.Sealed}, {"b", true, integrity.Changed}, {"", false, integrity.Changed}} {
		if v := tr.SealStatus(path, []byte(tt.content), tt.present); v.Status != tt.want {
			t.Errorf("SealStatus(%q, present %v) = %+v, want status %d", tt.content, tt.present, v, tt.want)
		}
	}
}

// TestTightenedKeepsWhatWasConfirmed: of a state that no longer matches its
// seal, the mode permgate last confirmed counts where it is the stricter
// one (on the same terms as the file's own), and a lost confirmed state
// counts as plan.
func TestTightenedKeepsWhatWasConfirmed(t *testing.T) {
	for _, tt := range []struct {
		now, confirmed, config policy.Mode
		lost                   bool
		want                   policy.Mode
	}{
		{now: "", confirmed: policy.ModePlan, config: policy.ModeDefault, want: policy.ModePlan},
		{now: policy.ModeBypass, confirmed: policy.ModePlan, config: policy.ModeAuto, want: policy.ModePlan},
		{now: policy.ModePlan, confirmed: policy.ModeDefault, config: policy.ModeAuto, want: policy.ModePlan},
		{now: policy.ModeDefault, confirmed: policy.ModePlan, config: policy.ModeAuto, want: policy.ModePlan},
		{now: "", confirmed: policy.ModeAuto, config: policy.ModeDefault, want: ""},
		{now: "", confirmed: policy.ModeDefault, config: policy.ModeAuto, want: policy.ModeDefault},
		{now: "", confirmed: policy.ModePlan, config: "", want: policy.ModePlan},
		{now: "", confirmed: policy.ModeDefault, config: "", want: ""},
		{now: policy.ModeBypass, config: policy.ModeDefault, lost: true, want: policy.ModePlan},
		{now: "", config: "", lost: true, want: policy.ModePlan},
	} {
		st := State{Mode: tt.now, Unsealed: true}
		if tt.confirmed != "" {
			st.Confirmed = &State{Mode: tt.confirmed, Trusted: map[string]string{"/p": "h"}}
		}
		if tt.lost {
			st.Lost = "the seal key is gone"
		}
		got := st.Tightened(tt.config)
		if got.Mode != tt.want || got.Trusted != nil {
			t.Errorf("now %q, confirmed %q, config %q, lost %v: mode %q trusted %v, want %q and none",
				tt.now, tt.confirmed, tt.config, tt.lost, got.Mode, got.Trusted, tt.want)
		}
	}
}

// TestStateRemovedOrReplacedKeepsConfirmedMode: a persisted plan mode
// survives the state file's removal or replacement outside permgate; the next
// write through permgate seals it; a person's confirmation drops it.
func TestStateRemovedOrReplacedKeepsConfirmedMode(t *testing.T) {
	for _, spoil := range []struct {
		name   string
		change string
		do     func(p string) error
	}{
		{"removed", "removed", os.Remove},
		{"replaced", "changed", func(p string) error { return os.WriteFile(p, []byte(`{"mode":"bypass"}`), 0o600) }},
		{"emptied of its mode", "changed", func(p string) error { return os.WriteFile(p, []byte(`{}`), 0o600) }},
	} {
		t.Run(spoil.name, func(t *testing.T) {
			store := Store{Dir: t.TempDir(), ConfigMode: policy.ModeDefault}
			if err := store.Update(func(st *State) error { st.Mode = policy.ModePlan; return nil }); err != nil {
				t.Fatal(err)
			}
			if err := spoil.do(store.Path()); err != nil {
				t.Fatal(err)
			}
			st, err := store.Load()
			if err != nil {
				t.Fatal(err)
			}
			if !st.Unsealed || st.Change != spoil.change || st.Confirmed == nil || st.Confirmed.Mode != policy.ModePlan || st.CopyPath == "" {
				t.Fatalf("after the state was %s: %+v", spoil.name, st)
			}
			if m := st.Tightened(policy.ModeDefault).Mode; m != policy.ModePlan {
				t.Errorf("mode that counts = %q, want plan", m)
			}
			if got := st.Loosening(policy.ModeDefault); len(got) == 0 || !strings.Contains(got[0], "instead of plan") {
				t.Errorf("Loosening = %q", got)
			}
			if err := store.Update(func(st *State) error { st.Denials++; return nil }); err != nil {
				t.Fatal(err)
			}
			st, _ = store.Load()
			if st.Unsealed || st.Mode != policy.ModePlan || st.Denials != 1 {
				t.Errorf("after permgate's next write: %+v, want plan, sealed", st)
			}
		})
	}
}

// TestStoreConfirm: a person confirms the state as it is (a removal too);
// a file that changed since it was shown is not confirmed.
func TestStoreConfirm(t *testing.T) {
	store := Store{Dir: t.TempDir(), ConfigMode: policy.ModeDefault}
	if err := store.Update(func(st *State) error { st.Mode = policy.ModePlan; return nil }); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(store.Path(), []byte(`{"mode":"auto"}`), 0o600)
	_, raw, err := store.Raw()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(store.Path(), []byte(`{"mode":"bypass"}`), 0o600)
	if err := store.Confirm(raw, true); err == nil || !strings.Contains(err.Error(), "changed while you were asked") {
		t.Errorf("Confirm of content no longer there: %v", err)
	}
	os.WriteFile(store.Path(), raw, 0o600)
	if err := store.Confirm(raw, true); err != nil {
		t.Fatal(err)
	}
	if st, _ := store.Load(); st.Unsealed || st.Mode != policy.ModeAuto {
		t.Errorf("after Confirm: %+v", st)
	}
	os.Remove(store.Path())
	if err := store.Confirm(nil, false); err != nil {
		t.Fatal(err)
	}
	if st, _ := store.Load(); st.Unsealed || st.Mode != "" || st.Change != "" {
		t.Errorf("after confirming the removal: %+v", st)
	}
}

// TestStateLost: a sealed state whose confirmed content cannot be read back
// (here: the key is gone) counts as plan, whatever the file says.
func TestStateLost(t *testing.T) {
	store := Store{Dir: t.TempDir(), ConfigMode: policy.ModeDefault}
	if err := store.Update(func(st *State) error { st.Mode = policy.ModeAuto; return nil }); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(store.Dir, integrity.KeyFile))
	st, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if st.Lost == "" || !strings.Contains(st.Lost, "seal.key") || st.Tightened(policy.ModeDefault).Mode != policy.ModePlan {
		t.Errorf("state with its key gone: %+v", st)
	}
}

// TestStateOverItsCap: a state file over MaxBytes is an error naming the file
// and the cap, found without reading it (a 150 GB sparse file would exhaust
// memory if it were read); Update refuses too.
func TestStateOverItsCap(t *testing.T) {
	store := Store{Dir: t.TempDir()}
	f, err := os.Create(store.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(150 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = store.Load()
	if err == nil || !strings.Contains(err.Error(), store.Path()) || !strings.Contains(err.Error(), "1048576-byte limit") {
		t.Errorf("Load = %v, want an error naming the file and its cap", err)
	}
	if err := store.Update(func(*State) error { return nil }); err == nil {
		t.Error("Update over a state file over its cap went ahead")
	}
}

// TestUpdateThatCannotSealChangesNothing: when the seal cannot be written,
// the state file is put back as it was, and the error says so.
func TestUpdateThatCannotSealChangesNothing(t *testing.T) {
	store := Store{Dir: t.TempDir(), ConfigMode: policy.ModeDefault}
	if err := store.Update(func(st *State) error { st.Mode = policy.ModePlan; return nil }); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(store.Path())
	integrity.TestOnlyWriteHook = func(p string) error {
		if filepath.Base(p) == integrity.SealFile {
			return syscall.ENOSPC
		}
		return nil
	}
	err := store.Update(func(st *State) error { st.Mode = policy.ModeDefault; return nil })
	integrity.TestOnlyWriteHook = nil
	if err == nil || !strings.Contains(err.Error(), "nothing changed") {
		t.Fatalf("Update = %v", err)
	}
	if after, _ := os.ReadFile(store.Path()); string(after) != string(before) {
		t.Errorf("state now %q, was %q", after, before)
	}
	if st, _ := store.Load(); st.Unsealed || st.Mode != policy.ModePlan {
		t.Errorf("after the failed update: %+v", st)
	}
}
