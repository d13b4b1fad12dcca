package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/policy"
)

// RuleLists are the rule lists of a config file's [permission] table.
var RuleLists = []string{"allow", "ask", "deny"}

// AddRule adds a rule to a list (allow, ask, deny) of a config file, creating the
// file when needed. It edits the text in place, so the user's comments and layout
// stay where they were; the change is written atomically under a lock, and only if
// the result still loads. Adding a rule that is already there does nothing. With
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
		return addRuleText(text, list, rule), nil
	})
	return added, err
}

// RemoveRule removes a rule from whichever lists of a config file hold it.
func RemoveRule(path, rule string, seals *integrity.Sealer) (removed bool, err error) {
	err = editConfig(path, seals, func(text string) (string, error) {
		out := text
		for _, list := range RuleLists {
			for listHas(out, path, list, rule) {
				next, ok := removeRuleText(out, list, rule)
				if !ok {
					return "", fmt.Errorf("%s: cannot find %s in [permission].%s to remove it", path, quoteTOML(rule), list)
				}
				out, removed = next, true
			}
		}
		return out, nil
	})
	return removed, err
}

// editConfig reads a config file (empty when missing), applies edit, checks that
// the result loads, and writes it atomically, all under the file's lock. With
// seals, the result is sealed when the old content was.
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
	if seals == nil {
		return integrity.WriteAtomic(path, []byte(out), perm)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("seal %s: %w", path, err)
	}
	// The file and its seal change under the state lock, so that a reader
	// holding it shared never sees one without the other.
	if err := os.MkdirAll(seals.Dir, 0o700); err != nil {
		return fmt.Errorf("create state directory %s: %w", seals.Dir, err)
	}
	unlockState, err := integrity.Lock(filepath.Join(seals.Dir, integrity.LockFile))
	if err != nil {
		return err
	}
	defer unlockState()
	wasSealed := UserConfigSealed(*seals, path)
	if err := integrity.WriteAtomic(path, []byte(out), perm); err != nil {
		return err
	}
	if !wasSealed {
		return nil
	}
	return seals.SealLocked(abs, []byte(out))
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

// quoteTOML writes a TOML string for a rule: a literal string when it has no
// single quote, else a basic string with escapes.
func quoteTOML(s string) string {
	if !strings.ContainsAny(s, "'\n\r") {
		return "'" + s + "'"
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

var tableHeader = lazyre.New(`^\s*\[`)

// permissionTable returns the line range [start, end) of the [permission] table's
// body, or -1 when there is none.
func permissionTable(lines []string) (int, int) {
	start := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !tableHeader().MatchString(l) {
			continue
		}
		name := strings.TrimSpace(strings.Trim(strings.SplitN(t, "#", 2)[0], " []"))
		if start >= 0 {
			return start, i
		}
		if name == "permission" {
			start = i + 1
		}
	}
	if start < 0 {
		return -1, -1
	}
	return start, len(lines)
}

// keyLine returns the line within [start, end) that sets key, or -1.
func keyLine(lines []string, start, end int, key string) int {
	re := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(key) + `"?\s*=`)
	for i := start; i < end; i++ {
		if re.MatchString(lines[i]) {
			return i
		}
	}
	return -1
}

// arrayBounds finds the [ and ] of the array that starts after offset in text,
// skipping strings and comments. It returns their offsets.
func arrayBounds(text string, offset int) (int, int, bool) {
	open := strings.IndexByte(text[offset:], '[')
	if open < 0 {
		return 0, 0, false
	}
	open += offset
	depth := 0
	for i := open; i < len(text); i++ {
		switch c := text[i]; c {
		case '"', '\'':
			end := skipTOMLString(text, i)
			if end < 0 {
				return 0, 0, false
			}
			i = end
		case '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return open, i, true
			}
		}
	}
	return 0, 0, false
}

// skipTOMLString returns the offset of the closing quote of the string starting at
// i (basic, literal, or their triple-quoted forms), or -1.
func skipTOMLString(text string, i int) int {
	q := text[i]
	triple := strings.HasPrefix(text[i:], strings.Repeat(string(q), 3))
	if triple {
		end := strings.Index(text[i+3:], strings.Repeat(string(q), 3))
		if end < 0 {
			return -1
		}
		return i + 3 + end + 2
	}
	for j := i + 1; j < len(text); j++ {
		switch {
		case q == '"' && text[j] == '\\':
			j++
		case text[j] == q:
			return j
		case text[j] == '\n':
			return -1
		}
	}
	return -1
}

// addRuleText inserts a rule into the text of a config file.
func addRuleText(text, list, rule string) string {
	item := quoteTOML(rule)
	lines := strings.Split(text, "\n")
	start, end := permissionTable(lines)
	if start < 0 {
		sep := ""
		if text != "" && !strings.HasSuffix(text, "\n") {
			sep = "\n"
		}
		if text != "" {
			sep += "\n"
		}
		return text + sep + "[permission]\n" + list + " = [" + item + "]\n"
	}
	k := keyLine(lines, start, end, list)
	if k < 0 {
		// A new key right after the table header keeps it inside the table.
		lines = append(lines[:start], append([]string{list + " = [" + item + "]"}, lines[start:]...)...)
		return strings.Join(lines, "\n")
	}
	offset := len(strings.Join(lines[:k], "\n"))
	if k > 0 {
		offset++
	}
	open, close, ok := arrayBounds(text, offset)
	if !ok {
		return text // left as is; the caller's check finds the rule missing
	}
	inner := text[open+1 : close]
	body := strings.TrimSpace(stripTOMLComments(inner))
	switch {
	case body == "":
		return text[:open+1] + item + text[close:]
	case strings.Contains(inner, "\n"):
		// A multi-line array: a new line before the closing bracket, indented like
		// the last item.
		lastNL := strings.LastIndexByte(text[:close], '\n')
		indent := "  "
		if prev := strings.LastIndexByte(text[:lastNL], '\n'); prev >= 0 {
			line := text[prev+1 : lastNL]
			indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		}
		before := strings.TrimRight(text[:lastNL], " \t")
		comma := ","
		if strings.HasSuffix(strings.TrimSpace(stripTOMLComments(before[open:])), ",") {
			comma = ""
		}
		return insertAfterLastValue(before, open, comma) + "\n" + indent + item + "," + text[lastNL:]
	case strings.HasSuffix(body, ","):
		return text[:close] + " " + item + text[close:]
	default:
		trimmed := strings.TrimRight(text[:close], " \t")
		return trimmed + ", " + item + text[close:]
	}
}

// insertAfterLastValue adds comma right after the last value of the array
// (before any comment on its line).
func insertAfterLastValue(text string, open int, comma string) string {
	if comma == "" {
		return text
	}
	lastNL := strings.LastIndexByte(text, '\n')
	line := text[lastNL+1:]
	code := stripTOMLComments(line)
	trimmed := strings.TrimRight(code, " \t")
	return text[:lastNL+1] + trimmed + comma + line[len(trimmed):]
}

// stripTOMLComments removes # comments that are outside strings.
func stripTOMLComments(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			end := skipTOMLString(s, i)
			if end < 0 {
				sb.WriteString(s[i:])
				return sb.String()
			}
			sb.WriteString(s[i : end+1])
			i = end
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			if i < len(s) {
				sb.WriteByte('\n')
			}
		default:
			sb.WriteByte(s[i])
		}
	}
	return sb.String()
}

// removeRuleText removes one occurrence of the rule from the list's array.
func removeRuleText(text, list, rule string) (string, bool) {
	lines := strings.Split(text, "\n")
	start, end := permissionTable(lines)
	if start < 0 {
		return text, false
	}
	k := keyLine(lines, start, end, list)
	if k < 0 {
		return text, false
	}
	offset := len(strings.Join(lines[:k], "\n"))
	if k > 0 {
		offset++
	}
	open, close, ok := arrayBounds(text, offset)
	if !ok {
		return text, false
	}
	for i := open + 1; i < close; i++ {
		c := text[i]
		if c == '#' {
			for i < close && text[i] != '\n' {
				i++
			}
			continue
		}
		if c != '"' && c != '\'' {
			continue
		}
		endQ := skipTOMLString(text, i)
		if endQ < 0 {
			return text, false
		}
		if unquoteTOML(text[i:endQ+1]) != rule {
			i = endQ
			continue
		}
		from, to := i, endQ+1
		// Take the comma after the item, or else the one before it.
		rest := text[to:close]
		if j := strings.IndexByte(rest, ','); j >= 0 && strings.TrimSpace(rest[:j]) == "" {
			to += j + 1
		} else if before := strings.TrimRight(text[open+1:from], " \t\n"); strings.HasSuffix(before, ",") {
			from = open + 1 + len(before) - 1
		}
		out := text[:from] + text[to:]
		// Drop a line the item leaves empty.
		lineStart := strings.LastIndexByte(out[:from], '\n') + 1
		lineEnd := strings.IndexByte(out[from:], '\n')
		if lineEnd >= 0 && strings.TrimSpace(out[lineStart:from+lineEnd]) == "" {
			out = out[:lineStart] + out[from+lineEnd+1:]
		}
		return out, true
	}
	return text, false
}

// unquoteTOML reads a single-line TOML string literal.
func unquoteTOML(s string) string {
	if len(s) < 2 {
		return s
	}
	body := s[1 : len(s)-1]
	if s[0] == '\'' {
		return body
	}
	r := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n", `\r`, "\r", `\t`, "\t")
	return r.Replace(body)
}
