package mongo

import (
	"testing"

	"github.com/permgate/permgate/shellparse"
)

func TestShellReadOnly(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"--eval", "db.c.find()"}, true},
		{[]string{"--eval", "db.dropDatabase()"}, false},
		{[]string{"script.js"}, false},
		{[]string{"mongodb://host/db"}, false}, // reads standard input
		{[]string{"--version"}, true},
	} {
		args := make([]shellparse.Word, len(tc.args))
		for i, a := range tc.args {
			args[i] = shellparse.Word{Text: a, Static: true}
		}
		if got := ShellReadOnly("mongosh", args); got != tc.want {
			t.Errorf("mongosh %q: read-only %v, want %v", tc.args, got, tc.want)
		}
	}
}
