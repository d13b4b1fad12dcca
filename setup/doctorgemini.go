package setup

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// geminiFailsOpen is what lets a call through in Gemini CLI 0.61.0 although
// permgate's hook is registered (verified by compat/suite and by hand).
const geminiFailsOpen = "Gemini CLI runs the call when the hook times out (30 s), exits 1, or exits with no output at all (exit 2 included), " +
	"and runs no hook from any settings file in a folder it does not trust; a missing or crashing permgate blocks (its error reaches stderr)"

// geminiUserDir is Gemini CLI's own directory: ~/.gemini, where
// GEMINI_CLI_HOME (an absolute path) stands for the home.
func (e *Env) geminiUserDir() string {
	if v := e.getenv("GEMINI_CLI_HOME"); filepath.IsAbs(v) {
		return filepath.Join(v, ".gemini")
	}
	return filepath.Join(e.Home, ".gemini")
}

// geminiSystemFiles are Gemini CLI's system-wide settings: the defaults a
// user's settings override, and the settings that override the user's. Each
// can turn all hooks off.
func (e *Env) geminiSystemFiles() []string {
	settings := e.getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if !filepath.IsAbs(settings) {
		settings = "/etc/gemini-cli/settings.json"
	}
	defaults := e.getenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
	if !filepath.IsAbs(defaults) {
		defaults = filepath.Join(filepath.Dir(settings), "system-defaults.json")
	}
	return []string{defaults, settings}
}

// geminiSystem checks Gemini CLI's system settings for a switch that turns
// its hooks off (hooksConfig.enabled false, permgate in hooksConfig.disabled).
func (e *Env) geminiSystem() []Check {
	var out []Check
	for _, p := range e.geminiSystemFiles() {
		doc, bad := e.doctorRead("gemini", p, false, false, "")
		out = append(out, bad...)
		if doc == nil {
			continue
		}
		for _, c := range geminiEnabled(p, doc) {
			if c.Status != OK {
				c.Fix = "ask whoever manages this machine: " + c.Fix
				out = append(out, c)
			}
		}
	}
	return out
}

// geminiTrust checks whether Gemini CLI trusts the folder doctor runs in:
// in a folder it does not trust it runs no hook at all, permgate's (from the
// user's settings) included. Folder trust is on unless the user's settings
// say "security": {"folderTrust": {"enabled": false}}.
func (e *Env) geminiTrust(user *jnode) []Check {
	if e.Cwd == "" || !geminiFolderTrustOn(user) || e.getenv("GEMINI_CLI_TRUST_WORKSPACE") == "true" {
		return nil
	}
	path := e.getenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if !filepath.IsAbs(path) {
		path = filepath.Join(e.geminiUserDir(), "trustedFolders.json")
	}
	rules, bad := e.readTrustRules(path)
	if bad != nil {
		return bad
	}
	return e.folderTrustCheck(geminiTrustOf(rules, e.Cwd), path)
}

// readTrustRules reads Gemini CLI's trusted folders file at path (none when
// it does not exist); one that cannot be read or parsed is a warning.
func (e *Env) readTrustRules(path string) (map[string]string, []Check) {
	data, err := e.readInstalled(path, false)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, []Check{{Warn, "gemini", "cannot read " + path + ": " + err.Error() + "; whether Gemini CLI trusts " + e.Cwd + " is not known", ""}}
	}
	rules := map[string]string{}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &rules); err != nil {
			return nil, []Check{{Warn, "gemini", path + " does not parse (" + err.Error() + "): Gemini CLI may trust no folder, and then runs no hook", "correct " + path}}
		}
	}
	return rules, nil
}

// folderTrustCheck judges the trust level Gemini CLI's rules (in path) give
// the working directory: nothing to say when trusted, a ✘ when not, a
// warning when no rule says.
func (e *Env) folderTrustCheck(level, path string) []Check {
	switch level {
	case "TRUST_FOLDER", "TRUST_PARENT":
		return nil
	case "DO_NOT_TRUST":
		return []Check{{Fail, "gemini", "Gemini CLI does not trust " + e.Cwd + " (" + path + "): there it runs no hook, permgate's included",
			"trust the folder in Gemini CLI (/permissions), or run it elsewhere"}}
	}
	return []Check{{Warn, "gemini", "Gemini CLI has not been told to trust " + e.Cwd + ": if it is not trusted, Gemini CLI runs no hook there, permgate's included", ""}}
}

// geminiFolderTrustOn reads security.folderTrust.enabled (default true).
func geminiFolderTrustOn(user *jnode) bool {
	if user == nil {
		return true
	}
	sec := user.get("security")
	if sec == nil {
		return true
	}
	ft := sec.get("folderTrust")
	if ft == nil {
		return true
	}
	en := ft.get("enabled")
	return en == nil || strings.TrimSpace(en.raw) != "false"
}

// geminiTrustOf is the trust level Gemini CLI gives dir: the rule of the
// longest path that holds it (TRUST_PARENT holds its parent's tree), "" when
// none does.
func geminiTrustOf(rules map[string]string, dir string) string {
	best, level := -1, ""
	for rule, trust := range rules {
		root := filepath.Clean(rule)
		if trust == "TRUST_PARENT" {
			root = filepath.Dir(root)
		}
		rel, err := filepath.Rel(root, filepath.Clean(dir))
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if len(rule) > best {
			best, level = len(rule), trust
		}
	}
	return level
}
