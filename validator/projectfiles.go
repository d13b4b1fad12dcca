package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// projectConfigName is the name of a project's permgate config.
const projectConfigName = ".permgate.toml"

// Project .permgate.toml files apply from the working directory up to the
// repository root. Removing or moving one, checking another version out over
// it, or creating a repository root between the working directory and one (so
// that it no longer applies) changes the policy: protected_write.

// newRootHides names a project file that a new repository root (a .git) at dir
// would stop from applying, or returns "". dir "" is a directory known only at
// run time.
func (ck *checker) newRootHides(dir string) string {
	// The working directory is where the command line started, or where this
	// command runs after a cd (cd src && git init): later commands may run there.
	for _, cwd := range []string{ck.v.env.Cwd, ck.dir} {
		for _, f := range ck.v.env.ProjectFiles {
			pd := path.Dir(f)
			if cwd != "" && (dir == "" && under(cwd, pd) || dir != "" && under(dir, pd) && within(cwd, dir)) {
				return f
			}
		}
	}
	return ""
}

// projectFileWrites judges writes that create a repository root (.git, as a
// directory or a gitdir file) between the working directory and a project file,
// and moves and deletes of a directory that holds one.
func (ck *checker) projectFileWrites(c shellparse.SimpleCommand) {
	ck.projectFileRemovals(c)
	if len(ck.v.env.ProjectFiles) == 0 {
		return
	}
	targets := writeTargets(c)
	for _, r := range c.Redirects {
		if r.Writes() {
			targets = append(targets, r.Target)
		}
	}
	for _, t := range targets {
		text, ok := ck.knownPath(t)
		if !ok {
			continue
		}
		p := ck.resolve(text)
		if copiesGitDir(c) {
			p = path.Join(p, ".git") // cp -r /tmp/repo/.git . makes ./.git
		}
		if dir, ok := gitDirParent(p); ok {
			if f := ck.newRootHides(dir); f != "" {
				ck.add("protected_write", "project_git_root", NonSevere, "writes "+p+": a .git in "+dir+" makes it a repository root, which stops "+f+" from applying")
			}
		}
	}
}

// projectFileRemovals judges rm and mv of a project config, by name (rm -r
// included) or through a directory that holds one in force.
func (ck *checker) projectFileRemovals(c shellparse.SimpleCommand) {
	if len(c.Argv) == 0 {
		return
	}
	if args := c.Argv[1:]; c.Name == "find" && hasFindPrimary(args, "-delete") && findNamesProjectConfig(args) {
		ck.add("protected_write", "project_config_find_delete", NonSevere, "find -delete removes files named "+projectConfigName+", the project's permgate config")
	}
	for _, w := range removedWords(c) {
		ck.projectFileGone(c, w)
	}
}

// removedWords are the paths rm, rmdir, unlink and shred remove, and those
// mv moves away (all its operands but the destination).
func removedWords(c shellparse.SimpleCommand) []shellparse.Word {
	switch c.Name {
	case "rm", "rmdir", "unlink", "shred":
		return operandsOf(c)
	case "mv":
		ops := operandsOf(c)
		if len(valuesOf(c, "-t", "--target-directory")) == 0 && len(ops) > 0 {
			ops = ops[:len(ops)-1] // the last operand is where they go
		}
		return ops
	}
	return nil
}

// projectFileGone judges one removed path: a project config by name, what a
// find that selects one fills in, or a directory that holds one in force.
func (ck *checker) projectFileGone(c shellparse.SimpleCommand, w shellparse.Word) {
	switch {
	case namesProjectConfig(w):
		ck.add("protected_write", "project_config_remove", NonSevere, c.Name+" "+w.Text+" takes away the project's permgate config")
	case w.Placeholder && ck.foundProjectConfig(c):
		ck.add("protected_write", "project_config_find_remove", NonSevere, c.Name+" "+w.Text+" takes away the files find names "+projectConfigName+", the project's permgate config")
	default:
		if f := ck.coversProjectFile(w, ck.dir, false); f != "" {
			ck.add("protected_write", "project_config_in_force", NonSevere, c.Name+" "+w.Text+" takes away "+f+", a project permgate config in force")
		}
	}
}

// copiesGitDir reports cp, mv, ln or rsync with a source named .git: into a
// directory, it makes a .git there.
func copiesGitDir(c shellparse.SimpleCommand) bool {
	switch c.Name {
	case "cp", "mv", "ln", "rsync":
	default:
		return false
	}
	files := operandsOf(c)
	if len(files) < 2 {
		return false
	}
	for _, f := range files[:len(files)-1] {
		if path.Base(strings.TrimSuffix(f.Text, "/")) == ".git" {
			return true
		}
	}
	return false
}

// gitDirParent reports a path that is a .git (or inside one) and returns the
// directory that holds it.
func gitDirParent(p string) (string, bool) {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if part == ".git" && i > 0 {
			dir := strings.Join(parts[:i], "/")
			if dir == "" {
				dir = "/"
			}
			return dir, true
		}
	}
	return "", false
}

// coversProjectFile returns the project file in force that a path or pattern
// (relative to dir) names or holds, or "". pathspec reads it as a git pathspec:
// :(magic) forms and patterns that match across directories.
func (ck *checker) coversProjectFile(w shellparse.Word, dir string, pathspec bool) string {
	files := ck.v.env.ProjectFiles
	if len(files) == 0 {
		return ""
	}
	text, known := ck.knownPath(w)
	if w.Glob {
		text, known = w.Text, !w.Subst && !strings.Contains(w.Text, "$")
	}
	if !known || pathspec && strings.HasPrefix(text, ":") {
		return files[0] // known only at run time, or :/ and other magic: may be any
	}
	if dir == "" && !strings.HasPrefix(text, "/") {
		return unknownDirCovers(text, files)
	}
	abs := text
	if !strings.HasPrefix(abs, "/") {
		abs = path.Join(dir, abs)
	}
	pattern := w.Glob || pathspec && strings.ContainsAny(text, "*?[")
	return coveredFile(abs, files, pattern, pathspec)
}

// coveredFile returns the first project file an absolute path (or pattern)
// names or holds.
func coveredFile(abs string, files []string, pattern, pathspec bool) string {
	for _, f := range files {
		switch {
		case !pattern && within(f, path.Clean(abs)):
			return f
		case pattern && pathspec:
			gd, _ := globDir(abs)
			if within(f, path.Clean(gd)) {
				return f
			}
		case pattern && globCovers(abs, f):
			return f
		}
	}
	return ""
}

// unknownDirCovers judges a relative path in a directory known only at run
// time: it may hold a project file when it climbs (., .., ../x) or ends in the
// name of a directory a project file is in.
func unknownDirCovers(text string, files []string) string {
	clean := path.Clean(text)
	if clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
		return files[0]
	}
	last := path.Base(clean)
	for _, f := range files {
		for _, part := range strings.Split(path.Dir(f), "/") {
			if part != "" && (part == last || strings.ContainsAny(last, "*?[")) {
				return f
			}
		}
	}
	return ""
}

// globCovers reports whether a shell pattern (absolute) matches f or one of its
// parent directories. As in bash, * does not match a leading dot unless the
// pattern component starts with one.
func globCovers(pattern, f string) bool {
	pat := strings.Split(strings.TrimPrefix(path.Clean(pattern), "/"), "/")
	parts := strings.Split(strings.TrimPrefix(f, "/"), "/")
	if len(pat) > len(parts) {
		return false
	}
	for i, p := range pat {
		if strings.HasPrefix(parts[i], ".") && !strings.HasPrefix(p, ".") {
			return false
		}
		if ok, err := path.Match(p, parts[i]); err != nil || !ok {
			return false
		}
	}
	return true
}

// gitProjectFiles judges git commands that remove, move or replace a project
// config, or create a repository root that stops one from applying. The
// verbs' options and operands are read by their declared grammars.
func (ck *checker) gitProjectFiles(g gitInvocation) {
	dir, known := ck.gitWorkDir(g)
	if !known {
		dir = ""
	}
	j := gitProjectJudge{ck: ck, g: &g, dir: dir, relevant: ck.gitProjectFilesNear(dir)}
	switch g.sub {
	case "rm", "mv", "restore":
		j.pathsVerb()
	case "checkout":
		j.checkout()
		j.pathspecFile()
	case "switch":
		if len(g.operands()) > 0 || len(g.values("-c", "-C", "--create", "--force-create")) == 0 || g.has("--orphan", "--discard-changes", "--force") {
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

// gitProjectJudge judges one git command for the project configs in force
// that it removes, moves or replaces.
type gitProjectJudge struct {
	ck *checker
	g  *gitInvocation
	// dir is where git works ("" when unknown); relevant is a project file
	// in force that a command run there may act on, or "".
	dir, relevant string
}

// named judges the paths a verb acts on (what says how): a project config
// by name, or a directory that holds one in force.
func (j gitProjectJudge) named(words []shellparse.Word, what string) {
	for _, w := range words {
		if w.Static && path.Base(w.Text) == projectConfigName {
			j.ck.add("protected_write", "project_config_git", NonSevere, "git "+j.g.sub+" "+what+" "+w.Text+", the project's permgate config")
			continue
		}
		if f := j.ck.coversProjectFile(w, j.dir, true); f != "" {
			j.ck.add("protected_write", "project_config_git_dir", NonSevere, "git "+j.g.sub+" "+what+" "+w.Text+", which holds "+f+", a project permgate config in force")
		}
	}
}

// replaces judges a verb that replaces the working tree (why says how).
func (j gitProjectJudge) replaces(why string) {
	if j.relevant != "" {
		j.ck.add("protected_write", "project_config_git_replace", NonSevere, "git "+j.g.sub+" "+why+", which can replace "+j.relevant+", a project permgate config in force")
	}
}

// pathsVerb: git rm, mv and restore act on the paths they name (git rm -n
// and git restore --staged alone change no file).
func (j gitProjectJudge) pathsVerb() {
	g := j.g
	switch g.sub {
	case "rm":
		if g.has("-n", "--dry-run") {
			return
		}
		j.named(g.operands(), "removes")
	case "mv":
		j.named(g.operands(), "moves")
		return
	case "restore":
		if g.has("-S", "--staged") && !g.has("-W", "--worktree") {
			return
		}
		j.named(g.operands(), "restores")
	}
	j.pathspecFile()
}

// treeVerb: git reset --hard (--merge, --keep) and git clean -f put the
// working tree back or delete untracked files.
func (j gitProjectJudge) treeVerb() {
	g := j.g
	switch {
	case g.sub == "reset" && g.has("--hard", "--merge", "--keep"):
		j.replaces("puts the working tree back to a commit")
	case g.sub == "clean" && g.has("-f", "--force") && !g.has("-n", "--dry-run"):
		j.replaces("deletes untracked files")
	}
}

// newRoot: git init [DIR] and git clone URL [DIR] make a repository root.
func (j gitProjectJudge) newRoot() {
	ops := j.g.operands()
	if j.g.sub == "init" {
		j.ck.gitNewRoot(j.g.sub, j.dir, ops, 0)
		return
	}
	if len(ops) >= 2 {
		j.ck.gitNewRoot(j.g.sub, j.dir, ops, 1)
	} else if len(ops) == 1 && !ops[0].Static {
		j.ck.gitNewRoot(j.g.sub, "", nil, 0) // the directory follows from a URL known only at run time
	}
}

// gitWorkDir returns the directory git works in: the command's, changed by -C;
// not known with --git-dir or --work-tree (or GIT_DIR/GIT_WORK_TREE, which the
// analysis does not follow). git's global options are the reading parseGit
// made by git's declared grammar.
func (ck *checker) gitWorkDir(g gitInvocation) (string, bool) {
	if g.global.Has("--git-dir", "--work-tree") {
		return "", false
	}
	dir := ck.dir
	for _, v := range g.globalValues("-C") {
		dir = ck.changeDir(dir, v)
	}
	return dir, dir != ""
}

// gitProjectFilesNear returns a project file in force that a git command run in
// dir may act on (dir "" when unknown), or "".
func (ck *checker) gitProjectFilesNear(dir string) string {
	for _, f := range ck.v.env.ProjectFiles {
		pd := path.Dir(f)
		if dir == "" || within(dir, pd) || within(pd, dir) {
			return f
		}
	}
	return ""
}

// pathspecFile: --pathspec-from-file reads the paths from a file, which may
// name the project config.
func (j gitProjectJudge) pathspecFile() {
	if j.relevant != "" && j.g.has("--pathspec-from-file") {
		j.ck.add("protected_write", "project_config_git_pathspec", NonSevere, "git takes its paths from a file, which may name "+j.relevant+", a project permgate config in force")
	}
}

// checkout: git checkout BRANCH replaces the working tree; git checkout
// [REF] [--] PATHS replaces those paths.
func (j gitProjectJudge) checkout() {
	ref, paths, dashes := gitCheckoutWords(j.g)
	j.named(paths, "checks out")
	j.named(ref, "checks out") // git checkout .permgate.toml is a path
	if len(ref) > 0 && len(paths) == 0 && !dashes || j.g.has("--orphan") {
		j.replaces("checks out another version of the working tree")
	}
}

// gitCheckoutWords splits git checkout's operands into the ref (the first
// one before --), the paths, and whether -- was given.
func gitCheckoutWords(g *gitInvocation) (ref, paths []shellparse.Word, dashes bool) {
	scan := g.scan()
	for k, i := range scan.Operands {
		w := g.args[i]
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
func (j gitProjectJudge) stash() {
	ops := j.g.operands()
	verb := ""
	if v := j.g.verbWord(); v != "" && j.g.args[0].Static {
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

// gitNewRoot judges git init and git clone: a repository created between the
// working directory and a project config stops that config from applying. ops[at]
// is the directory, else git's own directory.
func (ck *checker) gitNewRoot(sub, dir string, ops []shellparse.Word, at int) {
	target := dir
	if at < len(ops) {
		w := ops[at]
		text, ok := ck.knownPath(w)
		switch {
		case !ok:
			target = ""
		case strings.HasPrefix(text, "/"):
			target = path.Clean(text)
		case dir != "":
			target = path.Join(dir, text)
		default:
			target = ""
		}
	}
	if f := ck.newRootHides(target); f != "" {
		where := target
		if where == "" {
			where = "a directory known only at run time"
		}
		ck.add("protected_write", "project_git_init", NonSevere, "git "+sub+" makes "+where+" a repository root, which stops "+f+" from applying")
	}
}

// namesProjectConfig reports a word whose last component is, or as a pattern
// can match, .permgate.toml.
func namesProjectConfig(w shellparse.Word) bool {
	base := path.Base(w.Text)
	if base == projectConfigName {
		return true
	}
	ok, err := path.Match(base, projectConfigName)
	return w.Glob && strings.HasPrefix(base, ".") && !matchesEverything(base) && err == nil && ok
}

// matchesEverything reports a pattern such as * or .* that selects every name
// (or every dot name): deleting with it is judged as a delete of everything.
func matchesEverything(pattern string) bool {
	return strings.Trim(pattern, "*?.") == ""
}

// findNamesProjectConfig reports a find expression whose name or path tests can
// select a .permgate.toml.
func findNamesProjectConfig(args []shellparse.Word) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		switch p.Name {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename":
			value, name := p.Value, projectConfigName
			if strings.HasPrefix(p.Name, "-i") {
				value, name = strings.ToLower(value), strings.ToLower(name)
			}
			if p.Name != "-name" && p.Name != "-iname" {
				value = path.Base(value)
			}
			if matchesEverything(value) {
				continue
			}
			if ok, err := path.Match(value, name); err == nil && ok {
				return true
			}
		}
	}
	return false
}

// hasFindPrimary reports a primary (-delete) in a find expression.
func hasFindPrimary(args []shellparse.Word, name string) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		if p.Name == name {
			return true
		}
	}
	return false
}

// foundProjectConfig reports a command whose placeholder targets come from a
// find that selects .permgate.toml: find -exec rm {} \;, or find … | xargs rm.
func (ck *checker) foundProjectConfig(c shellparse.SimpleCommand) bool {
	for _, w := range c.Wrappers {
		if w.Name == "find" && len(w.Argv) > 1 && findNamesProjectConfig(w.Argv[1:]) {
			return true
		}
	}
	for _, i := range c.Stdin.From {
		if i >= 0 && i < len(ck.res.Commands) {
			from := ck.res.Commands[i]
			if from.Name == "find" && len(from.Argv) > 1 && findNamesProjectConfig(from.Argv[1:]) {
				return true
			}
		}
	}
	return false
}
