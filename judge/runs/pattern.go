package runs

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
)

// MaxPatternFiles bounds the files one pattern (bash *.sh, for f in
// scripts/*.sh) is read as; a pattern matching more asks.
const MaxPatternFiles = 16

// Pattern judges the files a pattern names (bash scripts/*.sh, and a loop
// over one: for f in *.sh; do bash "$f"; done), as the shell expands it now:
// each file of the directory whose name matches is judged as if named. The
// directory part must be known; a pattern matching more than
// MaxPatternFiles, one in a directory an earlier command wrote into, or one
// in a directory permgate cannot list asks. One that matches nothing is
// passed on as written, as bash does.
func (s *State) Pattern(h Host, b *Budget, name, pattern string, lang Lang) Result {
	if strings.HasPrefix(pattern, "~/") {
		pattern = path.Join(h.Home(), pattern[2:])
	}
	dir, base := path.Split(pattern)
	if h.Dir() == "" && !strings.HasPrefix(pattern, "/") || strings.ContainsAny(dir, "*?[") || h.RunsDirs() == nil {
		return unknownPattern(h, name, pattern, "it is matched at run time")
	}
	absDir := h.Resolve(strings.TrimSuffix(dir, "/"))
	if dir == "" {
		absDir = h.Resolve(".")
	}
	if s.wroteTreeUnder(absDir) {
		return unknownPattern(h, name, pattern, "an earlier command writes files it does not name into "+absDir)
	}
	matches, err := s.matchEntries(h, absDir, base)
	if err != nil {
		return unknownPattern(h, name, pattern, "its directory cannot be listed")
	}
	if len(matches) > MaxPatternFiles {
		return unknownPattern(h, name, pattern, "it matches more files than permgate reads")
	}
	if len(matches) == 0 {
		return s.File(h, b, name, pattern, lang, path.Base(pattern)+" (run by "+name+")")
	}
	all := Result{Read: true, ReadOnly: true}
	for _, m := range matches {
		r := s.File(h, b, name, path.Join(absDir, m), lang, m+" (run by "+name+", from "+base+")")
		all.Read = all.Read && r.Read
		all.ReadOnly = all.ReadOnly && r.ReadOnly
		all.Project = all.Project || r.Project
	}
	return all
}

// matchEntries returns the names in dir that base matches, as the shell's
// pathname expansion does (a leading dot only by a pattern that starts
// with one): its entries, and the files earlier commands of the script
// wrote there. A directory that is not there has none.
func (s *State) matchEntries(h Host, dir, base string) ([]string, error) {
	entries, err := h.RunsDirs().List(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	for p := range s.written {
		if path.Dir(p) == dir && !slices.Contains(names, path.Base(p)) {
			names = append(names, path.Base(p))
		}
	}
	slices.Sort(names)
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if ok, err := path.Match(base, n); err != nil {
			return nil, err
		} else if ok {
			out = append(out, n)
		}
	}
	return out, nil
}

// wroteTreeUnder reports a tree an earlier command of the script wrote
// files it does not name into, around dir: the pattern may match them.
func (s *State) wroteTreeUnder(dir string) bool {
	for _, t := range s.trees {
		if under(dir, t) {
			return true
		}
	}
	return false
}

// unknownPattern asks for a pattern whose files are not known.
func unknownPattern(h Host, name, pattern, why string) Result {
	h.Report("too_complex", "script_dynamic", finding.NonSevere, name+" runs the files "+clip(pattern)+" matches, and "+why+": what it runs is not known", "")
	return Result{}
}
