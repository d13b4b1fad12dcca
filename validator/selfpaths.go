package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/lang/git"
	"github.com/permgate/permgate/shellparse"
)

// This file closes the routes by which a command could write permgate's own
// files (its config and state directories, and the harness settings that
// register its hook): variable spellings, globs, brace lists, links, moves of
// an ancestor directory, recursive copies into one, and writers permgate does
// not know.

// selfReason is the reason given for a write of permgate's config or state.
const selfReason = "permgate's own config or state"

// harnessWhy is the reason given for a write of a harness's hook settings.
const harnessWhy = "the harness settings that register permgate's hook"

// selfFile names what p is when it is one of permgate's own files or a
// harness's hook settings, or returns "".
func (v *Validator) selfFile(p string) string {
	p = procRoot(p)
	if v.isPermgateBinary(p) {
		return permgateBinaryWhy
	}
	for _, d := range v.env.StateDirs {
		if within(p, d) {
			return selfReason
		}
	}
	if why := harnessSettings(p); why != "" {
		return why
	}
	if why := v.movedHarnessSettings(p); why != "" {
		return why
	}
	// A case-insensitive file system (macOS) opens ~/.Config/PermGate as the
	// permgate directory: compare case-folded too.
	lower := strings.ToLower(p)
	if lower == p {
		return ""
	}
	for _, d := range v.env.StateDirs {
		if within(lower, strings.ToLower(d)) {
			return selfReason
		}
	}
	return harnessSettings(lower)
}

// permgateBinaryWhy is the reason given for a write of the permgate program.
const permgateBinaryWhy = "the permgate program itself (replacing or disabling it turns the gate off)"

// isPermgateBinary reports the permgate program: the one running now
// (Env.Binary), or a file named permgate in a bin directory (~/go/bin,
// ~/.local/bin, /usr/local/bin, /opt/homebrew/bin …), where harnesses find it.
func (v *Validator) isPermgateBinary(p string) bool {
	for _, b := range v.binaries() {
		if p == b || strings.EqualFold(p, b) {
			return true
		}
	}
	if !strings.EqualFold(path.Base(p), "permgate") {
		return false
	}
	switch path.Base(path.Dir(p)) {
	case "bin", "sbin":
	default:
		return false
	}
	// A build inside a project (go build -o bin/permgate) makes a new file,
	// not the one harnesses run; the home directory is no project.
	cwd := v.env.Cwd
	return !within(p, cwd) || cwd == "/" || v.env.Home != "" && within(v.env.Home, cwd)
}

// sealKeyName is the file holding the key that seals permgate's config and
// state, in its state directory.
const sealKeyName = "seal.key"

// readsSealKey reports an argument that may name permgate's seal key: the file
// by any spelling permgate can expand, a glob that matches it, or its directory
// (grep -r, cp -r). Reading it lets a program forge a seal.
func (ck *checker) readsSealKey(w shellparse.Word, dirs bool) bool {
	if w.Static && !ck.mayNameSealKey(w.Text) {
		return false // the hot path: nothing that can name it
	}
	keyDirs := ck.v.sealKeyDirs()
	texts, _ := ck.expandPath(w)
	for _, text := range texts {
		if ck.v.namesSealKey(ck.resolve(text), keyDirs, dirs) {
			return true
		}
	}
	return false
}

// mayNameSealKey tells cheaply whether a static word could name the seal
// key: a word that mentions its directories, or a relative name near them.
func (ck *checker) mayNameSealKey(text string) bool {
	t := strings.ToLower(text)
	if strings.Contains(t, "permgate") || strings.Contains(t, "seal") || strings.Contains(t, "state") || strings.Contains(t, ".local") {
		return true
	}
	return !strings.HasPrefix(t, "/") && ck.nearSelf()
}

// namesSealKey reports a path that is the seal key in one of its
// directories, a pattern that matches it, or (with dirs) a directory that
// holds it.
func (v *Validator) namesSealKey(p string, keyDirs []string, dirs bool) bool {
	for _, d := range keyDirs {
		key := d + "/" + sealKeyName
		if p == key || dirs && v.coversSealKey(p) {
			return true
		}
		if !hasGlob(p) {
			continue
		}
		if ok, _ := path.Match(p, key); ok {
			return true
		}
		if ok, _ := path.Match(p, d); ok && dirs {
			return true
		}
	}
	return false
}

// sealKeyDirs are the state directories that hold permgate's seal key.
func (v *Validator) sealKeyDirs() []string {
	var dirs []string
	if v.env.Home != "" {
		dirs = append(dirs, v.env.Home+"/.local/state/permgate")
	}
	if v.env.XDGStateHome != "" {
		dirs = append(dirs, v.env.XDGStateHome+"/permgate")
	}
	return dirs
}

// coversSealKey reports a path that is permgate's seal key, a directory
// holding it (a Grep of the folder reads it), or a glob matching it.
func (v *Validator) coversSealKey(p string) bool {
	for _, d := range v.sealKeyDirs() {
		key := d + "/" + sealKeyName
		// A folder above the key counts up to, not including, the home
		// directory: a search of all of home is no aim at the key.
		if p == key || within(d, p) && (v.env.Home == "" || !within(v.env.Home, p)) {
			return true
		}
		if hasGlob(p) {
			if ok, _ := path.Match(p, key); ok {
				return true
			}
		}
	}
	return false
}

// binaries returns Env.Binary and where its links lead (Env.Resolve), resolved
// on first use: only a command that writes needs them.
func (v *Validator) binaries() []string {
	if v.binaryPaths == nil && v.env.Binary != "" {
		v.binaryPaths = []string{v.env.Binary}
		if v.env.Resolve != nil {
			if r := v.env.Resolve(v.env.Binary); r != "" && r != v.env.Binary {
				v.binaryPaths = append(v.binaryPaths, r)
			}
		}
	}
	return v.binaryPaths
}

// procRoot rewrites /proc/self/root/X (and /proc/PID/root, /proc/thread-self/root)
// to /X: the same file by another name.
func procRoot(p string) string {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return p
	}
	pid, tail, _ := strings.Cut(rest, "/")
	if pid != "self" && pid != "thread-self" && strings.Trim(pid, "0123456789") != "" {
		return p
	}
	if after, ok := strings.CutPrefix(tail, "root"); ok && (after == "" || after[0] == '/') {
		return path.Clean("/" + after)
	}
	return p
}

// selfMentions are spellings of permgate's files that a program's argument may
// hold inside a longer text (python3 -c "open('~/.config/permgate/config.toml')").
var selfMentions = []string{".config/permgate", ".local/state/permgate", "/etc/permgate", ".claude/settings", ".codex/config.toml",
	".codex/hooks.json", ".gemini/settings.json", ".cursor/hooks.json", ".github/hooks/", ".copilot/hooks/",
	".copilot/settings.json", ".copilot/config.json", ".copilot/permissions-config.json", ".cursor/cli-config.json",
	".copilot/extensions/", ".github/extensions/",
	"opencode/plugin", "opencode.json"}

// mentionsSelf reports an argument that holds a spelling of permgate's files
// or of one of its directories inside a longer text.
func (v *Validator) mentionsSelf(t string) bool {
	for _, m := range selfMentions {
		if strings.Contains(t, m) {
			return true
		}
	}
	for _, d := range v.env.StateDirs {
		if strings.Contains(t, d) {
			return true
		}
	}
	return false
}

// selfAncestor reports whether p is a directory above permgate's own
// directories or the home harness settings: moving or deleting it, or copying a
// tree into it, reaches them. all=false leaves out / , the home directory and
// the system directories, whose writes are judged severe on their own.
func (v *Validator) selfAncestor(p string, all bool) bool {
	if !all && (p == "/" || v.critical(p) != "" || topDir(p) != "") {
		return false
	}
	for i, a := range v.selfAnchors() {
		if !under(a, p) {
			continue
		}
		if i >= v.homeAnchors && within(v.env.Cwd, p) {
			continue // the working directory and above: judged by where they are
		}
		return true
	}
	return false
}

// globSelf says whether a pattern (an absolute path with * ? [ ]) may name one
// of permgate's files (inside) or a directory above them (ancestor).
func (v *Validator) globSelf(pattern string) (inside, ancestor bool) {
	pp := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
	for k, a := range v.selfAnchors() {
		ap := strings.Split(strings.TrimPrefix(a, "/"), "/")
		n := min(len(pp), len(ap))
		ok := true
		for i := 0; i < n && ok; i++ {
			if strings.HasPrefix(ap[i], ".") && !strings.HasPrefix(pp[i], ".") {
				ok = false // a leading dot is matched only literally
				break
			}
			m, err := path.Match(pp[i], ap[i])
			ok = m || err != nil
		}
		switch {
		case !ok:
		case len(pp) >= len(ap):
			inside = true
		case k < v.homeAnchors:
			ancestor = true
		}
	}
	return inside, ancestor
}

// selfNames are the base names of permgate's and the harnesses' files: a write
// whose target is known only at run time but ends in one of them could be one.
var selfNames = map[string]bool{"permgate": true, "config.toml": true, "state.json": true, "seal.key": true, "seal.json": true,
	"settings.json": true, "settings.local.json": true, "hooks.json": true, "audit.jsonl": true}

// treeSelf judges a target that is replaced, removed or filled as a whole
// tree: moved (mv), deleted recursively, copied or extracted into, or pointed
// at by a new link. Reaching permgate's files or a directory above them is
// self_modify. link=true also counts /, the home directory and system
// directories as ancestors.
func (ck *checker) treeSelf(w shellparse.Word, how string, link bool) {
	texts, _ := ck.expandPath(w)
	for _, text := range texts {
		p := ck.resolve(text)
		if hasGlob(p) {
			if in, anc := ck.v.globSelf(p); in || anc && !link {
				ck.add("self_modify", "self_glob", Severe, how+" may reach "+selfReason)
				return
			}
			continue
		}
		for _, q := range ck.realPaths(p) {
			if why := ck.v.selfFile(q); why != "" {
				ck.add("self_modify", "self_path", Severe, how+" reaches "+why)
				return
			}
			if ck.v.selfAncestor(q, link) {
				ck.add("self_modify", "self_dir", Severe, how+" reaches "+q+", a directory that holds "+selfReason)
				return
			}
		}
	}
}

// runtimeWrite judges a write target known only at run time: unless its static
// last component rules permgate's files out, a human should look. tree=true (a
// tree copied into the target) is never ruled out by the name. Placeholders
// are judged by where find starts or what pipes the names in.
func (ck *checker) runtimeWrite(w shellparse.Word, how string, tree bool) {
	if w.ProcSubst {
		return // >(cmd): a pipe into another command, judged as that command
	}
	if w.Placeholder && ck.placeholderJudged(how) {
		return
	}
	if !tree && !w.Placeholder {
		text := w.Text
		base := strings.Trim(text[strings.LastIndex(text, "/")+1:], `"'`)
		if staticTailRulesOut(base) {
			return
		}
	}
	ck.add("protected_write", "self_dynamic_path", NonSevere, how+" writes a path known only at run time ("+clip(w.Text)+"), which could be "+selfReason)
}

// placeholderJudged judges a placeholder target ({}) by the wrapper that
// fills it in: the names xargs or parallel read (from a file with -a, or
// from the command piping in), or the roots and tests of find. It reports
// whether that settled the target.
func (ck *checker) placeholderJudged(how string) bool {
	c := ck.res.Commands[ck.index]
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		wr := c.Wrappers[i]
		switch wr.Name {
		case "xargs", "parallel":
			if r, ok := readWrapper(wr); ok && len(r.values("-a", "--arg-file")) > 0 {
				ck.add("protected_write", "self_names_file", NonSevere, how+" writes names read from a file (-a), which could be "+selfReason)
				return true
			}
			ck.pipedNames(how)
			return true
		case "find":
			return ck.foundNames(wr, how)
		}
	}
	return false
}

// foundNames judges the names find fills into a placeholder: under its
// roots, unless its -name tests rule permgate's files out. It reports
// whether the roots were known.
func (ck *checker) foundNames(wr shellparse.Wrapper, how string) bool {
	roots, expr, ok := findRootsExpr(wr.Argv[1:])
	if !ok {
		return false
	}
	if namesRuleOutSelf(expr) {
		return true // -name '*.txt': none of permgate's files
	}
	for _, r := range roots {
		ck.treeSelf(r, how+" (under "+r.Text+")", true)
		if texts, _ := ck.expandPath(r); len(texts) > 0 {
			if in, _ := ck.v.globSelf(ck.resolve(texts[0])); in {
				return true
			}
		}
	}
	return true // find's matches are under its roots
}

// findRootsExpr returns the static start paths of a find command and the
// expression after them, or false when a start path is dynamic. find's
// words are its own language, not options: after -H, -L, -P, -D LIST and
// -OLEVEL come the roots, up to the first word of the expression (one that
// starts with a dash, or (, ! or ,).
func findRootsExpr(args []shellparse.Word) ([]shellparse.Word, []shellparse.Word, bool) {
	i := 0
	for i < len(args) && args[i].Static && findLeadingOption(args[i].Text) {
		i++
	}
	var roots []shellparse.Word
	for ; i < len(args); i++ {
		t := args[i].Text
		if args[i].Static && (strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == ",") {
			break
		}
		if !args[i].Static {
			return nil, nil, false
		}
		roots = append(roots, args[i])
	}
	if len(roots) == 0 {
		roots = []shellparse.Word{{Text: ".", Static: true}}
	}
	return roots, args[i:], true
}

// findLeadingOption reports one of the options find takes before its roots.
func findLeadingOption(t string) bool {
	switch t {
	case "-H", "-L", "-P":
		return true
	}
	return strings.HasPrefix(t, "-O") || strings.HasPrefix(t, "-D")
}

// linkTargets judges what ln points its links at (permgate's files, or a
// directory above them, / and the home directory included) and remembers the
// link, so later writes through it are judged by what it points at.
func (ck *checker) linkTargets(c shellparse.SimpleCommand, args []shellparse.Word) {
	targets, link := linkWords(c, ck.resolve)
	for _, t := range targets {
		ck.treeSelf(t, "ln makes a link to "+t.Text+", which", true)
	}
	if link == "" {
		return
	}
	if ck.v.selfAncestor(link, false) {
		// A link put where a directory of hook settings belongs (~/.cursor,
		// .github/hooks) makes the harness, and a later permgate install,
		// use files the link's target holds, which are not protected.
		ck.add("self_modify", "self_link_dir", Severe, "ln puts a link at "+link+", a directory that holds "+selfReason)
	}
	if targets[0].Static {
		ck.noteLink(link, targets[0].Text, hasOption(c, "-s", "--symbolic"))
	}
}

// linkWords returns what ln links to and, for ln TARGET LINK with a static
// LINK, the link's path.
func linkWords(c shellparse.SimpleCommand, resolve func(string) string) (targets []shellparse.Word, link string) {
	ops := operandsOf(c)
	switch {
	case len(valuesOf(c, "-t", "--target-directory")) > 0 || len(ops) == 1:
		return ops, ""
	case len(ops) >= 2:
		if last := ops[len(ops)-1]; last.Static && len(ops) == 2 {
			link = resolve(last.Text)
		}
		return ops[:len(ops)-1], link
	}
	return nil, ""
}

// noteLink remembers a link the script made, so later writes through it are
// judged by what it points at; a symbolic link's relative target is relative
// to the link's directory.
func (ck *checker) noteLink(link, target string, symbolic bool) {
	if symbolic && !strings.HasPrefix(target, "/") {
		target = path.Join(path.Dir(link), target)
	} else {
		target = ck.resolve(target)
	}
	if ck.links == nil {
		ck.links = map[string]string{}
	}
	ck.links[link] = path.Clean(target)
}

// copyInto judges recursive copies, syncs, clones and extractions into a
// directory: into one above permgate's files, they can replace them.
func (ck *checker) copyInto(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, d := range treeDestinations(c, args) {
		how := c.Name + " copies a tree into " + d.Text + ", which"
		if texts, unknown := ck.expandPath(d); unknown && len(texts) == 0 {
			ck.runtimeWrite(d, c.Name+" into "+d.Text, true)
			continue
		}
		ck.treeSelf(d, how, true) // into / or the home directory too
	}
}

// here is the working directory, where a tree lands by default.
var here = []shellparse.Word{{Text: ".", Static: true}}

// treeDestinations returns the directories a command copies, syncs, clones or
// extracts a tree into.
func treeDestinations(c shellparse.SimpleCommand, args []shellparse.Word) []shellparse.Word {
	switch c.Name {
	case "cp", "rsync":
		if hasOption(c, "-r", "-R", "-a", "--recursive", "--archive") {
			return copyTargets(c)
		}
	case "tar", "bsdtar":
		return tarDestinations(c)
	case "unzip":
		if dests := valuesOf(c, "-d"); len(dests) > 0 || hasOption(c, "-l", "-p", "-t", "-v", "-Z") {
			return dests
		}
		return here
	case "7z", "7za", "7zr":
		return extractDirs(c.Name, args)
	case "cpio":
		if hasOption(c, "-i", "--extract") {
			return orHere(extractDirs(c.Name, args))
		}
	case "patch":
		// patch writes the files its diff names, under -d DIR or the working directory
		return orHere(valuesOf(c, "-d", "--directory"))
	case "git":
		return gitCloneDestination(args)
	}
	return nil
}

// orHere returns dirs, or the working directory when there are none.
func orHere(dirs []shellparse.Word) []shellparse.Word {
	if len(dirs) == 0 {
		return here
	}
	return dirs
}

// tarDestinations: tar -x extracts under -C DIR (the working directory by
// default), and with -P where the members' names say; the scanner reads
// the old-style first word (tar xzf A) as its option letters.
func tarDestinations(c shellparse.SimpleCommand) []shellparse.Word {
	if !hasOption(c, "-x", "--extract", "--get") {
		return nil
	}
	dests := valuesOf(c, "-C", "--directory")
	if hasOption(c, "-P", "--absolute-names") {
		dests = append(dests, shellparse.Word{Text: "/", Static: true}) // members land where their names say
	}
	return orHere(dests)
}

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

// nearSelf reports that the command runs inside permgate's own directories, or
// in a directory above them: there a relative name (., audit.jsonl) may be one
// of permgate's files without saying so.
func (ck *checker) nearSelf() bool {
	if ck.dir == ck.v.env.Cwd {
		if ck.v.cwdNear == 0 {
			ck.v.cwdNear = 1
			if ck.v.dirNearSelf(ck.dir) {
				ck.v.cwdNear = 2
			}
		}
		return ck.v.cwdNear == 2
	}
	return ck.v.dirNearSelf(ck.dir)
}

// dirNearSelf reports a directory inside or above permgate's own.
func (v *Validator) dirNearSelf(dir string) bool {
	return dir != "" && (v.selfFile(dir+"/x") != "" || v.selfAncestor(dir, false))
}

// selfPrefilter tells cheaply whether an argument could name permgate's files.
func selfPrefilter(t string) bool {
	t = strings.ToLower(t) // a case-insensitive disk opens ~/.CONFIG/PERMGATE too
	for _, s := range []string{"permgate", "settings", "hooks", "extensions", "config", "state", "seal", "$", "*", "?", "[", "{", ".codex", "~"} {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// knownWriters are the programs whose written files writeTargets knows; other
// programs handed permgate's files may write them.
var knownWriters = map[string]bool{"rm": true, "rmdir": true, "unlink": true, "shred": true, "touch": true, "mkdir": true, "tee": true,
	"truncate": true, "mkfifo": true, "mknod": true, "chmod": true, "chown": true, "chgrp": true, "mv": true, "cp": true, "install": true,
	"ln": true, "rsync": true, "scp": true, "sed": true, "sort": true, "tree": true, "uniq": true, "xxd": true,
	"tar": true, "find": true, "pytest": true, "py.test": true, "mypy": true, "ruff": true, "less": true, "permgate": true}

// selfArgs: a program permgate does not know as a writer, handed one of
// permgate's files (as an operand, --opt=PATH or @PATH), may write it unless it
// is known read-only.
func (ck *checker) selfArgs(c shellparse.SimpleCommand) {
	base := path.Base(c.Name)
	if knownWriters[base] {
		return
	}
	// Code handed to an interpreter may name the file inside a longer text.
	code := shellparse.IsShell(c.Name) || isInterpreter(base)
	near := ck.nearSelf()
	for _, a := range c.Argv[1:] {
		if !selfPrefilter(a.Text) && !(near && !strings.HasPrefix(a.Text, "/")) {
			continue
		}
		if !ck.handedSelf(a, code) {
			continue
		}
		if !ck.readOnly(c) {
			ck.add("self_modify", "self_handed", Severe, c.Name+" is handed "+clip(a.Text)+", "+selfReason+" or a harness's hook settings, and may write it")
		}
		return
	}
}

// handedSelf reports an argument that names one of permgate's files: a path
// it may spell (after =, @ or :), a pattern that matches one, or, in code,
// a mention inside a longer text.
func (ck *checker) handedSelf(a shellparse.Word, code bool) bool {
	texts, _ := ck.expandPath(a)
	for _, text := range texts {
		var candBuf [4]string
		for _, cand := range pathCandidates(candBuf[:0], text) {
			if cand == "" || strings.HasPrefix(cand, "-") {
				continue
			}
			if ck.namesSelf(cand) || a.Static && code && ck.v.mentionsSelf(text) {
				return true
			}
		}
	}
	return false
}

// namesSelf reports a path, or a pattern, that names one of permgate's files.
func (ck *checker) namesSelf(cand string) bool {
	p := ck.resolve(cand)
	if ck.v.selfFile(p) != "" {
		return true
	}
	if !hasGlob(p) {
		return false
	}
	hit, _ := ck.v.globSelf(p)
	return hit
}

// selfTrees judges what a command moves, links, or copies a tree into.
func (ck *checker) selfTrees(c shellparse.SimpleCommand, args []shellparse.Word) {
	switch c.Name {
	case "mv":
		for _, t := range operandsOf(c) {
			ck.treeSelf(t, "mv "+t.Text, false)
		}
		for _, t := range valuesOf(c, "-t", "--target-directory") {
			ck.treeSelf(t, "mv "+t.Text, false)
		}
	case "ln":
		ck.linkTargets(c, args)
	case "cp":
		if hasOption(c, "-l", "-s", "--link", "--symbolic-link") {
			// cp -l / -s makes links, not copies: its sources are what they point at
			ops := operandsOf(c)
			if len(valuesOf(c, "-t", "--target-directory")) == 0 && len(ops) > 0 {
				ops = ops[:len(ops)-1]
			}
			for _, t := range ops {
				ck.treeSelf(t, "cp makes a link to "+t.Text+", which", true)
			}
		}
		ck.copyInto(c, args)
	default:
		ck.copyInto(c, args)
	}
}

// pipedNames judges the file names a command reads on its standard input (xargs
// rm, parallel sed -i): the command piping into it is looked at for permgate's
// files or a directory above them among its arguments (find ~/.config | xargs rm).
func (ck *checker) pipedNames(how string) {
	for j := ck.index - 1; j >= 0; j-- {
		prev := ck.res.Commands[j]
		if !prev.PipesOut {
			continue
		}
		switch prev.Name {
		case "cat", "head", "tail", "sort", "uniq", "tac", "cut":
			if len(operandsOf(prev)) > 0 {
				// names read from a file's content: permgate cannot see them
				ck.add("protected_write", "self_names_read", NonSevere, how+" writes names "+prev.Name+" reads from a file, which could be "+selfReason)
				return
			}
		}
		for _, a := range prev.Argv[1:] {
			if selfPrefilter(a.Text) || a.Static && strings.HasPrefix(a.Text, "/") {
				ck.treeSelf(a, how+" (names from "+prev.Name+" "+a.Text+")", false)
			}
		}
		return
	}
}

// staticTailRulesOut reports that the static end of a file name known only at
// run time ($f.md, ${f%.txt}.md, out.txt) cannot end one of permgate's names.
func staticTailRulesOut(base string) bool {
	tail := base
	if i := strings.LastIndexAny(base, "}$)`"); i >= 0 {
		tail = base[i+1:]
		if base[i] == '$' {
			n := 0
			for n < len(tail) && isNameByte(tail[n], n) {
				n++
			}
			tail = tail[n:]
		}
	}
	if tail == "" || strings.ContainsAny(tail, "$`()*?[{}") {
		return false
	}
	if tail == base {
		return !selfNames[base]
	}
	for name := range selfNames {
		if strings.HasSuffix(name, tail) {
			return false
		}
	}
	return true
}

// namesRuleOutSelf reports a find expression whose -name/-iname tests match
// none of permgate's or the harnesses' file names (find ~ -name '*.txt').
func namesRuleOutSelf(expr []shellparse.Word) bool {
	tested := false
	for _, p := range shellparse.FindPrimaries(expr) {
		if p.Name != "-name" && p.Name != "-iname" {
			continue
		}
		tested = true
		pattern := p.Value
		if p.Name == "-iname" {
			pattern = strings.ToLower(pattern)
		}
		for name := range selfNames {
			if ok, err := path.Match(pattern, name); ok || err != nil {
				return false
			}
		}
		if ok, _ := path.Match(pattern, "x.json"); ok {
			return false // .github/hooks/*.json
		}
	}
	return tested
}
