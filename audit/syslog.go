package audit

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/permgate/permgate/internal/termtext"
)

// SDID is the structured-data id of permgate's element in a syslog message.
// 32473 is the private enterprise number RFC 5612 sets aside for examples
// and documentation: permgate has none of its own.
const SDID = "permgate@32473"

// AppName is the APP-NAME of permgate's syslog messages and its journald
// SYSLOG_IDENTIFIER.
const AppName = "permgate"

// minDatagram is the smallest MaxDatagram honoured: room for the header, the
// structured data and some of the command.
const minDatagram = 1024

// sdOverhead bounds what the structured data adds beside its nine values:
// their names, quotes and spaces, the closing "] ", the decision and ": ".
const sdOverhead = 128

// syslogSink sends each record as one RFC 5424 message in one datagram.
type syslogSink struct {
	dgram
	facility int
	host     string
	pid      int
	max      int
}

// Write sends the record (redacted and capped first) as one datagram.
func (s syslogSink) Write(rec Record) error {
	return s.send(s.format(Prepare(rec)))
}

// format writes a prepared record as an RFC 5424 message of at most s.max
// bytes (minDatagram at least):
//
//	<PRI>1 TIMESTAMP HOSTNAME permgate PROCID SOURCE [permgate@32473 decision="…" …] DECISION: COMMAND
//
// Structured-data values escape ", \ and ] (RFC 5424 §6.3.3); the message
// has no raw control character (a newline is \n, a backslash \\), so one
// record is one line. Each value is capped at an eighth of the datagram (less
// when the header is long) and the command at what is left; a cut command
// ends in "…[cut: N bytes in all]".
func (s syslogSink) format(rec Record) []byte {
	limit := max(s.max, minDatagram)
	b := make([]byte, 0, 512)
	b = fmt.Appendf(b, "<%d>1 %s %s %s %d %s [%s", s.facility*8+priority(rec.Decision),
		timestamp(rec.Time), headerField(s.host, 255), AppName, s.pid, headerField(rec.Source, 32), SDID)
	// Each value gets at most an eighth of the datagram, less when the header
	// is long: the nine values and the header together leave a quarter of it
	// to the message, so the datagram never outgrows limit.
	valueCap := min(limit/8, (limit-len(b)-limit/4-sdOverhead)/9)
	for _, p := range []struct{ name, value string }{
		{"decision", string(rec.Decision)}, {"severity", rec.Severity}, {"mode", string(rec.Mode)},
		{"rule", rec.Rule}, {"id", strings.Join(rec.IDs, " ")}, {"by", rec.DecidedBy},
		{"source", rec.Source}, {"cwd", rec.Cwd}, {"reason", rec.Reason},
	} {
		b = append(b, ' ')
		b = append(b, p.name...)
		b = append(b, `="`...)
		b = appendCut(b, p.value, valueCap, true, false, "…")
		b = append(b, '"')
	}
	b = append(b, "] "...)
	b = append(b, rec.Decision...)
	b = append(b, ": "...)
	full := len(rec.Command)
	if rec.CommandLen > 0 {
		full = rec.CommandLen
	}
	return appendCut(b, rec.Command, limit-len(b), false, rec.CommandLen > 0, cutMarker(full))
}

// appendCut appends s escaped (appendEscaped) in at most budget bytes. When s
// does not fit whole, or cut says it was cut before, what of it leaves room
// for marker is appended, then marker.
func appendCut(dst []byte, s string, budget int, sd, cut bool, marker string) []byte {
	if !cut {
		if out, whole := appendEscaped(dst, s, len(dst)+budget, sd); whole {
			return out
		}
	}
	out, _ := appendEscaped(dst, s, len(dst)+budget-len(marker), sd)
	return append(out, marker...)
}

// timestamp writes a record's time as an RFC 5424 TIMESTAMP (microseconds at
// most), or the NILVALUE "-" when it does not parse.
func timestamp(t string) string {
	tm, err := time.Parse(time.RFC3339Nano, t)
	if err != nil {
		return "-"
	}
	return tm.Format("2006-01-02T15:04:05.000000Z07:00")
}

// headerField is a header field as RFC 5424 allows it: 1 to n printable
// US-ASCII characters, else the NILVALUE "-".
func headerField(v string, n int) string {
	if v == "" || len(v) > n {
		return "-"
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 33 || v[i] > 126 {
			return "-"
		}
	}
	return v
}

// appendEscaped appends s escaped to dst, stopping before the escape of a
// character would take dst past budget bytes; whole reports that all of s
// fit. In structured data (sd) ", \ and ] are backslash-escaped; in the
// message a backslash is doubled. In both, what would break the line or fool
// a reader — control characters, line and paragraph separators, bidirectional
// overrides, a byte that is not UTF-8 — becomes \n, \r, \t, \xNN or \uNNNN.
func appendEscaped(dst []byte, s string, budget int, sd bool) ([]byte, bool) {
	var one []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		one = appendEscapedRune(one[:0], r, s[i:i+size], sd)
		if len(dst)+len(one) > budget {
			return dst, false
		}
		dst = append(dst, one...)
		i += size
	}
	return dst, true
}

// shortEscapes are the ASCII characters appendEscaped writes as a
// backslash and a letter (or a doubled backslash) wherever they are.
var shortEscapes = [utf8.RuneSelf]string{'\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// appendEscapedRune appends to dst the escaped form of r, which enc encodes
// (one character's bytes, or a single byte that is not UTF-8); sd is as for
// appendEscaped.
func appendEscapedRune(dst []byte, r rune, enc string, sd bool) []byte {
	if r < utf8.RuneSelf && shortEscapes[r] != "" {
		return append(dst, shortEscapes[r]...)
	}
	switch {
	case r == utf8.RuneError && len(enc) == 1:
		return fmt.Appendf(dst, `\x%02x`, enc[0])
	case sd && (r == '"' || r == ']'):
		return append(dst, '\\', byte(r))
	case isASCIIControl(r):
		return fmt.Appendf(dst, `\x%02x`, r)
	case unsafeRune(r):
		dst = append(dst, `\u`...)
		return append(dst, fmt.Sprintf("%04x", r)...)
	}
	return append(dst, enc...)
}

// isASCIIControl reports an ASCII control character or DEL.
func isASCIIControl(r rune) bool { return r < 0x20 || r == 0x7f }

// unsafeRune reports a character a log reader could misread: what a
// terminal acts on instead of showing (termtext.Unsafe: a C1
// control, a line or paragraph separator, a bidirectional control) and a
// byte-order mark.
func unsafeRune(r rune) bool {
	return termtext.Unsafe(r) || r == 0xfeff
}
