package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// commandDir is the directory a command runs in: the script's, changed by a
// wrapper such as env -C DIR or sudo -D DIR (their declared ChangesDir
// effects). A wrapper that runs it somewhere it does not say (find -execdir,
// chroot, nsenter -w without a directory) leaves it unknown ("").
func (ck *checker) commandDir(c shellparse.SimpleCommand) string {
	dir := ck.shellDir
	for _, w := range c.Wrappers {
		switch w.Name {
		case "find":
			if findRunsInMatchDirs(w.Argv[1:]) {
				return "" // runs in each match's directory
			}
		case "chroot":
			return "" // paths mean something else under another root
		}
		r, ok := readWrapper(w)
		if !ok {
			continue
		}
		dirs, known := dirChanges(r)
		if !known {
			return ""
		}
		for _, v := range dirs {
			dir = ck.changeDir(dir, v)
		}
	}
	return dir
}

// findRunsInMatchDirs reports find -execdir and -okdir.
func findRunsInMatchDirs(args []shellparse.Word) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		if p.Name == "-execdir" || p.Name == "-okdir" {
			return true
		}
	}
	return false
}

// dirChanges returns the directories a program's declared ChangesDir
// effects name, in order; known is false when such an option is given
// without a directory (nsenter -w: the target process's own).
func dirChanges(r reading) (dirs []shellparse.Word, known bool) {
	for _, e := range r.Inv.Node.Effects {
		if e.Act != registry.ChangesDir || len(e.Unless) > 0 && r.Has(e.Unless...) {
			continue
		}
		for _, o := range r.Inv.Scan.Values(e.Opts...) {
			if !o.HasValue {
				return nil, false
			}
			dirs = append(dirs, r.ValueWord(o))
		}
	}
	return dirs, true
}

// followCd updates the script's directory after cd, pushd or popd.
func (ck *checker) followCd(c shellparse.SimpleCommand) {
	for _, name := range assignedNames(c) {
		if name == "CDPATH" {
			ck.cdpath = true
		}
	}
	switch c.Name {
	case "cd", "chdir":
		if ck.uncertainCd(c) {
			return
		}
	case "pushd", "popd":
		if c.Alternative || c.OrElse {
			// One of several readings, or a change that runs only when
			// what stands before || failed: where the shell is after is
			// not known.
			ck.shellDir = ""
			return
		}
	}
	switch {
	case (c.Name == "cd" || c.Name == "pushd" || c.Name == "popd") && ck.funcs[c.Name]:
		// The script defines its own cd (cd() { builtin cd /x; }): where
		// it goes is the function's.
		ck.shellDir, ck.oldDir = "", ""
		return
	}
	switch c.Name {
	case "cd", "chdir":
		ck.shellDir, ck.oldDir = ck.cdTo(c), ck.shellDir
	case "pushd":
		ck.pushd(c)
	case "popd":
		ck.popd(c)
	}
}

// uncertainCd settles a cd that may not take the shell where it says, and
// reports whether it did. A cd may fail or not run (false && cd /tmp, cd
// /a || cd /b, one of several readings): a directory inside permgate's
// config or state the shell may be in, before or after, is where relative
// names are judged, the more dangerous of the two. Otherwise a cd that runs
// only on one path (|| or one reading) leaves the directory unknown, and a
// plain cd is followed (false: the caller goes on).
func (ck *checker) uncertainCd(c shellparse.SimpleCommand) bool {
	ps := ck.SelfPaths()
	if ck.funcs[c.Name] {
		return false // the script's own cd: the caller says
	}
	to := ck.cdTo(c)
	switch {
	case to != "" && to != ck.shellDir && ps.HoldsOwnFiles(to):
		return false // followed: the shell may well go there
	case ck.shellDir != "" && to != ck.shellDir && ps.HoldsOwnFiles(ck.shellDir):
		ck.oldDir = ck.shellDir // it may stay: judged where it was
		return true
	case c.Alternative || c.OrElse:
		ck.shellDir = ""
		return true
	}
	return false
}

// pushd follows bash's directory stack: pushd DIR puts the directory the
// shell is in on the stack and goes to DIR; pushd alone swaps it with the
// top. The stack starts empty (each command line is a new shell); pushd
// +N, -N or -n leaves it, and the directory, unknown.
func (ck *checker) pushd(c shellparse.SimpleCommand) {
	ops := operandsOf(c)
	switch {
	case ck.dirStackLost || hasAnyOption(c) || len(ops) > 0 && strings.HasPrefix(ops[0].Text, "+"):
		ck.shellDir, ck.oldDir, ck.dirStackLost = "", "", true
	case len(ops) == 0:
		if n := len(ck.dirStack); n > 0 {
			ck.oldDir = ck.shellDir
			ck.shellDir, ck.dirStack[n-1] = ck.dirStack[n-1], ck.shellDir
		}
	default:
		ck.dirStack = append(ck.dirStack, ck.shellDir)
		ck.shellDir, ck.oldDir = ck.cdTo(c), ck.shellDir
	}
}

// popd goes back to the directory on the top of the stack; with options
// (+N, -N, -n) or a stack pushd lost, the directory is unknown.
func (ck *checker) popd(c shellparse.SimpleCommand) {
	n := len(ck.dirStack)
	if ck.dirStackLost || hasAnyOption(c) || len(operandsOf(c)) > 0 {
		ck.shellDir, ck.oldDir, ck.dirStackLost = "", "", true
		return
	}
	if n == 0 {
		return // bash: popd: directory stack empty
	}
	ck.shellDir, ck.oldDir = ck.dirStack[n-1], ck.shellDir
	ck.dirStack = ck.dirStack[:n-1]
}

// cdTo returns the directory cd, pushd or chdir goes to: home with no
// operand, unknown ("") when the directory stack or CDPATH decides.
func (ck *checker) cdTo(c shellparse.SimpleCommand) string {
	ops := operandsOf(c)
	switch {
	case c.Name == "pushd" && (hasAnyOption(c) || len(ops) > 0 && strings.HasPrefix(ops[0].Text, "+")):
		return "" // pushd +N, -N, -n: the stack decides
	case len(ops) == 0:
		return ck.v.env.Home
	}
	to := ops[0]
	if ck.cdpath && to.Static && !strings.HasPrefix(to.Text, "/") && !strings.HasPrefix(to.Text, ".") {
		// CDPATH's directories come before the working directory: with one
		// the script gives, cd NAME goes to DIR/NAME wherever that exists;
		// else CDPATH may send cd anywhere.
		if dir, ok := ck.cdpathDir(c); ok {
			return ck.changeDir(dir, to)
		}
		return ""
	}
	return ck.changeDir(ck.shellDir, to)
}

// cdpathDir returns the one directory of a CDPATH the command or the
// script set to a value known here (CDPATH=/ cd etc goes to /etc).
func (ck *checker) cdpathDir(c shellparse.SimpleCommand) (string, bool) {
	value, known := ck.vars["CDPATH"]
	for _, a := range c.Assigns {
		if a.Name == "CDPATH" {
			value, known = a.Value.Text, a.Value.Static
		}
	}
	if !known || value == "" || strings.Contains(value, ":") {
		return "", false
	}
	dir := ck.changeDir(ck.shellDir, shellparse.Word{Text: value, Static: true})
	return dir, dir != ""
}

// changeDir returns the directory after changing from dir to the word's path.
func (ck *checker) changeDir(dir string, to shellparse.Word) string {
	text := to.Text
	switch {
	case text == "~-" || !to.Static && (text == "$OLDPWD" || text == "${OLDPWD}" || text == `"$OLDPWD"`) && !ck.assigned["OLDPWD"]:
		return ck.oldDir
	case text == "~+":
		return dir
	case dirStackTilde(text):
		return "" // ~1, ~+1, ~-2: an entry of the directory stack
	}
	if !to.Static {
		// cd "$HOME/.config": a directory permgate can still name.
		known, ok := ck.knownPath(to)
		if !ok || to.Glob || hasGlob(known) {
			return ""
		}
		text = known
	}
	switch {
	case text == "-":
		return ck.oldDir // bash's OLDPWD: where the last cd left from ("" unknown)
	case strings.HasPrefix(text, "/"):
		if _, ok := fdDirPath(path.Clean(text) + "/x"); ok {
			return "" // cd /dev/fd/3: the directory a descriptor holds
		}
		return path.Clean(text)
	case dir == "":
		return ""
	}
	return path.Join(dir, text)
}

// dirStackTilde reports ~N, ~+N or ~-N (with what follows a slash): a
// directory of pushd's stack.
func dirStackTilde(t string) bool {
	rest, ok := strings.CutPrefix(t, "~")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, "+-")
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	return n > 0 && (n == len(rest) || rest[n] == '/')
}

// hasAnyOption reports a command given any option, by its declared grammar.
func hasAnyOption(c shellparse.SimpleCommand) bool {
	inv, ok := scanned(c)
	return ok && len(inv.Scan.Opts) > 0
}
