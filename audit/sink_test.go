package audit

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/permgate/permgate/audit/audittest"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/policy"
)

// tricky is a command with what RFC 5424 structured data must escape, a
// newline, a control character and a token that must never leave permgate.
const tricky = "echo \"]\\\" GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ\nrm -rf / \x1b[2J"

func trickyRecord() Record {
	return Record{
		Time: "2026-12-01T09:30:00.123456789Z", Cwd: "/home/u/p \"q\"]", Source: "hook", Command: tricky,
		Decision: policy.Deny, Severity: "severe", Findings: []finding.Kind{"destructive"},
		IDs: []string{"rm.recursive_root", "x.y"}, Rule: `bash(prefix:rm*)`, Mode: policy.ModeDefault,
		DecidedBy: "rule", Reason: "denied by the rule bash(prefix:rm*)",
	}
}

// syslogMsg is an RFC 5424 message taken apart.
type syslogMsg struct {
	pri, version, timestamp, host, app, procid, msgid string
	sdid                                              string
	params                                            [][2]string
	msg                                               string
}

// parseSyslog parses one RFC 5424 message with one structured-data element,
// unescaping its parameter values, and fails on anything else.
func parseSyslog(t *testing.T, b []byte) syslogMsg {
	t.Helper()
	s := string(b)
	var m syslogMsg
	if !strings.HasPrefix(s, "<") {
		t.Fatalf("no PRI: %q", s)
	}
	end := strings.IndexByte(s, '>')
	m.pri, s = s[1:end], s[end+1:]
	head := strings.SplitN(s, " ", 7)
	if len(head) != 7 {
		t.Fatalf("short header: %q", s)
	}
	m.version, m.timestamp, m.host, m.app, m.procid, m.msgid, s = head[0], head[1], head[2], head[3], head[4], head[5], head[6]
	if !strings.HasPrefix(s, "[") {
		t.Fatalf("no structured data: %q", s)
	}
	s = s[1:]
	sp := strings.IndexByte(s, ' ')
	m.sdid, s = s[:sp], s[sp:]
	for !strings.HasPrefix(s, "]") {
		if !strings.HasPrefix(s, " ") {
			t.Fatalf("want a space before a param: %q", s)
		}
		eq := strings.Index(s, `="`)
		name := s[1:eq]
		s = s[eq+2:]
		var v strings.Builder
		for {
			if s == "" {
				t.Fatalf("unterminated value of %s", name)
			}
			c := s[0]
			if c == '\\' && len(s) > 1 && (s[1] == '"' || s[1] == '\\' || s[1] == ']') {
				v.WriteByte(s[1])
				s = s[2:]
				continue
			}
			if c == ']' {
				t.Fatalf("unescaped ] in the value of %s", name)
			}
			s = s[1:]
			if c == '"' {
				break
			}
			v.WriteByte(c)
		}
		m.params = append(m.params, [2]string{name, v.String()})
	}
	if !strings.HasPrefix(s, "] ") {
		t.Fatalf("want \"] \" after the structured data: %q", s)
	}
	m.msg = s[2:]
	return m
}

func TestSyslogSinkRealSocket(t *testing.T) {
	path, read := audittest.ListenGram(t)
	sink, err := Open(SinkConfig{Kind: SinkSyslog, Address: "unixgram:" + path, Hostname: "build-7", PID: 4242})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sink.String(), "syslog unixgram:"+path; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if err := sink.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	if err := sink.Write(trickyRecord()); err != nil {
		t.Fatal(err)
	}
	raw := read()
	t.Logf("received: %s", raw)
	if strings.ContainsAny(string(raw), "\n\r\x1b") {
		t.Errorf("raw control characters in the datagram: %q", raw)
	}
	if strings.Contains(string(raw), "ghp_0123") {
		t.Errorf("the token reached the socket: %q", raw)
	}
	m := parseSyslog(t, raw)
	// authpriv (10) × 8 + warning (4)
	for _, c := range []struct{ name, got, want string }{
		{"PRI", m.pri, "84"}, {"VERSION", m.version, "1"}, {"TIMESTAMP", m.timestamp, "2026-12-01T09:30:00.123456Z"},
		{"HOSTNAME", m.host, "build-7"}, {"APP-NAME", m.app, "permgate"}, {"PROCID", m.procid, "4242"},
		{"MSGID", m.msgid, "hook"}, {"SD-ID", m.sdid, "permgate@32473"},
		{"MSG", m.msg, `deny: echo "]\\" GITHUB_TOKEN=[REDACTED]\nrm -rf / \x1b[2J`},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	want := [][2]string{
		{"decision", "deny"}, {"severity", "severe"}, {"mode", "default"}, {"rule", "bash(prefix:rm*)"},
		{"id", "rm.recursive_root x.y"}, {"by", "rule"}, {"source", "hook"}, {"cwd", `/home/u/p "q"]`},
		{"reason", "denied by the rule bash(prefix:rm*)"},
	}
	if fmt.Sprint(m.params) != fmt.Sprint(want) {
		t.Errorf("params\n got %q\nwant %q", m.params, want)
	}
}

func TestSyslogPriorityAndFacility(t *testing.T) {
	path, read := audittest.ListenGram(t)
	for _, c := range []struct {
		facility string
		decision policy.Decision
		pri      int
	}{
		{"", policy.Allow, 10*8 + 6}, {"", policy.Ask, 10*8 + 5}, {"auth", policy.Deny, 4*8 + 4},
		{"local3", policy.Ask, 19*8 + 5}, {"user", policy.Allow, 1*8 + 6},
	} {
		sink, err := Open(SinkConfig{Kind: SinkSyslog, Address: "unixgram:" + path, Facility: c.facility})
		if err != nil {
			t.Fatal(err)
		}
		r := rec("ls")
		r.Decision = c.decision
		if err := sink.Write(r); err != nil {
			t.Fatal(err)
		}
		m := parseSyslog(t, read())
		if m.pri != strconv.Itoa(c.pri) {
			t.Errorf("%s %s: PRI %s, want %d", c.facility, c.decision, m.pri, c.pri)
		}
		if m.timestamp != "-" || m.procid != strconv.Itoa(os.Getpid()) {
			t.Errorf("bad time %q or pid %q", m.timestamp, m.procid)
		}
	}
}

func TestSyslogTruncates(t *testing.T) {
	path, read := audittest.ListenGram(t)
	sink, err := Open(SinkConfig{Kind: SinkSyslog, Address: "unixgram:" + path, MaxDatagram: 2048, Hostname: "h", PID: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Longer than the datagram, shorter than MaxCommand: cut by the sink.
	r := rec("echo " + strings.Repeat("é", 1500))
	r.Cwd = "/" + strings.Repeat("d", 3000)
	if err := sink.Write(r); err != nil {
		t.Fatal(err)
	}
	raw := read()
	if len(raw) > 2048 {
		t.Errorf("datagram of %d bytes, over 2048", len(raw))
	}
	m := parseSyslog(t, raw)
	if !strings.HasSuffix(m.msg, fmt.Sprintf("…[cut: %d bytes in all]", len(r.Command))) || !strings.HasPrefix(m.msg, "allow: echo éé") {
		t.Errorf("MSG not cut with its marker: %q", m.msg)
	}
	for _, p := range m.params {
		if p[0] == "cwd" && (!strings.HasSuffix(p[1], "…") || len(p[1]) > 2048/8) {
			t.Errorf("cwd not capped: %d bytes", len(p[1]))
		}
	}
	// Longer than MaxCommand: Prepare cut it first; the marker names the full length.
	sink, _ = Open(SinkConfig{Kind: SinkSyslog, Address: "unixgram:" + path})
	long := "echo " + strings.Repeat("x", 3*MaxCommand)
	if err := sink.Write(rec(long)); err != nil {
		t.Fatal(err)
	}
	raw = read()
	if len(raw) > DefaultMaxDatagram("linux") {
		t.Errorf("datagram of %d bytes", len(raw))
	}
	if m := parseSyslog(t, raw); !strings.HasSuffix(m.msg, fmt.Sprintf("…[cut: %d bytes in all]", len(long))) {
		t.Errorf("MSG %q…", m.msg[len(m.msg)-60:])
	}
}

// parseJournal parses journald's native protocol, failing on anything else.
func parseJournal(t *testing.T, b []byte) (fields map[string]string, binaryForm map[string]bool) {
	t.Helper()
	fields, binaryForm = map[string]string{}, map[string]bool{}
	for len(b) > 0 {
		nl := strings.IndexByte(string(b), '\n')
		if nl < 0 {
			t.Fatalf("a field without its newline: %q", b)
		}
		line := string(b[:nl])
		b = b[nl+1:]
		if name, value, ok := strings.Cut(line, "="); ok {
			fields[name] = value
			continue
		}
		if len(b) < 8 {
			t.Fatalf("binary field %s without its length", line)
		}
		n := binary.LittleEndian.Uint64(b)
		b = b[8:]
		if uint64(len(b)) < n+1 || b[n] != '\n' {
			t.Fatalf("binary field %s: length %d does not fit", line, n)
		}
		fields[line], binaryForm[line] = string(b[:n]), true
		b = b[n+1:]
	}
	return fields, binaryForm
}

func TestJournaldSinkRealSocket(t *testing.T) {
	path, read := audittest.ListenGram(t)
	sink, err := Open(SinkConfig{Kind: SinkJournald, Address: "unixgram:" + path})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sink.String(), "journald unixgram:"+path; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if err := sink.Check(); err != nil {
		t.Fatal(err)
	}
	if err := sink.Write(trickyRecord()); err != nil {
		t.Fatal(err)
	}
	raw := read()
	if strings.Contains(string(raw), "ghp_0123") {
		t.Errorf("the token reached the socket")
	}
	fields, bin := parseJournal(t, raw)
	redacted := strings.Replace(tricky, "ghp_0123456789abcdefghijABCDEFGHIJ", "[REDACTED]", 1)
	want := map[string]string{
		"MESSAGE": "deny: " + redacted, "PRIORITY": "4", "SYSLOG_FACILITY": "10", "SYSLOG_IDENTIFIER": "permgate",
		"PERMGATE_DECISION": "deny", "PERMGATE_SEVERITY": "severe", "PERMGATE_MODE": "default",
		"PERMGATE_RULE": "bash(prefix:rm*)", "PERMGATE_IDS": "rm.recursive_root x.y", "PERMGATE_SOURCE": "hook",
		"PERMGATE_CWD": `/home/u/p "q"]`, "PERMGATE_COMMAND": redacted, "PERMGATE_DECIDED_BY": "rule",
		"PERMGATE_REASON": "denied by the rule bash(prefix:rm*)", "PERMGATE_TIME": "2026-12-01T09:30:00.123456789Z",
	}
	if fmt.Sprint(fields) != fmt.Sprint(want) {
		t.Errorf("fields\n got %q\nwant %q", fields, want)
	}
	if !bin["MESSAGE"] || !bin["PERMGATE_COMMAND"] || bin["PERMGATE_CWD"] {
		t.Errorf("a value with a newline goes in the binary form, and only such a value: %v", bin)
	}
	// A command over MaxCommand: cut, and its length sent.
	long := "echo " + strings.Repeat("y", 2*MaxCommand)
	r := rec(long)
	r.Decision = policy.Ask
	if err := sink.Write(r); err != nil {
		t.Fatal(err)
	}
	fields, _ = parseJournal(t, read())
	if _, ok := fields["PERMGATE_RULE"]; ok {
		t.Errorf("an empty field is sent: PERMGATE_RULE")
	}
	if fields["PRIORITY"] != "5" || fields["PERMGATE_COMMAND_LEN"] != strconv.Itoa(len(long)) ||
		len(fields["PERMGATE_COMMAND"]) != MaxCommand || !strings.HasSuffix(fields["MESSAGE"], fmt.Sprintf("…[cut: %d bytes in all]", len(long))) {
		t.Errorf("long command: PRIORITY %s, LEN %s, %d bytes, MESSAGE …%s", fields["PRIORITY"], fields["PERMGATE_COMMAND_LEN"],
			len(fields["PERMGATE_COMMAND"]), fields["MESSAGE"][len(fields["MESSAGE"])-40:])
	}
}

func TestSocketSinkMissingSocket(t *testing.T) {
	dir, _ := os.MkdirTemp("", "pg")
	defer os.RemoveAll(dir)
	for _, kind := range []string{SinkSyslog, SinkJournald} {
		sink, err := Open(SinkConfig{Kind: kind, Address: "unixgram:" + dir + "/none"})
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range []error{sink.Check(), sink.Write(rec("ls"))} {
			if err == nil || !strings.Contains(err.Error(), kind+" unixgram:"+dir+"/none") {
				t.Errorf("%s: want an error naming the socket, got %v", kind, err)
			}
		}
	}
}

func TestSinkNone(t *testing.T) {
	sink, err := Open(SinkConfig{Kind: SinkNone, Dir: t.TempDir()})
	if err != nil || sink.Write(rec("ls")) != nil || sink.Check() != nil || !strings.HasPrefix(sink.String(), "none") {
		t.Fatalf("none: %v", err)
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	sink, err := Open(SinkConfig{Dir: dir})
	if err != nil || sink.String() != "file "+filepath.Join(dir, FileName) {
		t.Fatalf("default sink: %v %v", sink, err)
	}
	if err := sink.Write(rec("ls")); err != nil {
		t.Fatal(err)
	}
	if recs, _, _ := (Log{Dir: dir}).Read(0, nil); len(recs) != 1 {
		t.Errorf("the file sink wrote %d records", len(recs))
	}
	for _, c := range []struct {
		cfg  SinkConfig
		want string
	}{
		{SinkConfig{Kind: "kafka"}, `audit sink "kafka": want file, syslog, journald or none`},
		{SinkConfig{Kind: SinkSyslog, Address: "/dev/log"}, `want unixgram:/path`},
		{SinkConfig{Kind: SinkSyslog, Address: "udp:127.0.0.1:514"}, `want unixgram:/path`},
		{SinkConfig{Kind: SinkJournald, Address: "unixgram:run/x"}, `must be absolute`},
		{SinkConfig{Kind: SinkSyslog, Address: "unixgram:/" + strings.Repeat("a", 120)}, `over the 103`},
		{SinkConfig{Kind: SinkSyslog, Facility: "mail"}, `audit facility "mail"`},
		{SinkConfig{Kind: SinkFile, Dir: dir, Address: "unixgram:/dev/log"}, `applies only to the syslog and journald sinks`},
		{SinkConfig{Kind: SinkFile}, `audit sink file: no state directory`},
	} {
		if _, err := Open(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.cfg, err, c.want)
		}
	}
	if DefaultSyslogAddress("linux") != "unixgram:/dev/log" || DefaultSyslogAddress("darwin") != "unixgram:/var/run/syslog" {
		t.Error("default syslog sockets")
	}
	sink, _ = Open(SinkConfig{Kind: SinkJournald})
	if sink.String() != "journald unixgram:/run/systemd/journal/socket" {
		t.Errorf("default journald socket: %s", sink)
	}
}

func TestFileSinkCheck(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "state", "permgate")
	l := Log{Dir: dir}
	// A directory that does not exist yet is not created: the one above it
	// that exists must take a file.
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("Check of a missing directory left %v behind", entries)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %v behind", entries)
	}
	if err := syscall.Mkfifo(l.Path(), 0o600); err != nil {
		t.Skip(err)
	}
	if err := l.Check(); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO log: %v", err)
	}
	os.Remove(l.Path())
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		if err := l.Check(); err == nil || !strings.Contains(err.Error(), "not writable") {
			t.Errorf("a read-only directory: %v", err)
		}
	}
}

// TestSyslogEveryFieldLong: with every field at its longest, the host name
// too, the message still fits the datagram.
func TestSyslogEveryFieldLong(t *testing.T) {
	for _, max := range []int{minDatagram, 2048, 8 << 10} {
		s := syslogSink{facility: 10, host: strings.Repeat("h", 255), pid: 1 << 30, max: max}
		long := strings.Repeat("\x01", 4000) // escaped as \x01: four bytes each
		r := Record{Time: "2026-01-01T00:00:00.123456789Z", Cwd: long, Source: strings.Repeat("s", 32), Command: long,
			Decision: "allow", Severity: long, Mode: policy.Mode(long), Rule: long, IDs: []string{long, long}, DecidedBy: long, Reason: long}
		if n := len(s.format(r)); n > max {
			t.Errorf("max %d: a datagram of %d bytes", max, n)
		}
	}
}

// TestOpenDefaults: what a sink's config leaves unset is filled in — the
// socket by kind and system, the host, the process and the datagram bound —
// and what it sets is kept.
func TestOpenDefaults(t *testing.T) {
	host, _ := os.Hostname()
	tests := []struct {
		cfg  SinkConfig
		want Sink
	}{
		{SinkConfig{Kind: SinkSyslog}, syslogSink{dgram: dgram{SinkSyslog, strings.TrimPrefix(DefaultSyslogAddress(runtime.GOOS), "unixgram:")},
			facility: 10, host: host, pid: os.Getpid(), max: DefaultMaxDatagram(runtime.GOOS)}},
		{SinkConfig{Kind: SinkSyslog, Address: "unixgram:/run/x", Facility: "local3", Hostname: "h", PID: 7, MaxDatagram: 900},
			syslogSink{dgram: dgram{SinkSyslog, "/run/x"}, facility: 19, host: "h", pid: 7, max: 900}},
		{SinkConfig{Kind: SinkSyslog, MaxDatagram: -1}, syslogSink{dgram: dgram{SinkSyslog, strings.TrimPrefix(DefaultSyslogAddress(runtime.GOOS), "unixgram:")},
			facility: 10, host: host, pid: os.Getpid(), max: DefaultMaxDatagram(runtime.GOOS)}},
		{SinkConfig{Kind: SinkJournald, Facility: "auth"}, journald{dgram: dgram{SinkJournald, JournaldSocket}, facility: 4}},
		{SinkConfig{Kind: SinkNone, Address: "ignored"}, noneSink{}},
	}
	for _, tt := range tests {
		got, err := Open(tt.cfg)
		if err != nil || got != tt.want {
			t.Errorf("Open(%+v) = %#v, %v; want %#v", tt.cfg, got, err, tt.want)
		}
	}
}

// TestJournalCapHoldsTheMarker: the journal's cap is a command of
// MaxCommand bytes and the longest cut marker.
func TestJournalCapHoldsTheMarker(t *testing.T) {
	if want := MaxCommand + len(cutMarker(1234567890)); maxJournalValue != want {
		t.Fatalf("maxJournalValue = %d, want %d", maxJournalValue, want)
	}
}
