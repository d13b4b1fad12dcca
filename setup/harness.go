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
	home := func(envVar, dir string) string {
		if project {
			return filepath.Join(root, dir)
		}
		return e.userHome(envVar, dir)
	}
	switch name {
	case "claude":
		d := home("CLAUDE_CONFIG_DIR", ".claude")
		return []harnessFile{{dir: d, path: filepath.Join(d, "settings.json")}}
	case "codex":
		d := home("CODEX_HOME", ".codex")
		return []harnessFile{{toml: true, dir: d, path: filepath.Join(d, "config.toml")},
			{own: true, dir: d, path: filepath.Join(d, "hooks.json")}}
	case "gemini":
		d := home("", ".gemini")
		if !project {
			d = e.geminiUserDir()
		}
		return []harnessFile{{dir: d, path: filepath.Join(d, "settings.json")}}
	case "cursor":
		d := home("", ".cursor")
		return []harnessFile{{own: true, dir: d, path: filepath.Join(d, "hooks.json")}}
	case "copilot":
		// Copilot CLI reads every *.json of its hooks directory: permgate
		// writes permgate.json, and finds its hook in the others too.
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
	return nil
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
	root := ""
	if opt.Project {
		var err error
		if root, err = e.projectRoot(); err != nil {
			return nil, err
		}
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
		if install && opt.Project {
			if err := noProjectLink(root, f.path); err != nil {
				return nil, err
			}
		}
		fn, err := e.harnessEdit(name, f, install)
		if err != nil {
			return nil, err
		}
		c, err := e.apply(f.path, applyOpts{newMode: 0o644, dryRun: opt.DryRun}, fn)
		if err != nil {
			return nil, err
		}
		r := result(name, c, install, opt)
		if install && c.changed {
			r.Notes = harnessNotes(name, opt.Project)
		}
		res = append(res, r)
	}
	return res, nil
}

// harnessEdit is the change install or uninstall makes to one settings file.
func (e *Env) harnessEdit(name string, f harnessFile, install bool) (edit, error) {
	var snip string
	if install {
		var err error
		if snip, err = e.snippet(name); err != nil {
			return nil, err
		}
	}
	if f.toml {
		return func(old []byte) ([]byte, bool, error) {
			if _, err := parseTOML(f.path, old); err != nil {
				return nil, false, err
			}
			if install {
				out, err := mergeTOML(f.path, string(old), tomlBlock(snip), name)
				return []byte(out), false, err
			}
			text := string(old)
			if name == "codex" {
				// Codex's trust of permgate's hooks goes with them.
				doc, err := parseTOML(f.path, old)
				if err != nil {
					return nil, false, err
				}
				hooks, _ := doc["hooks"].(map[string]any)
				if text, err = removeCodexStates(text, f.path, hooks); err != nil {
					return nil, false, fmt.Errorf("%s: %w", f.path, err)
				}
			}
			out, err := removeTOML(f.path, text, name)
			return []byte(out), false, err
		}, nil
	}
	return func(old []byte) ([]byte, bool, error) {
		doc, err := parseJSON(f.path, old)
		if err != nil {
			return nil, false, err
		}
		var changed bool
		if install {
			want, err := parseJSON(name+" settings snippet", []byte(snip))
			if err != nil {
				return nil, false, err
			}
			changed, err = mergeJSON(f.path, doc, fresh(want), name)
			if err != nil {
				return nil, false, err
			}
		} else {
			if changed, err = removeJSON(f.path, doc, name); err != nil {
				return nil, false, err
			}
			if changed && f.own && onlyVersion(doc) {
				return nil, true, nil
			}
		}
		if !changed {
			return old, false, nil
		}
		return formatJSON(doc, indentOf(old)), false, nil
	}, nil
}
