package registry

import "slices"

// gitGlobal is git's grammar before its subcommand (git -C DIR -c K=V VERB).
var gitGlobal = Grammar{Short: "C:c:", Long: []string{"git-dir=", "work-tree=", "namespace=", "config-env=", "super-prefix=", "attr-source=",
	"exec-path=?", "list-cmds=", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice", "bare",
	"literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "html-path", "man-path", "info-path", "version", "help"},
	Exact: true, Posix: true}

// git's verbs are judged by Go code (lang/git): force pushes, resets,
// cleans and the read-only verbs need their operands understood. Their
// declarations give that code each verb's grammar (its own options only,
// Alone: git's global options stand before the verb), and say what every
// verb writes: --output FILE, git archive -o FILE, git format-patch -o DIR,
// git bundle create FILE.
func git() []*Program {
	return []*Program{
		{Family: "git", Names: []string{"git"}, Check: "git", Node: Node{RunsFiles: GitHooks, Grammar: gitGlobal, Subs: gitVerbs()}},
	}
}

// gitCommon are options read with every verb, declared or not: they name a
// program git runs (--upload-pack, --receive-pack, --exec) or a file it
// writes (--output).
var gitCommon = []string{"upload-pack=", "receive-pack=", "exec=", "output=", "ext-diff", "open-files-in-pager=?"}

// gitHelpUnless are git's global options that run something or change what
// runs (a -c setting, a pager, another exec path): with one of them, git
// VERB --help is not only help (lang/git judges them).
var gitHelpUnless = []string{"-c", "--config-env", "-p", "--paginate", "--exec-path"}

// gitWritesOutput: --output FILE writes FILE, whatever the verb.
var gitWritesOutput = Effect{Act: Writes, Opts: []string{"--output"}}

// gitVerb declares git verbs with their own grammar: short letters, long
// options, and the options every verb is read with.
func gitVerb(names []string, short string, long []string, effects ...Effect) *Node {
	return &Node{Names: names, Alone: true, Grammar: Grammar{Short: short, Long: long, Common: gitCommon},
		Unless: gitHelpUnless, Effects: append(effects, gitWritesOutput)}
}

// gitTreeWriters are the git verbs that rewrite files of the worktree they
// do not name (Node.WritesTree).
var gitTreeWriters = []string{"pull", "merge", "rebase", "am", "apply", "checkout", "switch", "restore", "reset", "stash", "cherry-pick", "revert"}

func gitVerbs() []*Node {
	verbs := gitVerbList()
	for _, n := range verbs {
		n.WritesTree = slices.Contains(gitTreeWriters, n.Names[0])
	}
	return verbs
}

func gitVerbList() []*Node {
	return []*Node{
		// Every other verb (and a user's alias) is read with the options
		// every verb is read with. First: a word that names no verb finds
		// it at once, and a named verb still wins (Node.Sub).
		gitVerb([]string{"*"}, "", nil),
		gitVerb([]string{"clone"}, "u:c:o:b:j:lsqvn", []string{"template=", "config=", "origin=", "branch=", "jobs=", "depth=", "reference=", "reference-if-able=",
			"separate-git-dir=", "shallow-since=", "shallow-exclude=", "filter=", "server-option=", "bundle-uri=", "ref-format=", "recurse-submodules=?",
			"bare", "mirror", "recursive", "shallow-submodules", "no-checkout", "single-branch", "no-tags", "remote-submodules", "sparse", "progress",
			"dissociate", "local", "shared", "no-hardlinks", "quiet", "verbose", "reject-shallow", "no-reject-shallow", "also-filter-submodules"}),
		gitVerb([]string{"init"}, "b:c:q", []string{"template=", "config=", "separate-git-dir=", "object-format=", "ref-format=", "initial-branch=", "shared=?", "bare", "quiet"}),
		gitVerb([]string{"submodule"}, "b:j:n:c:q", []string{"name=", "reference=", "depth=", "jobs=", "filter=", "summary-limit=", "config=",
			"recursive", "init", "remote", "checkout", "merge", "rebase", "force", "cached", "files", "quiet", "single-branch", "no-fetch", "progress", "dissociate", "all"}),
		gitVerb([]string{"grep"}, "e:f:A:B:C:m:O::ihHlLnovwxzqEFGPIaWp", []string{"max-depth=", "threads=", "color=?", "context=", "after-context=", "before-context=",
			"max-count=", "and", "or", "not", "cached", "untracked", "no-index", "exclude-standard", "recurse-submodules", "textconv", "no-textconv",
			"ignore-case", "invert-match", "word-regexp", "line-number", "column", "count", "files-with-matches", "files-without-match", "name-only",
			"null", "only-matching", "quiet", "all-match", "extended-regexp", "basic-regexp", "fixed-strings", "perl-regexp", "text", "break",
			"heading", "function-context", "show-function", "full-name"}),
		gitVerb([]string{"push"}, "o:fdnquv46", []string{"force", "delete", "mirror", "prune", "force-with-lease=?", "force-if-includes", "repo=", "push-option=",
			"recurse-submodules=", "signed=?", "all", "branches", "tags", "follow-tags", "atomic", "dry-run", "porcelain", "set-upstream", "thin",
			"no-thin", "quiet", "verbose", "progress", "no-verify", "verify", "ipv4", "ipv6"}),
		gitVerb([]string{"fetch"}, "j:o:uafmnpPqtvk46", []string{"depth=", "deepen=", "shallow-since=", "shallow-exclude=", "refmap=", "server-option=", "jobs=",
			"negotiation-tip=", "filter=", "recurse-submodules=?", "submodule-prefix=", "update-head-ok", "all", "append", "atomic", "prune", "prune-tags",
			"tags", "no-tags", "dry-run", "force", "keep", "multiple", "porcelain", "quiet", "verbose", "progress", "unshallow", "update-shallow",
			"write-commit-graph", "set-upstream", "refetch", "ipv4", "ipv6"}),
		gitVerb([]string{"pull"}, "j:o:s:X:S::uafmnpqtvrek46", []string{"depth=", "deepen=", "shallow-since=", "shallow-exclude=", "server-option=", "jobs=",
			"rebase=?", "strategy=", "strategy-option=", "gpg-sign=?", "cleanup=", "recurse-submodules=?", "all", "append", "force", "ff", "no-ff",
			"ff-only", "squash", "no-squash", "commit", "no-commit", "edit", "no-edit", "autostash", "no-autostash", "tags", "no-tags", "prune",
			"quiet", "verbose", "progress", "dry-run", "unshallow", "verify", "no-verify", "ipv4", "ipv6"}),
		gitVerb([]string{"ls-remote"}, "u:o:hbtq", []string{"server-option=", "sort=", "heads", "branches", "tags", "refs", "quiet", "exit-code", "get-url", "symref"}),
		// git credential fill (and a helper's get) prints the password or
		// token git holds for a host (lang/git reports it); approve, reject
		// and store change them.
		{Names: []string{"credential", "credential-store", "credential-cache", "credential-osxkeychain", "credential-libsecret", "credential-manager"},
			Subs: []*Node{{Names: []string{"*"}, Writes: true}}},
		gitVerb([]string{"archive"}, "o:lv0123456789", []string{"format=", "prefix=", "remote=", "add-file=", "add-virtual-file=", "mtime=", "list", "verbose", "worktree-attributes"},
			Effect{Act: Writes, Opts: []string{"-o"}}),
		gitVerb([]string{"rebase"}, "x:s:X:S::C::iqvfnmrk", []string{"onto=", "strategy=", "strategy-option=", "gpg-sign=?", "empty=", "rebase-merges=?", "whitespace=",
			"interactive", "continue", "abort", "skip", "quit", "edit-todo", "show-current-patch", "root", "autosquash", "no-autosquash", "autostash",
			"no-autostash", "keep-base", "force-rebase", "no-ff", "fork-point", "no-fork-point", "update-refs", "no-update-refs", "quiet", "verbose", "stat", "no-stat", "verify", "no-verify"}),
		// git difftool -x CMD (--extcmd) runs CMD on each pair of files.
		// mergetool is read with the same grammar: it takes no -x, but a
		// mistaken -x CMD is still judged as the command it would be.
		gitVerb([]string{"difftool", "mergetool"}, "x:t:O::gyd", []string{"extcmd=", "tool=", "gui", "no-gui", "prompt", "no-prompt", "dir-diff",
			"symlinks", "no-symlinks", "trust-exit-code", "no-trust-exit-code", "tool-help"}),
		gitVerb([]string{"config"}, "f:lez", []string{"file=", "blob=", "type=", "default=", "comment=", "value=", "url=", "list", "get", "get-all", "get-regexp",
			"get-urlmatch", "get-color", "get-colorbool", "unset", "unset-all", "replace-all", "add", "rename-section", "remove-section", "edit", "global",
			"system", "local", "worktree", "show-origin", "show-scope", "null", "name-only", "includes", "no-includes", "bool", "int", "bool-or-int",
			"path", "expiry-date", "fixed-value", "all", "regexp"}),
		gitVerb([]string{"reset"}, "qNp", []string{"hard", "soft", "mixed", "merge", "keep", "recurse-submodules=?", "no-recurse-submodules", "pathspec-from-file=",
			"pathspec-file-nul", "quiet", "no-refresh", "refresh", "intent-to-add", "patch"}),
		gitVerb([]string{"apply"}, "p:C:Rv", []string{"check", "stat", "numstat", "summary", "index", "cached", "intent-to-add", "3way", "reject", "reverse",
			"directory=", "include=", "exclude=", "whitespace=", "unsafe-paths", "verbose", "quiet", "allow-empty", "recount", "unidiff-zero", "no-add", "binary",
			"ignore-space-change", "ignore-whitespace", "inaccurate-eof", "build-fake-ancestor="}),
		gitVerb([]string{"am"}, "sk3qcmp:C:", []string{"signoff", "keep", "keep-non-patch", "3way", "no-3way", "quiet", "scissors", "no-scissors", "message-id",
			"ignore-space-change", "ignore-whitespace", "directory=", "exclude=", "include=", "reject", "patch-format=", "interactive", "continue", "skip",
			"abort", "quit", "resolved", "show-current-patch=?", "empty=", "committer-date-is-author-date", "ignore-date", "gpg-sign=?", "no-gpg-sign", "quoted-cr="}),
		gitVerb([]string{"clean"}, "e:fnidxXq", []string{"exclude=", "force", "dry-run", "interactive", "quiet"}),
		gitVerb([]string{"switch"}, "c:C:t::fdmq", []string{"create=", "force-create=", "orphan=", "detach", "guess", "no-guess", "discard-changes", "force", "merge",
			"conflict=", "quiet", "track=?", "no-track", "ignore-other-worktrees", "recurse-submodules=?", "no-recurse-submodules", "progress", "no-progress"}),
		gitVerb([]string{"update-ref"}, "m:dz", []string{"stdin", "no-deref", "create-reflog"}),
		gitVerb([]string{"read-tree"}, "muinvq", []string{"reset", "prefix=", "index-output=", "exclude-per-directory=", "trivial", "aggressive", "empty",
			"no-sparse-checkout", "quiet", "recurse-submodules", "dry-run"}),
		gitVerb([]string{"format-patch"}, "o:v:nNkpsq", []string{"output-directory=", "reroll-count=", "start-number=", "subject-prefix=", "in-reply-to=", "to=",
			"cc=", "from=?", "signature=", "signature-file=", "suffix=", "base=", "interdiff=", "range-diff=", "creation-factor=", "stdout", "numbered",
			"no-numbered", "signoff", "cover-letter", "attach=?", "inline=?", "thread=?"},
			Effect{Act: Writes, Opts: []string{"-o", "--output-directory"}, Into: true}),
		{Names: []string{"bundle"}, Alone: true, Grammar: Grammar{Short: "q", Long: gitCommon}, Unless: gitHelpUnless, Effects: []Effect{gitWritesOutput}, Subs: []*Node{
			gitVerb([]string{"*"}, "q", nil),
			gitVerb([]string{"create"}, "q", []string{"progress", "all-progress", "all-progress-implied", "version=", "quiet", "all", "branches", "tags"},
				Effect{Act: Writes, Operands: "1"}),
		}},
		gitVerb([]string{"checkout"}, "b:B:fqmplt", []string{"orphan=", "conflict=", "pathspec-from-file=", "pathspec-file-nul", "force", "ours", "theirs", "detach",
			"track=?", "no-track", "guess", "no-guess", "overlay", "no-overlay", "ignore-skip-worktree-bits", "ignore-other-worktrees",
			"recurse-submodules=?", "no-recurse-submodules", "progress", "no-progress", "merge", "quiet", "patch"}),
		gitVerb([]string{"restore"}, "s:SWpqm", []string{"source=", "staged", "worktree", "ours", "theirs", "merge", "conflict=", "ignore-unmerged",
			"ignore-skip-worktree-bits", "overlay", "no-overlay", "pathspec-from-file=", "pathspec-file-nul", "progress", "no-progress", "recurse-submodules=?", "quiet", "patch"}),
		gitVerb([]string{"branch"}, "u:dDmMfrualvqti", []string{"delete", "force", "move", "copy", "set-upstream-to=", "unset-upstream", "edit-description", "list",
			"all", "remotes", "verbose", "contains=", "no-contains=", "merged=", "no-merged=", "points-at=", "sort=", "format=", "color=?", "no-color",
			"column=?", "no-column", "ignore-case", "show-current", "track=?", "no-track", "create-reflog", "recurse-submodules", "quiet", "abbrev=?", "no-abbrev", "omit-empty"}),
		gitVerb([]string{"tag"}, "m:F:u:n::elndfasvi", []string{"list", "delete", "verify", "sort=", "format=", "contains=", "no-contains=", "merged=", "no-merged=",
			"points-at=", "color=?", "column=?", "no-column", "ignore-case", "message=", "file=", "local-user=", "sign", "no-sign", "annotate", "force",
			"create-reflog", "cleanup=", "trailer=", "edit", "omit-empty"}),
		gitVerb([]string{"commit"}, "m:F:c:C:t:u::S::aqvsenpioz", []string{"message=", "file=", "reuse-message=", "reedit-message=", "fixup=", "squash=", "author=", "date=",
			"cleanup=", "template=", "trailer=", "pathspec-from-file=", "untracked-files=?", "gpg-sign=?", "all", "amend", "no-edit", "edit", "signoff",
			"no-verify", "verify", "dry-run", "short", "porcelain", "long", "null", "allow-empty", "allow-empty-message", "only", "include", "patch",
			"interactive", "quiet", "verbose", "status", "no-status", "reset-author", "branch", "no-gpg-sign", "pathspec-file-nul"}),
		gitVerb([]string{"stash"}, "m:upkqaS", []string{"message=", "include-untracked", "keep-index", "no-keep-index", "all", "staged", "patch", "pathspec-from-file=",
			"pathspec-file-nul", "index", "quiet"}),
		gitVerb([]string{"reflog"}, "n:", []string{"expire=", "expire-unreachable=", "all", "rewrite", "updateref", "stale-fix", "dry-run", "verbose", "single-worktree"}),
		gitVerb([]string{"remote"}, "v", []string{"verbose"}),
		gitVerb([]string{"notes"}, "", []string{"ref="}),
		gitVerb([]string{"fsck", "fsck-objects"}, "", []string{"lost-found", "unreachable", "dangling", "no-dangling", "root", "tags", "cache", "no-reflogs",
			"full", "no-full", "strict", "verbose", "progress", "no-progress", "connectivity-only", "name-objects"}),
	}
}
