package validator

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/lang/sql"
)

// TestLongSQLNeverReadOnly: SQL past what permgate reads is too_complex and
// never read-only, whether one text is too long or the texts of one
// analysis are; what was read is still judged.
func TestLongSQLNeverReadOnly(t *testing.T) {
	pad := "SELECT 1;\n"
	long := strings.Repeat(pad, maxJudgedText/len(pad)+1)
	for _, tc := range []struct {
		name, script string
		kinds        []string
	}{
		{"one text past the bound", "psql -c '" + long + "DROP TABLE t'", []string{"too_complex"}},
		{"what was read is judged", "psql -c 'DROP TABLE t; " + long + "'", []string{"sql_destructive", "too_complex"}},
		{"every text past the budget", strings.Repeat("psql -c '"+long[:maxJudgedText-len(pad)]+"'\n", sql.MaxTexts/maxJudgedText+1), []string{"too_complex"}},
		{"a mongo script past the bound", "mongosh --eval '" + strings.Repeat("db.c.find();", maxJudgedText/12+1) + "db.dropDatabase()'", []string{"too_complex"}},
	} {
		a := New(corpusEnv).CheckScript(tc.script)
		if a.AllReadOnly || !a.Incomplete() {
			t.Errorf("%s: read-only %v, kinds %v: want too_complex", tc.name, a.AllReadOnly, a.Kinds())
		}
		for _, k := range tc.kinds {
			if !a.HasKind(finding.Kind(k)) {
				t.Errorf("%s: kinds %v, want %s", tc.name, a.Kinds(), k)
			}
		}
	}
}
