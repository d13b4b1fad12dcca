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

// TrimVersion returns name without the digits and dots at its end (python3.12
// is python, lua-5.4 is lua-): what strings.TrimRight(name, "0123456789.")
// returns, without building a cutset on each call of the analysis's hot path.
func TrimVersion(name string) string {
	end := len(name)
	for end > 0 && (name[end-1] >= '0' && name[end-1] <= '9' || name[end-1] == '.') {
		end--
	}
	return name[:end]
}
