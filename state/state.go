// Package state is what permgate remembers between runs (the persisted mode,
// the trusted project files, the run of denied asks): one sealed JSON file,
// read under a shared lock and written atomically under an exclusive one.
package state

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/verdict"
)

// MaxBytes bounds state.json: thousands of trusted project files. A larger
// file is an error, found before it is read.
const MaxBytes = integrity.MaxSealed

// State is what permgate remembers between runs: the mode set with
// `permgate mode`, the project config files the user trusts, and how many asks
// in a row were denied.
type State struct {
	Mode verdict.Mode `json:"mode,omitempty"`
	// Trusted maps a project config's absolute path to the hash of the content
	// the user trusted.
	Trusted map[string]string `json:"trusted,omitempty"`
	Denials int               `json:"denials,omitempty"`
	// Unsealed is set when the file does not match the seal permgate keeps for
	// it (changed outside permgate, never sealed, or the key is gone): its mode
	// may then only tighten and its trusted hashes are ignored.
	Unsealed bool `json:"-"`
	// Confirmed is the state permgate last sealed, when the file no longer
	// matches it (Change says how): its persisted mode keeps counting where it
	// is stricter (Tightened).
	Confirmed *State `json:"-"`
	// Change is how the file differs from what permgate last sealed —
	// "removed" or "changed" — or "" when it matches or was never sealed.
	Change string `json:"-"`
	// CopyPath is where the confirmed copy is kept, when Change is set.
	CopyPath string `json:"-"`
	// Lost says why the state permgate sealed cannot be read back ("" when it
	// can): its persisted mode is then unknown, and plan, the strictest mode,
	// stands in for it.
	Lost string `json:"-"`
}

// Tightened returns what of an untrusted state may count: no trusted project
// hashes, and the persisted mode only when it is not looser than the config's.
// With the config's mode unknown (""), only plan, the strictest, is kept. The
// last confirmed state's mode is kept on the same terms where it is the
// stricter one; when that state is lost, plan stands in for it.
func (st State) Tightened(configMode verdict.Mode) State {
	keep := func(m verdict.Mode) bool {
		if configMode == "" {
			return m == verdict.ModePlan
		}
		return !verdict.Looser(m, configMode)
	}
	mode := verdict.Mode("")
	if keep(st.Mode) {
		mode = st.Mode
	}
	if st.Confirmed != nil && keep(st.Confirmed.Mode) && verdict.Looser(mode, st.Confirmed.Mode) {
		mode = st.Confirmed.Mode
	}
	if st.Lost != "" {
		mode = verdict.ModePlan
	}
	st.Mode, st.Trusted = mode, nil
	return st
}

// Loosening says what confirming the state file as it is now would loosen,
// against what of it counts now (Tightened with the config's mode): a
// persisted mode it would change, the project files it would trust again, a
// last confirmed state that is lost. Nothing for a sealed state.
func (st State) Loosening(configMode verdict.Mode) []string {
	if !st.Unsealed {
		return nil
	}
	var out []string
	if st.Lost != "" {
		out = append(out, "the state permgate last confirmed cannot be read back ("+st.Lost+"): what it held is unknown")
	}
	if now := st.Tightened(configMode).Mode; st.Mode != now {
		out = append(out, fmt.Sprintf("persisted mode %s instead of %s", modeName(st.Mode), modeName(now)))
	}
	if n := len(st.Trusted); n > 0 {
		out = append(out, fmt.Sprintf("%d project file(s) trusted again", n))
	}
	return out
}

func modeName(m verdict.Mode) string {
	if m == "" {
		return "none"
	}
	return string(m)
}

// Store reads and writes the state file in a directory. Writes are atomic (temp
// file and rename) and serialised by a lock file, so concurrent permgate
// processes never lose each other's changes.
type Store struct {
	Dir string
	// ConfigMode is the config's mode. When the state file does not match its
	// seal, Update keeps its persisted mode only if that is not looser than
	// ConfigMode, and drops its trusted hashes, before sealing the result.
	ConfigMode verdict.Mode
}

// Seals returns the sealer for the files of this state directory.
func (s Store) Seals() integrity.Sealer { return integrity.Sealer{Dir: s.Dir} }

// Path returns the state file's path.
func (s Store) Path() string { return filepath.Join(s.Dir, "state.json") }

// ReadLock takes the state directory's lock shared, so that what is read under
// it — the state, the user config, their seals — comes from whole writes. When
// the lock cannot be had (no directory yet, a read-only one) it does nothing:
// a read that races a write may then see a file without its seal, which only
// tightens. A lock held by another process past integrity.LockTimeout is an
// error (integrity.ErrLockTimeout): permgate then refuses rather than hang.
func (s Store) ReadLock() (func(), error) {
	if _, err := os.Stat(s.Dir); err != nil {
		return func() {}, nil
	}
	unlock, err := integrity.RLock(filepath.Join(s.Dir, integrity.LockFile))
	if errors.Is(err, integrity.ErrLockTimeout) {
		return nil, fmt.Errorf("read state: %w", err)
	}
	if err != nil {
		return func() {}, nil
	}
	return unlock, nil
}

// Load reads the state; a missing file is an empty state.
func (s Store) Load() (State, error) {
	unlock, err := s.ReadLock()
	if err != nil {
		return State{}, err
	}
	defer unlock()
	return s.LoadLocked()
}

// LoadLocked reads the state for a caller that already holds ReadLock.
func (s Store) LoadLocked() (State, error) { return s.LoadWith(s.Seals().Load()) }

// LoadWith is LoadLocked judging the state against seals already read (under
// the same ReadLock), so that one call reads the seal file and key once.
func (s Store) LoadWith(seals integrity.Seals) (State, error) {
	st, _, err := s.loadWith(seals)
	return st, err
}

// load reads the state without taking the lock, and returns the file's
// bytes too (nil when there is none). A file over MaxBytes, unreadable or
// damaged is an error; one that does not match its seal is Unsealed, with
// what permgate last sealed of it in Confirmed (or why that is lost in Lost).
func (s Store) load() (State, []byte, error) { return s.loadWith(s.Seals().Load()) }

// loadWith is load with the seals already read.
func (s Store) loadWith(seals integrity.Seals) (State, []byte, error) {
	st, data, present, err := s.read()
	if err != nil {
		return st, nil, err
	}
	abs, err := filepath.Abs(s.Path())
	if err != nil {
		return st, data, fmt.Errorf("read state: %w", err)
	}
	st.judgeSeal(seals.Check(abs, data, present), present)
	return st, data, nil
}

// read reads and decodes the state file: its state, its bytes (nil when
// there is none) and whether it is there. A file over MaxBytes, unreadable
// or damaged is an error.
func (s Store) read() (State, []byte, bool, error) {
	var st State
	data, err := integrity.ReadCapped(s.Path(), false, MaxBytes)
	var tooLarge *integrity.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return st, nil, false, fmt.Errorf("state %s is over the %d-byte limit for permgate's state; permgate refuses until it is removed (`rm %s`: the mode permgate last confirmed still counts)", s.Path(), MaxBytes, s.Path())
	case errors.Is(err, fs.ErrNotExist):
		return st, nil, false, nil
	case err != nil:
		return st, nil, false, fmt.Errorf("read state %s: %w", s.Path(), err)
	}
	if err := decode(data, &st); err != nil {
		return st, nil, true, fmt.Errorf("state %s %v; fix or remove it (the mode permgate last confirmed still counts)", s.Path(), err)
	}
	return st, data, true, nil
}

// judgeSeal records in st what the seal check v found of the state file
// (present or not): not sealed, changed or removed since permgate sealed it
// (with the copy it confirmed, or why that is lost), or its seal lost.
func (st *State) judgeSeal(v integrity.Verdict, present bool) {
	switch v.Status {
	case integrity.NotSealed:
		st.Unsealed = present
	case integrity.Changed:
		var conf State
		if err := decode(v.Confirmed, &conf); err != nil {
			st.Lost = fmt.Sprintf("its confirmed copy %s %v", v.CopyPath, err)
		} else {
			st.Confirmed = &conf
		}
		st.Unsealed, st.Change, st.CopyPath = true, change(present), v.CopyPath
	case integrity.Lost:
		st.Unsealed, st.Change, st.CopyPath, st.Lost = true, change(present), v.CopyPath, v.Problem.Error()
	}
}

// change names how a sealed file that no longer matches differs.
func change(present bool) string {
	if present {
		return "changed"
	}
	return "removed"
}

// decode reads a state file's JSON and checks its mode.
func decode(data []byte, st *State) error {
	if err := json.Unmarshal(data, st); err != nil {
		return fmt.Errorf("is damaged (%v)", err)
	}
	if st.Mode != "" {
		if _, err := verdict.ParseMode(string(st.Mode)); err != nil {
			return fmt.Errorf("names %w", err)
		}
	}
	return nil
}

// Update changes the state under the lock: it reads the current state, lets fn
// change it, and writes it back atomically and sealed, all or nothing (see
// integrity.Sealer.WriteSealedLocked). Nothing is written when fn fails. A
// state that does not match its seal keeps only what tightens (Tightened)
// before fn sees it: permgate never seals what someone else wrote.
func (s Store) Update(fn func(*State) error) error {
	unlock, err := s.Seals().LockState()
	if err != nil {
		return err
	}
	defer unlock()
	st, old, err := s.load()
	if err != nil {
		return err
	}
	if st.Unsealed {
		st = st.Tightened(s.ConfigMode)
	}
	st.Unsealed, st.Confirmed, st.Change, st.CopyPath, st.Lost = false, nil, "", "", ""
	if err := fn(&st); err != nil {
		return err
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encode state: %w", err)
	}
	abs, err := filepath.Abs(s.Path())
	if err != nil {
		return fmt.Errorf("seal state: %w", err)
	}
	return s.Seals().WriteSealedLocked(abs, s.Path(), append(data, '\n'), old, 0o600)
}

// Confirm seals the state file as it is now — seen is what the person at the
// terminal was shown (present false: that there is no file) — so that all of
// it counts again; a missing file's seal is forgotten. A file that changed
// since it was shown is an error, and nothing is confirmed.
func (s Store) Confirm(seen []byte, present bool) error {
	unlock, err := s.Seals().LockState()
	if err != nil {
		return err
	}
	defer unlock()
	_, now, err := s.load()
	if err != nil {
		return err
	}
	if (now != nil) != present || !bytes.Equal(now, seen) {
		return fmt.Errorf("%s changed while you were asked; nothing was confirmed", s.Path())
	}
	abs, err := filepath.Abs(s.Path())
	if err != nil {
		return fmt.Errorf("confirm state: %w", err)
	}
	if !present {
		return s.Seals().ForgetLocked(abs)
	}
	return s.Seals().ConfirmLocked(abs, now)
}

// Raw returns the state file's bytes as permgate reads them (nil when there
// is none), with the state they hold, for a person to confirm (Confirm).
func (s Store) Raw() (State, []byte, error) {
	unlock, err := s.ReadLock()
	if err != nil {
		return State{}, nil, err
	}
	defer unlock()
	return s.load()
}

// TrustHash is the hash permgate records for a trusted project config: its
// absolute path and its content, as `direnv allow` does.
func TrustHash(absPath string, content []byte) string {
	h := sha256.New()
	h.Write([]byte(absPath))
	h.Write([]byte{0})
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// IsTrusted reports whether the state trusts this exact content at this path.
func (st State) IsTrusted(absPath string, content []byte) bool {
	want, ok := st.Trusted[absPath]
	return ok && want == TrustHash(absPath, content)
}

// Trust is what config.Load consults in permgate itself: the state's trusted
// project hashes, and the seals of permgate's own files.
type Trust struct {
	State State
	Seals integrity.Seals
}

// IsTrusted reports whether the state trusts this project file's content. An
// unsealed state trusts nothing.
func (t Trust) IsTrusted(absPath string, content []byte) bool {
	return !t.State.Unsealed && t.State.IsTrusted(absPath, content)
}

// SealStatus says what permgate knows of a file it may have sealed (see
// integrity.Seals.Check).
func (t Trust) SealStatus(absPath string, content []byte, present bool) integrity.Verdict {
	return t.Seals.Check(absPath, content, present)
}
