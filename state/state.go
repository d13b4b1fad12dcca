// Package state is what permgate remembers between runs (the persisted mode,
// the trusted project files, the run of denied asks): one sealed JSON file,
// read under a shared lock and written atomically under an exclusive one.
package state

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
)

// State is what permgate remembers between runs: the mode set with
// `permgate mode`, the project config files the user trusts, and how many asks
// in a row were denied.
type State struct {
	Mode policy.Mode `json:"mode,omitempty"`
	// Trusted maps a project config's absolute path to the hash of the content
	// the user trusted.
	Trusted map[string]string `json:"trusted,omitempty"`
	Denials int               `json:"denials,omitempty"`
	// Unsealed is set when the file does not match the seal permgate keeps for
	// it (changed outside permgate, never sealed, or the key is gone): its mode
	// may then only tighten and its trusted hashes are ignored.
	Unsealed bool `json:"-"`
}

// Tightened returns what of an untrusted state may count: no trusted project
// hashes, and the persisted mode only when it is not looser than the config's.
// With the config's mode unknown (""), only plan, the strictest, is kept.
func (st State) Tightened(configMode policy.Mode) State {
	st.Trusted = nil
	if configMode == "" && st.Mode != policy.ModePlan || configMode != "" && policy.Looser(st.Mode, configMode) {
		st.Mode = ""
	}
	return st
}

// Store reads and writes the state file in a directory. Writes are atomic (temp
// file and rename) and serialised by a lock file, so concurrent permgate
// processes never lose each other's changes.
type Store struct {
	Dir string
	// ConfigMode is the config's mode. When the state file does not match its
	// seal, Update keeps its persisted mode only if that is not looser than
	// ConfigMode, and drops its trusted hashes, before sealing the result.
	ConfigMode policy.Mode
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
	return s.load()
}

// LoadLocked reads the state for a caller that already holds ReadLock.
func (s Store) LoadLocked() (State, error) { return s.load() }

// load reads the state without taking the lock.
func (s Store) load() (State, error) {
	var st State
	data, err := integrity.ReadRegular(s.Path(), false)
	if errors.Is(err, fs.ErrNotExist) {
		// Nothing to trust; a seal left for a vanished file is worth a warning.
		if abs, aerr := filepath.Abs(s.Path()); aerr == nil && s.Seals().Sealed(abs) {
			st.Unsealed = true
		}
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("read state %s: %w", s.Path(), err)
	}
	abs, err := filepath.Abs(s.Path())
	if err != nil || !s.Seals().Verify(abs, data) {
		st.Unsealed = true
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return st, fmt.Errorf("state %s is damaged (%v); fix or remove it", s.Path(), err)
	}
	if st.Mode != "" {
		if _, err := policy.ParseMode(string(st.Mode)); err != nil {
			return st, fmt.Errorf("state %s: %w", s.Path(), err)
		}
	}
	return st, nil
}

// Update changes the state under the lock: it reads the current state, lets fn
// change it, and writes it back atomically. Nothing is written when fn fails.
func (s Store) Update(fn func(*State) error) error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("create state directory %s: %w", s.Dir, err)
	}
	unlock, err := integrity.Lock(filepath.Join(s.Dir, integrity.LockFile))
	if err != nil {
		return err
	}
	defer unlock()
	st, err := s.load()
	if err != nil {
		return err
	}
	if st.Unsealed {
		// Never seal what someone else wrote: keep only what tightens.
		st = st.Tightened(s.ConfigMode)
		st.Unsealed = false
	}
	if err := fn(&st); err != nil {
		return err
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encode state: %w", err)
	}
	data = append(data, '\n')
	if err := integrity.WriteAtomic(s.Path(), data, 0o600); err != nil {
		return err
	}
	abs, err := filepath.Abs(s.Path())
	if err != nil {
		return fmt.Errorf("seal state: %w", err)
	}
	return s.Seals().SealLocked(abs, data)
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
	Seals integrity.Sealer
}

// IsTrusted reports whether the state trusts this project file's content. An
// unsealed state trusts nothing.
func (t Trust) IsTrusted(absPath string, content []byte) bool {
	return !t.State.Unsealed && t.State.IsTrusted(absPath, content)
}

// IsSealed reports whether content is what permgate last wrote to absPath.
func (t Trust) IsSealed(absPath string, content []byte) bool {
	return t.Seals.Verify(absPath, content)
}

// HasSeal reports whether permgate ever sealed absPath.
func (t Trust) HasSeal(absPath string) bool { return t.Seals.Sealed(absPath) }
