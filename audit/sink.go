package audit

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/verdict"
)

// The sinks an audit record can go to ([audit] sink).
const (
	// SinkFile is the JSON-lines file in the state directory (the default).
	SinkFile = "file"
	// SinkSyslog sends RFC 5424 messages over a unix datagram socket.
	SinkSyslog = "syslog"
	// SinkJournald sends entries in journald's native protocol.
	SinkJournald = "journald"
	// SinkNone keeps no record.
	SinkNone = "none"
)

// DefaultFacility is the syslog facility of permgate's records: authpriv,
// the facility of authorization messages, which the usual syslog setups route
// to a file only root reads (/var/log/auth.log, /var/log/secure).
const DefaultFacility = "authpriv"

// JournaldSocket is where systemd-journald listens for its native protocol.
const JournaldSocket = "/run/systemd/journal/socket"

// Sink is where audit records go. Every sink redacts and caps a record
// (Prepare) before it leaves permgate, and delivers it whole or not at all:
// one line of the file, one datagram of a socket.
type Sink interface {
	// Write delivers one record.
	Write(Record) error
	// Check reports whether a record could be delivered now, without
	// delivering one.
	Check() error
	// String names the sink and where it delivers: "file /…/audit.jsonl",
	// "syslog unixgram:/dev/log".
	String() string
}

// SinkConfig chooses and sets up a sink.
type SinkConfig struct {
	// Kind is SinkFile, SinkSyslog, SinkJournald or SinkNone; "" is SinkFile.
	Kind string
	// Address is "unixgram:/path" for the socket sinks; "" is the local
	// default (DefaultSyslogAddress, JournaldSocket).
	Address string
	// Facility is the syslog facility name (auth, authpriv, user, daemon,
	// local0 … local7); "" is DefaultFacility. The journald sink sends it as
	// SYSLOG_FACILITY.
	Facility string
	// Dir is the state directory, where the file sink keeps its log.
	Dir string
	// Hostname and PID go into syslog messages; "" and 0 are the machine's
	// host name and this process's id.
	Hostname string
	PID      int
	// MaxDatagram bounds a syslog message in bytes; 0 is the platform's
	// default (DefaultMaxDatagram).
	MaxDatagram int
}

// facilities are the syslog facility names permgate accepts, in the order
// FacilityNames lists them, with their codes (RFC 5424 §6.2.1).
var facilities = []struct {
	name string
	code int
}{
	{"auth", 4}, {"authpriv", 10}, {"user", 1}, {"daemon", 3},
	{"local0", 16}, {"local1", 17}, {"local2", 18}, {"local3", 19},
	{"local4", 20}, {"local5", 21}, {"local6", 22}, {"local7", 23},
}

// FacilityNames lists the facility names [audit] facility accepts.
func FacilityNames() []string {
	names := make([]string, len(facilities))
	for i, f := range facilities {
		names[i] = f.name
	}
	return names
}

// SinkNames lists the values [audit] sink accepts.
func SinkNames() []string { return []string{SinkFile, SinkSyslog, SinkJournald, SinkNone} }

// facilityCode returns the code of a facility name.
func facilityCode(name string) (int, bool) {
	for _, f := range facilities {
		if f.name == name {
			return f.code, true
		}
	}
	return 0, false
}

// DefaultSyslogAddress is the local syslog socket of an operating system:
// /var/run/syslog on macOS, /dev/log elsewhere.
func DefaultSyslogAddress(goos string) string {
	if goos == "darwin" {
		return "unixgram:/var/run/syslog"
	}
	return "unixgram:/dev/log"
}

// DefaultMaxDatagram is the largest syslog message permgate sends on an
// operating system: macOS refuses unix datagrams over 2048 bytes
// (net.local.dgram.maxdgram); elsewhere 8 KiB, rsyslog's default message size.
func DefaultMaxDatagram(goos string) int {
	if goos == "darwin" {
		return 2048
	}
	return 8 << 10
}

// maxSocketPath is the longest unix socket path every supported system takes
// (sun_path is 104 bytes on macOS, with its NUL).
const maxSocketPath = 103

// ParseAddress returns the socket path of an "unixgram:/path" address.
func ParseAddress(addr string) (string, error) {
	path, ok := strings.CutPrefix(addr, "unixgram:")
	if !ok {
		return "", fmt.Errorf("address %q: want unixgram:/path/to/socket", addr)
	}
	if err := CheckSocketPath(path); err != nil {
		return "", fmt.Errorf("address %q: %w", addr, err)
	}
	return path, nil
}

// CheckSocketPath says what keeps path from being a unix socket's path on
// every supported system, or nil.
func CheckSocketPath(path string) error {
	switch {
	case !filepath.IsAbs(path):
		return errors.New("the socket path must be absolute")
	case strings.ContainsRune(path, 0):
		return errors.New("the socket path holds a NUL byte")
	case len(path) > maxSocketPath:
		return fmt.Errorf("the socket path is %d bytes, over the %d a unix socket takes", len(path), maxSocketPath)
	}
	return nil
}

// Open returns the sink cfg names. It opens nothing: each Write delivers on
// its own, so a sink is cheap to open for one decision.
func Open(cfg SinkConfig) (Sink, error) {
	kind := cfg.Kind
	if kind == "" {
		kind = SinkFile
	}
	switch kind {
	case SinkFile:
		return openFileSink(cfg)
	case SinkNone:
		return noneSink{}, nil
	case SinkSyslog, SinkJournald:
		return openDatagram(kind, cfg)
	}
	return nil, fmt.Errorf("audit sink %q: want file, syslog, journald or none", kind)
}

// openFileSink returns the JSON-lines log in cfg's state directory.
func openFileSink(cfg SinkConfig) (Sink, error) {
	if cfg.Address != "" {
		return nil, fmt.Errorf("audit sink file: address %q applies only to the syslog and journald sinks", cfg.Address)
	}
	if cfg.Dir == "" {
		return nil, errors.New("audit sink file: no state directory")
	}
	return Log{Dir: cfg.Dir}, nil
}

// openDatagram returns the syslog or journald sink (kind) cfg names: its
// facility and its socket checked, the defaults filled in.
func openDatagram(kind string, cfg SinkConfig) (Sink, error) {
	facility := cmp.Or(cfg.Facility, DefaultFacility)
	code, ok := facilityCode(facility)
	if !ok {
		return nil, fmt.Errorf("audit facility %q: want one of %s", facility, strings.Join(FacilityNames(), ", "))
	}
	path, err := ParseAddress(sinkAddress(kind, cfg.Address))
	if err != nil {
		return nil, fmt.Errorf("audit sink %s: %w", kind, err)
	}
	d := dgram{kind: kind, path: path}
	if kind == SinkJournald {
		return journald{dgram: d, facility: code}, nil
	}
	return newSyslogSink(d, code, cfg), nil
}

// sinkAddress is the socket address a datagram sink of kind delivers to: addr
// when it is set, else journald's socket or the system's syslog socket.
func sinkAddress(kind, addr string) string {
	switch {
	case addr != "":
		return addr
	case kind == SinkJournald:
		return "unixgram:" + JournaldSocket
	}
	return DefaultSyslogAddress(runtime.GOOS)
}

// newSyslogSink is the syslog sink on d with facility code: cfg's host name,
// process id and datagram bound, or this host's name, this process's id and
// the platform's default bound where cfg leaves them unset.
func newSyslogSink(d dgram, code int, cfg SinkConfig) syslogSink {
	host := cfg.Hostname
	if host == "" {
		host, _ = os.Hostname()
	}
	pid := cfg.PID
	if pid == 0 {
		pid = os.Getpid()
	}
	max := cfg.MaxDatagram
	if max <= 0 {
		max = DefaultMaxDatagram(runtime.GOOS)
	}
	return syslogSink{dgram: d, facility: code, host: host, pid: pid, max: max}
}

// cutMarker ends a command the record holds cut short: how many bytes it
// had whole.
func cutMarker(full int) string { return fmt.Sprintf("…[cut: %d bytes in all]", full) }

// priority is the syslog severity of a decision: deny is a warning, ask a
// notice, allow informational (RFC 5424 §6.2.1).
func priority(d verdict.Decision) int {
	switch d {
	case verdict.Deny:
		return 4
	case verdict.Ask:
		return 5
	}
	return 6
}

// Write appends the record to the log (Append).
func (l Log) Write(rec Record) error { return l.Append(rec) }

// String names the file sink and its path.
func (l Log) String() string { return "file " + l.Path() }

// Check reports whether the log's directory takes a new file (one is created
// and removed) and whether the log, when it exists, is a regular file that
// opens for appending. Nothing is written to the log, and nothing is left: a
// directory that does not exist yet is not created — the nearest one above
// it that exists must take a new file, for the first record to create it.
func (l Log) Check() error {
	dir := l.Dir
	for {
		if _, err := os.Stat(dir); err == nil || dir == filepath.Dir(dir) {
			break
		}
		dir = filepath.Dir(dir)
	}
	f, err := os.CreateTemp(dir, ".audit-check-*")
	if err != nil {
		return fmt.Errorf("audit log %s: the directory is not writable: %w", l.Path(), err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path(), err)
	}
	for _, p := range []string{l.Path(), filepath.Join(l.Dir, LockName)} {
		f, err := integrity.OpenRegular(p, os.O_WRONLY|os.O_APPEND, 0, false)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
		f.Close()
	}
	return nil
}

// noneSink keeps no record.
type noneSink struct{}

func (noneSink) Write(Record) error { return nil }
func (noneSink) Check() error       { return nil }
func (noneSink) String() string     { return "none (no audit records are kept)" }
