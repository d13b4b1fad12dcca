package policy

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// AuditRecord is one line of the audit log: a decision and who took it.
type AuditRecord struct {
	Time     string   `json:"time"`
	Cwd      string   `json:"cwd"`
	Source   string   `json:"source"` // exec, hook, check, shell
	Command  string   `json:"command"`
	Decision Decision `json:"decision"`
	Severity string   `json:"severity"`
	Findings []string `json:"findings"`
	Rule     string   `json:"rule,omitempty"`
	Mode     Mode     `json:"mode"`
	// DecidedBy says who decided: rule, mode, severity, read-only, tool or user.
	DecidedBy string `json:"decided_by"`
	Reason    string `json:"reason"`
}

// AuditLog appends records to a JSON-lines file. Each record is one write of one
// line made under an exclusive lock on the file, so records from many processes
// never interleave and none is lost, however long the command.
type AuditLog struct {
	Path string
}

// Append writes one record.
func (l AuditLog) Append(rec AuditRecord) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode audit record: %w", err)
	}
	line = append(line, '\n')
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path, err)
	}
	f, err := os.OpenFile(l.Path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path, err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("lock audit log %s: %w", l.Path, err)
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	for len(line) > 0 {
		n, err := f.Write(line)
		if err != nil {
			return fmt.Errorf("audit log %s: %w", l.Path, err)
		}
		line = line[n:]
	}
	return nil
}

// Read returns the records of the log, oldest first; keep filters them and only
// the last limit are kept (all when limit ≤ 0). A line that does not parse is an
// error naming its line number.
func (l AuditLog) Read(limit int, keep func(AuditRecord) bool) ([]AuditRecord, error) {
	f, err := os.Open(l.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	defer f.Close()
	var out []AuditRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		var rec AuditRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("audit log %s:%d: %v", l.Path, n, err)
		}
		if keep != nil && !keep(rec) {
			continue
		}
		out = append(out, rec)
		if limit > 0 && len(out) > limit {
			out = out[1:]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("audit log %s: %w", l.Path, err)
	}
	return out, nil
}
