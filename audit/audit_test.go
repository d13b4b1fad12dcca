package audit

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/verdict"
)

func rec(cmd string) Record {
	return Record{Time: "t", Source: "check", Command: cmd, Decision: policy.Allow, Findings: []finding.Kind{}}
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`curl -H "Authorization: Bearer abc.def-123" https://x`, `curl -H "Authorization: [REDACTED]" https://x`},
		{`curl -H 'authorization: Basic dXNlcjpwYXNz' x`, `curl -H 'authorization: [REDACTED]' x`},
		{`curl --oauth2-bearer tok123 x`, `curl --oauth2-bearer [REDACTED] x`},
		{`git clone https://alice:hunter2@example.com/r.git`, `git clone https://alice:[REDACTED]@example.com/r.git`},
		{`psql postgres://u:p%40ss@db/x`, `psql postgres://u:[REDACTED]@db/x`},
		{`mysql -uroot -phunter2 db`, `mysql -uroot -p[REDACTED] db`},
		{`mysql -u root -p db`, `mysql -u root -p db`},
		{`mkdir -p build && cp -pr a b`, `mkdir -p build && cp -pr a b`},
		{`pg_dump --password=hunter2 x`, `pg_dump --password=[REDACTED] x`},
		{`tool --api-key sk12345 --token="a b c" go`, `tool --api-key [REDACTED] --token=[REDACTED] go`},
		{`GITHUB_TOKEN=abc npm publish`, `GITHUB_TOKEN=[REDACTED] npm publish`},
		{`export AWS_SECRET_ACCESS_KEY='x y' AWS_REGION=eu`, `export AWS_SECRET_ACCESS_KEY=[REDACTED] AWS_REGION=eu`},
		{`MY_SECRET="s e c r e t"; echo ok`, `MY_SECRET=[REDACTED]; echo ok`},
		{`echo ghp_0123456789abcdefghijABCDEFGHIJ`, `echo [REDACTED]`},
		{`echo github_pat_11ABCDEFG0123456789_abcdefghijklmnop`, `echo [REDACTED]`},
		{`OPENAI=sk-proj-abcdefghijklmnop1234 x`, `OPENAI=[REDACTED] x`},
		{`echo AKIAABCDEFGHIJKLMNOP`, `echo [REDACTED]`},
		{`slack xoxb-1234-5678-abcdefgh`, `slack [REDACTED]`},
		{`slack xoxp-1234-5678-abcdefgh`, `slack [REDACTED]`},
		{"printf '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----' > k", "printf '[REDACTED]' > k"},
		{"echo '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl", "echo '[REDACTED]"},
		{`ls -la`, `ls -la`},
		{`git push --force-with-lease`, `git push --force-with-lease`},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestAppendRedactsAndCaps(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	long := "echo GITHUB_TOKEN=abc " + strings.Repeat("é", MaxCommand)
	if err := l.Append(rec(long)); err != nil {
		t.Fatal(err)
	}
	recs, damaged, err := l.Read(0, nil)
	if err != nil || damaged != 0 || len(recs) != 1 {
		t.Fatalf("Read: %d records, %d damaged, %v", len(recs), damaged, err)
	}
	r := recs[0]
	if r.CommandLen != len(long) || len(r.Command) > MaxCommand || strings.Contains(r.Command, "abc") || !strings.Contains(r.Command, Redacted) {
		t.Errorf("record command %.60q… (%d bytes), command_len %d; want redacted, ≤ %d bytes, command_len %d",
			r.Command, len(r.Command), r.CommandLen, MaxCommand, len(long))
	}
	if !strings.HasPrefix(strings.ReplaceAll(long, "abc", Redacted), r.Command) {
		t.Error("the cut command is not a prefix of the redacted command (cut inside a character?)")
	}
	if err := l.Append(rec("ls")); err != nil {
		t.Fatal(err)
	}
	recs, _, _ = l.Read(1, nil)
	if len(recs) != 1 || recs[0].Command != "ls" || recs[0].CommandLen != 0 {
		t.Errorf("short command: %+v", recs)
	}
}

func TestRotate(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	// A log just under the cap: the next record does not fit and rotates it.
	big := make([]byte, MaxSize-10)
	for i := range big {
		big[i] = '\n'
	}
	if err := os.WriteFile(l.Path(), big, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(rec("after")); err != nil {
		t.Fatal(err)
	}
	old, err := os.Stat(l.RotatedPath())
	if err != nil || old.Size() != int64(len(big)) {
		t.Fatalf("rotated generation: %v, %v", old, err)
	}
	cur, _ := os.ReadFile(l.Path())
	if !strings.Contains(string(cur), `"after"`) || strings.Count(string(cur), "\n") != 1 {
		t.Errorf("new log holds %q, want the one record", cur)
	}
	// Rotating again replaces the one older generation.
	if err := os.WriteFile(l.Path(), big, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(rec("again")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(l.Dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "audit.jsonl audit.jsonl.1 audit.lock" {
		t.Errorf("files after two rotations: %v", names)
	}
}

func TestReadSkipsDamagedLines(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	if err := l.Append(rec("one")); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(l.Path(), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"time":"t","command":"tr` + "\n")     // a fragment
	f.WriteString("not json\n")                           // garbage
	f.WriteString(strings.Repeat("x", maxLine+10) + "\n") // too long
	f.WriteString("\n")                                   // blank: not counted
	f.Close()
	if err := l.Append(rec("two")); err != nil {
		t.Fatal(err)
	}
	// The rotated generation is read first.
	if err := os.WriteFile(l.RotatedPath(), []byte(`{"command":"zero"}`+"\n{broken\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	recs, damaged, err := l.Read(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		got = append(got, r.Command)
	}
	if strings.Join(got, ",") != "zero,one,two" || damaged != 4 {
		t.Errorf("read %v with %d damaged; want zero,one,two with 4 damaged", got, damaged)
	}
}

func TestAppendWholeOrNothing(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	if err := l.Append(rec("first")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(l.Path())
	defer func(w func(*os.File, []byte) (int, error)) { writeLine = w }(writeLine)
	writeLine = func(f *os.File, b []byte) (int, error) {
		n, _ := f.Write(b[:len(b)/2]) // the disk fills half way
		return n, syscall.ENOSPC
	}
	err := l.Append(rec("second, lost"))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Append on a full disk: %v, want ENOSPC", err)
	}
	after, _ := os.ReadFile(l.Path())
	if string(after) != string(before) {
		t.Errorf("a failed write left a fragment: %q", after[len(before):])
	}
	writeLine = func(f *os.File, b []byte) (int, error) { return f.Write(b[:1]) } // short, no error
	if err := l.Append(rec("third")); err == nil {
		t.Error("a short write was not an error")
	}
	if after, _ := os.ReadFile(l.Path()); string(after) != string(before) {
		t.Errorf("a short write left a fragment")
	}
}

func TestAppendRefusesNonRegular(t *testing.T) {
	for name, setup := range map[string]func(p string) error{
		"fifo":           func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"symlink":        func(p string) error { return os.Symlink(filepath.Join(filepath.Dir(p), "elsewhere"), p) },
		"link to device": func(p string) error { return os.Symlink("/dev/zero", p) },
		"directory":      func(p string) error { return os.Mkdir(p, 0o700) },
	} {
		t.Run(name, func(t *testing.T) {
			l := Log{Dir: t.TempDir()}
			if err := setup(l.Path()); err != nil {
				t.Fatal(err)
			}
			if err := l.Append(rec("ls")); err == nil || !strings.Contains(err.Error(), l.Path()) {
				t.Errorf("Append to a %s: %v, want an error naming the file", name, err)
			}
			if _, _, err := l.Read(0, nil); err == nil {
				t.Errorf("Read of a %s: no error", name)
			}
			if _, err := os.Lstat(filepath.Join(l.Dir, "elsewhere")); err == nil {
				t.Error("the symlink was followed")
			}
		})
	}
}

func TestAppendLockTimeout(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	defer func(d time.Duration) { integrity.TestOnlyLockTimeout = d }(integrity.TestOnlyLockTimeout)
	integrity.TestOnlyLockTimeout = 50 * time.Millisecond
	unlock, err := integrity.Lock(filepath.Join(l.Dir, LockName)) // another holder
	if err != nil {
		t.Fatal(err)
	}
	err = l.Append(rec("ls"))
	if !errors.Is(err, integrity.ErrLockTimeout) || !strings.Contains(err.Error(), LockName) {
		t.Errorf("Append with the lock held: %v, want a timeout naming %s", err, LockName)
	}
	unlock()
	if err := l.Append(rec("ls")); err != nil {
		t.Errorf("Append after release: %v", err)
	}
}

// TestLimits ties the README's figures to the constants.
func TestLimits(t *testing.T) {
	if MaxCommand != 4096 || MaxSize != 10<<20 || integrity.LockTimeout != 5*time.Second {
		t.Errorf("limits changed (MaxCommand %d, MaxSize %d, LockTimeout %s): update README.md", MaxCommand, MaxSize, integrity.LockTimeout)
	}
}

// TestPrepareSecretAcrossTheCut: a secret that crosses the 4 KiB cut of a very
// long command is redacted, not left half in the record.
func TestPrepareSecretAcrossTheCut(t *testing.T) {
	secret := "ghp_0123456789abcdefghijABCDEFGHIJ"
	for _, tail := range []int{0, 100, 2 << 20} {
		cmd := "echo " + strings.Repeat("a", MaxCommand-20) + " " + secret + strings.Repeat(" b", tail)
		r := Prepare(rec(cmd))
		if strings.Contains(r.Command, "ghp_") || strings.Contains(r.Command, "0123456789") {
			t.Errorf("tail %d: part of the secret is in the record: …%q", tail, r.Command[len(r.Command)-40:])
		}
		if tail == 0 {
			// Redacted, it fits: kept whole.
			if r.CommandLen != 0 || !strings.HasSuffix(r.Command, Redacted) {
				t.Errorf("tail 0: %q…, command_len %d", r.Command[len(r.Command)-20:], r.CommandLen)
			}
			continue
		}
		if r.CommandLen != len(cmd) || len(r.Command) > MaxCommand {
			t.Errorf("tail %d: command %d bytes, command_len %d; want ≤ %d, %d", tail, len(r.Command), r.CommandLen, MaxCommand, len(cmd))
		}
	}
	pem := "echo '-----BEGIN RSA PRIVATE KEY-----\n" + strings.Repeat("QUJD", 3<<20) + "\n-----END RSA PRIVATE KEY-----'"
	if r := Prepare(rec(pem)); strings.Contains(r.Command, "QUJD") {
		t.Error("a long PEM block is in the record")
	}
}

// BenchmarkPrepare: redacting and capping a typical command, and a 2 MiB one
// (only the first 8 KiB is redacted: it is cut at 4 KiB anyway).
func BenchmarkPrepare(b *testing.B) {
	for name, cmd := range map[string]string{
		"typical": "git commit -m 'fix the parser' && go test ./... 2>&1 | tail -5",
		"2MiB":    strings.Repeat("echo a=b c ", 200<<10),
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Prepare(rec(cmd))
			}
		})
	}
}

// TestReadHugeGenerationReadsItsTail: a generation larger than permgate
// ever writes (one of 1 TiB here, sparse) is read from its last maxRead
// bytes only: its last records are found, what was skipped counts as one
// damaged line, and reading it costs no more than a full-size log.
func TestReadHugeGenerationReadsItsTail(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	f, err := os.Create(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 40); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := l.Append(rec("ls")); err != nil {
		t.Fatal(err)
	}
	// Append rotated the huge file to .1; write a tail to it as well.
	g, err := os.OpenFile(l.RotatedPath(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := json.Marshal(Prepare(rec("echo last")))
	g.Write(append([]byte("\n"), append(line, '\n')...))
	g.Close()
	recs, damaged, err := l.Read(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Command != "echo last" || recs[1].Command != "ls" || damaged != 1 {
		t.Errorf("records %+v, damaged %d; want echo last, ls and one damaged", recs, damaged)
	}
}

// TestRotateRefusesNonRegular: a link where the older generation goes stops
// the rotation and the record, and leaves the log and the link as they were.
func TestRotateRefusesNonRegular(t *testing.T) {
	l := Log{Dir: t.TempDir()}
	big := make([]byte, MaxSize-10)
	if err := os.WriteFile(l.Path(), big, 0o600); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Symlink(target, l.RotatedPath()); err != nil {
		t.Fatal(err)
	}
	err := l.Append(rec("after"))
	want := "audit log: rotate: " + l.RotatedPath() + " is not a regular file; remove it"
	if err == nil || err.Error() != want {
		t.Fatalf("Append = %v, want %q", err, want)
	}
	if info, err := os.Stat(l.Path()); err != nil || info.Size() != int64(len(big)) {
		t.Errorf("the log after a refused rotation: %v, %v", info, err)
	}
	if _, err := os.Lstat(target); !os.IsNotExist(err) {
		t.Errorf("the link's target was written: %v", err)
	}
}

// FuzzAppendRecord: the record is written byte for byte as json.Marshal
// writes it.
func FuzzAppendRecord(f *testing.F) {
	f.Add("2026-12-03T00:00:00Z", "/p", "hook", "rm -rf ~ <&>", 0, "deny", "severe", "recursive_delete", "recursive_delete.rm", "", "default", "severity", "rm -r on \u2028 the home \xff")
	f.Add("", "", "", "", 9000, "", "", "", "", "r", "", "", "")
	f.Fuzz(func(t *testing.T, tm, cwd, src, command string, n int, dec, sev, kind, id, rule, mode, by, reason string) {
		r := Record{Time: tm, Cwd: cwd, Source: src, Command: command, CommandLen: n, Decision: verdict.Decision(dec), Severity: sev,
			Rule: rule, Mode: verdict.Mode(mode), DecidedBy: by, Reason: reason}
		if kind != "" {
			r.Findings = []finding.Kind{finding.Kind(kind)}
			r.IDs = []string{id}
		} else if id != "" {
			r.Findings, r.IDs = []finding.Kind{}, []string{}
		}
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRecord(nil, r); string(got) != string(want) {
			t.Fatalf("appendRecord = %s\njson.Marshal = %s", got, want)
		}
	})
}
