package validator

import (
	"slices"
	"strings"
	"testing"
)

// TestPermgateArgv checks permgate given as exact words (the argv form of check
// and exec, and the hook's Bash tool): its own options are judged, and the
// command it wraps is judged as if it stood alone.
func TestPermgateArgv(t *testing.T) {
	v := New(corpusEnv)
	cases := []struct {
		argv     []string
		kinds    []string
		readOnly bool
	}{
		{[]string{"permgate", "exec", "--mode", "bypass", "--", "git push -f"}, []string{"git_destructive", "self_modify"}, false},
		{[]string{"permgate", "exec", "--", "git", "push", "-f"}, []string{"git_destructive"}, false},
		{[]string{"permgate", "check", "--", "ls", "-la"}, nil, true},
		{[]string{"permgate", "exec", "--", "echo", "a; rm -rf /"}, nil, true},
		{[]string{"permgate", "mode", "bypass"}, []string{"self_modify"}, false},
		{[]string{"permgate", "--fail-closed=false", "guard", "--", "ls"}, []string{"self_modify"}, false},
		{[]string{"/opt/permgate/bin/permgate", "rules", "list"}, nil, false}, // not the installed one: not read-only
	}
	for _, c := range cases {
		a := v.CheckArgv(c.argv)
		if got := sortedKinds(a); !slices.Equal(got, c.kinds) || a.AllReadOnly != c.readOnly {
			t.Errorf("%q: kinds %v read-only %v, want %v %v", c.argv, got, a.AllReadOnly, c.kinds, c.readOnly)
		}
	}
}

// TestPermgateReasons checks that the reasons say what permgate would do.
func TestPermgateReasons(t *testing.T) {
	v := New(corpusEnv)
	for command, want := range map[string]string{
		"permgate mode bypass":                    "permgate mode changes permgate's mode",
		"permgate --mod=bypass exec -- ls":        "--mod=bypass chooses the mode",
		"permgate --fail-closed=no exec -- ls":    "turns fail-closed off",
		`"$(type -P permgate)" rules add allow x`: "may be permgate",
		"permgate $sub bypass":                    "known only at run time ($sub)",
		"permgate rules remove x":                 "remove changes permgate's rules",
		"permgate trust":                          "trusts a project config",
	} {
		a := v.CheckScript(command)
		if !strings.Contains(a.Reason(), want) {
			t.Errorf("%s: reason %q, want it to say %q", command, a.Reason(), want)
		}
	}
}

func TestOneLineTerminalSafe(t *testing.T) {
	for in, want := range map[string]string{
		"plain ünïcode → ok":     "plain ünïcode → ok",
		"a\x1b[2Jb":              `a\x1b[2Jb`,
		"bell\a del\x7f":         `bell\x07 del\x7f`,
		"csi\u009b31m":           `csi\x9b31m`,
		"line\nnext\ttab\r":      `line\nnext\ttab\x0d`,
		"evil\u202etxt.exe":      `evil\u202etxt.exe`,
		"\u2066iso\u2069":        `\u2066iso\u2069`,
		"mark\u200e\u200f\u061c": `mark\u200e\u200f\u061c`,
		"sep\u2028\u2029":        `sep\u2028\u2029`,
		"bad\xffutf8\xc3":        `bad\xffutf8\xc3`,
		"osc\x1b]0;title\x07":    `osc\x1b]0;title\x07`,
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}
