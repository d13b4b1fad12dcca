package sql

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

func words(texts ...string) []shellparse.Word {
	out := make([]shellparse.Word, len(texts))
	for i, t := range texts {
		out[i] = shellparse.Word{Text: t, Static: true}
	}
	return out
}

// TestClientReadOnly reads clients' argv: where the SQL comes from and
// whether every statement only reads.
func TestClientReadOnly(t *testing.T) {
	long := strings.Repeat("SELECT 1;\n", MaxText/10+1)
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{
		{"psql", []string{"-c", "SELECT 1"}, true},
		{"psql", []string{"-c", "DROP TABLE t"}, false},
		{"psql", []string{"-c", long}, false}, // past the bound: never read-only
		{"psql", []string{"-l"}, true},
		{"psql", []string{"-f", "x.sql"}, false},
		{"psql", []string{"db"}, false}, // reads standard input
		{"psql", nil, false},
		{"psql", []string{"--version"}, true},
		{"psql", []string{"-c", "SELECT 1", "-o", "out"}, false},
		{"sqlite3", []string{"db", "SELECT * FROM t"}, true},
		{"sqlite3", []string{"db", "DELETE FROM t"}, false},
		{"mysql", []string{"-e", "SHOW TABLES"}, true},
		{"cockroach", []string{"sql", "-e", "SELECT 1"}, true},
	} {
		if got := ClientReadOnly(tc.name, words(tc.args...)); got != tc.want {
			t.Errorf("%s %q: read-only %v, want %v", tc.name, tc.args, got, tc.want)
		}
	}
}

// recorder keeps the ids of the findings reported.
type recorder []string

func (r *recorder) Report(kind finding.Kind, name string, _ finding.Severity, _, _ string) {
	*r = append(*r, string(kind)+"."+name)
}

// TestBudget: a text past MaxText is cut and reported, and nothing is read
// once MaxTexts are spent.
func TestBudget(t *testing.T) {
	var b Budget
	var r recorder
	got := b.Texts(&r, []string{strings.Repeat("x", MaxText+1)}, "SQL")
	if len(got) != 1 || len(got[0]) != MaxText || len(r) != 1 {
		t.Fatalf("one long text: %d texts, %d findings", len(got), len(r))
	}
	for range MaxTexts / MaxText {
		b.Texts(&r, []string{strings.Repeat("x", MaxText)}, "SQL")
	}
	if got := b.Texts(&r, []string{"SELECT 1"}, "SQL"); len(got) != 0 {
		t.Errorf("past the budget: %d texts read", len(got))
	}
}
