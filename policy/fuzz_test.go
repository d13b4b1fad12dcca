package policy

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/validator"
)

// seedCorpus adds every corpus command to the fuzzer's seeds.
func seedCorpus(f *testing.F) {
	files, _ := filepath.Glob("../testdata/corpus/*.txt")
	if len(files) == 0 {
		f.Fatal("no corpus files to seed from")
	}
	for _, file := range files {
		fh, err := os.Open(file)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fields := strings.SplitN(sc.Text(), "\t", 4)
			if len(fields) == 4 && !strings.HasPrefix(fields[0], "#") {
				f.Add(fields[3])
			}
		}
		fh.Close()
	}
}

// FuzzDecide runs the whole analysis and decision on arbitrary input. It must not
// panic or hang, and it checks the invariants that keep permgate closed:
// a command that does not parse is never allowed, a severe one is allowed only in
// bypass, every decision has a one-line reason, and read-only means no findings.
func FuzzDecide(f *testing.F) {
	seedCorpus(f)
	f.Add("echo \xff")
	f.Add("a\x00b")
	f.Fuzz(func(t *testing.T, src string) {
		v := validator.New(testEnv)
		a := v.CheckScript(src)
		for i, rec := range a.Commands {
			if rec.ReadOnly && len(rec.Findings) > 0 {
				t.Fatalf("command %d is read-only with findings %v", i, rec.Findings)
			}
		}
		if a.AllReadOnly && len(a.AllFindings()) > 0 {
			t.Fatalf("read-only with findings %v", a.Kinds())
		}
		_, parseErr := syntax.NewParser().Parse(strings.NewReader(src), "")
		unparsed := parseErr != nil
		if unparsed && !a.Incomplete() {
			t.Fatalf("bash cannot parse %q but the analysis has no parse_error", src)
		}
		for _, mode := range Modes {
			out := Decide(a, Settings{Mode: mode}, nil)
			if out.Reason == "" || strings.ContainsRune(out.Reason, '\n') && mode != ModeBypass {
				t.Fatalf("mode %s: reason %q is not one line", mode, out.Reason)
			}
			if out.Decision == Allow && a.Incomplete() {
				t.Fatalf("mode %s allowed input it could not read: %q", mode, src)
			}
			if out.Decision == Allow && a.Severity == validator.Severe && mode != ModeBypass {
				t.Fatalf("mode %s allowed a severe command: %q", mode, src)
			}
		}
	})
}
