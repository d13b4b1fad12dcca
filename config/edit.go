package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
)

// RuleLists are the rule lists of a config file's [permission] table.
var RuleLists = []string{"allow", "ask", "deny"}

// AddRule adds a rule to a list (allow, ask, deny) of a config file, creating the
// file when needed. It edits the text in place where a TOML parser places the
// list (a [permission] table, dotted keys or an inline table), so every other
// byte, comments and layout included, stays as it was; the change is written
// atomically under a lock, and only if the result still loads. Adding a rule that is already there does nothing. With
// seals, a file that matched its seal before the edit (or was empty) is sealed
// again after it; a file changed outside permgate stays unsealed.
func AddRule(path, list, rule string, seals *integrity.Sealer) (added bool, err error) {
	if !slices.Contains(RuleLists, list) {
		return false, fmt.Errorf("unknown rule list %q (want allow, ask or deny)", list)
	}
	if _, err := policy.ParseRule(rule); err != nil {
		return false, err
	}
	err = editConfig(path, seals, func(text string) (string, error) {
		if listHas(text, path, list, rule) {
			return text, nil
		}
		added = true
		return addRuleText(path, text, list, rule)
	})
	return added, err
}

// RemoveRule removes a rule from whichever lists of a config file hold it.
func RemoveRule(path, rule string, seals *integrity.Sealer) (removed bool, err error) {
	err = editConfig(path, seals, func(text string) (string, error) {
		out := text
		for _, list := range RuleLists {
			for listHas(out, path, list, rule) {
				next, err := removeRuleText(path, out, list, rule)
				if err != nil {
					return "", err
				}
				out, removed = next, true
			}
		}
		return out, nil
	})
	return removed, err
}

// editConfig reads a config file (empty when missing), applies edit, checks that
// the result loads, and writes it atomically, all under the file's lock. A
// symlinked config keeps its link: the file it points to is rewritten. With
// seals, the result is sealed (under path) when the old content was, all or
// nothing: when the seal cannot be written the old content is put back, and
// only when that fails too is the file left changed (an
// *integrity.UnsealedError).
func editConfig(path string, seals *integrity.Sealer, edit func(string) (string, error)) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	unlock, err := integrity.Lock(path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	data, err := readConfigFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	// old is what a failed seal puts back: nil when there was no file.
	old := data
	if err == nil && old == nil {
		old = []byte{}
	}
	if _, _, err := parseFile(path, data); err != nil {
		return fmt.Errorf("%w (fix it before permgate changes it)", err)
	}
	out, err := edit(string(data))
	if err != nil {
		return err
	}
	if out == string(data) {
		return nil
	}
	if _, _, err := parseFile(path, []byte(out)); err != nil {
		return fmt.Errorf("editing %s would break it (%v); it is unchanged", path, err)
	}
	perm := os.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		perm = info.Mode().Perm()
	}
	// A symlinked config (dotfiles) keeps its link: the file it points to is
	// the one replaced.
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	}
	if seals == nil {
		return integrity.WriteAtomic(target, []byte(out), perm)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("seal %s: %w", path, err)
	}
	// The file and its seal change under the state lock, so that a reader
	// holding it shared never sees one without the other.
	if err := os.MkdirAll(seals.Dir, 0o700); err != nil {
		return fmt.Errorf("create state directory %s: %w; %s is unchanged", seals.Dir, err, path)
	}
	unlockState, err := integrity.Lock(filepath.Join(seals.Dir, integrity.LockFile))
	if err != nil {
		return err
	}
	defer unlockState()
	if !UserConfigSealed(*seals, path) {
		// Changed outside permgate: the edit applies, and the file stays
		// unsealed, its last confirmed content still in force.
		return integrity.WriteAtomic(target, []byte(out), perm)
	}
	return seals.WriteSealedLocked(abs, target, []byte(out), old, perm)
}

// RuleListsOf returns the lists (allow, ask, deny) of a config file that hold
// the rule; a missing file holds none.
func RuleListsOf(path, rule string) ([]string, error) {
	data, err := readConfigFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var in []string
	for _, list := range RuleLists {
		if listHas(string(data), path, list, rule) {
			in = append(in, list)
		}
	}
	return in, nil
}

// listHas reports whether the file's [permission] list holds the rule.
func listHas(text, path, list, rule string) bool {
	fc, _, err := parseFile(path, []byte(text))
	if err != nil {
		return false
	}
	var items []string
	switch list {
	case "allow":
		items = fc.Permission.Allow
	case "ask":
		items = fc.Permission.Ask
	case "deny":
		items = fc.Permission.Deny
	}
	return slices.Contains(items, rule)
}

// quoteTOML writes a TOML string for a rule: a literal string when it can be
// one (no single quote, no control character), else a basic string with
// escapes.
func quoteTOML(s string) string {
	literal := !strings.ContainsFunc(s, func(r rune) bool {
		return r == '\'' || r < 0x20 || r == 0x7f
	})
	if literal {
		return "'" + s + "'"
	}
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&sb, `\u%04X`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
