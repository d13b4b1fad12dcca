package runfiles

import (
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// words makes static words of s; a word starting with $ is dynamic.
func words(s ...string) []shellparse.Word {
	out := make([]shellparse.Word, len(s))
	for i, t := range s {
		out[i] = shellparse.Word{Text: t, Static: !strings.Contains(t, "$")}
		if !out[i].Static {
			out[i].Params = []string{strings.Trim(t, "${}\"")}
		}
	}
	return out
}

// paths are the paths of found.
func paths(found []Triggered) []string {
	var out []string
	for _, t := range found {
		out = append(out, t.Path)
	}
	return out
}

// repoTree is a repository at /p with a few hooks.
func repoTree(extra map[string]string) Map {
	m := Map{
		"/p/.git/HEAD":                    "ref: refs/heads/main\n",
		"/p/.git/config":                  "[core]\n\tbare = false\n",
		"/p/.git/hooks/pre-commit":        "#!/bin/sh\nrm -rf ~\n",
		"/p/.git/hooks/commit-msg":        "#!/bin/sh\n",
		"/p/.git/hooks/post-checkout":     "#!/bin/sh\n",
		"/p/.git/hooks/pre-push":          "#!/bin/sh\n",
		"/p/.git/hooks/pre-rebase":        "#!/bin/sh\n",
		"/p/.git/hooks/post-merge":        "#!/bin/sh\n",
		"/p/.git/hooks/pre-commit.sample": "#!/bin/sh\n",
	}
	for k, v := range extra {
		if v == "" {
			delete(m, k)
			continue
		}
		m[k] = v
	}
	return m
}

// pushTree is repoTree with a bare repository at /srv.git to push to.
func pushTree(extra map[string]string) Map {
	m := repoTree(map[string]string{"/srv.git/HEAD": "ref: refs/heads/main\n", "/srv.git/config": "[core]\nbare = true\n",
		"/srv.git/hooks/pre-receive": "#!/bin/sh\n", "/srv.git/hooks/post-receive": "#!/bin/sh\n"})
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func TestGitHooks(t *testing.T) {
	tests := []struct {
		name    string
		files   Files
		cwd     string
		args    []string
		want    []string
		dynamic string // a substring of one Dynamic line, or "" for none
	}{
		{name: "commit runs pre-commit and commit-msg", files: repoTree(nil), cwd: "/p/src",
			args: []string{"commit", "-m", "x"}, want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "commit --no-verify skips them", files: repoTree(nil), cwd: "/p",
			args: []string{"commit", "--no-verify", "-m", "x"}},
		{name: "commit -n skips them", files: repoTree(nil), cwd: "/p", args: []string{"commit", "-nm", "x"}},
		{name: "--verify after --no-verify runs them", files: repoTree(nil), cwd: "/p",
			args: []string{"commit", "--no-verify", "--verify"}, want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "dynamic option may be --verify", files: repoTree(nil), cwd: "/p",
			args: []string{"commit", "--no-verify", "$OPTS"}, want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "missing hooks do not run", files: repoTree(map[string]string{"/p/.git/hooks/pre-commit": "", "/p/.git/hooks/commit-msg": ""}),
			cwd: "/p", args: []string{"commit"}},
		{name: "status runs none of these", files: repoTree(nil), cwd: "/p", args: []string{"status"}},
		{name: "push runs pre-push", files: repoTree(nil), cwd: "/p", args: []string{"push", "origin", "main"}, want: []string{"/p/.git/hooks/pre-push"}},
		{name: "push --no-verify", files: repoTree(nil), cwd: "/p", args: []string{"push", "--no-verify"}},
		{name: "push to a local path runs its receive hooks", files: pushTree(nil), cwd: "/p", args: []string{"push", "--no-verify", "../srv.git", "main"},
			want: []string{"/srv.git/hooks/pre-receive", "/srv.git/hooks/post-receive"}},
		{name: "push to a local path without .git", files: pushTree(nil), cwd: "/p", args: []string{"push", "-n", "/srv", "main"},
			want: []string{"/p/.git/hooks/pre-push", "/srv.git/hooks/pre-receive", "/srv.git/hooks/post-receive"}},
		{name: "push to file:// URL", files: pushTree(nil), cwd: "/p", args: []string{"push", "--no-verify", "file:///srv.git"},
			want: []string{"/srv.git/hooks/pre-receive", "/srv.git/hooks/post-receive"}},
		{name: "push to a remote whose url is local", files: pushTree(map[string]string{"/p/.git/config": "[remote \"origin\"]\n\turl = /srv.git\n"}),
			cwd: "/p", args: []string{"push", "--no-verify", "origin"}, want: []string{"/srv.git/hooks/pre-receive", "/srv.git/hooks/post-receive"}},
		{name: "push with no remote: every remote's url", files: pushTree(map[string]string{"/p/.git/config": "[remote \"a\"]\nurl = git@host:x\n[remote \"b\"]\npushurl = /srv.git\n"}),
			cwd: "/p", args: []string{"push", "--no-verify"}, want: []string{"/srv.git/hooks/pre-receive", "/srv.git/hooks/post-receive"}},
		{name: "push to a remote host", files: pushTree(map[string]string{"/p/.git/config": "[remote \"origin\"]\nurl = git@host:srv.git\n"}),
			cwd: "/p", args: []string{"push", "--no-verify", "origin"}},
		{name: "push to an https remote", files: pushTree(nil), cwd: "/p", args: []string{"push", "--no-verify", "https://host/srv.git"}},
		{name: "pushed-to repository's relative hooksPath is under its git directory",
			files: pushTree(map[string]string{"/srv.git/config": "[core]\nbare = true\nhooksPath = h\n", "/srv.git/h/update": "x"}),
			cwd:   "/p", args: []string{"push", "--no-verify", "/srv.git"}, want: []string{"/srv.git/h/update"}},
		{name: "push to a dynamic remote", files: pushTree(nil), cwd: "/p", args: []string{"push", "--no-verify", "$R"},
			want: []string{"/p/.git/hooks/pre-push"}, dynamic: "receive hooks"},
		{name: "checkout", files: repoTree(nil), cwd: "/p", args: []string{"checkout", "main"}, want: []string{"/p/.git/hooks/post-checkout"}},
		{name: "switch", files: repoTree(nil), cwd: "/p", args: []string{"switch", "-c", "x"}, want: []string{"/p/.git/hooks/post-checkout"}},
		{name: "rebase", files: repoTree(nil), cwd: "/p", args: []string{"rebase", "main"}, want: []string{"/p/.git/hooks/pre-rebase", "/p/.git/hooks/post-checkout", "/p/.git/hooks/commit-msg"}},
		{name: "rebase --no-verify", files: repoTree(nil), cwd: "/p", args: []string{"rebase", "--no-verify", "main"}, want: []string{"/p/.git/hooks/post-checkout", "/p/.git/hooks/commit-msg"}},
		{name: "merge", files: repoTree(nil), cwd: "/p", args: []string{"merge", "topic"}, want: []string{"/p/.git/hooks/commit-msg", "/p/.git/hooks/post-merge"}},
		{name: "merge --no-verify", files: repoTree(nil), cwd: "/p", args: []string{"merge", "--no-verify", "topic"}, want: []string{"/p/.git/hooks/post-merge"}},
		{name: "pull", files: repoTree(nil), cwd: "/p", args: []string{"pull"}, want: []string{"/p/.git/hooks/commit-msg", "/p/.git/hooks/post-merge", "/p/.git/hooks/pre-rebase", "/p/.git/hooks/post-checkout"}},
		{name: "am", files: repoTree(map[string]string{"/p/.git/hooks/applypatch-msg": "x", "/p/.git/hooks/post-applypatch": "x"}), cwd: "/p",
			args: []string{"am", "--no-verify", "x.patch"}, want: []string{"/p/.git/hooks/post-applypatch"}},
		{name: "commit --amend runs post-rewrite", files: repoTree(map[string]string{"/p/.git/hooks/post-rewrite": "x"}), cwd: "/p",
			args: []string{"commit", "-n", "--amend"}, want: []string{"/p/.git/hooks/post-rewrite"}},
		{name: "commit without --amend does not", files: repoTree(map[string]string{"/p/.git/hooks/post-rewrite": "x"}), cwd: "/p",
			args: []string{"commit", "-n"}},
		{name: "gc --auto runs pre-auto-gc", files: repoTree(map[string]string{"/p/.git/hooks/pre-auto-gc": "x"}), cwd: "/p",
			args: []string{"gc", "--auto"}, want: []string{"/p/.git/hooks/pre-auto-gc"}},
		{name: "gc alone does not", files: repoTree(map[string]string{"/p/.git/hooks/pre-auto-gc": "x"}), cwd: "/p", args: []string{"gc"}},
		{name: "worktree add runs post-checkout", files: repoTree(nil), cwd: "/p", args: []string{"worktree", "add", "../w"}, want: []string{"/p/.git/hooks/post-checkout"}},
		{name: "worktree list does not", files: repoTree(nil), cwd: "/p", args: []string{"worktree", "list"}},
		{name: "reference-transaction on branch", files: repoTree(map[string]string{"/p/.git/hooks/reference-transaction": "x"}), cwd: "/p",
			args: []string{"branch", "x"}, want: []string{"/p/.git/hooks/reference-transaction"}},
		{name: "post-index-change on add", files: repoTree(map[string]string{"/p/.git/hooks/post-index-change": "x"}), cwd: "/p",
			args: []string{"add", "."}, want: []string{"/p/.git/hooks/post-index-change"}},
		{name: "outside a repository", files: repoTree(nil), cwd: "/elsewhere", args: []string{"commit"}},
		{name: "-C into the repository", files: repoTree(nil), cwd: "/", args: []string{"-C", "p", "commit"},
			want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "-C twice, relative to each other", files: repoTree(nil), cwd: "/", args: []string{"-C", "/p", "-C", "src", "commit", "-n"}},
		{name: "-C out of the repository", files: repoTree(nil), cwd: "/p", args: []string{"-C", "/tmp", "commit"}},
		{name: "dynamic -C", files: repoTree(nil), cwd: "/p", args: []string{"-C", "$D", "commit"}, dynamic: "known only at run time"},
		{name: "dynamic verb", files: repoTree(nil), cwd: "/p", args: []string{"$VERB"}, dynamic: "verb is known only at run time"},
		{name: "--git-dir names the repository", files: repoTree(nil), cwd: "/tmp", args: []string{"--git-dir=/p/.git", "commit"},
			want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "bare repository", files: Map{"/b.git/HEAD": "ref: refs/heads/main\n", "/b.git/config": "[core]\nbare = true\n", "/b.git/hooks/reference-transaction": "x"},
			cwd: "/b.git", args: []string{"update-ref", "refs/x", "HEAD"}, want: []string{"/b.git/hooks/reference-transaction"}},
		{name: "alias to commit", files: repoTree(map[string]string{"/p/.git/config": "[alias]\n\tci = commit -q\n"}), cwd: "/p",
			args: []string{"ci"}, want: []string{"/p/.git/hooks/pre-commit", "/p/.git/hooks/commit-msg"}},
		{name: "alias to alias to push", files: repoTree(map[string]string{"/p/.git/config": "[alias]\n\tp = pp\n\tpp = push\n"}), cwd: "/p",
			args: []string{"p"}, want: []string{"/p/.git/hooks/pre-push"}},
		{name: "unreadable HEAD", files: errTree(repoTree(nil), "/p/.git/HEAD"), cwd: "/p", args: []string{"commit"}, dynamic: "permission denied"},
		{name: "config hook command", files: repoTree(map[string]string{"/p/.git/config": "[hook \"lint\"]\n\tevent = pre-commit\n\tcommand = make lint\n"}), cwd: "/p",
			args: []string{"commit", "-n"}, dynamic: "hook.lint.command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, dyn := GitHooks(tt.files, "/home/u", tt.cwd, words(tt.args...))
			checkFound(t, found, dyn, tt.want, tt.dynamic)
		})
	}
}

// checkFound compares the paths found and the Dynamic lines with what a
// test wants.
func checkFound(t *testing.T, found []Triggered, dyn, want []string, dynamic string) {
	t.Helper()
	if got := paths(found); !slices.Equal(got, want) {
		t.Errorf("paths = %q, want %q (dynamic %q)", got, want, dyn)
	}
	if dynamic == "" && len(dyn) > 0 {
		t.Errorf("dynamic = %q, want none", dyn)
	}
	if dynamic != "" && !slices.ContainsFunc(dyn, func(d string) bool { return strings.Contains(d, dynamic) }) {
		t.Errorf("dynamic = %q, want one with %q", dyn, dynamic)
	}
}

// deniedFiles fails to read the paths in bad with a permission error.
type deniedFiles struct {
	Map
	bad map[string]bool
}

// Read implements Files.
func (e deniedFiles) Read(p string) (string, error) {
	if e.bad[p] {
		return "", errDenied
	}
	return e.Map.Read(p)
}

var errDenied = errorString("permission denied")

type errorString string

func (e errorString) Error() string { return string(e) }

// errTree is m where the files bad cannot be read.
func errTree(m Map, bad ...string) Files {
	e := deniedFiles{Map: m, bad: map[string]bool{}}
	for _, b := range bad {
		e.bad[b] = true
	}
	return e
}

func TestGitHooksPath(t *testing.T) {
	hook := "#!/bin/sh\n"
	cfg := func(text string) Map { return repoTree(map[string]string{"/p/.git/config": text}) }
	with := func(base Map, kv ...string) Map {
		m := Map{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	worktree := Map{
		"/w/.git":                        "gitdir: /p/.git/worktrees/w\n",
		"/p/.git/worktrees/w/HEAD":       "ref: refs/heads/w\n",
		"/p/.git/worktrees/w/commondir":  "../..\n",
		"/p/.git/HEAD":                   "ref: refs/heads/main\n",
		"/p/.git/hooks/pre-push":         hook,
		"/p/.git/worktrees/w/hooks/none": hook,
	}
	tests := []struct {
		name    string
		files   Files
		cwd     string
		args    []string
		want    []string
		dynamic string
	}{
		{name: "relative hooksPath is under the top", files: with(cfg("[core]\n\thooksPath = .githooks\n"), "/p/.githooks/pre-push", hook),
			cwd: "/p/a/b", args: []string{"push"}, want: []string{"/p/.githooks/pre-push"}},
		{name: "hooksPath outside the repository", files: with(cfg("[core]\nhooksPath=/tmp/evil\n"), "/tmp/evil/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/tmp/evil/pre-push"}},
		{name: "hooksPath set replaces .git/hooks", files: cfg("[core]\nhooksPath=/nowhere\n"), cwd: "/p", args: []string{"push"}},
		{name: "~/ is the home", files: with(cfg("[core]\nhooksPath=~/hooks\n"), "/home/u/hooks/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/home/u/hooks/pre-push"}},
		{name: "case, quotes, comment", files: with(cfg("[CORE]\n  HooksPath = \"my hooks\" ; where\n"), "/p/my hooks/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/my hooks/pre-push"}},
		{name: "CRLF config", files: with(cfg("[core]\r\n\thooksPath = h\r\n"), "/p/h/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/h/pre-push"}},
		{name: "setting on the header's line", files: with(cfg("[core] hooksPath = h # c\n"), "/p/h/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/h/pre-push"}},
		{name: "line continuation", files: with(cfg("[core]\nhooksPath = a\\\nb\n"), "/p/ab/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/ab/pre-push"}},
		{name: "escaped quote in value", files: with(cfg("[core]\nhooksPath = \"a\\\"b\"\n"), "/p/a\"b/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/a\"b/pre-push"}},
		{name: "another section's hooksPath", files: cfg("[core \"x\"]\nhooksPath = /tmp/x\n[other]\nhooksPath=/tmp/y\n"),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/.git/hooks/pre-push"}},
		{name: "user config", files: with(repoTree(nil), "/home/u/.gitconfig", "[core]\nhooksPath = ~/.hooks\n", "/home/u/.hooks/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/home/u/.hooks/pre-push"}},
		{name: "XDG user config", files: with(repoTree(nil), "/home/u/.config/git/config", "[core]\nhooksPath = /g\n", "/g/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/g/pre-push"}},
		{name: "repo config over user config", files: with(cfg("[core]\nhooksPath = /r\n"), "/home/u/.gitconfig", "[core]\nhooksPath = /g\n", "/g/pre-push", hook, "/r/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/r/pre-push"}},
		{name: "-c over repo config", files: with(cfg("[core]\nhooksPath = /r\n"), "/r/pre-push", hook, "/c/pre-push", hook),
			cwd: "/p", args: []string{"-c", "core.hookspath=/c", "push"}, want: []string{"/c/pre-push"}},
		{name: "dynamic -c", files: repoTree(nil), cwd: "/p", args: []string{"-c", "core.hooksPath=$H", "push"}, dynamic: "known only at run time"},
		{name: "-c without a value", files: repoTree(nil), cwd: "/p", args: []string{"-c", "core.hooksPath", "push"},
			want: []string{"/p/.git/hooks/pre-push"}, dynamic: "without a value"},
		{name: "--config-env", files: repoTree(nil), cwd: "/p", args: []string{"--config-env", "core.hooksPath=H", "push"}, dynamic: "environment"},
		{name: "include", files: with(cfg("[include]\n\tpath = more.cfg\n"), "/p/.git/more.cfg", "[core]\nhooksPath = /i\n", "/i/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/i/pre-push"}},
		{name: "missing include", files: cfg("[include]\n\tpath = gone.cfg\n"), cwd: "/p", args: []string{"push"}, want: []string{"/p/.git/hooks/pre-push"}},
		{name: "includeIf may apply", files: with(cfg("[includeIf \"gitdir:/p/\"]\n\tpath = /c.cfg\n"), "/c.cfg", "[core]\nhooksPath = /i\n", "/i/pre-push", hook),
			cwd: "/p", args: []string{"push"}, want: []string{"/p/.git/hooks/pre-push", "/i/pre-push"}},
		{name: "include cycle", files: cfg("[include]\npath = config\n"), cwd: "/p", args: []string{"push"},
			want: []string{"/p/.git/hooks/pre-push"}, dynamic: "git config"},
		{name: "bad config", files: cfg("[core\nhooksPath = /x\n"), cwd: "/p", args: []string{"push"},
			want: []string{"/p/.git/hooks/pre-push"}, dynamic: "bad config syntax"},
		{name: "unreadable config", files: errTree(repoTree(nil), "/p/.git/config"), cwd: "/p", args: []string{"push"},
			want: []string{"/p/.git/hooks/pre-push"}, dynamic: "cannot be read"},
		{name: "worktree's .git file: common hooks", files: worktree, cwd: "/w", args: []string{"push"}, want: []string{"/p/.git/hooks/pre-push"}},
		{name: "worktree: relative hooksPath under its top", files: with(worktree, "/p/.git/config", "[core]\nhooksPath = h\n", "/w/h/pre-push", hook),
			cwd: "/w", args: []string{"push"}, want: []string{"/w/h/pre-push"}},
		{name: "submodule's .git file", files: Map{"/p/s/.git": "gitdir: ../.git/modules/s\r\n", "/p/.git/modules/s/HEAD": "0123456789012345678901234567890123456789\n",
			"/p/.git/modules/s/hooks/pre-push": hook}, cwd: "/p/s", args: []string{"push"}, want: []string{"/p/.git/modules/s/hooks/pre-push"}},
		{name: ".git file without gitdir", files: Map{"/p/.git": "nonsense\n"}, cwd: "/p", args: []string{"push"}, dynamic: "without a gitdir"},
		{name: "clone with the user's hooksPath", files: Map{"/home/u/.gitconfig": "[core]\nhooksPath=~/h\n", "/home/u/h/post-checkout": hook},
			cwd: "/tmp", args: []string{"clone", "https://x/y"}, want: []string{"/home/u/h/post-checkout"}},
		{name: "clone --template", files: Map{"/t/hooks/post-checkout": hook}, cwd: "/tmp", args: []string{"clone", "--template=/t", "https://x/y"},
			want: []string{"/t/hooks/post-checkout"}},
		{name: "clone -c core.hooksPath", files: Map{"/h/post-checkout": hook}, cwd: "/tmp", args: []string{"clone", "-c", "core.hooksPath=/h", "u"},
			want: []string{"/h/post-checkout"}},
		{name: "clone -c relative hooksPath", files: Map{}, cwd: "/tmp", args: []string{"clone", "-c", "core.hooksPath=h", "u"}, dynamic: "relative"},
		{name: "clone --no-checkout", files: Map{"/t/hooks/post-checkout": hook}, cwd: "/tmp", args: []string{"clone", "-n", "--template=/t", "u"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, dyn := GitHooks(tt.files, "/home/u", tt.cwd, words(tt.args...))
			checkFound(t, found, dyn, tt.want, tt.dynamic)
		})
	}
}

func TestParseConfig(t *testing.T) {
	tests := []struct {
		text string
		want []string // key=value
	}{
		{"[core]\n\tHooksPath = a b  \n", []string{"core.hookspath=a b"}},
		{"[core]\nflag\nk = \"x ; y\" # c\n", []string{"core.flag=", "core.k=x ; y"}},
		{"# c\n; c\n[Section.Sub]\nk=v\n", []string{"section.sub.k=v"}},
		{"[alias \"X\"]\nk = v\\tw\n", []string{"alias.X.k=v\tw"}},
		{"[a]\nk = \"\"\n", []string{"a.k="}},
	}
	for _, tt := range tests {
		settings, err := parseConfig(tt.text, "t")
		if err != nil {
			t.Errorf("parseConfig(%q): %v", tt.text, err)
		}
		var got []string
		for _, s := range settings {
			got = append(got, s.key+"="+s.value)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("parseConfig(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	for _, bad := range []string{"k = v\n", "[a]\nk = \"open\n", "[a]\n=v\n", "[a \"x]\n", "[a]\nk = \\q\n"} {
		if _, err := parseConfig(bad, "t"); err == nil {
			t.Errorf("parseConfig(%q) took bad syntax", bad)
		}
	}
}
