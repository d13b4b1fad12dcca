// Package projectfiles says which project configs (.permgate.toml files,
// which apply from the working directory up to the repository root) a path,
// a pattern, a find expression or a new repository root acts on. Removing
// or moving one, checking another version out over it, or creating a
// repository root between the working directory and one (so that it no
// longer applies) changes the policy. It reads names and paths only: which
// commands remove, move or create them is the caller's.
package projectfiles

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// Name is the name of a project's permgate config.
const Name = ".permgate.toml"

// HiddenByRoot returns a project config of files (absolute) that a new
// repository root (a .git) at dir would stop from applying, or "". dir "" is
// a directory known only at run time; cwds are the working directories later
// commands may run in ("" for one not known).
func HiddenByRoot(files, cwds []string, dir string) string {
	for _, cwd := range cwds {
		for _, f := range files {
			pd := path.Dir(f)
			if cwd != "" && (dir == "" && pathin.Under(cwd, pd) || dir != "" && pathin.Under(dir, pd) && pathin.Within(cwd, dir)) {
				return f
			}
		}
	}
	return ""
}

// Covers returns the project config of files (absolute) that a path or
// pattern, relative to dir ("" when not known), names or holds, or "". text
// and known are the path the word names when the caller can tell (a static
// word, $HOME/… expanded). pathspec reads it as a git pathspec: :(magic)
// forms and patterns that match across directories.
func Covers(files []string, w shellparse.Word, text string, known bool, dir string, pathspec bool) string {
	if len(files) == 0 {
		return ""
	}
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
		case !pattern && pathin.Within(f, path.Clean(abs)):
			return f
		case pattern && pathspec:
			if pathin.Within(f, path.Clean(staticDir(abs))) {
				return f
			}
		case pattern && globCovers(abs, f):
			return f
		}
	}
	return ""
}

// staticDir returns the directory a pattern expands in: its components
// before the first with a pattern character ("/" or "." when none is left).
func staticDir(pattern string) string {
	parts := strings.Split(pattern, "/")
	for i, part := range parts {
		if !strings.ContainsAny(part, "*?[") {
			continue
		}
		dir := strings.Join(parts[:i], "/")
		switch {
		case dir == "" && strings.HasPrefix(pattern, "/"):
			return "/"
		case dir == "":
			return "."
		}
		return dir
	}
	return pattern
}

// unknownDirCovers judges a relative path in a directory known only at run
// time: it may hold a project file when it climbs (., .., ../x) or ends in
// the name of a directory a project file is in.
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

// globCovers reports whether a shell pattern (absolute) matches f or one of
// its parent directories. As in bash, * does not match a leading dot unless
// the pattern component starts with one.
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

// GitDirParent reports a path that is a .git (or inside one) and returns the
// directory that holds it.
func GitDirParent(p string) (string, bool) {
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

// Named reports a word whose last component is, or as a pattern can match,
// .permgate.toml.
func Named(w shellparse.Word) bool {
	base := path.Base(w.Text)
	if base == Name {
		return true
	}
	ok, err := path.Match(base, Name)
	return w.Glob && strings.HasPrefix(base, ".") && !matchesEverything(base) && err == nil && ok
}

// matchesEverything reports a pattern such as * or .* that selects every
// name (or every dot name): deleting with it is judged as a delete of
// everything.
func matchesEverything(pattern string) bool {
	return strings.Trim(pattern, "*?.") == ""
}

// FindSelects reports a find expression (find's arguments) whose name or
// path tests can select a .permgate.toml.
func FindSelects(args []shellparse.Word) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		switch p.Name {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename":
			if testSelects(p.Name, p.Value) {
				return true
			}
		}
	}
	return false
}

// testSelects reports a name or path test whose pattern can match the
// config's name.
func testSelects(test, value string) bool {
	name := Name
	if strings.HasPrefix(test, "-i") {
		value, name = strings.ToLower(value), strings.ToLower(name)
	}
	if test != "-name" && test != "-iname" {
		value = path.Base(value)
	}
	if matchesEverything(value) {
		return false
	}
	ok, err := path.Match(value, name)
	return err == nil && ok
}
