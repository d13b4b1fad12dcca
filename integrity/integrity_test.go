package integrity

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSealAndVerify(t *testing.T) {
	s := Sealer{Dir: filepath.Join(t.TempDir(), "state")}
	const p = "/home/u/.config/permgate/config.toml"
	content := []byte("mode = \"auto\"\n")
	if s.Verify(p, content) {
		t.Fatal("verified before any seal")
	}
	if err := s.Seal(p, content); err != nil {
		t.Fatal(err)
	}
	if !s.Verify(p, content) {
		t.Fatal("the sealed content does not verify")
	}
	if s.Verify(p, []byte("mode = \"bypass\"\n")) {
		t.Error("changed content verifies")
	}
	if s.Verify("/other/config.toml", content) {
		t.Error("the same content at another path verifies")
	}
	info, err := os.Stat(s.KeyPath())
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 || info.Size() != keySize {
		t.Errorf("key file mode %v size %d, want 0600 and %d bytes", info.Mode().Perm(), info.Size(), keySize)
	}
	if info, err := os.Stat(s.SealPath()); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("seal file: %v %v", info, err)
	}
}

func TestEveryFailureIsUntrusted(t *testing.T) {
	const p = "/x/config.toml"
	content := []byte("a")
	for name, spoil := range map[string]func(s Sealer){
		"key deleted":         func(s Sealer) { os.Remove(s.KeyPath()) },
		"key damaged":         func(s Sealer) { os.WriteFile(s.KeyPath(), []byte("short"), 0o600) },
		"key replaced":        func(s Sealer) { os.WriteFile(s.KeyPath(), make([]byte, keySize), 0o600) },
		"seals deleted":       func(s Sealer) { os.Remove(s.SealPath()) },
		"seals damaged":       func(s Sealer) { os.WriteFile(s.SealPath(), []byte("{"), 0o600) },
		"seal not hex":        func(s Sealer) { os.WriteFile(s.SealPath(), []byte(`{"files":{"/x/config.toml":"zz"}}`), 0o600) },
		"seal of other bytes": func(s Sealer) { os.WriteFile(s.SealPath(), []byte(`{"files":{"/x/config.toml":"00ff"}}`), 0o600) },
	} {
		t.Run(name, func(t *testing.T) {
			s := Sealer{Dir: t.TempDir()}
			if err := s.Seal(p, content); err != nil {
				t.Fatal(err)
			}
			spoil(s)
			if s.Verify(p, content) {
				t.Error("still verifies")
			}
		})
	}
}

func TestResealAfterKeyLossMakesNewKey(t *testing.T) {
	s := Sealer{Dir: t.TempDir()}
	if err := s.Seal("/a", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if err := s.Seal("/b", []byte("2")); err != nil {
		t.Fatal(err)
	}
	os.Remove(s.KeyPath())
	if err := s.Seal("/a", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if !s.Verify("/a", []byte("1")) {
		t.Error("a file sealed under the new key does not verify")
	}
	if s.Verify("/b", []byte("2")) {
		t.Error("a seal made under the lost key still verifies")
	}
	if st := s.Load().Check("/b", []byte("2"), true).Status; st != Lost {
		t.Errorf("a file sealed under the lost key is %v, want Lost: its confirmed copy cannot be verified", st)
	}
	if st := s.Load().Check("/c", nil, false).Status; st != NotSealed {
		t.Errorf("a file never sealed is %v", st)
	}
}

func TestSealNeedsAbsolutePath(t *testing.T) {
	s := Sealer{Dir: t.TempDir()}
	if err := s.Seal("rel/config.toml", nil); err == nil {
		t.Error("a relative path was sealed")
	}
}
