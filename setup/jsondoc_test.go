package setup

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

func TestJSONKeepsLiterals(t *testing.T) {
	in := "{\n  \"n\": 1.50e3,\n  \"s\": \"caf\\u00e9 \\/ x\",\n  \"hooks\": {}\n}\n"
	doc, err := parseJSON("f", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(writeBack(doc, indentOf([]byte(in)))); got != in {
		t.Fatalf("unchanged document rewritten:\n%s", got)
	}
	// A changed document keeps every literal as written.
	doc.get("hooks").set("E", &jnode{array: true})
	got := string(writeBack(doc, "  "))
	want := "{\n  \"n\": 1.50e3,\n  \"s\": \"caf\\u00e9 \\/ x\",\n  \"hooks\": {\n    \"E\": []\n  }\n}\n"
	if got != want {
		t.Fatalf("edited:\n%s\nwant:\n%s", got, want)
	}
}

// TestJSONCKeepsComments: a Gemini CLI settings file with comments is
// edited in place — the hook added, then removed — and every comment, the
// spacing and the literals stay where they were.
func TestJSONCKeepsComments(t *testing.T) {
	in := `// my settings
{
  /* theme */ "theme": "dark", // keep me
  "list": [1,   2],
  // before hooks
  "hooks": {
    "BeforeTool": [
      // mine
      {"matcher": "x", "hooks": [{"type": "command", "command": "mine"}]}
    ]
  }
}
`
	e := &Env{Home: "/h", Binary: "/bin/permgate", Cwd: "/h"}
	install, _ := e.harnessEdit("gemini", harnessFile{path: "/h/settings.json"}, true)
	out, _, err := install([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, kept := range []string{"// my settings\n{", `/* theme */ "theme": "dark", // keep me`, `"list": [1,   2],`, "// before hooks\n  \"hooks\"", "      // mine\n      {\"matcher\": \"x\""} {
		if !strings.Contains(string(out), kept) {
			t.Errorf("install lost %q:\n%s", kept, out)
		}
	}
	if !strings.Contains(string(out), "/bin/permgate hook gemini") {
		t.Fatalf("install did not add the hook:\n%s", out)
	}
	if _, err := parseJSONC("out", out); err != nil {
		t.Fatalf("install wrote what Gemini CLI cannot read: %v\n%s", err, out)
	}
	uninstall, _ := e.harnessEdit("gemini", harnessFile{path: "/h/settings.json"}, false)
	back, _, err := uninstall(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(back) != in {
		t.Errorf("install then uninstall changed the file:\n%s\nwant:\n%s", back, in)
	}
	// Claude Code is given plain JSON: the same file is refused, named.
	claude, _ := e.harnessEdit("claude", harnessFile{path: "/h/settings.json"}, true)
	if _, _, err := claude([]byte(in)); err == nil || !strings.Contains(err.Error(), "/h/settings.json:1: not valid JSON: a comment") {
		t.Errorf("claude: %v", err)
	}
}

// TestJSONDropKeepsNeighbours: dropping members and items keeps the
// comment that ends the line before them, and leaves no trailing comma.
func TestJSONDropKeepsNeighbours(t *testing.T) {
	in := "{\n  \"a\": 1, // about a\n  \"b\": 2 ,\n  \"c\": [1, 2, 3]\n}"
	doc, err := parseJSONC("f", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	doc.remove("c")
	doc.get("b").raw = "2" // scalars are not edited in place; the key stays
	got := string(writeBack(doc, "  "))
	want := "{\n  \"a\": 1, // about a\n  \"b\": 2 \n}"
	if got != want {
		t.Fatalf("got:\n%q\nwant:\n%q", got, want)
	}
	doc, _ = parseJSONC("f", []byte(got))
	doc.remove("a")
	doc.remove("b")
	if got := writeBack(doc, "  "); !bytes.HasPrefix(got, []byte("{")) || strings.Contains(string(got), `"`) {
		t.Errorf("emptied: %q", got)
	} else if doc, err := parseJSONC("f", got); err != nil || len(doc.members) != 0 {
		t.Errorf("emptied: %q: %v", got, err)
	}
}

func TestJSONRefusals(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		jsonc    bool
	}{
		{"{\"a\": 1,}", "f:1: not valid JSON", false},
		{"{\n\"a\": 1,\n}", "f:2: not valid JSON: a trailing comma", true},
		{"{\n\"a\": 1 /* c */\n}", "f:2: not valid JSON: a comment", false},
		{strings.Repeat("[", 300) + strings.Repeat("]", 300), "nested more than", false},
		{"{\"a\":" + strings.Repeat("[", 300) + strings.Repeat("]", 300) + "}", "f:1: nested more than", true},
		{"{\"a\": \"[[[[\" /* [[[[ */}", "", true},
		{`"just a string"`, "not a JSON object", false},
		{"// c\n[1]", "not a JSON object", true},
		{"{\"a\" 1}", "not valid JSON", true},
	} {
		parse := parseJSON
		if tc.jsonc {
			parse = parseJSONC
		}
		_, err := parse("f", []byte(tc.in))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%.30q: %v", tc.in, err)
			}
		} else if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.30q: %v, want %q", tc.in, err, tc.want)
		}
	}
	if doc, err := parseJSON("f", []byte(" \n")); err != nil || !doc.object {
		t.Errorf("an empty file is an empty object: %v", err)
	}
}

func TestHookCommandRecognised(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		mine bool
	}{
		{"permgate hook claude", true},
		{"/usr/local/bin/permgate hook claude", true},
		{"'/opt/my dir/permgate' hook claude --mode plan", true},
		{`"/opt/x/permgate" hook claude`, true},
		{"permgate.exe hook claude", true},
		{"permgate hook codex", false},
		{"permgate-old hook claude", false},
		{"$HOME/bin/permgate hook claude", true},
		{"~/go/bin/permgate hook claude", true},
		{"$HOME/bin/permgate-x hook claude", false},
		{"$PG hook claude", false},
		{"permgate hook claude; rm -rf ~", false},
		{"permgate hook claude > /tmp/log", false},
		{"env X=1 permgate hook claude", false},
		{"echo permgate hook claude", false},
	} {
		if _, got := permgateHook(tc.cmd, "claude"); got != tc.mine {
			t.Errorf("%q: %v, want %v", tc.cmd, got, tc.mine)
		}
	}
}

// TestJSONCostLinear: reading a settings file, editing it and writing it
// back allocates in proportion to its size, however deep or wide it is —
// four times the file, at most about four times the bytes and allocations
// (each value once, not once per level above it, which made a deep file at
// the size limit take 18 s). Counted, not timed.
func TestJSONCostLinear(t *testing.T) {
	for _, depth := range []int{1, 10, maxJSONDepth - 10} {
		small, _ := deepJSON(64<<10, depth)
		large, _ := deepJSON(256<<10, depth)
		bs, as := editCost(t, small)
		bl, al := editCost(t, large)
		if float64(bl) > 5*float64(bs) || al > 5*as {
			t.Errorf("nested %d deep: %d B / %.0f allocs for 64 KiB, %d B / %.0f allocs for 256 KiB: not linear", depth, bs, as, bl, al)
		}
		if per := float64(bl) / float64(len(large)); per > 256 {
			t.Errorf("nested %d deep: %.0f bytes allocated per byte of file", depth, per)
		}
	}
}

// editCost is what one install edit of data allocates: bytes and count.
func editCost(t *testing.T, data []byte) (uint64, float64) {
	t.Helper()
	e := &Env{Home: "/h", Binary: "/p", Cwd: "/h"}
	edit, err := e.harnessEdit("claude", harnessFile{path: "/h/settings.json"}, true)
	if err != nil {
		t.Fatal(err)
	}
	run := func() {
		if out, _, err := edit(data); err != nil || len(out) < len(data) {
			t.Fatalf("edit: %v", err)
		}
	}
	run()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs := testing.AllocsPerRun(3, run)
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / 4, allocs // AllocsPerRun runs once more to warm up
}

// deepJSON is a settings object of about size bytes whose one array holds
// values nested depth deep, and the number of values in it.
func deepJSON(size, depth int) (data []byte, values int) {
	unit := strings.Repeat("[", depth) + `"x"` + strings.Repeat("]", depth)
	var b strings.Builder
	b.WriteString(`{"a":[`)
	values = 2 // the object and its array
	for b.Len() < size-len(unit)-10 {
		b.WriteString(unit)
		b.WriteString(",")
		values += depth + 1
	}
	b.WriteString(`1]}`)
	return []byte(b.String()), values + 1
}

// BenchmarkParseJSONDeepAndLarge times an install edit of a settings file
// at the size limit nested nearly as deep as allowed throughout.
func BenchmarkParseJSONDeepAndLarge(b *testing.B) {
	data, _ := deepJSON(maxSettingsBytes, maxJSONDepth-10)
	e := &Env{Home: "/h", Binary: "/p", Cwd: "/h"}
	edit, _ := e.harnessEdit("claude", harnessFile{path: "/h/settings.json"}, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := edit(data); err != nil {
			b.Fatal(err)
		}
	}
}
