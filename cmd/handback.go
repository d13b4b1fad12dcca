package cmd

import (
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
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
		return true
	}
	return false
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
	}
	return true
}

// within reports whether path lies inside the call's working directory, as
// written and where its links lead (a link in the project to ~/.ssh is not
// inside it).
func (s *session) within(path string) bool {
	cwd := s.env.Cwd
	if cwd == "" {
		return false
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	path = filepath.Clean(path)
	if !inside(cwd, path) {
		return false
	}
	if s.env.Resolve == nil {
		return true
	}
	real, realCwd := s.env.Resolve(path), s.env.Resolve(cwd)
	return inside(realCwd, real) || inside(cwd, real)
}

// inside reports whether path is dir or below it (both clean and absolute).
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
