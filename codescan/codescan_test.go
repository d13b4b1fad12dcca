package codescan

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// update rewrites testdata/cases.golden from what the tokenizers read (go
// test ./codescan -run TestGolden -update); review the diff.
var update = flag.Bool("update", false, "rewrite testdata/cases.golden")

// scanCase is one program of testdata/cases.txt: LANG<TAB>SOURCE, with \n
// and \t written as escapes.
type scanCase struct {
	lang Lang
	src  string
	line string
}

func langNamed(name string) Lang {
	for _, l := range Langs() {
		if l.String() == name {
			return l
		}
	}
	return 0
}

func readCases(t testing.TB) []scanCase {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatalf("open cases: %v", err)
	}
	defer f.Close()
	var out []scanCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, src, ok := strings.Cut(line, "\t")
		lang := langNamed(name)
		if !ok || lang == 0 {
			t.Fatalf("testdata/cases.txt:%d: want LANG<TAB>SOURCE, got %q", n, line)
		}
		src = strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(src)
		out = append(out, scanCase{lang: lang, src: src, line: line})
	}
	return out
}

// summary writes a report one effect a line, values with their pieces
// marked (<HOME>, <TMP>, <dynamic source>).
func summary(r Report) string {
	var b strings.Builder
	for _, s := range r.Shell {
		fmt.Fprintf(&b, "  shell %s: %s", s.Call, show(s.Text))
		if s.Input != nil {
			fmt.Fprintf(&b, " <<< %s", show(*s.Input))
		}
		if s.Privileged {
			b.WriteString(" (privileged)")
		}
		b.WriteString("\n")
	}
	for _, e := range r.Exec {
		words := make([]string, len(e.Argv))
		for i, w := range e.Argv {
			words[i] = show(w)
		}
		fmt.Fprintf(&b, "  exec %s: %s\n", e.Call, strings.Join(words, " | "))
	}
	for _, d := range r.Deletes {
		fmt.Fprintf(&b, "  delete %s: %s recursive=%v\n", d.Call, show(d.Target), d.Recursive)
	}
	for _, w := range r.Writes {
		fmt.Fprintf(&b, "  write %s: %s append=%v\n", w.Call, show(w.Target), w.Append)
	}
	if r.ForkLoop {
		b.WriteString("  fork loop\n")
	}
	for _, u := range r.Unread {
		fmt.Fprintf(&b, "  unread: %s\n", u)
	}
	if !r.Whole {
		fmt.Fprintf(&b, "  not read whole: %s\n", r.Problem)
	}
	return b.String()
}

func show(v Value) string {
	var b strings.Builder
	b.WriteString("«")
	for _, p := range v.Parts {
		switch p.Kind {
		case Text:
			b.WriteString(p.Text)
		case Home:
			b.WriteString("<HOME>")
		case Temp:
			b.WriteString("<TMP>")
		default:
			b.WriteString("<" + p.Text + ">")
		}
	}
	b.WriteString("»")
	if v.Spread {
		b.WriteString("…")
	}
	return b.String()
}

// TestGolden pins what each family's tokenizer reads in testdata/cases.txt.
func TestGolden(t *testing.T) {
	var got strings.Builder
	for _, c := range readCases(t) {
		fmt.Fprintf(&got, "%s\n%s", c.line, summary(Scan(c.lang, c.src)))
	}
	const golden = "testdata/cases.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("read %s: %v (run with -update)", golden, err)
	}
	if got.String() != string(want) {
		gotLines, wantLines := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gotLines) || i < len(wantLines); i++ {
			g, w := at(gotLines, i), at(wantLines, i)
			if g != w {
				t.Fatalf("%s differs at line %d:\n got  %q\n want %q", golden, i+1, g, w)
			}
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func TestLoadsByName(t *testing.T) {
	for _, c := range []struct {
		lang           Lang
		src            string
		modules, files []string
		unread         bool
	}{
		{Python, "import importlib\nimportlib.import_module('plug' + 'ins.clean')\n", []string{"plugins.clean"}, nil, false},
		{Python, "__import__('os')\n", []string{"os"}, nil, false},
		{Python, "import importlib, sys\nimportlib.import_module(sys.argv[1])\n", nil, nil, true},
		{Python, "import runpy\nrunpy.run_path('tools/x.py')\n", nil, []string{"tools/x.py"}, false},
		{Python, "import runpy, sys\nrunpy.run_path(sys.argv[1])\n", nil, nil, true},
		{JavaScript, "require(process.argv[2])\n", nil, nil, true},
		{JavaScript, "const p = require('path');\nrequire(p.join(__dirname, 'config.js'))\n", []string{"path"}, nil, false},
		{JavaScript, "new Function('r', 'return r')(require)\n", []string{}, nil, true},
	} {
		rep := Scan(c.lang, c.src)
		if !reflect.DeepEqual(nonNil(rep.Modules), nonNil(c.modules)) || !reflect.DeepEqual(nonNil(rep.Files), nonNil(c.files)) || (len(rep.Unread) > 0) != c.unread {
			t.Errorf("%q: modules %q files %q unread %q, want %q %q unread=%v", c.src, rep.Modules, rep.Files, rep.Unread, c.modules, c.files, c.unread)
		}
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func TestPythonBlocks(t *testing.T) {
	for _, c := range []struct {
		src, want string
	}{
		{"import shutil, tempfile\nif True:\n    d = tempfile.mkdtemp()\n    shutil.rmtree(d)\n", "$TMPDIR/tmp.XXXXXXXXXX"},
		{"import shutil, tempfile\ndef a():\n    d = tempfile.mkdtemp()\n    shutil.rmtree(d)\ndef b():\n    d = tempfile.mkdtemp()\n    shutil.rmtree(d)\n", "$TMPDIR/tmp.XXXXXXXXXX"},
		{"import shutil, os\ndef a():\n    d = os.path.expanduser('~')\n    shutil.rmtree(d)\n", "~"},
		{"import shutil\ndef a():\n    d = '/x'\n    shutil.rmtree(d)\ndef b():\n    d = '/y'\n    shutil.rmtree(d)\n", "/x"},
		{"import shutil\ndef a(d):\n    shutil.rmtree(d)\n", "{d}"},
		{"import os\nif os.system('rm -rf ~'):\n    pass\n", ""},
	} {
		rep := Scan(Python, c.src)
		got := ""
		if len(rep.Deletes) > 0 {
			got = rep.Deletes[0].Target.String()
		}
		if got != c.want {
			t.Errorf("%q: delete of %q, want %q", c.src, got, c.want)
		}
		if strings.Contains(c.src, "os.system") && len(rep.Shell) == 0 {
			t.Errorf("%q: the header's call was not read", c.src)
		}
	}
}
