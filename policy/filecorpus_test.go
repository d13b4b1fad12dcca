package policy

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/validator"
)

// TestFileCorpus runs the cases of testdata/files/*.txtar: each archive is
// a project (its files; those under home/ go to the home directory) and a
// "cases" file of lines
//
//	MODE EXPECT COMMAND
//
// where MODE is default, auto, plan or bypass and EXPECT is allow, ask,
// deny, or notallow (ask or deny). A "setup" file, when there is one, is
// run by sh in the project directory first (links, FIFOs, big files). Each
// command is analysed in the project's directory with the files read from
// disk, then decided with the built-in policy.
func TestFileCorpus(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "files", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no file corpus: %v", err)
	}
	for _, file := range archives {
		t.Run(filepath.Base(file), func(t *testing.T) { runFileArchive(t, file) })
	}
}

func runFileArchive(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	var cases, setup string
	for _, f := range ar.Files {
		switch f.Name {
		case "cases":
			cases = string(f.Data)
			continue
		case "setup":
			setup = string(f.Data)
			continue
		}
		dst := filepath.Join(project, f.Name)
		if rest, ok := strings.CutPrefix(f.Name, "home/"); ok {
			dst = filepath.Join(home, rest)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, f.Data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	if setup != "" {
		cmd := exec.Command("sh", "-c", setup)
		cmd.Dir = project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: setup: %v: %s", file, err, out)
		}
	}
	v := validator.New(validator.Env{Cwd: project, Home: home, TmpDir: "/tmp", Files: runfiles.OS{}, Dirs: runfiles.OSDirs{}, LinkTarget: diskLink})
	sc := bufio.NewScanner(strings.NewReader(cases))
	n, judged := 0, 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, " ", 3)
		if len(fields) != 3 {
			t.Fatalf("%s: cases:%d: want MODE EXPECT COMMAND", file, n)
		}
		mode, err := ParseMode(fields[0])
		if err != nil {
			t.Fatalf("%s: cases:%d: %v", file, n, err)
		}
		judged++
		out := Decide(v.CheckScript(fields[2]), Settings{Mode: mode, Checks: Builtin().Checks}, nil)
		if !expected(fields[1], out.Decision) {
			t.Errorf("%s: cases:%d: %s in %s: %s (%s), want %s", filepath.Base(file), n, fields[2], mode, out.Decision, out.Reason, fields[1])
		}
	}
	if judged == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

// expected reports whether a decision is what a case expects.
func expected(want string, got Decision) bool {
	if want == "notallow" {
		return got != Allow
	}
	return string(got) == want
}

// diskLink is where a link on disk leads, as permgate's own LinkTarget
// tells: "" for a path that is no link.
func diskLink(p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil || r == p {
		return ""
	}
	return r
}
