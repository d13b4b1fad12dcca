package runfiles

import (
	"slices"
	"strings"
	"testing"
)

// genTree is a module with directives in its packages, vendor, testdata,
// hidden directories and a nested module.
func genTree() Map {
	return Map{
		"/m/go.mod":        "module m\n",
		"/m/a.go":          "// Package m.\npackage m\n\n//go:generate stringer -type=Kind\n//go:generate -command yacc go tool yacc\n//go:generate yacc -o $GOFILE.out \"a b.y\"\n  //go:generate not-at-line-start\n//go:generatex no\n",
		"/m/b_test.go":     "package m_test\n//go:generate echo $GOPACKAGE:$GOLINE $DOLLAR$HOME ${GOARCH}x\r\n",
		"/m/sub/c.go":      "package sub\n//go:generate sh -c \"rm -rf ~\"\n",
		"/m/vendor/v/v.go": "package v\n//go:generate vendored\n",
		"/m/testdata/t.go": "package t\n//go:generate testdata\n",
		"/m/.hidden/h.go":  "package h\n//go:generate hidden\n",
		"/m/_under/u.go":   "package u\n//go:generate under\n",
		"/m/nested/go.mod": "module n\n",
		"/m/nested/n.go":   "package n\n//go:generate nested\n",
		"/m/notgo.txt":     "//go:generate text\n",
		"/m/bad/bad.go":    "package bad\n//go:generate echo \"unterminated\n//go:generate after-bad\n",
		"/m/alias/al.go":   "package al\n//go:generate -command\n//go:generate -command x\n",
		"/other/p/p.go":    "package p\n//go:generate other\n",
	}
}

func TestGoGenerate(t *testing.T) {
	top := []string{"stringer -type=Kind", "go tool yacc -o a.go.out 'a b.y'", `echo m_test:2 '$'"${HOME}" "${GOARCH}"x`}
	cases := []struct {
		name    string
		dir     string
		args    []string
		want    []string
		dynamic string
	}{
		{"current dir", "/m", nil, top, ""},
		{"dot", "/m", []string{"."}, top, ""},
		{"walk", "/m", []string{"./..."}, append(append([]string{}, top...), "after-bad", "sh -c 'rm -rf ~'"), "mismatched quoted string"},
		{"sub from elsewhere", "/m/sub", []string{"../sub"}, []string{"sh -c 'rm -rf ~'"}, ""},
		{"absolute", "/", []string{"/other/p"}, []string{"other"}, ""},
		{"-C", "/", []string{"-C", "/m/sub"}, []string{"sh -c 'rm -rf ~'"}, ""},
		{"files", "/m", []string{"b_test.go"}, top[2:], ""},
		{"-run", "/m", []string{"-run", "stringer|yacc", "."}, top[:2], ""},
		{"-run drops the alias", "/m", []string{"-run=^//go:generate yacc"}, []string{"yacc -o a.go.out 'a b.y'"}, ""},
		{"-skip", "/m", []string{"-skip", "echo"}, top[:2], ""},
		{"bad regexp", "/m", []string{"-run", "("}, top, "does not compile"},
		{"dynamic regexp", "/m", []string{"-run", "$RE"}, top, "known only at run time"},
		{"dynamic package", "/m", []string{"$PKG"}, nil, "known only at run time"},
		{"import path", "/m", []string{"github.com/x/y"}, nil, "import path"},
		{"odd pattern", "/m", []string{"./.../x"}, nil, "not read"},
		{"-n prints only", "/m", []string{"-n", "./..."}, nil, ""},
		{"missing dir", "/m", []string{"./nope"}, nil, ""},
		{"alias without command", "/m", []string{"./alias"}, nil, "without a command"},
		{"dynamic option", "/m", []string{"$FLAGS"}, nil, "known only at run time"},
	}
	tree := genTree()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := GoGenerate(tree, MapDirs{Files: tree}, c.dir, words(c.args...))
			if got := shells(r); !slices.Equal(got, c.want) {
				t.Errorf("texts = %q, want %q (dynamic %q)", got, c.want, r.Dynamic)
			}
			if c.dynamic != "" && !strings.Contains(strings.Join(r.Dynamic, "\n"), c.dynamic) {
				t.Errorf("dynamic = %q, want %q", r.Dynamic, c.dynamic)
			}
		})
	}
}

func TestGoGenerateOdd(t *testing.T) {
	tree := Map{"/m/a.go": "package a\n//go:generate a\n", "/m/big.go": "x"}
	files := errTree(tree, "/m/big.go")
	r := GoGenerate(files, MapDirs{Files: tree}, "/m", nil)
	if len(r.Unread) != 1 || !slices.Equal(shells(r), []string{"a"}) {
		t.Errorf("unreadable file: %+v", r)
	}
	links := MapDirs{Files: Map{"/m/a.go": "", "/m/l/x.go": ""}, Links: []string{"/m/l"}}
	r = GoGenerate(tree, links, "/m", words("./..."))
	if len(r.Outside) != 1 {
		t.Errorf("link: %+v", r)
	}
	many := Map{}
	for i := range MaxGenerateDirs + 2 {
		many["/w/d"+itoa(i)+"/x.go"] = "package x\n//go:generate x\n"
	}
	r = GoGenerate(many, MapDirs{Files: many}, "/w", words("./..."))
	if !strings.Contains(strings.Join(r.Dynamic, "\n"), "at most") {
		t.Errorf("dir bound: %q", r.Dynamic)
	}
	r = GoGenerate(OS{}, OSDirs{}, "testdata/more/genproj", words("./..."))
	if got := shells(r); !slices.Equal(got, []string{"go run ./gen.go -out=doc.go.txt"}) {
		t.Errorf("testdata: %q %q", got, r.Dynamic)
	}
}

// FuzzGoGenerate checks that no .go file makes GoGenerate panic.
func FuzzGoGenerate(f *testing.F) {
	f.Add("package a\n//go:generate -command x y $GOFILE\n//go:generate x \"a\\\"b\" ${A}$ $\n", "-run=x")
	f.Add("//go:generate \"\\", "")
	f.Fuzz(func(t *testing.T, src, args string) {
		tree := Map{"/m/a.go": src}
		GoGenerate(tree, MapDirs{Files: tree}, "/m", words(strings.Fields(args)...))
	})
}
