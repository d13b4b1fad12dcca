package validator

import (
	"github.com/permgate/permgate/lang/git"
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// gitCloneDestination is the directory git clone URL DIR clones into, by
// git clone's declared grammar: under git's -C directories when DIR is
// relative.
func gitCloneDestination(args []shellparse.Word) []shellparse.Word {
	if !slices.ContainsFunc(args, func(w shellparse.Word) bool { return w.Text == "clone" }) {
		return nil // the hot path: no clone to read git's words for
	}
	g := git.Parse(args)
	ops := g.Operands()
	if g.Sub != "clone" || len(ops) != 2 {
		return nil
	}
	dest := ops[1]
	if dir, ok := gitCDir(g.GlobalValues("-C")); ok && !(dest.Static && strings.HasPrefix(dest.Text, "/")) {
		dest = shellparse.Word{Text: dir.Text + "/" + dest.Text, Static: dir.Static && dest.Static, Params: append(slices.Clip(dir.Params), dest.Params...)}
	}
	return []shellparse.Word{dest}
}

// gitCDir joins git's -C directories, each relative to the one before, into
// the directory git works in (false when -C is not given).
func gitCDir(dirs []shellparse.Word) (shellparse.Word, bool) {
	if len(dirs) == 0 {
		return shellparse.Word{}, false
	}
	dir := dirs[0]
	for _, d := range dirs[1:] {
		if d.Static && strings.HasPrefix(d.Text, "/") {
			dir = d
			continue
		}
		dir = shellparse.Word{Text: strings.TrimSuffix(dir.Text, "/") + "/" + d.Text, Static: dir.Static && d.Static, Params: append(slices.Clip(dir.Params), d.Params...)}
	}
	dir.Text = strings.TrimSuffix(dir.Text, "/")
	return dir, true
}
