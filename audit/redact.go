package audit

import (
	"strings"
	"unicode/utf8"

	"github.com/permgate/permgate/internal/lazyre"
)

// Redacted replaces a secret in a redacted command.
const Redacted = "[REDACTED]"

// redaction is one pattern of secret: the text matched by re is replaced by
// repl, in which $1 keeps what precedes the secret (a key name, a scheme).
// The pattern is compiled on first use, and tried only on a command that
// holds one of hints (in lower case), which every match contains: most
// commands hold none, and cost no compile and no scan.
type redaction struct {
	re    *lazyre.Regexp
	repl  string
	hints []string
}

// redactions are the secrets removed from a command before it is written
// anywhere. Go's regexp is linear in the input, whatever it holds.
var redactions = []redaction{
	// PEM private keys, to their END line or the end of the text.
	{&lazyre.Regexp{Src: `-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`}, Redacted, []string{"private key"}},
	// Authorization: and Proxy-Authorization: headers, to the end of the quoted value or line.
	{&lazyre.Regexp{Src: `(?i)((?:proxy-)?authorization\s*:\s*)[^'"\n\r]+`}, "${1}" + Redacted, []string{"authorization"}},
	// Bearer tokens anywhere else.
	{&lazyre.Regexp{Src: `(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]+`}, "${1}" + Redacted, []string{"bearer"}},
	// user:password@ in URLs.
	{&lazyre.Regexp{Src: `([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@'"]*:)[^@\s/'"]+@`}, "${1}" + Redacted + "@", []string{"://"}},
	// --password=…, --password …, --token=…, --api-key …, --secret=…
	{&lazyre.Regexp{Src: `(?i)(--[a-z0-9-]*(?:password|passwd|token|secret|api-?key)(?:=|\s+))(?:"[^"]*"|'[^']*'|[^\s;&|]+)`}, "${1}" + Redacted,
		[]string{"password", "passwd", "token", "secret", "apikey", "api-key"}},
	// NAME_TOKEN=…, NAME_SECRET=…, NAME_KEY=…, PASSWORD=… assignments.
	{&lazyre.Regexp{Src: `(?i)(\b[A-Za-z0-9_]*(?:TOKEN|SECRET|_KEY|PASSWORD|PASSWD|APIKEY)=)(?:"[^"]*"|'[^']*'|[^\s;&|]+)`}, "${1}" + Redacted,
		[]string{"token=", "secret=", "_key=", "password=", "passwd=", "apikey="}},
	// Well-known key formats.
	{&lazyre.Regexp{Src: `\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`}, Redacted,
		[]string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-"}},
	{&lazyre.Regexp{Src: `\bsk-[A-Za-z0-9_-]{16,}`}, Redacted, []string{"sk-"}},
	{&lazyre.Regexp{Src: `\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`}, Redacted, []string{"akia", "asia"}},
	{&lazyre.Regexp{Src: `\bxox[abposr]-[A-Za-z0-9-]{8,}`}, Redacted, []string{"xox"}},
	{&lazyre.Regexp{Src: `\bAIza[0-9A-Za-z_-]{35}`}, Redacted, []string{"aiza"}},
	{&lazyre.Regexp{Src: `\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+`}, Redacted, []string{"eyj"}},
}

// passwordOptionTools take a password attached to -p (mysql -pSECRET, sshpass
// -pSECRET); elsewhere -p means something else (mkdir -p, cp -p).
var passwordOptionTools = lazyre.Regexp{Src: `\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|sshpass)\b`}

// passwordToolHints are in every match of passwordOptionTools.
var passwordToolHints = []string{"mysql", "mariadb", "sshpass"}

// shortPassword is -pSECRET (attached) or sshpass's -p SECRET.
var shortPassword = lazyre.Regexp{Src: `(^|\s)(-p)(\S+)`}

// mayHold reports whether text, lowered (lower), may match a pattern
// whose every match holds one of hints. Text beyond ASCII is always tried:
// (?i) folds letters that lower-casing does not (ſ matches s).
func mayHold(lower string, ascii bool, hints []string) bool {
	if !ascii {
		return true
	}
	for _, h := range hints {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return false
}

// isASCII reports text of ASCII characters only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Redact returns command with every secret it recognises replaced by
// [REDACTED]: bearer tokens, Authorization: headers, passwords in URLs,
// -pSECRET (for mysql, mariadb, sshpass) and --password= options,
// *_TOKEN=/*_SECRET=/*_KEY= assignments, and well-known key formats
// (ghp_…, github_pat_…, sk-…, AKIA…, xox[bp]-…, AIza…, JWTs, PEM private keys).
func Redact(command string) string {
	out := command
	ascii := isASCII(command)
	lower := command
	if ascii {
		lower = strings.ToLower(command)
	}
	for _, r := range redactions {
		if mayHold(lower, ascii, r.hints) {
			out = r.re.Get().ReplaceAllString(out, r.repl)
		}
	}
	if mayHold(lower, ascii, passwordToolHints) && passwordOptionTools.Get().MatchString(out) {
		out = shortPassword.Get().ReplaceAllStringFunc(out, func(m string) string {
			i := strings.Index(m, "-p")
			return m[:i+2] + Redacted
		})
	}
	return out
}
