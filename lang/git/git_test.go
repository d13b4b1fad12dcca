package git

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// fakeHost records what the judgement reports and asks.
type fakeHost struct {
	ids      []string
	nested   []string
	written  []string
	dir      string
	byName   bool
	projects []string
}

func (h *fakeHost) Report(kind finding.Kind, name string, _ finding.Severity, _, _ string) {
	h.ids = append(h.ids, string(kind)+"."+name)
}
func (h *fakeHost) Nested(script, how string)                 { h.nested = append(h.nested, how+": "+script) }
func (h *fakeHost) WriteTarget(w shellparse.Word, how string) { h.written = append(h.written, w.Text) }
func (h *fakeHost) Dir() string                               { return h.dir }
func (h *fakeHost) GitByName() bool                           { return h.byName }
func (h *fakeHost) GitProjectFiles() []string                 { return h.projects }
func (h *fakeHost) GitKnownPath(w shellparse.Word) (string, bool) {
	return w.Text, w.Static
}

// GitWrites stands for git's declared writes: --output's value.
func (h *fakeHost) GitWrites(args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for _, w := range args {
		if v, ok := strings.CutPrefix(w.Text, "--output="); ok {
			out = append(out, shellparse.Word{Text: v, Static: true})
		}
	}
	return out
}

func (h *fakeHost) GitChangeDir(dir string, to shellparse.Word) string {
	if strings.HasPrefix(to.Text, "/") {
		return path.Clean(to.Text)
	}
	return path.Join(dir, to.Text)
}

func (h *fakeHost) GitPathspecCovers(w shellparse.Word, dir string) string {
	abs := w.Text
	if !strings.HasPrefix(abs, "/") {
		abs = path.Join(dir, abs)
	}
	for _, f := range h.projects {
		if pathin.Within(f, abs) {
			return f
		}
	}
	return ""
}

func (h *fakeHost) GitNewRootHides(dir string) string {
	for _, f := range h.projects {
		pd := path.Dir(f)
		if dir == "" && pd != h.dir && pathin.Within(h.dir, pd) || dir != "" && dir != pd && pathin.Within(dir, pd) && pathin.Within(h.dir, dir) {
			return f
		}
	}
	return ""
}

var judgeCases = []struct {
	line string
	ids  []string
}{
	{"status", nil},
	{"push -f origin main", []string{"git_destructive.force_push"}},
	{"push origin :old", []string{"git_destructive.push_delete"}},
	{"push --force-with-lease", []string{"force_with_lease.push"}},
	{"push origin +main", []string{"git_destructive.force_push"}},
	{"reset --hard HEAD~1", []string{"git_destructive.reset_hard"}},
	{"reset --soft HEAD~1", nil},
	{"clean -fd", []string{"git_destructive.clean"}},
	{"clean -n", nil},
	{"-c clean.requireForce=false clean -d", []string{"git_destructive.clean"}},
	{"checkout -- src", []string{"git_destructive.checkout_paths"}},
	{"checkout .", []string{"git_destructive.checkout_discard"}},
	{"checkout -b topic", nil},
	{"checkout main file.go", []string{"git_destructive.checkout_ref_paths"}},
	{"restore --staged x", nil},
	{"restore x", []string{"git_destructive.restore"}},
	{"branch -D topic", []string{"git_destructive.branch_force_delete"}},
	{"branch -d topic", nil},
	{"stash clear", []string{"git_destructive.stash_clear"}},
	{"stash -q clear", nil},
	{"reflog expire --all", []string{"git_destructive.reflog_expire"}},
	{"filter-branch --all", []string{"git_destructive.filter_branch"}},
	{"-c core.pager=most log", []string{"git_config_exec.git_config_program"}},
	// a pager that only prints runs nothing else, as GIT_PAGER=less does not
	{"-c core.pager=less log", nil},
	{"-c color.ui=always log", nil},
	{"--config-env core.editor=ED commit", []string{"git_config_exec.git_config_program"}},
	{"fetch --upload-pack=/tmp/x", []string{"git_config_exec.git_option"}},
	// the options every verb reads (registry's gitCommon), abbreviated and
	// with the value in the next word, on a verb that does not list them
	{"fetch --upload-pa /tmp/x", []string{"git_config_exec.git_option"}},
	{"ls-remote --up=/tmp/x origin", []string{"git_config_exec.git_option"}},
	{"clone -u /tmp/x url", []string{"git_config_exec.git_option_value"}},
	{"clone --template=/tmp/t url", []string{"git_config_exec.git_template"}},
	{"clone -c core.hooksPath=/tmp/h url", []string{"git_config_exec.git_sub_config"}},
	{"config core.sshCommand evil", []string{"git_config_exec.git_config_set"}},
	{"config --unset core.hooksPath", []string{"git_config_exec.git_config_unset"}},
	{"config --get core.pager", nil},
	{"grep -O foo", []string{"inline_code.git_grep_open"}},
	{"-c alias.p=push\\ -f p", []string{"git_destructive.force_push"}},
	{"push --help", nil},
}

// words reads a line as static words; a backslash joins a word with the next.
func words(line string) []shellparse.Word {
	var out []shellparse.Word
	for _, f := range strings.Fields(strings.ReplaceAll(line, "\\ ", "\x00")) {
		out = append(out, shellparse.Word{Text: strings.ReplaceAll(f, "\x00", " "), Static: true})
	}
	return out
}

func TestJudge(t *testing.T) {
	for _, tc := range judgeCases {
		var s State
		h := &fakeHost{dir: "/p", byName: true}
		s.Judge(h, words(tc.line))
		if !slices.Equal(h.ids, tc.ids) {
			t.Errorf("git %s: %q, want %q", tc.line, h.ids, tc.ids)
		}
	}
}

// TestStateAcrossCommands: an alias or clean.requireForce the script sets
// with git config applies to the git commands after it.
func TestStateAcrossCommands(t *testing.T) {
	var s State
	h := &fakeHost{dir: "/p", byName: true}
	s.Judge(h, words("config alias.wipe reset\\ --hard"))
	s.Judge(h, words("wipe"))
	s.Judge(h, words("config alias.sh !rm\\ -rf\\ /"))
	s.Judge(h, words("sh"))
	s.Judge(h, words("config clean.requireForce false"))
	s.Judge(h, words("clean -d"))
	want := []string{"git_destructive.reset_hard", "git_config_exec.git_config_set", "git_destructive.clean"}
	if !slices.Equal(h.ids, want) {
		t.Errorf("findings %q, want %q", h.ids, want)
	}
	if len(h.nested) != 1 || h.nested[0] != "git alias sh runs a shell command: rm -rf /" {
		t.Errorf("nested %q", h.nested)
	}
	var fresh State
	h2 := &fakeHost{dir: "/p"}
	fresh.Judge(h2, words("wipe"))
	if len(h2.ids) != 0 {
		t.Errorf("a new script's State knows no alias: %q", h2.ids)
	}
}

// TestWrites: the declared writes are judged unless the write judgement
// reads git's argv itself (git called by its plain name).
func TestWrites(t *testing.T) {
	for _, byName := range []bool{true, false} {
		var s State
		h := &fakeHost{dir: "/p", byName: byName}
		s.Judge(h, words("diff --output=/etc/x"))
		if got := len(h.written) == 1; got == byName {
			t.Errorf("by name %v: written %q", byName, h.written)
		}
	}
}

func TestProjectFiles(t *testing.T) {
	cases := []struct {
		line string
		ids  []string
	}{
		{"rm .permgate.toml", []string{"protected_write.project_config_git"}},
		{"rm -n .permgate.toml", nil},
		{"rm -r sub", []string{"protected_write.project_config_git_dir"}},
		{"mv sub other", []string{"protected_write.project_config_git_dir"}},
		{"reset --hard", []string{"protected_write.project_config_git_replace", "git_destructive.reset_hard"}},
		{"stash", []string{"protected_write.project_config_git_replace"}},
		{"checkout main", []string{"protected_write.project_config_git_replace"}},
		{"rm --pathspec-from-file=list", []string{"protected_write.project_config_git_pathspec"}},
		{"-C /elsewhere reset --hard", []string{"git_destructive.reset_hard"}},
	}
	for _, tc := range cases {
		var s State
		h := &fakeHost{dir: "/p", byName: true, projects: []string{"/p/sub/x/.permgate.toml"}}
		s.Judge(h, words(tc.line))
		if !slices.Equal(h.ids, tc.ids) {
			t.Errorf("git %s: %q, want %q", tc.line, h.ids, tc.ids)
		}
	}
}

// TestNewRoot: git init and git clone between the working directory and a
// project config stop it from applying.
func TestNewRoot(t *testing.T) {
	cases := []struct {
		line string
		ids  []string
	}{
		{"init", []string{"protected_write.project_git_init"}},
		{"init .", []string{"protected_write.project_git_init"}},
		{"init /elsewhere", nil},
		{"clone url", nil},
		{"clone url .", []string{"protected_write.project_git_init"}},
	}
	for _, tc := range cases {
		var s State
		h := &fakeHost{dir: "/p/sub", byName: true, projects: []string{"/p/.permgate.toml"}}
		s.Judge(h, words(tc.line))
		if !slices.Equal(h.ids, tc.ids) {
			t.Errorf("git %s: %q, want %q", tc.line, h.ids, tc.ids)
		}
	}
	var s State
	h := &fakeHost{dir: "/p/sub", projects: []string{"/p/.permgate.toml"}}
	s.Judge(h, []shellparse.Word{{Text: "clone", Static: true}, {Text: "$url"}})
	if !slices.Equal(h.ids, []string{"protected_write.project_git_init"}) {
		t.Errorf("git clone $url: %q", h.ids)
	}
}

func TestReadOnly(t *testing.T) {
	cases := []struct {
		line string
		want bool
	}{
		{"status", true},
		{"log --oneline", true},
		{"log --output=x", false},
		{"-c color.ui=always log", true},
		{"-c core.pager=most log", false},
		{"-c core.pager=less log", true},
		{"-c alias.st=status st", true},
		{"-c alias.p=push p", false},
		{"-c alias.x=!ls x", false},
		{"ls-remote origin", true},
		{"ls-remote ext::sh\\ -c\\ id", false},
		{"ls-remote evil::x", false},
		{"grep std::string", true},
		{"-p log", false},
		{"diff --ext-diff", false},
		{"grep -O foo", false},
		{"branch", true},
		{"branch new", false},
		{"branch -v", true},
		{"tag", true},
		{"tag v1", false},
		{"tag -l v*", true},
		{"remote -v", true},
		{"remote add o url", false},
		{"config --get user.name", true},
		{"config user.name", true},
		{"config user.name me", false},
		{"stash list", true},
		{"stash", false},
		{"reflog", true},
		{"worktree list", true},
		{"lfs ls-files", true},
		{"submodule status", true},
		{"commit -m x", false},
		{"commit --help", true},
		{"push", false},
	}
	for _, tc := range cases {
		if got := ReadOnly(words(tc.line)); got != tc.want {
			t.Errorf("git %s: read-only %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestExecKey(t *testing.T) {
	cases := []struct {
		key, value string
		want       bool
	}{
		{"core.pager", "less", true},
		{"CORE.PAGER", "less", true},
		{"pager.log", "false", false},
		{"pager.log", "less -R", true},
		{"alias.co", "checkout", false},
		{"alias.x", " !sh", true},
		{"filter.lfs.smudge", "x", true},
		{"filter.lfs.required", "true", false},
		{"includeIf.gitdir:~/w/.path", "x", true},
		{"user.name", "me", false},
	}
	for _, tc := range cases {
		if got := execKey(tc.key, tc.value); got != tc.want {
			t.Errorf("execKey(%q, %q) = %v, want %v", tc.key, tc.value, got, tc.want)
		}
	}
}

// TestStateParse: the State reads the same words once; other words, even
// equal ones, are read again.
func TestStateParse(t *testing.T) {
	var s State
	args := words("log --oneline")
	a := s.Parse(args)
	if b := s.Parse(args); b.verb != a.verb {
		t.Error("the same words were read again")
	}
	if c := s.Parse(words("log --oneline")); c.verb == a.verb || c.Sub != "log" {
		t.Error("other words were not read")
	}
	if g := s.Parse(args[:1]); len(g.Args) != 0 || g.Sub != "log" {
		t.Errorf("a shorter slice of the same words: %+v", g)
	}
}

// TestDynamic: a word known only at run time before the verb leaves the verb
// unknown.
func TestDynamic(t *testing.T) {
	args := []shellparse.Word{{Text: "$x"}, {Text: "push", Static: true}}
	if g := Parse(args); !g.Dynamic || g.Sub != "" {
		t.Errorf("Parse($x push) = %+v", g)
	}
	if ReadOnly(args) {
		t.Error("git $x push is read-only")
	}
}

func TestClasses(t *testing.T) {
	cases := []struct {
		args []shellparse.Word
		want []effect.Class
	}{
		{words("push"), []effect.Class{effect.NetworkOutbound}},
		{words("-C x clone url"), []effect.Class{effect.NetworkInbound, effect.FilesystemWrite}},
		{words("rm a"), []effect.Class{effect.FilesystemDelete}},
		{words("commit -m x"), []effect.Class{effect.FilesystemWrite}},
		{[]shellparse.Word{{Text: "$verb"}}, []effect.Class{effect.NetworkOutbound, effect.NetworkInbound, effect.FilesystemWrite, effect.FilesystemDelete}},
	}
	for _, tc := range cases {
		var want effect.Set
		for _, c := range tc.want {
			want = want.Add(c)
		}
		if got := Classes(Parse(tc.args)); got != want {
			t.Errorf("Classes(%v) = %v, want %v", tc.args, got, want)
		}
	}
}

func TestEnvCommands(t *testing.T) {
	for _, tc := range []struct {
		vars map[string]string
		want []string
	}{
		{map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.pager", "GIT_CONFIG_VALUE_0": "rm -rf ~"}, []string{"core.pager:rm -rf ~"}},
		{map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_1": "core.pager", "GIT_CONFIG_VALUE_1": "rm -rf ~"}, nil},
		{map[string]string{"GIT_CONFIG_KEY_2": "Credential.Helper", "GIT_CONFIG_VALUE_2": "!sh x"}, []string{"Credential.Helper:sh x"}},
		{map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.pager", "GIT_CONFIG_VALUE_0": "cat"}, nil},
		{map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "user.name", "GIT_CONFIG_VALUE_0": "rm -rf ~"}, nil},
		{map[string]string{"GIT_CONFIG_COUNT": "x", "GIT_CONFIG_KEY_0": "core.pager", "GIT_CONFIG_VALUE_0": "rm -rf ~"}, nil},
	} {
		var got []string
		for _, c := range EnvCommands(tc.vars) {
			got = append(got, c.Key+":"+c.Command)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.vars, got, tc.want)
		}
	}
}
