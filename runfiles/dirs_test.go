package runfiles

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// names are the names of entries.
func names(entries []fs.DirEntry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestMapDirs(t *testing.T) {
	d := MapDirs{Files: Map{"/p/b/x": "", "/p/a": "", "/p/b/c/y": "", "/q": ""}, Links: []string{"/p/l"}}
	entries, err := d.List("/p")
	if err != nil {
		t.Fatal(err)
	}
	if got := names(entries); !slices.Equal(got, []string{"a", "b", "l"}) {
		t.Errorf("List(/p) = %q", got)
	}
	if entries[0].IsDir() || !entries[1].IsDir() || entries[2].Type()&fs.ModeSymlink == 0 {
		t.Errorf("List(/p) types wrong: %v %v %v", entries[0].Type(), entries[1].Type(), entries[2].Type())
	}
	if _, err := d.List("/nowhere"); !Missing(err) {
		t.Errorf("List(/nowhere) error = %v, want missing", err)
	}
}

func TestOSDirs(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/conftest.py", "b/c.txt", "conftest.py", "pytest.ini"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("[pytest]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	entries, err := OSDirs{}.List(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(entries); !slices.Equal(got, []string{"a", "b", "conftest.py", "link", "pytest.ini"}) {
		t.Errorf("List = %q", got)
	}
	if _, err := (OSDirs{Limit: 2}).List(root); !errors.Is(err, ErrTooLarge) {
		t.Errorf("List past the bound: %v, want ErrTooLarge", err)
	}
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if entries, err := (OSDirs{}).List(empty); err != nil || len(entries) != 0 {
		t.Errorf("List(empty directory) = %q, %v; want none and no error", names(entries), err)
	}
	if _, err := (OSDirs{}).List("/proc"); !errors.Is(err, ErrNotRegular) {
		t.Errorf("List(/proc): %v, want ErrNotRegular", err)
	}
	found, dyn := Conftests(OS{}, OSDirs{}, root, nil)
	want := []string{filepath.Join(root, "conftest.py"), filepath.Join(root, "a", "conftest.py")}
	checkFound(t, found, dyn, want, "link")
}

func TestGitHooksOS(t *testing.T) {
	root := t.TempDir()
	write := func(p, text string) {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write(".git/config", "[core]\n\thooksPath = .husky\n")
	write(".husky/pre-commit", "#!/bin/sh\nnpm test\n")
	write("src/x", "")
	if err := os.Mkdir(filepath.Join(root, ".husky", "commit-msg"), 0o755); err != nil {
		t.Fatal(err)
	}
	found, dyn := GitHooks(OS{}, filepath.Join(root, "home"), filepath.Join(root, "src"), words("commit", "-m", "x"))
	want := []string{filepath.Join(root, ".husky/pre-commit"), filepath.Join(root, ".husky/commit-msg")}
	checkFound(t, found, dyn, want, "")
}

func TestGitHooksOSWorktree(t *testing.T) {
	root := t.TempDir()
	write := func(p, text string) {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("main/.git/HEAD", "ref: refs/heads/main\n")
	write("main/.git/hooks/post-checkout", "#!/bin/sh\n")
	write("main/.git/worktrees/w/HEAD", "ref: refs/heads/w\n")
	write("main/.git/worktrees/w/commondir", "../..\n")
	write("w/.git", "gitdir: ../main/.git/worktrees/w\n")
	found, dyn := GitHooks(OS{}, filepath.Join(root, "home"), filepath.Join(root, "w"), words("switch", "x"))
	checkFound(t, found, dyn, []string{filepath.Join(root, "main/.git/hooks/post-checkout")}, "")
	if rc, ok := Envrc(OS{}, filepath.Join(root, "w/.git/x")); ok {
		t.Errorf("Envrc under a file found %s", rc.Path)
	}
}
