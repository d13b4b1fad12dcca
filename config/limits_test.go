package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLimitsDeadline: [limits] deadline sets the wall-clock budget of an
// answer; a bad value is an error at its line; an untrusted project file
// may shorten it but not lengthen it.
func TestLimitsDeadline(t *testing.T) {
	tests := []struct {
		name, user, project string
		want                time.Duration
		err, ignored        string
	}{
		{name: "default", want: DefaultDeadline},
		{name: "user sets it", user: "[limits]\ndeadline = \"5s\"\n", want: 5 * time.Second},
		{name: "untrusted project shortens it", project: "[limits]\ndeadline = \"500ms\"\n", want: 500 * time.Millisecond},
		{name: "untrusted project cannot lengthen it", project: "[limits]\ndeadline = \"20s\"\n", want: DefaultDeadline, ignored: "[limits] deadline = 20s"},
		{name: "not a duration", user: "[limits]\ndeadline = \"soon\"\n", err: "user.toml:2: limits.deadline: \"soon\" is not a duration"},
		{name: "too short", user: "\n[limits]\ndeadline = \"1ms\"\n", err: "user.toml:3: limits.deadline: 1ms is outside 100ms … 30s"},
		{name: "too long", user: "[limits]\ndeadline = \"1h\"\n", err: "limits.deadline: 1h0m0s is outside"},
		{name: "unknown key", user: "[limits]\ntimeout = \"1s\"\n", err: "limits.timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := writeFiles(t, t.TempDir(), map[string]string{"user.toml": tt.user, "project.toml": tt.project})
			cfg, err := Load(Paths{User: f["user.toml"], Project: f["project.toml"]}, trustAll(false))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Deadline.Value != tt.want {
				t.Errorf("deadline %s from %s, want %s", cfg.Deadline.Value, cfg.Deadline.Source, tt.want)
			}
			if warned := strings.Join(cfg.Warnings, "\n"); tt.ignored != "" && !strings.Contains(warned, tt.ignored) {
				t.Errorf("warnings %q do not name %q", warned, tt.ignored)
			}
		})
	}
}

// TestUntrustedRulesBounded: a project file nobody trusted may hold at most
// MaxUntrustedRules rules: more is an error at its [permission] line, so a
// planted file cannot make every answer slow (a trusted one may hold more).
func TestUntrustedRulesBounded(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("# planted\n[permission]\ndeny = [\n")
	for i := range MaxUntrustedRules + 1 {
		fmt.Fprintf(&sb, "  \"bash(tool%d)\",\n", i)
	}
	sb.WriteString("]\n")
	f := writeFiles(t, t.TempDir(), map[string]string{"project.toml": sb.String()})
	_, err := Load(Paths{Project: f["project.toml"]}, trustAll(false))
	if err == nil || !strings.Contains(err.Error(), "project.toml:2: 1025 rules, more than the 1024 a file that is not trusted may hold") {
		t.Fatalf("error %v", err)
	}
	if _, err := Load(Paths{Project: f["project.toml"]}, trustAll(true)); err != nil {
		t.Fatalf("trusted: %v", err)
	}
}
