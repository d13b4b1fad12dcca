package audit

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/permgate/permgate/internal/textclip"
)

// journald sends each record as one journal entry in journald's native
// protocol (https://systemd.io/JOURNAL_NATIVE_PROTOCOL/), one datagram per
// entry. The large-entry path (a memfd passed with an empty datagram) is not
// used: every value is capped at MaxCommand bytes, so an entry stays far
// below the socket's datagram limit.
type journald struct {
	dgram
	facility int
}

// Write sends the record (redacted and capped first) as one datagram.
func (j journald) Write(rec Record) error {
	return j.send(j.format(Prepare(rec)))
}

// maxJournalValue caps a journal field's value: a command of MaxCommand bytes
// and the marker of a cut one (cutMarker's longest, spelt out so that no
// formatting runs at start-up; TestJournalCapHoldsTheMarker checks it).
const maxJournalValue = MaxCommand + len("…[cut: 1234567890 bytes in all]")

// field is one journal field.
type field struct{ name, value string }

// Fields returns the journal fields of a prepared record, in the order they
// are sent.
func (j journald) fields(rec Record) []field {
	msg := string(rec.Decision) + ": " + rec.Command
	if rec.CommandLen > 0 {
		msg += cutMarker(rec.CommandLen)
	}
	fs := []field{
		{"MESSAGE", msg},
		{"PRIORITY", strconv.Itoa(priority(rec.Decision))},
		{"SYSLOG_FACILITY", strconv.Itoa(j.facility)},
		{"SYSLOG_IDENTIFIER", AppName},
		{"PERMGATE_DECISION", string(rec.Decision)},
		{"PERMGATE_SEVERITY", rec.Severity},
		{"PERMGATE_MODE", string(rec.Mode)},
		{"PERMGATE_RULE", rec.Rule},
		{"PERMGATE_IDS", strings.Join(rec.IDs, " ")},
		{"PERMGATE_SOURCE", rec.Source},
		{"PERMGATE_CWD", rec.Cwd},
		{"PERMGATE_COMMAND", rec.Command},
		{"PERMGATE_DECIDED_BY", rec.DecidedBy},
		{"PERMGATE_REASON", rec.Reason},
		{"PERMGATE_TIME", rec.Time},
	}
	if rec.CommandLen > 0 {
		fs = append(fs, field{"PERMGATE_COMMAND_LEN", strconv.Itoa(rec.CommandLen)})
	}
	return fs
}

// format encodes the fields that have a value: NAME=value and a newline, or, for a value that
// holds a newline, NAME, a newline, the value's length as a little-endian
// 64-bit integer, the value and a newline. Each value is capped at
// MaxCommand bytes.
func (j journald) format(rec Record) []byte {
	var b []byte
	for _, f := range j.fields(rec) {
		if f.value == "" {
			// An empty value says nothing a missing field does not.
			continue
		}
		v := textclip.Cut(f.value, maxJournalValue)
		if !strings.Contains(v, "\n") {
			b = append(b, f.name...)
			b = append(b, '=')
			b = append(b, v...)
			b = append(b, '\n')
			continue
		}
		b = append(b, f.name...)
		b = append(b, '\n')
		b = binary.LittleEndian.AppendUint64(b, uint64(len(v)))
		b = append(b, v...)
		b = append(b, '\n')
	}
	return b
}
