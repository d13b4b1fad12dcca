package runfiles

import (
	"reflect"
	"strings"
	"testing"
)

func TestDenoTasks(t *testing.T) {
	files := Map{
		"/p/deno.jsonc": `{
  // tasks run in deno's shell
  "tasks": {
    "wipe": "rm -rf ~", /* a comment */
    "url": "echo 'http://x//y'",
    "build": {"command": "deno compile main.ts", "dependencies": ["gen", "lint"],},
    "gen": "echo gen > out.txt",
    "lint": {"command": "deno lint", "dependencies": ["build"]},
  },
}`,
		"/p/sub/x":        "",
		"/q/package.json": `{"scripts": {"clean": "rm -rf dist"}}`,
		"/r/deno.json":    `{"tasks": `,
	}
	cases := []struct {
		dir, args string
		want      []string
		dynamic   string
		unread    string
	}{
		{dir: "/p", args: "wipe", want: []string{"rm -rf ~"}},
		{dir: "/p/sub", args: "wipe --force", want: []string{"rm -rf ~ --force"}},
		{dir: "/p", args: "url", want: []string{"echo 'http://x//y'"}},
		{dir: "/p", args: "build", want: []string{"echo gen > out.txt", "deno lint", "deno compile main.ts"}},
		{dir: "/p", args: ""},
		{dir: "/p", args: "--cwd x wipe", dynamic: "options before the task name"},
		{dir: "/q", args: "clean", want: []string{"rm -rf dist"}},
		{dir: "/r", args: "x", unread: "deno.json"},
	}
	for _, c := range cases {
		run := DenoTasks(files, c.dir, strings.Fields(c.args))
		var got []string
		for _, text := range run.Texts {
			got = append(got, text.Shell)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("deno task %s in %s: %q, want %q", c.args, c.dir, got, c.want)
		}
		if d := strings.Join(run.Dynamic, ";"); c.dynamic == "" && d != "" || !strings.Contains(d, c.dynamic) {
			t.Errorf("deno task %s: dynamic %q, want %q", c.args, d, c.dynamic)
		}
		if u := strings.Join(run.Unread, ";"); c.unread == "" && u != "" || !strings.Contains(u, c.unread) {
			t.Errorf("deno task %s: unread %q, want %q", c.args, u, c.unread)
		}
	}
}
