package validator

import (
	"slices"
	"strings"
	"testing"
)

func findingKinds(fs []Finding) []string {
	var kinds []string
	for _, f := range fs {
		if !slices.Contains(kinds, string(f.Kind)) {
			kinds = append(kinds, string(f.Kind))
		}
	}
	slices.Sort(kinds)
	return kinds
}

func TestCheckPath(t *testing.T) {
	// /home/user/lnk stands for a symlink to the home directory on disk.
	resolve := func(p string) string {
		if rest, ok := strings.CutPrefix(p, "/home/user/lnk"); ok {
			return "/home/user" + rest
		}
		return p
	}
	env := corpusEnv
	env.Resolve = resolve
	v := New(env)
	for _, tt := range []struct {
		op   PathOp
		path string
		want []string
	}{
		{PathWrite, "/home/user/.config/permgate/config.toml", []string{"self_modify"}},
		{PathWrite, "~/.local/state/permgate/state.json", []string{"self_modify"}},
		{PathWrite, "../.config/permgate/config.toml", []string{"self_modify"}},
		{PathWrite, "/home/user/lnk/.config/permgate/config.toml", []string{"self_modify"}},
		{PathWrite, "/home/user/.claude/settings.json", []string{"self_modify"}},
		{PathWrite, ".claude/settings.local.json", []string{"self_modify"}},
		{PathWrite, "/home/user/.codex/config.toml", []string{"self_modify"}},
		{PathWrite, "/home/user/.gemini/settings.json", []string{"self_modify"}},
		{PathWrite, ".cursor/hooks.json", []string{"self_modify"}},
		{PathWrite, ".github/hooks/gate.json", []string{"self_modify"}},
		{PathWrite, "/etc/permgate/config.toml", []string{"critical_write", "self_modify"}},
		{PathWrite, "/home/user/.bashrc", []string{"critical_write"}},
		{PathWrite, "/etc/hosts", []string{"critical_write"}},
		{PathWrite, ".git/hooks/pre-commit", []string{"protected_write"}},
		{PathWrite, ".claude/agents/x.md", []string{"protected_write"}},
		{PathWrite, "sub/.permgate.toml", []string{"protected_write"}},
		{PathWrite, "main.go", nil},
		{PathWrite, "/home/user/.config/nvim/init.lua", nil},
		{PathWrite, "/home/user/.config/permgate.toml", nil},
		{PathWrite, "", nil},
		{PathRead, ".env", []string{"secret_access"}},
		{PathRead, "/home/user/.ssh/id_ed25519", []string{"secret_access"}},
		{PathRead, "/home/user/.config/permgate/config.toml", nil},
		{PathRead, "main.go", nil},
		{PathRead, ".env.example", nil},
		{PathRead, "**/.env*", []string{"secret_access"}},
		{PathRead, "/home/user/.ssh/id_*", []string{"secret_access"}},
		{PathRead, "/home/user/.ssh/*", []string{"secret_access"}},
		{PathRead, "src/**/*.go", nil},
		{PathRead, "src/*", nil},
		{PathWrite, "/home/user/.config/perm*/config.toml", []string{"self_modify"}},
		{PathWrite, "src/*.go", nil},
	} {
		got := findingKinds(v.CheckPath(tt.op, tt.path))
		if !slices.Equal(got, tt.want) {
			t.Errorf("CheckPath(%v, %q) = %v, want %v", tt.op, tt.path, got, tt.want)
		}
	}
}

func TestCheckPathSeverity(t *testing.T) {
	v := New(corpusEnv)
	for _, f := range v.CheckPath(PathWrite, "/home/user/.config/permgate/config.toml") {
		if f.Severity != Severe || f.Command != "/home/user/.config/permgate/config.toml" || !strings.Contains(f.Reason, "permgate's own config") {
			t.Errorf("finding %+v: want severe, the path as its command, a reason naming permgate's config", f)
		}
	}
	for _, f := range v.CheckPath(PathRead, ".env") {
		if f.Severity != NonSevere {
			t.Errorf("secret read %+v: want non-severe", f)
		}
	}
}

// TestSelfWritesEnv: what permgate treats as its own files follows the
// environment it is given: XDG directories and links on disk.
func TestSelfWritesEnv(t *testing.T) {
	env := corpusEnv
	env.XDGConfigHome = "/srv/cfg"
	env.XDGStateHome = "/srv/state"
	env.Resolve = func(p string) string {
		if rest, ok := strings.CutPrefix(p, "/tmp/h"); ok && (rest == "" || rest[0] == '/') {
			return "/home/user" + rest
		}
		return p
	}
	v := New(env)
	for _, tt := range []struct {
		command string
		self    bool
	}{
		{`echo x > /srv/cfg/permgate/config.toml`, true},
		{`echo x > $XDG_CONFIG_HOME/permgate/config.toml`, true},
		{`echo x > "${XDG_STATE_HOME}/permgate/state.json"`, true},
		{`echo x > ${XDG_CONFIG_HOME:-/nowhere}/permgate/config.toml`, true},
		{`mv /srv/cfg /srv/old`, true},
		{`rm -rf /srv/state`, true},
		{`echo x > /tmp/h/.config/permgate/config.toml`, true},
		{`cp -r x /tmp/h/.config`, true},
		{`echo x > /tmp/hx/.config/permgate/config.toml`, false},
		{`echo x > /srv/cfg/nvim/init.lua`, false},
		{`cat /tmp/h/.config/permgate/config.toml`, false},
		// the defaults still count: a shell may have other values
		{`echo x > ~/.config/permgate/config.toml`, true},
	} {
		a := v.CheckScript(tt.command)
		if got := slices.Contains(a.Kinds(), "self_modify"); got != tt.self {
			t.Errorf("%s: self_modify = %v, want %v (%v)", tt.command, got, tt.self, a.Kinds())
		}
	}
}

// TestResolveOnlyForWrites: the symlink resolver is never called for a
// read-only command, which must stay free of file system calls.
func TestResolveOnlyForWrites(t *testing.T) {
	calls := 0
	env := corpusEnv
	env.Resolve = func(p string) string { calls++; return p }
	v := New(env)
	for _, c := range []string{`git status && git diff | head`, `cat ~/.config/permgate/config.toml`, `ls -la ~/.config`, `grep -r x src`, `ls missing 2>/dev/null`, `git log 2>/dev/null | head`} {
		v.CheckScript(c)
	}
	if calls != 0 {
		t.Errorf("Resolve called %d times for read-only commands", calls)
	}
	v.CheckScript(`echo x > out.txt`)
	if calls == 0 {
		t.Errorf("Resolve not called for a write")
	}
}

func TestBraceExpand(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"a/{b,c}/d", []string{"a/b/d", "a/c/d"}},
		{"x{1,2}{a,b}", []string{"x1a", "x1b", "x2a", "x2b"}},
		{"{a,{b,c}}", []string{"a", "b", "c"}},
		{"no{brace}", []string{"no{brace}"}},
		{"plain", []string{"plain"}},
	} {
		if got := braceExpand(tt.in, 0); !slices.Equal(got, tt.want) {
			t.Errorf("braceExpand(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// FuzzSelfWrites: any script text is analysed without a panic, and a write of
// permgate's config appended to it is always caught.
func FuzzSelfWrites(f *testing.F) {
	for _, s := range []string{`echo x > ${A:-${B:=~/x}}/y`, `d=$HOME; : > "$d/.config/permgate/x"`, `ln -s ~ h; cp -r {a,{b,c}} h`,
		`tar -xPf x`, `echo > ${`, `x=$(mktemp); unset x; echo > $x`, `rm -rf ~/.*/perm*/`, "echo `x` > $y"} {
		f.Add(s)
	}
	v := New(corpusEnv)
	f.Fuzz(func(t *testing.T, s string) {
		v.CheckScript(s)
		a := v.CheckScript(s + "\necho x > ~/.config/permgate/config.toml\n")
		if !a.Incomplete() && !slices.Contains(a.Kinds(), "self_modify") {
			t.Errorf("%q followed by a write of permgate's config: kinds %v", s, a.Kinds())
		}
	})
}

// TestLinksFollowed: a link the script made earlier is followed for later
// writes; the later write itself carries self_modify, not only the ln.
func TestLinksFollowed(t *testing.T) {
	v := New(corpusEnv)
	for _, script := range []string{
		`ln -s ~ /tmp/h; echo x > /tmp/h/.config/permgate/config.toml`,
		`ln -s ~/.config /tmp/c && cp evil.toml /tmp/c/permgate/config.toml`,
		`cd /tmp && ln -s ~/.local/state s && : > s/permgate/state.json`,
	} {
		a := v.CheckScript(script)
		last := len(a.Commands) - 1
		if !HasKind(a.Commands[last].Findings, "self_modify") {
			t.Errorf("%s: the write through the link has no self_modify (%v)", script, a.AllFindings())
		}
	}
	a := v.CheckScript(`ln -s /tmp/x y; echo x > y/config.toml`)
	if slices.Contains(a.Kinds(), "self_modify") {
		t.Errorf("a link elsewhere: %v", a.AllFindings())
	}
}
