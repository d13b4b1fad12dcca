package shellparse

import (
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/shword"
	"path"
	"slices"
	"strings"
)

// gnuPrefixed are the GNU tools that Homebrew and the BSDs install with a g
// before the name (coreutils, findutils, tar, sed, grep): grm is rm,
// gfind is find, gtimeout is the timeout wrapper. Only names whose g-less
// form is the GNU tool are here (gcc, gdb, git and gzip are their own
// programs).
var gnuPrefixed = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf(
		// coreutils
		"b2sum", "base32", "base64", "basename", "basenc", "cat", "chgrp", "chmod", "chown", "chroot",
		"cksum", "comm", "cp", "csplit", "cut", "date", "dd", "df", "dir", "dircolors", "dirname", "du", "echo",
		"env", "expand", "expr", "factor", "false", "fmt", "fold", "groups", "head", "hostid", "id", "install",
		"join", "kill", "link", "ln", "logname", "ls", "md5sum", "mkdir", "mkfifo", "mknod", "mktemp", "mv",
		"nice", "nl", "nohup", "nproc", "numfmt", "od", "paste", "pathchk", "pinky", "pr", "printenv", "printf",
		"ptx", "pwd", "readlink", "realpath", "rm", "rmdir", "runcon", "seq", "sha1sum", "sha224sum",
		"sha256sum", "sha384sum", "sha512sum", "shred", "shuf", "sleep", "sort", "split", "stat", "stdbuf",
		"stty", "sum", "sync", "tac", "tail", "tee", "test", "timeout", "touch", "tr", "true", "truncate",
		"tsort", "tty", "uname", "unexpand", "uniq", "unlink", "uptime", "users", "vdir", "wc", "who", "whoami",
		"yes",
		// findutils, tar, sed, grep (gmake is declared as make's other name)
		"find", "xargs", "locate", "updatedb", "tar", "sed", "grep", "egrep", "fgrep",
	)
}}

// versionedFamilies are the language runtimes installed under their name
// and a version (lua5.4, php8.2, ruby3.3, perl5.36, node20, tclsh8.6): the
// versioned name is the family's program. Python's names are read by the
// validator itself.
var versionedFamilies = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("lua", "luajit", "php", "perl", "ruby", "irb", "node", "nodejs", "tclsh", "wish", "guile", "julia", "pwsh", "deno", "bun")
}}

// canonicalProgram returns the program a command name stands for when it
// is another name of one permgate knows — a GNU tool's g-prefixed name, a
// runtime's versioned name — keeping the directory it is in; else name.
func canonicalProgram(name string) string {
	dir, base := path.Split(name)
	if canon := canonicalBase(base); canon != base {
		return dir + canon
	}
	return name
}

func canonicalBase(base string) string {
	if rest, ok := strings.CutPrefix(base, "g"); ok && gnuPrefixed.Get()[rest] {
		return rest
	}
	family := shword.TrimVersion(base)
	family = strings.TrimSuffix(family, "-")
	if family != base && versionedFamilies.Get()[family] && startsWithDigit(base[len(family):]) {
		return family
	}
	return base
}

// startsWithDigit reports a version: a digit, after an optional dash.
func startsWithDigit(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// GNUPrefixedNames returns the names gnuPrefixed holds, sorted: the tools
// whose g-prefixed name (gNAME) is read as NAME.
func GNUPrefixedNames() []string { return sortedKeys(gnuPrefixed.Get()) }

// VersionedFamilies returns the runtimes whose versioned names (lua5.4,
// node20) are read as the family's program, sorted.
func VersionedFamilies() []string { return sortedKeys(versionedFamilies.Get()) }

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
