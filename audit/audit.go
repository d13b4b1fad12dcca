// Package audit keeps permgate's audit trail: one record per decision,
// redacted and capped before it goes anywhere, delivered whole or not at all
// to a Sink — by default a JSON-lines file that rotates at a size cap (Log),
// else RFC 5424 syslog or journald's native protocol over a unix datagram
// socket, or nowhere.
package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/internal/jsonw"
	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/verdict"
)

// Limits of the audit trail.
const (
	// MaxCommand is the most bytes of a command (and of a reason) a record
	// keeps; a longer one is cut, and its full length is noted in command_len.
	MaxCommand = 4 << 10
	// MaxSize is the size at which the log rotates: the file becomes
	// audit.jsonl.1 (one generation; an older .1 is replaced) and a new one starts.
	MaxSize = 10 << 20
	// maxLine is the longest line Read parses; a longer one is damaged.
	maxLine = 1 << 20
)

// FileName and LockName are the log's and its lock's names in the state directory.
const (
	FileName = "audit.jsonl"
	LockName = "audit.lock"
)

// Record is one line of the audit log: a decision and who took it.
type Record struct {
	Time    string `json:"time"`
	Cwd     string `json:"cwd"`
	Source  string `json:"source"` // exec, hook, check, shell
	Command string `json:"command"`
	// CommandLen is the command's full length in bytes when it was cut at
	// MaxCommand; 0 when it is whole.
	CommandLen int              `json:"command_len,omitempty"`
	Decision   verdict.Decision `json:"decision"`
	Severity   string           `json:"severity"`
	Findings   []finding.Kind   `json:"findings"`
	// IDs are the findings' stable ids (git_destructive.force_push), in order.
	IDs  []string     `json:"ids"`
	Rule string       `json:"rule,omitempty"`
	Mode verdict.Mode `json:"mode"`
	// DecidedBy says who decided: rule, mode, severity, read-only, tool or user.
	DecidedBy string `json:"decided_by"`
	Reason    string `json:"reason"`
}

// Log appends records to a JSON-lines file in Dir. Each record is one write(2)
// of one whole line with O_APPEND under an exclusive lock (audit.lock beside
// it), so records from many processes never interleave; a write that fails part
// way is cut back off, so no fragment stays.
type Log struct {
	Dir string
}

// Path is the log file's path.
func (l Log) Path() string { return filepath.Join(l.Dir, FileName) }

// RotatedPath is the previous generation's path.
func (l Log) RotatedPath() string { return l.Path() + ".1" }

// writeLine writes b to f; tests replace it to fail part way.
var writeLine = func(f *os.File, b []byte) (int, error) { return f.Write(b) }

// redactWindow is how much of a long text is redacted before it is cut at
// MaxCommand: twice the cap, so that a secret that crosses the cut is still
// seen whole (and a 2 MiB command costs no more than an 8 KiB one).
const redactWindow = 2 * MaxCommand

// Prepare redacts the record's command and reason and caps them at MaxCommand.
func Prepare(rec Record) Record {
	full := len(rec.Command)
	rec.Command = Redact(textclip.Cut(rec.Command, redactWindow))
	if full > MaxCommand && len(rec.Command) > MaxCommand || full > redactWindow {
		rec.Command = textclip.Cut(rec.Command, MaxCommand)
		rec.CommandLen = full
	}
	rec.Reason = textclip.Cut(Redact(textclip.Cut(rec.Reason, redactWindow)), MaxCommand)
	rec.Cwd = textclip.Cut(rec.Cwd, MaxCommand)
	return rec
}

// Append writes one record (redacted and capped first). The lock is waited
// for at most integrity.LockTimeout; the log and its lock must be regular
// files, not symlinks.
func (l Log) Append(rec Record) error {
	line := append(appendRecord(make([]byte, 0, 512), Prepare(rec)), '\n')
	if err := os.MkdirAll(l.Dir, 0o700); err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path(), err)
	}
	unlock, err := integrity.Lock(filepath.Join(l.Dir, LockName))
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	defer unlock()
	f, size, err := l.openFor(len(line))
	if err != nil {
		return err
	}
	defer f.Close()
	return l.writeWhole(f, line, size)
}

// appendRecord writes rec as one JSON object, byte for byte as json.Marshal
// writes a Record (its fields in order, omitempty kept, the same
// escaping), without reflection: building encoding/json's encoder for the
// type cost more than the record on every decision. Each field is escaped
// as it is copied, in one pass.
func appendRecord(b []byte, r Record) []byte {
	b = append(b, `{"time":`...)
	b = jsonw.AppendString(b, r.Time)
	b = append(b, `,"cwd":`...)
	b = jsonw.AppendString(b, r.Cwd)
	b = append(b, `,"source":`...)
	b = jsonw.AppendString(b, r.Source)
	b = append(b, `,"command":`...)
	b = jsonw.AppendString(b, r.Command)
	if r.CommandLen != 0 {
		b = append(b, `,"command_len":`...)
		b = strconv.AppendInt(b, int64(r.CommandLen), 10)
	}
	b = append(b, `,"decision":`...)
	b = jsonw.AppendString(b, string(r.Decision))
	b = append(b, `,"severity":`...)
	b = jsonw.AppendString(b, r.Severity)
	b = append(b, `,"findings":`...)
	b = jsonw.AppendStrings(b, r.Findings)
	b = append(b, `,"ids":`...)
	b = jsonw.AppendStrings(b, r.IDs)
	if r.Rule != "" {
		b = append(b, `,"rule":`...)
		b = jsonw.AppendString(b, r.Rule)
	}
	b = append(b, `,"mode":`...)
	b = jsonw.AppendString(b, string(r.Mode))
	b = append(b, `,"decided_by":`...)
	b = jsonw.AppendString(b, r.DecidedBy)
	b = append(b, `,"reason":`...)
	b = jsonw.AppendString(b, r.Reason)
	return append(b, '}')
}

// openFor opens the log for appending a line of n bytes and returns its
// size; a log that line would take past MaxSize is rotated first (an empty
// one never is).
func (l Log) openFor(n int) (*os.File, int64, error) {
	f, size, err := l.open()
	if err != nil || size == 0 || size+int64(n) <= MaxSize {
		return f, size, err
	}
	f.Close()
	if err := l.rotate(); err != nil {
		return nil, 0, err
	}
	return l.open()
}

// writeWhole appends line to f, the log, which was size bytes long: whole
// or not at all — a write that fails part way is cut back off.
func (l Log) writeWhole(f *os.File, line []byte, size int64) error {
	n, err := writeLine(f, line)
	if err == nil && n != len(line) {
		err = io.ErrShortWrite
	}
	if err == nil {
		return nil
	}
	if terr := f.Truncate(size); terr != nil {
		return fmt.Errorf("audit log %s: %w (and cutting back the partial record failed: %v)", l.Path(), err, terr)
	}
	return fmt.Errorf("audit log %s: %w", l.Path(), err)
}

// open opens the log for appending and returns its size.
func (l Log) open() (*os.File, int64, error) {
	f, err := integrity.OpenRegular(l.Path(), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600, false)
	if err != nil {
		return nil, 0, fmt.Errorf("audit log: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("audit log %s: %w", l.Path(), err)
	}
	return f, info.Size(), nil
}

// rotate moves the log to its one older generation, replacing the previous.
func (l Log) rotate() error {
	if info, err := os.Lstat(l.RotatedPath()); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("audit log: rotate: %s is not a regular file; remove it", l.RotatedPath())
	}
	if err := os.Rename(l.Path(), l.RotatedPath()); err != nil {
		return fmt.Errorf("audit log: rotate: %w", err)
	}
	return nil
}

// Read returns the records of the log, the rotated generation first, oldest
// first; keep filters them and only the last limit are kept (all when limit ≤
// 0). A line that is not a whole record (a fragment, a line too long, bad JSON)
// is skipped and counted in damaged.
func (l Log) Read(limit int, keep func(Record) bool) (recs []Record, damaged int, err error) {
	for _, p := range []string{l.RotatedPath(), l.Path()} {
		d, err := readFile(p, func(rec Record) {
			if keep != nil && !keep(rec) {
				return
			}
			recs = append(recs, rec)
			if limit > 0 && len(recs) > limit {
				recs = recs[1:]
			}
		})
		damaged += d
		if err != nil {
			return nil, damaged, err
		}
	}
	return recs, damaged, nil
}

// maxRead is the most of one generation Read reads: the size permgate
// rotates it at, and one line. A larger file was not written by permgate
// alone; only its tail is read, so that reading costs no more than this.
const maxRead = MaxSize + maxLine

// readFile reads one generation; a missing file has no records. Of a file
// over maxRead only the last maxRead bytes are read, from the first whole
// line in them; what is skipped counts as one damaged line.
func readFile(path string, add func(Record)) (int, error) {
	f, err := integrity.OpenRegular(path, os.O_RDONLY, 0, false)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("audit log: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.LimitReader(f, maxRead), 64<<10)
	damaged, more, err := seekTail(f, r, path)
	if err != nil || !more {
		return damaged, err
	}
	return readRecords(r, path, damaged, add)
}

// seekTail moves a file f over maxRead to its last maxRead bytes, and r (on
// f) past the line cut there, which counts as one damaged line; more reports
// that lines may follow.
func seekTail(f *os.File, r *bufio.Reader, path string) (damaged int, more bool, err error) {
	info, err := f.Stat()
	if err != nil || info.Size() <= maxRead {
		return 0, true, nil
	}
	if _, err := f.Seek(info.Size()-maxRead, io.SeekStart); err != nil {
		return 0, false, fmt.Errorf("audit log %s: %w", path, err)
	}
	if _, _, err := readLine(r); err != nil {
		return 1, false, nil
	}
	return 1, true, nil
}

// readRecords reads the lines of r (from path) to its end, passing each
// whole record to add; it returns damaged plus the lines that were not.
func readRecords(r *bufio.Reader, path string, damaged int, add func(Record)) (int, error) {
	for {
		line, long, err := readLine(r)
		if len(line) > 0 || long {
			var rec Record
			if long || json.Unmarshal(line, &rec) != nil {
				damaged++
			} else {
				add(rec)
			}
		}
		if err == io.EOF {
			return damaged, nil
		}
		if err != nil {
			return damaged, fmt.Errorf("audit log %s: %w", path, err)
		}
	}
}

// readLine returns the next line without its newline; long reports a line over
// maxLine, whose bytes are skipped.
func readLine(r *bufio.Reader) (line []byte, long bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > maxLine+1 {
				long, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
		}
		return line, long, err
	}
}
