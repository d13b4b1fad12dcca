package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestAddRuleKeepsLayout(t *testing.T) {
	tests := []struct {
		name, before, list, rule, after string
	}{
		{"new file", "", "allow", "bash(prefix:make*)", "[permission]\nallow = ['bash(prefix:make*)']\n"},
		{"no table", "# my config\nmode = \"auto\"\n", "deny", "write_file", "# my config\nmode = \"auto\"\n\n[permission]\ndeny = ['write_file']\n"},
		{"no key", "[permission]\n# nothing yet\n[tools]\nx = \"ask\"\n", "ask", "bash(prefix:git push*)", "[permission]\nask = ['bash(prefix:git push*)']\n# nothing yet\n[tools]\nx = \"ask\"\n"},
		{"empty array", "[permission]\nallow = [] # none\n", "allow", "bash(prefix:ls*)", "[permission]\nallow = ['bash(prefix:ls*)'] # none\n"},
		{"one line", "[permission]\nallow = [\"bash(prefix:go build*)\"]  # builds\n", "allow", "bash(prefix:go test*)", "[permission]\nallow = [\"bash(prefix:go build*)\", 'bash(prefix:go test*)']  # builds\n"},
		{"multi line", "[permission]\nallow = [\n  \"a\", # first\n  \"bash\" # second\n]\ndeny = []\n", "allow", "bash(prefix:make*)", "[permission]\nallow = [\n  \"a\", # first\n  \"bash\", # second\n  'bash(prefix:make*)',\n]\ndeny = []\n"},
		{"multi line trailing comma", "[permission]\ndeny = [\n    \"write_file\",\n]\n", "deny", "bash(prefix:rm*)", "[permission]\ndeny = [\n    \"write_file\",\n    'bash(prefix:rm*)',\n]\n"},
		{"quote in rule", "[permission]\nallow = []\n", "allow", "bash(prefix:echo 'hi')", "[permission]\nallow = [\"bash(prefix:echo 'hi')\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if tt.before != "" {
				if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			added, err := AddRule(path, tt.list, tt.rule, nil)
			if err != nil || !added {
				t.Fatalf("AddRule = %v, %v", added, err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != tt.after {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.after)
			}
			// Adding it again changes nothing.
			if added, err := AddRule(path, tt.list, tt.rule, nil); err != nil || added {
				t.Errorf("second AddRule = %v, %v", added, err)
			}
		})
	}
}

func TestRemoveRule(t *testing.T) {
	for _, tt := range []struct {
		name, before, rule, after string
	}{
		{"only item", "[permission]\nallow = ['bash(prefix:ls*)'] # keep\n", "bash(prefix:ls*)", "[permission]\nallow = [] # keep\n"},
		{"first of two", "[permission]\nallow = [\"a\", \"bash\"]\n", "a", "[permission]\nallow = [\"bash\"]\n"},
		{"last of two", "[permission]\nallow = [\"a\", \"bash\"]\n", "bash", "[permission]\nallow = [\"a\"]\n"},
		{"own line", "[permission]\ndeny = [\n  \"write_file\",\n  \"bash\",\n]\n# end\n", "write_file", "[permission]\ndeny = [\n  \"bash\",\n]\n# end\n"},
		{"in two lists", "[permission]\nallow = [\"bash\"]\nask = [\"bash\"]\n", "bash", "[permission]\nallow = []\nask = []\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
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
		})
	}
}

func TestEditRefusesBrokenConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	broken := "[permission\nallow = []\n"
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := AddRule(path, "allow", "bash(prefix:ls*)", nil); err == nil || !strings.Contains(err.Error(), "fix it before") {
		t.Errorf("AddRule on a broken file = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != broken {
		t.Error("a broken file was changed")
	}
	if _, err := AddRule(path, "allow", "bash(prefix:ls*", nil); err == nil {
		t.Error("a bad rule was accepted")
	}
	if _, err := AddRule(path, "permit", "bash", nil); err == nil {
		t.Error("a bad list was accepted")
	}
}

// TestAddRuleConcurrent: 20 processes' worth of adds at once lose none.
func TestAddRuleConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("# keep me\n[permission]\nallow = []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := AddRule(path, "allow", fmt.Sprintf("bash(prefix:tool%d*)", i), nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	cfg, err := Load(Paths{User: path}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Rules.Allow) != 20 {
		t.Errorf("%d rules after 20 adds", len(cfg.Rules.Allow))
	}
	if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), "# keep me\n") {
		t.Error("the comment was lost")
	}
}
