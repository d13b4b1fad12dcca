package validator

import (
	"path"
	"slices"
)

// linkedSettings reports a path that a harness settings file in the home or
// working directory is a link to (~/.claude/settings.json ->
// ~/dotfiles/claude/settings.json): writing there changes the settings as
// writing them does, though neither its name nor its directory says so. The
// links are resolved once, on the first write judged (Env.Resolve).
func (v *Validator) linkedSettings(p string) bool {
	if !v.settingsDone {
		v.settingsDone = true
		if v.env.Resolve != nil {
			for _, a := range v.selfAnchors()[len(v.env.StateDirs):] {
				if r := v.env.Resolve(a); r != "" && path.Clean(r) != a {
					v.settingsLinks = append(v.settingsLinks, path.Clean(r))
				}
			}
		}
	}
	return slices.Contains(v.settingsLinks, p)
}
