package setup

import (
	"bytes"
	"testing"
)

// FuzzParseJSON: no settings file makes the JSON reader, writer or doctor's search panic.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/p/permgate hook claude"}]}]}}`))
	f.Add([]byte(`{"a":"\u00e9\\\"","b":[1,2,{}],"c":null}`))
	f.Add([]byte("{\n  // c\n  \"a\": [1, /* d */ 2]\n}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, parse := range []func(string, []byte) (*jnode, error){parseJSON, parseJSONC} {
			n, err := parse("x", data)
			if err != nil {
				continue
			}
			// Written back unedited, a file is the same bytes.
			if got := writeBack(n, indentOf(data)); len(bytes.TrimSpace(data)) > 0 && !bytes.Equal(got, data) {
				t.Fatalf("unedited file written back as %q", got)
			}
			jsonRegistered(n, "claude")
			gatesShell(n, "cursor")
			gatesShell(n, "claude")
		}
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
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/p/permgate hook claude"}]}]}}`))
	f.Add([]byte(`{"version":1,"hooks":{"preToolUse":[{"command":"/p/permgate hook cursor"},"x",3]}}`))
	f.Add([]byte(`{"hooks":[1],"version":"1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := &Env{Home: "/h", Binary: "/p/permgate", Cwd: "/h"}
		for _, name := range []string{"claude", "gemini", "cursor", "copilot"} {
			for _, install := range []bool{true, false} {
				fn, err := e.harnessEdit(name, harnessFile{path: "/h/x.json"}, install)
				if err != nil {
					t.Fatal(err)
				}
				out, _, err := fn(data)
				if err == nil && out != nil {
					if _, err := settingsParser(name)("out", out); err != nil {
						t.Fatalf("%s install=%v wrote a file it cannot read: %v\n%s", name, install, err, out)
					}
				}
			}
		}
	})
}
