package runfiles

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestTaskRunner(t *testing.T) {
	files := Map{
		"/p/package.json":     `{"scripts": {"a": "echo a", "b:x": "echo bx", "b:y": "echo by", "b:y:z": "echo byz"}}`,
		"/p/pyproject.toml":   "[tool.pdm.scripts]\nx = \"echo x\"\ncall = {call = \"pkg:main\"}\n",
		"/p/Taskfile.yml":     "version: '3'\nincludes:\n  other: ./other.yml\ntasks:\n  t:\n    cmds: [echo t]\n",
		"/bad/pyproject.toml": "[tool.pdm.scripts\n",
	}
	loop := "version: '3'\ntasks:\n"
	for i := range MaxTaskDepth + 3 {
		loop += fmt.Sprintf("  t%d:\n    cmds:\n      - task: t%d\n", i, i+1)
	}
	files["/loop/Taskfile.yml"] = loop
	tests := []struct {
		name, dir, tool, args string
		ok                    bool
		want                  []string
		dynamic               string
	}{
		{"run-s names", "/p", "run-s", "a b:x", true, []string{"echo a", "echo bx"}, ""},
		{"a pattern within one part", "/p", "npm-run-all", "-p b:*", true, []string{"echo bx", "echo by"}, ""},
		{"** across parts", "/p", "run-p", "b:**", true, []string{"echo bx", "echo by", "echo byz"}, ""},
		{"--npm-path", "/p", "npm-run-all", "--npm-path ./x a", true, []string{"echo a"}, "another program"},
		{"pdm script", "/p", "pdm", "run x -v", true, []string{"echo x -v"}, ""},
		{"pdm: no such script runs a command", "/p", "pdm", "run ls", false, nil, ""},
		{"pdm call is the project's Python", "/p", "pdm", "run call", true, nil, ""},
		{"pdm other verb", "/p", "pdm", "install", false, nil, ""},
		{"bad TOML", "/bad", "pdm", "run x", true, nil, "not TOML"},
		{"task includes", "/p", "task", "t", true, []string{"echo t"}, "includes"},
		{"task list runs nothing", "/p", "task", "--list", true, nil, ""},
		{"task nesting bound", "/loop", "task", "t0", true, nil, "deeper"},
		{"task --taskfile=", "/p", "task", "--taskfile=other.yml t", true, nil, "another Taskfile"},
		{"pdm -p DIR", "/p", "pdm", "run -p /elsewhere x", true, nil, "another project"},
		{"mise -C", "/p", "mise", "-C /x run t", true, nil, "another directory"},
		{"turbo --cwd", "/p", "turbo", "run build --cwd /x", true, nil, "another directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run, ok := TaskRunner(files, tt.dir, tt.tool, strings.Fields(tt.args))
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (%+v)", ok, tt.ok, run)
			}
			if got := shells(run); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("texts = %q, want %q", got, tt.want)
			}
			if tt.dynamic != "" && !strings.Contains(strings.Join(run.Dynamic, "\n"), tt.dynamic) {
				t.Errorf("dynamic = %q, want one with %q", run.Dynamic, tt.dynamic)
			}
		})
	}
}
