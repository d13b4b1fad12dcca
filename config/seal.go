package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/permgate/permgate/integrity"
)

// SealChecker says whether a file permgate wrote itself is unchanged since: its
// content matches the seal permgate recorded (package integrity). Load
// asks it about the user config when the TrustChecker it is given is also a
// SealChecker; a user config that fails the check may then only tighten.
type SealChecker interface {
	IsSealed(absPath string, content []byte) bool
}

// SealRecorder says whether permgate ever sealed a file, whatever its content
// now: a sealed file that is gone or changed is worth a warning.
type SealRecorder interface {
	HasSeal(absPath string) bool
}

// UserConfigSealed reports whether the user config at path matches its seal. A
// missing or empty file has nothing to loosen and counts as sealed.
func UserConfigSealed(seals integrity.Sealer, path string) bool {
	data, err := readConfigFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	if len(data) == 0 {
		return true
	}
	abs, err := filepath.Abs(path)
	return err == nil && seals.Verify(abs, data)
}

// SealUserConfig confirms the user config's content: when the file still holds
// exactly content (what the person was shown), it is sealed, so that all of it
// applies.
func SealUserConfig(seals integrity.Sealer, path string, content []byte) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", path, err)
	}
	if _, err := Loosening(abs, content); err != nil {
		return err
	}
	unlock, err := integrity.Lock(abs + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	now, err := readConfigFile(abs)
	if err != nil {
		return fmt.Errorf("read %s: %w", abs, err)
	}
	if !bytes.Equal(now, content) {
		return fmt.Errorf("%s changed while you were asked; nothing was confirmed", abs)
	}
	return seals.Seal(abs, content)
}
