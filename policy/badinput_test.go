package policy

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/validator"
)

var testEnv = validator.Env{Cwd: "/home/user/project", Home: "/home/user", TmpDir: "/tmp"}

// badInputs are inputs that permgate cannot fully read. Each must get a finding
// that says why, and no mode but bypass's ask may let it through.
func badInputs() map[string]struct {
	src  string
	kind string
	want string // a piece of the reason
} {
	return map[string]struct {
		src  string
		kind string
		want string
	}{
		"empty":            {"", "parse_error", "empty command"},
		"blank":            {" \t\n ", "parse_error", "empty command"},
		"comment only":     {"# rm -rf /", "parse_error", "empty command"},
		"unclosed quote":   {`echo "unclosed`, "parse_error", "bash cannot parse it"},
		"if then":          {"if then fi", "parse_error", "bash cannot parse it"},
		"stray paren":      {"ls )", "parse_error", "bash cannot parse it"},
		"danger then junk": {`rm -rf / "`, "parse_error", "bash cannot parse it"},
		"NUL byte":         {"echo a\x00; rm -rf /", "parse_error", "NUL byte"},
		"invalid UTF-8":    {"echo \xff\xfe", "parse_error", "not valid UTF-8"},
		"10 MB argument":   {"echo " + strings.Repeat("a", 10<<20), "too_complex", "over the"},
		"10,000 chained":   {"true" + strings.Repeat(" && true", 10000), "too_complex", "more than 1000 simple commands"},
		"10,000 deep ( )":  {strings.Repeat("( ", 10000) + "ls" + strings.Repeat(" )", 10000), "too_complex", "nested more than"},
		"10,000 deep $( )": {strings.Repeat("$(echo ", 10000) + "ls" + strings.Repeat(")", 10000), "too_complex", "nested more than"},
		"10,000 deep { }":  {strings.Repeat("{ ", 10000) + "ls;" + strings.Repeat(" };", 10000), "too_complex", "nested more than"},
		"eval 100 deep":    {strings.Repeat("eval ", 100) + "ls", "too_complex", "scripts nested more than 32 deep"},
		"bash -c 8 deep":   {nestedBashC(8, strings.Repeat("eval ", 30)+"ls"), "too_complex", "scripts nested more than 32 deep"},
	}
}

// nestedBashC builds bash -c 'bash -c '\”…'\”' n levels deep. The quoting grows
// fourfold with each level, so n stays small.
func nestedBashC(n int, inner string) string {
	s := inner
	for range n {
		s = "bash -c '" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

func TestBadInputNeverAllowed(t *testing.T) {
	for name, tc := range badInputs() {
		t.Run(name, func(t *testing.T) {
			v := validator.New(testEnv)
			a := v.CheckScript(tc.src)
			found := false
			for f := range a.All() {
				if string(f.Kind) == tc.kind && strings.Contains(f.Reason, tc.want) {
					found = true
				}
			}
			if !found {
				t.Fatalf("want a %s finding saying %q, got %+v", tc.kind, tc.want, a.AllFindings())
			}
			if a.AllReadOnly {
				t.Error("bad input counted as read-only")
			}
			for _, mode := range Modes {
				out := Decide(a, Settings{Mode: mode}, nil)
				if out.Decision == Allow {
					t.Errorf("mode %s allowed it: %s", mode, out.Reason)
				}
				if out.Reason == "" || strings.ContainsRune(out.Reason, '\n') {
					t.Errorf("mode %s: reason %q is not one line", mode, out.Reason)
				}
			}
		})
	}
}

// TestBadArgvNeverAllowed checks the argv form's own bad inputs.
func TestBadArgvNeverAllowed(t *testing.T) {
	for name, argv := range map[string][]string{
		"no words":      nil,
		"empty name":    {""},
		"NUL in word":   {"echo", "a\x00b"},
		"invalid UTF-8": {"echo", "\xff"},
		"10 MB word":    {"echo", strings.Repeat("a", 10<<20)},
	} {
		t.Run(name, func(t *testing.T) {
			a := validator.New(testEnv).CheckArgv(argv)
			if !a.Incomplete() {
				t.Fatalf("want parse_error or too_complex, got %+v", a.AllFindings())
			}
			for _, mode := range Modes {
				if out := Decide(a, Settings{Mode: mode}, nil); out.Decision == Allow {
					t.Errorf("mode %s allowed it", mode)
				}
			}
		})
	}
}
