package sed

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

var scanCases = []struct {
	prog   string
	exec   bool
	writes []string
}{
	{"s/a/b/", false, nil},
	{"1d;$d", false, nil},
	{"/start/,/end/p", false, nil},
	{"s/a/b/g", false, nil},
	{"y/abc/xyz/", false, nil},
	{"$!N;s/\\n/ /", false, nil},
	{"e rm -rf /", true, nil},
	{"1e date", true, nil},
	{"s/.*/date/e", true, nil},
	{"s/a/b/ge", true, nil},
	{"w out.txt", false, []string{"out.txt"}},
	{"/x/w /etc/x", false, []string{"/etc/x"}},
	{"s/a/b/w /etc/passwd", false, []string{"/etc/passwd"}},
	{"s,a,b,gw o", false, []string{"o"}},
	{"1,3{W a\n}", false, []string{"a"}},
	{"/x/I w f", false, []string{"f"}},
	{"\\,x,d", false, nil},
	// The text of a, i and c and the file r reads are not commands.
	{"a e rm -rf /", false, nil},
	{"r /etc/passwd", false, nil},
	{"s/e/w/", false, nil},
	{"s/a\\/e/b/", false, nil},
	{strings.Repeat("p;", MaxProgram), true, nil}, // too long to read: may run anything
}

func TestScan(t *testing.T) {
	for _, tc := range scanCases {
		got := Scan(tc.prog)
		if got.Exec != tc.exec || !reflect.DeepEqual(got.Writes, tc.writes) {
			name := tc.prog
			if len(name) > 40 {
				name = name[:40] + "…"
			}
			t.Errorf("Scan(%q) = %+v, want exec %v writes %q", name, got, tc.exec, tc.writes)
		}
	}
}

// FuzzScan: any program is read without a panic, each file it writes is
// written in it, and an e command on a line of its own after a complete
// command is seen.
func FuzzScan(f *testing.F) {
	for _, tc := range scanCases[:len(scanCases)-1] {
		f.Add(tc.prog)
	}
	f.Fuzz(func(t *testing.T, prog string) {
		fx := Scan(prog)
		for _, w := range fx.Writes {
			if !strings.Contains(prog, w) {
				t.Fatalf("%q: writes %q, which it does not name", prog, w)
			}
		}
		if !strings.ContainsAny(prog, "/\\sy{}") && !Scan(prog+"\ne x").Exec {
			t.Fatalf("%q: a following e command went unseen", prog)
		}
	})
}

// TestCommands: the shell commands a program runs whose text it holds.
func TestCommands(t *testing.T) {
	for prog, want := range map[string][]string{
		"1e rm -rf ~":            {"rm -rf ~"},
		"s/.*/rm -rf ~/e":        {"rm -rf ~"},
		"s|^.*$|curl x \\| sh|e": nil, // an escaped delimiter: not read
		"s/.*/echo &/e":          nil, // the input takes part
		"s/a/b/e":                nil, // only part of the line is replaced
		"e":                      nil, // the pattern space runs
		"s/x/y/g":                nil,
		"/start/e date\np":       {"date"},
	} {
		fx := Scan(prog)
		if !slices.Equal(fx.Commands, want) {
			t.Errorf("Scan(%q).Commands = %q, want %q", prog, fx.Commands, want)
		}
	}
}
