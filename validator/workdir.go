package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// commandDir is the directory a command runs in: the script's, changed by a
// wrapper such as env -C DIR or sudo -D DIR.
func (ck *checker) commandDir(c shellparse.SimpleCommand) string {
	dir := ck.shellDir
	for _, w := range c.Wrappers {
		var values []shellparse.Word
		switch w.Name {
		case "env":
			values = append(shortValues(w.Argv[1:], 'C', "uSP"), longValues(w.Argv[1:], "--chdir")...)
		case "sudo", "run0":
			values = append(shortValues(w.Argv[1:], 'D', "ughpCRrTtU"), longValues(w.Argv[1:], "--chdir")...)
		case "unshare", "nsenter":
			values = append(shortValues(w.Argv[1:], 'w', "SGRt"), longValues(w.Argv[1:], "--wd")...)
		case "systemd-run":
			values = longValues(w.Argv[1:], "--working-directory")
			if hasFlag(w.Argv[1:], "", "--same-dir") {
				values = nil
			}
		case "find":
			for _, p := range shellparse.FindPrimaries(w.Argv[1:]) {
				if p.Name == "-execdir" || p.Name == "-okdir" {
					return "" // runs in each match's directory
				}
			}
		case "chroot":
			return "" // paths mean something else under another root
		}
		for _, v := range values {
			dir = ck.changeDir(dir, v)
		}
	}
	return dir
}

// followCd updates the script's directory after cd, pushd or popd.
func (ck *checker) followCd(c shellparse.SimpleCommand) {
	for _, name := range assignedNames(c) {
		if name == "CDPATH" {
			ck.cdpath = true
		}
	}
	switch c.Name {
	case "cd", "pushd", "chdir", "popd":
		if c.Alternative {
			// One of several readings (a loop's values, a variable set on
			// one path): which directory the shell is in after is not known.
			ck.shellDir = ""
			return
		}
	}
	switch c.Name {
	case "cd", "pushd", "chdir":
		for _, a := range c.Argv[1:] {
			if c.Name == "pushd" && (strings.HasPrefix(a.Text, "+") || strings.HasPrefix(a.Text, "-")) {
				ck.shellDir = "" // pushd +N, -N, -n: the stack decides
				return
			}
		}
		ops := operands(c.Argv[1:])
		if len(ops) == 0 {
			ck.shellDir = ck.v.env.Home
			return
		}
		to := ops[0]
		if ck.cdpath && to.Static && !strings.HasPrefix(to.Text, "/") && !strings.HasPrefix(to.Text, ".") {
			ck.shellDir = "" // CDPATH may send cd anywhere
			return
		}
		ck.shellDir = ck.changeDir(ck.shellDir, to)
	case "popd":
		ck.shellDir = ""
	}
}

// changeDir returns the directory after changing from dir to the word's path.
func (ck *checker) changeDir(dir string, to shellparse.Word) string {
	text := to.Text
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
		return ""
	case strings.HasPrefix(text, "/"):
		return path.Clean(text)
	case dir == "":
		return ""
	}
	return path.Join(dir, text)
}
