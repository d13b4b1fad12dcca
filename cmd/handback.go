package cmd

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// handBack makes a hook's allow an explicit one only where permgate vouches
// for the call: a command it proved read-only within the working directory,
// a user's allow rule or allow action policy ([actions] CLASS = "allow": the
// user's explicit allow, in the user's words), or a safe tool reading there. Any other allow — one
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
	case "rule", "action":
		return out.Rule != "" // the user's allow rule or allow action policy
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
		if !s.commandWithin(rec) {
			return false
		}
	}
	return true
}

// commandWithin reports whether one read-only command reads only inside the
// working directory, as readsWithin says.
func (s *session) commandWithin(rec validator.CommandRecord) bool {
	// A command with no file operand reads its directory (ls, rg, git
	// status): after cd -, popd or cd .. that may be anywhere.
	if !s.within(rec.Dir) || readsBeyondWords(rec.Command) {
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
	return s.attachedWithin(rec)
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
	realCwd := s.env.Resolve(cwd)
	real := realCwd
	if path != cwd {
		real = s.env.Resolve(path)
	}
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
