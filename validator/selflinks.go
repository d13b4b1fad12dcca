package validator

import (
	"path"
	"slices"
)

// selfWrite says why writing p changes permgate or the hook settings that
// register it — one of their files by name (selfFile), or the file a settings
// link leads to — or "".
func (v *Validator) selfWrite(p string) string {
	if why := v.selfFile(p); why != "" {
		return why
	}
	if v.linkedSettings(p) {
		return harnessWhy + " (through the link that names it)"
	}
	return ""
}

// linkedSettings reports a path that a harness settings file in the home or
// working directory is a link to (~/.claude/settings.json ->
// ~/dotfiles/claude/settings.json): writing there changes the settings as
// writing them does, though neither its name nor its directory says so. The
// links are resolved once, on the first write judged (Env.LinkTarget, else
// Env.Resolve). A link further up (a home under /usr/home) keeps the
// .claude/settings.json names, which are judged by name.
func (v *Validator) linkedSettings(p string) bool {
	if !v.settingsDone {
		v.settingsDone = true
		resolve := v.env.LinkTarget
		if resolve == nil {
			resolve = v.env.Resolve
		}
		if resolve != nil {
			for _, a := range v.selfAnchors()[len(v.env.StateDirs):] {
				if r := resolve(a); r != "" && path.Clean(r) != a {
					v.settingsLinks = append(v.settingsLinks, path.Clean(r))
				}
			}
		}
	}
	return slices.Contains(v.settingsLinks, p)
}
