package runfiles

import (
	"fmt"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Text is one text that would run: shell text run by sh -c, or a program
// text in another language.
type Text struct {
	// Source says where the text comes from: "package.json script test",
	// "Makefile:12 recipe of build".
	Source string
	// Shell is the text that runs.
	Shell string
	// Lang is the language of Shell: "" for the shell, else the interpreter
	// a shebang names ("python", "node", "perl", …).
	Lang string
	// Dir is the directory the text runs in when it is not the Run's (a
	// workspace package's script), absolute.
	Dir string
}

// Run is what a command runs from the project's files.
type Run struct {
	// Dir is the directory the texts run in (the package's, make -C's,
	// the justfile's), absolute; "" for the command's own.
	Dir string
	// Texts are the texts that run, in order.
	Texts []Text
	// Dynamic are one-line reasons something runs that is not known
	// statically (a file not read, an expansion not evaluated, a bound).
	Dynamic []string
	// Unread are one-line reasons a file that would run could not be read
	// whole (too large, not a regular file, unreadable): what it holds is
	// not known at all.
	Unread []string
	// Outside are one-line notes on what runs that is not the project's
	// own text (dependencies' install scripts, make's built-in compile
	// rules): judged as the program is, not as the project's files.
	Outside []string
}

// MaxTexts bounds the texts one reading returns; past it the reading stops
// and says so in Dynamic.
const MaxTexts = 512

// MaxParentDirs bounds how many parent directories a reader climbs to find
// the project's file (package.json, justfile).
const MaxParentDirs = 32

// add appends a text, within MaxTexts.
func (r *Run) add(source, shell, lang string) {
	if len(r.Texts) >= MaxTexts {
		r.dynamicOnce(fmt.Sprintf("more than %d texts would run: the rest are not read", MaxTexts))
		return
	}
	r.Texts = append(r.Texts, Text{Source: source, Shell: shell, Lang: lang})
}

// dynamic appends a reason.
func (r *Run) dynamic(format string, args ...any) {
	r.dynamicOnce(fmt.Sprintf(format, args...))
}

// unread appends a reason a file could not be read whole.
func (r *Run) unread(format string, args ...any) {
	r.Unread = append(r.Unread, fmt.Sprintf(format, args...))
}

// dynamicOnce appends a reason unless it is there already.
func (r *Run) dynamicOnce(reason string) {
	for _, d := range r.Dynamic {
		if d == reason {
			return
		}
	}
	r.Dynamic = append(r.Dynamic, reason)
}

// shellQuote quotes a word for sh; a word the shell cannot hold (a NUL
// byte) is single-quoted with the byte dropped, which sh would do too.
func shellQuote(word string) string {
	if q, err := syntax.Quote(word, syntax.LangPOSIX); err == nil {
		return q
	}
	return "'" + strings.ReplaceAll(strings.ReplaceAll(word, "\x00", ""), "'", `'\''`) + "'"
}

// joinQuoted quotes each word and joins them with spaces.
func joinQuoted(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellQuote(w)
	}
	return strings.Join(quoted, " ")
}

// exists reports whether p is there at all: read whole, too large, or not
// a regular file (a directory) all mean something is at p.
func exists(files Files, p string) bool {
	_, err := files.Read(p)
	return err == nil || !Missing(err)
}

// foundFile is a project file found by its name from a directory upward.
type foundFile struct {
	dir, path, text string
}

// findUpward reads the first of names (in that order) in dir or a
// directory above it, within MaxParentDirs. ok is false when none is there;
// one that is there but cannot be read stops the search with its error.
func findUpward(files Files, dir string, names []string) (f foundFile, ok bool, err error) {
	dir = filepath.Clean(dir)
	for range MaxParentDirs {
		for _, name := range names {
			p := filepath.Join(dir, name)
			text, err := files.Read(p)
			if Missing(err) {
				continue
			}
			if err != nil {
				return foundFile{dir: dir, path: p}, false, err
			}
			return foundFile{dir: dir, path: p, text: text}, true, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return foundFile{dir: dir}, false, nil
}
