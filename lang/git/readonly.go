package git

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// ReadOnly reports whether a git command (the words after git's name) only
// reads.
func ReadOnly(args []shellparse.Word) bool {
	var s State
	return s.readOnly(Parse(args), 0)
}

// ReadOnly reports whether a git command only reads, as the package's
// ReadOnly does, on the reading Parse keeps; an alias the script or the
// command line defined is read as what it expands to.
func (s *State) ReadOnly(args []shellparse.Word) bool { return s.readOnly(s.Parse(args), 0) }

// readOnly reports whether the command read only reads, depth aliases deep.
func (s *State) readOnly(g Invocation, depth int) bool {
	if g.Dynamic || globalsRun(g) || verbRuns(g) {
		return false
	}
	if value, ok := s.aliasValue(g); ok {
		// git -c alias.st=status st is git status; a ! alias runs a shell.
		return depth < maxAliasDepth && !strings.HasPrefix(strings.TrimSpace(value), "!") && s.readOnly(expandAlias(g, value), depth+1)
	}
	if Help(g) || isReadVerb(g.Sub) {
		return true
	}
	if reads, ok := readJudges.Get()[g.Sub]; ok {
		return reads(g)
	}
	return false
}

// globalsRun reports a global option that runs something or changes what
// runs: -c (unless it only changes how git shows things, names a pager or
// editor that runs nothing else, or defines an alias that runs no shell),
// --config-env, a pager, another exec path.
func globalsRun(g Invocation) bool {
	for _, o := range g.Global.Opts {
		switch o.Name {
		case "-c":
			if w, ok := shellparse.OptionWord(g.Globals, o); !ok || !displayConfig(w) && !quietConfig(w) {
				return true
			}
		case "-p", "--paginate", "--config-env":
			return true
		case "--exec-path":
			if o.HasValue {
				return true
			}
		}
	}
	return false
}

// quietConfig reports a static git -c KEY=VALUE that runs nothing: a pager
// or editor that only prints or does nothing (core.pager=cat), or an alias
// to a git command (alias.st=status), judged where it is used.
func quietConfig(w shellparse.Word) bool {
	if !w.Static {
		return false
	}
	key, value, _ := strings.Cut(w.Text, "=")
	if harmlessSetting(key, value) {
		return true
	}
	name, isAlias := strings.CutPrefix(strings.ToLower(key), "alias.")
	return isAlias && name != "" && !strings.HasPrefix(strings.TrimSpace(value), "!")
}

// verbRuns reports a verb's option that writes a file or runs a program:
// --output, --ext-diff, --open-files-in-pager (grep -O), --upload-pack,
// --exec.
func verbRuns(g Invocation) bool {
	return g.Has("--output", "--ext-diff", "--open-files-in-pager", "--upload-pack", "--exec") || g.Sub == "grep" && g.Has("-O") || g.Sub == "ls-remote" && helperRemote(g)
}

// helperRemote reports a remote named as TRANSPORT::ADDRESS: git runs the
// remote helper git-remote-TRANSPORT for it, and ext:: runs the command it
// names (where protocol.ext.allow lets it). ls-remote is the one read verb
// that takes a remote; a pattern such as std::string elsewhere is no remote.
func helperRemote(g Invocation) bool {
	for _, a := range g.Args {
		transport, _, ok := strings.Cut(a.Text, "::")
		if ok && transport != "" && !strings.HasPrefix(transport, "-") && strings.Trim(strings.ToLower(transport), "abcdefghijklmnopqrstuvwxyz0123456789+.-") == "" {
			return true
		}
	}
	return false
}

// isReadVerb reports a verb that only reads, whatever its options (those
// that write or run are verbRuns').
func isReadVerb(name string) bool {
	switch name {
	case "status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "blame", "shortlog",
		"describe", "grep", "cat-file", "rev-list", "merge-base", "show-ref", "count-objects",
		"whatchanged", "name-rev", "check-ignore", "annotate", "diff-tree", "diff-files", "diff-index",
		"for-each-ref", "var", "version", "help", "ls-remote", "check-attr", "check-ref-format",
		"check-mailmap", "verify-commit", "verify-tag", "verify-pack", "show-branch", "range-diff",
		"cherry", "show-index", "get-tar-commit-id", "column", "diff-pairs":
		return true
	}
	return false
}

// readJudges say when a verb that may write only reads.
var readJudges = lazy.Value[map[string]func(Invocation) bool]{Make: func() map[string]func(Invocation) bool {
	return map[string]func(Invocation) bool{
		"fsck":         func(g Invocation) bool { return !g.Has("--lost-found") },
		"fsck-objects": func(g Invocation) bool { return !g.Has("--lost-found") },
		"submodule": func(g Invocation) bool {
			return len(g.Args) == 0 || slices.Contains([]string{"status", "summary"}, g.FirstOperand())
		},
		"notes": func(g Invocation) bool {
			return len(g.Args) == 0 || slices.Contains([]string{"list", "show"}, g.FirstOperand())
		},
		"sparse-checkout": func(g Invocation) bool { return g.FirstOperand() == "list" },
		"lfs":             lfsReads,
		"bisect":          func(g Invocation) bool { return g.FirstOperand() == "log" },
		"branch":          branchListing,
		"tag":             tagListing,
		"remote":          remoteListing,
		"reflog":          func(g Invocation) bool { v := g.VerbWord(); return v == "" || v == "show" },
		"stash":           func(g Invocation) bool { v := g.VerbWord(); return v == "list" || v == "show" },
		"worktree":        func(g Invocation) bool { return g.VerbWord() == "list" },
		"config":          configReading,
	}
}}

// lfsReads: git lfs ls-files, status, env, version, logs (listing or showing
// one), track (listing the patterns).
func lfsReads(g Invocation) bool {
	n := len(g.Scan().Operands)
	switch g.FirstOperand() {
	case "ls-files", "status", "env", "version":
		return true
	case "logs":
		return n <= 2
	case "track":
		return n == 1
	}
	return false
}

// branchListing: git branch lists unless an option or an operand names a
// branch to create, delete, move, copy or retarget.
func branchListing(g Invocation) bool {
	if g.Has("-d", "-D", "-m", "-M", "-c", "-C", "-u", "--delete", "--move", "--copy", "--set-upstream-to", "--unset-upstream", "--edit-description", "--force") {
		return false
	}
	// With a listing option the operands are patterns.
	return len(g.Scan().Operands) == 0 || g.Has("-a", "-l", "-r", "-v", "--list", "--all", "--remotes", "--verbose")
}

// tagListOptions are the options git tag lists tags with.
var tagListOptions = []string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format", "--color",
	"--column", "--no-column", "-i", "--ignore-case", "-n"}

// tagListing reports git tag listing or verifying tags (no operand names a
// tag to create, no option creates or deletes one).
func tagListing(g Invocation) bool {
	switch {
	case g.Has("-l", "--list"):
		return !g.Has("-d", "--delete")
	case g.Has("-v", "--verify"):
		return !g.Has("-d", "--delete", "-a", "--annotate", "-s", "--sign", "-m", "--message", "-F", "--file", "-f", "--force", "-u", "--local-user", "-e", "--edit")
	}
	return len(g.Scan().Operands) == 0 && onlyOptions(g.Scan(), tagListOptions...)
}

// remoteListing: git remote, git remote -v, git remote show and get-url only
// read (git remote -v add NAME URL adds one: -v is remote's own option).
func remoteListing(g Invocation) bool {
	if len(g.Scan().Operands) == 0 {
		return onlyOptions(g.Scan(), "-v", "--verbose")
	}
	first := g.FirstOperand()
	return first == "show" || first == "get-url"
}

// configReads are git config's options that only read.
var configReads = []string{"-l", "--get", "--get-all", "--list", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool"}

// configReading: git config reads with a getting or listing option, the get
// and list verbs, or a key alone.
func configReading(g Invocation) bool {
	if g.Has("-e", "--edit", "--add", "--unset", "--unset-all", "--replace-all", "--rename-section", "--remove-section") {
		return false
	}
	first := g.FirstOperand()
	if g.Has(configReads...) || first == "get" || first == "list" {
		return true
	}
	switch first {
	case "set", "unset", "edit", "rename-section", "remove-section":
		return false
	}
	return len(g.Scan().Operands) == 1
}
