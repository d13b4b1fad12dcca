package setup

import (
	"strings"
	"testing"
)

func TestJSONKeepsLiterals(t *testing.T) {
	in := "{\n  \"n\": 1.50e3,\n  \"s\": \"caf\\u00e9 \\/ x\",\n  \"hooks\": {}\n}\n"
	doc, err := parseJSON("f", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(formatJSON(doc, indentOf([]byte(in)))); got != in {
		t.Fatalf("unchanged document rewritten:\n%s", got)
	}
	// A changed document keeps every literal as written.
	doc.get("hooks").set("E", &jnode{array: true})
	got := string(formatJSON(doc, "  "))
	if !strings.Contains(got, `"n": 1.50e3,`) || !strings.Contains(got, `"s": "caf\u00e9 \/ x",`) || !strings.Contains(got, "\"E\": []") {
		t.Fatalf("literals changed:\n%s", got)
	}
}

func TestJSONRefusals(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\"a\": 1,}", "f:1: not valid JSON"},
		{"{\n\"a\": 1 /* c */\n}", "f:2: not valid JSON: a comment"},
		{strings.Repeat("[", 300) + strings.Repeat("]", 300), "nested more than"},
		{`"just a string"`, "not a JSON object"},
	} {
		if _, err := parseJSON("f", []byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
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

// TestParseJSONDeepAndLarge: parsing a settings file nested nearly as deep as
// allowed throughout looks at each value a bounded number of times however deep
// it sits, so a file at the size limit costs one pass, not one per level
// (walking each subtree again at every level above it took 18 s, in which
// doctor and install all but hung). The work is counted, not timed, on a file
// small enough to be cheap; BenchmarkParseJSONDeepAndLarge times one at the
// size limit.
func TestParseJSONDeepAndLarge(t *testing.T) {
	visits := 0
	testOnlyJSONVisit = func() { visits++ }
	t.Cleanup(func() { testOnlyJSONVisit = nil })
	for _, depth := range []int{10, maxJSONDepth - 10} {
		data, values := deepJSON(64<<10, depth)
		visits = 0
		if _, err := parseJSON("x", data); err != nil {
			t.Fatal(err)
		}
		if visits == 0 || visits > 2*values {
			t.Errorf("nested %d deep: %d visits for %d values, want 1 to 2 per value", depth, visits, values)
		}
	}
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

// BenchmarkParseJSONDeepAndLarge times a settings file at the size limit nested
// nearly as deep as allowed throughout. Its B/op is far more than the file's
// size: each array and object keeps its source text and compact form, so what
// a parse copies grows with size × depth.
func BenchmarkParseJSONDeepAndLarge(b *testing.B) {
	data, _ := deepJSON(maxSettingsBytes, maxJSONDepth-10)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseJSON("x", data); err != nil {
			b.Fatal(err)
		}
	}
}
