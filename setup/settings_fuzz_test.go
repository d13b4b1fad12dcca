package setup

import "testing"

// FuzzParseJSON: no settings file makes the JSON reader, writer or doctor's search panic.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/p hook claude"}]}]}}`))
	f.Add([]byte(`{"a":"\u00e9\\\"","b":[1,2,{}],"c":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := parseJSON("x", data)
		if err != nil {
			return
		}
		var walk func(m *jnode)
		walk = func(m *jnode) {
			if m.src != "" && m.orig != compact(m) {
				t.Fatalf("orig %q, compact %q", m.orig, compact(m))
			}
			for _, mem := range m.members {
				walk(mem.val)
			}
			for _, it := range m.items {
				walk(it)
			}
		}
		walk(n)
		formatJSON(n, indentOf(data))
		jsonRegistered(n, "claude")
		gatesShell(n, "cursor")
		gatesShell(n, "claude")
	})
}

// FuzzTOML: no Codex config makes the TOML section finder or merge panic.
func FuzzTOML(f *testing.F) {
	f.Add(codexBefore)
	f.Add("[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/p hook codex\"\n")
	f.Add("[a]\n'q.x'.\"y\" = 1\n[[hooks.x]]\n")
	f.Fuzz(func(t *testing.T, text string) {
		tomlSections(text)
		removeTOML("x", text, "codex")
		mergeTOML("x", text, "[[hooks.PreToolUse]]\nmatcher = \"*\"\n", "codex")
	})
}

// FuzzHarnessEdit: install and uninstall of every JSON harness never panic
// on a settings file of any shape.
func FuzzHarnessEdit(f *testing.F) {
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/p hook claude"}]}]}}`))
	f.Add([]byte(`{"version":1,"hooks":{"preToolUse":[{"command":"/p hook cursor"},"x",3]}}`))
	f.Add([]byte(`{"hooks":[1],"version":"1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := &Env{Home: "/h", Binary: "/p", Cwd: "/h"}
		for _, name := range []string{"claude", "gemini", "cursor", "copilot"} {
			for _, install := range []bool{true, false} {
				fn, err := e.harnessEdit(name, harnessFile{path: "/h/x.json"}, install)
				if err != nil {
					t.Fatal(err)
				}
				fn(data)
			}
		}
	})
}
