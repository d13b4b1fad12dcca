package validator

import (
	"github.com/permgate/permgate/internal/shglob"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/places"

	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/lang/sed"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// writeTargets returns the words naming files a command writes, truncates, moves
// or deletes. Recursive rm and find -delete are judged by delete.go instead.
func writeTargets(c shellparse.SimpleCommand) []shellparse.Word {
	targets := append(wrapperWriteTargets(c), varTargets(c)...)
	if len(c.Argv) == 0 {
		return targets
	}
	// The Go judgement's targets come last: for a copy, the last one is its
	// destination (see writes). A declared target it also names is judged once.
	judged := commandWriteTargets(c)
	if !mayDeclareChanges(c) {
		return append(targets, judged...)
	}
	for _, w := range declaredChanges(c) {
		if !slices.ContainsFunc(judged, func(j shellparse.Word) bool { return j.Text == w.Text }) {
			targets = append(targets, w)
		}
	}
	return append(targets, judged...)
}

// mayDeclareChanges reports a command whose declaration may say it changes
// a file with this argv (registry's MayHaveEffects): git status names no
// option an effect needs, so it is not read for them.
func mayDeclareChanges(c shellparse.SimpleCommand) bool {
	prog, ok := programs.Get().Lookup(path.Base(c.Name))
	return ok && prog.HasEffects() && prog.MayHaveEffects(c.RegistryArgs())
}

// wrapperWriteTargets returns the files the wrappers change on their own,
// by their declarations: time -o FILE, strace -o FILE, script FILE,
// parallel --joblog FILE, tar --remove-files.
func wrapperWriteTargets(c shellparse.SimpleCommand) []shellparse.Word {
	return changedWords(wrapperEffects(c))
}

// commandWriteTargets returns the files the command itself writes, by the
// judgements that need more than a declaration: rm's targets when it does
// not recurse, the modes and owners changed, copies into directories, sed's
// programs, compilers' outputs and tar's old-style letters. What a program
// writes by its options and operands alone (curl -o, find -fprint, go
// build -o …) is declared (registry Effects, Output).
func commandWriteTargets(c shellparse.SimpleCommand) []shellparse.Word {
	args := c.Argv[1:]
	switch c.Name {
	case "rm":
		recursive, dynamicOpt, targets := rmArgs(args)
		if recursive || dynamicOpt {
			return nil // judged as a (possible) rm -r in delete.go
		}
		return targets
	case "chmod", "chown", "chgrp":
		return permTargets(c.Name, args)
	case "mv", "cp", "install", "ln", "scp", "rsync":
		return copyTargets(c)
	case "sed":
		return sed.Targets(args)
	case "cc", "gcc", "g++", "c++", "clang", "clang++", "ld", "tcc", "rustc", "zig":
		return compilerOutput(args)
	case "tar", "bsdtar", "gtar":
		return tarWrites(args)
	}
	return nil
}

// permTargets returns the files chmod, chown or chgrp change. chmod's modes may
// start with a dash (-w); --reference replaces the mode operand.
func permTargets(name string, args []shellparse.Word) []shellparse.Word {
	_, targets := permOperands(name, args)
	return targets
}

// permOperands splits chmod/chown/chgrp arguments into the mode (or owner)
// and the files. mode is nil with --reference.
func permOperands(name string, args []shellparse.Word) (*shellparse.Word, []shellparse.Word) {
	p := readPerm(name, args)
	return p.mode, p.targets
}

// permArgs is what chmod, chown or chgrp is asked to do.
type permArgs struct {
	mode      *shellparse.Word // the mode or owner; nil with --reference
	targets   []shellparse.Word
	recursive bool
}

// readPerm reads chmod/chown/chgrp arguments by the declared grammar. A
// word known only at run time counts as an operand wherever it stands.
func readPerm(name string, args []shellparse.Word) permArgs {
	inv := scanArgs(name, args)
	s := &inv.Scan
	operand := operandAt(s, len(args))
	if path.Base(name) == "chmod" {
		markModes(operand, s, &inv.Program.Node.Grammar)
	}
	var ops []shellparse.Word
	for i, a := range args {
		if operand[i] || !a.Static || s.DashDash >= 0 && i > s.DashDash {
			ops = append(ops, a)
		}
	}
	p := permArgs{targets: ops, recursive: s.Has("-R", "--recursive")}
	if !s.Has("--reference") && len(ops) > 0 {
		p.mode, p.targets = &ops[0], ops[1:]
	}
	return p
}

// markModes marks the words that hold a letter chmod's grammar does not
// declare: chmod -w FILE and chmod -rwx FILE give a mode, not options.
func markModes(operand []bool, s *registry.Scan, g *registry.Grammar) {
	for _, o := range s.Opts {
		if len(o.Name) == 2 && o.At < len(operand) && !g.Declares(o.Name) {
			operand[o.At] = true
		}
	}
}

// copyTargets returns what mv, cp, install, ln, rsync and scp write: the target
// directory (-t, --target-directory) or the last operand; for mv every operand
// (a moved file is gone from where it was); for install -d every operand.
func copyTargets(c shellparse.SimpleCommand) []shellparse.Word {
	inv, ok := scanned(c)
	if !ok {
		return nil
	}
	args := c.Argv[1:]
	explicit := shellparse.OptionWords(args, &inv.Scan, "-t", "--target-directory")
	files := operandWords(args, &inv.Scan)
	if c.Name == "install" && inv.Scan.Has("-d", "--directory") {
		return append(explicit, files...)
	}
	return copyDests(c.Name, explicit, files)
}

// copyDests returns what a copy of files writes, into the explicit target
// directories or to its last operand.
func copyDests(name string, explicit, files []shellparse.Word) []shellparse.Word {
	out := append([]shellparse.Word(nil), explicit...)
	// Into a directory, each source lands under its own name: cp settings.json
	// ~/.claude/ writes ~/.claude/settings.json.
	if dirs, sources := copyShape(explicit, files); len(dirs) > 0 {
		out = append(out, intoDirs(slices.DeleteFunc(slices.Clone(dirs), namesFile), sources, landsOnOwnFile)...)
	}
	switch {
	case name == "mv":
		return append(out, files...)
	case len(explicit) > 0:
		return out
	case len(files) < 2:
		return nil
	}
	last := files[len(files)-1]
	if (name == "rsync" || name == "scp") && remotePath(last.Text) {
		return nil
	}
	return append([]shellparse.Word{last}, out...)
}

// extractDirs returns the directories an archiver unpacks into, by its
// declaration: 7z -oDIR, cpio -D DIR (and cpio -p DIR).
func extractDirs(name string, args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for _, t := range declaredEffects(name, args) {
		if t.into && t.act == registry.Writes {
			out = append(out, t.word)
		}
	}
	return out
}

// inDir returns a file inside each directory: what a download or extraction
// into the directory writes, judged by where it lands.
func inDir(dirs []shellparse.Word) []shellparse.Word {
	out := make([]shellparse.Word, 0, len(dirs))
	for _, d := range dirs {
		d.Text = strings.TrimSuffix(d.Text, "/") + "/x"
		out = append(out, d)
	}
	return out
}

// namesFile reports a copy's target that names a file (x.json), not a
// directory: nothing lands inside it. (The landings of the program's name
// are judged whatever the target looks like: binaryLandings.)
func namesFile(d shellparse.Word) bool {
	b := path.Base(d.Text)
	return !strings.HasSuffix(d.Text, "/") && strings.LastIndex(b, ".") > 0
}

// copyShape splits a copy's operands into the directories it may copy into
// (-t's, else the last of two or more operands) and its sources.
func copyShape(explicit, files []shellparse.Word) (dirs, sources []shellparse.Word) {
	switch {
	case len(explicit) > 0:
		return explicit, files
	case len(files) >= 2:
		return files[len(files)-1:], files[:len(files)-1]
	}
	return nil, files
}

// intoDirs returns DIR/NAME for each static source name and target directory
// that keep holds: where a copy lands when the target is a directory.
func intoDirs(dirs, sources []shellparse.Word, keep func(dir, base string) bool) []shellparse.Word {
	var out []shellparse.Word
	for _, d := range dirs {
		if remotePath(d.Text) {
			continue
		}
		dir := strings.TrimSuffix(d.Text, "/")
		for _, s := range sources {
			if base, ok := sourceName(s); ok && keep(dir, base) {
				out = append(out, shellparse.Word{Text: dir + "/" + base, Static: d.Static, Params: d.Params, Quoted: d.Quoted})
			}
		}
	}
	return out
}

// sourceName returns the name a copied source keeps (host:path's too), for a
// static source that is not a directory's contents.
func sourceName(s shellparse.Word) (string, bool) {
	if !s.Static || s.Text == "" || strings.HasSuffix(s.Text, "/") {
		return "", false
	}
	src := s.Text
	if remotePath(src) {
		_, src, _ = strings.Cut(src, ":")
	}
	return path.Base(src), true
}

// landsOnOwnFile reports a name that, copied into dir, can be permgate's
// or a harness's file, a shell start-up file or authorized_keys: only
// those matter here.
func landsOnOwnFile(dir, base string) bool {
	hooksDir := strings.HasSuffix(dir, ".github/hooks") || strings.HasSuffix(dir, ".copilot/hooks")
	pluginDir := self.OpencodeDir(path.Base(path.Dir(dir))) && (path.Base(dir) == "plugin" || path.Base(dir) == "plugins")
	switch {
	case self.IsName(base) || slices.Contains(shellRCFiles, base) || base == "authorized_keys":
		return true
	case hooksDir && strings.HasSuffix(base, ".json"):
		return true
	}
	return pluginDir && (strings.HasSuffix(base, ".js") || strings.HasSuffix(base, ".ts"))
}

// remotePath reports host:path (not a local path that holds a colon after a slash).
func remotePath(t string) bool {
	i := strings.Index(t, ":")
	return i > 0 && !strings.Contains(t[:i], "/")
}

// tarWrites returns what tar writes beyond its declaration: the archive
// it creates, appends to or updates, and, with old-style letters (tar xf
// A -C DIR), the directory it extracts into (tar -x -C DIR is declared).
func tarWrites(args []shellparse.Word) []shellparse.Word {
	if len(args) == 0 {
		return nil
	}
	inv := scanArgs("tar", args)
	s := &inv.Scan
	letters := tarOldStyle(args)
	out := tarArchive(args, s, letters)
	if strings.Contains(letters, "x") && !s.Has("-x", "--extract", "--get") {
		out = append(out, inDir(shellparse.OptionWords(args, s, "-C", "--directory"))...)
	}
	return out
}

// tarArchive returns the archive tar writes when it creates, appends or
// updates: the value of -f (--file), by the declared grammar, or in the
// old style (tar cf ARCHIVE …) the word its f letter takes.
func tarArchive(args []shellparse.Word, s *registry.Scan, letters string) []shellparse.Word {
	if !s.Has("-c", "-r", "-u", "-A", "--create", "--append", "--update", "--catenate", "--concatenate", "--delete") && !strings.ContainsAny(letters, "cruA") {
		return nil
	}
	return append(shellparse.OptionWords(args, s, "-f", "--file"), tarOldStyleArchive(args, letters)...)
}

// tarOldStyle returns tar's old-style letters (tar cvf …): its first word
// when that word has no dash.
func tarOldStyle(args []shellparse.Word) string {
	if len(args) == 0 || !args[0].Static || strings.HasPrefix(args[0].Text, "-") {
		return ""
	}
	return args[0].Text
}

// tarOldStyleArchive returns the archive old-style letters name: each letter
// that takes a value takes the next word after them, in order.
func tarOldStyleArchive(args []shellparse.Word, letters string) []shellparse.Word {
	if !strings.Contains(letters, "f") {
		return nil
	}
	var out []shellparse.Word
	n := 1
	for _, ch := range letters {
		if strings.ContainsRune("fbCTXLgHKNV", ch) {
			if ch == 'f' && n < len(args) {
				out = append(out, args[n])
			}
			n++
		}
	}
	return out
}

// writes judges every file the command writes.
func (ck *checker) writes(c shellparse.SimpleCommand) {
	for _, t := range ck.binaryLandings(c) {
		ck.writeTargetOpt(t, c.Name+" "+t.Text, false)
	}
	ck.movedAway(c)
	targets := writeTargets(c)
	if len(targets) == 0 {
		return
	}
	ck.homeSetup = homeSetupWrite(c)
	ck.plainCopy = plainCopy(c)
	defer func() { ck.intoDir, ck.homeSetup, ck.plainCopy = false, false, false }()
	dest := copyDestOf(c)
	moved := movedWords(c)
	for _, t := range backupTargets(c, targets) {
		ck.writeTargetOpt(t, c.Name+" (its backup) "+t.Text, true)
	}
	for i, t := range targets {
		last := i == len(targets)-1
		ck.intoDir = dest.into(t, last)
		// mv's sources are moved away, not written, as are the files a
		// declaration says it moves (gzip FILE): only a destination raises
		// the question of a target known only at run time.
		ck.writeTargetOpt(t, c.Name+" "+t.Text, (c.Name != "mv" || last) && !moved[t.Text])
	}
}

// movedAway judges what mv moves away and what mount covers: /, the home
// directory, a system or a top-level directory moved (mv /var /var2) or
// mounted over is gone from where everything looks for it.
func (ck *checker) movedAway(c shellparse.SimpleCommand) {
	var words []shellparse.Word
	how := ""
	switch c.Name {
	case "mv":
		ops := operandsOf(c)
		if len(valuesOf(c, "-t", "--target-directory")) == 0 && len(ops) > 0 {
			ops = ops[:len(ops)-1]
		}
		words, how = ops, "moves away"
	case "mount":
		if d, ok := self.MountPoint(c); ok {
			words, how = []shellparse.Word{d}, "mounts another file system over"
		}
	}
	for _, w := range words {
		texts, _ := ck.expandPath(w)
		for _, text := range texts {
			p := ck.resolve(text)
			why := ck.v.critical(p)
			if why == "" && !(c.Name == "mount" && mountPoints(p)) {
				why = topDir(p)
			}
			if why != "" {
				ck.add("critical_write", "move_away", Severe, c.Name+" "+how+" "+why)
				return
			}
		}
	}
}

// backupTargets returns the backups a copy makes of the files it replaces
// (cp -b, --backup, install -b, mv -b, ln -b, rsync -b): each target with the
// suffix -S, --suffix or SIMPLE_BACKUP_SUFFIX gives, ~ by default. The old
// file is renamed to it: cp -b -S g x DIR/p makes DIR/pg of DIR/p.
func backupTargets(c shellparse.SimpleCommand, targets []shellparse.Word) []shellparse.Word {
	if !copyInto.Get()[c.Name] {
		return nil
	}
	inv, ok := scanned(c)
	if !ok || !inv.Scan.Has("-b", "--backup") {
		return nil
	}
	suffix := shellparse.Word{Text: "~", Static: true}
	for _, a := range c.Assigns {
		if a.Name == "SIMPLE_BACKUP_SUFFIX" {
			suffix = a.Value
		}
	}
	if words := shellparse.OptionWords(c.Argv[1:], &inv.Scan, "-S", "--suffix"); len(words) > 0 {
		suffix = words[len(words)-1]
	}
	var out []shellparse.Word
	for _, t := range targets {
		out = append(out, shellparse.Word{Text: t.Text + suffix.Text, Static: t.Static && suffix.Static, Params: append(slices.Clip(t.Params), suffix.Params...)})
	}
	return out
}

// mountPoints reports the top-level directories that are there to be
// mounted on (/mnt, /media).
func mountPoints(p string) bool { return p == "/mnt" || p == "/media" }

// binaryLandings returns where a copy puts a source that bears the name of
// the permgate program running now (cp /tmp/pg /opt/tools/ writes
// /opt/tools/pg): copyTargets keeps DIR/NAME only for the names of
// permgate's and the harnesses' files, which need no disk to know. A source
// pattern counts by the names it matches (cp build/* DIR/); ln with one
// operand makes its link in the working directory; cp --parents a/b DIR
// writes DIR/a/b, whatever its name.
func (ck *checker) binaryLandings(c shellparse.SimpleCommand) []shellparse.Word {
	if !copyInto.Get()[c.Name] {
		return nil
	}
	inv, ok := scanned(c)
	if !ok {
		return nil
	}
	dirs, sources := copyShape(shellparse.OptionWords(c.Argv[1:], &inv.Scan, "-t", "--target-directory"), operandWords(c.Argv[1:], &inv.Scan))
	if len(dirs) == 0 && len(sources) == 1 && c.Name == "ln" {
		dirs = []shellparse.Word{{Text: ".", Static: true}}
	}
	if len(dirs) == 0 {
		return nil
	}
	var out []shellparse.Word
	named := make([]shellparse.Word, 0, len(sources))
	for _, s := range sources {
		if c.Name == "cp" && s.Static && inv.Scan.Has("--parents") {
			for _, d := range dirs {
				out = append(out, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + strings.TrimPrefix(path.Clean(s.Text), "/"), Static: d.Static, Params: d.Params})
			}
		}
		if _, ok := sourceName(s); !ok && s.Glob && !strings.HasSuffix(s.Text, "/") {
			if name, ok := ck.v.self.BinaryMatch(path.Base(s.Text)); ok {
				s = shellparse.Word{Text: name, Static: true}
			}
		}
		named = append(named, s)
	}
	return append(out, intoDirs(dirs, named, func(_, base string) bool { return ck.v.self.BinaryName(base) })...)
}

// movedWords returns the words the command's declaration says it moves
// elsewhere (gzip FILE becomes FILE.gz); nil when none.
func movedWords(c shellparse.SimpleCommand) map[string]bool {
	var moved map[string]bool
	for _, t := range commandEffects(c) {
		if t.act == registry.Moves && t.opt == "" {
			if moved == nil {
				moved = map[string]bool{}
			}
			moved[t.word.Text] = true
		}
	}
	return moved
}

// copyDest says which of a copy's write targets may be a directory it
// puts files into: its last target, and the directories -t names.
type copyDest struct {
	copy     bool
	explicit map[string]bool
}

// copyDestOf reads a copy's target directories (cp -t DIR); install -d
// makes directories and copies nothing into them.
func copyDestOf(c shellparse.SimpleCommand) copyDest {
	if !copyInto.Get()[c.Name] {
		return copyDest{}
	}
	inv, ok := scanned(c)
	if !ok || c.Name == "install" && inv.Scan.Has("-d", "--directory") {
		return copyDest{}
	}
	d := copyDest{copy: true, explicit: map[string]bool{}}
	for _, w := range shellparse.OptionWords(c.Argv[1:], &inv.Scan, "-t", "--target-directory") {
		d.explicit[w.Text] = true
	}
	return d
}

// into reports a target the copy may write a file into.
func (d copyDest) into(t shellparse.Word, last bool) bool {
	return d.copy && (last || d.explicit[t.Text])
}

// copyInto are the commands whose destination may be a directory they write a
// file into.
var copyInto = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"cp": true, "mv": true, "install": true, "ln": true, "rsync": true, "scp": true}
}}

// pathDir returns the directory on $PATH that writing p puts a file into
// (p inside it, or p itself when intoDir), or "".
func (ck *checker) pathDir(p string) string {
	for _, d := range ck.v.resolvedPathDirs() {
		if path.Dir(p) == d || ck.intoDir && p == d {
			return d
		}
	}
	return ""
}

// resolvedPathDirs returns the $PATH directories with, beside each, where its
// links lead (Env.Resolve): a write judged by its resolved path still meets a
// PATH entry that is a link. Resolved once, on first use.
func (v *Validator) resolvedPathDirs() []string {
	if v.pathDirs != nil || v.env.Resolve == nil {
		if v.pathDirs == nil {
			return v.env.PathDirs
		}
		return v.pathDirs
	}
	v.pathDirs = append(make([]string, 0, 2*len(v.env.PathDirs)), v.env.PathDirs...)
	for _, d := range v.env.PathDirs {
		if r := v.env.Resolve(d); r != "" && r != d && !slices.Contains(v.pathDirs, r) {
			v.pathDirs = append(v.pathDirs, r)
		}
	}
	return v.pathDirs
}

// namesOnly take a directory by its name without reading what is in it.
var namesOnly = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"cd": true, "pushd": true, "chdir": true, "mv": true, "ln": true, "install": true, "find": true, "curl": true, "wget": true}
}}

// metadataOnly are commands that look at a file's name or metadata, not its content.
var metadataOnly = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"kill": true, "killall": true, "pkill": true, "pgrep": true, "pidof": true, "truncate": true, "ls": true, "stat": true, "file": true, "test": true, "[": true, "du": true, "touch": true, "rm": true, "mkdir": true, "realpath": true, "readlink": true, "basename": true, "dirname": true, "chmod": true, "chown": true, "chgrp": true, "rmdir": true, "unlink": true, "exa": true, "eza": true, "tree": true, "shred": true}
}}

// secretArgs: naming a secret file as an argument reads, copies or sends it.
func (ck *checker) secretArgs(c shellparse.SimpleCommand) {
	if metadataOnly.Get()[c.Name] {
		return
	}
	// A directory a command writes into is not read: the destination of a copy,
	// an extraction's target.
	dest := unreadDests(c)
	names, allNames := nameOnlyArgs(c) // allNames: every argument is a name; the command never reads the file
	for i, a := range c.Argv[1:] {
		reads := !namesOnly.Get()[c.Name] && !dest[a.Text]
		if self.ReadsSealKey(ck, a, reads) {
			ck.add("secret_access", "read_seal_key", NonSevere, c.Name+" reads "+a.Text+", which holds the key that seals permgate's config and state")
			return
		}
		if !allNames && !names[i] && mayBeRead(a, dest) && ck.secretWord(a, reads) {
			ck.add("secret_access", "read_secret", NonSevere, c.Name+" reads "+a.Text+", which holds secrets")
			return
		}
	}
}

// mayBeRead reports an argument that may name a file the command reads: not
// a placeholder, a process substitution or a destination it writes into.
func mayBeRead(a shellparse.Word, dest map[string]bool) bool {
	return !a.Placeholder && !a.ProcSubst && !dest[a.Text]
}

// unreadDests returns the words naming what a command writes into and does
// not read: a copy's destinations, the directory tar (-C) or unzip (-d)
// extracts into. Nil for most commands: reading a nil map is fine.
func unreadDests(c shellparse.SimpleCommand) map[string]bool {
	var words []shellparse.Word
	switch c.Name {
	case "cp", "rsync", "mv", "install", "ln", "scp":
		cc := c
		if cc.Name == "mv" {
			cc.Name = "cp" // mv's sources are read (and moved), only its destination is not
		}
		words = copyTargets(cc)
	case "tar", "bsdtar":
		words = valuesOf(c, "-C", "--directory")
	case "unzip":
		words = valuesOf(c, "-d")
	default:
		return nil
	}
	dest := make(map[string]bool, len(words))
	for _, w := range words {
		dest[w.Text] = true
	}
	return dest
}

// secretExamples are file names a pattern is tried against: a glob that can
// match one of them (cat .env*, cat ~/.ssh/id_*) reads secrets.
var secretExamples = []string{".env", ".env.local", ".env.production", ".envrc", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
	"server.pem", "server.key", "cert.p12", "cert.pfx", ".netrc", ".pgpass", ".git-credentials", ".npmrc", ".pypirc"}

// secretPath reports whether a path (or a glob pattern) names a secret file.
func (ck *checker) secretPath(p string, glob bool) bool {
	if glob {
		return ck.secretGlob(p)
	}
	if !strings.ContainsAny(p, "/~$") && !strings.Contains(ck.shellDir, "/.") {
		// A bare name in a working directory outside every dot folder
		// (~/.ssh, ~/.aws …) is a secret only by its own name.
		return secretName(p)
	}
	abs := ck.resolve(p)
	if moved := ck.v.self.MovedHarnessPath(abs); moved != "" && secretName(moved) {
		return true // $CODEX_HOME/auth.json is Codex's credentials wherever it lives
	}
	return secretName(abs) || secretName(p)
}

// secretGlob reports a pattern that can match a secret file (cat .env*,
// cat ~/.ssh/id_*), or every file of a folder of them (~/.ssh/*).
func (ck *checker) secretGlob(p string) bool {
	dir, base := path.Split(p)
	literal := strings.Trim(globBrackets.Get().ReplaceAllString(base, ""), "*?")
	if literal == "" {
		// * alone aims at secrets only in a folder of them (~/.ssh/*).
		return dir != "" && !hasGlob(dir) && secretDir(ck.resolve(strings.TrimSuffix(dir, "/")))
	}
	for _, ex := range secretExamples {
		if strings.HasPrefix(ex, ".") && !strings.HasPrefix(base, ".") {
			continue // a leading dot must be matched literally
		}
		if shglob.Match(base, ex) {
			return true
		}
	}
	return secretName(ck.resolve(dir+globStandIn(base))) || places.SecretPattern(ck.resolve(p))
}

// globStandIn is a name a pattern matches, its wildcards filled in with x:
// a folder's test of it keeps what the pattern says (~/.ssh/*.pub names
// only public keys).
func globStandIn(base string) string {
	return strings.NewReplacer("*", "x", "?", "x").Replace(globBrackets.Get().ReplaceAllString(base, "x"))
}

// fileAccess lists the files a command may read and write: its write targets
// and writing redirects, and every other file-like argument and input redirect as
// a possible read. Paths are absolute; words permgate cannot resolve are left out.
func (ck *checker) fileAccess(c shellparse.SimpleCommand) FileAccess {
	acc := accessList{ck: ck, written: map[string]bool{}}
	for _, r := range c.Redirects {
		switch {
		case r.Writes():
			acc.write(r.Target)
		case r.Reads() && r.Target.Static:
			acc.fa.Reads = append(acc.fa.Reads, ck.resolve(r.Target.Text))
		}
	}
	if len(c.Argv) == 0 {
		return acc.fa
	}
	for _, w := range writeTargets(c) {
		acc.write(w)
	}
	for _, a := range readCandidates(c) {
		acc.read(a)
	}
	return acc.fa
}

// accessList gathers a command's file access, each written path once.
type accessList struct {
	ck      *checker
	fa      FileAccess
	written map[string]bool
}

// write adds a written word, when permgate knows the path it names.
func (a *accessList) write(w shellparse.Word) {
	if text, ok := a.ck.knownPath(w); ok && text != "" {
		p := a.ck.resolve(text)
		if !a.written[p] {
			a.written[p] = true
			a.fa.Writes = append(a.fa.Writes, p)
		}
	}
}

// read adds the paths a word may name (pathCandidates) as possible reads,
// unless they are written.
func (a *accessList) read(w shellparse.Word) {
	var candBuf [4]string
	for _, cand := range self.PathCandidates(candBuf[:0], w.Text) {
		if cand == "" || strings.HasPrefix(cand, "-") {
			continue
		}
		if p := a.ck.resolve(cand); !a.written[p] {
			a.fa.Reads = append(a.fa.Reads, p)
		}
	}
}

// readCandidates returns the static words of a command's argv that may name
// a file it reads: its operands and the values of its options, by its
// declared grammar.
func readCandidates(c shellparse.SimpleCommand) []shellparse.Word {
	args := c.Argv[1:]
	inv := scanArgs(c.Name, args)
	out := make([]shellparse.Word, 0, len(args))
	for _, w := range append(operandWords(args, &inv.Scan), shellparse.OptionWords(args, &inv.Scan, optionNames(&inv.Scan)...)...) {
		if w.Static && w.Text != "" {
			out = append(out, w)
		}
	}
	return out
}

// optionNames returns the names of the options a scan found, once each.
func optionNames(s *registry.Scan) []string {
	var out []string
	for _, o := range s.Opts {
		if !slices.Contains(out, o.Name) {
			out = append(out, o.Name)
		}
	}
	return out
}

// plainCopy reports a copy, move or link of single files (not a tree, not a
// folder's contents): into the home directory it makes new entries there.
func plainCopy(c shellparse.SimpleCommand) bool {
	switch c.Name {
	case "cp", "mv", "install", "ln":
	default:
		return false
	}
	inv, ok := scanned(c)
	if !ok || c.Name == "cp" && inv.Scan.Has("-r", "-R", "-a", "--recursive", "--archive") {
		return false
	}
	ops := operandWords(c.Argv[1:], &inv.Scan)
	if len(ops) > 0 {
		ops = ops[:len(ops)-1] // the sources
	}
	for _, a := range ops {
		if strings.HasSuffix(a.Text, "/") || strings.HasSuffix(a.Text, "/.") || !a.Static {
			return false
		}
	}
	return true
}
