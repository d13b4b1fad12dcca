package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// redactAll is Redact without the hints: every pattern tried on every
// command.
func redactAll(command string) string {
	out := command
	for _, r := range redactions {
		out = r.re.Get().ReplaceAllString(out, r.repl)
	}
	if passwordOptionTools.Get().MatchString(out) {
		out = shortPassword.Get().ReplaceAllStringFunc(out, func(m string) string {
			i := strings.Index(m, "-p")
			return m[:i+2] + Redacted
		})
	}
	return out
}

// redactSamples are commands holding each kind of secret, in the cases and
// spellings the patterns accept.
var redactSamples = []string{
	"curl -H 'Authorization: Bearer abc.def' https://x", "curl -H 'PROXY-AUTHORIZATION: Basic Zm9v' x",
	"curl -H 'X: BeArEr tok123' x", "git clone https://me:hunter2@example.com/r", "mysql -uroot -phunter2 db",
	"sshpass -p hunter2 ssh h", "tool --Api-Key=abc", "tool --db-PASSWORD hunter2", "GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123 gh",
	"AWS_SECRET_ACCESS_KEY=abc aws s3 ls", "echo AKIAABCDEFGHIJKLMNOP", "echo xoxb-12345678-abc", "echo AIzaSyA-abcdefghijklmnopqrstuvwxyz012345",
	"echo eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig", "echo sk-abcdefghijklmnop1234", "printf '-----BEGIN RSA PRIVATE KEY-----\nMII\n-----END RSA PRIVATE KEY-----'",
	"tool --\u017fecret=x", "AP\u212aEY=x tool", "git status", "ls -la && git diff --stat | head -20",
}

// TestRedactHintsLoseNothing: trying a pattern only on commands that hold
// one of its hints redacts exactly what trying every pattern does, on the
// samples above and on every line of the command corpora.
func TestRedactHintsLoseNothing(t *testing.T) {
	inputs := append([]string(nil), redactSamples...)
	files, _ := filepath.Glob("../testdata/corpus/*.txt")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			cmd, _, _ := strings.Cut(line, "\t")
			inputs = append(inputs, cmd)
		}
	}
	if len(inputs) < 1000 {
		t.Fatalf("only %d inputs: the corpora are missing", len(inputs))
	}
	redacted := 0
	for _, in := range inputs {
		got, want := Redact(in), redactAll(in)
		if got != want {
			t.Errorf("Redact(%q) = %q, every pattern gives %q", in, got, want)
		}
		if want != in {
			redacted++
		}
	}
	if redacted < len(redactSamples)-4 {
		t.Errorf("only %d inputs were redacted", redacted)
	}
}

// FuzzRedactHints: the hints never keep a pattern from a command it matches.
func FuzzRedactHints(f *testing.F) {
	for _, s := range redactSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Redact(s), redactAll(s); got != want {
			t.Fatalf("Redact(%q) = %q, every pattern gives %q", s, got, want)
		}
	})
}
