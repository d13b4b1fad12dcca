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
