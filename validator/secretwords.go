package validator

import (
	"github.com/permgate/permgate/judge/self"
	"path"
	"strings"

	"github.com/permgate/permgate/lang/git"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// What names a secret, by any spelling, and which words of a command are
// names rather than files it reads: the secret_access judgements and the
// flow room (judge/flow) ask these.

// secretWord reports a word that names a secret file (or, with dirs, a folder
// of secrets), by any spelling: ~, $HOME, ${HOME:-…}, variables set earlier,
// globs (~/.ssh/*), and the path after =, @ or : (-d@.env, file=@~/.aws/credentials).
func (ck *checker) secretWord(w shellparse.Word, dirs bool) bool {
	if w.Subst && decodedName.Get().MatchString(w.Text) {
		return true // a name only a decoder reveals is not proven free of secrets
	}
	if w.Static || w.Glob && len(w.Params) == 0 && !w.Subst {
		return ck.secretText(w.Text, w.Glob, dirs) // the word as it stands
	}
	texts, _ := ck.expandPath(w)
	for _, text := range texts {
		if ck.secretText(text, w.Glob, dirs) {
			return true
		}
	}
	return false
}

// secretText reports a text that names a secret by one of the paths it may
// spell (itself, or what follows =, @ or :).
func (ck *checker) secretText(text string, glob, dirs bool) bool {
	var candBuf [4]string
	for _, cand := range self.PathCandidates(candBuf[:0], text) {
		if ck.secretCandidate(cand, glob, dirs) {
			return true
		}
	}
	return false
}

// secretCandidate reports one path a word may name (after @ or <) that is a
// secret file, a copy of one the script made, or (with dirs) a folder of
// secrets.
func (ck *checker) secretCandidate(cand string, glob, dirs bool) bool {
	cand = strings.TrimPrefix(strings.TrimPrefix(cand, "@"), "<")
	if cand == "" || cand == "-" {
		return false
	}
	cand = ck.tildeHome(cand)
	g := glob || hasGlob(cand)
	if ck.secretPath(cand, g) || !g && ck.flow.HoldsCopy(cand, ck.resolve) {
		return true
	}
	return dirs && !g && places.SecretDirBase(path.Base(strings.TrimSuffix(cand, "/"))) && secretDir(ck.resolve(cand))
}

// tildeHome writes a leading ~ as the home directory.
func (ck *checker) tildeHome(p string) string {
	home := ck.v.env.Home
	if home == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return home + "/" + rest
	}
	if p == "~" {
		return home
	}
	return p
}

// readsSecret reports a secret_access finding on the current command.
func (ck *checker) readsSecret() bool {
	for _, f := range ck.out {
		if f.Kind == "secret_access" {
			return true
		}
	}
	return false
}

// grepLike take a pattern as their first operand (unless -e or -f gives it),
// and -e's values are patterns: a pattern that mentions .env is not access.
var grepLike = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"grep": true, "egrep": true, "fgrep": true, "zgrep": true, "rg": true, "ag": true, "ack": true}
}}

// gitNameOnly are git subcommands whose path operands are names, not contents.
var gitNameOnly = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"check-ignore": true, "ls-files": true, "rm": true, "mv": true, "status": true, "check-attr": true,
		"update-index": true, "ls-tree": true, "restore": true, "checkout": true, "clean": true, "stash": true, "add": false}
}}

// nameOnlyArgs returns, by index in Argv[1:], the arguments a command takes as
// names or patterns rather than files it reads; all when every argument is one
// (the command never reads a file's content).
func nameOnlyArgs(c shellparse.SimpleCommand) (names map[int]bool, all bool) {
	switch base := path.Base(c.Name); base {
	case "git":
		return gitNameOnlyArgs(c)
	case "find":
		return nil, !findActs(c.Argv[1:]) // find lists names: -name '.env*' is a pattern
	case "eval":
		return nil, true // its words are code, judged as a script
	case "ssh-keygen":
		// ssh-keygen -t … -f KEY creates the key; -y, -e, -p and -c read it.
		return nil, len(valuesOf(c, "-f")) > 0 && !hasOption(c, "-y", "-e", "-p", "-c")
	case "echo", "printf", "fd", "fdfind", "locate", "plocate", "mlocate", "which", "whereis", "type", "command", "hash", "export", "unset", "alias":
		return nil, true
	default:
		if r, ok := readingOf(c); ok && grepLike.Get()[base] {
			return grepPatterns(r, 0), false
		}
	}
	return nil, false
}

// findActs reports a find expression that reads, writes or runs something
// with what it finds (-exec, -fprint, -delete …), not only lists names.
func findActs(args []shellparse.Word) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		switch p.Name {
		case "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls", "-delete":
			return true
		}
	}
	return false
}

// gitNameOnlyArgs: git's verbs that take names (ls-files, rm, status …) or
// history (log without a patch), and git grep's patterns, by the verbs'
// declared grammars.
func gitNameOnlyArgs(c shellparse.SimpleCommand) (map[int]bool, bool) {
	args := c.Argv[1:]
	g := git.Parse(args)
	if gitNameOnly.Get()[g.Sub] {
		return nil, true
	}
	if (g.Sub == "log" || g.Sub == "shortlog" || g.Sub == "whatchanged") && !g.Has("-p", "-u", "--patch", "-L", "--full-diff", "--word-diff") {
		return nil, true // history of the names, not their contents
	}
	if g.Sub == "grep" {
		r := reading{Inv: &registry.Invocation{Scan: *g.Scan()}, Args: g.Args}
		return grepPatterns(r, len(args)-len(g.Args)), false
	}
	return nil, false
}

// grepPatterns marks a grep's pattern words, by index in the words read
// plus offset: -e's values and, with no -e or -f, its first operand.
func grepPatterns(r reading, offset int) map[int]bool {
	out := map[int]bool{}
	given := false
	for _, o := range r.Inv.Scan.Values("-e", "--regexp", "-f", "--file") {
		given = true
		if o.HasValue && (o.Name == "-e" || o.Name == "--regexp") {
			out[offset+o.ValueAt] = true
		}
	}
	if ops := r.Inv.Scan.Operands; !given && len(ops) > 0 {
		out[offset+ops[0]] = true
	}
	return out
}

// decodedName finds a substitution that decodes or rebuilds text: the name it
// gives is hidden from the reader ($(echo fi5zc2gv… | base64 -d)).
var decodedName = lazyre.Regexp{Src: `\$\(.*(base64\s+(-d|-D|--decode)|base32\s+(-d|--decode)|basenc\s+.*-d|xxd\s+.*-r|(\||\$\()\s*(rev|tr)\s|(\||\$\()\s*rev\s*\)|openssl\s+(enc|base64)|gunzip|zcat|printf\s+['"]?(\\x|\\[0-7]))`}

// inlineLiteral finds the string literals in inline code.
var inlineLiteral = lazyre.Regexp{Src: `"([^"\\]{1,300})"|'([^'\\]{1,300})'`}

// inlineSecrets: inline code that names a secret file in a string literal
// reads it (python3 -c "print(open('.env').read())"). It reports whether
// one was found.
func (ck *checker) inlineSecrets(name, code string) bool {
	for _, m := range inlineLiteral.Get().FindAllStringSubmatch(code, 16) {
		lit := m[1] + m[2]
		if lit == "" || strings.ContainsAny(lit, " \t\n") {
			continue
		}
		if ck.secretWord(shellparse.Word{Text: lit, Static: true}, false) {
			ck.add("secret_access", "code_reads_secret", NonSevere, name+" code reads "+lit+", which holds secrets")
			return true
		}
	}
	return false
}
