package integrity

import (
	"crypto/hmac"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Status is what permgate knows of a file it may have sealed.
type Status int

// The statuses Check tells apart.
const (
	// NotSealed: permgate holds no seal for the file (it never sealed it, a
	// person confirmed its removal, or the seals were deleted).
	NotSealed Status = iota
	// Sealed: the file is what permgate last sealed.
	Sealed
	// Changed: the file differs from what permgate last sealed, or is gone,
	// and that last confirmed content is known (Verdict.Confirmed).
	Changed
	// Lost: permgate sealed the file, but its last confirmed content cannot
	// be read back (the key, the seal file or the confirmed copy is missing,
	// damaged or does not match): what the file held is unknown.
	Lost
)

// String names the status.
func (st Status) String() string {
	switch st {
	case NotSealed:
		return "not sealed"
	case Sealed:
		return "sealed"
	case Changed:
		return "changed"
	case Lost:
		return "lost"
	}
	return fmt.Sprintf("Status(%d)", int(st))
}

// Verdict is Check's answer for one file.
type Verdict struct {
	Status Status
	// Confirmed is the file's last confirmed content (Changed).
	Confirmed []byte
	// CopyPath is where the confirmed copy is kept (Changed, and Lost when
	// the seal is known).
	CopyPath string
	// Problem says why the confirmed content is lost (Lost).
	Problem error
}

// Seals is what the state directory says about sealed files, read once: the
// seal file and, when it records any seal, the key.
type Seals struct {
	s      Sealer
	files  map[string]string
	err    error // the seal file cannot be read
	key    []byte
	keyErr error
}

// Load reads the seal file and the key (each within its cap). Reading
// errors are kept in the result: Check turns them into Lost.
func (s Sealer) Load() Seals {
	ss := Seals{s: s}
	ss.files, ss.err = s.readSeals()
	if ss.err == nil && len(ss.files) > 0 {
		ss.key, ss.keyErr = s.readKey()
	}
	return ss
}

// Check says whether content (present false: the file is missing) is what
// permgate last sealed for absPath and, when not, what that was: the
// confirmed copy is read (within MaxSealed) only then, and must match the
// seal. Every failure to read back the confirmed content of a sealed file is
// Lost, never NotSealed.
func (ss Seals) Check(absPath string, content []byte, present bool) Verdict {
	if ss.err != nil {
		return Verdict{Status: Lost, Problem: ss.err}
	}
	rec := ss.files[absPath]
	if rec == "" {
		return Verdict{Status: NotSealed}
	}
	want, err := hex.DecodeString(rec)
	if err != nil || len(want) != keySize {
		return Verdict{Status: Lost, Problem: fmt.Errorf("its seal in %s is damaged", ss.s.SealPath())}
	}
	copyPath := ss.s.copyPath(absPath, rec)
	if ss.keyErr != nil {
		return Verdict{Status: Lost, CopyPath: copyPath, Problem: ss.keyErr}
	}
	if present && hmac.Equal(want, mac(ss.key, absPath, content)) {
		return Verdict{Status: Sealed}
	}
	data, err := ReadCapped(copyPath, false, MaxSealed)
	if err != nil {
		return Verdict{Status: Lost, CopyPath: copyPath, Problem: fmt.Errorf("its confirmed copy: %w", unwrapPath(err, copyPath))}
	}
	if !hmac.Equal(want, mac(ss.key, absPath, data)) {
		return Verdict{Status: Lost, CopyPath: copyPath, Problem: fmt.Errorf("its confirmed copy %s does not match its seal", copyPath)}
	}
	return Verdict{Status: Changed, Confirmed: data, CopyPath: copyPath}
}

// unwrapPath keeps an error's message naming path once: a *PathError for
// the same file is spelled out with the path.
func unwrapPath(err error, path string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	return err
}

// copyPath is where the confirmed copy of absPath's content under this seal
// is kept: the file's name (its safe characters) and the seal's first 32
// hex digits, so that a new seal never overwrites the copy the current seal
// names.
func (s Sealer) copyPath(absPath, seal string) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, filepath.Base(absPath))
	if len(name) > 64 {
		name = name[:64]
	}
	if len(seal) > 32 {
		seal = seal[:32]
	}
	return filepath.Join(s.Dir, ConfirmedDir, strings.TrimLeft(name, ".")+"."+seal)
}

// prune removes what confirmed/ holds beyond the copies the seals name: the
// copies of earlier seals, and those a write cut short left. It looks at
// maxStaleScan entries at most; what it cannot remove stays, harmlessly.
func (s Sealer) prune(files map[string]string) {
	keep := map[string]bool{}
	for abs, seal := range files {
		keep[filepath.Base(s.copyPath(abs, seal))] = true
	}
	dir := filepath.Join(s.Dir, ConfirmedDir)
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	names, _ := d.Readdirnames(maxStaleScan)
	for _, n := range names {
		if !keep[n] {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// UnsealedError is the error of a write that changed a file but could not
// seal it, nor put its earlier content back: the file holds the new content,
// unsealed, so that only its tightening parts apply until a person confirms it.
type UnsealedError struct {
	Path    string
	Seal    error
	Restore error
}

// Error says what happened to the file, and why.
func (e *UnsealedError) Error() string {
	return fmt.Sprintf("%s was written, but sealing it failed (%v) and putting back its earlier content failed too (%v)", e.Path, e.Seal, e.Restore)
}

// Unwrap returns the sealing error.
func (e *UnsealedError) Unwrap() error { return e.Seal }

// WriteSealedLocked replaces target (the file absPath names, its links
// resolved) with content and seals it under absPath, all or nothing as far
// as a failing disk allows: the key and the confirmed copy are written before
// the file, so that their failure changes nothing; when the seal itself
// cannot be written, the earlier content (old, nil when there was no file)
// is put back. Only when that fails too is the file left changed and
// unsealed: the error is then an *UnsealedError. The caller holds the state
// lock.
func (s Sealer) WriteSealedLocked(absPath, target string, content, old []byte, perm os.FileMode) error {
	files, err := s.readSeals()
	if err != nil {
		return fmt.Errorf("%w (a person replaces them by confirming the user config with `permgate trust --user` at a terminal); %s is unchanged", err, target)
	}
	seal, err := s.prepare(absPath, content)
	if err != nil {
		return fmt.Errorf("%w; %s is unchanged", err, target)
	}
	if err := WriteAtomic(target, content, perm); err != nil {
		return fmt.Errorf("%w; it is unchanged", err)
	}
	files[absPath] = seal
	if err := s.writeSeals(files); err != nil {
		if rerr := restore(target, old, perm); rerr != nil {
			return &UnsealedError{Path: target, Seal: err, Restore: rerr}
		}
		return fmt.Errorf("seal %s: %w; its earlier content was put back, so nothing changed", target, err)
	}
	s.prune(files)
	return nil
}

// restore puts a file's earlier content back (old nil: the file did not
// exist, and is removed).
func restore(target string, old []byte, perm os.FileMode) error {
	if old == nil {
		if err := os.Remove(target); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	return WriteAtomic(target, old, perm)
}
