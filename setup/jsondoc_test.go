package setup

import (
	"strings"
	"testing"
	"time"
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

// TestParseJSONDeepAndLarge: a settings file at the size limit, nested
// nearly as deep as allowed throughout, parses in a few seconds at most
// (walking each subtree again at every level above it took 18 s, in which
// doctor and install all but hung).
func TestParseJSONDeepAndLarge(t *testing.T) {
	unit := strings.Repeat("[", maxJSONDepth-10) + `"x"` + strings.Repeat("]", maxJSONDepth-10)
	var b strings.Builder
	b.WriteString(`{"a":[`)
	for b.Len() < maxSettingsBytes-len(unit)-10 {
		b.WriteString(unit)
		b.WriteString(",")
	}
	b.WriteString(`1]}`)
	start := time.Now()
	if _, err := parseJSON("x", []byte(b.String())); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("parsing took %s", d)
	}
}
