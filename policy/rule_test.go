package policy

import (
	"strings"
	"testing"
)

func TestParseRule(t *testing.T) {
	tests := []struct {
		text    string
		tool    string
		kind    RuleKind
		pattern string
		err     string
	}{
		{"bash(prefix:git status*)", "bash", CommandPrefix, "git status", ""},
		{"Bash(prefix:make build)", "bash", CommandExact, "make build", ""},
		{"BASH(npm run test:*)", "bash", CommandPrefix, "npm run test", ""},
		{"bash(prefix:  go   build*)", "bash", CommandPrefix, "go build", ""},
		{"bash", "bash", WholeTool, "", ""},
		{"write_file", "write_file", WholeTool, "", ""},
		{"Read_File(path:**/.env*)", "read_file", PathGlob, "**/.env*", ""},
		{"mcp__github__create_issue", "mcp__github__create_issue", WholeTool, "", ""},
		{"", "", 0, "", "empty rule"},
		{"bash(prefix:git status*", "", 0, "", "missing the closing )"},
		{"bash()", "", 0, "", "empty command"},
		{"bash(prefix:*)", "", 0, "", "empty command"},
		{"read_file(prefix:cat*)", "", 0, "", "only bash rules take a command"},
		{"bash(path:**)", "", 0, "", "path: patterns are for read_file"},
		{"write_file(path:)", "", 0, "", "empty path pattern"},
		{"write_file(path:[)", "", 0, "", "bad path pattern"},
		{"two words", "", 0, "", "not a tool name"},
		{"bad name(prefix:x)", "", 0, "", "not a tool name"},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.text)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseRule(%q) error = %v, want one containing %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.text, err)
			continue
		}
		if r.Tool != tt.tool || r.Kind != tt.kind || r.Pattern != tt.pattern {
			t.Errorf("ParseRule(%q) = %q %v %q, want %q %v %q", tt.text, r.Tool, r.Kind, r.Pattern, tt.tool, tt.kind, tt.pattern)
		}
	}
}

func TestRuleMatchCommand(t *testing.T) {
	prefix, _ := ParseRule("bash(prefix:git status*)")
	exact, _ := ParseRule("bash(prefix:make build)")
	for _, tt := range []struct {
		r    Rule
		cmd  string
		want bool
	}{
		{prefix, "git status", true},
		{prefix, "git status -s", true},
		{prefix, "git stash", false},
		{prefix, "sudo git status", false},
		{exact, "make build", true},
		{exact, "make build2", false},
		{exact, "make", false},
	} {
		if got := tt.r.matchCommand(tt.cmd); got != tt.want {
			t.Errorf("%s matches %q = %v, want %v", tt.r, tt.cmd, got, tt.want)
		}
	}
}

func TestRuleMatchPath(t *testing.T) {
	pc := PathContext{Cwd: "/home/u/proj", Home: "/home/u"}
	for _, tt := range []struct {
		rule, path string
		want       bool
	}{
		{"read_file(path:**/.env*)", "/home/u/proj/.env", true},
		{"read_file(path:**/.env*)", "/home/u/proj/config/.env.local", true},
		{"read_file(path:**/.env*)", "/etc/.env", true},
		{"read_file(path:**/.env*)", "/home/u/proj/env.txt", false},
		{"write_file(path:.git/**)", "/home/u/proj/.git/config", true},
		{"write_file(path:.git/**)", "/home/u/proj/.git/hooks/pre-commit", true},
		{"write_file(path:.git/**)", "/home/u/other/.git/config", false},
		{"write_file(path:src/*.go)", "/home/u/proj/src/main.go", true},
		{"write_file(path:src/*.go)", "/home/u/proj/src/sub/main.go", false},
		{"write_file(path:src/**/*.go)", "/home/u/proj/src/sub/main.go", true},
		{"write_file(path:src/**/*.go)", "/home/u/proj/src/main.go", true},
		{"read_file(path:~/.ssh/**)", "/home/u/.ssh/id_rsa", true},
		{"read_file(path:/etc/**)", "/etc/passwd", true},
		{"read_file(path:/etc/**)", "/home/u/proj/etc/x", false},
	} {
		r, err := ParseRule(tt.rule)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.matchPath(tt.path, pc); got != tt.want {
			t.Errorf("%s matches %s = %v, want %v", tt.rule, tt.path, got, tt.want)
		}
	}
}

// TestAllowPrefixEndsAtWord: an allow rule's prefix ends at a word boundary
// ; deny and ask rules keep the string prefix.
func TestAllowPrefixEndsAtWord(t *testing.T) {
	allow := mustRule(t, "bash(prefix:make build*)")
	for cmd, want := range map[string]bool{
		"make build": true, "make build -j4": true, "make buildall": false, "make buil": false, "make": false,
	} {
		if got := allow.matchAllow(cmd); got != want {
			t.Errorf("allow make build*: %q = %v, want %v", cmd, got, want)
		}
	}
	file := mustRule(t, "bash(prefix:rm foo.txt*)")
	if file.matchAllow("rm foo.txt.bak") || !file.matchAllow("rm foo.txt") {
		t.Error("allow rm foo.txt* must allow rm foo.txt and only it")
	}
	if !allow.matchCommand("make buildall") {
		t.Error("a deny or ask rule keeps the string prefix")
	}
	for rule, cmd := range map[string]string{"bash(prefix:rm build/*)": "rm build/x", "bash(prefix:make FLAGS=*)": "make FLAGS=-O2"} {
		if !mustRule(t, rule).matchAllow(cmd) {
			t.Errorf("%s must allow %s: the prefix ends at a separator", rule, cmd)
		}
	}
	spaced := mustRule(t, "bash(prefix:git commit -m *)")
	if !spaced.matchAllow("git commit -m wip") {
		t.Error("a prefix that ends with a space ends at a word already")
	}
}

func mustRule(t *testing.T, text string) Rule {
	t.Helper()
	r, err := ParseRule(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
