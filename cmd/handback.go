package cmd

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// handBack makes a hook's allow an explicit one only where permgate vouches
// for the call: a command it proved read-only within the working directory,
// a user's allow rule, or a safe tool reading there. Any other allow — one
// the mode gives (auto, bypass), or the tool table's for a tool that changes
// things — becomes Defer: the call goes back to the harness, whose own
// classifier, sandbox and approval decide it as they would without
// permgate, so that permgate is never looser than the harness alone.
func (s *session) handBack(out policy.Outcome, a validator.Analysis, req harness.Request) policy.Outcome {
	if out.Decision != policy.Allow || s.vouches(out, a, req) {
		return out
	}
	out.Decision = policy.Defer
	out.Reason += "; left to the harness's own permissions"
	return out
}

// vouches reports whether an allow is one permgate answers as its own.
func (s *session) vouches(out policy.Outcome, a validator.Analysis, req harness.Request) bool {
	switch out.By {
	case "rule":
		return out.Rule != "" // the user's allow rule
	case "read-only":
		return req.Tool == "bash" && s.readsWithin(a)
	case "tool":
		if s.toolTable().Policy(req.Tool) != policy.PolicySafe {
			return false
		}
		for _, p := range req.Paths {
			if !s.within(p) {
				return false
			}
		}
		keys := []string{"include"} // Gemini CLI's read_many_files globs
		if req.Tool == "glob" {
			keys = append(keys, "pattern")
		}
		return !globsLeave(req.Input, keys)
	}
	return false
}

// globsLeave reports whether a file tool's glob patterns (the input's keys,
// each a string or a list of them) may name files outside the directory
// it searches: an absolute pattern (/etc/*), one from the home (~/…), or
// one with a .. step (../**). A pattern permgate cannot read counts as
// leaving.
func globsLeave(input json.RawMessage, keys []string) bool {
	var args map[string]any
	if len(input) == 0 {
		return false
	}
	if json.Unmarshal(input, &args) != nil {
		return true
	}
	for _, key := range keys {
		var patterns []any
		switch v := args[key].(type) {
		case nil:
		case []any:
			patterns = v
		default:
			patterns = []any{v}
		}
		for _, p := range patterns {
			if pattern, ok := p.(string); !ok || globLeaves(pattern) {
				return true
			}
		}
	}
	return false
}

// globLeaves reports whether one glob pattern may leave its directory.
func globLeaves(pattern string) bool {
	if strings.HasPrefix(pattern, "/") || strings.HasPrefix(pattern, "~") || strings.HasPrefix(pattern, "\\") {
		return true
	}
	return slices.Contains(strings.FieldsFunc(pattern, func(r rune) bool { return r == '/' || r == '\\' }), "..")
}

// readsWithin reports whether every command of a read-only analysis names
// only words permgate read statically and files inside the working
// directory: a harness refuses what it cannot check (a variable's value) or
// what lies outside the directories it was given, and permgate's allow must
// not lift those refusals.
func (s *session) readsWithin(a validator.Analysis) bool {
	if !a.AllReadOnly {
		return false
	}
	for _, rec := range a.Commands {
		// A command with no file operand reads its directory (ls, rg, git
		// status): after cd -, popd or cd .. that may be anywhere.
		if !s.within(rec.Dir) {
			return false
		}
		if followsLinks(rec.Command) || printsEnvironment(rec.Command) || readsSystemRecords(rec.Command) {
			return false
		}
		for _, w := range rec.Command.Argv {
			if !w.Static {
				return false
			}
		}
		for _, r := range rec.Command.Redirects {
			if !r.Target.Static {
				return false
			}
		}
		for _, p := range rec.Files.Reads {
			if !s.within(p) {
				return false
			}
		}
		if !s.attachedWithin(rec) {
			return false
		}
	}
	return true
}

// attachedWithin reports whether every path given as a short option's
// attached value (grep -f/etc/passwd, grep -rf~/pats, jq -f./filter) lies
// inside the working directory. The analysis does not know which letters
// take a value, so a path right after one or two option letters counts.
func (s *session) attachedWithin(rec validator.CommandRecord) bool {
	if len(rec.Command.Argv) == 0 {
		return true
	}
	for _, a := range rec.Command.Argv[1:] {
		p, ok := attachedPath(a.Text)
		if !ok {
			continue
		}
		if !filepath.IsAbs(p) && rec.Dir != "" && !strings.HasPrefix(p, "~") {
			p = filepath.Join(rec.Dir, p)
		}
		if !s.within(p) {
			return false
		}
	}
	return true
}

// attachedPath returns the path attached to a short option word (-f/x,
// -rf~/x), if it has one: after one or two letters, a value that begins
// with /, ~ or . ("/" alone is a separator: cut -d/).
func attachedPath(t string) (string, bool) {
	if len(t) < 3 || t[0] != '-' || t[1] == '-' {
		return "", false
	}
	for i := 2; i < len(t) && i <= 3; i++ {
		c := t[i]
		if c == '/' || c == '~' || c == '.' {
			return t[i:], t[i:] != "/"
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			break
		}
	}
	return "", false
}

// within reports whether path lies inside the call's working directory, as
// written and where its links lead (a link in the project to ~/.ssh is not
// inside it); "", a path known only at run time, is not.
func (s *session) within(path string) bool {
	// A tool's own working directory (workdir, dir_path) counts only
	// inside the session's: a harness without one runs the command there.
	if s.sessionCwd != "" && !s.withinDir(s.sessionCwd, path) {
		return false
	}
	return s.withinDir(s.env.Cwd, path)
}

// withinDir reports whether path (relative to the call's working
// directory) lies inside cwd, as within does.
func (s *session) withinDir(cwd, path string) bool {
	if cwd == "" || path == "" {
		return false
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		// A file tool's ~ is the home (Claude Code's Read expands it).
		path = filepath.Join(s.env.Home, path[1:])
	} else if strings.HasPrefix(path, "~") {
		return false // ~user
	}
	if !filepath.IsAbs(path) {
		path = s.env.Cwd + string(filepath.Separator) + path
	}
	if s.env.Resolve == nil {
		return inside(cwd, filepath.Clean(path))
	}
	path = physical(path, s.env.Resolve)
	// The analysis may name a path as the kernel reaches it (a cwd that is
	// a link, src/..), which lies under the cwd's real directory.
	real, realCwd := s.env.Resolve(path), s.env.Resolve(cwd)
	return (inside(cwd, path) || inside(realCwd, path)) && (inside(realCwd, real) || inside(cwd, real))
}

// physical cleans the absolute path p as the kernel reads it: each ".." is
// the parent of where the path so far leads (resolve follows the links), so
// link/../etc/passwd, with link -> /etc/ssh, is /etc/passwd.
func physical(p string, resolve func(string) string) string {
	cur := string(filepath.Separator)
	for _, part := range strings.Split(p, string(filepath.Separator)) {
		switch part {
		case "", ".":
		case "..":
			if real := resolve(cur); real != "" {
				cur = real
			}
			cur = filepath.Dir(cur)
		default:
			cur = filepath.Join(cur, part)
		}
	}
	return cur
}

// inside reports whether path is dir or below it (both clean and absolute).
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// linkFollowers are the options with which a program walking a tree follows
// every link it meets in it (grep -R, rg -L, find -L): a link in the project
// to ~/.ssh or / is then read through, and only the operands are looked up.
// Letters are short options, which may be clustered (-Rn); words are matched
// whole or before "=".
var linkFollowers = map[string]struct {
	letters string
	words   []string
}{
	"grep": {"R", []string{"--dereference-recursive"}}, "egrep": {"R", []string{"--dereference-recursive"}},
	"fgrep": {"R", []string{"--dereference-recursive"}}, "rg": {"L", []string{"--follow"}},
	"find": {"", []string{"-L", "-follow"}}, "du": {"L", []string{"--dereference"}}, "tree": {"l", nil},
	"fd": {"L", []string{"--follow"}}, "fdfind": {"L", []string{"--follow"}}, "ag": {"f", []string{"--follow"}},
	"ls": {"L", []string{"--dereference"}},
}

// followsLinks reports whether c walks a tree following the links in it.
func followsLinks(c shellparse.SimpleCommand) bool {
	spec, ok := linkFollowers[path.Base(c.Name)]
	if !ok || len(c.Argv) == 0 {
		return false
	}
	for _, a := range c.Argv[1:] {
		t := a.Text
		if t == "--" {
			break
		}
		name, _, _ := strings.Cut(t, "=")
		if slices.Contains(spec.words, name) {
			return true
		}
		if len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.ContainsAny(t[1:], spec.letters) {
			return true
		}
	}
	return false
}

// printsEnvironment reports whether c prints the variables of the shell or
// its environment (env, printenv, set, export -p, declare -p, ps e): the
// values permgate would not read statically in $TOKEN, API keys among them.
func printsEnvironment(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	args := c.Argv[1:]
	switch path.Base(c.Name) {
	case "env", "printenv":
		return true
	case "set", "export", "declare", "typeset", "readonly", "local":
		for _, a := range args {
			if !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "+") {
				return false // sets or names variables
			}
		}
		return true
	case "ps":
		for _, a := range args {
			if !strings.HasPrefix(a.Text, "-") && strings.Contains(a.Text, "e") {
				return true // BSD e: each process's environment
			}
		}
	}
	return false
}

// systemRecords are read-only programs whose input is files outside the
// working directory that no operand names: the account and group
// databases (getent), the system's logs (journalctl, dmesg, last), the
// user's crontab, every process's open files (lsof).
var systemRecords = map[string]bool{"getent": true, "journalctl": true, "dmesg": true, "last": true, "lastb": true,
	"lastlog": true, "crontab": true, "lsof": true}

// gitConfigDumps are the git config options that print the user's and the
// system's settings whole (~/.gitconfig may hold a token in a URL).
var gitConfigDumps = map[string]bool{"-l": true, "--list": true, "--global": true, "--system": true,
	"--show-origin": true, "--show-scope": true, "--get-regexp": true, "--get-urlmatch": true}

// readsSystemRecords reports whether c reads system or user records outside
// the working directory that its words do not name.
func readsSystemRecords(c shellparse.SimpleCommand) bool {
	if len(c.Argv) == 0 {
		return false
	}
	base := path.Base(c.Name)
	if systemRecords[base] {
		return true
	}
	if base != "git" {
		return false
	}
	sub := -1
	for i := 1; i < len(c.Argv); i++ {
		switch t := c.Argv[i].Text; {
		case t == "-C" || t == "-c" || t == "--git-dir" || t == "--work-tree" || t == "--namespace":
			i++ // the global option's value
		case !strings.HasPrefix(t, "-"):
			sub = i
		}
		if sub >= 0 {
			break
		}
	}
	if sub < 0 || c.Argv[sub].Text != "config" {
		return false
	}
	for _, a := range c.Argv[sub+1:] {
		name, _, _ := strings.Cut(a.Text, "=")
		if gitConfigDumps[name] {
			return true
		}
	}
	return false
}
