package self

import (
	"path"
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
	switch path.Base(dir) {
	case ".claude":
		if strings.HasPrefix(base, "settings") && strings.HasSuffix(base, ".json") {
			return harnessWhy
		}
	case ".codex":
		if base == "config.toml" || base == "hooks.json" {
			return harnessWhy
		}
	case ".gemini":
		// trustedFolders.json decides whether a folder's own settings count.
		if base == "settings.json" || base == "trustedFolders.json" {
			return harnessWhy
		}
	case "rules", "policies":
		// Codex's execpolicy rules and Gemini CLI's policy files decide what
		// runs when permgate leaves an ask to the harness's own approval.
		parent := path.Base(path.Dir(dir))
		if parent == ".codex" && strings.HasSuffix(base, ".rules") || parent == ".gemini" && strings.HasSuffix(base, ".toml") {
			return harnessWhy
		}
	case ".cursor", "Cursor", "cursor":
		// cli-config.json and a project's cli.json hold Cursor CLI's own
		// command permissions.
		if base == "hooks.json" || base == "cli-config.json" || base == "cli.json" {
			return harnessWhy
		}
	case ".copilot":
		// Copilot CLI's settings and the tool permissions it saved decide
		// what runs when permgate leaves a call to Copilot's own approval.
		if base == "settings.json" || base == "config.json" || base == "permissions-config.json" {
			return harnessWhy
		}
	case "hooks":
		if parent := path.Base(path.Dir(dir)); (parent == ".github" || parent == ".copilot") && strings.HasSuffix(base, ".json") {
			return harnessWhy
		}
	case "plugin", "plugins":
		// OpenCode runs every plugin there before each tool call: one of them
		// is permgate's, and another can rewrite a call after permgate judged it.
		if OpencodeDir(path.Base(path.Dir(dir))) && (strings.HasSuffix(base, ".js") || strings.HasSuffix(base, ".ts")) {
			return harnessWhy
		}
	}
	// OpenCode's config lists more plugins and holds the permissions that
	// decide what permgate leaves to OpenCode.
	if base == "opencode.json" || base == "opencode.jsonc" {
		return harnessWhy
	}
	return ""
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
var movedAnchors = map[string][]string{
	".claude": {"settings.json", "settings.local.json"}, ".codex": {"config.toml", "hooks.json"}, ".copilot": {"hooks/permgate.json"},
	"opencode": {"plugin/permgate.js"},
}
