package validator

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// deleteClass is how bad deleting a target recursively is.
type deleteClass int

const (
	deleteLocal  deleteClass = iota // inside the working directory or a temporary one
	deleteSevere                    // anything else
)

// rm judges rm: recursive deletes by where they point; plain deletes of critical
// files are judged as writes.
func (ck *checker) rm(c shellparse.SimpleCommand, args []shellparse.Word) {
	recursive, dynamicOpt, targets := rmArgs(args)
	targets = ck.rmFromFind(c, targets, recursive || dynamicOpt)
	if !recursive && !dynamicOpt {
		return
	}
	for _, t := range targets {
		self.TreeSelf(ck, t, "rm -r "+t.Text, false)
		class, why := ck.judgeDelete(t)
		if class == deleteSevere {
			ck.addSafer("recursive_delete", "rm", Severe, "rm -r on "+why, deleteSafer(why))
		} else if recursive {
			ck.add("recursive_delete_local", "rm", NonSevere, "rm -r deletes "+t.Text+" and everything in it")
		}
	}
}

// declaredTreeDeletes judges what the command and its wrappers delete
// recursively by their declarations (tar --remove-files, zip -rm): as rm -r
// of the same paths.
func (ck *checker) declaredTreeDeletes(c shellparse.SimpleCommand) {
	for _, t := range append(wrapperEffects(c), commandEffects(c)...) {
		if t.act != registry.DeletesTree {
			continue
		}
		how := path.Base(c.Name) + " deletes " + t.word.Text
		self.TreeSelf(ck, t.word, how, false)
		class, why := ck.judgeDelete(t.word)
		if class == deleteSevere {
			ck.addSafer("recursive_delete", "declared_tree", Severe, how+", a recursive delete on "+why, deleteSafer(why))
		} else {
			ck.add("recursive_delete_local", "declared_tree", NonSevere, how+" and everything in it")
		}
	}
}

// rmFromFind: find ROOT -exec rm {} + removes what find selects: it is find
// -delete, judged by find's roots and tests (rm -rf {} of the dirs find
// selects under the working directory is a local delete). It returns the
// targets left to judge, without find's placeholders.
func (ck *checker) rmFromFind(c shellparse.SimpleCommand, targets []shellparse.Word, recursive bool) []shellparse.Word {
	finder, ok := findWrapper(c)
	if !ok || !slices.ContainsFunc(targets, func(t shellparse.Word) bool { return t.Placeholder }) {
		return targets
	}
	how := "find -exec rm"
	if recursive {
		how = "find -exec rm -r"
	}
	ck.findDeletes(finder.Argv[1:], how, recursive)
	return slices.DeleteFunc(targets, func(t shellparse.Word) bool { return t.Placeholder })
}

// findWrapper returns the find the command came through last (find ROOT
// -exec CMD {} +), if any.
func findWrapper(c shellparse.SimpleCommand) (shellparse.Wrapper, bool) {
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		if path.Base(c.Wrappers[i].Name) == "find" {
			return c.Wrappers[i], true
		}
	}
	return shellparse.Wrapper{}, false
}

// deleteSafer is the safer way to a recursive delete judged severe for why:
// name the paths, or move them to the trash. Deleting / has none.
func deleteSafer(why string) string {
	if strings.HasPrefix(why, "/ —") {
		return ""
	}
	return "move it to the trash (gio trash PATH), which can be undone, or name the exact paths to delete"
}

// rmArgs reads rm's arguments by its declared grammar: whether -r is given,
// whether a word known only at run time may supply it, and the targets
// (dynamic words among them).
func rmArgs(args []shellparse.Word) (recursive, dynamicOpt bool, targets []shellparse.Word) {
	inv := scanArgs("rm", args)
	s := &inv.Scan
	operand := operandAt(s, len(args))
	targets = make([]shellparse.Word, 0, len(args))
	quotedOpts := 0
	for i, a := range args {
		switch {
		case s.DashDash >= 0 && i > s.DashDash, a.Placeholder, a.Static && operand[i]:
			targets = append(targets, a)
		case a.Static:
			// an option, or the "--" that ends them: the scan read it
		default:
			targets = append(targets, a)
			switch rmDynamicWord(a) {
			case oneWordOption:
				quotedOpts++
			case anyOptions:
				dynamicOpt = true
			}
		}
	}
	// One quoted word is one argument: an option or a target, never both. It
	// can make the delete recursive only if another target is left for it.
	if quotedOpts > 0 && len(targets) >= 2 {
		dynamicOpt = true
	}
	return s.Has("-r", "-R", "--recursive"), dynamicOpt, targets
}

// dynamicRole is what a word known only at run time may be among rm's
// arguments.
type dynamicRole int

const (
	onlyTarget    dynamicRole = iota // a path, never an option
	oneWordOption                    // one word ("$f"): an option or a target
	anyOptions                       // may split into options and targets ($opts, "$@")
)

// rmDynamicWord says what a dynamic word may be among rm's arguments.
func rmDynamicWord(a shellparse.Word) dynamicRole {
	switch {
	case cannotBeOption(a):
		return onlyTarget
	case a.Quoted && !strings.Contains(a.Text, "@"):
		return oneWordOption
	}
	return anyOptions
}

// cannotBeOption reports a dynamic word that can never expand to an option: a
// glob with no expansion in it that starts with a path character (~/.*/x,
// /tmp/*.log, src/*.o), which can only match names beginning the same way.
func cannotBeOption(w shellparse.Word) bool {
	if !w.Glob || w.Subst || len(w.Params) > 0 || w.Text == "" {
		return false
	}
	switch w.Text[0] {
	case '*', '?', '[', '-', '{', '$', '`', '"', '\'', '\\', '!', '@', '+':
		return false
	}
	return true
}

// judgeDelete says where a recursive delete of one target lands.
func (ck *checker) judgeDelete(t shellparse.Word) (deleteClass, string) {
	if why := unknowableTarget(t); why != "" {
		return deleteSevere, why
	}
	switch {
	case t.Glob && (len(t.Params) > 0 || t.Subst || strings.Contains(t.Text, "$")):
		return ck.judgeDynamicGlob(t)
	case t.Glob:
		return ck.judgeGlob(t.Text)
	case !t.Static:
		return ck.judgeDynamicTarget(t)
	}
	return ck.judgeText(t.Text, t.Text)
}

// pwdAsParam reads a word that starts with $(pwd) (or `pwd`) and expands
// nothing else as the same word with ${PWD}, for expanding: pwd prints the
// directory the shell is in, which is $PWD unless the script gave PWD a
// value of its own.
func (ck *checker) pwdAsParam(t shellparse.Word) shellparse.Word {
	if t.Static || !t.Subst || t.ProcSubst || len(t.Params) > 0 {
		return t
	}
	if _, assigned := ck.vars["PWD"]; assigned {
		return t
	}
	text := strings.ReplaceAll(t.Text, `"`, "")
	for _, sub := range []string{"$(pwd)", "`pwd`"} {
		if rest, ok := strings.CutPrefix(text, sub); ok && !strings.ContainsAny(rest, "$`\\'(") {
			return shellparse.Word{Text: "${PWD}" + rest, Params: []string{"PWD"}, Quoted: t.Quoted, Glob: t.Glob}
		}
	}
	return t
}

// unknowableTarget names why a target's reach cannot be known before it
// runs: names supplied at run time, a ~ that expands to a home directory or
// a directory-stack entry, a pattern of everything but some names.
func unknowableTarget(t shellparse.Word) string {
	switch {
	case t.Placeholder:
		return "targets supplied at run time (" + t.Text + ")"
	case strings.HasPrefix(t.Text, "~") && !t.Static:
		return t.Text + " — a home directory or a directory-stack entry known only at run time"
	case strings.Contains(t.Text, "!(") && t.Glob:
		return t.Text + " — everything but what the pattern names"
	}
	return ""
}

// judgeDynamicGlob judges a pattern in a directory known only once expanded
// ("$DIR"/*, $HOME/*).
func (ck *checker) judgeDynamicGlob(t shellparse.Word) (deleteClass, string) {
	texts, unknown := ck.expandPath(ck.pwdAsParam(t))
	if unknown || len(texts) == 0 {
		return deleteSevere, t.Text + " — everything in a directory known only at run time"
	}
	for _, text := range texts {
		if class, why := ck.judgeGlob(text); class == deleteSevere {
			return class, why
		}
	}
	return deleteLocal, ""
}

// judgeDynamicTarget judges a target known only at run time ("$PWD/dist",
// "$out" with out=dist earlier) where the directory the shell is in and
// the script's own values lead. The environment's values (TMPDIR …) may
// differ where it runs: severe.
func (ck *checker) judgeDynamicTarget(t shellparse.Word) (deleteClass, string) {
	known := ck.pwdAsParam(t)
	texts, unknown := ck.expandPath(known)
	if unknown || len(texts) == 0 || !ck.scriptParams(known) {
		return deleteSevere, "a target known only at run time (" + t.Text + ")"
	}
	for _, text := range texts {
		if class, why := ck.judgeText(text, t.Text); class == deleteSevere {
			return class, why
		}
	}
	return deleteLocal, ""
}

// scriptParams reports a word whose every parameter is $PWD or one the
// script itself gave a value permgate knows.
func (ck *checker) scriptParams(t shellparse.Word) bool {
	for _, p := range t.Params {
		if _, known := ck.vars[p]; p != "PWD" && !known {
			return false
		}
	}
	return true
}

// judgeText judges a delete of the path text (written as written).
func (ck *checker) judgeText(text, written string) (deleteClass, string) {
	if !strings.HasPrefix(text, "/") && ck.dir == "" {
		return deleteSevere, written + " — relative to a directory known only at run time"
	}
	p := ck.resolve(text)
	if q := ck.followLinks(p); q != p && (strings.HasSuffix(text, "/") || ck.links[p] == "") {
		// rm -rf h/ after ln -s ~ h deletes what h points at; rm -rf h
		// removes only the link.
		if class, why := ck.judgePath(q, written); class == deleteSevere {
			return class, why
		}
	}
	return ck.judgePath(p, written)
}

// judgePath judges a recursive delete of the path p (written as written):
// local in the working directory or a temporary one, severe anywhere else.
func (ck *checker) judgePath(p, written string) (deleteClass, string) {
	if why := ck.v.holdsTheSystem(p); why != "" {
		return deleteSevere, why
	}
	if why := ck.holdsTheWorkDir(p, written); why != "" {
		return deleteSevere, why
	}
	if why := ck.v.inHomeOutsideWorkDir(p); why != "" {
		return deleteSevere, why
	}
	v := ck.v
	if v.isTemp(p) || pathin.Under(p, v.env.Cwd) {
		return deleteLocal, ""
	}
	if v.env.Home != "" && pathin.Within(p, v.env.Home) {
		return deleteSevere, p + " — in the home directory, outside the working directory"
	}
	return deleteSevere, p + " — outside the working directory"
}

// holdsTheSystem names why deleting p takes the system with it: the whole
// file system, a critical path, a top-level directory.
func (v *Validator) holdsTheSystem(p string) string {
	if p == "/" {
		return "/ — deletes the whole file system"
	}
	if crit := v.critical(p); crit != "" {
		return crit
	}
	return topDir(p)
}

// holdsTheWorkDir names why deleting p takes the working directory with it:
// it is the working directory, or holds it.
func (ck *checker) holdsTheWorkDir(p, written string) string {
	cwd := ck.v.env.Cwd
	switch {
	case p == cwd:
		return written + " — the working directory itself"
	case pathin.Within(cwd, p) || ck.dir != "" && pathin.Within(ck.dir, p) && p != ck.dir:
		return written + " — the working directory's parent, which holds it"
	}
	return ""
}

// inHomeOutsideWorkDir names why deleting p reaches the home directory from
// outside the working directory. The temporary-directory exemption never
// covers $HOME (TMPDIR=~/tmp).
func (v *Validator) inHomeOutsideWorkDir(p string) string {
	home := v.env.Home
	if home == "" || home == "/" || !pathin.Within(p, home) && !pathin.Within(home, p) || pathin.Under(p, v.env.Cwd) {
		return ""
	}
	if p == home || pathin.Within(home, p) {
		return p + " — the home directory"
	}
	return p + " — in the home directory, outside the working directory"
}

// judgeGlob judges a pattern: the directory it expands in, and whether it takes
// everything there (*, .*).
func (ck *checker) judgeGlob(pattern string) (deleteClass, string) {
	dir, first := globDir(pattern)
	p := ck.resolve(dir)
	if strings.Contains(pattern[len(dir):], "/..") {
		return deleteSevere, pattern + " — climbs out of where the pattern matches with .."
	}
	bare := globBrackets.Get().ReplaceAllString(first, "")
	everything := strings.Contains(bare, "*") && strings.Trim(bare, "*?.") == ""
	switch {
	case p == ck.v.env.Cwd && everything:
		return deleteSevere, pattern + " — everything in the working directory"
	case p == ck.v.env.Cwd:
		return deleteLocal, ""
	case ck.v.isTempRoot(p) && !everything:
		return deleteLocal, ""
	}
	class, why := ck.judgePath(p, dir)
	if class == deleteSevere {
		return deleteSevere, pattern + " — in " + why
	}
	return deleteLocal, ""
}

// globBrackets matches bracket expressions ([!.], [a-z]) in a pattern.
var globBrackets = lazyre.Regexp{Src: `\[!?\]?[^]]*\]`}

// globDir splits a pattern into the static directory it expands in and its first
// pattern component.
func globDir(pattern string) (string, string) {
	parts := strings.Split(pattern, "/")
	for i, part := range parts {
		if strings.ContainsAny(part, "*?[") {
			dir := strings.Join(parts[:i], "/")
			if dir == "" && strings.HasPrefix(pattern, "/") {
				dir = "/"
			}
			if dir == "" {
				dir = "."
			}
			return dir, part
		}
	}
	return pattern, ""
}

// matchesAll reports a name or path test that selects every file (-name '*').
func matchesAll(test, value string) bool {
	switch test {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename":
		return strings.Trim(value, "*") == ""
	case "-regex", "-iregex":
		return value == ".*"
	}
	return false
}

// findFilters are find primaries that select files (so -delete does not take all).
// findNameTests are the tests that select by name or identity.
var findNameTests = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true, "-iwholename": true,
		"-regex": true, "-iregex": true, "-lname": true, "-ilname": true, "-samefile": true, "-inum": true}
}}

var findFilters = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true, "-iwholename": true,
		"-regex": true, "-iregex": true, "-type": true, "-xtype": true, "-newer": true, "-mtime": true, "-mmin": true,
		"-atime": true, "-amin": true, "-ctime": true, "-cmin": true, "-size": true, "-empty": true, "-user": true,
		"-group": true, "-perm": true, "-links": true, "-inum": true, "-samefile": true, "-uid": true, "-gid": true,
		"-nouser": true, "-nogroup": true, "-lname": true, "-ilname": true, "-used": true, "-newermt": true,
		"-readable": true, "-writable": true, "-executable": true, "-fstype": true,
	}
}}

// rimraf (npx rimraf DIR, del-cli DIR) deletes each operand recursively, as
// rm -rf does.
func (ck *checker) rimraf(c shellparse.SimpleCommand, args []shellparse.Word) {
	name := path.Base(c.Name)
	for _, t := range operandsOf(c) {
		self.TreeSelf(ck, t, name+" "+t.Text, false)
		if class, why := ck.judgeDelete(t); class == deleteSevere {
			ck.addSafer("recursive_delete", "rimraf", Severe, name+" on "+why, deleteSafer(why))
		} else {
			ck.add("recursive_delete_local", "rimraf", NonSevere, name+" deletes "+t.Text+" and everything in it")
		}
	}
}

// find judges find's -delete by the paths it starts from.
func (ck *checker) find(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, p := range shellparse.FindPrimaries(args) {
		if p.Name == "-delete" {
			ck.findDeletes(args, "find -delete", false)
			return
		}
	}
}

// findDeletes judges a find that deletes what it selects (-delete, -exec rm
// {}) by the paths it starts from and whether a test narrows the selection.
// A recursive delete of what find selects (-exec rm -rf {}) is narrowed only
// by a test on names: every directory, or every old one, takes whatever is
// in it along.
func (ck *checker) findDeletes(args []shellparse.Word, how string, recursive bool) {
	roots, expr := shellparse.FindRoots(args)
	filtered := findFiltered(expr, recursive)
	for _, r := range roots {
		self.TreeSelf(ck, r, how+" under "+r.Text, false)
		if r.Static && ck.v.self.FindSelects(ck.resolve(r.Text), expr) {
			ck.add("self_modify", "find_self", Severe, how+" under "+r.Text+" selects by a name that matches "+self.Reason)
		}
		class, why := ck.judgeDelete(r)
		if class == deleteSevere && filtered && r.Static && !r.Glob {
			// A test narrows what goes: in the working directory or a temporary
			// one (find /tmp -name '*.tmp' -delete) that is a local delete.
			p := ck.resolve(r.Text)
			if p == ck.v.env.Cwd || ck.v.isTempRoot(p) {
				class = deleteLocal
			}
		}
		if class == deleteSevere {
			ck.addSafer("recursive_delete", "find", Severe, how+" on "+why, "run the find with -print instead of deleting, to see what it selects; then name those paths")
		} else {
			ck.add("recursive_delete_local", "find", NonSevere, how+" deletes files under "+r.Text)
		}
	}
}

// findFiltered reports a test in find's expression that narrows what it
// selects; for a recursive delete, only a test on names does (every
// directory, or every old one, takes whatever is in it along).
func findFiltered(expr []shellparse.Word, recursive bool) bool {
	for _, p := range shellparse.FindPrimaries(expr) {
		if findFilters.Get()[p.Name] && !matchesAll(p.Name, p.Value) && (!recursive || findNameTests.Get()[p.Name]) {
			return true
		}
	}
	return false
}
