package self

import (
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/pathin"
	"github.com/permgate/permgate/internal/shglob"
	"maps"
	"path"
	"slices"
	"strings"
)

// Env is what Paths knows about where commands run (the validator's Env).
type Env struct {
	// Cwd and Home are the working and home directories, absolute.
	Cwd, Home string
	// StateDirs are permgate's own config and state directories.
	StateDirs []string
	// XDGStateHome is $XDG_STATE_HOME, "" when unset.
	XDGStateHome string
	// Binary returns the absolute path of the permgate program itself ("" when
	// unknown; nil for none), asked on the first write judged.
	Binary func() string
	// Resolve returns where a path leads on disk, links followed; nil
	// follows none.
	Resolve func(string) string
	// LinkTarget returns where p leads when p or its directory is a
	// symbolic link, "" when neither is; nil asks Resolve.
	LinkTarget func(string) string
	// Exists reports a path that is on disk; nil knows of none.
	Exists func(string) bool
	// PathDirs are the directories on $PATH where commands run.
	PathDirs []string
	// HarnessHomes are harness directories moved out of the home, each
	// mapped to the name it stands for (".claude", ".codex", …).
	HarnessHomes map[string]string
	// JudgedAlone reports a path whose writes are judged severe on their
	// own (/, the home directory, a system or top-level directory).
	JudgedAlone func(string) bool
}

// Paths says which paths are permgate's own files, or the harness settings
// that register its hook, in one environment. What it learns from the disk
// (where the binary and the settings links lead) it keeps; it is not safe
// for concurrent use.
type Paths struct {
	env Env
	// anchors are permgate's files and directories for globs and ancestors;
	// those from homeAnchors on are the working directory's harness settings.
	anchors     []string
	homeAnchors int
	// binaryPaths are Env.Binary and where its links lead, resolved on first
	// use (binariesRead).
	binaryPaths  []string
	binariesRead bool
	// settingsLinks are where the harness settings anchors lead when they are
	// links (a dotfiles manager's), resolved on the first write.
	settingsLinks []string
	settingsDone  bool
	// cwdNear caches whether Env.Cwd is inside or above permgate's directories:
	// 0 not known yet, 1 no, 2 yes.
	cwdNear int
}

// NewPaths returns the Paths of an environment.
func NewPaths(env Env) *Paths { return &Paths{env: env} }

// UnknownDir stands for a directory known only at run time in the paths a
// host resolves (a relative name after cd "$d", a file under /dev/fd/3/).
const UnknownDir = "/?unknown-directory?"

// Reason is the reason given for a write of permgate's config or state.
const Reason = "permgate's own config or state"

// harnessWhy is the reason given for a write of a harness's hook settings.
const harnessWhy = "the harness settings that register permgate's hook"

// File names what p is when it is one of permgate's own files or a
// harness's hook settings, or returns "".
func (ps *Paths) File(p string) string {
	p = procRoot(p)
	if ps.isBinary(p) {
		return permgateBinaryWhy
	}
	return ps.ownFile(p)
}

// ownFile is File but for the program itself: what p is when it lies in
// permgate's config or state, or is a harness's hook settings.
func (ps *Paths) ownFile(p string) string {
	for _, d := range ps.env.StateDirs {
		if pathin.Within(p, d) {
			return Reason
		}
	}
	if why := harnessSettings(p); why != "" {
		return why
	}
	if why := ps.movedHarnessSettings(p); why != "" {
		return why
	}
	// A case-insensitive file system (macOS) opens ~/.Config/PermGate as the
	// permgate directory: compare case-folded too.
	lower := strings.ToLower(p)
	if lower == p {
		return ""
	}
	for _, d := range ps.env.StateDirs {
		if pathin.Within(lower, strings.ToLower(d)) {
			return Reason
		}
	}
	return harnessSettings(lower)
}

// permgateBinaryWhy is the reason given for a write of the permgate program.
const permgateBinaryWhy = "the permgate program itself (replacing or disabling it turns the gate off)"

// BinaryReason names the permgate program among what a write may reach.
const BinaryReason = "the permgate program"

// BinaryName reports the file name of the permgate program running now (or
// of where its links lead): a file copied under it into the program's
// directory replaces it.
func (ps *Paths) BinaryName(base string) bool {
	return ps.anyBinary(func(b string) bool { return strings.EqualFold(path.Base(b), base) })
}

// BinaryMatch returns the name of the permgate program running now when a
// file name pattern (a copy's source, *) matches it.
func (ps *Paths) BinaryMatch(pattern string) (string, bool) {
	for _, b := range ps.binaries() {
		if shglob.MayMatch(pattern, path.Base(b)) {
			return path.Base(b), true
		}
	}
	return "", false
}

// mentionsBinaryPath reports code that holds the path of the permgate
// program running now (or of where its links lead) inside a longer text.
func (ps *Paths) mentionsBinaryPath(t string) bool {
	return ps.anyBinary(func(b string) bool { return strings.Contains(t, b) || mentionsWholePath(t, path.Dir(b)) })
}

// mentionsWholePath reports t holding dir as a path of its own, not as the
// start of a longer one: '/opt/tools' and "/opt/tools/" name the directory,
// /opt/tools/node is another file.
func mentionsWholePath(t, dir string) bool {
	if dir == "/" || dir == "." {
		return false
	}
	for i := 0; ; {
		j := strings.Index(t[i:], dir)
		if j < 0 {
			return false
		}
		end := i + j + len(dir)
		if end < len(t) && t[end] == '/' {
			end++
		}
		if end == len(t) || !isPathByte(t[end]) {
			return true
		}
		i = i + j + 1
	}
}

// isPathByte reports a byte that may go on a path's name.
func isPathByte(b byte) bool {
	return b == '.' || b == '-' || b == '_' || b == '/' || isNameByte(b, 1)
}

// mentionsBinary reports an argument whose text holds the name of the
// permgate program running now (or of where its links lead): a program
// permgate does not know, handed it, may rewrite it (strip, upx) whatever
// the program is named.
func (ps *Paths) mentionsBinary(t string) bool {
	return ps.anyBinary(func(b string) bool { return strings.Contains(t, path.Base(b)) || strings.Contains(t, path.Dir(b)) })
}

// RunningProgram reports the path of the permgate program running now, or
// of where its links lead.
func (ps *Paths) RunningProgram(p string) bool {
	p = procRoot(p)
	return ps.anyBinary(func(b string) bool { return p == b })
}

// binaryPrefix reports a path in the permgate program's directory whose
// name starts the program's name, or starts with it: a program that names
// its output by adding to its operand (split, csplit -f) or by taking a
// suffix off it (pigz -d pg.gz, uncompress pg.Z, gzip -S .x) may write
// the program.
func (ps *Paths) binaryPrefix(p string) bool {
	dir, base := path.Split(p)
	return base != "" && ps.anyBinary(func(b string) bool {
		name := path.Base(b)
		return path.Clean(dir) == path.Dir(b) && (strings.HasPrefix(name, base) || strings.HasPrefix(base, name))
	})
}

// InBinaryDir reports a path directly inside the permgate program's
// directory.
func (ps *Paths) InBinaryDir(p string) bool { return ps.binaryDir(path.Dir(p)) }

// RunsAsPATH reports a command name that $PATH finds as the permgate
// program running now (pg, when /opt/tools is on $PATH and the program is
// /opt/tools/pg): a directory on $PATH before the program's could hold
// another file of that name, so this only ever makes more commands
// permgate's.
func (ps *Paths) RunsAsPATH(name string) bool {
	return ps.anyBinary(func(b string) bool { return path.Base(b) == name && slices.Contains(ps.env.PathDirs, path.Dir(b)) })
}

// isCwd reports the working directory the commands run in (Env.Cwd).
func (ps *Paths) isCwd(dir string) bool { return dir == ps.env.Cwd }

// HoldsOwnFiles reports a directory inside permgate's config or state, where
// a relative name written may be one of its own files. It asks nothing of
// the disk, and leaves the program's directory out: where the program is is
// asked only for a command that writes.
func (ps *Paths) HoldsOwnFiles(dir string) bool {
	return dir != "" && ps.ownFile(path.Join(dir, "x")) != ""
}

// binaryDir reports the directory of the permgate program running now (or
// of where its links lead): a program handed it (mount over it, a tool that
// cleans it) may replace the program.
func (ps *Paths) binaryDir(p string) bool {
	return ps.anyBinary(func(b string) bool { return p == path.Dir(b) })
}

// anyBinary reports whether f holds for the permgate program running now or
// for where its links lead (binaries).
func (ps *Paths) anyBinary(f func(b string) bool) bool { return slices.ContainsFunc(ps.binaries(), f) }

// isBinary reports the permgate program: the one running now
// (Env.Binary), or a file named permgate in a bin directory (~/go/bin,
// ~/.local/bin, /usr/local/bin, /opt/homebrew/bin …), where harnesses find it.
func (ps *Paths) isBinary(p string) bool {
	for _, b := range ps.binaries() {
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
	cwd := ps.env.Cwd
	return !pathin.Within(p, cwd) || cwd == "/" || ps.env.Home != "" && pathin.Within(ps.env.Home, cwd)
}

// sealKeyName is the file holding the key that seals permgate's config and
// state, in its state directory.
const sealKeyName = "seal.key"

// namesSealKey reports a path that is the seal key in one of its
// directories, a pattern that matches it, or (with dirs) a directory that
// holds it.
func (ps *Paths) namesSealKey(p string, keyDirs []string, dirs bool) bool {
	for _, d := range keyDirs {
		key := d + "/" + sealKeyName
		if p == key || dirs && ps.CoversSealKey(p) {
			return true
		}
		if !hasGlob(p) {
			continue
		}
		if shglob.Match(p, key) {
			return true
		}
		if shglob.Match(p, d) && dirs {
			return true
		}
	}
	return false
}

// sealKeyDirs are the state directories that hold permgate's seal key.
func (ps *Paths) sealKeyDirs() []string {
	var dirs []string
	if ps.env.Home != "" {
		dirs = append(dirs, ps.env.Home+"/.local/state/permgate")
	}
	if ps.env.XDGStateHome != "" {
		dirs = append(dirs, ps.env.XDGStateHome+"/permgate")
	}
	return dirs
}

// CoversSealKey reports a path that is permgate's seal key, a directory
// holding it (a Grep of the folder reads it), or a glob matching it.
func (ps *Paths) CoversSealKey(p string) bool {
	for _, d := range ps.sealKeyDirs() {
		key := d + "/" + sealKeyName
		// A folder above the key counts up to, not including, the home
		// directory: a search of all of home is no aim at the key.
		if p == key || pathin.Within(d, p) && (ps.env.Home == "" || !pathin.Within(ps.env.Home, p)) {
			return true
		}
		if hasGlob(p) {
			if shglob.Match(p, key) {
				return true
			}
		}
	}
	return false
}

// binaries returns Env.Binary and where its links lead (Env.Resolve), resolved
// on first use: only a command that writes needs them.
func (ps *Paths) binaries() []string {
	if ps.binariesRead || ps.env.Binary == nil {
		return ps.binaryPaths
	}
	ps.binariesRead = true
	if b := ps.env.Binary(); b != "" {
		ps.binaryPaths = append(ps.binaryPaths, b)
		if ps.env.Resolve != nil {
			if r := ps.env.Resolve(b); r != "" && r != b {
				ps.binaryPaths = append(ps.binaryPaths, r)
			}
		}
	}
	return ps.binaryPaths
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

// mentions reports an argument that holds a spelling of permgate's files
// or of one of its directories inside a longer text.
func (ps *Paths) mentions(t string) bool {
	for _, m := range selfMentions {
		if strings.Contains(t, m) {
			return true
		}
	}
	for _, d := range ps.env.StateDirs {
		if strings.Contains(t, d) {
			return true
		}
	}
	return false
}

// Ancestor reports whether p is a directory above permgate's own
// directories or the home harness settings: moving or deleting it, or copying a
// tree into it, reaches them. all=false leaves out / , the home directory and
// the system directories, whose writes are judged severe on their own.
func (ps *Paths) Ancestor(p string, all bool) bool {
	return ps.ancestor(p, all, true)
}

// ancestor is Ancestor; program=false leaves out the directories above the
// permgate program.
func (ps *Paths) ancestor(p string, all, program bool) bool {
	if !all && (p == "/" || ps.env.JudgedAlone != nil && ps.env.JudgedAlone(p)) {
		return false
	}
	return ps.anchorAncestor(p) || program && ps.binaryAncestor(p)
}

// AncestorHolds names what a directory Ancestor reports holds: permgate's
// config or state, the harness settings, or the permgate program.
func (ps *Paths) AncestorHolds(p string) string {
	if ps.anchorAncestor(p) {
		return Reason
	}
	return BinaryReason
}

// binaryAncestor reports a directory above the permgate program: the one
// running now, or where its links lead, or a bin directory that holds a
// program named permgate (isBinary), on disk. Removing or moving it, or
// putting a link in its place, changes what the harnesses run.
func (ps *Paths) binaryAncestor(p string) bool {
	if p == "" {
		return false
	}
	if ps.anyBinary(func(b string) bool { return pathin.Under(b, p) }) {
		return true
	}
	for _, named := range []string{"/permgate", "/bin/permgate"} {
		if b := strings.TrimSuffix(p, "/") + named; ps.isBinary(b) && ps.env.Exists != nil && ps.env.Exists(b) {
			return true
		}
	}
	return false
}

// anchorAncestor reports a directory above permgate's own directories or
// the harness settings (Ancestor, but for the program).
func (ps *Paths) anchorAncestor(p string) bool {
	for i, a := range ps.anchorList() {
		if !pathin.Under(a, p) {
			continue
		}
		if i >= ps.homeAnchors && pathin.Within(ps.env.Cwd, p) {
			continue // the working directory and above: judged by where they are
		}
		return true
	}
	return false
}

// Glob says whether a pattern (an absolute path with * ? [ ]) may name one
// of permgate's files (inside) or a directory above them (ancestor).
func (ps *Paths) Glob(pattern string) (inside, ancestor bool) {
	pp := globNames(pattern)
	for k, a := range ps.anchorList() {
		switch globReach(pp, a) {
		case globInside:
			inside = true
		case globAbove:
			ancestor = ancestor || k < ps.homeAnchors
		}
	}
	return inside, ancestor
}

// GlobBinary says whether a pattern may name the permgate program (inside)
// or a directory above it (ancestor): the program running now or where its
// links lead, or a file named permgate in a bin directory (isBinary) that is
// on disk.
func (ps *Paths) GlobBinary(pattern string) (inside, ancestor bool) {
	pattern = strings.TrimRight(pattern, "/")
	pp := globNames(pattern)
	for _, b := range ps.binaries() {
		switch globReach(pp, b) {
		case globInside:
			inside = true
		case globAbove:
			ancestor = true
		}
	}
	dir, base := path.Split(pattern)
	if named := dir + "permgate"; !inside && hasGlob(base) && !hasGlob(dir) && ps.isBinary(named) && ps.env.Exists != nil && ps.env.Exists(named) {
		inside = shglob.MayMatch(strings.ToLower(base), "permgate")
	}
	return inside, ancestor
}

// globNames splits an absolute pattern into its names; a trailing slash
// (~/.c*/, a directory) names no more.
func globNames(pattern string) []string {
	return strings.Split(strings.Trim(pattern, "/"), "/")
}

// globReach is how far a pattern split into its names reaches toward a
// path: not at all, to the path or below it, or to a directory above it.
type globReachKind int

const (
	globNone globReachKind = iota
	globInside
	globAbove
)

// globReach compares a pattern's names with a path's, one by one.
func globReach(pp []string, p string) globReachKind {
	ap := strings.Split(strings.TrimPrefix(p, "/"), "/")
	n := min(len(pp), len(ap))
	for i := range n {
		if strings.HasPrefix(ap[i], ".") && !strings.HasPrefix(pp[i], ".") {
			return globNone // a leading dot is matched only literally
		}
		if !shglob.MayMatch(pp[i], ap[i]) {
			return globNone
		}
	}
	if len(pp) >= len(ap) {
		return globInside
	}
	return globAbove
}

// near reports a directory inside or above permgate's own; the answer for
// Env.Cwd, where most commands run, is kept.
func (ps *Paths) near(dir string) bool {
	if dir != ps.env.Cwd {
		return ps.dirNear(dir)
	}
	if ps.cwdNear == 0 {
		ps.cwdNear = 1
		if ps.dirNear(dir) {
			ps.cwdNear = 2
		}
	}
	return ps.cwdNear == 2
}

// dirNear reports a directory inside or above permgate's own. Its probe, a
// file in the directory, is compared with permgate's files but not with the
// program (a file named x is not it), so a command that only reads a
// directory does not ask where the program is.
func (ps *Paths) dirNear(dir string) bool {
	if dir == "" || ps.ownFile(procRoot(dir+"/x")) != "" {
		return dir != ""
	}
	return ps.ancestor(dir, false, false)
}

// selfNames are the base names of permgate's and the harnesses' files: a write
// whose target is known only at run time but ends in one of them could be one.
var selfNames = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"permgate": true, "config.toml": true, "state.json": true, "seal.key": true, "seal.json": true,
		"settings.json": true, "settings.local.json": true, "hooks.json": true, "audit.jsonl": true}
}}

// anchorList are the paths a glob or an ancestor is compared with: permgate's
// directories and the harness settings in the home and working directories.
func (ps *Paths) anchorList() []string {
	if ps.anchors != nil {
		return ps.anchors
	}
	out := append([]string(nil), ps.env.StateDirs...)
	if h := ps.env.Home; h != "" {
		out = append(out, h+"/.claude/settings.json", h+"/.claude/settings.local.json", h+"/.codex/config.toml",
			h+"/.codex/hooks.json", h+"/.gemini/settings.json", h+"/.cursor/hooks.json", h+"/.copilot/hooks/permgate.json",
			h+"/.config/opencode/plugin/permgate.js")
	}
	for _, dir := range slices.Sorted(maps.Keys(ps.env.HarnessHomes)) {
		for _, f := range movedAnchors.Get()[ps.env.HarnessHomes[dir]] {
			out = append(out, path.Join(dir, f))
		}
	}
	ps.homeAnchors = len(out)
	if c := ps.env.Cwd; c != "" && c != "/" {
		out = append(out, c+"/.claude/settings.json", c+"/.claude/settings.local.json", c+"/.gemini/settings.json",
			c+"/.cursor/hooks.json", c+"/.github/hooks/hooks.json", c+"/.github/hooks/permgate.json", c+"/.opencode/plugin/permgate.js")
	}
	ps.anchors = out
	return out
}

// movedHarnessSettings reports a hook settings file in a harness directory
// an environment variable moved (Env.HarnessHomes): $CODEX_HOME/config.toml is
// judged as ~/.codex/config.toml is.
func (ps *Paths) movedHarnessSettings(p string) string {
	for dir, name := range ps.env.HarnessHomes {
		if dir == "" || !pathin.Under(p, dir) {
			continue
		}
		if why := harnessSettings(path.Join("/"+name, strings.TrimPrefix(p, dir))); why != "" {
			return why
		}
	}
	return ""
}

// MovedHarnessPath returns p as it would be in the home directory when it is
// in a harness directory an environment variable moved ($CODEX_HOME/auth.json
// is ~/.codex/auth.json), or "".
func (ps *Paths) MovedHarnessPath(p string) string {
	for dir, name := range ps.env.HarnessHomes {
		if dir != "" && pathin.Under(p, dir) && ps.env.Home != "" {
			return path.Join(ps.env.Home, name, strings.TrimPrefix(p, dir))
		}
	}
	return ""
}

// Write says why writing p changes permgate or the hook settings that
// register it — one of their files by name (File), or the file a settings
// link leads to — or "".
func (ps *Paths) Write(p string) string {
	if why := ps.File(p); why != "" {
		return why
	}
	if ps.linkedSettings(p) {
		return harnessWhy + " (through the link that names it)"
	}
	return ""
}

// linkedSettings reports a path that a harness settings file in the home or
// working directory is a link to (~/.claude/settings.json ->
// ~/dotfiles/claude/settings.json): writing there changes the settings as
// writing them does, though neither its name nor its directory says so. The
// links are resolved once, on the first write judged (Env.LinkTarget, else
// Env.Resolve). A link further up (a home under /usr/home) keeps the
// .claude/settings.json names, which are judged by name.
func (ps *Paths) linkedSettings(p string) bool {
	if !ps.settingsDone {
		ps.settingsDone = true
		resolve := ps.env.LinkTarget
		if resolve == nil {
			resolve = ps.env.Resolve
		}
		if resolve != nil {
			for _, a := range ps.anchorList()[len(ps.env.StateDirs):] {
				if r := resolve(a); r != "" && path.Clean(r) != a {
					ps.settingsLinks = append(ps.settingsLinks, path.Clean(r))
				}
			}
		}
	}
	return slices.Contains(ps.settingsLinks, p)
}

// IsName reports a base name of permgate's or the harnesses' files
// (config.toml, settings.json, seal.key …).
func IsName(base string) bool { return selfNames.Get()[base] }

// under returns permgate's directories and the harness settings in the home
// directory (the paths Glob compares with, but the working directory's
// harness settings, judged by where they are) that are dir or inside it.
func (ps *Paths) under(dir string) []string {
	var out []string
	for i, a := range ps.anchorList() {
		if i >= ps.homeAnchors {
			break
		}
		if a == dir || strings.HasPrefix(a, strings.TrimSuffix(dir, "/")+"/") {
			out = append(out, a)
		}
	}
	return out
}
