package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzEditRules adds a rule to, and removes it from, arbitrary config text that
// loads. The edit must not panic; when it succeeds the result loads, holds the
// rule in the list (or in none after the remove), and the other lists are
// unchanged.
func FuzzEditRules(f *testing.F) {
	for _, seed := range []string{
		"",
		"[permission]\nallow = [\"a\", 'b']\n",
		"permission.allow = ['a'] # c\nmode = \"auto\"\n",
		"permission = { deny = ['a'], ask = [] }\n",
		"[\"permission\"]\n'allow' = [\n  '''a''', # c\n  \"b\\u0041\"\n]\n",
		"[Permission]\r\nDeny = [ # c\r\n 'x']\r\n",
		"[permission]\nallow = [\n  # none\n]\n[tools]\nWebFetch = \"ask\"\n",
	} {
		f.Add(seed, uint8(0))
	}
	const rule = "bash(prefix:zz*)"
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		before, _, err := parseFile(path, []byte(text))
		if err != nil {
			return
		}
		list := RuleLists[int(which)%len(RuleLists)]
		if _, err := AddRule(path, list, rule, nil); err != nil {
			return // refused: the file must be unchanged, which editConfig ensures
		}
		data, _ := os.ReadFile(path)
		after, _, err := parseFile(path, data)
		if err != nil {
			t.Fatalf("the added file does not load: %v\n%q", err, data)
		}
		lists := func(fc *fileConfig) [][]string {
			return [][]string{fc.Permission.Allow, fc.Permission.Ask, fc.Permission.Deny}
		}
		for i, l := range RuleLists {
			want := lists(before)[i]
			if l == list && !slices.Contains(want, rule) {
				want = append(slices.Clone(want), rule)
			}
			if !slices.Equal(lists(after)[i], want) {
				t.Fatalf("%s: %q, want %q\n%q", l, lists(after)[i], want, data)
			}
		}
		if _, err := RemoveRule(path, rule, nil); err != nil {
			t.Fatalf("RemoveRule after AddRule: %v\n%q", err, data)
		}
		data, _ = os.ReadFile(path)
		removed, _, err := parseFile(path, data)
		if err != nil {
			t.Fatalf("the removed file does not load: %v\n%q", err, data)
		}
		for i, l := range RuleLists {
			want := slices.DeleteFunc(slices.Clone(lists(before)[i]), func(s string) bool { return s == rule })
			if !slices.Equal(lists(removed)[i], want) {
				t.Fatalf("%s after remove: %q, want %q\n%q", l, lists(removed)[i], want, data)
			}
		}
	})
}
