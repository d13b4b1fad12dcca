package runs

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/runfiles"
)

// Bounds on the files a pattern or a find is read as.
const (
	// MaxMatchedFiles bounds the files one pattern (bash *.sh) or find
	// (find . -name '*.sh' -exec bash {} \;) is read as; more asks.
	MaxMatchedFiles = 16
	// MaxMatchedDirs bounds the directories a find's walk lists.
	MaxMatchedDirs = 256
)

// Matched judges the files a pattern or a find selects (judge/code's
// Matched), as the shell or find would now: each file whose name matches
// is judged as if named, with the files written earlier on the line among
// them. A selection past the bounds, in a tree an earlier command wrote
// files into that it does not name, or in a directory permgate cannot
// list asks. A pattern that matches nothing is passed on as written, as
// bash does; a find that selects nothing runs nothing.
func (s *State) Matched(h Host, b *Budget, name string, m code.Matched, lang Lang) Result {
	if h.RunsDirs() == nil {
		return unknownMatch(h, name, m, "it is matched at run time")
	}
	w := walk{s: s, h: h, m: m}
	for _, dir := range m.Dirs {
		if strings.HasPrefix(dir, "~/") || dir == "~" {
			dir = path.Join(h.Home(), strings.TrimPrefix(dir, "~"))
		}
		if h.Dir() == "" && !strings.HasPrefix(dir, "/") {
			return unknownMatch(h, name, m, "it is relative to a directory known only at run time")
		}
		if why := w.root(h.Resolve(dir)); why != "" {
			return unknownMatch(h, name, m, why)
		}
	}
	if len(w.files) == 0 && !m.Find {
		p := path.Join(m.Dirs[0], m.Names[0])
		return s.File(h, b, name, p, lang, path.Base(p)+" (run by "+name+")")
	}
	all := Result{Read: !w.more, ReadOnly: !w.more}
	if w.more {
		unknownMatch(h, name, m, "it matches more files than permgate reads")
	}
	for _, f := range w.files {
		r := s.File(h, b, name, f, lang, path.Base(f)+" (run by "+name+", matched)")
		all.Read = all.Read && r.Read
		all.ReadOnly = all.ReadOnly && r.ReadOnly
		all.Project = all.Project || r.Project
	}
	return all
}

// walk collects the files a Matched selects.
type walk struct {
	s     *State
	h     Host
	m     code.Matched
	files []string
	more  bool // more files matched than MaxMatchedFiles
	dirs  int
	// packages walks only into Python packages (unittest's discovery).
	packages bool
}

// root walks one directory (or, for a find, one root that may be a file);
// it returns why the selection is not known, or "".
func (w *walk) root(abs string) string {
	if w.s.wroteTreeUnder(abs) {
		return "an earlier command writes files it does not name into " + abs
	}
	if !w.m.Find {
		return w.dir(abs, 1)
	}
	_, err := w.h.RunsDirs().List(abs)
	switch {
	case err == nil:
		return w.dir(abs, 1)
	case errors.Is(err, fs.ErrNotExist):
		return "" // find reports it; nothing runs there
	case errors.Is(err, runfiles.ErrTooLarge) || errors.Is(err, runfiles.ErrNotRegular):
		return "a directory in it cannot be listed"
	default:
		w.match(abs) // a file given as a root is tested itself
		return ""
	}
}

// dir lists one directory at level (its entries' depth below the root)
// and walks on for a find.
func (w *walk) dir(abs string, level int) string {
	if w.dirs++; w.dirs > MaxMatchedDirs {
		return "it looks through more directories than permgate lists"
	}
	entries, err := w.h.RunsDirs().List(abs)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "a directory in it cannot be listed"
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if w.m.Find && e.IsDir() {
			if w.packages && !w.isPackage(path.Join(abs, e.Name())) {
				continue
			}
			if why := w.sub(path.Join(abs, e.Name()), level); why != "" {
				return why
			}
			continue
		}
		names = append(names, e.Name())
	}
	for p := range w.s.written {
		if path.Dir(p) == abs && !slices.Contains(names, path.Base(p)) {
			names = append(names, path.Base(p))
		}
	}
	slices.Sort(names)
	for _, n := range names {
		w.match(path.Join(abs, n))
	}
	return ""
}

// isPackage reports a directory with an __init__.py.
func (w *walk) isPackage(dir string) bool {
	_, err := w.s.read(w.h, path.Join(dir, "__init__.py"))
	return err == nil
}

// sub walks a find's subdirectory at level, within its depth.
func (w *walk) sub(abs string, level int) string {
	if level >= w.m.Depth {
		if w.m.Depth == code.MaxFindDepth {
			return "its tree is deeper than permgate follows"
		}
		return ""
	}
	return w.dir(abs, level+1)
}

// match keeps the file at abs when its name matches every pattern (a
// pattern's * matches a leading dot only for a find).
func (w *walk) match(abs string) {
	n := path.Base(abs)
	for _, pattern := range w.m.Names {
		if !w.m.Find && strings.HasPrefix(n, ".") && !strings.HasPrefix(pattern, ".") {
			return
		}
		if ok, err := path.Match(pattern, n); err != nil || !ok {
			return
		}
	}
	if len(w.files) == MaxMatchedFiles {
		w.more = true // the first are judged all the same
		return
	}
	w.files = append(w.files, abs)
}

// wroteTreeUnder reports a tree an earlier command of the script wrote
// files it does not name into, around dir: the pattern may match them.
func (s *State) wroteTreeUnder(dir string) bool {
	for _, t := range s.trees {
		if under(dir, t) || under(t, dir) {
			return true
		}
	}
	return false
}

// unknownMatch asks for a selection whose files are not known.
func unknownMatch(h Host, name string, m code.Matched, why string) Result {
	what := strings.Join(m.Dirs, " ")
	if len(m.Names) > 0 {
		what = path.Join(m.Dirs[0], m.Names[0])
	}
	h.Report("too_complex", "script_dynamic", finding.NonSevere, name+" runs the files "+clip(what)+" matches, and "+why+": what it runs is not known", "")
	return Result{}
}
