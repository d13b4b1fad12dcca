package cmd

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// TestReadCommands checks what scan reads from each kind of input: the
// commands with the line each starts on, and the bad lines with why.
func TestReadCommands(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []scanCommand
		bad      []int // lines skipped as bad
	}{
		{"plain, comments and blanks", "# c\n\n  # c\n\t\nls\n  git status  \n", []scanCommand{{5, "ls"}, {6, "  git status  "}}, nil},
		{"CRLF and no final newline", "ls\r\npwd", []scanCommand{{1, "ls"}, {2, "pwd"}}, nil},
		{"bash history", "#1700000000\nls\n", []scanCommand{{2, "ls"}}, nil},
		{"zsh history, continued", ": 1:0;make a &&\\\nmake b\n: 2:0;# c\n: 3:0;ls\n", []scanCommand{{1, "make a &&\nmake b"}, {4, "ls"}}, nil},
		{"zsh continued to EOF", ": 1:0;a \\\nb \\", []scanCommand{{1, "a \nb "}}, nil},
		{"plain, a shell group and a JSON line", "{ ls; }\n{\"command\":\"pwd\"}\n{\"cmd\":1}\n", []scanCommand{{1, "{ ls; }"}, {2, "pwd"}}, []int{3}},
		{"plain, a { line that is not JSON stays a command", "ls\n{\"x\"\n", []scanCommand{{1, "ls"}, {2, "{\"x\""}}, nil},
		{"JSON lines", "# c\n{\"command\":\"ls\"}\n\n{ ls; }\n{\"command\":\"\"}\n[1]\n", []scanCommand{{2, "ls"}, {5, ""}}, []int{4, 6}},
		{"JSON lines from a broken first object", "{\"command\": \"ls\"\n{\"command\":\"pwd\"}\nls\n", []scanCommand{{2, "pwd"}}, []int{1, 3}},
		{"invalid UTF-8", "ls\n\xff\npwd\n", []scanCommand{{1, "ls"}, {3, "pwd"}}, []int{2}},
		{"over the bound", "ls\n" + strings.Repeat("a", 25) + "\n" + strings.Repeat("b", 24) + "\r\n" + strings.Repeat("c", 40), []scanCommand{{1, "ls"}, {3, strings.Repeat("b", 24)}}, []int{2, 4}},
		{"a zsh entry over a long line", ": 1:0;a \\\n" + strings.Repeat("a", 30) + "\nls\n", []scanCommand{{3, "ls"}}, []int{1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readCommands(strings.NewReader(tt.in), 24)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.commands) != len(tt.want) {
				t.Fatalf("commands = %+v, want %+v", got.commands, tt.want)
			}
			for i := range tt.want {
				if got.commands[i] != tt.want[i] {
					t.Errorf("command %d = %+v, want %+v", i, got.commands[i], tt.want[i])
				}
			}
			var lines []int
			for _, b := range got.bad {
				lines = append(lines, b.line)
				if b.why == "" {
					t.Errorf("bad line %d without a reason", b.line)
				}
			}
			if len(lines) != len(tt.bad) {
				t.Fatalf("bad lines = %v, want %v (%+v)", lines, tt.bad, got.bad)
			}
			for i := range lines {
				if lines[i] != tt.bad[i] {
					t.Errorf("bad lines = %v, want %v", lines, tt.bad)
				}
			}
		})
	}
}

// TestWriteWhy checks that a named command shows its findings' ids and the
// safer way once, and never twice when the reason already says them.
func TestWriteWhy(t *testing.T) {
	f := validator.Finding{ID: "git_destructive.force_push", Suggestion: "git push --force-with-lease"}
	var sb strings.Builder
	writeWhy(&sb, report{Reason: "rewrites history", Findings: []validator.Finding{f, f}})
	if want := "    rewrites history [git_destructive.force_push]\n    safer: git push --force-with-lease\n"; sb.String() != want {
		t.Errorf("got %q, want %q", sb.String(), want)
	}
	sb.Reset()
	writeWhy(&sb, report{Reason: "rewrites history (git_destructive.force_push); use git push --force-with-lease", Findings: []validator.Finding{f}})
	if want := "    rewrites history (git_destructive.force_push); use git push --force-with-lease\n"; sb.String() != want {
		t.Errorf("got %q, want %q", sb.String(), want)
	}
}

// TestReadCommandsLongLines checks the bound on lines longer than the read
// buffer: a line of exactly the bound is read, one byte more is skipped.
func TestReadCommandsLongLines(t *testing.T) {
	const max = 200 << 10
	in := strings.Repeat("a", max) + "\n" + strings.Repeat("b", max+1) + "\r\n" + strings.Repeat("c", 3*max) + "\nls"
	got, err := readCommands(strings.NewReader(in), max)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.commands) != 2 || got.commands[0].line != 1 || len(got.commands[0].text) != max || got.commands[1] != (scanCommand{4, "ls"}) {
		t.Errorf("commands: %d, want lines 1 (%d bytes) and 4", len(got.commands), max)
	}
	if len(got.bad) != 2 || got.bad[0].line != 2 || got.bad[1].line != 3 {
		t.Errorf("bad lines = %+v, want 2 and 3", got.bad)
	}
}

// TestWriteSummary pins the summary's words: one command or many, the
// skipped lines (one, many, past the bound), and the kinds of finding, each
// counted once a command, the most frequent first, then by name.
func TestWriteSummary(t *testing.T) {
	kind := func(k string) validator.Finding { return validator.Finding{Kind: finding.Kind(k)} }
	one := scanInput{commands: []scanCommand{{3, "ls"}}}
	if got := summary(t, "f", one, []report{{Command: "ls", Decision: policy.Allow}}); got != "1 command from f: 1 allowed, 0 asked, 0 denied, 0 skipped\n" {
		t.Errorf("one command:\n%s", got)
	}
	var bad []badLine
	for i := range 23 {
		bad = append(bad, badLine{10 + i, "x"})
	}
	in := scanInput{commands: []scanCommand{{1, "a"}, {2, "b"}, {4, "c"}}, bad: bad}
	reports := []report{
		{Command: "a", Decision: policy.Ask, Reason: "ra", Findings: []validator.Finding{kind("zeta"), kind("zeta"), kind("alpha")}},
		{Command: "b", Decision: policy.Deny, Reason: "rb", Findings: []validator.Finding{kind("zeta")}},
		{Command: "c", Decision: policy.Ask, Reason: "rc", Findings: []validator.Finding{kind("beta")}},
	}
	want := `3 commands from f: 0 allowed, 2 asked, 1 denied, 23 skipped
denied:
  f:2: deny: b
    rb
asked:
  f:1: ask: a
    ra
  f:4: ask: c
    rc
skipped (bad lines, reported on stderr): lines 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, … 3 more
findings (commands with each kind):
  zeta                     2
  alpha                    1
  beta                     1
`
	if got := summary(t, "f", in, reports); got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}
	in = scanInput{bad: []badLine{{7, "x"}}}
	if got := summary(t, "f", in, nil); got != "0 commands from f: 0 allowed, 0 asked, 0 denied, 1 skipped\nskipped (bad lines, reported on stderr): line 7\n" {
		t.Errorf("one skipped line:\n%s", got)
	}
}

func summary(t *testing.T, name string, in scanInput, reports []report) string {
	t.Helper()
	var sb strings.Builder
	if err := writeSummary(&sb, name, in, reports); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// TestReadCommandsContinued: a zsh entry continued past the input limit is
// skipped whole, and a reader's error is scan's.
func TestReadCommandsContinued(t *testing.T) {
	long := strings.Repeat("a", shellparse.DefaultMaxBytes/2)
	in := ": 1:0;x \\\n" + long + "\\\n" + long + "\\\n" + long + "\nls\n"
	got, err := readCommands(strings.NewReader(in), shellparse.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("a continued command over the %d-byte input limit", shellparse.DefaultMaxBytes)
	if len(got.bad) != 1 || got.bad[0] != (badLine{1, want}) || len(got.commands) != 1 || got.commands[0] != (scanCommand{5, "ls"}) {
		t.Errorf("got %+v", got)
	}
	if _, err := readCommands(iotest.ErrReader(errors.New("disk gone")), 24); err == nil || err.Error() != "disk gone" {
		t.Errorf("a failing reader: %v", err)
	}
	if _, err := readCommands(io.MultiReader(strings.NewReader("ls\n"), iotest.ErrReader(errors.New("disk gone"))), 24); err == nil {
		t.Error("a reader failing after a line: no error")
	}
}
