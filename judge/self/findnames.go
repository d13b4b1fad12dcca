package self

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// FindSelects reports a find test on names (-name, -path and their
// case-blind forms) that may select one of permgate's files or directories
// under root, an absolute path: find ~ -path '*permgate*' -delete. A test
// every name passes (-name '*') narrows nothing: the root is judged as it
// is (TreeSelf).
func (ps *Paths) FindSelects(root string, expr []shellparse.Word) bool {
	anchors := ps.under(root)
	if len(anchors) == 0 {
		return false
	}
	for _, p := range shellparse.FindPrimaries(expr) {
		whole := p.Name == "-path" || p.Name == "-ipath" || p.Name == "-wholename" || p.Name == "-iwholename"
		if !whole && p.Name != "-name" && p.Name != "-iname" || strings.Trim(p.Value, "*") == "" {
			continue
		}
		re, err := findPattern(p.Value, strings.HasPrefix(p.Name, "-i"), whole)
		if err != nil {
			continue
		}
		for _, a := range anchors {
			if selfCandidates(a, root, whole, re) {
				return true
			}
		}
	}
	return false
}

// selfCandidates reports a path find would test under root, on the way to
// or inside the anchor a, that re matches: the whole path for -path, each
// name for -name.
func selfCandidates(a, root string, whole bool, re *regexp.Regexp) bool {
	names := slices.Sorted(maps.Keys(selfNames.Get()))
	if whole {
		for _, n := range append(names, "") {
			if re.MatchString(strings.TrimSuffix(path.Join(a, n), "/")) {
				return true
			}
		}
		return false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(a, root), "/")
	for _, n := range append(strings.Split(rel, "/"), names...) {
		if n != "" && re.MatchString(n) {
			return true
		}
	}
	return false
}

// findPattern turns find's shell pattern into a regular expression: for a
// whole path (-path) * and ? match / too.
func findPattern(glob string, fold, whole bool) (*regexp.Regexp, error) {
	any, one := "[^/]*", "[^/]"
	if whole {
		any, one = ".*", "."
	}
	var b strings.Builder
	if fold {
		b.WriteString("(?i)")
	}
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			b.WriteString(any)
		case '?':
			b.WriteString(one)
		case '[':
			end := strings.IndexByte(glob[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := strings.Replace(glob[i+1:i+1+end], "!", "^", 1)
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 1
		case '\\':
			if i+1 < len(glob) {
				i++
				b.WriteString(regexp.QuoteMeta(glob[i : i+1]))
			}
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}
