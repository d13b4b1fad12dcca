package policy

import (
	"github.com/permgate/permgate/validator"
)

// Matcher matches rules against the simple commands of an analysis.
type Matcher struct {
	Rules RuleSet
	Paths PathContext
}

// Deny returns the first deny rule that matches any command, its wrapped forms
// included (sudo npm publish hits bash(prefix:npm publish*)), and the forms with
// the program's global options set aside (npm --registry=URL publish, git -C
// dir push; see GlobalForms).
func (m Matcher) Deny(a validator.Analysis) (string, bool) { return m.any(m.Rules.Deny, a) }

// Ask returns the first ask rule that matches any command, as Deny does.
func (m Matcher) Ask(a validator.Analysis) (string, bool) { return m.any(m.Rules.Ask, a) }

// AllowAll returns an allow rule when every command that is not read-only is
// matched by an allow rule (in its unwrapped form).
func (m Matcher) AllowAll(a validator.Analysis) (string, bool) {
	first := ""
	for _, rec := range a.Commands {
		if rec.ReadOnly {
			continue
		}
		normalized := validator.Normalize(rec.Command)
		matched := ""
		for _, r := range m.Rules.Allow {
			if r.Tool == "bash" && (r.Kind == WholeTool || r.matchAllow(normalized)) {
				matched = r.Text
				break
			}
		}
		if matched == "" {
			return "", false
		}
		if first == "" {
			first = matched
		}
	}
	return first, first != ""
}

// AllowsCommand reports whether an allow rule covers one command (in its
// unwrapped form).
func (m Matcher) AllowsCommand(rec validator.CommandRecord) bool {
	normalized := validator.Normalize(rec.Command)
	for _, r := range m.Rules.Allow {
		if r.Tool == "bash" && (r.Kind == WholeTool || r.matchAllow(normalized)) {
			return true
		}
	}
	return false
}

// any returns the first rule in list that matches a command of the analysis.
func (m Matcher) any(list []Rule, a validator.Analysis) (string, bool) {
	if len(list) == 0 {
		return "", false
	}
	limit := 1
	for _, r := range list {
		limit = max(limit, len(r.Pattern)+1)
	}
	for _, rec := range a.Commands {
		forms := append(validator.NormalizeWrapped(rec.Command, limit), GlobalForms(rec.Command)...)
		for _, r := range list {
			if m.matches(r, forms, rec.Files) {
				return r.Text, true
			}
		}
	}
	return "", false
}

// matches reports whether a deny or ask rule matches one command: bash rules by
// its normalised forms, path rules by the files it reads (read_file) or writes
// (write_file, edit_file), whole write_file/edit_file rules by any write.
func (m Matcher) matches(r Rule, forms []string, files validator.FileAccess) bool {
	switch r.Tool {
	case "bash":
		if r.Kind == WholeTool {
			return true
		}
		for _, f := range forms {
			if r.matchCommand(f) {
				return true
			}
		}
	case "read_file":
		if r.Kind == PathGlob {
			return m.anyPath(r, files.Reads) || m.anyPath(r, files.Writes)
		}
	case "write_file", "edit_file":
		if r.Kind == WholeTool {
			return len(files.Writes) > 0
		}
		return m.anyPath(r, files.Writes)
	}
	return false
}

func (m Matcher) anyPath(r Rule, paths []string) bool {
	for _, p := range paths {
		if r.matchPath(p, m.Paths) {
			return true
		}
	}
	return false
}

// NeedsFiles reports whether any deny or ask rule looks at the files shell
// commands touch, so the analysis must list them.
func (rs RuleSet) NeedsFiles() bool {
	for _, list := range [][]Rule{rs.Deny, rs.Ask} {
		for _, r := range list {
			if r.Kind == PathGlob || r.Kind == WholeTool && (r.Tool == "write_file" || r.Tool == "edit_file") {
				return true
			}
		}
	}
	return false
}
