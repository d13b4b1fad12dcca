package validator

import "strings"

// movedHarnessSettings reports a hook settings file in a harness directory
// an environment variable moved (Env.HarnessHomes): $CODEX_HOME/config.toml is
// judged as ~/.codex/config.toml is.
func (v *Validator) movedHarnessSettings(p string) string {
	for dir, name := range v.env.HarnessHomes {
		if dir == "" || dir == "/" || !under(p, dir) {
			continue
		}
		if why := harnessSettings("/" + name + strings.TrimPrefix(p, dir)); why != "" {
			return why
		}
	}
	return ""
}

// movedAnchors are the hook settings files of a harness directory that an
// environment variable moved (Env.HarnessHomes), by the name it stands for.
var movedAnchors = map[string][]string{
	".claude": {"settings.json", "settings.local.json"}, ".codex": {"config.toml", "hooks.json"}, ".copilot": {"hooks/permgate.json"},
}
