package self

import (
	"github.com/permgate/permgate/internal/lazy"
	"path"
	"slices"
	"strings"
)

// This file says where the harnesses keep the hook settings that register
// permgate: by name wherever they are, and in the home, the working directory
// and a harness directory an environment variable moved.

// harnessSettings reports the hook settings files of Claude Code, Codex,
// Gemini CLI, Cursor (.cursor/hooks.json, and the managed Cursor/hooks.json)
// GitHub Copilot (.github/hooks/*.json in a repository, ~/.copilot/hooks/*.json
// for the user) and OpenCode (the plugins of ~/.config/opencode and a
// project's .opencode, permgate's among them, and its opencode.json), wherever
// they are.
func harnessSettings(p string) string {
	dir := path.Dir(p)
	// install's backup beside a settings file is guarded as the file is: a
	// directory planted there would make the next install fail, and a person
	// restoring it would restore what the agent wrote.
	base := strings.TrimSuffix(path.Base(p), ".permgate-backup")
	if copilotExtension(p) {
		return extensionWhy
	}
	if settings, ok := settingsIn.Get()[path.Base(dir)]; ok && settings(path.Base(path.Dir(dir)), base) {
		return harnessWhy
	}
	// OpenCode's config lists more plugins and holds the permissions that
	// decide what permgate leaves to OpenCode.
	if base == "opencode.json" || base == "opencode.jsonc" {
		return harnessWhy
	}
	return ""
}

// settingsIn says, by the name of a directory, which files in it are a
// harness's hook settings: each is given the name of the directory above
// and the file's base name.
var settingsIn = lazy.Value[map[string]func(parent string, base string) bool]{Make: func() map[string]func(parent string, base string) bool {
	return map[string]func(parent, base string) bool{
		".claude": func(_, base string) bool {
			return strings.HasPrefix(base, "settings") && strings.HasSuffix(base, ".json")
		},
		".codex": oneOf("config.toml", "hooks.json"),
		// trustedFolders.json decides whether a folder's own settings count.
		".gemini": oneOf("settings.json", "trustedFolders.json"),
		// Codex's execpolicy rules and Gemini CLI's policy files decide what
		// runs when permgate leaves an ask to the harness's own approval.
		"rules": policyFile, "policies": policyFile,
		// cli-config.json and a project's cli.json hold Cursor CLI's own
		// command permissions.
		".cursor": cursorFile.Get(), "Cursor": cursorFile.Get(), "cursor": cursorFile.Get(),
		// Copilot CLI's settings and the tool permissions it saved decide
		// what runs when permgate leaves a call to Copilot's own approval.
		".copilot": oneOf("settings.json", "config.json", "permissions-config.json"),
		"hooks": func(parent, base string) bool {
			return (parent == ".github" || parent == ".copilot") && strings.HasSuffix(base, ".json")
		},
		// OpenCode runs every plugin there before each tool call: one of them
		// is permgate's, and another can rewrite a call after permgate judged it.
		"plugin": opencodePlugin, "plugins": opencodePlugin,
	}
}}

// cursorFile reports Cursor's hook settings and command permissions.
var cursorFile = lazy.Value[func(parent string, base string) bool]{Make: func() func(parent string, base string) bool {
	return oneOf("hooks.json", "cli-config.json", "cli.json")
}}

// oneOf reports a file of one of the names.
func oneOf(names ...string) func(parent, base string) bool {
	return func(_, base string) bool { return slices.Contains(names, base) }
}

// policyFile reports Codex's .rules and Gemini CLI's .toml policy files.
func policyFile(parent, base string) bool {
	return parent == ".codex" && strings.HasSuffix(base, ".rules") || parent == ".gemini" && strings.HasSuffix(base, ".toml")
}

// opencodePlugin reports a plugin of OpenCode's config directory.
func opencodePlugin(parent, base string) bool {
	return OpencodeDir(parent) && (strings.HasSuffix(base, ".js") || strings.HasSuffix(base, ".ts"))
}

// extensionWhy is the reason given for a write of a Copilot CLI extension.
const extensionWhy = "a GitHub Copilot CLI extension (code Copilot runs at every start, outside any hook, and whose own hooks answer its tool calls)"

// copilotExtension reports a file in, or the directory of, Copilot CLI's
// extensions: ~/.copilot/extensions/NAME/extension.mjs and what it imports
// (Copilot 1.0.102 runs it at the start of every session, -p included, with
// no folder trust) and a repository's .github/extensions, which Copilot's
// own documentation names.
func copilotExtension(p string) bool {
	for _, dir := range []string{"/.copilot/extensions", "/.github/extensions"} {
		if strings.HasSuffix(p, dir) || strings.Contains(p, dir+"/") {
			return true
		}
	}
	return false
}

// OpencodeDir reports OpenCode's config directory names: ~/.config/opencode
// (and $OPENCODE_CONFIG_DIR, judged as it), a project's .opencode.
func OpencodeDir(name string) bool { return name == "opencode" || name == ".opencode" }

// movedAnchors are the hook settings files of a harness directory that an
// environment variable moved (Env.HarnessHomes), by the name it stands for.
var movedAnchors = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		".claude": {"settings.json", "settings.local.json"}, ".codex": {"config.toml", "hooks.json"}, ".copilot": {"hooks/permgate.json"},
		"opencode": {"plugin/permgate.js"},
	}
}}
