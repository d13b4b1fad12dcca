package git

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/projectfiles"
	"github.com/permgate/permgate/shellparse"
)

// projectFiles judges git commands that remove, move or replace a project
// config, or create a repository root that stops one from applying. The
// verbs' options and operands are read by their declared grammars.
func projectFiles(h Host, g Invocation) {
	dir, known := workDir(h, g)
	if !known {
		dir = ""
	}
	j := projectJudge{h: h, g: g, dir: dir, relevant: projectFilesNear(h, dir)}
	switch g.Sub {
	case "rm", "mv", "restore":
		j.pathsVerb()
	case "checkout":
		j.checkout()
		j.pathspecFile()
	case "switch":
		if len(g.Operands()) > 0 || len(g.Values("-c", "-C", "--create", "--force-create")) == 0 || g.Has("--orphan", "--discard-changes", "--force") {
			j.replaces("switches the working tree to another branch")
		}
	case "stash":
		j.stash()
	case "reset", "clean":
		j.treeVerb()
	case "init", "clone":
		j.newRoot()
	}
}

// projectJudge judges one git command for the project configs in force that
// it removes, moves or replaces.
type projectJudge struct {
	h Host
	g Invocation
	// dir is where git works ("" when unknown); relevant is a project file
	// in force that a command run there may act on, or "".
	dir, relevant string
}

// report records a protected_write finding.
func (j projectJudge) report(name, reason string) {
	j.h.Report("protected_write", name, finding.NonSevere, reason, "")
}

// named judges the paths a verb acts on (what says how): a project config by
// name, or a directory that holds one in force.
func (j projectJudge) named(words []shellparse.Word, what string) {
	for _, w := range words {
		if w.Static && path.Base(w.Text) == projectfiles.Name {
			j.report("project_config_git", "git "+j.g.Sub+" "+what+" "+w.Text+", the project's permgate config")
			continue
		}
		if f := j.h.GitPathspecCovers(w, j.dir); f != "" {
			j.report("project_config_git_dir", "git "+j.g.Sub+" "+what+" "+w.Text+", which holds "+f+", a project permgate config in force")
		}
	}
}

// replaces judges a verb that replaces the working tree (why says how).
func (j projectJudge) replaces(why string) {
	if j.relevant != "" {
		j.report("project_config_git_replace", "git "+j.g.Sub+" "+why+", which can replace "+j.relevant+", a project permgate config in force")
	}
}

// pathsVerb: git rm, mv and restore act on the paths they name (git rm -n and
// git restore --staged alone change no file).
func (j projectJudge) pathsVerb() {
	g := &j.g
	switch g.Sub {
	case "rm":
		if g.Has("-n", "--dry-run") {
			return
		}
		j.named(g.Operands(), "removes")
	case "mv":
		j.named(g.Operands(), "moves")
		return
	case "restore":
		if g.Has("-S", "--staged") && !g.Has("-W", "--worktree") {
			return
		}
		j.named(g.Operands(), "restores")
	}
	j.pathspecFile()
}

// treeVerb: git reset --hard (--merge, --keep) and git clean -f put the
// working tree back or delete untracked files.
func (j projectJudge) treeVerb() {
	g := &j.g
	switch {
	case g.Sub == "reset" && g.Has("--hard", "--merge", "--keep"):
		j.replaces("puts the working tree back to a commit")
	case g.Sub == "clean" && g.Has("-f", "--force") && !g.Has("-n", "--dry-run"):
		j.replaces("deletes untracked files")
	}
}

// newRoot: git init [DIR] and git clone URL [DIR] make a repository root.
func (j projectJudge) newRoot() {
	ops := j.g.Operands()
	if j.g.Sub == "init" {
		j.newRootAt(j.dir, ops, 0)
		return
	}
	if len(ops) >= 2 {
		j.newRootAt(j.dir, ops, 1)
	} else if len(ops) == 1 && !ops[0].Static {
		j.newRootAt("", nil, 0) // the directory follows from a URL known only at run time
	}
}

// workDir returns the directory git works in: the command's, changed by -C;
// not known with --git-dir or --work-tree (or GIT_DIR/GIT_WORK_TREE, which
// the analysis does not follow). git's global options are the reading Parse
// made by git's declared grammar.
func workDir(h Host, g Invocation) (string, bool) {
	if g.Global.Has("--git-dir", "--work-tree") {
		return "", false
	}
	dir := h.Dir()
	for _, v := range g.GlobalValues("-C") {
		dir = h.GitChangeDir(dir, v)
	}
	return dir, dir != ""
}

// projectFilesNear returns a project file in force that a git command run in
// dir may act on (dir "" when unknown), or "".
func projectFilesNear(h Host, dir string) string {
	for _, f := range h.GitProjectFiles() {
		pd := path.Dir(f)
		if dir == "" || pathin.Within(dir, pd) || pathin.Within(pd, dir) {
			return f
		}
	}
	return ""
}

// pathspecFile: --pathspec-from-file reads the paths from a file, which may
// name the project config.
func (j projectJudge) pathspecFile() {
	if j.relevant != "" && j.g.Has("--pathspec-from-file") {
		j.report("project_config_git_pathspec", "git takes its paths from a file, which may name "+j.relevant+", a project permgate config in force")
	}
}

// checkout: git checkout BRANCH replaces the working tree; git checkout
// [REF] [--] PATHS replaces those paths.
func (j projectJudge) checkout() {
	ref, paths, dashes := checkoutWords(&j.g)
	j.named(paths, "checks out")
	j.named(ref, "checks out") // git checkout .permgate.toml is a path
	if len(ref) > 0 && len(paths) == 0 && !dashes || j.g.Has("--orphan") {
		j.replaces("checks out another version of the working tree")
	}
}

// checkoutWords splits git checkout's operands into the ref (the first one
// before --), the paths, and whether -- was given.
func checkoutWords(g *Invocation) (ref, paths []shellparse.Word, dashes bool) {
	scan := g.Scan()
	for k, i := range scan.Operands {
		w := g.Args[i]
		if k == 0 && (scan.DashDash < 0 || i < scan.DashDash) {
			ref = append(ref, w)
			continue
		}
		paths = append(paths, w)
	}
	return ref, paths, scan.DashDash >= 0
}

// stash: git stash (push, save, or options only) puts the working tree back
// to HEAD, undoing changes to the project config.
func (j projectJudge) stash() {
	ops := j.g.Operands()
	verb := ""
	if v := j.g.VerbWord(); v != "" && j.g.Args[0].Static {
		verb, ops = v, ops[1:]
	}
	switch verb {
	case "", "push":
		if len(ops) > 0 {
			j.named(ops, "stashes")
			return
		}
		j.replaces("puts the working tree back to the last commit")
	case "save":
		j.replaces("puts the working tree back to the last commit")
	}
}

// newRootAt judges git init and git clone: a repository created between the
// working directory and a project config stops that config from applying.
// ops[at] is the directory, else git's own directory (dir).
func (j projectJudge) newRootAt(dir string, ops []shellparse.Word, at int) {
	target := dir
	if at < len(ops) {
		target = rootTarget(j.h, dir, ops[at])
	}
	if f := j.h.GitNewRootHides(target); f != "" {
		where := target
		if where == "" {
			where = "a directory known only at run time"
		}
		j.report("project_git_init", "git "+j.g.Sub+" makes "+where+" a repository root, which stops "+f+" from applying")
	}
}

// rootTarget is the directory a word names, relative to dir ("" when not
// known).
func rootTarget(h Host, dir string, w shellparse.Word) string {
	text, ok := h.GitKnownPath(w)
	switch {
	case !ok:
		return ""
	case strings.HasPrefix(text, "/"):
		return path.Clean(text)
	case dir != "":
		return path.Join(dir, text)
	}
	return ""
}
