package code

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// Matched names the files a command runs by matching, not by name: a
// pattern (bash scripts/*.sh) or a find (find . -name '*.sh' -exec bash {}
// \;). The host judges each file that matches now.
type Matched struct {
	// Dirs are where the files are looked for, as written.
	Dirs []string
	// Names are the patterns a file's name must match, all of them (none:
	// any file).
	Names []string
	// Depth is how many directories down the files may be: 0 for the
	// directory's own entries (a pattern), more for a find.
	Depth int
	// Find reports a find: the directories themselves match too, and
	// dot-files are matched by * as any other.
	Find bool
}

// MaxFindDepth is how deep a find with no -maxdepth is followed; a tree
// deeper than that asks.
const MaxFindDepth = 8

// matched reads the files a placeholder or pattern word stands for: the
// pattern itself (scripts/*.sh, with nothing else unknown), or the files
// the find that fills the placeholder selects by name.
func matched(c shellparse.SimpleCommand, w shellparse.Word) (Matched, bool) {
	if shellparse.OnlyPattern(w) {
		dir, base := path.Split(w.Text)
		if dir == "" {
			dir = "."
		}
		return Matched{Dirs: []string{dir}, Names: []string{base}}, !strings.ContainsAny(dir, "*?[")
	}
	if !w.Placeholder || w.Text != "{}" || len(c.Wrappers) == 0 {
		return Matched{}, false
	}
	find := c.Wrappers[len(c.Wrappers)-1]
	if find.Name != "find" || len(find.Argv) == 0 {
		return Matched{}, false
	}
	return findMatched(find.Argv[1:])
}

// findMatched reads a find's roots and its name tests. Only a conjunction
// is read: the files it selects are among those whose name matches every
// -name, whatever its other tests say. An -o, a -path or -regex test, a
// word known only at run time, or a root not known leaves it unread.
func findMatched(args []shellparse.Word) (Matched, bool) {
	roots, expr := shellparse.FindRoots(args)
	if slices.ContainsFunc(args[:len(args)-len(expr)], func(w shellparse.Word) bool { return w.Text == "-L" }) {
		return Matched{}, false // links followed: the walk would not see where they lead
	}
	m := Matched{Depth: MaxFindDepth, Find: true}
	for _, r := range roots {
		if !r.Static || r.Glob {
			return Matched{}, false
		}
		m.Dirs = append(m.Dirs, r.Text)
	}
	return m, m.nameTests(expr)
}

// nameTests reads a find expression's -name, -iname and -maxdepth into m;
// false when the expression may select files by anything else than a
// conjunction with them.
func (m *Matched) nameTests(expr []shellparse.Word) bool {
	negated := false
	for _, p := range shellparse.FindPrimaries(expr) {
		switch p.Name {
		case "?", "-o", "-or", "-path", "-wholename", "-ipath", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "-L", "-follow":
			return false
		case "!", "-not":
			negated = true
			continue
		case "-name":
			if !negated {
				m.Names = append(m.Names, p.Value)
			}
		case "-iname":
			folded, ok := foldPattern(p.Value)
			if !ok {
				return false
			}
			if !negated {
				m.Names = append(m.Names, folded)
			}
		case "-maxdepth":
			n, err := strconv.Atoi(p.Value)
			if err != nil || n < 0 {
				return false
			}
			m.Depth = min(n, MaxFindDepth)
		}
		negated = false
	}
	return true
}

// foldPattern makes an -iname pattern match either case of each letter,
// as a path.Match pattern ([aA][bB]…); one with a class or an escape is
// not folded (ok false).
func foldPattern(p string) (string, bool) {
	if strings.ContainsAny(p, "[\\") {
		return "", false
	}
	var b strings.Builder
	for _, r := range p {
		lower, upper := strings.ToLower(string(r)), strings.ToUpper(string(r))
		if lower == upper {
			b.WriteRune(r)
			continue
		}
		b.WriteString("[" + lower + upper + "]")
	}
	return b.String(), true
}
