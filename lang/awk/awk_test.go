package awk

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// host records what the judgement reports.
type host struct{ got []string }

func (h *host) Report(kind finding.Kind, name string, _ finding.Severity, _, _ string) {
	h.got = append(h.got, string(kind)+"."+name)
}
func (h *host) AwkStdin(shellparse.SimpleCommand, bool) { h.got = append(h.got, "stdin") }
func (h *host) AwkReport(string, codescan.Report)       { h.got = append(h.got, "code") }
func (h *host) ProgramFile(_ shellparse.SimpleCommand, p string) (string, bool) {
	text, ok := map[string]string{"run.awk": `BEGIN{system("id")}`, "sum.awk": "{s+=$1} END{print s}"}[p]
	if !ok {
		h.got = append(h.got, "unread")
	}
	return text, ok
}

func words(texts ...string) []shellparse.Word {
	out := make([]shellparse.Word, len(texts))
	for i, t := range texts {
		out[i] = shellparse.Word{Text: t, Static: true}
	}
	return out
}

func TestReadOnly(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"{print $1}", "f"}, true},
		{[]string{"-F:", "{print $1}", "/etc/passwd"}, true},
		{[]string{"-v", "x=1", "{print x}"}, true},
		{[]string{`{system("rm -rf ~")}`}, false},
		{[]string{`{print > "out"}`}, false},
		{[]string{"-f", "prog.awk"}, false},
		{[]string{"-i", "inplace", "{print}", "f"}, false},
		{nil, false},
	} {
		if got := ReadOnly(words(tc.args...)); got != tc.want {
			t.Errorf("awk %q: read-only %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"{print}"}, "code"},
		{[]string{`BEGIN{system("id")}`}, "inline_code.awk_system code"},
		{[]string{"-f", "/dev/tcp/h/80"}, "pipe_to_shell.awk_network"},
		{[]string{"-f", "-"}, "stdin"},
		{[]string{"-f", "run.awk"}, "inline_code.awk_system code"},
		{[]string{"-f", "sum.awk", "data"}, "code"},
		{[]string{"-f", "none.awk"}, "unread"},
	} {
		var h host
		argv := append(words("awk"), words(tc.args...)...)
		Check(&h, shellparse.SimpleCommand{Name: "awk", Argv: argv}, argv[1:])
		if got := strings.Join(h.got, " "); got != tc.want {
			t.Errorf("awk %q: %q, want %q", tc.args, got, tc.want)
		}
	}
}
