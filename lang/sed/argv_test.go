package sed

import (
	"testing"

	"github.com/permgate/permgate/shellparse"
)

func TestParseArgv(t *testing.T) {
	for _, tc := range []struct {
		args            []string
		program, files  int
		inPlace, script bool
	}{
		{[]string{"s/a/b/", "f"}, 1, 1, false, false},
		{[]string{"-e", "s/a/b/", "-e", "p", "f", "g"}, 2, 2, false, false},
		{[]string{"-i", "s/a/b/", "f"}, 1, 1, true, false},
		{[]string{"-i", "", "s/a/b/", "f"}, 2, 2, true, false}, // BSD sed's suffix, or GNU sed's program: both read
		{[]string{"-f", "prog.sed", "f"}, 0, 1, false, true},
	} {
		args := make([]shellparse.Word, len(tc.args))
		for i, a := range tc.args {
			args[i] = shellparse.Word{Text: a, Static: true}
		}
		c := ParseArgv(args)
		if len(c.Programs) != tc.program || len(c.Files) != tc.files || c.InPlace != tc.inPlace || c.ScriptFile != tc.script {
			t.Errorf("sed %q: %d programs, %d files, in place %v, script file %v", tc.args, len(c.Programs), len(c.Files), c.InPlace, c.ScriptFile)
		}
	}
	if ReadOnly([]shellparse.Word{{Text: "s/a/b/w /etc/x", Static: true}}) {
		t.Error("sed 's/a/b/w FILE' is read-only")
	}
}
