package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/policy"
)

// TestLoadActionsErrors: an unknown class or value in [actions] is an error
// naming the file, the line and the key, as other keys' are.
func TestLoadActionsErrors(t *testing.T) {
	for name, tt := range map[string]struct {
		content string
		want    string
	}{
		"unknown class":     {"mode = \"default\"\n[actions]\nfilesystem_delete = \"ask\"\nfile_delete = \"ask\"\n", `:4: actions.file_delete: unknown action "file_delete"`},
		"class in any case": {"[actions]\n\nFilesystem_Delete = \"ask\"\n", `:3: actions.Filesystem_Delete: unknown action`},
		"unknown value":     {"[actions]\nnetwork_outbound = \"prompt\"\n", `:2: actions.network_outbound: unknown action policy "prompt" (want allow, ask or deny)`},
		"value in any case": {"[actions]\nnetwork_outbound = \"Deny\"\n", `:2: actions.network_outbound: unknown action policy "Deny"`},
		"not a string":      {"[actions]\nnetwork_outbound = true\n", ":2: "},
		"not a table":       {"actions = \"deny\"\n", `:1: actions must be a table ([actions]), not string`},
		"dotted key":        {"\nactions.process_kill = \"maybe\"\n", `:2: actions.process_kill: unknown action policy "maybe"`},
		"inline table":      {"\nactions = { code_execution = \"never\" }\n", `:2: actions.code_execution: unknown action policy`},
	} {
		t.Run(name, func(t *testing.T) {
			f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": tt.content})
			_, err := Load(Paths{User: f["c.toml"]}, nil)
			var cerr *Error
			if !errors.As(err, &cerr) {
				t.Fatalf("error = %v, want a *config.Error", err)
			}
			if !strings.HasPrefix(err.Error(), f["c.toml"]) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want it to start with the file and contain %q", err, tt.want)
			}
		})
	}
}

// TestLoadActionsMerge: the strictest policy of any layer stands for each
// class, with its source; an untrusted project file adds asks and denies and
// its allows are ignored with a warning; a trusted one's allows count.
func TestLoadActionsMerge(t *testing.T) {
	f := writeFiles(t, t.TempDir(), map[string]string{
		"system.toml": "[actions]\nsystem_change = \"deny\"\nnetwork_outbound = \"ask\"\n",
		"user.toml": "[actions]\nsystem_change = \"allow\"\nnetwork_outbound = \"allow\"\nfilesystem_delete = \"allow\"\n" +
			"filesystem_write = \"allow\"\nprocess_kill = \"ask\"\n",
		"project.toml": "[actions]\nfilesystem_delete = \"ask\"\nprocess_kill = \"deny\"\ncode_execution = \"allow\"\n",
	})
	paths := Paths{System: f["system.toml"], User: f["user.toml"], Project: f["project.toml"]}
	want := map[effect.Class]policy.Action{
		effect.SystemChange:      policy.ActionDeny, // the system's deny beats the user's allow
		effect.NetworkOutbound:   policy.ActionAsk,  // the system's ask beats the user's allow
		effect.FilesystemDelete:  policy.ActionAsk,  // the project tightens the user's allow
		effect.FilesystemWrite:   policy.ActionAllow,
		effect.ProcessKill:       policy.ActionDeny, // the project tightens the user's ask
		effect.CodeExecution:     "",                // the untrusted project's allow is ignored
		effect.EnvironmentChange: "",
	}
	cfg, err := Load(paths, trustAll(false))
	if err != nil {
		t.Fatal(err)
	}
	for c, w := range want {
		got, _ := cfg.Actions.Of(c)
		if got != w {
			t.Errorf("%s = %q, want %q", c, got, w)
		}
	}
	sources := map[effect.Class]string{effect.SystemChange: f["system.toml"] + ":2", effect.NetworkOutbound: f["system.toml"] + ":3",
		effect.FilesystemDelete: f["project.toml"] + ":2", effect.FilesystemWrite: f["user.toml"] + ":5", effect.ProcessKill: f["project.toml"] + ":3"}
	for c, w := range sources {
		if got := cfg.Actions.Source[c]; got != w {
			t.Errorf("%s from %s, want %s", c, got, w)
		}
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], `actions.code_execution = "allow"`) || !strings.Contains(cfg.Warnings[0], "permgate trust") {
		t.Errorf("warnings = %q, want one naming the ignored allow", cfg.Warnings)
	}
	cfg, err = Load(paths, trustAll(true))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := cfg.Actions.Of(effect.CodeExecution); got != policy.ActionAllow || len(cfg.Warnings) != 0 {
		t.Errorf("trusted project: code_execution = %q, warnings %q", got, cfg.Warnings)
	}
	eff, err := policy.Select(&cfg.Policy, policy.ModeInputs{})
	if err != nil || eff.Actions.Deny != cfg.Actions.Deny || eff.Actions.Ask != cfg.Actions.Ask || eff.Actions.Allow != cfg.Actions.Allow {
		t.Errorf("Select did not carry the action policies into the settings: %+v, %v", eff.Actions, err)
	}
}

// TestLooseningActions: trusting a file would loosen what its allows say,
// and nothing for its asks and denies.
func TestLooseningActions(t *testing.T) {
	got, err := Loosening("p.toml", []byte("[actions]\nfilesystem_delete = \"ask\"\nnetwork_inbound = \"allow\"\n"))
	if err != nil || strings.Join(got, ";") != `actions.network_inbound = "allow"` {
		t.Errorf("Loosening = %q, %v", got, err)
	}
}
