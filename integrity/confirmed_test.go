package integrity

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCheck: what Check says of a sealed file after each thing that can
// happen to it, its seal or its confirmed copy. Whatever makes the confirmed
// content unreadable is Lost, never NotSealed.
func TestCheck(t *testing.T) {
	const p = "/home/u/.config/permgate/config.toml"
	sealed := []byte("[permission]\ndeny = ['bash(prefix:npm publish*)']\n")
	copyOf := func(s Sealer) string {
		files, err := s.readSeals()
		if err != nil {
			t.Fatal(err)
		}
		return s.copyPath(p, files[p])
	}
	for _, tt := range []struct {
		name    string
		spoil   func(t *testing.T, s Sealer)
		content string
		present bool
		want    Status
		problem string
	}{
		{name: "unchanged", content: string(sealed), present: true, want: Sealed},
		{name: "emptied", content: "", present: true, want: Changed},
		{name: "truncated", content: string(sealed[:10]), present: true, want: Changed},
		{name: "removed", present: false, want: Changed},
		{name: "replaced", content: "mode = \"bypass\"\n", present: true, want: Changed},
		{name: "copy removed", content: "", present: true, want: Lost, problem: "no such file",
			spoil: func(t *testing.T, s Sealer) { os.Remove(copyOf(s)) }},
		{name: "copy edited", content: "", present: true, want: Lost, problem: "does not match its seal",
			spoil: func(t *testing.T, s Sealer) { os.WriteFile(copyOf(s), []byte("# nothing\n"), 0o600) }},
		{name: "copy a symlink to the same content", content: "", present: true, want: Lost, problem: "symbolic link",
			spoil: func(t *testing.T, s Sealer) {
				c := copyOf(s)
				os.Rename(c, c+".real")
				os.Symlink(c+".real", c)
			}},
		{name: "copy a FIFO", content: "", present: true, want: Lost, problem: "FIFO",
			spoil: func(t *testing.T, s Sealer) { os.Remove(copyOf(s)); syscall.Mkfifo(copyOf(s), 0o600) }},
		{name: "copy huge", content: "", present: true, want: Lost, problem: "limit",
			spoil: func(t *testing.T, s Sealer) { sparse(t, copyOf(s), 1<<40) }},
		{name: "key removed", present: false, want: Lost, problem: "seal.key",
			spoil: func(t *testing.T, s Sealer) { os.Remove(s.KeyPath()) }},
		{name: "key removed, file unchanged", content: string(sealed), present: true, want: Lost, problem: "seal.key",
			spoil: func(t *testing.T, s Sealer) { os.Remove(s.KeyPath()) }},
		{name: "key huge", present: false, want: Lost, problem: "damaged",
			spoil: func(t *testing.T, s Sealer) { sparse(t, s.KeyPath(), 1<<40) }},
		{name: "seals damaged", content: string(sealed), present: true, want: Lost, problem: "damaged",
			spoil: func(t *testing.T, s Sealer) { os.WriteFile(s.SealPath(), []byte("{"), 0o600) }},
		{name: "seals huge", content: string(sealed), present: true, want: Lost, problem: "limit",
			spoil: func(t *testing.T, s Sealer) { sparse(t, s.SealPath(), 1<<40) }},
		{name: "seals a FIFO", content: string(sealed), present: true, want: Lost, problem: "FIFO",
			spoil: func(t *testing.T, s Sealer) { os.Remove(s.SealPath()); syscall.Mkfifo(s.SealPath(), 0o600) }},
		{name: "seal not hex", content: string(sealed), present: true, want: Lost, problem: "damaged",
			spoil: func(t *testing.T, s Sealer) {
				os.WriteFile(s.SealPath(), []byte(`{"files":{"/home/u/.config/permgate/config.toml":"zz"}}`), 0o600)
			}},
		// The limit the README states: with the seal file gone, permgate no
		// longer knows it sealed anything.
		{name: "seals removed", content: "", present: true, want: NotSealed,
			spoil: func(t *testing.T, s Sealer) { os.Remove(s.SealPath()) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := Sealer{Dir: filepath.Join(t.TempDir(), "state")}
			if err := s.Seal(p, sealed); err != nil {
				t.Fatal(err)
			}
			if tt.spoil != nil {
				tt.spoil(t, s)
			}
			v := s.Load().Check(p, []byte(tt.content), tt.present)
			if v.Status != tt.want {
				t.Fatalf("Check = %v (%v), want %v", v.Status, v.Problem, tt.want)
			}
			if tt.want == Changed && string(v.Confirmed) != string(sealed) {
				t.Errorf("confirmed content = %q, want what was sealed", v.Confirmed)
			}
			if tt.want == Lost && (v.Problem == nil || !strings.Contains(v.Problem.Error(), tt.problem)) {
				t.Errorf("problem = %v, want it to mention %q", v.Problem, tt.problem)
			}
		})
	}
}

// sparse makes path a sparse file of size bytes: huge on paper, costing no
// disk, so that a reader that read it whole would run out of memory.
func sparse(t *testing.T, path string, size int64) {
	t.Helper()
	os.Remove(path)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
}

// TestReadCapped: a file of the cap is read, one byte more is a
// *TooLargeError naming the file and the cap, and a 1 TiB file is refused
// without being read.
func TestReadCapped(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		size    int64
		tooLong bool
	}{{0, false}, {100, false}, {101, true}, {1 << 40, true}} {
		p := filepath.Join(dir, "f")
		sparse(t, p, tt.size)
		data, err := ReadCapped(p, false, 100)
		var tl *TooLargeError
		switch {
		case tt.tooLong && (!errors.As(err, &tl) || tl.Path != p || tl.Max != 100 || !strings.Contains(err.Error(), "100-byte limit")):
			t.Errorf("size %d: %v, want a *TooLargeError for %s at 100 bytes", tt.size, err, p)
		case !tt.tooLong && (err != nil || int64(len(data)) != tt.size):
			t.Errorf("size %d: %d bytes, %v", tt.size, len(data), err)
		}
	}
}

// failWrites makes the atomic writes of the files named in from fail, each
// from its from[name]-th write on, as a full disk would, until the test ends.
func failWrites(t *testing.T, from map[string]int) {
	t.Helper()
	count := map[string]int{}
	TestOnlyWriteHook = func(path string) error {
		base := filepath.Base(path)
		if n, ok := from[base]; ok {
			count[base]++
			if count[base] >= n {
				return syscall.ENOSPC
			}
		}
		return nil
	}
	t.Cleanup(func() { TestOnlyWriteHook = nil })
}

// TestWriteSealedAllOrNothing: a write that cannot be sealed changes
// nothing — the earlier content and its seal stand — and only when putting
// the earlier content back fails too is the file left changed, unsealed,
// with an *UnsealedError that says so; its confirmed content is then still
// the earlier one.
func TestWriteSealedAllOrNothing(t *testing.T) {
	oldContent, newContent := []byte("old\n"), []byte("new\n")
	for _, tt := range []struct {
		name      string
		fail      map[string]int
		fresh     bool // no key yet
		unsealed  bool
		wantFile  string
		wantState Status
	}{
		{name: "no space for the key", fail: map[string]int{KeyFile: 1}, fresh: true, wantFile: "old\n", wantState: NotSealed},
		{name: "no space for the confirmed copy"},
		{name: "no space for the file", fail: map[string]int{"f": 1}, wantFile: "old\n", wantState: Sealed},
		{name: "no space for the seal", fail: map[string]int{SealFile: 1}, wantFile: "old\n", wantState: Sealed},
		{name: "no space for the seal nor to put it back", fail: map[string]int{SealFile: 1, "f": 2}, unsealed: true, wantFile: "new\n", wantState: Changed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := Sealer{Dir: filepath.Join(dir, "state")}
			target := filepath.Join(dir, "f")
			os.MkdirAll(s.Dir, 0o700)
			if err := os.WriteFile(target, oldContent, 0o644); err != nil {
				t.Fatal(err)
			}
			if !tt.fresh {
				if err := s.WriteSealedLocked(target, target, oldContent, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.name == "no space for the confirmed copy" {
				// The copy's name depends on the key: fail every write into confirmed/.
				TestOnlyWriteHook = func(path string) error {
					if filepath.Base(filepath.Dir(path)) == ConfirmedDir {
						return syscall.ENOSPC
					}
					return nil
				}
				t.Cleanup(func() { TestOnlyWriteHook = nil })
				tt.wantFile, tt.wantState = "old\n", Sealed
			} else {
				failWrites(t, tt.fail)
			}
			err := s.WriteSealedLocked(target, target, newContent, oldContent, 0o644)
			TestOnlyWriteHook = nil
			var ue *UnsealedError
			if err == nil || errors.As(err, &ue) != tt.unsealed || !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("err = %v; want an ENOSPC error, unsealed %v", err, tt.unsealed)
			}
			if !tt.unsealed && !strings.Contains(err.Error(), "unchanged") && !strings.Contains(err.Error(), "nothing changed") {
				t.Errorf("err = %v: it must say nothing changed", err)
			}
			if got, _ := os.ReadFile(target); string(got) != tt.wantFile {
				t.Errorf("file holds %q, want %q", got, tt.wantFile)
			}
			v := s.Load().Check(target, []byte(tt.wantFile), true)
			if v.Status != tt.wantState {
				t.Errorf("status %v (%v), want %v", v.Status, v.Problem, tt.wantState)
			}
			if tt.wantState == Changed && string(v.Confirmed) != string(oldContent) {
				t.Errorf("confirmed %q, want the earlier content", v.Confirmed)
			}
		})
	}
}

// TestOneCopyPerSeal: each seal keeps exactly one confirmed copy; the copies of
// earlier seals and leftovers of writes cut short are removed by the next
// seal, and a forgotten file leaves none.
func TestOneCopyPerSeal(t *testing.T) {
	s := Sealer{Dir: t.TempDir()}
	for _, c := range []string{"1", "2", "3"} {
		if err := s.Seal("/a/config.toml", []byte(c)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Seal("/b/state.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.Dir, ConfirmedDir)
	os.WriteFile(filepath.Join(dir, "config.toml.0123"), []byte("orphan"), 0o600)
	if err := s.Seal("/a/config.toml", []byte("4")); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		entries, _ := os.ReadDir(dir)
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	if got := names(); len(got) != 2 || !strings.HasPrefix(got[0], "config.toml.") || !strings.HasPrefix(got[1], "state.json.") {
		t.Errorf("confirmed/ holds %q, want one copy of each sealed file", got)
	}
	if v := s.Load().Check("/a/config.toml", nil, false); v.Status != Changed || string(v.Confirmed) != "4" {
		t.Errorf("after the last seal: %v %q", v.Status, v.Confirmed)
	}
	if err := s.Forget("/a/config.toml"); err != nil {
		t.Fatal(err)
	}
	if got := names(); len(got) != 1 || !strings.HasPrefix(got[0], "state.json.") {
		t.Errorf("after Forget confirmed/ holds %q", got)
	}
	if v := s.Load().Check("/a/config.toml", nil, false); v.Status != NotSealed {
		t.Errorf("a forgotten file is %v", v.Status)
	}
}

// TestDamagedSealsAreReplacedOnlyByAConfirmation: an ordinary seal refuses
// to write over seals it cannot read (that would forget the other files'
// confirmed content); a person's confirmation replaces them.
func TestDamagedSealsAreReplacedOnlyByAConfirmation(t *testing.T) {
	s := Sealer{Dir: t.TempDir()}
	if err := s.Seal("/a", []byte("1")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(s.SealPath(), []byte("{damaged"), 0o600)
	if err := s.Seal("/b", []byte("2")); err == nil || !strings.Contains(err.Error(), "permgate trust --user") {
		t.Errorf("Seal over damaged seals: %v", err)
	}
	if err := s.WriteSealedLocked("/b", filepath.Join(s.Dir, "b"), []byte("2"), nil, 0o600); err == nil {
		t.Error("WriteSealedLocked over damaged seals went ahead")
	}
	if _, err := os.Stat(filepath.Join(s.Dir, "b")); !os.IsNotExist(err) {
		t.Error("the file was written though its seal could not be")
	}
	if err := s.Confirm("/b", []byte("2")); err != nil {
		t.Fatal(err)
	}
	if !s.Verify("/b", []byte("2")) {
		t.Error("a confirmed file does not verify")
	}
	if v := s.Load().Check("/a", []byte("1"), true); v.Status != NotSealed {
		t.Errorf("the damaged seals' file is %v after they were replaced", v.Status)
	}
}
