// Package self judges what a command does to permgate itself: its program,
// its config and state directories, the variables that move or loosen it
// (HOME, the XDG homes, PERMGATE_*), the harness settings that register its
// hook, and the agent harnesses a command starts with their checks off. It
// closes the routes by which a command could write those files: variable
// spellings, globs, brace lists, links, moves of an ancestor directory,
// recursive copies into one, and writers permgate does not know.
//
// What the command's words expand to, and where its paths lead, is the
// validator's: the package asks it through Host.
package self

import (
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the package asks of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the current
	// command, with a safer way to the same end ("" when there is none).
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// WriteTarget judges one file the current command writes.
	WriteTarget(w shellparse.Word, how string)
	// Resolve returns the absolute, cleaned path a static word names.
	Resolve(p string) string
	// ExpandPath returns the paths a word may name, and whether some are
	// known only at run time.
	ExpandPath(w shellparse.Word) (texts []string, unknown bool)
	// Dir is the directory the current command runs in, "" when unknown.
	Dir() string
	// SelfPaths is the knowledge of permgate's files the validator keeps.
	SelfPaths() *Paths
	// SelfState is what this package remembers across the script's commands.
	SelfState() *State
	// SelfRealPaths returns p, p through the script's links and through the
	// links on disk, without repeats.
	SelfRealPaths(p string) []string
	// SelfKnownPath returns the path a write target names when it can be told.
	SelfKnownPath(w shellparse.Word) (string, bool)
	// SelfReadOnly reports a command that only reads.
	SelfReadOnly(c shellparse.SimpleCommand) bool
	// SelfInterpreter reports a language runtime's name (python3, node).
	SelfInterpreter(base string) bool
	// SelfCopyTargets returns what mv, cp, install, ln, rsync and scp write.
	SelfCopyTargets(c shellparse.SimpleCommand) []shellparse.Word
	// SelfExtractDirs returns the directories an archiver unpacks into.
	SelfExtractDirs(name string, args []shellparse.Word) []shellparse.Word
	// SelfGitCloneDestination is the directory git clone URL DIR clones into.
	SelfGitCloneDestination(args []shellparse.Word) []shellparse.Word
	// SelfFindRoots splits find's words into its start paths and expression.
	SelfFindRoots(args []shellparse.Word) (roots, expr []shellparse.Word)
	// SelfNoteLink remembers a link the script made (absolute) and the path it
	// points at (absolute, cleaned).
	SelfNoteLink(link, target string)
	// SelfCommand is the command being judged.
	SelfCommand() shellparse.SimpleCommand
	// SelfPipeChain is the pipeline that feeds the command being judged:
	// the commands before it that pipe their output on, nearest first.
	SelfPipeChain() []shellparse.SimpleCommand
	// SelfPipeWriters is how many commands of the script (readings of one
	// command counted once) write into the command's standard input.
	SelfPipeWriters() int
}

// State is what the package remembers across the commands of one script;
// the zero value is ready to use.
type State struct {
	// copies holds the paths and names earlier commands copied or linked
	// permgate to.
	copies map[string]bool
	// vars holds the values earlier commands gave the variables that say
	// where an installer writes (rememberVars): a later command may inherit
	// any of them.
	vars map[string][]shellparse.Word
}

// report records a finding without a safer way.
func report(h Host, kind finding.Kind, name string, sev finding.Severity, reason string) {
	h.Report(kind, name, sev, reason, "")
}
