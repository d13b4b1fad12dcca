package self

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/pathin"
	"github.com/permgate/permgate/internal/shglob"
	"github.com/permgate/permgate/shellparse"
)

// This file closes the routes by which a command could write permgate's own
// files (its config and state directories, and the harness settings that
// register its hook): variable spellings, globs, brace lists, links, moves of
// an ancestor directory, recursive copies into one, and writers permgate does
// not know.

// ReadsSealKey reports an argument that may name permgate's seal key: the file
// by any spelling permgate can expand, a glob that matches it, or its directory
// (grep -r, cp -r). Reading it lets a program forge a seal.
func ReadsSealKey(h Host, w shellparse.Word, dirs bool) bool {
	if w.Static && !mayNameSealKey(h, w.Text) {
		return false // the hot path: nothing that can name it
	}
	keyDirs := h.SelfPaths().sealKeyDirs()
	texts, _ := h.ExpandPath(w)
	for _, text := range texts {
		if h.SelfPaths().namesSealKey(h.Resolve(text), keyDirs, dirs) {
			return true
		}
	}
	return false
}

// mayNameSealKey tells cheaply whether a static word could name the seal
// key: a word that mentions its directories, or a relative name near them.
func mayNameSealKey(h Host, text string) bool {
	t := strings.ToLower(text)
	if strings.Contains(t, "permgate") || strings.Contains(t, "seal") || strings.Contains(t, "state") || strings.Contains(t, ".local") {
		return true
	}
	return !strings.HasPrefix(t, "/") && nearSelf(h)
}

// RuntimeWrite judges a write target known only at run time: unless its static
// last component rules permgate's files out, a human should look. tree=true (a
// tree copied into the target) is never ruled out by the name. Placeholders
// are judged by where find starts or what pipes the names in.
func RuntimeWrite(h Host, w shellparse.Word, how string, tree bool) {
	if w.ProcSubst {
		return // >(cmd): a pipe into another command, judged as that command
	}
	if w.Placeholder && placeholderDir(h, w, how) {
		return
	}
	if w.Placeholder && placeholderJudged(h, how) {
		return
	}
	if !tree && !w.Placeholder {
		text := w.Text
		base := strings.Trim(text[strings.LastIndex(text, "/")+1:], `"'`)
		if staticTailRulesOut(base) && !h.SelfPaths().BinaryName(base) {
			return
		}
	}
	report(h, "protected_write", "self_dynamic_path", finding.NonSevere, how+" writes a path known only at run time ("+clip(w.Text)+"), which could be "+Reason)
}

// placeholderDir judges a placeholder target in a directory it names
// (xargs -I{} rm /opt/tools/{}): the names filled in may be any file of it,
// so the directory's files are judged as the pattern DIR/*. It reports
// whether that found permgate's files or program.
func placeholderDir(h Host, w shellparse.Word, how string) bool {
	dir, _ := path.Split(w.Text)
	if dir == "" || strings.Contains(dir, "{}") || hasGlob(dir) {
		return false
	}
	pattern := strings.TrimSuffix(h.Resolve(dir), "/") + "/*"
	if in, _ := h.SelfPaths().Glob(pattern); in {
		report(h, "self_modify", "self_glob", finding.Severe, how+" writes names filled into "+dir+", which may be "+Reason)
		return true
	}
	if in, _ := h.SelfPaths().GlobBinary(pattern); in {
		report(h, "self_modify", "self_glob", finding.Severe, how+" writes names filled into "+dir+", which may be "+BinaryReason)
		return true
	}
	return false
}

// placeholderJudged judges a placeholder target ({}) by the wrapper that
// fills it in: the names xargs or parallel read (from a file with -a, or
// from the command piping in), or the roots and tests of find. It reports
// whether that settled the target.
func placeholderJudged(h Host, how string) bool {
	c := h.SelfCommand()
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		wr := c.Wrappers[i]
		switch wr.Name {
		case "xargs", "parallel":
			if r, ok := readWrapper(wr); ok && len(r.Values("-a", "--arg-file")) > 0 {
				report(h, "protected_write", "self_names_file", finding.NonSevere, how+" writes names read from a file (-a), which could be "+Reason)
				return true
			}
			pipedNames(h, how)
			return true
		case "find":
			return foundNames(h, wr, how)
		}
	}
	return false
}

// foundNames judges the names find fills into a placeholder: under its
// roots, unless its -name tests rule permgate's files out. It reports
// whether the roots were known.
func foundNames(h Host, wr shellparse.Wrapper, how string) bool {
	roots, expr := h.SelfFindRoots(wr.Argv[1:])
	if slices.ContainsFunc(roots, func(r shellparse.Word) bool { return !r.Static }) {
		return false // a start path known only at run time
	}
	if namesRuleOutSelf(h.SelfPaths(), expr) {
		return true // -name '*.txt': none of permgate's files
	}
	for _, r := range roots {
		TreeSelf(h, r, how+" (under "+r.Text+")", true)
		if texts, _ := h.ExpandPath(r); len(texts) > 0 {
			if in, _ := h.SelfPaths().Glob(h.Resolve(texts[0])); in {
				return true
			}
		}
	}
	return true // find's matches are under its roots
}

// linkTargets judges what ln points its links at (permgate's files, or a
// directory above them, / and the home directory included) and remembers the
// link, so later writes through it are judged by what it points at.
func linkTargets(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	targets, link := linkWords(c, h.Resolve)
	for _, t := range targets {
		TreeSelf(h, t, "ln makes a link to "+t.Text+", which", true)
	}
	if link == "" {
		return
	}
	if h.SelfPaths().Ancestor(link, false) {
		// A link put where a directory of hook settings belongs (~/.cursor,
		// .github/hooks) makes the harness, and a later permgate install,
		// use files the link's target holds, which are not protected.
		report(h, "self_modify", "self_link_dir", finding.Severe, "ln puts a link at "+link+", a directory that holds "+h.SelfPaths().AncestorHolds(link))
	}
	if targets[0].Static {
		noteLink(h, link, targets[0].Text, hasOption(c, "-s", "--symbolic"))
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
func noteLink(h Host, link, target string, symbolic bool) {
	if symbolic && !strings.HasPrefix(target, "/") {
		target = path.Join(path.Dir(link), target)
	} else {
		target = h.Resolve(target)
	}
	h.SelfNoteLink(link, path.Clean(target))
}

// copyInto judges recursive copies, syncs, clones and extractions into a
// directory: into one above permgate's files, they can replace them.
func copyInto(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, d := range treeDestinations(h, c, args) {
		how := c.Name + " copies a tree into " + d.Text + ", which"
		if texts, unknown := h.ExpandPath(d); unknown && len(texts) == 0 {
			RuntimeWrite(h, d, c.Name+" into "+d.Text, true)
			continue
		}
		treeSelf(h, d, how, treeReach{all: true, globAbove: true, program: true}) // into / or the home directory too
	}
}

// here is the working directory, where a tree lands by default.
var here = []shellparse.Word{{Text: ".", Static: true}}

// treeDestinations returns the directories a command copies, syncs, clones or
// extracts a tree into.
func treeDestinations(h Host, c shellparse.SimpleCommand, args []shellparse.Word) []shellparse.Word {
	switch c.Name {
	case "cp", "rsync":
		if hasOption(c, "-r", "-R", "-a", "--recursive", "--archive") {
			return h.SelfCopyTargets(c)
		}
	case "tar", "bsdtar":
		return tarDestinations(c)
	case "unzip":
		if dests := valuesOf(c, "-d"); len(dests) > 0 || hasOption(c, "-l", "-p", "-t", "-v", "-Z") {
			return dests
		}
		return here
	case "7z", "7za", "7zr":
		return h.SelfExtractDirs(c.Name, args)
	case "cpio":
		if hasOption(c, "-i", "--extract") {
			return orHere(h.SelfExtractDirs(c.Name, args))
		}
	case "patch":
		// patch writes the files its diff names, under -d DIR or the working directory
		return orHere(valuesOf(c, "-d", "--directory"))
	case "git":
		return h.SelfGitCloneDestination(args)
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
	// --one-top-level=DIR extracts into DIR (relative to -C's).
	for _, d := range valuesOf(c, "--one-top-level") {
		if len(dests) > 0 && !strings.HasPrefix(d.Text, "/") && dests[0].Static {
			d.Text = strings.TrimSuffix(dests[0].Text, "/") + "/" + d.Text
		}
		dests = append(dests, d)
	}
	if hasOption(c, "-P", "--absolute-names") {
		dests = append(dests, shellparse.Word{Text: "/", Static: true}) // members land where their names say
	}
	return orHere(dests)
}

// nearSelf reports that the command runs inside permgate's own directories, or
// in a directory above them: there a relative name (., audit.jsonl) may be one
// of permgate's files without saying so.
func nearSelf(h Host) bool { return h.SelfPaths().near(h.Dir()) }

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
var knownWriters = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"rm": true, "rmdir": true, "unlink": true, "shred": true, "touch": true, "mkdir": true, "tee": true,
		"truncate": true, "mkfifo": true, "mknod": true, "chmod": true, "chown": true, "chgrp": true, "mv": true, "cp": true, "install": true,
		"ln": true, "rsync": true, "scp": true, "sed": true, "sort": true, "tree": true, "uniq": true, "xxd": true,
		"tar": true, "find": true, "pytest": true, "py.test": true, "mypy": true, "ruff": true, "less": true, "permgate": true}
}}

// KnownWriter reports a program whose written files the validator knows
// (rm, cp, tee …): Args leaves it to that judgement.
func KnownWriter(name string) bool { return knownWriters.Get()[name] }

// Args: a program permgate does not know as a writer, handed one of
// permgate's files (as an operand, --opt=PATH or @PATH), may write it unless it
// is known read-only.
func Args(h Host, c shellparse.SimpleCommand) {
	base := path.Base(c.Name)
	if knownWriters.Get()[base] {
		return
	}
	// Code handed to an interpreter may name the file inside a longer text.
	code := shellparse.IsShell(c.Name) || h.SelfInterpreter(base)
	near := nearSelf(h)
	readOnly := 0 // h.SelfReadOnly(c), asked once when needed: 1 no, 2 yes
	writes := func() bool {
		if readOnly == 0 {
			readOnly = 1
			if h.SelfReadOnly(c) {
				readOnly = 2
			}
		}
		return readOnly == 1
	}
	// A program handed the permgate program, by whatever name it has, or
	// its directory, may rewrite it (strip, upx, mount over it). Where the
	// program is is asked of the disk only for a command that may write and
	// an argument that is a path (or any, for a program the registry does
	// not declare, or code): what only reads never asks.
	_, inv, declared := c.Declared()
	anyWord := !declared || code
	// In the program's own directory, where the script went (cd DIR), any
	// command that may write may write it. Where the harness runs commands
	// is left out: a program built in the project is judged by its name (a
	// developer's own build), and most commands run there.
	if dir := h.Dir(); dir != "" && !h.SelfPaths().isCwd(dir) && writes() && h.SelfPaths().binaryDir(dir) {
		// A program that writes there, and is not one whose written files
		// the write targets name (knownWriters), may write files it does not
		// name: extract (ar x, 7z x), download (curl -JO), build (go build
		// ./cmd/pg), rename, or rewrite the tree (git stash, git merge).
		what := "may write files of " + dir + " it does not name"
		if declared && inv.Node != nil && inv.Node.WritesTree {
			what = "rewrites files of " + dir + " it does not name"
		}
		report(h, "self_modify", "self_tree", finding.Severe, c.Name+" "+what+", where "+BinaryReason+" is")
		return
	}
	if !declared {
		handedNames(h, c, writes)
	}
	if handedThroughVars(h, c, writes) {
		return
	}
	for _, a := range c.Argv[1:] {
		// A program permgate does not know is handed any path it may write
		// through a link on disk (L -> the program): its paths are looked up.
		isPath := strings.Contains(a.Text, "/")
		if !selfPrefilter(a.Text) && !(near && !strings.HasPrefix(a.Text, "/")) &&
			!((anyWord || isPath) && writes() && (anyWord && isPath || h.SelfPaths().mentionsBinary(a.Text))) {
			continue
		}
		if a.Placeholder && !declared && writes() && placeholderDir(h, a, c.Name+" "+a.Text) {
			return // xargs -I{} strip /opt/tools/{}
		}
		if !declared && a.Static && !strings.HasPrefix(a.Text, "-") && pathin.Under(h.Resolve(a.Text), UnknownDir) && writes() {
			// A relative name where the directory is known only at run time
			// (cd "$d" && strip pg, cd /a || cd /b): it may be the program,
			// unless its name rules permgate's files out.
			RuntimeWrite(h, a, c.Name+" "+a.Text, false)
			continue
		}
		why := handedSelf(h, a, code, writes)
		if why == "" && !declared && writes() && a.Static && h.SelfPaths().InBinaryDir(h.Resolve(a.Text)) {
			// A program permgate does not know, handed a file beside the
			// program, may name what it writes from it (rename s/x/pg/ x).
			why = "a file in the directory of " + BinaryReason
		}
		if why == "" {
			continue
		}
		if writes() {
			report(h, "self_modify", "self_handed", finding.Severe, c.Name+" is handed "+clip(a.Text)+", "+why+", and may write it")
		}
		return
	}
}

// handedThroughVars judges the variables set for a command that may write:
// one may hand it the program's path or directory as where to write
// (GOBIN=/opt/tools go install, GIT_WORK_TREE=/opt/tools git stash,
// GOFLAGS=-o=/opt/tools/pg), set for it alone or earlier in the script
// (export GOBIN=/opt/tools; go install …; rememberVars). It reports whether
// it found one.
func handedThroughVars(h Host, c shellparse.SimpleCommand, writes func() bool) bool {
	for _, a := range c.Assigns {
		if (a.Via == "prefix" || a.Via == "env") && handedThroughVar(h, c, a.Name, a.Value, "", writes) {
			return true
		}
	}
	vars := h.SelfState().vars
	if len(vars) == 0 {
		return false
	}
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		iv := installVars.Get()[name]
		if setFor(c, name) || !iv.readBy(c) {
			continue
		}
		for _, value := range vars[name] {
			where := " (set earlier in the script)"
			if iv.root {
				// The program writes into ROOT/bin (and caches elsewhere
				// under ROOT): the bin directory is what it is handed.
				value = shellparse.Word{Text: strings.TrimSuffix(value.Text, "/") + "/bin", Static: true}
				where = " (set earlier in the script; it installs into " + value.Text + ")"
			}
			if handedThroughVar(h, c, name, value, where, writes) {
				return true
			}
		}
	}
	return false
}

// setFor reports a variable the command sets for itself (X=1 cmd, env X=1
// cmd), over the value the script gave it.
func setFor(c shellparse.SimpleCommand, name string) bool {
	return slices.ContainsFunc(c.Assigns, func(a shellparse.Assign) bool {
		return a.Name == name && (a.Via == "prefix" || a.Via == "env")
	})
}

// handedThroughVar judges one variable a command that may write inherits.
func handedThroughVar(h Host, c shellparse.SimpleCommand, name string, value shellparse.Word, where string, writes func() bool) bool {
	if !value.Static || !strings.Contains(value.Text, "/") {
		return false
	}
	// The program cleans the path it is given: /opt//tools, /opt/x/../tools.
	value.Text = cleanFields(value.Text)
	if !writes() || !h.SelfPaths().mentionsBinary(value.Text) {
		return false
	}
	why := handedSelf(h, value, false, writes)
	if fields := strings.Fields(value.Text); why == "" && len(fields) > 1 {
		// A list of options (GOFLAGS='-o=/opt/tools/pg -tags=x'): the
		// program splits it at blanks, and each may name where it writes.
		for _, f := range fields {
			if why = handedSelf(h, shellparse.Word{Text: f, Static: true}, false, writes); why != "" {
				break
			}
		}
	}
	if why == "" {
		return false
	}
	report(h, "self_modify", "self_handed", finding.Severe, c.Name+" is handed "+name+"="+clip(value.Text)+where+", "+why+", and may write it")
	return true
}

// cleanFields returns t with the absolute path in each blank-separated
// field cleaned (-o=/opt//tools/pg is -o=/opt/tools/pg).
func cleanFields(t string) string {
	fields := strings.Fields(t)
	for i, f := range fields {
		if j := strings.Index(f, "/"); j == 0 || j > 0 && strings.IndexByte("=:@", f[j-1]) >= 0 {
			fields[i] = f[:j] + path.Clean(f[j:]) // an absolute path, alone or after -o= …
		}
	}
	return strings.Join(fields, " ")
}

// handedNames judges the names a program permgate does not know, and that
// may write, is handed at run time by the wrapper that runs it: xargs and parallel add the names they
// read (echo /opt/tools/pg | xargs strip), find fills {} with what it finds
// (find /opt/tools -exec strip {} \;).
func handedNames(h Host, c shellparse.SimpleCommand, writes func() bool) {
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		wr := c.Wrappers[i]
		switch wr.Name {
		case "xargs", "parallel":
			if writes() {
				pipedNames(h, c.Name+" (names from "+wr.Name+")")
			}
			return
		case "find":
			if slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return w.Placeholder }) && writes() {
				foundNames(h, wr, c.Name+" (names from find)")
			}
			return
		}
	}
}

// handedSelf says what an argument names of permgate's files, or "": a path
// it may spell (after =, @ or :), a pattern that matches one, or, in code,
// a mention inside a longer text.
func handedSelf(h Host, a shellparse.Word, code bool, onDisk func() bool) string {
	texts, _ := h.ExpandPath(a)
	for _, text := range texts {
		var candBuf [4]string
		for _, cand := range PathCandidates(candBuf[:0], text) {
			if cand == "" || strings.HasPrefix(cand, "-") {
				continue
			}
			if why := namesSelf(h, cand, onDisk); why != "" {
				return why
			}
			if a.Static && code && h.SelfPaths().mentions(text) {
				return Reason + " or a harness's hook settings"
			}
			if a.Static && code && h.SelfPaths().mentionsBinaryPath(text) {
				return BinaryReason
			}
		}
	}
	return ""
}

// onDiskPaths returns where p leads through links on disk, p left out,
// when onDisk (nil: never) says the disk may be asked.
func onDiskPaths(h Host, p string, onDisk func() bool) []string {
	if onDisk == nil || !onDisk() {
		return nil
	}
	return h.SelfRealPaths(p)[1:]
}

// namesSelf says what a path, or a pattern, names of permgate's files, or "".
func namesSelf(h Host, cand string, onDisk func() bool) string {
	p := h.Resolve(cand)
	if why := h.SelfPaths().File(p); why != "" {
		return why
	}
	if !hasGlob(p) {
		// Through a link on disk (L -> /opt/tools, strip L/pg), asked only
		// of a command that may write.
		for _, q := range onDiskPaths(h, p, onDisk) {
			if why := h.SelfPaths().File(q); why != "" {
				return why + " (through a link)"
			}
		}
		switch {
		case h.SelfPaths().binaryDir(strings.TrimSuffix(p, "/")):
			return "the directory of " + BinaryReason
		case h.SelfPaths().binaryPrefix(p):
			// split -a1 IN /opt/tools/p writes /opt/tools/pa, pb … pg
			return "the start of the name of " + BinaryReason + " (files named from it may be it)"
		}
		return ""
	}
	if hit, _ := h.SelfPaths().Glob(p); hit {
		return Reason + " or a harness's hook settings"
	}
	if hit, _ := h.SelfPaths().GlobBinary(p); hit {
		return BinaryReason
	}
	return ""
}

// Trees judges what a command moves, links, or copies a tree into.
func Trees(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	switch c.Name {
	case "mv":
		sources, dests := operandsOf(c), valuesOf(c, "-t", "--target-directory")
		switch {
		case len(dests) > 0:
		case len(sources) >= 2 && !hasOption(c, "-T", "--no-target-directory"):
			dests, sources = sources[len(sources)-1:], sources[:len(sources)-1]
		}
		for _, t := range sources {
			TreeSelf(h, t, "mv "+t.Text, false)
		}
		for _, d := range dests {
			mvInto(h, d, sources)
		}
	case "ln":
		linkTargets(h, c, args)
	case "cp":
		if hasOption(c, "-l", "-s", "--link", "--symbolic-link") {
			// cp -l / -s makes links, not copies: its sources are what they point at
			ops := operandsOf(c)
			if len(valuesOf(c, "-t", "--target-directory")) == 0 && len(ops) > 0 {
				ops = ops[:len(ops)-1]
			}
			for _, t := range ops {
				TreeSelf(h, t, "cp makes a link to "+t.Text+", which", true)
			}
		}
		copyInto(h, c, args)
	case "mount":
		// A file system mounted on a directory above permgate's files or
		// program hides them behind another's (mount -t tmpfs none ~/.config).
		if d, ok := MountPoint(c); ok {
			treeSelf(h, d, "mount over "+d.Text+", which", treeReach{all: true, globAbove: true, program: true})
		}
	case "rsync":
		copyInto(h, c, args)
		// --remove-source-files empties the source trees; --backup-dir
		// fills its directory with files under the names they had.
		if hasOption(c, "--remove-source-files", "--remove-sent-files") {
			ops := operandsOf(c)
			for _, t := range ops[:max(len(ops)-1, 0)] {
				TreeSelf(h, t, "rsync --remove-source-files empties "+t.Text+", which", false)
			}
		}
		for _, d := range valuesOf(c, "--backup-dir") {
			treeSelf(h, d, "rsync --backup-dir fills "+d.Text+", which", treeReach{all: true, globAbove: true, program: true})
		}
	default:
		copyInto(h, c, args)
	}
}

// nameFilters are programs that pass on some of the lines they read, or
// each line changed: xargs after them writes names their input held.
func nameFilters(name string) bool {
	switch name {
	case "grep", "egrep", "fgrep", "sed", "awk", "gawk", "cut", "sort", "uniq", "head", "tail", "tac", "tr", "rev", "tee",
		"base64", "xxd", "basenc", "base32", "openssl":
		return true
	}
	return false
}

// filterOperands is how many operands a filter takes and still reads its
// standard input (grep PATTERN, sed PROGRAM, tr SET1 SET2, awk PROGRAM).
func filterOperands(name string) int {
	switch name {
	case "grep", "egrep", "fgrep", "sed", "awk", "gawk":
		return 1
	case "tr":
		return 2
	}
	return 0
}

// nameDecoders reports a command whose output names cannot be read from
// its input's: rev, tr, decoders (base64 -d, xxd -r, openssl enc -d), and
// printf or echo -e with escapes (\x67 is g).
func nameDecoders(c shellparse.SimpleCommand) bool {
	switch c.Name {
	case "rev", "tr":
		return true
	case "base64", "base32", "basenc", "xxd", "openssl":
		return hasOption(c, "-d", "--decode", "-D", "-r", "-revert")
	case "printf":
		return slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return strings.Contains(w.Text, `\x`) || strings.Contains(w.Text, "%b") })
	case "echo":
		return hasOption(c, "-e") && slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return strings.Contains(w.Text, `\`) })
	}
	return false
}

// MountPoint returns the directory mount puts a file system over: its
// --target, else its last operand. A remount (-o remount) or a change of
// propagation (--make-private …) covers nothing: false.
func MountPoint(c shellparse.SimpleCommand) (shellparse.Word, bool) {
	for _, o := range valuesOf(c, "-o", "--options") {
		if slices.Contains(strings.Split(o.Text, ","), "remount") {
			return shellparse.Word{}, false
		}
	}
	if slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return strings.HasPrefix(w.Text, "--make-") }) {
		return shellparse.Word{}, false
	}
	if targets := valuesOf(c, "--target"); len(targets) > 0 {
		return targets[len(targets)-1], true
	}
	ops := operandsOf(c)
	if len(ops) == 0 {
		return shellparse.Word{}, false
	}
	return ops[len(ops)-1], true
}

// pipedNames judges the names xargs or parallel hand a command that may
// write, read from their standard input. Where permgate can read them they
// are judged as the command's own: the words echo or printf print, a
// here-string's or here-document's words, the trees find or a lister (ls,
// git, grep -l …: listsTree) prints names under. Through filters (grep,
// sed, sort …) the names are some of what comes in, which is judged
// instead. Anywhere else — a file's content, a decoder's output, a program
// whose output permgate does not read (awk, jq, python3, an unknown one),
// a compound command — the names cannot be seen, and the write asks:
// unknown names are never taken for safe ones.
func pipedNames(h Host, how string) {
	if h.SelfPipeWriters() > 1 {
		// { echo a; echo b; } | xargs rm: several commands write the names.
		unseenNames(h, "several commands", how)
		return
	}
	chain := h.SelfPipeChain()
	if len(chain) == 0 {
		inputNames(h, h.SelfCommand().Stdin, "its input", how)
		return
	}
	reshaped := ""
	for passesNames(chain[0]) && len(chain) > 1 {
		reshaped = cmp.Or(reshaped, reshaper(chain[0]))
		chain = chain[1:]
	}
	src := chain[0]
	switch {
	case nameDecoders(src):
		report(h, "protected_write", "self_names_decoded", finding.NonSevere, how+" writes names "+src.Name+" decodes, which could be "+Reason)
	case passesNames(src):
		reshaped = cmp.Or(reshaped, reshaper(src))
		inputNames(h, src.Stdin, src.Name+"'s input", how)
	case printsNoPath(src):
		// Numbers, a date, a commit's id: no name of a file.
	case listsTree(src):
		treeNames(h, src, how)
	case nameFilters(src.Name) || src.Name == "cat":
		// A filter handed files: names read from their content.
		report(h, "protected_write", "self_names_read", finding.NonSevere, how+" writes names "+src.Name+" reads from a file, which could be "+Reason)
	case src.Name == "find" && (readsNameList(src) || findPrintsOwnText(src)):
		unseenNames(h, "what find prints of its own (-printf, -exec, a list of roots)", how)
	case src.Name == "find":
		// find prints what is under its roots: unless its -name tests rule
		// permgate's files out, the names may be any of them, even under a
		// system directory (find /opt -name pg | xargs rm).
		roots, expr := h.SelfFindRoots(src.Argv[1:])
		if !namesRuleOutSelf(h.SelfPaths(), expr) {
			for _, r := range roots {
				TreeSelf(h, r, how+" (names from find under "+r.Text+")", true)
			}
		}
	case src.Name == "printf" || src.Name == "echo":
		printerNames(h, src, how)
	default:
		unseenNames(h, src.Name, how)
	}
	if reshaped != "" {
		// sed, awk, cut and grep -o may print names that were not among
		// the words they read (s/x/pg/, a BEGIN block).
		unseenNames(h, reshaped, how)
	}
}

// treeNames judges the names a lister prints (listsTree): files under the
// directory it runs in and under the paths it is handed, which are judged
// as trees; a path known only at run time, or a list of names read from a
// file, may be anywhere.
func treeNames(h Host, src shellparse.SimpleCommand, how string) {
	if readsNameList(src) {
		unseenNames(h, src.Name+"'s list of names", how)
		return
	}
	// Where it runs is listed too (ls, git ls-files, fd with no operand),
	// and any word that names a path may be a root (fd --search-path DIR,
	// git -C DIR).
	TreeSelf(h, shellparse.Word{Text: ".", Static: true}, how+" (names from "+src.Name+" where it runs)", true)
	for _, a := range src.Argv[1:] {
		text := a.Text
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v // --search-path=DIR
		}
		if a.Static && !a.Glob && !strings.ContainsAny(text, "/~") {
			continue // an option or a name in the directory it runs in
		}
		w := shellparse.Word{Text: text, Static: a.Static, Glob: a.Glob, Params: a.Params, Subst: a.Subst}
		if _, unknown := h.ExpandPath(w); unknown {
			unseenNames(h, src.Name, how)
			return
		}
		TreeSelf(h, w, how+" (names from "+src.Name+" under "+text+")", true)
	}
}

// findPrintsOwnText reports a find expression that prints text of its own
// (-printf, -fprintf) or runs commands whose output is piped on (-exec,
// -execdir, -ok, -okdir): not only the paths it finds.
func findPrintsOwnText(c shellparse.SimpleCommand) bool {
	for _, p := range shellparse.FindPrimaries(c.Argv[1:]) {
		switch p.Name {
		case "-printf", "-fprintf", "-exec", "-execdir", "-ok", "-okdir":
			return true
		}
	}
	return false
}

// reshaper returns the name of a filter that may print text it did not
// read as a whole word (sed, awk, cut, grep -o), or "".
func reshaper(c shellparse.SimpleCommand) string {
	switch c.Name {
	case "sed", "awk", "gawk", "cut":
		return c.Name
	case "grep", "egrep", "fgrep":
		if hasOption(c, "-o", "--only-matching", "--label") {
			return c.Name + " -o"
		}
	case "head", "tail":
		if hasOption(c, "-c", "--bytes") {
			return c.Name + " -c" // a name cut short is another name
		}
	}
	return ""
}

// passesNames reports a filter that reads its standard input and prints
// some of it: its names are among what comes in.
func passesNames(c shellparse.SimpleCommand) bool {
	if c.Name == "cat" {
		return len(operandsOf(c)) == 0
	}
	if c.Name == "head" || c.Name == "tail" {
		// head -n 5, tail -n +6: a count, not a file (with or without a
		// declared value).
		return !slices.ContainsFunc(operandsOf(c), func(w shellparse.Word) bool { return !isCount(w.Text) }) && !readsNameList(c)
	}
	operands := filterOperands(c.Name)
	if operands > 0 && (c.Name == "grep" || c.Name == "egrep" || c.Name == "fgrep") && hasOption(c, "-e", "--regexp", "-f", "--file") {
		operands = 0 // the pattern is an option's: every operand is a file
	}
	return nameFilters(c.Name) && len(operandsOf(c)) <= operands && !nameDecoders(c) && !readsNameList(c)
}

// isCount reports a line or byte count as head and tail take it: 5, +6,
// -3, 10K.
func isCount(t string) bool {
	t = strings.TrimLeft(t, "+-")
	t = strings.TrimRight(t, "bkKMGTPEZYi")
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// printsNoPath reports a program whose output is no path: numbers (seq),
// a date in a format without a slash, a commit's id (git rev-parse
// --short HEAD).
func printsNoPath(c shellparse.SimpleCommand) bool {
	static := !slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return !w.Static })
	if !static {
		return false
	}
	switch c.Name {
	case "seq":
		return !slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool {
			return strings.HasPrefix(w.Text, "-f") || strings.HasPrefix(w.Text, "--f") || strings.HasPrefix(w.Text, "-s") || strings.HasPrefix(w.Text, "--s")
		})
	case "date":
		return !slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool {
			return strings.HasPrefix(w.Text, "+") && (strings.Contains(w.Text, "/") || strings.Contains(w.Text, "%D") || strings.Contains(w.Text, "%x") || strings.Contains(w.Text, "%c"))
		})
	case "git":
		return len(c.Argv) > 1 && c.Argv[1].Text == "rev-parse" && !slices.ContainsFunc(c.Argv[2:], func(w shellparse.Word) bool {
			return strings.Contains(w.Text, "dir") || strings.Contains(w.Text, "path") || strings.Contains(w.Text, "show") || strings.Contains(w.Text, "top") || strings.Contains(w.Text, "prefix")
		})
	case "nproc", "whoami", "hostname", "uname":
		return true
	}
	return false
}

// readsNameList reports a program handed a list of names in a file
// (--files0-from, -files0-from): what it prints comes from that file.
func readsNameList(c shellparse.SimpleCommand) bool {
	return slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool {
		return strings.HasPrefix(w.Text, "--files0-from") || strings.HasPrefix(w.Text, "-files0-from")
	})
}

// inputNames judges names read from a standard input: a here-string's or
// here-document's words, a file's content (unseen), or the terminal's or
// harness's own input (nothing the script chose).
func inputNames(h Host, in shellparse.Input, what, how string) {
	switch in.Kind {
	case shellparse.InputInherited:
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if !in.Static {
			unseenNames(h, what, how)
			return
		}
		for _, name := range strings.Fields(in.Text) {
			TreeSelf(h, shellparse.Word{Text: name, Static: true}, how+" (names from "+what+")", false)
		}
	case shellparse.InputFile:
		report(h, "protected_write", "self_names_read", finding.NonSevere, how+" writes names read from a file ("+what+"), which could be "+Reason)
	default:
		unseenNames(h, what, how)
	}
}

// printerNames judges the names echo or printf print. A printf format
// that builds names (%s/x, %c, %.3s) or spells them in escapes (\160) makes
// names permgate does not see: the write asks.
func printerNames(h Host, src shellparse.SimpleCommand, how string) {
	if src.Name == "printf" && !plainPrintf(src) {
		unseenNames(h, "printf's format", how)
		return
	}
	inBinaryDir := !h.SelfPaths().isCwd(h.Dir()) && h.SelfPaths().binaryDir(h.Dir())
	for _, a := range src.Argv[1:] {
		if !selfPrefilter(a.Text) && !(a.Static && (strings.HasPrefix(a.Text, "/") || inBinaryDir)) {
			continue
		}
		if !a.Static {
			TreeSelf(h, a, how+" (names from "+src.Name+" "+a.Text+")", false)
			continue
		}
		// printf '%s\n' or '…\0' ends the names it prints with escapes.
		for _, name := range printedNames(a.Text) {
			TreeSelf(h, shellparse.Word{Text: name, Static: true}, how+" (names from "+src.Name+" "+a.Text+")", false)
		}
	}
}

// plainPrintf reports a printf whose output is its words as they stand:
// a format with no escape but \n, \t, \0 and no directive, or one that
// only separates its arguments ('%s\n', '%s\0', '%s ').
func plainPrintf(c shellparse.SimpleCommand) bool {
	args := c.Argv[1:]
	if len(args) > 0 && args[0].Text == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return true
	}
	format := args[0]
	if !format.Static {
		return false
	}
	rest := strings.NewReplacer(`%s`, "", `\n`, "", `\t`, "", `\0`, "", " ", "").Replace(format.Text)
	if strings.Contains(format.Text, "%") {
		return rest == "" // only %s and separators
	}
	return !strings.ContainsAny(strings.NewReplacer(`\n`, "", `\t`, "", `\0`, "").Replace(format.Text), `\%`)
}

// listsTree reports a program that prints names of files under its
// operands or the directory it runs in: ls, du, fd, git (ls-files, diff
// --name-only, status …), and grep or rg asked for file names.
func listsTree(c shellparse.SimpleCommand) bool {
	switch c.Name {
	case "ls", "du", "fd", "fdfind":
		return true
	case "git":
		return listsGitPaths(c)
	case "grep", "egrep", "fgrep":
		return hasOption(c, "-l", "--files-with-matches", "-L", "--files-without-match")
	case "rg":
		return hasOption(c, "-l", "--files-with-matches", "--files", "--files-without-match")
	}
	return false
}

// listsGitPaths reports a git command that prints the paths of the work
// tree or the index (ls-files, ls-tree, diff, status), not a file's content.
func listsGitPaths(c shellparse.SimpleCommand) bool {
	for i := 1; i < len(c.Argv); i++ {
		w := c.Argv[i].Text
		switch {
		case w == "-C" || w == "-c":
			i++ // the option's value
		case strings.HasPrefix(w, "-"):
		default:
			switch {
			case slices.ContainsFunc(c.Argv[i+1:], func(w shellparse.Word) bool {
				return strings.HasPrefix(w.Text, "--format") || strings.HasPrefix(w.Text, "--line-prefix") || strings.HasPrefix(w.Text, "--src-prefix") || strings.HasPrefix(w.Text, "--dst-prefix")
			}):
				return false // names of its own making
			case w == "ls-files" || w == "ls-tree" || w == "status":
				return true
			case w == "grep":
				// git grep -l / -L / --name-only prints the matching files.
				return slices.ContainsFunc(c.Argv[i+1:], func(w shellparse.Word) bool {
					return w.Text == "-l" || w.Text == "-L" || w.Text == "--name-only" || w.Text == "--files-with-matches" || w.Text == "--files-without-match" || strings.HasPrefix(w.Text, "-l") && !strings.HasPrefix(w.Text, "--")
				})
			case w == "diff":
				// --name-only and --name-status print paths; else content.
				return slices.ContainsFunc(c.Argv[i+1:], func(w shellparse.Word) bool { return w.Text == "--name-only" || w.Text == "--name-status" })
			}
			return false
		}
	}
	return false
}

// unseenNames asks for a write of names permgate cannot see.
func unseenNames(h Host, what, how string) {
	report(h, "protected_write", "self_names_unseen", finding.NonSevere, how+" writes names from "+what+", which permgate cannot see and could be "+Reason)
}

// printedNames splits the text printf or echo prints into the names xargs
// reads from it: at blanks and at the \n, \t and \0 escapes.
func printedNames(t string) []string {
	t = strings.NewReplacer(`\n`, " ", `\t`, " ", `\0`, " ", `\x00`, " ").Replace(t)
	return strings.Fields(t)
}

// namesRuleOutSelf reports a find expression whose -name/-iname tests match
// none of permgate's or the harnesses' file names (find ~ -name '*.txt').
func namesRuleOutSelf(ps *Paths, expr []shellparse.Word) bool {
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
		for name := range selfNames.Get() {
			if shglob.MayMatch(pattern, name) {
				return false
			}
		}
		if shglob.Match(pattern, "x.json") {
			return false // .github/hooks/*.json
		}
		for _, b := range ps.binaries() {
			if shglob.MayMatch(pattern, path.Base(b)) {
				return false // the permgate program, by its own name
			}
		}
	}
	return tested
}

// TreeSelf judges a target that is replaced, removed or filled as a whole
// tree: moved (mv), deleted recursively, copied or extracted into, or pointed
// at by a new link. Reaching permgate's files, the permgate program or a
// directory above them is self_modify. link=true also counts /, the home
// directory and system directories as ancestors.
func TreeSelf(h Host, w shellparse.Word, how string, link bool) {
	treeSelf(h, w, how, treeReach{all: link, globAbove: !link, program: true})
}

// treeReach says what a tree write reaches: all counts /, the home
// directory and system directories as ancestors; globAbove counts a pattern
// that matches a directory above permgate's files (a tree copied into
// ~/.c*/ fills ~/.config); program counts the permgate program and the
// directories above it (a file moved into one by its own name is judged by
// that name: mvInto).
type treeReach struct {
	all, globAbove, program bool
}

// treeSelf is TreeSelf, reaching as far as r says.
func treeSelf(h Host, w shellparse.Word, how string, r treeReach) {
	ps := h.SelfPaths()
	texts, _ := h.ExpandPath(w)
	for _, text := range texts {
		p := h.Resolve(text)
		if pathin.Under(p, UnknownDir) {
			// A tree in a directory known only at run time (mv /dev/fd/3/x
			// after exec 3</opt): it may hold any of them.
			RuntimeWrite(h, shellparse.Word{Text: text}, how, true)
			continue
		}
		if hasGlob(p) {
			if in, anc := ps.Glob(p); in || anc && r.globAbove {
				report(h, "self_modify", "self_glob", finding.Severe, how+" may reach "+Reason)
				return
			}
			if !r.program {
				continue
			}
			if in, anc := ps.GlobBinary(p); in || anc && r.globAbove {
				report(h, "self_modify", "self_glob", finding.Severe, how+" may reach "+BinaryReason)
				return
			}
			continue
		}
		for _, q := range h.SelfRealPaths(p) {
			why := ps.ownFile(procRoot(q))
			if why == "" && r.program {
				why = ps.File(q)
			}
			if why != "" {
				report(h, "self_modify", "self_path", finding.Severe, how+" reaches "+why)
				return
			}
			if ps.ancestor(q, r.all, r.program) {
				report(h, "self_modify", "self_dir", finding.Severe, how+" reaches "+q+", a directory that holds "+ps.AncestorHolds(q))
				return
			}
		}
	}
}

// mvInto judges the directory mv moves its sources into: it is filled, not
// replaced, so the permgate program is reached only where a source lands on
// it or above it by its name (mv ./git ~/.local/bin puts ~/.local/bin/git);
// a source whose name is known only at run time may land anywhere in it.
// permgate's config and state directories are judged as the target itself.
func mvInto(h Host, dest shellparse.Word, sources []shellparse.Word) {
	how := "mv " + dest.Text
	treeSelf(h, dest, how, treeReach{globAbove: true})
	for _, src := range sources {
		name := path.Base(strings.TrimSuffix(src.Text, "/"))
		if !src.Static || !dest.Static || name == "." || name == ".." || name == "/" || hasGlob(name) {
			treeSelf(h, dest, how, treeReach{globAbove: true, program: true})
			return
		}
		landing := shellparse.Word{Text: strings.TrimSuffix(dest.Text, "/") + "/" + name, Static: true}
		treeSelf(h, landing, how+" (as "+landing.Text+")", treeReach{globAbove: true, program: true})
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
		return !selfNames.Get()[base]
	}
	for name := range selfNames.Get() {
		if strings.HasSuffix(name, tail) {
			return false
		}
	}
	return true
}

// CodeText judges a program's text that name runs from a file (python3
// x.py, a conftest.py): one that names permgate's files or a harness's
// hook settings may write them, as code handed on the command line may.
func CodeText(h Host, name, text string) {
	if !selfPrefilter(text) && !nearSelf(h) {
		return
	}
	if why := handedSelf(h, shellparse.Word{Text: text, Static: true}, true, nil); why != "" {
		report(h, "self_modify", "self_handed", finding.Severe, name+" names "+why+", and may write it")
	}
}
