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
