package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestReadmeExamples runs every example in README.md's console blocks — a
// line starting "$ " is run by bash, the lines after it up to the next are
// what it prints — and fails when permgate prints anything else, so the
// examples stay what a user sees. The lines of one block run in turn in one
// fresh home directory, shown as /home/me, with a bash user's SHELL;
// permgate's path is shown as /usr/local/bin/permgate.
func TestReadmeExamples(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	blocks := consoleBlocks(string(text))
	if len(blocks) < 2 {
		t.Fatalf("README.md has %d console blocks; the examples are gone", len(blocks))
	}
	for i, b := range blocks {
		name := filepath.Join(dir, fmt.Sprintf("readme_line%d.txtar", b.line))
		if err := os.WriteFile(name, []byte(exampleScript(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		_ = i
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			home := env.WorkDir + "/home"
			env.Setenv("HOME", home)
			env.Setenv("SHELL", "/bin/bash")
			env.Setenv("XDG_CONFIG_HOME", "")
			env.Setenv("XDG_STATE_HOME", "")
			for _, k := range []string{"PERMGATE_MODE", "PERMGATE_CONFIG", "PERMGATE_PROFILE", "PERMGATE_FAIL_CLOSED", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "ZDOTDIR"} {
				env.Setenv(k, "")
			}
			env.Setenv("PERMGATE_TEST_SYSTEM_CONFIG", env.WorkDir+"/etc/permgate/config.toml")
			env.Setenv("PERMGATE_TEST_CLAUDE_MANAGED", env.WorkDir+"/etc/claude-code/managed-settings.json")
			env.Setenv("PERMGATE_TEST_TTY", env.WorkDir+"/no-such-tty")
			return os.MkdirAll(home, 0o755)
		},
	})
}

// example is one console block of the README: its commands, each with the
// output it shows, and the line the block starts on.
type example struct {
	line  int
	steps []exampleStep
}

type exampleStep struct {
	command string
	output  []string
}

// consoleBlocks returns the README's ```console blocks.
func consoleBlocks(text string) []example {
	var out []example
	var cur *example
	for i, line := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.TrimSpace(line) == "```console":
			out = append(out, example{line: i + 1})
			cur = &out[len(out)-1]
		case cur != nil && strings.TrimSpace(line) == "```":
			cur = nil
		case cur != nil && strings.HasPrefix(line, "$ "):
			cur.steps = append(cur.steps, exampleStep{command: strings.TrimPrefix(line, "$ ")})
		case cur != nil && len(cur.steps) > 0:
			s := &cur.steps[len(cur.steps)-1]
			s.output = append(s.output, line)
		}
	}
	return out
}

// exampleScript is a testscript that runs one block's commands in turn and
// compares what each prints (stdout and stderr, in order) with the README.
func exampleScript(b example) string {
	var script, files strings.Builder
	for i, s := range b.steps {
		fmt.Fprintf(&script, "exec bash step%d.sh\ncmp stdout want%d\n", i, i)
		fmt.Fprintf(&files, "-- step%d.sh --\ncd \"$HOME\"\nbin=$(command -v permgate)\n{\n%s\n} 2>&1 | sed -e \"s#$HOME#/home/me#g\" -e \"s#$bin#/usr/local/bin/permgate#g\"\n", i, s.command)
		fmt.Fprintf(&files, "-- want%d --\n", i)
		for _, o := range s.output {
			files.WriteString(o + "\n")
		}
	}
	return fmt.Sprintf("# README.md line %d\n%s%s", b.line, script.String(), files.String())
}
