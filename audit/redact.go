package audit

import (
	"regexp"
	"strings"
)

// Redacted replaces a secret in a redacted command.
const Redacted = "[REDACTED]"

// redaction is one pattern of secret: the text matched by re is replaced by
// repl, in which $1 keeps what precedes the secret (a key name, a scheme).
type redaction struct {
	re   *regexp.Regexp
	repl string
}

// redactions are the secrets removed from a command before it is written
// anywhere. Go's regexp is linear in the input, whatever it holds.
var redactions = []redaction{
	// PEM private keys, to their END line or the end of the text.
	{regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`), Redacted},
	// Authorization: and Proxy-Authorization: headers, to the end of the quoted value or line.
	{regexp.MustCompile(`(?i)((?:proxy-)?authorization\s*:\s*)[^'"\n\r]+`), "${1}" + Redacted},
	// Bearer tokens anywhere else.
	{regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]+`), "${1}" + Redacted},
	// user:password@ in URLs.
	{regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@'"]*:)[^@\s/'"]+@`), "${1}" + Redacted + "@"},
	// --password=…, --password …, --token=…, --api-key …, --secret=…
	{regexp.MustCompile(`(?i)(--[a-z0-9-]*(?:password|passwd|token|secret|api-?key)(?:=|\s+))(?:"[^"]*"|'[^']*'|[^\s;&|]+)`), "${1}" + Redacted},
	// NAME_TOKEN=…, NAME_SECRET=…, NAME_KEY=…, PASSWORD=… assignments.
	{regexp.MustCompile(`(?i)(\b[A-Za-z0-9_]*(?:TOKEN|SECRET|_KEY|PASSWORD|PASSWD|APIKEY)=)(?:"[^"]*"|'[^']*'|[^\s;&|]+)`), "${1}" + Redacted},
	// Well-known key formats.
	{regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`), Redacted},
	{regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{16,}`), Redacted},
	{regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`), Redacted},
	{regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{8,}`), Redacted},
	{regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`), Redacted},
	{regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+`), Redacted},
}

// passwordOptionTools take a password attached to -p (mysql -pSECRET, sshpass
// -pSECRET); elsewhere -p means something else (mkdir -p, cp -p).
var passwordOptionTools = regexp.MustCompile(`\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|sshpass)\b`)

// shortPassword is -pSECRET (attached) or sshpass's -p SECRET.
var shortPassword = regexp.MustCompile(`(^|\s)(-p)(\S+)`)

// Redact returns command with every secret it recognises replaced by
// [REDACTED]: bearer tokens, Authorization: headers, passwords in URLs,
// -pSECRET (for mysql, mariadb, sshpass) and --password= options,
// *_TOKEN=/*_SECRET=/*_KEY= assignments, and well-known key formats
// (ghp_…, github_pat_…, sk-…, AKIA…, xox[bp]-…, AIza…, JWTs, PEM private keys).
func Redact(command string) string {
	out := command
	for _, r := range redactions {
		out = r.re.ReplaceAllString(out, r.repl)
	}
	if passwordOptionTools.MatchString(out) {
		out = shortPassword.ReplaceAllStringFunc(out, func(m string) string {
			i := strings.Index(m, "-p")
			return m[:i+2] + Redacted
		})
	}
	return out
}
