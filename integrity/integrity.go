// Package integrity seals permgate's own files — the user config and the state
// file — so that a change made behind permgate's back is noticed and does not
// lose what was confirmed. The seal is an HMAC-SHA256 of each file's absolute
// path and content under a random key kept in the state directory (seal.key,
// mode 0600); beside it, confirmed/ keeps a copy of the content each seal is
// of, the file's last confirmed content. Only permgate's own writes, which
// hold the state lock, re-seal. A file whose content does not match its seal
// is not trusted: permgate lets it only tighten the policy, and keeps
// applying what tightened in its confirmed copy (Check says which case a file
// is in).
package integrity

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// File names inside the state directory.
const (
	KeyFile  = "seal.key"
	SealFile = "seal.json"
	// ConfirmedDir holds the confirmed copies, one per seal.
	ConfirmedDir = "confirmed"
	// LockFile is the state directory's lock, shared with the state file's writer.
	LockFile = "state.lock"
)

// Size caps of what the seal reads.
const (
	// MaxSealed is the largest content permgate seals (and so the largest
	// confirmed copy it reads back): the config's cap, and the state's.
	MaxSealed = 1 << 20
	// MaxSealFile bounds seal.json: thousands of seals.
	MaxSealFile = 1 << 20
)

// keySize is the length of the key in bytes.
const keySize = 32

// domain separates permgate's seals from any other use of the key.
const domain = "permgate-seal-v1\x00"

// Sealer seals files with the key in Dir (the permgate state directory).
type Sealer struct {
	Dir string
}

// KeyPath is the key file's path: a secret; reading it lets one forge seals.
func (s Sealer) KeyPath() string { return filepath.Join(s.Dir, KeyFile) }

// SealPath is the path of the file holding the seals.
func (s Sealer) SealPath() string { return filepath.Join(s.Dir, SealFile) }

// lockPath is the state directory's lock.
func (s Sealer) lockPath() string { return filepath.Join(s.Dir, LockFile) }

// sealFile is seal.json's shape.
type sealFile struct {
	Version int               `json:"version"`
	Files   map[string]string `json:"files"`
}

// mac computes the seal of one file's absolute path and content.
func mac(key []byte, absPath string, content []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(domain))
	h.Write([]byte(absPath))
	h.Write([]byte{0})
	h.Write(content)
	return h.Sum(nil)
}

// readKey returns the key, or an error when it is missing or malformed.
func (s Sealer) readKey() ([]byte, error) {
	key, err := ReadCapped(s.KeyPath(), false, keySize)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return nil, fmt.Errorf("seal key %s is damaged (over %d bytes)", s.KeyPath(), keySize)
	}
	if err != nil {
		return nil, fmt.Errorf("read seal key: %w", err)
	}
	if len(key) != keySize {
		return nil, fmt.Errorf("seal key %s is damaged (%d bytes, want %d)", s.KeyPath(), len(key), keySize)
	}
	return key, nil
}

// readSeals returns the recorded seals; a missing file is none. A seal file
// that cannot be read whole — damaged, over MaxSealFile, not a regular file —
// is an error: what it recorded is then unknown.
func (s Sealer) readSeals() (map[string]string, error) {
	data, err := ReadCapped(s.SealPath(), false, MaxSealFile)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read seals: %w", err)
	}
	var sf sealFile
	if err := json.Unmarshal(data, &sf); err != nil {
		return nil, fmt.Errorf("seals %s are damaged: %w", s.SealPath(), err)
	}
	if sf.Files == nil {
		sf.Files = map[string]string{}
	}
	return sf.Files, nil
}

// writeSeals replaces seal.json with these seals.
func (s Sealer) writeSeals(files map[string]string) error {
	data, err := json.MarshalIndent(sealFile{Version: 1, Files: files}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode seals: %w", err)
	}
	if len(data) >= MaxSealFile {
		return fmt.Errorf("seal %d files: %s would be over its %d-byte limit", len(files), s.SealPath(), MaxSealFile)
	}
	return WriteAtomic(s.SealPath(), append(data, '\n'), 0o600)
}

// Verify reports whether content is what permgate last sealed for absPath. Every
// failure — no key, a damaged key, no seal, a damaged seal file, a mismatch — is
// false: the file is then not trusted.
func (s Sealer) Verify(absPath string, content []byte) bool {
	return s.Load().Check(absPath, content, true).Status == Sealed
}

// Seal takes the state lock and records content as the confirmed content of
// absPath.
func (s Sealer) Seal(absPath string, content []byte) error {
	unlock, err := s.LockState()
	if err != nil {
		return err
	}
	defer unlock()
	return s.SealLocked(absPath, content)
}

// Confirm is Seal for content a person confirmed at a terminal: a seal file
// that cannot be read is replaced (every other file's seal and confirmed copy
// is then forgotten, which the person was told), where Seal refuses.
func (s Sealer) Confirm(absPath string, content []byte) error {
	unlock, err := s.LockState()
	if err != nil {
		return err
	}
	defer unlock()
	return s.ConfirmLocked(absPath, content)
}

// ConfirmLocked is Confirm for a caller that already holds the state lock.
func (s Sealer) ConfirmLocked(absPath string, content []byte) error {
	files, err := s.readSeals()
	if err != nil {
		files = map[string]string{}
	}
	return s.sealInto(files, absPath, content)
}

// Forget takes the state lock and removes absPath's seal and confirmed copy:
// a person confirmed at a terminal that the file is gone. A seal file that
// cannot be read is replaced, as by Confirm.
func (s Sealer) Forget(absPath string) error {
	unlock, err := s.LockState()
	if err != nil {
		return err
	}
	defer unlock()
	return s.ForgetLocked(absPath)
}

// ForgetLocked is Forget for a caller that already holds the state lock.
func (s Sealer) ForgetLocked(absPath string) error {
	files, err := s.readSeals()
	if err != nil {
		files = map[string]string{}
	}
	delete(files, absPath)
	if err := s.writeSeals(files); err != nil {
		return err
	}
	s.prune(files)
	return nil
}

// LockState creates the state directory when needed and takes its lock:
// the state file and every seal change under it.
func (s Sealer) LockState() (func(), error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("create state directory %s: %w", s.Dir, err)
	}
	return Lock(s.lockPath())
}

// SealLocked is Seal for a caller that already holds the state lock. The key
// is created (32 random bytes, 0600) on the first seal. The confirmed copy is
// written before the seal that names it, so that a write cut short leaves the
// earlier seal and its copy as they were. A seal file that cannot be read is
// an error: replacing it would forget what it recorded of other files.
func (s Sealer) SealLocked(absPath string, content []byte) error {
	files, err := s.readSeals()
	if err != nil {
		return fmt.Errorf("%w (a person replaces them by confirming the user config with `permgate trust --user` at a terminal)", err)
	}
	return s.sealInto(files, absPath, content)
}

// sealInto seals content into files and writes them.
func (s Sealer) sealInto(files map[string]string, absPath string, content []byte) error {
	seal, err := s.prepare(absPath, content)
	if err != nil {
		return err
	}
	files[absPath] = seal
	if err := s.writeSeals(files); err != nil {
		return err
	}
	s.prune(files)
	return nil
}

// prepare makes sure there is a key, writes the confirmed copy of content,
// and returns its seal (hex), to be recorded in seal.json.
func (s Sealer) prepare(absPath string, content []byte) (string, error) {
	if !filepath.IsAbs(absPath) {
		return "", fmt.Errorf("seal %s: the path must be absolute", absPath)
	}
	if len(content) > MaxSealed {
		return "", fmt.Errorf("seal %s: %d bytes, over the %d-byte limit of what permgate seals", absPath, len(content), MaxSealed)
	}
	key, err := s.ensureKey()
	if err != nil {
		return "", err
	}
	seal := hex.EncodeToString(mac(key, absPath, content))
	if err := os.MkdirAll(filepath.Join(s.Dir, ConfirmedDir), 0o700); err != nil {
		return "", fmt.Errorf("keep the confirmed copy of %s: %w", absPath, err)
	}
	if err := WriteAtomic(s.copyPath(absPath, seal), content, 0o600); err != nil {
		return "", fmt.Errorf("keep the confirmed copy of %s: %w", absPath, err)
	}
	return seal, nil
}

// ensureKey returns the key, making a new one when there is none. A damaged
// key is replaced: every earlier seal then fails, which only tightens.
func (s Sealer) ensureKey() ([]byte, error) {
	if key, err := s.readKey(); err == nil {
		return key, nil
	}
	key := make([]byte, keySize)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("make seal key: %w", err)
	}
	if err := WriteAtomic(s.KeyPath(), key, 0o600); err != nil {
		return nil, fmt.Errorf("make seal key: %w", err)
	}
	return key, nil
}

// Lock takes an exclusive lock on path (created if needed) and returns the
// function that releases it; it fails after LockTimeout (see LockFor).
func Lock(path string) (func(), error) { return LockFor(path, true) }

// RLock takes a shared lock on path (created if needed): readers that hold it
// see a file and its seal from the same write. It fails after LockTimeout.
func RLock(path string) (func(), error) { return LockFor(path, false) }
