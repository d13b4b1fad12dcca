// Package code judges commands that run code: a language runtime's or a
// shell's program (given inline, read from a file, from standard input or
// from another command), the code a tool runs through its options (tar
// --to-command, rsync -e, vim -c, go -toolexec), and the sessions an agent
// types into (python with no program, psql with no command). Code a
// tokenizer can read (codescan) is read: the shell text and argv it hands
// on are analysed as commands of their own, its deletes and writes as the
// shell's would be.
//
// Argv is read by the registry's grammar: each program's options are
// declared in registry/*.go, or, for the runtimes, built from the
// interpreter table here.
package code

import (
	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the room asks of the command being judged.
type Host interface {
	// Report records a finding kind.name on the current command, with a
	// safer way to the same end ("" when there is none).
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// Nested analyses text as a script of its own, its findings prefixed
	// by how.
	Nested(script, how string)
	// WriteTarget judges one file the current command writes.
	WriteTarget(w shellparse.Word, how string)
	// StdinText returns the texts the command may read on its standard
	// input, nil when none is known.
	StdinText(c shellparse.SimpleCommand) []string
	// Home is the home directory, absolute.
	Home() string
	// CodeDeleteSevere says whether a recursive delete of w is severe, and
	// where it lands.
	CodeDeleteSevere(w shellparse.Word) (severe bool, why string)
	// CodeDeleteSafer is the safer way to a severe recursive delete.
	CodeDeleteSafer(why string) string
	// CodeTreeSelf judges a tree the command deletes or changes against
	// permgate's own files.
	CodeTreeSelf(w shellparse.Word, how string)
	// CodeCopyTargets returns what a copy (rsync) writes to.
	CodeCopyTargets(c shellparse.SimpleCommand) []shellparse.Word
	// CodeTempDir is the temporary directory.
	CodeTempDir() string
	// CodeParse parses text as a script, with the validator's limits.
	CodeParse(src string) shellparse.Result
	// CodeAgent reports that the command is run by an agent's harness.
	CodeAgent() bool
	// CodeInlineSecrets judges the secret files inline code names, and
	// reports whether it names one.
	CodeInlineSecrets(name, code string) bool
	// CodeRunFile reads and judges the file p (as written) that the command
	// runs: as a shell script when shell is true, else as a program in
	// lang (0: one permgate has no tokenizer for).
	CodeRunFile(c shellparse.SimpleCommand, p string, shell bool, lang codescan.Lang)
	// CodeRunMatched reads and judges the files m matches (bash *.sh,
	// find -name '*.sh' -exec bash {} \;), as CodeRunFile does one.
	CodeRunMatched(c shellparse.SimpleCommand, m Matched, shell bool, lang codescan.Lang)
	// CodeRunModule judges the module python -m MODULE runs: a program
	// the registry knows (pytest, pip) or a module of the working
	// directory, which comes first on python's path. args follow it.
	CodeRunModule(c shellparse.SimpleCommand, module string, args []shellparse.Word)
	// CodeNetworkTool reports a program that fetches from or sends to
	// the network (curl, nc): its output is never a local program's
	// set-up.
	CodeNetworkTool(base string) bool
}

// report records a finding with no safer way.
func report(h Host, kind finding.Kind, name string, sev finding.Severity, reason string) {
	h.Report(kind, name, sev, reason, "")
}

// Severities, as the findings carry them.
const (
	nonSevere = finding.NonSevere
	severe    = finding.Severe
)
