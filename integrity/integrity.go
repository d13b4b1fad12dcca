// Package integrity seals permgate's own files — the user config and the state
// file — so that a change made behind permgate's back is noticed. The seal is an
// HMAC-SHA256 of each file's absolute path and content under a random key kept in
// the state directory (seal.key, mode 0600). Only permgate's own writes, which
// hold the state lock, re-seal; a file whose content does not match its seal (or
// that was never sealed, or whose key is gone) is not trusted, and permgate then
// lets it only tighten the policy.
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
	// LockFile is the state directory's lock, shared with the state file's writer.
	LockFile = "state.lock"
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
	key, err := ReadRegular(s.KeyPath(), false)
	if err != nil {
		return nil, fmt.Errorf("read seal key: %w", err)
	}
	if len(key) != keySize {
		return nil, fmt.Errorf("seal key %s is damaged (%d bytes, want %d)", s.KeyPath(), len(key), keySize)
	}
	return key, nil
}

// readSeals returns the recorded seals; a missing file is none.
func (s Sealer) readSeals() (map[string]string, error) {
	data, err := ReadRegular(s.SealPath(), false)
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

// Verify reports whether content is what permgate last sealed for absPath. Every
// failure — no key, a damaged key, no seal, a damaged seal file, a mismatch — is
// false: the file is then not trusted.
func (s Sealer) Verify(absPath string, content []byte) bool {
	key, err := s.readKey()
	if err != nil {
		return false
	}
	seals, err := s.readSeals()
	if err != nil {
		return false
	}
	want, err := hex.DecodeString(seals[absPath])
	if err != nil || len(want) == 0 {
		return false
	}
	return hmac.Equal(want, mac(key, absPath, content))
}

// Sealed reports whether absPath has a seal recorded at all (its content may
// still not match).
func (s Sealer) Sealed(absPath string) bool {
	seals, err := s.readSeals()
	return err == nil && seals[absPath] != ""
}

// Seal takes the state lock and records content as the trusted content of
// absPath.
func (s Sealer) Seal(absPath string, content []byte) error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("create state directory %s: %w", s.Dir, err)
	}
	unlock, err := Lock(filepath.Join(s.Dir, LockFile))
	if err != nil {
		return err
	}
	defer unlock()
	return s.SealLocked(absPath, content)
}

// SealLocked is Seal for a caller that already holds the state lock. The key is
// created (32 random bytes, 0600) on the first seal.
func (s Sealer) SealLocked(absPath string, content []byte) error {
	if !filepath.IsAbs(absPath) {
		return fmt.Errorf("seal %s: the path must be absolute", absPath)
	}
	key, err := s.ensureKey()
	if err != nil {
		return err
	}
	seals, err := s.readSeals()
	if err != nil {
		seals = map[string]string{} // a damaged seal file is replaced
	}
	seals[absPath] = hex.EncodeToString(mac(key, absPath, content))
	data, err := json.MarshalIndent(sealFile{Version: 1, Files: seals}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode seals: %w", err)
	}
	return WriteAtomic(s.SealPath(), append(data, '\n'), 0o600)
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

// WriteAtomic writes data to a temporary file beside path, syncs it, and renames
// it over path, so readers see the old content or the new, never a part.
func WriteAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := tmp.Name()
	defer os.Remove(name)
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Chmod(perm)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("write %s: %w", path, werr)
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
