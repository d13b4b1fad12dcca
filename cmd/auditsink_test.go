package cmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/audit/audittest"
	"github.com/permgate/permgate/integrity"
)

// sinkHome is a HOME whose sealed user config holds config, run in a project
// directory under it.
type sinkHome struct {
	t    *testing.T
	home string
}

func newSinkHome(t *testing.T, config string) sinkHome {
	t.Helper()
	home := t.TempDir()
	cfgFile := filepath.Join(home, ".config", "permgate", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfgFile), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgFile, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	// permgate honours a user config that sets the sink only when it is the
	// one permgate sealed (as `permgate trust --user` does).
	if err := (integrity.Sealer{Dir: filepath.Join(home, ".local", "state", "permgate")}).Seal(cfgFile, []byte(config)); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(home, "p"), 0o755)
	return sinkHome{t, home}
}

func (h sinkHome) statePath(name string) string {
	return filepath.Join(h.home, ".local", "state", "permgate", name)
}

// run runs permgate with args and stdin, in $HOME/p, with nothing of the
// developer's environment.
func (h sinkHome) run(stdin string, args ...string) (code int, stdout, stderr string) {
	vars := map[string]string{"HOME": h.home, "PATH": "/usr/bin:/bin"}
	h2 := &host{environ: environOf(vars), cwd: filepath.Join(h.home, "p"), home: h.home}
	for k, v := range vars {
		h2.environ = append(h2.environ, k+"="+v)
	}
	var out, errb bytes.Buffer
	root := newRoot(streams{in: strings.NewReader(stdin), out: &out, err: termSafeWriter{&errb}, host: h2})
	root.SetArgs(args)
	err := root.Execute()
	var ec exitCode
	switch {
	case err == nil:
	case errors.As(err, &ec):
		code = ec.code
	default:
		code = 1
		errb.WriteString(err.Error())
	}
	return code, out.String(), errb.String()
}

// gram listens on a unix datagram socket with a short path and returns the
// address and a reader of the next datagram.
func gram(t *testing.T) (string, func() string) {
	t.Helper()
	path, read := audittest.ListenGram(t)
	return "unixgram:" + path, func() string {
		t.Helper()
		return string(read())
	}
}

const secretCommand = "curl -H \"Authorization: Bearer s3cr3tvalue\" https://x\nrm -rf /"

// TestAuditSinkSyslogEndToEnd: with [audit] sink = "syslog" a decision of
// check and of a hook arrives at the socket as one RFC 5424 message, the
// secret redacted, the newline escaped; nothing goes to the file.
func TestAuditSinkSyslogEndToEnd(t *testing.T) {
	addr, read := gram(t)
	h := newSinkHome(t, "[audit]\nsink = \"syslog\"\naddress = \""+addr+"\"\nfacility = \"local0\"\n")
	code, stdout, stderr := h.run("", "check", "--", secretCommand)
	if code != exitDeny {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	msg := read()
	t.Logf("received: %s", msg)
	host, _ := os.Hostname()
	if host == "" || strings.ContainsFunc(host, func(r rune) bool { return r < 33 || r > 126 }) {
		host = "-" // RFC 5424's NILVALUE for a name it cannot carry
	}
	for _, want := range []string{
		"<132>1 ", // local0 (16) × 8 + warning (4)
		" " + host + " permgate ",
		" check [permgate@32473 decision=\"deny\" severity=\"severe\" mode=\"default\" ",
		` source="check" cwd="` + filepath.Join(h.home, "p") + `" reason="`,
		`] deny: curl -H "Authorization: [REDACTED]" https://x\nrm -rf /`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q", want)
		}
	}
	if strings.Contains(msg, "s3cr3t") || strings.ContainsAny(msg, "\n\r") {
		t.Errorf("a secret or a raw newline reached the socket: %q", msg)
	}
	if _, err := os.Stat(h.statePath(audit.FileName)); err == nil {
		t.Errorf("the file sink was written too")
	}

	payload := `{"tool_name":"Bash","tool_input":{"command":"ls -la"},"hook_event_name":"PreToolUse","cwd":"` + filepath.Join(h.home, "p") + `"}`
	code, stdout, _ = h.run(payload, "hook", "claude")
	if code != 0 || !strings.Contains(stdout, `"permissionDecision":"allow"`) {
		t.Fatalf("hook: %d %s", code, stdout)
	}
	if msg := read(); !strings.HasPrefix(msg, "<134>1 ") || !strings.Contains(msg, ` hook [permgate@32473 decision="allow"`) || !strings.HasSuffix(msg, "] allow: ls -la") {
		t.Errorf("hook record: %s", msg)
	}
	if code, _, stderr := h.run("", "log"); code != 0 || !strings.Contains(stderr, "permgate: log: records go to syslog "+addr) {
		t.Errorf("log: %d %q", code, stderr)
	}
}

// TestAuditSinkJournaldEndToEnd: the journald sink's entry of a decision.
func TestAuditSinkJournaldEndToEnd(t *testing.T) {
	addr, read := gram(t)
	h := newSinkHome(t, "[audit]\nsink = \"journald\"\naddress = \""+addr+"\"\n")
	if code, _, stderr := h.run("", "check", "--", secretCommand); code != exitDeny {
		t.Fatalf("check: exit %d %s", code, stderr)
	}
	entry := read()
	for _, want := range []string{
		"\nPRIORITY=4\n", "\nSYSLOG_FACILITY=10\n", "\nSYSLOG_IDENTIFIER=permgate\n", "\nPERMGATE_DECISION=deny\n",
		"\nPERMGATE_SEVERITY=severe\n", "\nPERMGATE_MODE=default\n", "\nPERMGATE_SOURCE=check\n",
		"\nPERMGATE_CWD=" + filepath.Join(h.home, "p") + "\n",
		"\nPERMGATE_COMMAND\n", "curl -H \"Authorization: [REDACTED]\" https://x\nrm -rf /\n",
	} {
		if !strings.Contains(entry, want) {
			t.Errorf("the entry lacks %q:\n%q", want, entry)
		}
	}
	if strings.Contains(entry, "s3cr3t") {
		t.Errorf("the secret reached the socket")
	}
	if code, _, stderr := h.run("", "log"); code != 0 || !strings.Contains(stderr, "journalctl -t permgate") {
		t.Errorf("log: %d %q", code, stderr)
	}
}

// TestAuditSinkMissingSocket: a socket that is not there loses the record;
// with [audit] required = true the decision is then a deny (fail closed), in
// check and in a hook.
func TestAuditSinkMissingSocket(t *testing.T) {
	gone := "unixgram:" + filepath.Join(t.TempDir(), "no-such.sock")
	h := newSinkHome(t, "[audit]\nsink = \"syslog\"\naddress = \""+gone+"\"\n")
	code, _, stderr := h.run("", "check", "--", "ls")
	if code != 0 || !strings.Contains(stderr, "permgate: warning: the audit record of this decision was lost: audit syslog "+gone) {
		t.Errorf("not required: %d %q", code, stderr)
	}
	h = newSinkHome(t, "[audit]\nrequired = true\nsink = \"syslog\"\naddress = \""+gone+"\"\n")
	code, stdout, stderr := h.run("", "check", "--", "ls")
	if code != exitDeny || !strings.Contains(stdout, "the audit record could not be written and [audit] required = true") ||
		!strings.Contains(stderr, "permgate: error: the audit record could not be written: audit syslog "+gone) {
		t.Errorf("required: %d %q %q", code, stdout, stderr)
	}
	payload := `{"tool_name":"Bash","tool_input":{"command":"ls"},"hook_event_name":"PreToolUse"}`
	if code, stdout, _ := h.run(payload, "hook", "claude"); code != 0 || !strings.Contains(stdout, `"permissionDecision":"deny"`) {
		t.Errorf("hook with a missing socket and required: %d %s", code, stdout)
	}
}

// TestAuditSinkNone: nothing is written anywhere, and log says so.
func TestAuditSinkNone(t *testing.T) {
	h := newSinkHome(t, "[audit]\nsink = \"none\"\n")
	if code, _, stderr := h.run("", "check", "--", "ls"); code != 0 || stderr != "" {
		t.Fatalf("check: %d %q", code, stderr)
	}
	if _, err := os.Stat(h.statePath(audit.FileName)); err == nil {
		t.Errorf("sink none wrote the file")
	}
	if code, stdout, stderr := h.run("", "log"); code != 0 || stdout != "" || !strings.Contains(stderr, "no audit records are kept ([audit] sink at ") {
		t.Errorf("log: %d %q %q", code, stdout, stderr)
	}
}

// TestAuditSinkNoneRequired: required = true means no record, no command; a
// sink that keeps no record refuses every decision but a deny.
func TestAuditSinkNoneRequired(t *testing.T) {
	h := newSinkHome(t, "[audit]\nsink = \"none\"\nrequired = true\n")
	if code, _, stderr := h.run("", "check", "--", "ls"); code != 2 || !strings.Contains(stderr, "keeps no record") {
		t.Errorf("check: %d %q", code, stderr)
	}
	if code, stdout, _ := h.run("", "doctor"); code != 1 || !strings.Contains(stdout, "✘ audit: [audit] required = true") {
		t.Errorf("doctor: %d %q", code, stdout)
	}
}
