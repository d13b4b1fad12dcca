// Package xdg says where permgate's user config and state live, by the XDG
// base directory rules: $XDG_CONFIG_HOME and $XDG_STATE_HOME when they are
// absolute, else ~/.config and ~/.local/state. It reads no environment: the
// caller passes the values in.
package xdg

import "path/filepath"

// App is the name of permgate's directory under each base directory.
const App = "permgate"

// ConfigHome returns xdgConfigHome when it is an absolute path, else
// home/.config; "" when neither is known.
func ConfigHome(xdgConfigHome, home string) string {
	return base(xdgConfigHome, home, ".config")
}

// StateHome returns xdgStateHome when it is an absolute path, else
// home/.local/state; "" when neither is known.
func StateHome(xdgStateHome, home string) string {
	return base(xdgStateHome, home, ".local", "state")
}

// ConfigDir is permgate's user config directory: ConfigHome/permgate.
func ConfigDir(xdgConfigHome, home string) string {
	return app(ConfigHome(xdgConfigHome, home))
}

// StateDir is permgate's state directory: StateHome/permgate.
func StateDir(xdgStateHome, home string) string {
	return app(StateHome(xdgStateHome, home))
}

// UserConfigFile is the user config: ConfigDir/config.toml, or "".
func UserConfigFile(xdgConfigHome, home string) string {
	if d := ConfigDir(xdgConfigHome, home); d != "" {
		return filepath.Join(d, "config.toml")
	}
	return ""
}

func base(xdgValue, home string, underHome ...string) string {
	switch {
	case filepath.IsAbs(xdgValue):
		return xdgValue
	case home != "":
		return filepath.Join(append([]string{home}, underHome...)...)
	}
	return ""
}

func app(dir string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, App)
}
