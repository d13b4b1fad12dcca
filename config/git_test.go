package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/permgate/permgate/githook"
)

func stepTexts(steps []githook.Step) string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Command+" @"+s.Source[strings.LastIndex(s.Source, "/")+1:])
	}
	return strings.Join(out, " | ")
}

func TestGitStepsLoad(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"system.toml":  "[git]\npre-commit = [\"gitleaks protect --staged\"]\n",
		"user.toml":    "mode = \"default\"\n\n[git]\npre-commit = [\n  \"go vet ./...\",\n  'go test ./...',\n]\npre-push = [\"go test -race ./...\"]\n",
		"project.toml": "[git]\npre-commit = [\"make lint\"]\ncommit-msg = ['grep -q . \"$1\"']\n",
	})
	paths := Paths{System: f["system.toml"], User: f["user.toml"], Project: f["project.toml"]}

	t.Run("trusted layers add up in order", func(t *testing.T) {
		cfg, err := Load(paths, trustAll(true))
		if err != nil {
			t.Fatal(err)
		}
		want := "gitleaks protect --staged @system.toml:2 | go vet ./... @user.toml:5 | go test ./... @user.toml:6 | make lint @project.toml:2"
		if got := stepTexts(cfg.Git["pre-commit"]); got != want {
			t.Errorf("pre-commit steps:\n got %s\nwant %s", got, want)
		}
		if got := stepTexts(cfg.Git["pre-push"]); got != "go test -race ./... @user.toml:8" {
			t.Errorf("pre-push steps: %s", got)
		}
		if got := stepTexts(cfg.Git["commit-msg"]); got != `grep -q . "$1" @project.toml:3` {
			t.Errorf("commit-msg steps: %s", got)
		}
		if len(cfg.Warnings) != 0 {
			t.Errorf("warnings: %q", cfg.Warnings)
		}
	})
	t.Run("an untrusted project declares no steps", func(t *testing.T) {
		cfg, err := Load(paths, trustAll(false))
		if err != nil {
			t.Fatal(err)
		}
		want := "gitleaks protect --staged @system.toml:2 | go vet ./... @user.toml:5 | go test ./... @user.toml:6"
		if got := stepTexts(cfg.Git["pre-commit"]); got != want {
			t.Errorf("pre-commit steps:\n got %s\nwant %s", got, want)
		}
		if _, ok := cfg.Git["commit-msg"]; ok {
			t.Error("the untrusted project's commit-msg step was loaded")
		}
		if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "git.pre-commit step make lint") || !strings.Contains(cfg.Warnings[0], "permgate trust") {
			t.Errorf("warnings: %q", cfg.Warnings)
		}
		loose, err := Loosening(f["project.toml"], []byte("[git]\npre-push = [\"make deploy\"]\n"))
		if err != nil || len(loose) != 1 || loose[0] != "git.pre-push step make deploy" {
			t.Errorf("Loosening = %q, %v: trusting a file with steps loosens", loose, err)
		}
	})
	t.Run("a managed system file keeps other layers' steps out", func(t *testing.T) {
		m := writeFiles(t, t.TempDir(), map[string]string{
			"system.toml": "[managed]\nonly_tighten = true\n[git]\npre-push = [\"make check\"]\n",
			"user.toml":   "[git]\npre-push = [\"true\"]\n",
		})
		cfg, err := Load(Paths{System: m["system.toml"], User: m["user.toml"]}, trustAll(true))
		if err != nil {
			t.Fatal(err)
		}
		if got := stepTexts(cfg.Git["pre-push"]); got != "make check @system.toml:4" {
			t.Errorf("pre-push steps: %s", got)
		}
	})
}

func TestGitStepsBadShape(t *testing.T) {
	for _, tc := range []struct{ name, content, want string }{
		{"string, not a list", "mode = \"default\"\n[git]\npre-commit = \"go test ./...\"\n", "user.toml:3: "},
		{"numbers in the list", "[git]\n\npre-push = [1, 2]\n", "user.toml:3: "},
		{"unknown hook", "[git]\npre-comit = [\"go test ./...\"]\n", "user.toml:2: git.pre-comit: not a git hook permgate runs steps for (want one of applypatch-msg,"},
		{"protocol hook", "[git]\nfsmonitor-watchman = [\"true\"]\n", "user.toml:2: git.fsmonitor-watchman: not a git hook"},
		{"empty step", "[git]\npre-commit = [\n \"go vet ./...\",\n \"  \",\n]\n", "user.toml:4: git.pre-commit: a step is empty"},
		{"NUL in a step", "[git]\npre-commit = [\"go\\u0000test\"]\n", "user.toml:2: git.pre-commit: a step holds a NUL byte"},
		{"a table, not a list", "[git.pre-commit]\nrun = \"go test\"\n", "user.toml:"},
		{"git is not a table", "git = [\"go test\"]\n", "user.toml:1: git must be a table ([git]), not array"},
		{"git is an array of tables", "\n[[git]]\npre-commit = [\"go test\"]\n", "user.toml:2: git must be a table ([git]), not an array of tables"},
		{"git twice", "[git]\n[git]\n", "user.toml:2: table git already exists"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := writeFiles(t, t.TempDir(), map[string]string{"user.toml": tc.content})
			_, err := Load(Paths{User: f["user.toml"]}, trustAll(true))
			var cerr *Error
			if !errors.As(err, &cerr) {
				t.Fatalf("err = %v, want a config error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}
