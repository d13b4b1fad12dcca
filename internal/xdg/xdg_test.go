package xdg

import "testing"

func TestDirs(t *testing.T) {
	for _, tt := range []struct {
		xdg, home                 string
		config, state, userConfig string
	}{
		{"", "/home/u", "/home/u/.config/permgate", "/home/u/.local/state/permgate", "/home/u/.config/permgate/config.toml"},
		{"/x", "/home/u", "/x/permgate", "/x/permgate", "/x/permgate/config.toml"},
		{"rel/x", "/home/u", "/home/u/.config/permgate", "/home/u/.local/state/permgate", "/home/u/.config/permgate/config.toml"}, // a relative XDG value does not count
		{"/x", "", "/x/permgate", "/x/permgate", "/x/permgate/config.toml"},
		{"", "", "", "", ""},
	} {
		if got := ConfigDir(tt.xdg, tt.home); got != tt.config {
			t.Errorf("ConfigDir(%q, %q) = %q, want %q", tt.xdg, tt.home, got, tt.config)
		}
		if got := StateDir(tt.xdg, tt.home); got != tt.state {
			t.Errorf("StateDir(%q, %q) = %q, want %q", tt.xdg, tt.home, got, tt.state)
		}
		if got := UserConfigFile(tt.xdg, tt.home); got != tt.userConfig {
			t.Errorf("UserConfigFile(%q, %q) = %q, want %q", tt.xdg, tt.home, got, tt.userConfig)
		}
	}
	if got := ConfigHome("", "/home/u"); got != "/home/u/.config" {
		t.Errorf("ConfigHome = %q", got)
	}
	if got := StateHome("", "/home/u"); got != "/home/u/.local/state" {
		t.Errorf("StateHome = %q", got)
	}
}
