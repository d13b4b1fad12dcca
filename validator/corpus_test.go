package validator

import (
	"bufio"
	"fmt"
	"github.com/permgate/permgate/finding"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpusEnv is the environment every corpus case is judged in.
var corpusEnv = Env{Cwd: "/home/user/project", Home: "/home/user", TmpDir: "/tmp",
	PathDirs:     []string{"/home/user/.local/bin", "/home/user/bin", "/home/user/go/bin", "/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin"},
	HarnessHomes: map[string]string{"/srv/codex-home": ".codex"}}

// corpusCase is one line of a corpus file: SEVERITY TAB ro|rw TAB KINDS TAB COMMAND.
type corpusCase struct {
	file     string
	line     int
	severity Severity
	readOnly bool
	kinds    []string
	command  string
}

func (c corpusCase) String() string { return fmt.Sprintf("%s:%d", c.file, c.line) }

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	files, err := filepath.Glob("../testdata/corpus/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	var cases []corpusCase
	for _, file := range files {
		cases = append(cases, readCorpusFile(t, file)...)
	}
	return cases
}

func readCorpusFile(t testing.TB, file string) []corpusCase {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("open corpus: %v", err)
	}
	defer f.Close()
	var cases []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, "\t", 4)
		if len(fields) != 4 {
			t.Fatalf("%s:%d: want 4 tab-separated fields, got %d", file, n, len(fields))
		}
		sev, err := ParseSeverity(fields[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n, err)
		}
		if fields[1] != "ro" && fields[1] != "rw" {
			t.Fatalf("%s:%d: read-only field must be ro or rw, got %q", file, n, fields[1])
		}
		var kinds []string
		if fields[2] != "-" {
			kinds = strings.Split(fields[2], ",")
		}
		cases = append(cases, corpusCase{file: filepath.Base(file), line: n, severity: sev, readOnly: fields[1] == "ro", kinds: kinds, command: fields[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", file, err)
	}
	return cases
}

func sortedKinds(a Analysis) []string {
	var kinds []string
	for _, k := range a.Kinds() {
		kinds = append(kinds, string(k))
	}
	slices.Sort(kinds)
	return kinds
}

func TestCorpus(t *testing.T) {
	v := New(corpusEnv)
	failed := 0
	for _, c := range loadCorpus(t) {
		a := v.CheckScript(c.command)
		for f := range a.All() {
			if _, ok := finding.Lookup(f.Kind); !ok {
				t.Errorf("%s: finding kind %q is not in finding's table", c, f.Kind)
			}
		}
		got := sortedKinds(a)
		if a.Severity != c.severity || a.AllReadOnly != c.readOnly || !slices.Equal(got, c.kinds) {
			failed++
			ro := "rw"
			if a.AllReadOnly {
				ro = "ro"
			}
			kinds := strings.Join(got, ",")
			if kinds == "" {
				kinds = "-"
			}
			want := strings.Join(c.kinds, ",")
			if want == "" {
				want = "-"
			}
			wantRO := "rw"
			if c.readOnly {
				wantRO = "ro"
			}
			t.Errorf("%s: %s\n  want %s %s %s\n  got  %s %s %s (%s)", c, c.command, c.severity, wantRO, want, a.Severity, ro, kinds, a.Reason())
		}
	}
	if failed > 0 {
		t.Logf("%d corpus cases failed", failed)
	}
}
