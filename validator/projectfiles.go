package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/projectfiles"
	"github.com/permgate/permgate/shellparse"
)

// Project .permgate.toml files apply from the working directory up to the
// repository root. Removing or moving one, checking another version out over
// it, or creating a repository root between the working directory and one (so
// that it no longer applies) changes the policy: protected_write. Which files
// a path, pattern or new root acts on is package projectfiles'; this is the
// commands' side.

// newRootHides names a project file that a new repository root (a .git) at dir
// would stop from applying, or returns "". dir "" is a directory known only at
// run time.
func (ck *checker) newRootHides(dir string) string {
	// The working directory is where the command line started, or where this
	// command runs after a cd (cd src && git init): later commands may run there.
	return projectfiles.HiddenByRoot(ck.v.env.ProjectFiles, []string{ck.v.env.Cwd, ck.dir}, dir)
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
		if dir, ok := projectfiles.GitDirParent(p); ok {
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
	if args := c.Argv[1:]; c.Name == "find" && hasFindPrimary(args, "-delete") && projectfiles.FindSelects(args) {
		ck.add("protected_write", "project_config_find_delete", NonSevere, "find -delete removes files named "+projectfiles.Name+", the project's permgate config")
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
	case projectfiles.Named(w):
		ck.add("protected_write", "project_config_remove", NonSevere, c.Name+" "+w.Text+" takes away the project's permgate config")
	case w.Placeholder && ck.foundProjectConfig(c):
		ck.add("protected_write", "project_config_find_remove", NonSevere, c.Name+" "+w.Text+" takes away the files find names "+projectfiles.Name+", the project's permgate config")
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

// coversProjectFile returns the project file in force that a path or pattern
// (relative to dir) names or holds, or "". pathspec reads it as a git pathspec:
// :(magic) forms and patterns that match across directories.
func (ck *checker) coversProjectFile(w shellparse.Word, dir string, pathspec bool) string {
	files := ck.v.env.ProjectFiles
	if len(files) == 0 {
		return ""
	}
	text, known := ck.knownPath(w)
	return projectfiles.Covers(files, w, text, known, dir, pathspec)
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
		if w.Name == "find" && len(w.Argv) > 1 && projectfiles.FindSelects(w.Argv[1:]) {
			return true
		}
	}
	for _, i := range c.Stdin.From {
		if i >= 0 && i < len(ck.res.Commands) {
			from := ck.res.Commands[i]
			if from.Name == "find" && len(from.Argv) > 1 && projectfiles.FindSelects(from.Argv[1:]) {
				return true
			}
		}
	}
	return false
}
