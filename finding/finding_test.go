package finding

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryKindDocumentedAndExercised: each kind in the table is described in
// docs/analysis.md and appears in at least one corpus line's expected kinds.
func TestEveryKindDocumentedAndExercised(t *testing.T) {
	doc, err := os.ReadFile("../docs/analysis.md")
	if err != nil {
		t.Fatalf("read docs: %v", err)
	}
	files, err := filepath.Glob("../testdata/corpus/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	inCorpus := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			fields := strings.SplitN(line, "\t", 4)
			if len(fields) == 4 && !strings.HasPrefix(line, "#") {
				for _, k := range strings.Split(fields[2], ",") {
					inCorpus[k] = true
				}
			}
		}
	}
	for _, info := range Kinds() {
		k := string(info.Kind)
		if !strings.Contains(string(doc), "`"+k+"`") {
			t.Errorf("kind %s is not documented in docs/analysis.md", k)
		}
		if !inCorpus[k] {
			t.Errorf("kind %s appears in no corpus line", k)
		}
		if info.Summary == "" {
			t.Errorf("kind %s has no summary", k)
		}
	}
	for k := range inCorpus {
		if _, ok := Lookup(Kind(k)); !ok && k != "-" {
			t.Errorf("corpus names kind %q, which is not in the table", k)
		}
	}
}

func TestSeverityNames(t *testing.T) {
	for _, s := range []Severity{Safe, NonSevere, Severe} {
		got, err := ParseSeverity(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("ParseSeverity accepted fatal")
	}
}
