package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/integrity"
)

// editCase is one edit of a config file's text and the exact text it gives.
type editCase struct {
	name, before, list, rule, after string
}

// runAdd adds tt.rule to tt.list of a file holding tt.before and checks the
// exact result, that the result loads with the rule in the list, and that
// adding it again changes nothing.
func runAdd(t *testing.T, tt editCase) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
		t.Fatal(err)
	}
	added, err := AddRule(path, tt.list, tt.rule, nil)
	if err != nil || !added {
		t.Fatalf("AddRule = %v, %v", added, err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != tt.after {
		t.Errorf("got:\n%q\nwant:\n%q", got, tt.after)
	}
	if lists, err := RuleListsOf(path, tt.rule); err != nil || !slices.Contains(lists, tt.list) {
		t.Errorf("after adding, the rule is in %q (%v)", lists, err)
	}
	if added, err := AddRule(path, tt.list, tt.rule, nil); err != nil || added {
		t.Errorf("second AddRule = %v, %v", added, err)
	}
	if again, _ := os.ReadFile(path); string(again) != string(got) {
		t.Errorf("a second add changed the file:\n%q", again)
	}
	return path
}

// runRemove removes tt.rule from a file holding tt.before and checks the
// exact result and that the rule is in no list after it.
func runRemove(t *testing.T, tt editCase) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
		t.Fatal(err)
	}
	removed, err := RemoveRule(path, tt.rule, nil)
	if err != nil || !removed {
		t.Fatalf("RemoveRule = %v, %v", removed, err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != tt.after {
		t.Errorf("got:\n%q\nwant:\n%q", got, tt.after)
	}
	if lists, err := RuleListsOf(path, tt.rule); err != nil || len(lists) > 0 {
		t.Errorf("after removing, the rule is still in %q (%v)", lists, err)
	}
}

// TestAddRuleLayoutsOnceRefused: layouts the line scanner refused or broke
// (dotted keys, inline tables, quoted or differently cased keys, a comment
// after the [ of an array whose ] closes the last item's line, an empty
// multi-line array whose comment was dropped) now take a rule, every other
// byte kept.
func TestAddRuleLayoutsOnceRefused(t *testing.T) {
	for _, tt := range []editCase{
		{"dotted key, same list", "# mine\npermission.allow = ['a'] # why\nmode = \"auto\"\n", "allow", "b",
			"# mine\npermission.allow = ['a', 'b'] # why\nmode = \"auto\"\n"},
		{"dotted key, new list", "# mine\npermission.allow = ['a'] # why\nmode = \"auto\"\n\n[tools]\nWebFetch = \"ask\"\n", "deny", "b",
			"# mine\npermission.allow = ['a'] # why\npermission.deny = ['b']\nmode = \"auto\"\n\n[tools]\nWebFetch = \"ask\"\n"},
		{"dotted quoted key, new list", "\"permission\".ask = []\n", "deny", "b",
			"\"permission\".ask = []\n\"permission\".deny = ['b']\n"},
		{"inline table, same list", "permission = { allow = ['a'] } # inline\n", "allow", "b",
			"permission = { allow = ['a', 'b'] } # inline\n"},
		{"inline table, new list", "permission = { allow = ['a'] } # inline\n", "deny", "b",
			"permission = { allow = ['a'], deny = ['b'] } # inline\n"},
		{"empty inline table", "permission = {}\n", "ask", "b", "permission = { ask = ['b'] }\n"},
		{"multi-line inline table", "permission = {\n  allow = ['a'], # one\n}\n", "deny", "b",
			"permission = {\n  allow = ['a'], deny = ['b'], # one\n}\n"},
		{"quoted table header", "[\"permission\"] # q\n'allow' = ['a']\n", "allow", "b",
			"[\"permission\"] # q\n'allow' = ['a', 'b']\n"},
		{"quoted table header, new list", "[ 'permission' ] # q\n'allow' = ['a']\n", "deny", "b",
			"[ 'permission' ] # q\ndeny = ['b']\n'allow' = ['a']\n"},
		{"other case", "[Permission]\nAllow = ['a']\n", "allow", "b", "[Permission]\nAllow = ['a', 'b']\n"},
		{"comment after [", "[permission]\nallow = [ # c ]\n  'a']\n", "allow", "b",
			"[permission]\nallow = [ # c ]\n  'a', 'b']\n"},
		{"empty multi-line array keeps its comment", "[permission]\nallow = [\n  # none yet, ]\n]\n", "allow", "b",
			"[permission]\nallow = [\n  # none yet, ]\n  'b',\n]\n"},
		{"header at end of file", "[permission]", "deny", "b", "[permission]\ndeny = ['b']\n"},
		{"literal and escaped strings", "[permission]\nallow = ['''x''', \"y\\u0041\"]\n", "allow", "b",
			"[permission]\nallow = ['''x''', \"y\\u0041\", 'b']\n"},
	} {
		t.Run(tt.name, func(t *testing.T) { runAdd(t, tt) })
	}
}

// TestRemoveRuleLayoutsOnceRefused: the same layouts give a rule up, and
// strings the scanner could not read (triple-quoted, \u escapes) are found
// by their value.
func TestRemoveRuleLayoutsOnceRefused(t *testing.T) {
	for _, tt := range []editCase{
		{"dotted key", "# mine\npermission.allow = ['a', 'b'] # why\n", "", "a", "# mine\npermission.allow = ['b'] # why\n"},
		{"inline table", "permission = { allow = ['a'], deny = ['b', 'a'] } # inline\n", "", "a",
			"permission = { allow = [], deny = ['b'] } # inline\n"},
		{"quoted keys", "[\"permission\"]\n'allow' = ['a']\n", "", "a", "[\"permission\"]\n'allow' = []\n"},
		{"other case", "[Permission]\nDENY = ['a', 'b']\n", "", "b", "[Permission]\nDENY = ['a']\n"},
		{"triple-quoted", "[permission]\nallow = ['''a''', 'b']\n", "", "a", "[permission]\nallow = ['b']\n"},
		{"multi-line basic string", "[permission]\nallow = [\n  \"\"\"\na\"\"\",\n  'b',\n]\n", "", "a",
			"[permission]\nallow = [\n  'b',\n]\n"},
		{"unicode escape", "[permission]\nallow = ['x', \"b\\u0041\"]\n", "", "bA", "[permission]\nallow = ['x']\n"},
		{"comment between items kept", "[permission]\nallow = ['x', # keep\n  'a']\n", "", "a", "[permission]\nallow = ['x' # keep\n  ]\n"},
		{"own line with its comment", "[permission]\ndeny = [\n  'a', # about a\n  'b', # about b\n]\n", "", "a",
			"[permission]\ndeny = [\n  'b', # about b\n]\n"},
		{"last on its line, no comma", "[permission]\ndeny = [\n  'b',\n  'a'\n]\n", "", "a", "[permission]\ndeny = [\n  'b',\n]\n"},
		{"comma first", "[permission]\ndeny = [\n  'a'\n  , 'b'\n]\n", "", "a", "[permission]\ndeny = [\n  'b'\n]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) { runRemove(t, tt) })
	}
}

// TestEditKeepsComments: an add and the remove of the same rule give back the
// file byte for byte, comments and spacing included.
func TestEditKeepsComments(t *testing.T) {
	const before = "# permgate config  \n#\tby hand\nmode = \"auto\" # trailing\n\n" +
		"[permission] # the rules\n# allow: safe things\nallow = [\n    \"bash(prefix:go build*)\",   # builds\n    # nothing else\n]\n" +
		"deny = ['write_file'] # never\n\n[tools]   # tool policy\nWebFetch = \"ask\"\n# end\n"
	for _, list := range RuleLists {
		path := runAdd(t, editCase{list: list, rule: "bash(prefix:make*)", before: before, after: map[string]string{
			"allow": strings.Replace(before, "    # nothing else\n", "    # nothing else\n    'bash(prefix:make*)',\n", 1),
			"ask":   strings.Replace(before, "[permission] # the rules\n", "[permission] # the rules\nask = ['bash(prefix:make*)']\n", 1),
			"deny":  strings.Replace(before, "['write_file']", "['write_file', 'bash(prefix:make*)']", 1),
		}[list]})
		if list == "ask" {
			continue // the new key stays, empty
		}
		if removed, err := RemoveRule(path, "bash(prefix:make*)", nil); err != nil || !removed {
			t.Fatalf("RemoveRule = %v, %v", removed, err)
		}
		if got, _ := os.ReadFile(path); string(got) != before {
			t.Errorf("%s: add then remove gave:\n%q", list, got)
		}
	}
}

// TestEditCRLF: a CRLF file gets CRLF lines.
func TestEditCRLF(t *testing.T) {
	for _, tt := range []editCase{
		{"multi line", "[permission]\r\nallow = [\r\n  'a',\r\n]\r\n", "allow", "b", "[permission]\r\nallow = [\r\n  'a',\r\n  'b',\r\n]\r\n"},
		{"new key", "[permission]\r\nallow = ['a']\r\n", "deny", "b", "[permission]\r\ndeny = ['b']\r\nallow = ['a']\r\n"},
		{"new table", "mode = \"auto\"\r\n", "deny", "b", "mode = \"auto\"\r\n\r\n[permission]\r\ndeny = ['b']\r\n"},
		{"dotted", "permission.allow = ['a']\r\n# end\r\n", "ask", "b", "permission.allow = ['a']\r\npermission.ask = ['b']\r\n# end\r\n"},
	} {
		t.Run("add "+tt.name, func(t *testing.T) { runAdd(t, tt) })
	}
	runRemove(t, editCase{name: "remove", before: "[permission]\r\nallow = [\r\n  'a', # x\r\n  'b',\r\n]\r\n", rule: "a",
		after: "[permission]\r\nallow = [\r\n  'b',\r\n]\r\n"})
}

// TestEditRuleWithQuotes: a rule with quotes and backslashes is written as a
// TOML string that reads back as the rule, and is removed by its value.
func TestEditRuleWithQuotes(t *testing.T) {
	rule := `bash(prefix:printf 'a\tb' "c\\d")`
	path := runAdd(t, editCase{before: "[permission]\nallow = []\n", list: "allow", rule: rule,
		after: "[permission]\nallow = [\"bash(prefix:printf 'a\\\\tb' \\\"c\\\\\\\\d\\\")\"]\n"})
	cfg, err := Load(Paths{User: path}, nil)
	if err != nil || len(cfg.Rules.Allow) != 1 || cfg.Rules.Allow[0].String() != rule {
		t.Fatalf("loaded %v, %v", cfg.Rules.Allow, err)
	}
	if removed, err := RemoveRule(path, rule, nil); err != nil || !removed {
		t.Fatalf("RemoveRule = %v, %v", removed, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "[permission]\nallow = []\n" {
		t.Errorf("after removing: %q", got)
	}
	if got := quoteTOML("a\x01b\x7f"); got != `"a\u0001b\u007F"` {
		t.Errorf("quoteTOML of control characters = %s", got)
	}
}

// TestRemoveRuleTwice: a rule written twice in a list, and in two lists, goes
// from all of them.
func TestRemoveRuleTwice(t *testing.T) {
	runRemove(t, editCase{before: "[permission]\nallow = ['a', 'b', 'a']\ndeny = [\n  'a',\n  'c',\n  'a', # again\n]\n", rule: "a",
		after: "[permission]\nallow = ['b']\ndeny = [\n  'c',\n]\n"})
}

// TestEditBrokenConfigNamesLine: a file that does not parse is refused, its
// error naming file:line, and left as it was.
func TestEditBrokenConfigNamesLine(t *testing.T) {
	for _, broken := range []string{"[permission]\nallow = ['a',\n", "mode = \"auto\"\n[permission\nallow = []\n"} {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		_, addErr := AddRule(path, "allow", "b", nil)
		_, rmErr := RemoveRule(path, "a", nil)
		for _, err := range []error{addErr, rmErr} {
			if err == nil || !strings.HasPrefix(err.Error(), path+":") || strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("%q: error %v does not name file:line", broken, err)
			}
		}
		if got, _ := os.ReadFile(path); string(got) != broken {
			t.Error("a broken file was changed")
		}
	}
	// The TOML editor's own errors name file:line too.
	if _, err := scanRules("c.toml", "a = 1\nb = [1,,]\n"); err == nil || !strings.HasPrefix(err.Error(), "c.toml:2: ") {
		t.Errorf("scanRules error = %v", err)
	}
	if _, err := removeRuleText("c.toml", "x = 1\n[permission]\ndeny = ['a']\n", "deny", "b"); err == nil || !strings.HasPrefix(err.Error(), "c.toml:3: ") {
		t.Errorf("removeRuleText error = %v", err)
	}
}

// TestEditSymlinkedConfig: a config that is a symlink (dotfiles) is edited in
// place: the link stays a link and the file it points to changes; so does its
// seal, kept under the link's path.
func TestEditSymlinkedConfig(t *testing.T) {
	dir := t.TempDir()
	dotfiles := filepath.Join(dir, "dotfiles")
	if err := os.MkdirAll(dotfiles, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dotfiles, "permgate.toml")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.toml")
	// An empty file counts as sealed: permgate's edits seal it.
	if err := os.Symlink(filepath.Join("dotfiles", "permgate.toml"), link); err != nil {
		t.Fatal(err)
	}
	seals := integrity.Sealer{Dir: filepath.Join(dir, "state")}
	if _, err := AddRule(link, "deny", "bash(prefix:rm*)", &seals); err != nil {
		t.Fatal(err)
	}
	if _, err := AddRule(link, "allow", "bash(prefix:ls*)", &seals); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v, %v", info, err)
	}
	want := "[permission]\nallow = ['bash(prefix:ls*)']\ndeny = ['bash(prefix:rm*)']\n"
	if got, _ := os.ReadFile(target); string(got) != want {
		t.Errorf("target holds %q", got)
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v", info.Mode().Perm())
	}
	if !UserConfigSealed(seals, link) {
		t.Error("the edited config is not sealed under its link's path")
	}
	if _, err := RemoveRule(link, "bash(prefix:rm*)", &seals); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("RemoveRule replaced the link")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind %s", e.Name())
		}
	}
}
