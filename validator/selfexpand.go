package validator

import (
	"github.com/permgate/permgate/internal/pathin"
	"github.com/permgate/permgate/internal/shglob"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/places"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/xdg"
	"github.com/permgate/permgate/shellparse"
)

// This file expands the words of a write target the way permgate can see them:
// variables, defaults, brace lists, and links the script or the disk holds.

// expandPath returns the texts a path word may stand for, with the variables
// permgate can see expanded: $HOME, $PWD, $XDG_CONFIG_HOME, $XDG_STATE_HOME,
// variables the script assigned earlier, ${VAR:-default} and ${VAR:=default}
// (both the default and, when VAR is unknown, "unknown"), and brace lists.
// unknown reports that the word may also name a path known only at run time.
func (ck *checker) expandPath(w shellparse.Word) (texts []string, unknown bool) {
	if w.Placeholder || w.Subst || w.ProcSubst {
		return nil, true
	}
	if prog := w.Program(); prog != "" && w.Static {
		return ck.programPaths(w.Text, prog), false
	}
	text := w.Text
	if !w.Static {
		text = strings.ReplaceAll(text, `"`, "")
		if user, rest, ok := strings.Cut(strings.TrimPrefix(text, "~"), "/"); strings.HasPrefix(text, "~") && isUserName(user) && !dirStackTilde(text) && (ok || rest == "") {
			home := "/home/" + user
			if user == "root" {
				home = "/root"
			}
			text = home + "/" + rest
		}
		var alts []string
		alts, unknown = ck.expandText(text, 0)
		texts = alts
	} else {
		texts = []string{text}
	}
	var out []string
	for _, t := range texts {
		if w.Glob {
			t = shglob.Widen(t) // rm DIR/@(pg) names what DIR/* may
		}
		alts, cut := braceExpandBounded(t, 0)
		out = append(out, alts...)
		unknown = unknown || cut // what was not expanded is not known
	}
	return out, unknown
}

// programPaths returns the paths "$(command -v NAME)" may name: NAME
// itself (a builtin's or function's name) and NAME in each directory of
// $PATH, one of which the lookup found.
func (ck *checker) programPaths(text, prog string) []string {
	out := []string{text}
	for _, d := range ck.v.env.PathDirs {
		out = append(out, path.Join(d, prog))
	}
	return out
}

// expandText expands the parameters in text; see expandPath.
func (ck *checker) expandText(text string, depth int) ([]string, bool) {
	alts := []string{""}
	unknown := false
	for i := 0; i < len(text); {
		c := text[i]
		if c == '`' || c == '\\' && i+1 < len(text) && text[i+1] == '`' {
			return nil, true
		}
		if c != '$' || i+1 == len(text) {
			// Copy the whole run up to the next $, ` or \ at once: a byte at a
			// time is quadratic on a long word.
			end := i + 1
			for end < len(text) && text[end] != '$' && text[end] != '`' && text[end] != '\\' {
				end++
			}
			for j := range alts {
				alts[j] += text[i:end]
			}
			i = end
			continue
		}
		var name, op, def string
		end := i + 1
		if text[i+1] == '{' {
			close := matchingBrace(text, i+1)
			if close < 0 {
				return nil, true
			}
			inner := text[i+2 : close]
			n := 0
			for n < len(inner) && isNameByte(inner[n], n) {
				n++
			}
			name = inner[:n]
			rest := inner[n:]
			for _, o := range []string{":-", ":=", "-", "="} {
				if strings.HasPrefix(rest, o) {
					op, def = o, rest[len(o):]
					break
				}
			}
			if name == "" || op == "" && rest != "" {
				return nil, true
			}
			end = close + 1
		} else {
			n := i + 1
			for n < len(text) && isNameByte(text[n], n-i-1) {
				n++
			}
			name = text[i+1 : n]
			if name == "" {
				return nil, true
			}
			end = n
		}
		value, known := ck.varValue(name)
		var vals []string
		if known && !(value == "" && strings.HasPrefix(op, ":")) {
			vals = []string{value}
		} else if op != "" && depth < 3 {
			if strings.HasPrefix(def, "~") && (len(def) == 1 || def[1] == '/') && ck.v.env.Home != "" {
				def = ck.v.env.Home + def[1:]
			}
			vals, _ = ck.expandText(def, depth+1)
			unknown = true // judged with the default and as unknown
		} else {
			return nil, true
		}
		var next []string
		for _, a := range alts {
			for _, v := range vals {
				if len(next) < 16 {
					next = append(next, a+v)
				} else {
					unknown = true // what is left out is not known
				}
			}
		}
		alts = next
		i = end
	}
	return alts, unknown
}

func isNameByte(b byte, pos int) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || pos > 0 && b >= '0' && b <= '9'
}

// matchingBrace returns the index of the } closing the { at open, or -1.
func matchingBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// varValue returns a variable's value when permgate knows it.
func (ck *checker) varValue(name string) (string, bool) {
	if v, ok := ck.vars[name]; ok {
		return v, true
	}
	if ck.assigned[name] {
		return "", false // set by the script to a value permgate does not know
	}
	home := ck.v.env.Home
	switch name {
	case "HOME":
		return home, home != ""
	case "PWD":
		return ck.dir, ck.dir != ""
	case "TMPDIR":
		return ck.v.env.TmpDir, ck.v.env.TmpDir != ""
	case "XDG_CONFIG_HOME":
		dir := xdg.ConfigHome(ck.v.env.XDGConfigHome, home)
		return dir, dir != ""
	case "XDG_STATE_HOME":
		dir := xdg.StateHome(ck.v.env.XDGStateHome, home)
		return dir, dir != ""
	}
	if place, ok := placeVars.Get()[name]; ok && home != "" {
		return home + place, true
	}
	return "", false
}

// placeVars are the variables that name the place a program keeps its
// credentials or settings in (places.PlaceVars).
var placeVars = lazy.Value[map[string]string]{Make: func() map[string]string {
	return places.PlaceVars.Get()
}}

// braceExpand expands brace lists ({a,b}) in a path, up to 32 results.
func braceExpand(s string, depth int) []string {
	out, _ := braceExpandBounded(s, depth)
	return out
}

// braceExpandBounded is braceExpand within a bound on its work (maxBraceCalls
// expansions looked at); cut reports that the bound stopped it, and results
// may be missing.
func braceExpandBounded(s string, depth int) (out []string, cut bool) {
	budget := maxBraceCalls
	out = braceExpandBudget(s, depth, &budget)
	return out, budget < 0
}

// truncated spends the whole budget: whatever was dropped (too deep, too many
// results, too long) makes the expansion incomplete, so the word counts as
// known only in part.
func truncated(budget *int) { *budget = -1 }

func braceExpandBudget(s string, depth int, budget *int) []string {
	if *budget--; *budget < 0 {
		return nil
	}
	open := strings.IndexByte(s, '{')
	if open < 0 {
		return []string{s}
	}
	if depth > 4 {
		truncated(budget)
		return []string{s}
	}
	close := matchingBrace(s, open)
	if close < 0 {
		return []string{s}
	}
	inner := s[open+1 : close]
	var parts []string
	level, start := 0, 0
	for i := 0; i < len(inner); i++ {
		switch inner[i] {
		case '{':
			level++
		case '}':
			level--
		case ',':
			if level == 0 {
				parts = append(parts, inner[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, inner[start:])
	if len(parts) < 2 {
		rest := braceExpandBudget(s[close+1:], depth+1, budget)
		out := make([]string, 0, len(rest))
		for _, r := range rest {
			if close+1+len(r) <= maxPathBytes {
				out = append(out, s[:close+1]+r)
			} else {
				truncated(budget)
			}
		}
		return out
	}
	var out []string
	for _, p := range parts {
		if len(out) >= maxBraceExpand {
			truncated(budget) // expanding the rest would cost time for nothing kept
			break
		}
		for _, e := range braceExpandBudget(s[:open]+p+s[close+1:], depth+1, budget) {
			if len(out) < maxBraceExpand && len(e) <= maxPathBytes {
				out = append(out, e)
			} else {
				truncated(budget)
			}
		}
	}
	return out
}

// maxBraceExpand bounds the words braceExpand returns.
const maxBraceExpand = 32

// maxBraceCalls bounds the expansions braceExpand looks at.
const maxBraceCalls = 1024

// maxPathBytes is PATH_MAX: a longer expansion names no file (open fails with
// ENAMETOOLONG), so braceExpand does not keep it.
const maxPathBytes = 4096

// followLinks rewrites a path through the links the script made earlier.
func (ck *checker) followLinks(p string) string {
	best := ""
	for link := range ck.links {
		if pathin.Within(p, link) && len(link) > len(best) {
			best = link // the longest link that holds p: deterministic
		}
	}
	if best == "" {
		return p
	}
	return ck.links[best] + p[len(best):]
}

// realPaths returns p, p through the script's links, and p through the links
// on disk (Env.Resolve), without repeats.
func (ck *checker) realPaths(p string) []string {
	out := []string{p}
	if q := ck.followLinks(p); q != p {
		out = append(out, q)
	}
	if ck.v.env.Resolve != nil && !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") {
		for _, q := range out {
			if rq := ck.v.lookup(q); rq != "" && rq != q && !slices.Contains(out, rq) {
				out = append(out, path.Clean(rq))
			}
		}
	}
	return out
}

// hasGlob reports glob characters in a path.
func hasGlob(s string) bool { return strings.ContainsAny(s, "*?[") }
