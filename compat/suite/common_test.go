//go:build compat

// Package suite drives the real harness releases pinned in ../releases.txt,
// installed from npm into a cache, against the fake model server of
// ../fakemodel, through each harness's own hook machinery after
// `permgate install`. It runs only with the compat build tag (.ci/run sets
// it); `go test ./...` stays offline.
//
// PERMGATE_COMPAT_CACHE names the cache (default ~/.cache/permgate-compat).
package suite

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// permgateBin is the permgate built for this run (TestMain).
var permgateBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "permgate-compat-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	permgateBin = filepath.Join(dir, "permgate")
	build := exec.Command("go", "build", "-o", permgateBin, ".")
	build.Dir = moduleRoot()
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build permgate: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// moduleRoot is the repository's root: two levels above this file.
func moduleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// release is one line of releases.txt.
type release struct {
	Name, Package, Version, Bin string
}

// releaseOf reads the pinned release of harness name.
func releaseOf(t testing.TB, name string) release {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot(), "compat", "releases.txt"))
	if err != nil {
		t.Fatalf("read releases: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 4 {
			t.Fatalf("releases.txt:%d: want name, package, version, binary", line)
		}
		if f[0] == name {
			return release{Name: f[0], Package: f[1], Version: f[2], Bin: f[3]}
		}
	}
	t.Fatalf("releases.txt names no release of %s", name)
	return release{}
}

// cacheDir is where the releases are installed.
func cacheDir(t testing.TB) string {
	if dir := os.Getenv("PERMGATE_COMPAT_CACHE"); filepath.IsAbs(dir) {
		return dir
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatalf("no cache directory: %v", err)
	}
	return filepath.Join(home, ".cache", "permgate-compat")
}

// harnessBin installs the pinned release of harness name from npm into the
// cache, unless it is there already, and returns the path of its binary.
func harnessBin(t testing.TB, name string) string {
	t.Helper()
	r := releaseOf(t, name)
	dir := filepath.Join(cacheDir(t), r.Name+"-"+r.Version)
	bin := filepath.Join(dir, "node_modules", ".bin", r.Bin)
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", dir, r.Package+"@"+r.Version)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("npm install %s@%s: %v\n%s", r.Package, r.Version, err, out)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("%s@%s installed no %s: %v", r.Package, r.Version, r.Bin, err)
	}
	return bin
}

// sandbox is one harness run's world: a home of its own, a project
// directory, a copy of permgate that the harness's settings name, and a
// victim directory that must survive every denied call.
type sandbox struct {
	t testing.TB
	// Home is $HOME; Work the project directory (a git repository) the
	// harness runs in; Bin the permgate that install registered.
	Home, Work, Bin string
	// Victim is ~/victimdir, with a file in it.
	Victim string
	// extra is the environment every run adds (the harness's own switches).
	extra []string
}

func newSandbox(t testing.TB) *sandbox {
	t.Helper()
	root := t.TempDir()
	sb := &sandbox{t: t, Home: filepath.Join(root, "home"), Work: filepath.Join(root, "home", "project")}
	sb.Bin = filepath.Join(sb.Home, ".local", "bin", "permgate")
	sb.Victim = filepath.Join(sb.Home, "victimdir")
	for _, dir := range []string{sb.Work, filepath.Dir(sb.Bin), sb.Victim} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(permgateBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sb.Bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sb.Victim, "keep.txt"), []byte("must survive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sb.Work, "README.md"), []byte("# project\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sb.mustRun(30*time.Second, sb.Work, "git", "init", "-q")
	return sb
}

// Setenv adds a variable to every later run in the sandbox.
func (sb *sandbox) Setenv(kv ...string) { sb.extra = append(sb.extra, kv...) }

// Env is the environment of a run: nothing of the test's own but PATH and
// the locale, so that no real home, config or key leaks in.
func (sb *sandbox) Env(kv ...string) []string {
	env := []string{
		"HOME=" + sb.Home, "USER=permgate-compat", "LOGNAME=permgate-compat", "SHELL=/bin/bash",
		"PATH=" + filepath.Dir(sb.Bin) + ":" + os.Getenv("PATH"), "LANG=C.UTF-8", "TERM=dumb",
		"XDG_CONFIG_HOME=" + filepath.Join(sb.Home, ".config"), "XDG_STATE_HOME=" + filepath.Join(sb.Home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(sb.Home, ".cache"), "XDG_DATA_HOME=" + filepath.Join(sb.Home, ".local", "share"),
		"TMPDIR=" + os.TempDir(), "GIT_CONFIG_NOSYSTEM=1",
	}
	env = append(env, sb.extra...)
	return append(env, kv...)
}

// Result is what a run printed and how it ended.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Run runs a program in dir with the sandbox's environment and kv, and
// stops it after timeout; a program that cannot start fails the test.
func (sb *sandbox) Run(timeout time.Duration, dir string, kv []string, name string, args ...string) Result {
	sb.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Env = dir, sb.Env(kv...)
	c.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	c.WaitDelay = 5 * time.Second
	err := c.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		sb.t.Fatalf("%s %s: still running after %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), timeout, res.Stdout, res.Stderr)
	case errors.As(err, &exit):
		res.Code = exit.ExitCode()
	case err != nil:
		sb.t.Fatalf("%s: %v", name, err)
	}
	return res
}

// mustRun runs a program that must succeed.
func (sb *sandbox) mustRun(timeout time.Duration, dir string, name string, args ...string) Result {
	sb.t.Helper()
	res := sb.Run(timeout, dir, nil, name, args...)
	if res.Code != 0 {
		sb.t.Fatalf("%s %s: exit %d\n%s%s", name, strings.Join(args, " "), res.Code, res.Stdout, res.Stderr)
	}
	return res
}

// Permgate runs the sandbox's permgate in the project directory.
func (sb *sandbox) Permgate(args ...string) Result {
	sb.t.Helper()
	return sb.Run(time.Minute, sb.Work, nil, sb.Bin, args...)
}

// VictimAlive reports whether the victim directory and its file survive.
func (sb *sandbox) VictimAlive() bool {
	_, err := os.Stat(filepath.Join(sb.Victim, "keep.txt"))
	return err == nil
}

// AuditLines returns the audit log's lines (none when there is no log).
func (sb *sandbox) AuditLines() []string {
	sb.t.Helper()
	data, err := os.ReadFile(filepath.Join(sb.Home, ".local", "state", "permgate", "audit.jsonl"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		sb.t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// Snapshot reads the files at paths ("" for one that does not exist), to
// compare after uninstall.
func (sb *sandbox) Snapshot(paths ...string) map[string]string {
	out := map[string]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err == nil {
			out[p] = string(data)
		}
	}
	return out
}
