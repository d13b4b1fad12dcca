package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoadConfig loads arbitrary config text. It must not panic or blow up, and
// every error is a *Error naming the file, with the line when the text
// itself is at fault.
func FuzzLoadConfig(f *testing.F) {
	for _, seed := range []string{
		"",
		"mode = \"plan\"\n",
		"[permission]\nallow = [\"git status\", \"ls *\"]\ndeny = ['rm -rf *']\nask = [\"\"\"git push\"\"\"]\n",
		"[tools]\nWebFetch = \"ask\"\n[safe]\ncommands = [\"jq\"]\n",
		"[profiles.ci]\nmode = \"auto\"\nfail_closed = true\nsevere = \"ask\"\n",
		"bypass = \"everything\"\nsevere = \"deny\"\n",
		"unknown = 1\n",
		"[permission]\nallow = [\"a\\\"b\"]\n",
		"a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
		"a = {b = {c = {d = 1}}}\n",
		"[managed]\nonly_tighten = true\n",
		"mode = \"plan\"\nmode = \"auto\"\n",
		"[permission]\ndeny = [\"Bash(rm:*)\"]\n",
		"x = \"\xff\"\n",
		"[actions]\nfilesystem_delete = \"ask\"\nnetwork_outbound = \"deny\"\ncode_execution = \"allow\"\n",
		"actions.process_kill = \"allow\"\n[actions]\nsystem_change = \"deny\"\n",
		"[actions]\nfilesystem_read = \"maybe\"\n",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(dir, "config.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if cfg, err := Load(Paths{Project: path}, trustAll(false)); err == nil && (cfg.Actions.Allow != 0 || len(cfg.Rules.Allow) > 0) {
			// An untrusted project file only tightens.
			t.Fatalf("an untrusted project file loosened: allow actions %v, allow rules %d", cfg.Actions.Allow.Classes(), len(cfg.Rules.Allow))
		}
		cfg, err := Load(Paths{Override: path}, nil)
		if err == nil {
			if cfg == nil {
				t.Fatal("no config and no error")
			}
			return
		}
		var cerr *Error
		if !errors.As(err, &cerr) {
			t.Fatalf("error %v (%T) is not a *Error", err, err)
		}
		if cerr.File != path || !strings.HasPrefix(err.Error(), path+":") {
			t.Fatalf("error %q does not name the file", err)
		}
		if cerr.Line == 0 && !strings.Contains(cerr.Msg, "limit for a config file") && !strings.HasPrefix(cerr.Msg, "cannot read") {
			t.Fatalf("error %q has no line", err)
		}
		if cerr.Line < 0 || cerr.Line > strings.Count(text, "\n")+1 {
			t.Fatalf("error %q names line %d of a %d-line file", err, cerr.Line, strings.Count(text, "\n")+1)
		}
	})
}
