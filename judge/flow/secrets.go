package flow

import (
	"strings"

	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/shellparse"
)

// emitsSecret reports that the command's output may hold a secret: it reads
// one (secret_access among its findings), prints the environment, is given
// a variable the script filled with one, or passes on what a pipe fed it
// from such a command (base64, gzip, tar …).
func (s *State) emitsSecret(h Host, c shellparse.SimpleCommand) bool {
	if h.FlowReadsSecret() {
		return true
	}
	if len(c.Argv) == 0 {
		return false
	}
	if printsEnvironment(h, c) {
		return true
	}
	for _, a := range c.Argv[1:] {
		if environFile(a) {
			return true
		}
		if s.carriesSecretVar(a.Params) {
			return true // echo "$k", where k holds a secret
		}
	}
	return s.stdinSecret(h, c)
}

// printsEnvironment reports a command that prints the environment's
// values: env and printenv with no command, set alone, export, declare and
// typeset with no operand, compgen -v and -e.
func printsEnvironment(h Host, c shellparse.SimpleCommand) bool {
	switch baseName(c) {
	case "env", "printenv":
		return h.FlowPrintsEnv(c.Argv[1:])
	case "set":
		return len(c.Argv) == 1 // set -e, set -o pipefail print nothing
	case "export", "declare", "typeset":
		return len(operandsOf(c)) == 0
	case "compgen":
		return len(operandsOf(c)) == 0 || hasOption(c, "-v", "-e")
	}
	return false
}

// stdinSecret reports standard input that may carry a secret: a pipe from a
// command that emits one, a redirect from a secret file, or a here-document
// that expands a secret variable.
func (s *State) stdinSecret(h Host, c shellparse.SimpleCommand) bool {
	return s.pipedSecret(c) || s.redirectedSecret(h, c) || s.hereSecret(c)
}

// pipedSecret reports a pipe into the command from one that emits a secret.
func (s *State) pipedSecret(c shellparse.SimpleCommand) bool {
	if c.Stdin.Kind != shellparse.InputPipe {
		return false
	}
	for _, i := range c.Stdin.From {
		if s.secretOut[i] {
			return true
		}
	}
	return false
}

// redirectedSecret reports standard input redirected from a secret file, or
// from a substitution that carries one.
func (s *State) redirectedSecret(h Host, c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if r.Op != "<" && r.Op != "<>" || r.Fd != "" && r.Fd != "0" {
			continue
		}
		if h.FlowSecretWord(r.Target, true) || environFile(r.Target) || (r.Target.ProcSubst || r.Target.Subst) && s.substCarriesSecret(r.Target) {
			return true
		}
	}
	return false
}

// hereSecret reports a here-string or here-document that expands a variable
// that holds a secret (one named like a token, or one the script filled
// with a secret), or a substitution that carries one.
func (s *State) hereSecret(c shellparse.SimpleCommand) bool {
	if c.Stdin.Kind != shellparse.InputHereString && c.Stdin.Kind != shellparse.InputHereDoc {
		return false
	}
	for _, p := range envSecretParams(c.Stdin.Text) {
		if places.SecretVar(p) || s.secretVars[p] {
			return true
		}
	}
	return s.substCarriesSecret(shellparse.Word{Text: c.Stdin.Text})
}

// envSecretParams returns the parameter names a here-string's source text expands.
func envSecretParams(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(text) && text[j] == '{' {
			j++
		}
		k := j
		for k < len(text) && nameByte(text[k]) {
			k++
		}
		if k > j {
			out = append(out, text[j:k])
		}
	}
	return out
}

// nameByte reports a byte a shell parameter's name may hold: a letter, a
// digit or _ (a positional parameter, $1, is read as a name too).
func nameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// substCarriesSecret reports a word whose command substitution runs a command
// that reads a secret or prints the environment.
func (s *State) substCarriesSecret(w shellparse.Word) bool {
	for _, src := range s.secretSubsts {
		if strings.Contains(w.Text, src) {
			return true
		}
	}
	return false
}
