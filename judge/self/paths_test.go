package self

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// testEnv is a user's environment: home /home/user, working in a project.
var testEnv = Env{Cwd: "/home/user/project", Home: "/home/user",
	StateDirs:   []string{"/etc/permgate", "/home/user/.config/permgate", "/home/user/.local/state/permgate"},
	Binary:      func() string { return "/home/user/go/bin/permgate" },
	JudgedAlone: func(p string) bool { return p == "/home/user" || p == "/etc" }}

func TestFile(t *testing.T) {
	ps := NewPaths(testEnv)
	for p, want := range map[string]string{
		"/home/user/.config/permgate/config.toml":          Reason,
		"/home/user/.Config/PermGate/config.toml":          Reason,
		"/proc/self/root/etc/permgate/x":                   Reason,
		"/home/user/go/bin/permgate":                       permgateBinaryWhy,
		"/usr/local/bin/permgate":                          permgateBinaryWhy,
		"/home/user/project/bin/permgate":                  "", // a build in the project
		"/home/user/.claude/settings.local.json":           harnessWhy,
		"/home/user/.claude/settings.json.permgate-backup": harnessWhy,
		"/home/user/.codex/rules/default.rules":            harnessWhy,
		"/home/user/.gemini/policies/x.toml":               harnessWhy,
		"/home/user/project/.github/hooks/x.json":          harnessWhy,
		"/home/user/.config/opencode/plugin/x.ts":          harnessWhy,
		"/home/user/project/opencode.jsonc":                harnessWhy,
		"/home/user/.copilot/extensions/x/extension.mjs":   extensionWhy,
		"/home/user/.codex/auth.json":                      "",
		"/home/user/project/main.go":                       "",
	} {
		if got := ps.File(p); got != want {
			t.Errorf("File(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestGlobAndAncestor(t *testing.T) {
	ps := NewPaths(testEnv)
	for _, tt := range []struct {
		pattern        string
		inside, parent bool
	}{
		{"/home/user/.config/*/config.toml", true, false},
		{"/home/user/.c*", false, true},
		{"/home/user/.c*/permgate", true, false},
		{"/home/user/*", false, false}, // a leading dot is matched only literally
		{"/tmp/*", false, false},
	} {
		if in, anc := ps.Glob(tt.pattern); in != tt.inside || anc != tt.parent {
			t.Errorf("Glob(%s) = %v %v, want %v %v", tt.pattern, in, anc, tt.inside, tt.parent)
		}
	}
	for p, want := range map[string]bool{"/home/user/.config": true, "/home/user/.claude": true, "/home/user": false, "/home/user/project": false, "/srv": false} {
		if got := ps.Ancestor(p, false); got != want {
			t.Errorf("Ancestor(%s, false) = %v, want %v", p, got, want)
		}
	}
	if !ps.Ancestor("/home/user", true) {
		t.Error("Ancestor(home, true) = false: with all, the home directory holds permgate's files")
	}
}

func TestCoversSealKey(t *testing.T) {
	ps := NewPaths(testEnv)
	for p, want := range map[string]bool{"/home/user/.local/state/permgate/seal.key": true, "/home/user/.local/state": true,
		"/home/user/.local/state/permgate/s*": true, "/home/user": false, "/home/user/.local/state/permgate/state.json": false} {
		if got := ps.CoversSealKey(p); got != want {
			t.Errorf("CoversSealKey(%s) = %v, want %v", p, got, want)
		}
	}
}

func TestPermgateReadOnly(t *testing.T) {
	for args, want := range map[string]bool{"log": true, "rules list": true, "rules add x": false, "mode": true, "mode plan": false,
		"--help mode bypass": true, "config show": true, "install claude": false, "--mode bypass log": false, "githook pre-commit": false} {
		var words []shellparse.Word
		for _, f := range strings.Fields(args) {
			words = append(words, shellparse.Word{Text: f, Static: true})
		}
		if got := PermgateReadOnly(words); got != want {
			t.Errorf("PermgateReadOnly(%s) = %v, want %v", args, got, want)
		}
	}
}

// fakeHost is a Host for one command, with paths taken as written.
type fakeHost struct {
	ps    *Paths
	st    State
	cmd   shellparse.SimpleCommand
	found []string
}

func (h *fakeHost) Report(_ finding.Kind, name string, _ finding.Severity, _, _ string) {
	h.found = append(h.found, name)
}
func (h *fakeHost) WriteTarget(w shellparse.Word, how string) {
	h.found = append(h.found, "write:"+w.Text)
}
func (h *fakeHost) Resolve(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Join(h.ps.env.Cwd, p)
}
func (h *fakeHost) ExpandPath(w shellparse.Word) ([]string, bool) {
	if !w.Static {
		return nil, true
	}
	return []string{strings.Replace(w.Text, "~", h.ps.env.Home, 1)}, false
}
func (h *fakeHost) Dir() string                                                 { return h.ps.env.Cwd }
func (h *fakeHost) SelfPaths() *Paths                                           { return h.ps }
func (h *fakeHost) SelfState() *State                                           { return &h.st }
func (h *fakeHost) SelfRealPaths(p string) []string                             { return []string{p} }
func (h *fakeHost) SelfKnownPath(w shellparse.Word) (string, bool)              { return w.Text, w.Static }
func (h *fakeHost) SelfReadOnly(shellparse.SimpleCommand) bool                  { return false }
func (h *fakeHost) SelfInterpreter(base string) bool                            { return base == "python3" }
func (h *fakeHost) SelfCopyTargets(shellparse.SimpleCommand) []shellparse.Word  { return nil }
func (h *fakeHost) SelfExtractDirs(string, []shellparse.Word) []shellparse.Word { return nil }
func (h *fakeHost) SelfGitCloneDestination([]shellparse.Word) []shellparse.Word { return nil }
func (h *fakeHost) SelfFindRoots(args []shellparse.Word) (roots, expr []shellparse.Word) {
	return args[:1], args[1:]
}
func (h *fakeHost) SelfNoteLink(string, string)               {}
func (h *fakeHost) SelfCommand() shellparse.SimpleCommand     { return h.cmd }
func (h *fakeHost) SelfPipeChain() []shellparse.SimpleCommand { return nil }
func (h *fakeHost) SelfPipeWriters() int                      { return 0 }

func TestTreeSelf(t *testing.T) {
	for text, want := range map[string]string{"~/.config": "self_dir", "~/.config/permgate": "self_path", "~/.c*": "self_glob", "/tmp/x": "", "~/project/x": ""} {
		h := &fakeHost{ps: NewPaths(testEnv)}
		TreeSelf(h, shellparse.Word{Text: text, Static: true}, "mv "+text, false)
		if got := strings.Join(h.found, ","); got != want {
			t.Errorf("TreeSelf(%s) found %q, want %q", text, got, want)
		}
	}
}

func TestRuntimeWrite(t *testing.T) {
	for text, want := range map[string]string{"$d/out.txt": "", "$d/config.toml": "self_dynamic_path", "$f": "self_dynamic_path"} {
		h := &fakeHost{ps: NewPaths(testEnv)}
		RuntimeWrite(h, shellparse.Word{Text: text}, "echo > "+text, false)
		if got := strings.Join(h.found, ","); got != want {
			t.Errorf("RuntimeWrite(%s) found %q, want %q", text, got, want)
		}
	}
}

// TestGlobBinary: a pattern reaches the program running now, or a file named
// permgate in a bin directory outside the project, or a directory above it.
func TestGlobBinary(t *testing.T) {
	env := testEnv
	env.Binary = func() string { return "/opt/tools/pg" }
	env.Exists = func(p string) bool { return p == "/usr/local/bin/permgate" }
	ps := NewPaths(env)
	for _, tt := range []struct {
		pattern        string
		inside, parent bool
	}{
		{"/opt/tools/p*", true, false},
		{"/opt/tools/*", true, false},
		{"/opt/t*", false, true},
		{"/opt/tools/*.txt", false, false},
		{"/usr/local/bin/perm*", true, false},
		{"/usr/local/bin/*", true, false},
		{"/usr/local/bin/*.sh", false, false},
		{"/home/user/bin/*", false, false}, // no file named permgate there
		{"/opt/t*/", false, true},
		{"/home/user/project/bin/*", false, false}, // a build in the project
		{"/srv/*", false, false},
	} {
		if in, anc := ps.GlobBinary(tt.pattern); in != tt.inside || anc != tt.parent {
			t.Errorf("GlobBinary(%s) = %v %v, want %v %v", tt.pattern, in, anc, tt.inside, tt.parent)
		}
	}
	if !ps.Ancestor("/opt/tools", false) || ps.Ancestor("/opt/other", false) {
		t.Error("Ancestor: the running program's directory is above it, another is not")
	}
}

// TestNearAsksNoBinary: whether a directory is near permgate's own is told
// without asking where the program is (a read-only command asks it nothing).
func TestNearAsksNoBinary(t *testing.T) {
	env := testEnv
	asked := 0
	env.Binary = func() string { asked++; return "/opt/tools/pg" }
	ps := NewPaths(env)
	if ps.near("/opt/tools") || !ps.near("/home/user/.config") || asked != 0 {
		t.Errorf("near: /opt/tools %v, ~/.config %v, program asked %d times", ps.near("/opt/tools"), ps.near("/home/user/.config"), asked)
	}
}

func TestMentionsWholePath(t *testing.T) {
	for text, want := range map[string]bool{`os.rename("/opt/tools","/tmp/x")`: true, `os.chdir('/opt/tools/')`: true, `"/opt/tools/node"`: false,
		`/opt/toolsx`: false, `x=/opt/tools; y`: true, `/opt/tools`: true, `/opt/tools/`: true, ``: false} {
		if got := mentionsWholePath(text, "/opt/tools"); got != want {
			t.Errorf("mentionsWholePath(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestPathCandidates(t *testing.T) {
	for in, want := range map[string][]string{"a,/x,b": {"a,/x,b", "/x"}, "a,/x": {"a,/x", "/x"}, "/x,~/y": {"/x,~/y", "/x", "~/y"},
		"plain": {"plain"}, "a,b": {"a,b"}, "-o/etc/x": {"-o/etc/x", "/etc/x"}, "--f=@.env": {"--f=@.env", "@.env", ".env"}} {
		if got := PathCandidates(nil, in); !slices.Equal(got, want) {
			t.Errorf("PathCandidates(%q) = %q, want %q", in, got, want)
		}
	}
}
