package runfiles

import (
	"slices"
	"strings"
	"testing"
)

const lefthookYml = `pre-commit:
  parallel: true
  commands:
    lint:
      glob: "*.go"
      run: golangci-lint run {staged_files}
    evil:
      run: rm -rf ~
      only: [merge]
    off:
      skip: true
      run: never
    listed:
      files: git diff --name-only HEAD
      run: echo {files}
  scripts:
    "check.sh":
      runner: bash
    "missing.sh":
      runner: bash
pre-push:
  jobs:
    - name: test
      run: go test ./...
    - group:
        piped: true
        jobs:
          - run: make deploy
          - script: push.py
            runner: python3
`

func TestHookFrameworksLefthook(t *testing.T) {
	base := Map{"/r/lefthook.yml": lefthookYml, "/r/.lefthook/pre-commit/check.sh": "echo hi\n", "/r/.lefthook/pre-push/push.py": "print(1)\n"}
	cases := []struct {
		name    string
		files   Map
		hook    string
		want    []string
		dynamic string
	}{
		{"pre-commit", base, "pre-commit", []string{"rm -rf ~", "golangci-lint run ${LEFTHOOK_FILES}", "git diff --name-only HEAD", "echo ${LEFTHOOK_FILES}", "bash /r/.lefthook/pre-commit/check.sh"}, ""},
		{"jobs and groups", base, "pre-push", []string{"go test ./...", "make deploy", "python3 /r/.lefthook/pre-push/push.py"}, ""},
		{"a hook not configured", base, "commit-msg", nil, ""},
		{"every hook", base, "", []string{"rm -rf ~", "golangci-lint run ${LEFTHOOK_FILES}", "git diff --name-only HEAD", "echo ${LEFTHOOK_FILES}", "bash /r/.lefthook/pre-commit/check.sh", "go test ./...", "make deploy", "python3 /r/.lefthook/pre-push/push.py"}, ""},
		{"local overrides a command", Map{"/r/lefthook.yml": "pre-commit:\n  commands:\n    a:\n      run: safe\n    b:\n      run: kept\n", "/r/lefthook-local.yml": "pre-commit:\n  commands:\n    a:\n      run: curl x | sh\n"}, "pre-commit", []string{"curl x | sh", "kept"}, ""},
		{"local settings merge", Map{"/r/lefthook.yml": "pre-commit:\n  commands:\n    a:\n      run: bundle exec rubocop\n", "/r/lefthook-local.yml": "pre-commit:\n  commands:\n    a:\n      glob: '*.rb'\n"}, "pre-commit", []string{"bundle exec rubocop"}, ""},
		{"local wraps {cmd}", Map{"/r/lefthook.yml": "pre-commit:\n  commands:\n    a:\n      run: rubocop\n", "/r/lefthook-local.yml": "pre-commit:\n  commands:\n    a:\n      run: docker run x {cmd}\n"}, "pre-commit", []string{"docker run x rubocop"}, ""},
		{"jobs merge by name", Map{"/r/lefthook.yml": "pre-commit:\n  jobs:\n    - name: t\n      run: test\n    - run: kept\n", "/r/lefthook-local.yml": "pre-commit:\n  jobs:\n    - name: t\n      run: wrapped {cmd}\n    - run: added\n"}, "pre-commit", []string{"wrapped test", "kept", "added"}, ""},
		{"extends override main", Map{"/r/lefthook.yml": "extends: [e.yml]\npre-commit:\n  commands:\n    a:\n      run: main\n", "/r/e.yml": "pre-commit:\n  commands:\n    a:\n      run: from extends\n"}, "pre-commit", []string{"from extends"}, ""},
		{"only local", Map{"/r/.lefthook-local.yml": "pre-commit:\n  commands:\n    a:\n      run: local\n"}, "pre-commit", []string{"local"}, ""},
		{"extends", Map{"/r/lefthook.yml": "extends:\n  - ci/more.yml\n  - ci/*.yml\n", "/r/ci/more.yml": "pre-commit:\n  commands:\n    x:\n      run: from extends\n"}, "pre-commit", []string{"from extends"}, "extends ci/*.yml"},
		{"extends cycle", Map{"/r/lefthook.yml": "extends: [a.yml]\n", "/r/a.yml": "extends: [a.yml]\npre-commit:\n  commands:\n    x:\n      run: a\n"}, "pre-commit", []string{"a"}, "not read"},
		{"rc and source dir", Map{"/r/lefthook.yml": "rc: .lefthookrc\nsource_dir: hooks/\npre-commit:\n  scripts:\n    s.sh: {}\n", "/r/hooks/pre-commit/s.sh": "x"}, "pre-commit", []string{"sh /r/.lefthookrc", "sh /r/hooks/pre-commit/s.sh"}, ""},
		{"bad yaml", Map{"/r/lefthook.yml": "pre-commit: [\n"}, "pre-commit", nil, "read /r/lefthook.yml"},
		{"hook not a map", Map{"/r/lefthook.yml": "pre-commit: 3\n"}, "pre-commit", nil, "not a mapping"},
		{"run not a string", Map{"/r/lefthook.yml": "pre-commit:\n  commands:\n    a:\n      run: [x]\n"}, "pre-commit", nil, "not a string"},
		{"crlf", Map{"/r/lefthook.yml": "pre-commit:\r\n  commands:\r\n    a:\r\n      run: |\r\n        one\r\n        two\r\n"}, "pre-commit", []string{"one\ntwo\n"}, ""},
		{"toml config", Map{"/r/lefthook.toml": "x"}, "pre-commit", nil, "only YAML"},
		{"remotes", Map{"/r/lefthook.yml": "remotes:\n  - git_url: https://x/y\n"}, "pre-commit", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := HookFrameworks(c.files, "/r", c.hook)
			if got := shells(r); !slices.Equal(got, c.want) {
				t.Errorf("texts = %q, want %q (dynamic %q)", got, c.want, r.Dynamic)
			}
			checkDynamic(t, r, c.dynamic)
		})
	}
}

const preCommitYml = `default_stages: [pre-commit]
repos:
  - repo: https://github.com/psf/black
    rev: 24.1.0
    hooks:
      - id: black
  - repo: meta
    hooks:
      - id: check-hooks-apply
  - repo: local
    hooks:
      - id: tests
        name: tests
        entry: ./scripts/test.sh --fast
        language: script
        pass_filenames: false
      - id: fmt
        entry: gofmt -l
        language: system
        args: [-s, "a b"]
      - id: push-only
        entry: rm -rf ~
        language: system
        stages: [push]
      - id: grep
        entry: 'TODO'
        language: pygrep
      - id: box
        entry: evil/image
        language: docker_image
      - id: py
        entry: mytool
        language: python
        additional_dependencies: [mytool==1.0]
        stages: [manual, pre-commit]
`

func TestHookFrameworksPreCommit(t *testing.T) {
	files := Map{"/r/.pre-commit-config.yaml": preCommitYml}
	cases := []struct {
		name, stage, id string
		want            []string
		outside         int
	}{
		{"pre-commit stage", "pre-commit", "", []string{"./scripts/test.sh --fast", "gofmt -l -s 'a b' ${PRE_COMMIT_FILENAMES}", "mytool ${PRE_COMMIT_FILENAMES}"}, 3},
		{"legacy push stage", "pre-push", "", []string{"rm -rf ~ ${PRE_COMMIT_FILENAMES}"}, 0},
		{"every stage", "", "", []string{"./scripts/test.sh --fast", "gofmt -l -s 'a b' ${PRE_COMMIT_FILENAMES}", "rm -rf ~ ${PRE_COMMIT_FILENAMES}", "mytool ${PRE_COMMIT_FILENAMES}"}, 3},
		{"one id", "", "fmt", []string{"gofmt -l -s 'a b' ${PRE_COMMIT_FILENAMES}"}, 0},
		{"manual", "manual", "", []string{"mytool ${PRE_COMMIT_FILENAMES}"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r Run
			PreCommitHooks(files, &r, "/r", c.stage, c.id)
			if got := shells(r); !slices.Equal(got, c.want) || len(r.Outside) != c.outside {
				t.Errorf("texts = %q, want %q; outside %q, want %d", got, c.want, r.Outside, c.outside)
			}
		})
	}
	var r Run
	PreCommitHooks(Map{"/r/.pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: x\n        language: system\n"}, &r, "/r", "", "")
	checkDynamic(t, r, "no entry")
	r = Run{}
	PreCommitHooks(Map{"/r/.pre-commit-config.yaml": "repos: {{\n"}, &r, "/r", "", "")
	checkDynamic(t, r, "not known")
	r = Run{}
	PreCommitHooks(errFiles{ErrNotRegular}, &r, "/r", "", "")
	if len(r.Unread) != 1 {
		t.Errorf("not regular: %+v", r)
	}
}

func TestHookFrameworksHusky(t *testing.T) {
	files := Map{
		"/r/.husky/pre-commit": "npx lint-staged\n",
		"/r/.husky/pre-push":   "npm test\n",
		"/r/package.json":      `{"husky": {"hooks": {"pre-commit": "rm -rf ~", "commit-msg": "x"}}, "simple-git-hooks": {"pre-commit": "npx y", "preserveUnused": true}}`,
	}
	r := HookFrameworks(files, "/r", "pre-commit")
	want := []string{"sh /r/.husky/pre-commit", "rm -rf ~", "npx y"}
	if got := shells(r); !slices.Equal(got, want) {
		t.Errorf("texts = %q, want %q", got, want)
	}
	r = HookFrameworks(files, "/r", "")
	if got := shells(r); len(got) != 5 {
		t.Errorf("every hook: %q", got)
	}
	r = HookFrameworks(Map{"/r/package.json": `{"husky": `}, "/r", "pre-commit")
	checkDynamic(t, r, "not known")
	r = HookFrameworks(Map{"/r/package.json": `{"name": `}, "/r", "pre-commit")
	checkDynamic(t, r, "")
	// A hook file too large to read is still the hook: the caller reads it.
	r = HookFrameworks(errFiles{ErrTooLarge}, "/r", "pre-commit")
	if len(r.Unread) != 4 || !slices.Equal(shells(r), []string{"sh /r/.husky/pre-commit"}) {
		t.Errorf("too large: %+v", r)
	}
	r = HookFrameworks(OS{}, "testdata/more/hookproj", "pre-commit")
	if got := shells(r); !slices.Equal(got, []string{"make lint", "sh testdata/more/hookproj/.husky/pre-commit"}) {
		t.Errorf("testdata: %q %q %q", got, r.Dynamic, r.Unread)
	}
}

func TestHookFrameworksBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("pre-commit:\n  commands:\n")
	for i := range MaxHookJobs + 5 {
		b.WriteString("    c" + itoa(i) + ":\n      run: x\n")
	}
	r := HookFrameworks(Map{"/r/lefthook.yml": b.String()}, "/r", "pre-commit")
	if len(r.Texts) != MaxHookJobs {
		t.Errorf("texts %d", len(r.Texts))
	}
	checkDynamic(t, r, "more than")
	nested := "pre-commit:\n  jobs:\n"
	indent := "    "
	for range MaxHookGroupDepth + 3 {
		nested += indent + "- group:\n" + indent + "    jobs:\n"
		indent += "      "
	}
	nested += indent + "- run: deep\n"
	r = HookFrameworks(Map{"/r/lefthook.yml": nested}, "/r", "pre-commit")
	checkDynamic(t, r, "nest deeper")
}

// FuzzHookFrameworks checks that no configuration makes HookFrameworks
// panic.
func FuzzHookFrameworks(f *testing.F) {
	f.Add(lefthookYml, preCommitYml, "pre-commit")
	f.Add("a: &x [*x]\n", "repos: [{hooks: [{}]}]", "")
	f.Fuzz(func(t *testing.T, lefthook, precommit, hook string) {
		files := Map{"/r/lefthook.yml": lefthook, "/r/.pre-commit-config.yaml": precommit, "/r/lefthook-local.yml": lefthook}
		HookFrameworks(files, "/r", hook)
	})
}
