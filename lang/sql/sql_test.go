package sql

import (
	"bufio"
	"os"
	"reflect"
	"strings"
	"testing"
)

// judgeCase is one line of testdata/judge.txt.
type judgeCase struct {
	line                 int
	dialect, verdict, re string
	text                 string
}

func loadJudgeCases(t testing.TB) []judgeCase {
	t.Helper()
	f, err := os.Open("testdata/judge.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []judgeCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.SplitN(l, "\t", 4)
		if len(p) != 4 {
			t.Fatalf("judge.txt:%d: want 4 fields, got %d", n, len(p))
		}
		text := strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(p[3])
		out = append(out, judgeCase{line: n, dialect: p[0], verdict: p[1], re: p[2], text: text})
	}
	return out
}

// verdictOf names a verdict as the corpus does, with its reason.
func verdictOf(v Verdict) (string, string) {
	switch {
	case v.Severe != "":
		return "severe", v.Severe
	case v.Inline != "":
		return "inline", v.Inline
	case v.Destructive != "":
		return "destructive", v.Destructive
	case v.Writes:
		return "write", "-"
	}
	return "read", "-"
}

func TestJudgeCorpus(t *testing.T) {
	cases := loadJudgeCases(t)
	if len(cases) < 40 {
		t.Fatalf("%d cases: the corpus did not load", len(cases))
	}
	for _, c := range cases {
		v := Judge(c.text, DialectOf(c.dialect))
		got, why := verdictOf(v)
		if got != c.verdict || why != c.re {
			t.Errorf("judge.txt:%d: %s %q = %s %q, want %s %q", c.line, c.dialect, c.text, got, why, c.verdict, c.re)
		}
		if v.ReadOnly() != (c.verdict == "read") {
			t.Errorf("judge.txt:%d: ReadOnly() = %v", c.line, v.ReadOnly())
		}
	}
}

// TestShellAndOutputs: the commands a text runs and the files it writes,
// in the order found, each once.
func TestShellAndOutputs(t *testing.T) {
	for _, tc := range []struct {
		dialect, text  string
		shell, outputs []string
	}{
		{"psql", "\\! rm -rf /\n\\! rm -rf /", []string{"rm -rf /"}, nil},
		{"psql", "\\o /tmp/out\nSELECT 1", nil, []string{"/tmp/out"}},
		{"psql", "\\copy t to '/tmp/t.csv'", nil, []string{"/tmp/t.csv"}},
		{"psql", "\\copy t to stdout", nil, nil},
		{"sqlite3", ".shell ls\n.output ~/.bashrc\n.backup main /tmp/b.db", []string{"ls"}, []string{"~/.bashrc", "/tmp/b.db"}},
		{"duckdb", "COPY t TO 'out.parquet'; EXPORT DATABASE 'dir'", nil, []string{"out.parquet", "dir"}},
		{"mysql", "system touch x", []string{"touch x"}, nil},
		{"psql", "SELECT 1", nil, nil},
	} {
		v := Judge(tc.text, DialectOf(tc.dialect))
		if !reflect.DeepEqual(v.Shell, tc.shell) || !reflect.DeepEqual(v.Outputs, tc.outputs) {
			t.Errorf("%s %q: shell %q outputs %q, want %q %q", tc.dialect, tc.text, v.Shell, v.Outputs, tc.shell, tc.outputs)
		}
	}
}

func TestDialectOf(t *testing.T) {
	for client, want := range map[string]Dialect{"psql": Postgres, "cockroach": Postgres, "mysql": MySQL, "mariadb": MySQL,
		"sqlite3": SQLite, "duckdb": SQLite, "sqlcmd": Generic, "bq": Generic} {
		if got := DialectOf(client); got != want {
			t.Errorf("DialectOf(%s) = %s, want %s", client, got, want)
		}
	}
}

// FuzzJudge: any text is judged without a panic, twice alike, and a DROP
// before it is always seen: nothing after a statement can hide it.
func FuzzJudge(f *testing.F) {
	for _, c := range loadJudgeCases(f) {
		f.Add(c.text, c.dialect)
	}
	f.Fuzz(func(t *testing.T, text, client string) {
		if len(text) > 4096 {
			return
		}
		d := DialectOf(client)
		v := Judge(text, d)
		if w := Judge(text, d); !reflect.DeepEqual(v, w) {
			t.Fatalf("%q: two judgements differ: %+v, %+v", text, v, w)
		}
		if v.ReadOnly() && (len(v.Shell) > 0 || len(v.Outputs) > 0) {
			t.Fatalf("%q: read-only with shell %q outputs %q", text, v.Shell, v.Outputs)
		}
		if p := Judge("DROP TABLE x;\n"+text, d); p.Severe == "" || p.ReadOnly() {
			t.Fatalf("%q: a DROP before it went unseen: %+v", text, p)
		}
	})
}

func BenchmarkJudge(b *testing.B) {
	text := strings.Repeat("SELECT a, count(*) FROM t WHERE b = 'x' GROUP BY a; UPDATE t SET a = 1 WHERE id = 3;\n", 64)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Judge(text, Postgres)
	}
}
