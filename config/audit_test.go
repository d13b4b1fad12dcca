package config

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/audit"
)

// TestAuditSinkLayers: the system file and a trusted user or --config file
// choose the sink; a project file never does, trusted or not; under a managed
// system file nothing else does; a file that sets the sink starts its address
// over.
func TestAuditSinkLayers(t *testing.T) {
	cfg, err := Load(Paths{}, nil)
	if err != nil || cfg.AuditSink.Value != "file" || cfg.AuditAddress.Value != "" || cfg.AuditFacility.Value != "" {
		t.Fatalf("default: %+v %+v %+v, %v", cfg.AuditSink, cfg.AuditAddress, cfg.AuditFacility, err)
	}
	f := writeFiles(t, t.TempDir(), map[string]string{
		"syslog.toml":  "[audit]\nsink = \"syslog\"\naddress = \"unixgram:/run/rsyslog/permgate.sock\"\nfacility = \"local3\"\n",
		"journal.toml": "[audit]\nsink = \"journald\"\n",
		"none.toml":    "# a repository trying to stop the records\n[audit]\nsink = \"none\"\n",
		"addr.toml":    "[audit]\naddress = \"unixgram:/tmp/elsewhere\"\n",
		"managed.toml": "[managed]\nonly_tighten = true\n[audit]\nsink = \"journald\"\nrequired = true\n",
	})
	cfg, err = Load(Paths{System: f["syslog.toml"]}, nil)
	if err != nil || cfg.AuditSink.Value != "syslog" || cfg.AuditSink.Source != f["syslog.toml"]+":2" ||
		cfg.AuditAddress.Value != "unixgram:/run/rsyslog/permgate.sock" || cfg.AuditAddress.Source != f["syslog.toml"]+":3" ||
		cfg.AuditFacility.Value != "local3" {
		t.Errorf("system file: %+v %+v %+v, %v", cfg.AuditSink, cfg.AuditAddress, cfg.AuditFacility, err)
	}
	// A trusted user file choosing another sink: the system file's address and
	// facility are not carried over to it.
	cfg, err = Load(Paths{System: f["syslog.toml"], User: f["journal.toml"]}, trustAll(true))
	if err != nil || cfg.AuditSink.Value != "journald" || cfg.AuditAddress.Value != "" || cfg.AuditFacility.Value != "" {
		t.Errorf("user file: %+v %+v %+v, %v", cfg.AuditSink, cfg.AuditAddress, cfg.AuditFacility, err)
	}
	for _, trusted := range []bool{false, true} {
		cfg, err = Load(Paths{System: f["journal.toml"], Project: f["none.toml"]}, trustAll(trusted))
		if err != nil || cfg.AuditSink.Value != "journald" || len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "[audit] sink") {
			t.Errorf("project file (trusted %v): %+v, %q, %v", trusted, cfg.AuditSink, cfg.Warnings, err)
		}
		cfg, err = Load(Paths{System: f["syslog.toml"], Project: f["addr.toml"]}, trustAll(trusted))
		if err != nil || cfg.AuditAddress.Value != "unixgram:/run/rsyslog/permgate.sock" || len(cfg.Warnings) != 1 {
			t.Errorf("project file redirecting (trusted %v): %+v, %q, %v", trusted, cfg.AuditAddress, cfg.Warnings, err)
		}
	}
	if strings.Contains(cfg.Warnings[0], "ignoring [audit] address: only the system, user and --config files") == false {
		t.Errorf("warning: %q", cfg.Warnings[0])
	}
	cfg, err = Load(Paths{System: f["managed.toml"], User: f["none.toml"], Override: f["none.toml"]}, trustAll(true))
	if err != nil || cfg.AuditSink.Value != "journald" || !cfg.AuditRequired.Value || len(cfg.Warnings) != 2 {
		t.Errorf("managed: %+v, %q, %v", cfg.AuditSink, cfg.Warnings, err)
	}
	// An address applied under the file sink would lose every record: an error
	// where it applies, ignored where it does not (a project file).
	_, err = Load(Paths{User: f["addr.toml"]}, trustAll(true))
	if err == nil || err.Error() != f["addr.toml"]+`:2: [audit] address applies only to sink = "syslog" or "journald"; the sink is "file" (built-in)` {
		t.Errorf("address under the file sink: %v", err)
	}
	loosens, err := Loosening(f["none.toml"], []byte("[audit]\nsink = \"none\"\n"))
	if err != nil || !slices.Contains(loosens, "[audit] sink") {
		t.Errorf("Loosening: %q, %v", loosens, err)
	}
}

func TestAuditSinkErrors(t *testing.T) {
	for name, tt := range map[string]struct{ content, want string }{
		"bad sink":        {"[audit]\nrequired = true\nsink = \"kafka\"\n", `:3: [audit] sink must be "file", "syslog", "journald" or "none", not "kafka"`},
		"udp address":     {"[audit]\nsink = \"syslog\"\naddress = \"udp:10.0.0.1:514\"\n", `:3: [audit] address must be unixgram:/path/to/socket, not "udp:10.0.0.1:514"`},
		"relative socket": {"[audit]\naddress = \"unixgram:dev/log\"\n", `:2: [audit] address "unixgram:dev/log": the socket path must be absolute`},
		"long socket":     {"[audit]\naddress = \"unixgram:/" + strings.Repeat("s", 110) + "\"\n", `:2: [audit] address "unixgram:/sss`},
		"address of file": {"[audit]\nsink = \"file\"\naddress = \"unixgram:/dev/log\"\n", `:3: [audit] address applies only to sink = "syslog" or "journald", not "file"`},
		"bad facility":    {"\n[audit]\nfacility = \"kern\"\n", `:3: [audit] facility must be one of auth, authpriv`},
		"not a string":    {"[audit]\nsink = true\n", `:2: `},
		"unknown key":     {"[audit]\nsinks = \"file\"\n", `:2: unknown key "audit.sinks"`},
	} {
		t.Run(name, func(t *testing.T) {
			f := writeFiles(t, t.TempDir(), map[string]string{"c.toml": tt.content})
			// Errors are errors in every layer, the project's too: permgate
			// then refuses to run anything.
			for _, p := range []Paths{{User: f["c.toml"]}, {Project: f["c.toml"]}, {System: f["c.toml"]}} {
				_, err := Load(p, trustAll(false))
				var cerr *Error
				if !errors.As(err, &cerr) || !strings.HasPrefix(err.Error(), f["c.toml"]+tt.want) {
					t.Errorf("%+v: error = %v, want %q", p, err, f["c.toml"]+tt.want)
				}
			}
		})
	}
}

// TestAuditNamesLoad: every sink and facility the audit package knows loads
// from the system file as written, and each sink opens with that facility —
// the config accepts exactly what the sinks can deliver.
func TestAuditNamesLoad(t *testing.T) {
	dir := t.TempDir()
	for _, sink := range audit.SinkNames() {
		for _, facility := range audit.FacilityNames() {
			text := "[audit]\nsink = \"" + sink + "\"\n"
			if sink == audit.SinkSyslog {
				text += "facility = \"" + facility + "\"\n"
			}
			f := writeFiles(t, dir, map[string]string{"system.toml": text})
			cfg, err := Load(Paths{System: f["system.toml"]}, nil)
			if err != nil || cfg.AuditSink.Value != sink {
				t.Fatalf("sink %s, facility %s: %+v, %v", sink, facility, cfg.AuditSink, err)
			}
			if _, err := audit.Open(audit.SinkConfig{Kind: sink, Facility: cfg.AuditFacility.Value, Dir: dir}); err != nil {
				t.Errorf("sink %s, facility %s: audit.Open: %v", sink, facility, err)
			}
		}
	}
}
