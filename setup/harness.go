package setup

import (
	"fmt"
	"path/filepath"

	"github.com/permgate/permgate/harness"
)

// harnessFile is where one harness keeps its hooks.
type harnessFile struct {
	// toml marks a TOML settings file (Codex's config.toml); else JSON.
	toml bool
	// own marks a file that holds only hooks (Cursor's hooks.json, Copilot's
	// hooks/permgate.json): uninstall removes it when nothing else is left.
	own bool
	// dir is the harness's own directory: doctor checks a harness whose
	// directory exists.
	dir  string
	path string
}

// userHome is a harness's directory in the home: $VAR when set to an
// absolute path, else ~/NAME.
func (e *Env) userHome(envVar, name string) string {
	if v := e.getenv(envVar); envVar != "" && filepath.IsAbs(v) {
		return v
	}
	return filepath.Join(e.Home, name)
}

// harnessFiles returns the settings file where install registers harness:
// the user's, or with project the project's (under root). For Codex, other
// files that may hold its hooks (hooks.json) follow, for uninstall and doctor.
func (e *Env) harnessFiles(name string, project bool, root string) []harnessFile {
	switch name {
	case "claude":
		d := e.harnessDir("CLAUDE_CONFIG_DIR", ".claude", project, root)
		return []harnessFile{{dir: d, path: filepath.Join(d, "settings.json")}}
	case "codex":
		d := e.harnessDir("CODEX_HOME", ".codex", project, root)
		return []harnessFile{{toml: true, dir: d, path: filepath.Join(d, "config.toml")},
			{own: true, dir: d, path: filepath.Join(d, "hooks.json")}}
	case "gemini":
		d := filepath.Join(root, ".gemini")
		if !project {
			d = e.geminiUserDir()
		}
		return []harnessFile{{dir: d, path: filepath.Join(d, "settings.json")}}
	case "cursor":
		d := e.harnessDir("", ".cursor", project, root)
		return []harnessFile{{own: true, dir: d, path: filepath.Join(d, "hooks.json")}}
	case "copilot":
		return e.copilotFiles(project, root)
	}
	return nil
}

// harnessDir is a harness's directory: NAME under the project's root
// (project), else the user's (userHome).
func (e *Env) harnessDir(envVar, name string, project bool, root string) string {
	if project {
		return filepath.Join(root, name)
	}
	return e.userHome(envVar, name)
}

// copilotFiles are Copilot CLI's hooks files. Copilot CLI reads every *.json
// of its hooks directory: permgate writes permgate.json, and finds its hook
// in the others too.
func (e *Env) copilotFiles(project bool, root string) []harnessFile {
	d := e.userHome("COPILOT_HOME", ".copilot")
	hooks := filepath.Join(d, "hooks")
	if project {
		d = filepath.Join(root, ".github", "hooks")
		hooks = d
	}
	files := []harnessFile{{own: true, dir: d, path: filepath.Join(hooks, "permgate.json")}}
	others, _ := filepath.Glob(filepath.Join(hooks, "*.json"))
	for _, p := range others {
		if filepath.Base(p) != "permgate.json" {
			files = append(files, harnessFile{own: true, dir: d, path: p})
		}
	}
	return files
}

// harnessNotes are what the user must still do after installing.
func harnessNotes(name string, project bool) []string {
	switch name {
	case "codex":
		return []string{"Codex runs a hook only once it is trusted: start codex, open /hooks and trust permgate's PreToolUse and PermissionRequest hooks (again whenever their command changes; `permgate doctor` says whether Codex trusts them)"}
	case "gemini":
		if project {
			return []string{"Gemini CLI reads a project's .gemini/settings.json only in a folder you trust; hooks need Gemini CLI 0.27 or later, or \"hooksConfig\": {\"enabled\": true}"}
		}
		return []string{"Gemini CLI runs hooks from version 0.27 on; an older one needs \"hooksConfig\": {\"enabled\": true} in this file"}
	case "claude":
		return []string{"Claude Code sessions already running pick up the hook after a restart (or once reviewed in /hooks)"}
	case "copilot":
		if project {
			// Copilot CLI 1.0.102, verified: -p runs no .github/hooks
			// hook, --allow-all included, unless the folder is trusted.
			return []string{"Copilot CLI runs a repository's .github/hooks only in a folder it trusts (trust it when Copilot asks, or copilot -p --trust-folder); elsewhere the hook never runs: permgate install copilot covers every folder"}
		}
	}
	return nil
}

// snippet is the harness's settings snippet with this permgate's command.
func (e *Env) snippet(name string) (string, error) {
	h, ok := harness.Lookup(name)
	if !ok {
		return "", fmt.Errorf("this permgate has no %s hook", name)
	}
	return h.Settings(jsonQuote(HookCommand(e.Binary, name))), nil
}

// harness installs or uninstalls the hook of one agent harness.
func (e *Env) harness(name string, opt Options, install bool) ([]Result, error) {
	root, err := e.projectRootIf(opt.Project)
	if err != nil {
		return nil, err
	}
	files := e.harnessFiles(name, opt.Project, root)
	if install {
		files = files[:1] // the others are looked in by uninstall and doctor only
	}
	var res []Result
	for i, f := range files {
		if i > 0 && !exists(f.path) {
			continue
		}
		r, err := e.harnessFile(name, f, root, opt, install)
		if err != nil {
			return nil, err
		}
		res = append(res, r)
	}
	return res, nil
}

// harnessFile installs or uninstalls the hook in one of the harness's
// settings files (a project's under root).
func (e *Env) harnessFile(name string, f harnessFile, root string, opt Options, install bool) (Result, error) {
	if install && opt.Project {
		if err := noProjectLink(root, f.path); err != nil {
			return Result{}, err
		}
	}
	fn, err := e.harnessEdit(name, f, install)
	if err != nil {
		return Result{}, err
	}
	c, err := e.apply(f.path, applyOpts{newMode: 0o644, dryRun: opt.DryRun}, fn)
	if err != nil {
		return Result{}, err
	}
	r := result(name, c, install, opt)
	if install && c.changed {
		r.Notes = harnessNotes(name, opt.Project)
	}
	return r, nil
}

// harnessEdit is the change install or uninstall makes to one settings file.
func (e *Env) harnessEdit(name string, f harnessFile, install bool) (edit, error) {
	switch {
	case !install && f.toml:
		return tomlUninstall(name, f.path), nil
	case !install:
		return jsonUninstall(name, f), nil
	}
	snip, err := e.snippet(name)
	if err != nil {
		return nil, err
	}
	if f.toml {
		return tomlInstall(name, f.path, snip), nil
	}
	return jsonInstall(name, f.path, snip), nil
}

// tomlInstall registers the hook, as the settings snippet snip has it, in
// the TOML settings file at path.
func tomlInstall(name, path, snip string) edit {
	return func(old []byte) ([]byte, bool, error) {
		if _, err := parseTOML(path, old); err != nil {
			return nil, false, err
		}
		out, err := mergeTOML(path, string(old), tomlBlock(snip), name)
		return []byte(out), false, err
	}
}

// tomlUninstall removes the hook from the TOML settings file at path; for
// Codex, its trust of permgate's hooks goes with them.
func tomlUninstall(name, path string) edit {
	return func(old []byte) ([]byte, bool, error) {
		doc, err := parseTOML(path, old)
		if err != nil {
			return nil, false, err
		}
		text := string(old)
		if name == "codex" {
			hooks, _ := doc["hooks"].(map[string]any)
			if text, err = removeCodexStates(text, path, hooks); err != nil {
				return nil, false, fmt.Errorf("%s: %w", path, err)
			}
		}
		out, err := removeTOML(path, text, name)
		return []byte(out), false, err
	}
}

// jsonInstall merges the hook, as the settings snippet snip has it, into
// the JSON settings file at path.
func jsonInstall(name, path, snip string) edit {
	return func(old []byte) ([]byte, bool, error) {
		doc, err := settingsParser(name)(path, old)
		if err != nil {
			return nil, false, err
		}
		want, err := parseJSON(name+" settings snippet", []byte(snip))
		if err != nil {
			return nil, false, err
		}
		changed, err := mergeJSON(path, doc, fresh(want), name)
		if err != nil {
			return nil, false, err
		}
		return jsonOut(old, doc, changed), false, nil
	}
}

// jsonUninstall removes the hook from the JSON settings file f; a file of
// permgate's own (f.own) left with nothing but its version is removed.
func jsonUninstall(name string, f harnessFile) edit {
	return func(old []byte) ([]byte, bool, error) {
		doc, err := settingsParser(name)(f.path, old)
		if err != nil {
			return nil, false, err
		}
		changed, err := removeJSON(f.path, doc, name)
		if err != nil {
			return nil, false, err
		}
		if changed && f.own && onlyVersion(doc) {
			return nil, true, nil
		}
		return jsonOut(old, doc, changed), false, nil
	}
}

// settingsParser reads a harness's JSON settings as the harness does:
// Gemini CLI strips comments before it parses its settings.json; Claude
// Code, Cursor and Copilot CLI are given plain JSON.
func settingsParser(harness string) func(path string, data []byte) (*jnode, error) {
	if harness == "gemini" {
		return parseJSONC
	}
	return parseJSON
}

// jsonOut is a JSON settings file's new content: old when the edit changed
// nothing, else doc written with old's indentation.
func jsonOut(old []byte, doc *jnode, changed bool) []byte {
	if !changed {
		return old
	}
	return writeBack(doc, indentOf(old))
}
