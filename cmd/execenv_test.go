package cmd

import (
	"slices"
	"strings"
	"testing"
)

func TestCleanEnvRemovesStartupCode(t *testing.T) {
	env := []string{
		"BASH_ENV=/tmp/x", "ENV=/tmp/x", "SHELLOPTS=xtrace", "BASHOPTS=extdebug", "PS4=$(id)", "PROMPT_COMMAND=id",
		"BASH_FUNC_ls%%=() { id; }", "BASH_FUNC_git()=() { id; }", "old=() { id; }", "LD_PRELOAD=/x.so", "LD_AUDIT=/x.so",
		"IFS=x", "GLOBIGNORE=*", "BASH_COMPAT=3.1", "POSIXLY_CORRECT=1", "EXECIGNORE=*", "BASH_LOADABLES_PATH=/x",
		"PATH=/usr/bin", "HOME=/home/u", "PAGER=less", "TERM=xterm", "EMPTY=", "NOEQUALS",
	}
	kept, removed := cleanEnv(env)
	want := []string{"PATH=/usr/bin", "HOME=/home/u", "PAGER=less", "TERM=xterm", "EMPTY=", "NOEQUALS"}
	if !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
	if len(removed) != len(env)-len(want) {
		t.Errorf("removed %q", removed)
	}
}

func TestScriptArgvShells(t *testing.T) {
	for _, c := range []struct {
		shell string
		want  string // the argv joined, or "" for an error
	}{
		{"", "bash --norc --noprofile -c S"},
		{"bash", "bash --norc --noprofile -c S"},
		{"/usr/local/bin/bash", "/usr/local/bin/bash --norc --noprofile -c S"},
		{"sh", "sh -c S"},
		{"/bin/dash", "/bin/dash -c S"},
		{"zsh", ""},
		{"/usr/bin/fish", ""},
		{"ksh", ""},
		{"python3", ""},
		{"./bash", ""},
		{"bin/sh", ""},
		{"bash\x1b[2J", ""},
	} {
		argv, err := scriptArgv(c.shell, "S")
		got := strings.Join(argv, " ")
		if c.want == "" && err == nil || c.want != "" && got != c.want {
			t.Errorf("scriptArgv(%q) = %q, %v; want %q", c.shell, got, err, c.want)
		}
		if err != nil && strings.ContainsRune(err.Error(), 0x1b) {
			t.Errorf("scriptArgv(%q): error holds a raw escape: %q", c.shell, err)
		}
	}
}

func TestPathDirsAbsoluteOnly(t *testing.T) {
	got := pathDirs("/usr/local/bin::.:bin:/home/u/.local/bin/:relative/x:/opt//tools/bin")
	want := []string{"/usr/local/bin", "/home/u/.local/bin", "/opt/tools/bin"}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("pathDirs: %q missing from %q", w, got)
		}
	}
	for _, d := range got {
		if !strings.HasPrefix(d, "/") {
			t.Errorf("pathDirs: relative entry %q kept", d)
		}
	}
}

func TestTermSafeWriterKeepsLinesEscapesTheRest(t *testing.T) {
	var sb strings.Builder
	w := termSafeWriter{&sb}
	in := "permgate: denied: a\x1b[2Jb\u202ec\n\thint \\t stays\xff\n"
	n, err := w.Write([]byte(in))
	if err != nil || n != len(in) {
		t.Fatalf("Write = %d, %v", n, err)
	}
	want := "permgate: denied: a\\x1b[2Jb\\u202ec\n\thint \\t stays\\xff\n"
	if sb.String() != want {
		t.Errorf("got %q, want %q", sb.String(), want)
	}
}

func TestJSONSafeEscapesWhatJSONLeavesRaw(t *testing.T) {
	in := []byte("{\"c\":\"a\x7fb\u0085c\u202ed\u2066e ü\"}\n")
	want := "{\"c\":\"a\\u007fb\\u0085c\\u202ed\\u2066e ü\"}\n"
	if got := string(jsonSafe(in)); got != want {
		t.Errorf("jsonSafe = %q, want %q", got, want)
	}
}
