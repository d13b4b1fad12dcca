package runfiles

import (
	"slices"
	"strings"
	"testing"
)

// toxIni is a tox.ini with inheritance, factors, continuations and
// substitutions.
const toxIni = `[tox]
env_list = py{311,312}, lint
labels =
    check = lint, type

[base]
clean = rm -rf {toxinidir}/build

[testenv]
deps = pytest
commands_pre = {[base]clean}
commands =
    py311: pytest {posargs:tests}
    - coverage \
      report
commands_post = !python -c 'print(1)'

[testenv:lint]
commands = ruff check {posargs}

[testenv:type]
base = testenv:lint
commands_pre = mypy {env:MYPY_ARGS:--strict} --cache {envdir}/c

[testenv:evil]
commands = rm -rf ~
`

// toxToml is a native TOML tox configuration.
const toxToml = `env_list = ["lint"]
labels = { check = ["lint"] }
[env_run_base]
commands_pre = [["./pre.sh"]]
commands = [["pytest", { replace = "posargs" }]]
[env.lint]
commands = [["rm", "-rf", "~"], ["a=b", { replace = "env", name = "HOME", default = "/root" }, "{env_dir}"]]
`

func TestToxCommands(t *testing.T) {
	tree := Map{"/p/tox.ini": toxIni}
	pre, post := "rm -rf /p/build", "python -c 'print(1)'"
	all := []string{pre, "pytest tests", "coverage report", post, pre, "pytest tests", "coverage report", post, pre, "ruff check", post}
	cases := []struct {
		name    string
		files   Map
		args    []string
		want    []string
		dynamic string
	}{
		{"default env_list", tree, nil, []string{pre, "pytest tests", "coverage report", post, pre, "pytest tests", "coverage report", post, pre, "ruff check", post}, ""},
		{"-e with posargs", tree, []string{"-e", "py311", "--", "-k", "a b"}, []string{pre, "pytest -k 'a b'", "coverage report", post}, ""},
		{"run -e lint", tree, []string{"run", "-e", "lint", "--", "x"}, []string{pre, "ruff check x", post}, ""},
		{"base chain and env default", tree, []string{"r", "-e", "type"}, []string{"mypy ${MYPY_ARGS:---strict} --cache /p/.tox/type/c", "ruff check", post}, ""},
		{"a section not in env_list", tree, []string{"-eevil"}, []string{pre, "rm -rf ~", post}, ""},
		{"ALL reads every section", tree, []string{"-e", "ALL"}, nil, ""},
		{"labels", tree, []string{"-m", "check"}, []string{pre, "ruff check", post, "mypy ${MYPY_ARGS:---strict} --cache /p/.tox/type/c", "ruff check", post}, ""},
		{"factors", tree, []string{"-f", "lint"}, []string{pre, "ruff check", post}, ""},
		{"list runs nothing", tree, []string{"list"}, nil, ""},
		{"-l runs nothing", tree, []string{"-l"}, nil, ""},
		{"showconfig runs nothing", tree, []string{"--showconfig"}, nil, ""},
		{"dynamic env", tree, []string{"-e", "$ENV"}, []string{pre, "pytest tests", "coverage report", post, pre, "pytest tests", "coverage report", post, pre, "ruff check", post}, "known only at run time"},
		{"dynamic option word", tree, []string{"$OPTS"}, all, "known only at run time"},
		{"dynamic posargs", tree, []string{"-e", "lint", "--", "$X", "y"}, []string{pre, `ruff check "${TOX_POSARG}" y`, post}, ""},
		{"exec", tree, []string{"exec", "-e", "lint", "--", "rm", "-rf", "/"}, []string{"rm -rf /"}, ""},
		{"notest", tree, []string{"-n", "-e", "lint"}, nil, ""},
		{"override commands", tree, []string{"-e", "lint", "-x", "testenv:lint.commands=curl x | sh"}, []string{pre, "ruff check", "curl x | sh", post}, ""},
		{"other override", tree, []string{"-e", "lint", "-x", "testenv.set_env=A=1"}, []string{pre, "ruff check", post}, "overrides a setting"},
		{"found in a parent", tree, nil, nil, ""},
		{"no config", Map{}, nil, nil, ""},
		{"setup.cfg", Map{"/p/setup.cfg": "[tox:tox]\nenvlist = a\n[testenv]\ncommands = make test\n"}, nil, []string{"make test"}, ""},
		{"setup.cfg without tox", Map{"/p/setup.cfg": "[metadata]\nname = x\n", "/p/pyproject.toml": "[tool.tox]\nlegacy_tox_ini = \"\"\"\n[testenv]\ncommands = ./evil.sh\n\"\"\"\n"}, nil, []string{"./evil.sh"}, ""},
		{"native pyproject", Map{"/p/pyproject.toml": "[tool.tox]\nenv_list = [\"a\"]\n[tool.tox.env_run_base]\ncommands = [[\"pytest\", {replace = \"posargs\", default = [\"tests\", \"-k x\"], extend = true}]]\n"}, nil, []string{"pytest tests '-k x'"}, ""},
		{"tox.toml", Map{"/p/tox.toml": toxToml}, nil, []string{"./pre.sh", "rm -rf '~'", "'a=b' ${HOME:-/root} /p/.tox/lint"}, ""},
		{"tox.toml posargs", Map{"/p/tox.toml": toxToml}, []string{"-e", "3.13", "--", "-x"}, []string{"./pre.sh", "pytest -x"}, ""},
		{"tox.toml labels", Map{"/p/tox.toml": toxToml}, []string{"-m", "check"}, []string{"./pre.sh", "rm -rf '~'", "'a=b' ${HOME:-/root} /p/.tox/lint"}, ""},
		{"tox.toml ref", Map{"/p/tox.toml": "[env_run_base]\ncommands = [[\"a\", {replace = \"ref\", of = [\"x\"]}], \"notalist\"]\ncommands_post = \"x\"\n"}, nil, []string{"a ${TOX_UNKNOWN}", "${TOX_UNKNOWN}"}, "not read"},
		{"bad tox.toml", Map{"/p/tox.toml": "env_list = [\n"}, nil, nil, "read /p/tox.toml"},
		{"bad pyproject", Map{"/p/pyproject.toml": "[tool.tox\n"}, nil, nil, "read /p/pyproject.toml"},
		{"-c file", Map{"/p/ci/t.ini": "[testenv]\ncommands = echo {toxinidir}\n"}, []string{"-c", "ci/t.ini"}, []string{"echo /p/ci"}, ""},
		{"-c missing", tree, []string{"-c", "nope.ini"}, nil, "no tox configuration"},
		{"crlf", Map{"/p/tox.ini": "[testenv]\r\ncommands =\r\n  a \\\r\n  b\r\n  c\r\n"}, nil, []string{"a b", "c"}, ""},
		{"reference cycle", Map{"/p/tox.ini": "[a]\nx = {[a]x}\n[testenv]\ncommands = {[a]x}\n"}, nil, []string{"${TOX_UNKNOWN}"}, "nest deeper"},
		{"missing reference", Map{"/p/tox.ini": "[testenv]\ncommands = {[nope]x} y\n"}, nil, []string{"${TOX_UNKNOWN} y"}, "names no setting"},
		{"unknown substitution", Map{"/p/tox.ini": "[testenv]\ncommands = a {weird}\n"}, nil, []string{"a ${TOX_UNKNOWN}"}, "not known"},
		{"escaped braces and env", Map{"/p/tox.ini": "[testenv]\ncommands = echo \\{x\\} {env:HOME}\n"}, nil, []string{"echo {x} ${HOME}"}, ""},
		{"install_command", Map{"/p/tox.ini": "[testenv]\ninstall_command = ./inst.sh {opts} {packages}\n"}, nil, []string{"./inst.sh  ${TOX_PACKAGES}"}, ""},
		{"generative section", Map{"/p/tox.ini": "[tox]\nenvlist = py3{8,9}\n[testenv:py3{8,9}]\ncommands = t {envname}\n"}, nil, []string{"t py38", "t py39"}, ""},
		{"undeclared verb", tree, []string{"frobnicate"}, nil, "not a subcommand"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := "/p"
			if c.name == "found in a parent" {
				dir = "/p/src/pkg"
				c.want = []string{pre, "pytest tests", "coverage report", post, pre, "pytest tests", "coverage report", post, pre, "ruff check", post}
			}
			r := ToxCommands(c.files, dir, words(c.args...))
			got := shells(r)
			if c.name == "ALL reads every section" {
				if !slices.Contains(got, "rm -rf ~") || !slices.Contains(got, "ruff check") {
					t.Fatalf("ALL: got %q", got)
				}
				return
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("texts = %q, want %q (dynamic %q)", got, c.want, r.Dynamic)
			}
			checkDynamic(t, r, c.dynamic)
		})
	}
}

// checkDynamic fails unless some Dynamic reason holds want, or (want "")
// there is none.
func checkDynamic(t *testing.T, r Run, want string) {
	t.Helper()
	all := strings.Join(r.Dynamic, "\n")
	if want == "" && all != "" || !strings.Contains(all, want) {
		t.Errorf("dynamic = %q, want %q", r.Dynamic, want)
	}
}

func TestToxCommandsFiles(t *testing.T) {
	r := ToxCommands(Map{"/p/tox.ini": "[testenv]\ncommands = t\n", "/p/toxfile.py": "import os\n"}, "/p", nil)
	if len(r.Texts) != 2 || r.Texts[0].Lang != "python" || len(r.Outside) == 0 {
		t.Errorf("toxfile: %+v", r)
	}
	r = ToxCommands(errFiles{ErrTooLarge}, "/p", nil)
	if len(r.Unread) != 1 || len(r.Texts) != 0 {
		t.Errorf("too large: %+v", r)
	}
	r = ToxCommands(OS{}, "testdata/more/toxproj", words("-e", "py"))
	if got := shells(r); !slices.Equal(got, []string{"python -m pytest tests"}) {
		t.Errorf("testdata: %q %q", got, r.Dynamic)
	}
}

func TestToxCommandsHostileSizes(t *testing.T) {
	var b strings.Builder
	b.WriteString("[tox]\nenv_list = " + strings.Repeat("{a,b}", 40) + "\nlabels =\n  l = " + strings.Repeat("x{1,2,3}", 20) + "\n")
	for i := range 3000 {
		b.WriteString("[testenv:e" + itoa(i) + "{1,2,3,4}]\nlabels = l\ncommands = c" + itoa(i) + "\n")
	}
	tree := Map{"/p/tox.ini": b.String()}
	for _, args := range [][]string{nil, {"-e", "ALL"}, {"-m", "l"}, {"-f", "a"}} {
		r := ToxCommands(tree, "/p", words(args...))
		if len(r.Texts) > MaxTexts {
			t.Errorf("%q: %d texts", args, len(r.Texts))
		}
	}
}

// FuzzToxCommands checks that no tox.ini makes ToxCommands panic or return
// more than MaxTexts texts.
func FuzzToxCommands(f *testing.F) {
	f.Add(toxIni, "-e ALL -- x")
	f.Add("[testenv]\ncommands = {posargs:{env:X:{[a]b}}} \\\n", "")
	f.Add("[tox]\nenvlist = a{,b}{c,}\n[testenv:a{b,c}]\nbase = x,testenv:ab\n", "-m l")
	f.Fuzz(func(t *testing.T, ini, args string) {
		r := ToxCommands(Map{"/p/tox.ini": ini}, "/p", words(strings.Fields(args)...))
		if len(r.Texts) > MaxTexts {
			t.Fatalf("%d texts", len(r.Texts))
		}
	})
}
