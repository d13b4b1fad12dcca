// Package flow judges data that leaves the machine or arrives on it (docs/analysis.md): a secret sent off the machine (an upload option, a copy to a remote, a
// sender's standard input fed by a pipe, a redirect or a here-string, a write
// to /dev/tcp), a shell or program joined to a network connection (reverse
// shells, nc -e, socat EXEC:), and a file the script downloads and then runs.
//
// What it must remember across the commands of one script (the commands
// whose output may carry a secret, the files a secret was copied into, the
// descriptors opened on network connections, the files downloaded) is a
// State, one per script.
package flow

import (
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the flow judgements ask of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the current command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// Resolve returns the absolute, cleaned path a static word names.
	Resolve(p string) string
	// ExpandPath returns the paths a word may name.
	ExpandPath(w shellparse.Word) (texts []string, unknown bool)
	// FlowSecretWord reports a word that names a secret file (with dirs, or a
	// folder of secrets), by any spelling.
	FlowSecretWord(w shellparse.Word, dirs bool) bool
	// FlowReadsSecret reports that the current command reads a secret (a
	// secret_access finding on it).
	FlowReadsSecret() bool
	// FlowWrites returns the words naming the files a command writes.
	FlowWrites(c shellparse.SimpleCommand) []shellparse.Word
	// FlowInterpreter reports a language runtime's name (python3, node …).
	FlowInterpreter(base string) bool
	// FlowPrintsEnv reports env's words (after its name) that print the
	// environment: no command, only options and assignments.
	FlowPrintsEnv(args []shellparse.Word) bool
}

// State is what the flow judgements remember across the commands of one
// script. The zero value is ready to use.
type State struct {
	// secretOut holds the commands whose output may carry a secret (cat .env,
	// env), for the commands they pipe into.
	secretOut map[int]bool
	// secretSubsts are the source texts of the command substitutions among
	// them ($(cat .env)), for the words that carry one.
	secretSubsts []string
	// copies holds the files (absolute) the script copied a secret into
	// (cp .env /tmp/x, cat ~/.ssh/id_rsa > k): they hold the secret too.
	copies map[string]bool
	// sockets holds the shell's descriptors opened on /dev/tcp or /dev/udp.
	sockets map[string]bool
	// downloaded holds the files earlier commands fetched from the network.
	downloaded map[string]bool
	// secretVars holds the shell variables the script set from a
	// substitution that carries a secret (k=$(cat .env)).
	secretVars map[string]bool
}

// Judge judges command i of the script, c: a file it runs that the script
// downloaded, a secret it sends off the machine, a shell it joins to the
// network. It then remembers what later commands are judged by: the files
// it downloads, the sockets it opens, and whether its output may carry a
// secret and where it copies one. Commands are judged in the script's order.
func (s *State) Judge(h Host, i int, c shellparse.SimpleCommand) {
	s.runsDownload(h, c)
	s.exfil(h, c)
	s.noteSecretVars(c)
	if s.emitsSecret(h, c) {
		s.noteSecretOut(i, c)
		s.noteSecretCopies(h, c)
	}
}

// HoldsCopy reports a path the script copied a secret into; resolve makes
// it absolute, and is called only when the script copied one.
func (s *State) HoldsCopy(p string, resolve func(string) string) bool {
	return s.copies != nil && s.copies[resolve(p)]
}

// noteSecretOut remembers that command i's output may carry a secret.
func (s *State) noteSecretOut(i int, c shellparse.SimpleCommand) {
	if s.secretOut == nil {
		s.secretOut = map[int]bool{}
	}
	s.secretOut[i] = true
	if c.Subst != "" && c.Source != "" {
		s.secretSubsts = append(s.secretSubsts, c.Source)
	}
}

// noteSecretVars remembers the variables a command's assignments fill from
// a substitution that carries a secret, or from a variable that holds one.
func (s *State) noteSecretVars(c shellparse.SimpleCommand) {
	for _, a := range c.Assigns {
		if a.Value.Subst && s.substCarriesSecret(a.Value) || s.carriesSecretVar(a.Value.Params) {
			if s.secretVars == nil {
				s.secretVars = map[string]bool{}
			}
			s.secretVars[a.Name] = true
		}
	}
}

// carriesSecretVar reports a parameter among params that the script filled
// with a secret.
func (s *State) carriesSecretVar(params []string) bool {
	for _, p := range params {
		if s.secretVars[p] {
			return true
		}
	}
	return false
}

// noteSecretCopies remembers where a command that reads a secret puts it: a
// copy's destination, a redirect's file.
func (s *State) noteSecretCopies(h Host, c shellparse.SimpleCommand) {
	var targets []shellparse.Word
	for _, r := range c.Redirects {
		if r.Writes() {
			targets = append(targets, r.Target)
		}
	}
	if len(c.Argv) > 0 && copiers.Get()[baseName(c)] {
		targets = append(targets, h.FlowWrites(c)...)
	}
	for _, t := range targets {
		texts, _ := h.ExpandPath(t)
		for _, text := range texts {
			if s.copies == nil {
				s.copies = map[string]bool{}
			}
			s.copies[h.Resolve(text)] = true
		}
	}
}

// copiers are the programs whose written files hold what they read.
var copiers = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"cp": true, "mv": true, "install": true, "ln": true, "rsync": true, "tee": true, "dd": true,
		"base64": true, "gzip": true, "tar": true, "zip": true, "openssl": true}
}}
