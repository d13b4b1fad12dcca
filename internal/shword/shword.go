// Package shword writes words for bash: the quoting and the size bound the
// parser and the stages that only hand commands on (the harness protocols)
// share.
package shword

import "strings"

// MaxScriptBytes is the largest script the analysis reads (shellparse's
// default bound).
const MaxScriptBytes = 2 << 20

// Quote quotes s for bash when it needs quoting.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,+@%^", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
