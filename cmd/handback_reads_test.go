package cmd

import (
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// TestReadsBeyondWords: the commands whose reads go beyond the files their
// words name — links followed through a tree, the environment printed,
// system and user records — and ordinary ones that do not.
func TestReadsBeyondWords(t *testing.T) {
	tests := []struct {
		command string
		want    bool
	}{
		{"grep -R TODO .", true},
		{"grep -rn TODO .", false},
		{"grep -Rn TODO .", true},
		{"grep --dereference-recursive TODO .", true},
		{"grep -- -R .", false},
		{"rg --follow x", true},
		{"rg -uL x", true},
		{"rg x", false},
		{"find -L . -name x", true},
		{"find . -follow", true},
		{"find . -name x", false},
		{"ls -la", false},
		{"ls -L", true},
		{"ls --dereference=yes", true},
		{"env", true},
		{"printenv HOME", true},
		{"/usr/bin/env", true},
		{"set", true},
		{"set -o", true},
		{"set -e", true},
		{"set +x", true},
		{"set -- a b", false},
		{"export -p", true},
		{"export A=1", false},
		{"declare -p", true},
		{"declare -x A", false},
		{"typeset", true},
		{"readonly -p", true},
		{"local x", false},
		{"ps", false},
		{"ps -e", false},
		{"ps aux", false},
		{"ps e", true},
		{"ps auxe", true},
		{"ps -ef", false},
		{"getent passwd", true},
		{"journalctl -u x", true},
		{"dmesg", true},
		{"lsof", true},
		{"crontab -l", true},
		{"git status", false},
		{"git config user.name", false},
		{"git config --list", true},
		{"git config -l", true},
		{"git config --global user.name", true},
		{"git config --get-regexp=x", true},
		{"git -C /tmp config --list", true},
		{"git -c a=b config --list", true},
		{"git --git-dir x config -l", true},
		{"git --no-pager config -l", true},
		{"git log --list", false},
		{"git -C config status", false},
		{"git", false},
	}
	p := shellparse.NewParser(shellparse.Options{})
	for _, tt := range tests {
		res := p.ParseScript(tt.command)
		if len(res.Commands) != 1 {
			t.Fatalf("%q: %d commands", tt.command, len(res.Commands))
		}
		if got := readsBeyondWords(res.Commands[0]); got != tt.want {
			t.Errorf("readsBeyondWords(%q) = %v, want %v", tt.command, got, tt.want)
		}
	}
	if readsBeyondWords(shellparse.SimpleCommand{}) {
		t.Error("a command without words reads beyond them")
	}
}

// TestAttachedPath: the path attached to a short option word, after one or
// two letters, and the words that carry none.
func TestAttachedPath(t *testing.T) {
	tests := []struct {
		word, path string
		ok         bool
	}{
		{"-f/etc/passwd", "/etc/passwd", true},
		{"-rf~/x", "~/x", true},
		{"-C./sub", "./sub", true},
		{"-d/", "/", false},
		{"-abc/x", "", false},
		{"-1/x", "/x", true},
		{"-a1/x", "", false},
		{"--file=/x", "", false},
		{"-f", "", false},
		{"-", "", false},
		{"x/y", "", false},
		{"-x.", ".", true},
	}
	for _, tt := range tests {
		if p, ok := attachedPath(tt.word); p != tt.path || ok != tt.ok {
			t.Errorf("attachedPath(%q) = %q, %v; want %q, %v", tt.word, p, ok, tt.path, tt.ok)
		}
	}
}
