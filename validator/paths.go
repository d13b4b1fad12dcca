package validator

import (
	"github.com/permgate/permgate/internal/pathin"
	"github.com/permgate/permgate/judge/self"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/places"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// resolve returns the absolute, cleaned path a static word names, relative to
// the directory the command runs in. When that directory is unknown (after
// cd $X), a relative path resolves under unknownDir, which is nowhere permgate
// treats as safe or as critical.
func (ck *checker) resolve(p string) string {
	if rest, ok := procCwd(p); ok {
		return ck.resolve(rest) // /proc/self/cwd/x is x where the command runs, .. and all
	}
	if dirStackTilde(p) {
		_, rest, _ := strings.Cut(p, "/")
		return path.Join(unknownDir, rest) // ~1/x: in an entry of pushd's stack
	}
	if ck.v.env.Resolve != nil && hasDotDot(p) {
		return ck.physical(p)
	}
	if strings.HasPrefix(p, "/") {
		p = path.Clean(p)
		if rest, ok := procCwd(p); ok {
			return ck.resolve(rest) // //proc/./self/cwd/x, written unclean
		}
		if rest, ok := fdDirPath(p); ok {
			return path.Join(unknownDir, rest) // a directory opened on a descriptor: any
		}
		return p
	}
	if ck.dir == "" {
		return path.Join(unknownDir, p)
	}
	return path.Join(ck.dir, p)
}

// procCwd returns what follows /proc/self/cwd/ (or thread-self's, or a
// process's by number) in p: a path relative to the working directory.
func procCwd(p string) (string, bool) {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return "", false
	}
	pid, tail, _ := strings.Cut(rest, "/")
	if pid != "self" && pid != "thread-self" && strings.Trim(pid, "0123456789") != "" {
		return "", false
	}
	rel, ok := strings.CutPrefix(tail, "cwd/")
	return rel, ok && rel != ""
}

// fdDirPath returns what follows a file descriptor in p when p names a
// file inside the directory the descriptor holds (/dev/fd/3/x, /dev/stdin/x,
// /proc/self/fd/3/x after exec 3</some/dir): which directory is known only
// at run time.
func fdDirPath(p string) (string, bool) {
	var tail string
	switch {
	case strings.HasPrefix(p, "/dev/fd/"):
		tail = strings.TrimPrefix(p, "/dev/fd/")
	case strings.HasPrefix(p, "/dev/stdin/"), strings.HasPrefix(p, "/dev/stdout/"), strings.HasPrefix(p, "/dev/stderr/"):
		return p[strings.Index(p[len("/dev/"):], "/")+len("/dev/")+1:], true
	case strings.HasPrefix(p, "/proc/"):
		pid, rest, _ := strings.Cut(strings.TrimPrefix(p, "/proc/"), "/")
		if pid != "self" && pid != "thread-self" && strings.Trim(pid, "0123456789") != "" {
			return "", false
		}
		var ok bool
		if tail, ok = strings.CutPrefix(rest, "fd/"); !ok {
			return "", false
		}
	default:
		return "", false
	}
	fd, rel, ok := strings.Cut(tail, "/")
	return rel, ok && fd != "" && strings.Trim(fd, "0123456789") == "" && rel != ""
}

// unknownDir stands for a working directory known only at run time.
const unknownDir = self.UnknownDir

// systemDirs are the directories whose content belongs to the system.
var systemDirs = places.SystemDirs

// topDirs are directories that must not be deleted or moved as a whole.
var topDirs = places.TopDirs

// shellRCFiles run at every shell start, or (.gitconfig) name programs git runs.
var shellRCFiles = places.StartupFiles

// critical names why writing p is catastrophic, or "" when it is not.
func (v *Validator) critical(p string) string {
	switch {
	case p == "/":
		return "/ (the whole file system)"
	case v.env.Home != "" && p == v.env.Home:
		return "the home directory"
	case strings.HasPrefix(p, "/etc/sudoers"):
		return p + " (sudo's rules)"
	case v.inSystemDir(p):
		return p + " (a system directory)"
	case isBlockDevice(p):
		return p + " (a disk)"
	}
	if why := v.homeCritical(p); why != "" {
		return p + why
	}
	for _, rc := range []string{"/etc/profile", "/etc/bash.bashrc", "/etc/zshrc"} {
		if p == rc {
			return p + " (a shell start-up file)"
		}
	}
	return ""
}

// inSystemDir reports a path in a directory whose content belongs to the
// system. $HOME is home, never a system directory, even when it is /root;
// /usr/local is the administrator's own.
func (v *Validator) inSystemDir(p string) bool {
	if v.env.Home != "" && v.env.Home != "/" && pathin.Within(p, v.env.Home) || pathin.Within(p, "/usr/local") {
		return false
	}
	return slices.ContainsFunc(systemDirs, func(d string) bool { return pathin.Within(p, d) })
}

// homeCritical names, as a parenthesis, why writing p in a home directory
// (the user's, /root or /home/NAME) is catastrophic: SSH keys and trust, a
// shell start-up file.
func (v *Validator) homeCritical(p string) string {
	if v.env.Home != "" {
		if why := homeFileCritical(p, v.env.Home+"/"); why != "" {
			return why
		}
	}
	if rel, ok := otherHome(p); ok {
		return homeFileCritical(rel, "")
	}
	return ""
}

// homeFileCritical names why the path under a home directory (home is its
// prefix, with a slash, or "" when rel is already relative) is critical.
func homeFileCritical(rel, home string) string {
	rest, ok := strings.CutPrefix(rel, home)
	if !ok {
		return ""
	}
	if pathin.Within(rest, ".ssh") {
		return " (SSH keys and trust)"
	}
	for _, rc := range shellRCFiles {
		if pathin.Within(rest, rc) {
			return " (a shell start-up file)"
		}
	}
	return ""
}

var blockDevicePrefixes = places.BlockDevicePrefixes

func isBlockDevice(p string) bool {
	for _, prefix := range blockDevicePrefixes {
		if strings.HasPrefix(p, prefix) && len(p) > len(prefix) {
			return true
		}
	}
	return false
}

// isTemp reports a path strictly under /tmp or $TMPDIR.
func (v *Validator) isTemp(p string) bool {
	if pathin.Under(p, "/tmp") || pathin.Under(p, "/var/tmp") {
		return true
	}
	return v.env.TmpDir != "" && v.env.TmpDir != "/" && pathin.Under(p, v.env.TmpDir)
}

// topDir names a top-level directory that must not be deleted or moved as a
// whole, or returns "".
func topDir(p string) string {
	for _, d := range topDirs {
		if p == d {
			return p + " (a top-level directory)"
		}
	}
	return ""
}

// otherHome returns a path relative to the home directory it is in, for /root
// and /home/NAME.
func otherHome(p string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, "/root/"); ok {
		return rest, true
	}
	if rest, ok := strings.CutPrefix(p, "/home/"); ok {
		if _, rel, ok := strings.Cut(rest, "/"); ok {
			return rel, true
		}
	}
	return "", false
}

// isTempRoot reports /tmp, /var/tmp or $TMPDIR itself.
func (v *Validator) isTempRoot(p string) bool {
	return p == "/tmp" || p == "/var/tmp" || v.env.TmpDir != "" && p == v.env.TmpDir
}

// protectedDirs hold files that run code or hold an agent's settings later.
var protectedDirs = places.ProtectedDirs

// protected names why writing p is sensitive, or "".
func protected(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		for _, d := range protectedDirs {
			if part == d && i < len(parts)-1 {
				return d + "/ (its files run code or steer tools later)"
			}
		}
	}
	if path.Base(p) == ".permgate.toml" {
		return "the project's permgate config"
	}
	if path.Base(p) == ".envrc" {
		return "a direnv file, whose exports (PERMGATE_*, HOME) load into the shell that enters the folder"
	}
	return ""
}

// The secret tables are data in package places; these read them.

func secretName(p string) bool { return places.SecretName(p) }

func secretDir(p string) bool { return places.SecretDir(p) }

func secretVar(name string) bool { return places.SecretVar(name) }

// hasDotDot reports whether p has a ".." component.
func hasDotDot(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../")
}

// physical is the absolute path p names as the kernel reads it: each ".."
// is the parent of where the path so far really leads (Env.Resolve), not a
// step back in the text, so that link/../etc/passwd, with link -> /usr, is
// /usr/etc/passwd rather than a file beside link. A path relative to a
// directory known only at run time stays under unknownDir.
func (ck *checker) physical(p string) string {
	cur := ck.dir
	switch {
	case strings.HasPrefix(p, "/"):
		cur = "/"
	case cur == "":
		return path.Join(unknownDir, p)
	}
	for _, part := range strings.Split(p, "/") {
		switch part {
		case "", ".":
		case "..":
			if real := ck.v.lookup(cur); real != "" {
				cur = real
			}
			cur = path.Dir(cur)
		default:
			cur = path.Join(cur, part)
		}
	}
	return cur
}

// scanArgs reads a program's arguments (argv after its name) against its
// declaration, found by basename; an undeclared program's words are read
// with no grammar (every word with a dash is a flag).
func scanArgs(name string, args []shellparse.Word) registry.Invocation {
	words := shellparse.RegistryWords(args)
	if prog, ok := programs.Get().Lookup(path.Base(name)); ok {
		return prog.Resolve(words)
	}
	return (&registry.Program{}).Resolve(words)
}

// operandWords returns the words of args the scan found to be operands.
func operandWords(args []shellparse.Word, s *registry.Scan) []shellparse.Word {
	out := make([]shellparse.Word, 0, len(s.Operands))
	for _, i := range s.Operands {
		out = append(out, args[i])
	}
	return out
}

// operandAt reports, for each word of an argv of n words, whether the scan
// read it as an operand.
func operandAt(s *registry.Scan, n int) []bool {
	out := make([]bool, n)
	for _, i := range s.Operands {
		if i < n {
			out[i] = true
		}
	}
	return out
}
