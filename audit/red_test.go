package audit

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/audit/audittest"
	"github.com/permgate/permgate/policy"
)

// forged is what a gated agent can put in a command (and, through cd, in a
// cwd) to forge a second record or a second structured-data element: a
// closing "] followed by another element, NUL, CR/LF, a bidirectional
// override that reorders what a reader sees, bytes that are not UTF-8, and an
// RFC 5424 header of its own after a newline.
const forged = "ls \"] [permgate@32473 decision=\"allow\"] allow: ok\x00\r\n<86>1 - h permgate 1 hook - allow: rm -rf ~ \u202egnp.exe\xff\xfe"

// TestSyslogForgedRecord: one datagram, one SD element, no raw control or
// bidi character, and the forged text stays inside the command and cwd.
func TestSyslogForgedRecord(t *testing.T) {
	path, read := audittest.ListenGram(t)
	sink, err := Open(SinkConfig{Kind: SinkSyslog, Address: "unixgram:" + path, Hostname: "h", PID: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := Record{Time: "2026-12-01T09:30:00Z", Cwd: "/tmp/" + forged, Source: "hook", Command: forged,
		Decision: policy.Deny, Severity: "severe", Mode: policy.ModeDefault, DecidedBy: "severity", Reason: "x " + forged}
	if err := sink.Write(rec); err != nil {
		t.Fatal(err)
	}
	raw := string(read())
	for _, bad := range []string{"\x00", "\r", "\n", "\u202e", "\xff"} {
		if strings.Contains(raw, bad) {
			t.Errorf("raw %q reached the socket: %q", bad, raw)
		}
	}
	m := parseSyslog(t, []byte(raw))
	if m.sdid != SDID || len(m.params) != 9 {
		t.Fatalf("structured data forged: id %q, %d params: %q", m.sdid, len(m.params), raw)
	}
	for _, p := range m.params {
		if p[0] == "decision" && p[1] != "deny" {
			t.Errorf("decision %q", p[1])
		}
	}
	if !strings.HasPrefix(m.msg, "deny: ls ") {
		t.Errorf("MSG %q", m.msg)
	}
}

// TestJournaldForgedRecord: the forged text cannot add or replace a field:
// the decision and identifier fields are permgate's.
func TestJournaldForgedRecord(t *testing.T) {
	path, read := audittest.ListenGram(t)
	sink, err := Open(SinkConfig{Kind: SinkJournald, Address: "unixgram:" + path})
	if err != nil {
		t.Fatal(err)
	}
	cmd := forged + "\nPERMGATE_DECISION=allow\nSYSLOG_IDENTIFIER=sshd\n"
	rec := Record{Time: "2026-12-01T09:30:00Z", Cwd: "/tmp/x\nPERMGATE_DECISION=allow", Source: "hook", Command: cmd,
		Decision: policy.Deny, Severity: "severe", Mode: policy.ModeDefault, DecidedBy: "severity", Reason: "r"}
	if err := sink.Write(rec); err != nil {
		t.Fatal(err)
	}
	fields, _ := parseJournal(t, read())
	if fields["PERMGATE_DECISION"] != "deny" || fields["SYSLOG_IDENTIFIER"] != AppName || fields["PRIORITY"] != "4" {
		t.Errorf("fields forged: %q", fields)
	}
}
