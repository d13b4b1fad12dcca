package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/policy"
)

// auditSinks are the values [audit] sink takes.
var auditSinks = lazy.Value[[]string]{Make: func() []string {
	return audit.SinkNames()
}}

// auditFacilities are the syslog facility names [audit] facility takes.
var auditFacilities = lazy.Value[[]string]{Make: func() []string {
	return audit.FacilityNames()
}}

// mergeAudit takes a file's [audit] sink, address and facility. Where records
// go is for whoever runs the machine: the system file, and a user or --config
// file that is trusted. A project file never chooses it (a repository could
// otherwise switch auditing off, or send its records where nobody reads them):
// there it is ignored with a warning. When a file sets the sink, its address
// and facility start over from that file (or the defaults), so an address
// meant for another sink is never carried over.
func (cfg *Config) mergeAudit(layer, path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	a := fc.Audit
	if a.Sink == nil && a.Address == nil && a.Facility == nil {
		return nil, nil
	}
	errAt := func(msg, key string) error {
		return &Error{File: path, Line: lines.key([]string{"audit", key}), Msg: msg}
	}
	at := func(key string) string { return fmt.Sprintf("%s:%d", path, lines.key([]string{"audit", key})) }
	if a.Sink != nil && !slices.Contains(auditSinks.Get(), *a.Sink) {
		return nil, errAt(fmt.Sprintf(`[audit] sink must be "file", "syslog", "journald" or "none", not %q`, *a.Sink), "sink")
	}
	if a.Address != nil {
		if msg := checkAddress(*a.Address); msg != "" {
			return nil, errAt("[audit] address "+msg, "address")
		}
		if a.Sink != nil && (*a.Sink == audit.SinkFile || *a.Sink == audit.SinkNone) {
			return nil, errAt(fmt.Sprintf(`[audit] address applies only to sink = "syslog" or "journald", not %q`, *a.Sink), "address")
		}
	}
	if a.Facility != nil && !slices.Contains(auditFacilities.Get(), *a.Facility) {
		return nil, errAt(fmt.Sprintf("[audit] facility must be one of %s, not %q", strings.Join(auditFacilities.Get(), ", "), *a.Facility), "facility")
	}
	var keys []string
	for _, k := range []struct {
		name string
		set  bool
	}{{"sink", a.Sink != nil}, {"address", a.Address != nil}, {"facility", a.Facility != nil}} {
		if k.set {
			keys = append(keys, "[audit] "+k.name)
		}
	}
	switch {
	case layer == LayerProject && trusted:
		cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s: ignoring %s: only the system, user and --config files choose where audit records go", at(strings.TrimPrefix(keys[0], "[audit] ")), strings.Join(keys, ", ")))
		return nil, nil
	case layer == LayerProject || !trusted:
		return keys, nil
	}
	if a.Sink != nil {
		cfg.AuditSink = textSetting(*a.Sink, at("sink"))
		cfg.AuditAddress = textSetting("", at("sink"))
		cfg.AuditFacility = textSetting("", at("sink"))
	}
	if a.Address != nil {
		if v := cfg.AuditSink.Value; v == audit.SinkFile || v == audit.SinkNone {
			return nil, errAt(fmt.Sprintf(`[audit] address applies only to sink = "syslog" or "journald"; the sink is %q (%s)`, v, cfg.AuditSink.Source), "address")
		}
		cfg.AuditAddress = textSetting(*a.Address, at("address"))
	}
	if a.Facility != nil {
		cfg.AuditFacility = textSetting(*a.Facility, at("facility"))
	}
	return nil, nil
}

// textSetting is a string setting and where it was set.
func textSetting(v, source string) policy.Setting[string] {
	return policy.Setting[string]{Value: v, Source: source}
}

// checkAddress says what is wrong with an "unixgram:/path" address, or "".
func checkAddress(addr string) string {
	path, ok := strings.CutPrefix(addr, "unixgram:")
	if !ok {
		return fmt.Sprintf("must be unixgram:/path/to/socket, not %q", addr)
	}
	if err := audit.CheckSocketPath(path); err != nil {
		return fmt.Sprintf("%q: %v", addr, err)
	}
	return ""
}
