package registry

// gitGlobalLong are git's long options before its subcommand (git -C DIR
// -c K=V VERB).
var gitGlobalLong = []string{"git-dir=", "work-tree=", "namespace=", "config-env=", "super-prefix=", "attr-source=",
	"exec-path=?", "list-cmds=", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice", "bare",
	"literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "html-path", "man-path", "info-path", "version", "help"}

// git's verbs are judged by Go code (lang/git): force pushes, resets,
// cleans and the read-only verbs need their operands understood. Their
// declarations give that code each verb's grammar (its own options only,
// Alone: git's global options stand before the verb), and say what every
// verb writes: --output FILE, git archive -o FILE, git format-patch -o DIR,
// git bundle create FILE.
func git() []*Program { return gitDecls }

// gitDecls are git's declarations: a package-level literal, static data the
// linker lays out, so a process that runs git builds none of it (as
// coreDecls; docs/registry.md says how they stay static).
var gitDecls = []*Program{
	{Family: "git", Names: []string{"git"}, Check: "git", Node: Node{RunsFiles: GitHooks,
		Grammar: Grammar{Short: "C:c:", Long: gitGlobalLong, Exact: true, Posix: true}, Subs: gitVerbList}},
}

// gitCommon are options read with every verb, declared or not: they name a
// program git runs (--upload-pack, --receive-pack, --exec) or a file it
// writes (--output).
var gitCommon = []string{"upload-pack=", "receive-pack=", "exec=", "output=", "ext-diff", "open-files-in-pager=?"}

// gitHelpUnless are git's global options that run something or change what
// runs (a -c setting, a pager, another exec path): with one of them, git
// VERB --help is not only help (lang/git judges them).
var gitHelpUnless = []string{"-c", "--config-env", "-p", "--paginate", "--exec-path"}

// gitVerbEffects are every verb's: --output FILE writes FILE, whatever the
// verb; a verb that writes more lists these after its own.
var gitVerbEffects = []Effect{{Act: Writes, Opts: gitOutputOpts}}

var gitOutputOpts = []string{"--output"}

// gitVerbList are git's verbs, each Alone with its own grammar (short
// letters, long options) and the options every verb is read with (Common).
// The verbs that rewrite files of the worktree they do not name are
// WritesTree: pull, merge, rebase, am, apply, checkout, switch, restore,
// reset, stash, cherry-pick and revert.
var gitVerbList = []*Node{
	// Every other verb (and a user's alias) is read with the options
	// every verb is read with. First: a word that names no verb finds
	// it at once, and a named verb still wins (Node.Sub).
	{Names: []string{"*"}, Alone: true, Grammar: Grammar{Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"clone"}, Alone: true, Grammar: Grammar{Short: "u:c:o:b:j:lsqvn", Long: []string{"template=", "config=", "origin=", "branch=", "jobs=", "depth=", "reference=", "reference-if-able=",
		"separate-git-dir=", "shallow-since=", "shallow-exclude=", "filter=", "server-option=", "bundle-uri=", "ref-format=", "recurse-submodules=?",
		"bare", "mirror", "recursive", "shallow-submodules", "no-checkout", "single-branch", "no-tags", "remote-submodules", "sparse", "progress",
		"dissociate", "local", "shared", "no-hardlinks", "quiet", "verbose", "reject-shallow", "no-reject-shallow", "also-filter-submodules"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"init"}, Alone: true, Grammar: Grammar{Short: "b:c:q", Long: []string{"template=", "config=", "separate-git-dir=", "object-format=", "ref-format=", "initial-branch=", "shared=?", "bare", "quiet"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"submodule"}, Alone: true, Grammar: Grammar{Short: "b:j:n:c:q", Long: []string{"name=", "reference=", "depth=", "jobs=", "filter=", "summary-limit=", "config=",
		"recursive", "init", "remote", "checkout", "merge", "rebase", "force", "cached", "files", "quiet", "single-branch", "no-fetch", "progress", "dissociate", "all"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"grep"}, Alone: true, Grammar: Grammar{Short: "e:f:A:B:C:m:O::ihHlLnovwxzqEFGPIaWp", Long: []string{"max-depth=", "threads=", "color=?", "context=", "after-context=", "before-context=",
		"max-count=", "and", "or", "not", "cached", "untracked", "no-index", "exclude-standard", "recurse-submodules", "textconv", "no-textconv",
		"ignore-case", "invert-match", "word-regexp", "line-number", "column", "count", "files-with-matches", "files-without-match", "name-only",
		"null", "only-matching", "quiet", "all-match", "extended-regexp", "basic-regexp", "fixed-strings", "perl-regexp", "text", "break",
		"heading", "function-context", "show-function", "full-name"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"push"}, Alone: true, Grammar: Grammar{Short: "o:fdnquv46", Long: []string{"force", "delete", "mirror", "prune", "force-with-lease=?", "force-if-includes", "repo=", "push-option=",
		"recurse-submodules=", "signed=?", "all", "branches", "tags", "follow-tags", "atomic", "dry-run", "porcelain", "set-upstream", "thin",
		"no-thin", "quiet", "verbose", "progress", "no-verify", "verify", "ipv4", "ipv6"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"fetch"}, Alone: true, Grammar: Grammar{Short: "j:o:uafmnpPqtvk46", Long: []string{"depth=", "deepen=", "shallow-since=", "shallow-exclude=", "refmap=", "server-option=", "jobs=",
		"negotiation-tip=", "filter=", "recurse-submodules=?", "submodule-prefix=", "update-head-ok", "all", "append", "atomic", "prune", "prune-tags",
		"tags", "no-tags", "dry-run", "force", "keep", "multiple", "porcelain", "quiet", "verbose", "progress", "unshallow", "update-shallow",
		"write-commit-graph", "set-upstream", "refetch", "ipv4", "ipv6"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"pull"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "j:o:s:X:S::uafmnpqtvrek46", Long: []string{"depth=", "deepen=", "shallow-since=", "shallow-exclude=", "server-option=", "jobs=",
		"rebase=?", "strategy=", "strategy-option=", "gpg-sign=?", "cleanup=", "recurse-submodules=?", "all", "append", "force", "ff", "no-ff",
		"ff-only", "squash", "no-squash", "commit", "no-commit", "edit", "no-edit", "autostash", "no-autostash", "tags", "no-tags", "prune",
		"quiet", "verbose", "progress", "dry-run", "unshallow", "verify", "no-verify", "ipv4", "ipv6"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"ls-remote"}, Alone: true, Grammar: Grammar{Short: "u:o:hbtq", Long: []string{"server-option=", "sort=", "heads", "branches", "tags", "refs", "quiet", "exit-code", "get-url", "symref"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	// git credential fill (and a helper's get) prints the password or
	// token git holds for a host (lang/git reports it); approve, reject
	// and store change them.
	{Names: []string{"credential", "credential-store", "credential-cache", "credential-osxkeychain", "credential-libsecret", "credential-manager"},
		Subs: []*Node{{Names: []string{"*"}, Writes: true}}},
	{Names: []string{"archive"}, Alone: true, Grammar: Grammar{Short: "o:lv0123456789", Long: []string{"format=", "prefix=", "remote=", "add-file=", "add-virtual-file=", "mtime=", "list", "verbose", "worktree-attributes"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: []Effect{{Act: Writes, Opts: []string{"-o"}}, {Act: Writes, Opts: gitOutputOpts}}},
	{Names: []string{"rebase"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "x:s:X:S::C::iqvfnmrk", Long: []string{"onto=", "strategy=", "strategy-option=", "gpg-sign=?", "empty=", "rebase-merges=?", "whitespace=",
		"interactive", "continue", "abort", "skip", "quit", "edit-todo", "show-current-patch", "root", "autosquash", "no-autosquash", "autostash",
		"no-autostash", "keep-base", "force-rebase", "no-ff", "fork-point", "no-fork-point", "update-refs", "no-update-refs", "quiet", "verbose", "stat", "no-stat", "verify", "no-verify"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	// git difftool -x CMD (--extcmd) runs CMD on each pair of files.
	// mergetool is read with the same grammar: it takes no -x, but a
	// mistaken -x CMD is still judged as the command it would be.
	{Names: []string{"difftool", "mergetool"}, Alone: true, Grammar: Grammar{Short: "x:t:O::gyd", Long: []string{"extcmd=", "tool=", "gui", "no-gui", "prompt", "no-prompt", "dir-diff",
		"symlinks", "no-symlinks", "trust-exit-code", "no-trust-exit-code", "tool-help"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"config"}, Alone: true, Grammar: Grammar{Short: "f:lez", Long: []string{"file=", "blob=", "type=", "default=", "comment=", "value=", "url=", "list", "get", "get-all", "get-regexp",
		"get-urlmatch", "get-color", "get-colorbool", "unset", "unset-all", "replace-all", "add", "rename-section", "remove-section", "edit", "global",
		"system", "local", "worktree", "show-origin", "show-scope", "null", "name-only", "includes", "no-includes", "bool", "int", "bool-or-int",
		"path", "expiry-date", "fixed-value", "all", "regexp"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"reset"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "qNp", Long: []string{"hard", "soft", "mixed", "merge", "keep", "recurse-submodules=?", "no-recurse-submodules", "pathspec-from-file=",
		"pathspec-file-nul", "quiet", "no-refresh", "refresh", "intent-to-add", "patch"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"apply"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "p:C:Rv", Long: []string{"check", "stat", "numstat", "summary", "index", "cached", "intent-to-add", "3way", "reject", "reverse",
		"directory=", "include=", "exclude=", "whitespace=", "unsafe-paths", "verbose", "quiet", "allow-empty", "recount", "unidiff-zero", "no-add", "binary",
		"ignore-space-change", "ignore-whitespace", "inaccurate-eof", "build-fake-ancestor="}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"am"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "sk3qcmp:C:", Long: []string{"signoff", "keep", "keep-non-patch", "3way", "no-3way", "quiet", "scissors", "no-scissors", "message-id",
		"ignore-space-change", "ignore-whitespace", "directory=", "exclude=", "include=", "reject", "patch-format=", "interactive", "continue", "skip",
		"abort", "quit", "resolved", "show-current-patch=?", "empty=", "committer-date-is-author-date", "ignore-date", "gpg-sign=?", "no-gpg-sign", "quoted-cr="}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"clean"}, Alone: true, Grammar: Grammar{Short: "e:fnidxXq", Long: []string{"exclude=", "force", "dry-run", "interactive", "quiet"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"switch"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "c:C:t::fdmq", Long: []string{"create=", "force-create=", "orphan=", "detach", "guess", "no-guess", "discard-changes", "force", "merge",
		"conflict=", "quiet", "track=?", "no-track", "ignore-other-worktrees", "recurse-submodules=?", "no-recurse-submodules", "progress", "no-progress"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"update-ref"}, Alone: true, Grammar: Grammar{Short: "m:dz", Long: []string{"stdin", "no-deref", "create-reflog"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"read-tree"}, Alone: true, Grammar: Grammar{Short: "muinvq", Long: []string{"reset", "prefix=", "index-output=", "exclude-per-directory=", "trivial", "aggressive", "empty",
		"no-sparse-checkout", "quiet", "recurse-submodules", "dry-run"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"format-patch"}, Alone: true, Grammar: Grammar{Short: "o:v:nNkpsq", Long: []string{"output-directory=", "reroll-count=", "start-number=", "subject-prefix=", "in-reply-to=", "to=",
		"cc=", "from=?", "signature=", "signature-file=", "suffix=", "base=", "interdiff=", "range-diff=", "creation-factor=", "stdout", "numbered",
		"no-numbered", "signoff", "cover-letter", "attach=?", "inline=?", "thread=?"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: []Effect{{Act: Writes, Opts: []string{"-o", "--output-directory"}, Into: true}, {Act: Writes, Opts: gitOutputOpts}}},
	{Names: []string{"bundle"}, Alone: true, Grammar: Grammar{Short: "q", Long: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects, Subs: []*Node{
		{Names: []string{"*"}, Alone: true, Grammar: Grammar{Short: "q", Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
		{Names: []string{"create"}, Alone: true, Grammar: Grammar{Short: "q", Long: []string{"progress", "all-progress", "all-progress-implied", "version=", "quiet", "all", "branches", "tags"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: []Effect{{Act: Writes, Operands: "1"}, {Act: Writes, Opts: gitOutputOpts}}},
	}},
	{Names: []string{"checkout"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "b:B:fqmplt", Long: []string{"orphan=", "conflict=", "pathspec-from-file=", "pathspec-file-nul", "force", "ours", "theirs", "detach",
		"track=?", "no-track", "guess", "no-guess", "overlay", "no-overlay", "ignore-skip-worktree-bits", "ignore-other-worktrees",
		"recurse-submodules=?", "no-recurse-submodules", "progress", "no-progress", "merge", "quiet", "patch"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"restore"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "s:SWpqm", Long: []string{"source=", "staged", "worktree", "ours", "theirs", "merge", "conflict=", "ignore-unmerged",
		"ignore-skip-worktree-bits", "overlay", "no-overlay", "pathspec-from-file=", "pathspec-file-nul", "progress", "no-progress", "recurse-submodules=?", "quiet", "patch"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"branch"}, Alone: true, Grammar: Grammar{Short: "u:dDmMfrualvqti", Long: []string{"delete", "force", "move", "copy", "set-upstream-to=", "unset-upstream", "edit-description", "list",
		"all", "remotes", "verbose", "contains=", "no-contains=", "merged=", "no-merged=", "points-at=", "sort=", "format=", "color=?", "no-color",
		"column=?", "no-column", "ignore-case", "show-current", "track=?", "no-track", "create-reflog", "recurse-submodules", "quiet", "abbrev=?", "no-abbrev", "omit-empty"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"tag"}, Alone: true, Grammar: Grammar{Short: "m:F:u:n::elndfasvi", Long: []string{"list", "delete", "verify", "sort=", "format=", "contains=", "no-contains=", "merged=", "no-merged=",
		"points-at=", "color=?", "column=?", "no-column", "ignore-case", "message=", "file=", "local-user=", "sign", "no-sign", "annotate", "force",
		"create-reflog", "cleanup=", "trailer=", "edit", "omit-empty"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"commit"}, Alone: true, Grammar: Grammar{Short: "m:F:c:C:t:u::S::aqvsenpioz", Long: []string{"message=", "file=", "reuse-message=", "reedit-message=", "fixup=", "squash=", "author=", "date=",
		"cleanup=", "template=", "trailer=", "pathspec-from-file=", "untracked-files=?", "gpg-sign=?", "all", "amend", "no-edit", "edit", "signoff",
		"no-verify", "verify", "dry-run", "short", "porcelain", "long", "null", "allow-empty", "allow-empty-message", "only", "include", "patch",
		"interactive", "quiet", "verbose", "status", "no-status", "reset-author", "branch", "no-gpg-sign", "pathspec-file-nul"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"stash"}, Alone: true, WritesTree: true, Grammar: Grammar{Short: "m:upkqaS", Long: []string{"message=", "include-untracked", "keep-index", "no-keep-index", "all", "staged", "patch", "pathspec-from-file=",
		"pathspec-file-nul", "index", "quiet"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"reflog"}, Alone: true, Grammar: Grammar{Short: "n:", Long: []string{"expire=", "expire-unreachable=", "all", "rewrite", "updateref", "stale-fix", "dry-run", "verbose", "single-worktree"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"remote"}, Alone: true, Grammar: Grammar{Short: "v", Long: []string{"verbose"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"notes"}, Alone: true, Grammar: Grammar{Long: []string{"ref="}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
	{Names: []string{"fsck", "fsck-objects"}, Alone: true, Grammar: Grammar{Long: []string{"lost-found", "unreachable", "dangling", "no-dangling", "root", "tags", "cache", "no-reflogs",
		"full", "no-full", "strict", "verbose", "progress", "no-progress", "connectivity-only", "name-objects"}, Common: gitCommon}, Unless: gitHelpUnless, Effects: gitVerbEffects},
}
