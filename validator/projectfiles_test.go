package validator

import (
	"slices"
	"strings"
	"testing"
)

// TestProjectFileCommands checks the commands that remove, move or replace a
// project .permgate.toml in force, or make a repository root that hides one.
// The project lives in /home/user/project; the files in force are the
// project's own and one in /home/user (a parent whose config also applies).
func TestProjectFileCommands(t *testing.T) {
	env := corpusEnv
	env.ProjectFiles = []string{"/home/user/project/.permgate.toml", "/home/user/.permgate.toml"}
	onlyOwn := corpusEnv
	onlyOwn.ProjectFiles = []string{"/home/user/project/.permgate.toml"}
	cases := []struct {
		env       Env
		command   string
		protected bool
	}{
		// git rm / git mv by name, by a covering directory or pathspec.
		{env, "git rm .permgate.toml", true},
		{env, "git rm --cached .permgate.toml", true},
		{env, "git rm -r .", true},
		{env, "git rm -r :/", true},
		{env, "git rm -r ':(top)'", true},
		{env, "git rm -r '*.toml'", true},
		{env, "git rm -r ..", true},
		{env, "git rm -r ../project", true},
		{env, `git rm "$f"`, true},
		{env, "git rm --pathspec-from-file=list.txt", true},
		{env, "git rm -n -r .", false},
		{env, "git rm src/old.go", false},
		{env, "git rm -r src", false},
		{env, "git mv .permgate.toml old.toml", true},
		{env, "git mv . ../elsewhere", true},
		{env, "git mv src lib", false},
		{env, "git -C .. rm -r project", true},
		// checkout, switch, restore, stash.
		{env, "git checkout -- .", true},
		{env, "git checkout HEAD~3 -- .permgate.toml", true},
		{env, "git checkout main", true},
		{env, "git checkout -", true},
		{env, "git checkout -b topic origin/main", true},
		{env, "git checkout -b topic", false},
		{env, "git checkout -- src/main.go", false},
		{env, "git checkout main -- src/main.go", false},
		{env, "git switch main", true},
		{env, "git switch -", true},
		{env, "git switch --orphan fresh", true},
		{env, "git switch -c topic", false},
		{env, "git switch -c topic origin/main", true},
		{env, "git restore .", true},
		{env, "git restore --source=HEAD~2 .permgate.toml", true},
		{env, "git restore src/main.go", false},
		{env, "git restore --staged .", false},
		{env, "git stash", true},
		{env, "git stash push", true},
		{env, "git stash -u", true},
		{env, "git stash save wip", true},
		{env, "git stash push -- src", false},
		{env, "git stash push -- .permgate.toml", true},
		{env, "git stash list", false},
		{env, "git stash pop", false},
		// A new repository root between the working directory and a project file.
		{env, "git init", true},
		{env, "git init .", true},
		{env, "git -C /home/user/project init", true},
		{env, "git init sub", false},
		{env, "git init /tmp/scratch", false},
		{env, "git clone https://example.com/r.git .", true},
		{env, "git clone https://example.com/r.git", false},
		{env, "git clone https://example.com/r.git vendor/r", false},
		{env, "mkdir .git", true},
		{env, "mkdir -p .git/hooks", true},
		{env, "echo 'gitdir: /tmp/elsewhere' > .git", true},
		{env, "cd src && git init", true},
		{env, "cp -r /tmp/repo/.git .", true},
		{env, "ln -s /tmp/repo/.git .git", true},
		{env, "cp -r /tmp/repo/.git vendor/", false},
		{env, "git reset --hard", true},
		{env, "git reset HEAD~1", false},
		{env, "git clean -fdx", true},
		{env, "git clean -n", false},
		{env, "mkdir -p sub/.git", false},
		{onlyOwn, "git init", false}, // the root moves to the project's own directory: its file still applies
		{onlyOwn, "mkdir .git", false},
		// Moving or deleting a directory that holds a project file in force.
		{env, "mv ../project /tmp/p", true},
		{env, "rm -rf ..", true},
		{env, "mv .permgate.toml /tmp/x", true},
		{env, "rm -r .permgate.toml", true},
		{env, "rm .permgate.*", true},
		{env, "mv src/a.go .", false},
		{env, "mv notes.txt ..", false},
		{env, "rm -rf build", false},
		{env, "rm -r *", false}, // * does not match the dot file
		// After cd to a directory known only at run time.
		{env, `cd "$D" && rm notes.txt`, false},
		{env, `cd "$D" && rm -rf ..`, true},
		{env, `cd "$D" && mv project /tmp/p`, true},
		{env, `cd "$D" && git rm -r .`, true},
		{env, `cd "$D" && git rm old.go`, false},
		{env, `cd "$D" && git init`, true},
		// Without project files, only a name is a project config.
		{corpusEnv, "git checkout main", false},
		{corpusEnv, "git stash", false},
		{corpusEnv, "git init", false},
		{corpusEnv, "git rm -r .", false},
		{corpusEnv, "git rm .permgate.toml", true},
		{corpusEnv, "git checkout -- .permgate.toml", true},
		{corpusEnv, "rm -r sub/.permgate.toml", true},
	}
	for _, c := range cases {
		a := New(c.env).CheckScript(c.command)
		got := slices.Contains(a.Kinds(), "protected_write")
		if got != c.protected {
			files := strings.Join(c.env.ProjectFiles, ",")
			t.Errorf("%s (project files %q): protected_write = %v, want %v; findings %v", c.command, files, got, c.protected, a.AllFindings())
		}
	}
}

// TestProjectFileGitReadsStayQuiet checks that reading git commands in a project
// with a config in force raise nothing.
func TestProjectFileGitReadsStayQuiet(t *testing.T) {
	env := corpusEnv
	env.ProjectFiles = []string{"/home/user/project/.permgate.toml"}
	v := New(env)
	for _, command := range []string{"git status", "git log -p .permgate.toml", "git diff", "git show HEAD:.permgate.toml", "git branch -a", "git stash list", "cat .permgate.toml"} {
		a := v.CheckScript(command)
		if len(a.AllFindings()) > 0 || !a.AllReadOnly {
			t.Errorf("%s: findings %v, read-only %v; want none and read-only", command, a.Findings, a.AllReadOnly)
		}
	}
}
