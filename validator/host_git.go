package validator

import "github.com/permgate/permgate/shellparse"

// The methods below are what the git judgement (lang/git) asks of the
// command being judged, beside those of host.go.

// GitWrites returns the files git's declaration says this argv (the words
// after git's name) changes.
func (ck *checker) GitWrites(args []shellparse.Word) []shellparse.Word {
	return changedWords(declaredEffects("git", args))
}

// GitByName reports that the current command called git by its plain name,
// not by a path (/usr/bin/git) nor as git's libexec program (git-archive):
// then the write judgement (writes) reads its argv as git's.
func (ck *checker) GitByName() bool { return ck.res.Commands[ck.index].Name == "git" }

// GitProjectFiles are the project configs in force (absolute).
func (ck *checker) GitProjectFiles() []string { return ck.v.env.ProjectFiles }

// GitKnownPath returns the path a word names when permgate can tell (see
// knownPath).
func (ck *checker) GitKnownPath(w shellparse.Word) (string, bool) { return ck.knownPath(w) }

// GitChangeDir returns the directory after changing from dir to the word's
// path ("" when not known).
func (ck *checker) GitChangeDir(dir string, to shellparse.Word) string { return ck.changeDir(dir, to) }

// GitPathspecCovers returns the project config in force that a git pathspec
// (relative to dir, "" when unknown) names or holds, or "".
func (ck *checker) GitPathspecCovers(w shellparse.Word, dir string) string {
	return ck.coversProjectFile(w, dir, true)
}

// GitNewRootHides returns a project config in force that a new repository
// root at dir ("" when unknown) would stop from applying, or "".
func (ck *checker) GitNewRootHides(dir string) string { return ck.newRootHides(dir) }
