package cmd

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	tests := []struct {
		set  string
		info *debug.BuildInfo
		want string
	}{
		{"1.2.3", nil, "permgate 1.2.3 ("},
		{"", nil, "permgate devel ("},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}}, "permgate v0.4.0 ("},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}, "permgate devel 0123456789ab+modified ("},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}}}, "permgate devel abc ("},
	}
	for _, tt := range tests {
		if got := formatVersion(tt.set, tt.info); !strings.HasPrefix(got, tt.want) {
			t.Errorf("formatVersion(%q, …) = %q, want prefix %q", tt.set, got, tt.want)
		}
	}
}
