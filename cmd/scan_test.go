package cmd

import (
	"strings"
	"testing"

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
