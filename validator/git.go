package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// gitInvocation is a git command line split into global options, subcommand and
// the subcommand's arguments.
type gitInvocation struct {
	globals []shellparse.Word
	sub     string
	args    []shellparse.Word
	dynamic bool // the subcommand is not static
}

func parseGit(args []shellparse.Word) gitInvocation {
	var g gitInvocation
	// git's global options come from its declaration (registry/git.go).
	git, _ := programs.Lookup("git")
	scan := git.Node.Grammar.Scan(shellparse.RegistryWords(args))
	if len(scan.Operands) > 0 && scan.Operands[0] < scan.Stop {
		g.dynamic = true // a word known only at run time before the subcommand
		return g
	}
	i := min(scan.Stop, len(args))
	g.globals = args[:i]
	if i < len(args) {
		g.sub = args[i].Text
		g.args = args[i+1:]
	}
	return g
}

// gitExecKey reports whether a git config key names a program or code to run.
func gitExecKey(key, value string) bool {
	k := strings.ToLower(key)
	switch k {
	case "core.pager", "core.editor", "core.fsmonitor", "core.sshcommand", "core.hookspath", "core.askpass",
		"diff.external", "sequence.editor", "credential.helper", "gpg.program", "gpg.ssh.program", "gpg.x509.program",
		"core.gitproxy", "uploadpack.packobjectshook", "remote.origin.uploadpack", "remote.origin.receivepack",
		"web.browser", "merge.tool", "diff.tool", "core.worktree", "include.path", "protocol.ext.allow", "init.templatedir",
		"core.alternaterefscommand", "sendemail.smtpserver", "sendemail.tocmd", "sendemail.cccmd", "ssh.variant":
		return true
	}
	switch {
	case strings.HasPrefix(k, "pager."):
		return !gitBool(value) // pager.log=false turns the pager off; pager.log=CMD runs CMD
	case strings.HasPrefix(k, "alias."):
		return strings.HasPrefix(strings.TrimSpace(value), "!")
	case strings.HasPrefix(k, "filter.") && (strings.HasSuffix(k, ".clean") || strings.HasSuffix(k, ".smudge") || strings.HasSuffix(k, ".process")):
		return true
	case strings.HasPrefix(k, "diff.") && (strings.HasSuffix(k, ".textconv") || strings.HasSuffix(k, ".command")):
		return true
	case strings.HasPrefix(k, "merge.") && strings.HasSuffix(k, ".driver"):
		return true
	case strings.HasPrefix(k, "mergetool.") && strings.HasSuffix(k, ".cmd"), strings.HasPrefix(k, "difftool.") && strings.HasSuffix(k, ".cmd"):
		return true
	case strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper"):
		return true
	case strings.HasPrefix(k, "remote.") && (strings.HasSuffix(k, ".uploadpack") || strings.HasSuffix(k, ".receivepack") || strings.HasSuffix(k, ".proxy")):
		return true
	case strings.HasPrefix(k, "includeif."):
		return true
	}
	return false
}

// gitHelp reports git SUB --help or git SUB -h alone: help, which changes nothing.
func gitHelp(g gitInvocation) bool {
	for _, a := range g.args {
		if a.Static && a.Text == "--" {
			return false
		}
		if a.Static && a.Text == "--help" {
			return true
		}
	}
	return len(g.args) == 1 && g.args[0].Text == "-h"
}

// gitConfigValue returns the value a -c KEY=VALUE global option (or an earlier
// git config KEY VALUE in the script) gives key, case-insensitively.
func (ck *checker) gitConfigValue(g gitInvocation, key string) (string, bool) {
	if ck.gitAliases == nil && len(g.globals) == 0 {
		return "", false
	}
	value, found := ck.gitAliases[strings.ToLower(key)]
	for i := 0; i+1 < len(g.globals); i++ {
		if g.globals[i].Text != "-c" {
			continue
		}
		k, v, ok := strings.Cut(g.globals[i+1].Text, "=")
		if strings.EqualFold(k, key) {
			if !ok {
				v = "true"
			}
			value, found = v, true
		}
	}
	return value, found
}

// gitFalse reports a git boolean's false spellings.
func gitFalse(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}

// git judges git: destructive subcommands and options that run programs.
func (ck *checker) git(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.gitDepth(c, args, 0)
}

func (ck *checker) gitDepth(c shellparse.SimpleCommand, args []shellparse.Word, depth int) {
	g := parseGit(args)
	ck.gitGlobals(g)
	if depth == 0 {
		ck.gitProjectFiles(g)
	}
	if g.sub == "" || g.dynamic {
		return
	}
	// An alias without ! expands to another git command: git -c alias.p='push -f' p.
	value, ok := "", false
	if ck.gitAliases != nil || len(g.globals) > 0 {
		value, ok = ck.gitConfigValue(g, "alias."+g.sub)
	}
	if ok && strings.HasPrefix(strings.TrimSpace(value), "!") && value != "!" {
		// A ! alias is a shell command: judge it as one.
		ck.nested(strings.TrimPrefix(strings.TrimSpace(value), "!"), "git alias "+g.sub+" runs a shell command")
	}
	if ok && !strings.HasPrefix(strings.TrimSpace(value), "!") && depth < 8 {
		var expanded []shellparse.Word
		expanded = append(expanded, g.globals...)
		for _, f := range strings.Fields(value) {
			expanded = append(expanded, shellparse.Word{Text: strings.Trim(f, `'"`), Static: true})
		}
		ck.gitDepth(c, append(expanded, g.args...), depth+1)
		return
	}
	if gitHelp(g) {
		return
	}
	for _, a := range args {
		t := a.Text
		for _, opt := range []string{"--upload-pack", "--receive-pack", "--exec"} {
			if t == opt || strings.HasPrefix(t, opt+"=") {
				ck.add("git_config_exec", "git_option", NonSevere, "git "+opt+" names a program to run")
			}
		}
		if t == "-u" && (g.sub == "clone" || g.sub == "ls-remote" || g.sub == "fetch" || g.sub == "pull") || strings.HasPrefix(t, "--exec-path=") {
			ck.add("git_config_exec", "git_option_value", NonSevere, "git "+t+" names a program to run")
		}
	}
	switch g.sub {
	case "clone", "submodule", "init":
		if g.sub != "submodule" && len(longValues(g.args, "--template")) > 0 {
			ck.add("git_config_exec", "git_template", NonSevere, "git "+g.sub+" --template copies the hooks of a directory into the new repository, where git runs them")
		}
		for _, kv := range append(shortValues(g.args, 'c', "obujC"), longValues(g.args, "--config")...) {
			key, value, _ := strings.Cut(kv.Text, "=")
			if gitExecKey(key, value) || !kv.Static {
				ck.add("git_config_exec", "git_sub_config", NonSevere, "git "+g.sub+" -c "+key+" names a program git will run")
			}
		}
	case "grep":
		for _, a := range g.args {
			if strings.HasPrefix(a.Text, "-O") || isLong(a.Text, "--open-files-in-pager") {
				ck.add("inline_code", "git_grep_open", NonSevere, "git grep -O runs a command on the matching files")
			}
		}
	case "push":
		ck.gitPush(g.args)
	case "config":
		ck.gitConfig(g.args)
		ck.noteGitConfig(g.args)
	case "reset":
		if hasFlag(g.args, "", "--hard", "--merge", "--keep") && hasFlag(g.args, "", "--hard") {
			ck.addSafer("git_destructive", "reset_hard", Severe, "git reset --hard discards uncommitted changes", "git stash first, then git reset --hard: the changes stay recoverable (git stash pop)")
		}
	case "clean":
		requireForce := true
		if v, ok := ck.gitConfigValue(g, "clean.requireForce"); ok && gitFalse(v) {
			requireForce = false
		}
		if (hasFlag(g.args, "f", "--force") || !requireForce) && !hasFlag(g.args, "ni", "--dry-run", "--interactive") {
			ck.addSafer("git_destructive", "clean", Severe, "git clean deletes untracked files", "git clean -n lists what it would delete; git stash -u keeps them recoverable")
		}
	case "switch":
		if gitShortFlag(g.args, 'f', "cCt") || hasFlag(g.args, "", "--discard-changes", "--force") {
			ck.addSafer("git_destructive", "switch_discard", Severe, "git switch --discard-changes throws away uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
		}
	case "update-ref":
		if gitShortFlag(g.args, 'd', "m") || hasFlag(g.args, "", "--stdin") {
			ck.add("git_destructive", "update_ref_delete", Severe, "git update-ref -d deletes a ref, and the commits only it reached")
		}
	case "read-tree":
		if hasFlag(g.args, "", "--reset") && gitShortFlag(g.args, 'u', "") {
			ck.addSafer("git_destructive", "read_tree_reset", Severe, "git read-tree -u --reset overwrites the worktree, discarding uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
		}
	case "archive":
		for _, o := range append(shortValues(g.args, 'o', ""), longValues(g.args, "--output")...) {
			ck.writeTarget(o, "git archive -o "+o.Text)
		}
	case "format-patch":
		for _, o := range append(shortValues(g.args, 'o', "vn"), longValues(g.args, "--output-directory")...) {
			ck.writeTarget(shellparse.Word{Text: strings.TrimSuffix(o.Text, "/") + "/x.patch", Static: o.Static, Params: o.Params}, "git format-patch -o "+o.Text)
		}
	case "bundle":
		if ops := operands(g.args); len(ops) > 1 && ops[0].Text == "create" {
			ck.writeTarget(ops[1], "git bundle create "+ops[1].Text)
		}
	case "checkout":
		ck.gitCheckout(g.args)
	case "restore":
		ck.gitRestore(g.args)
	case "branch":
		if hasFlag(g.args, "D") || hasFlag(g.args, "d", "--delete") && hasFlag(g.args, "f", "--force") {
			ck.addSafer("git_destructive", "branch_force_delete", Severe, "git branch -D deletes a branch even if it is not merged", "git branch -d deletes it only once it is merged")
		}
	case "stash":
		if len(g.args) > 0 && g.args[0].Text == "clear" {
			ck.addSafer("git_destructive", "stash_clear", Severe, "git stash clear drops every stash", "git stash drop stash@{N} drops one stash")
		}
	case "filter-branch", "filter-repo":
		ck.addSafer("git_destructive", "filter_branch", Severe, "git "+g.sub+" rewrites the whole history", "run it in a fresh clone, and keep the original until the result is checked")
	case "reflog":
		if len(g.args) > 0 && (g.args[0].Text == "expire" || g.args[0].Text == "delete") {
			ck.add("git_destructive", "reflog_expire", Severe, "git reflog "+g.args[0].Text+" removes the record that lets lost commits be recovered")
		}
	}
}

// noteGitConfig remembers aliases and clean.requireForce the script sets with
// git config, for the git commands after it.
func (ck *checker) noteGitConfig(args []shellparse.Word) {
	ops := operands(args)
	if len(ops) > 0 && ops[0].Text == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !ops[0].Static || hasFlag(args, "l", "--get", "--get-all", "--list", "--get-regexp", "--unset", "--unset-all") {
		return
	}
	key := strings.ToLower(ops[0].Text)
	if !strings.HasPrefix(key, "alias.") && key != "clean.requireforce" {
		return
	}
	if ck.gitAliases == nil {
		ck.gitAliases = map[string]string{}
	}
	value := ops[1].Text
	if !ops[1].Static {
		value = "!" // known only at run time: judged as one that runs a program
	}
	ck.gitAliases[key] = value
}

func (ck *checker) gitGlobals(g gitInvocation) {
	for i := 0; i < len(g.globals); i++ {
		t := g.globals[i].Text
		var kv string
		switch {
		case t == "-c" && i+1 < len(g.globals):
			kv = g.globals[i+1].Text
			if !g.globals[i+1].Static {
				ck.add("git_config_exec", "git_dynamic_config", NonSevere, "git -c sets configuration known only at run time")
				continue
			}
		case t == "--config-env" && i+1 < len(g.globals):
			kv = g.globals[i+1].Text
		case strings.HasPrefix(t, "--config-env="):
			kv = strings.TrimPrefix(t, "--config-env=")
		default:
			continue
		}
		key, value, _ := strings.Cut(kv, "=")
		if t != "-c" {
			value = "!" // --config-env takes the value from the environment: unknown
		}
		if gitExecKey(key, value) {
			ck.add("git_config_exec", "git_config_program", NonSevere, "git "+t+" "+key+" names a program to run")
		}
	}
}

func (ck *checker) gitConfig(args []shellparse.Word) {
	ops := gitConfigOperands(args)
	unset := len(ops) > 0 && (ops[0].Text == "unset" || ops[0].Text == "remove-section" || ops[0].Text == "rename-section")
	for _, a := range args {
		if !a.Static {
			continue
		}
		switch {
		case a.Text == "--unset" || a.Text == "--unset-all" || a.Text == "--remove-section" || a.Text == "--rename-section":
			unset = true
		case a.Text == "--get" || a.Text == "--get-all" || a.Text == "--list" || a.Text == "-l" || a.Text == "--get-regexp":
			return
		}
	}
	if len(ops) > 0 && (ops[0].Text == "set" || unset && !strings.Contains(ops[0].Text, ".") && ops[0].Text != "core") {
		ops = ops[1:]
	}
	if unset {
		// Taking core.hooksPath away (or the whole [core]) moves git to
		// another hooks directory, leaving the hooks installed there unrun.
		if len(ops) > 0 && (strings.EqualFold(ops[0].Text, "core.hookspath") || strings.EqualFold(ops[0].Text, "core") || !ops[0].Static) {
			ck.add("git_config_exec", "git_config_unset", NonSevere, "git config removes "+ops[0].Text+", which changes the hooks git runs")
		}
		return
	}
	if len(ops) >= 2 {
		if gitExecKey(ops[0].Text, ops[1].Text) || !ops[1].Static && gitExecKey(ops[0].Text, "!") {
			ck.add("git_config_exec", "git_config_set", NonSevere, "git config "+ops[0].Text+" names a program git will run")
		}
	}
}

func (ck *checker) gitPush(args []shellparse.Word) {
	// overwrite is a plain force (-f, +REF), which --force-with-lease can
	// replace; deleting and mirroring remove refs, which it cannot.
	overwrite := hasFlag(args, "f", "--force")
	force := overwrite || hasFlag(args, "", "--mirror", "--delete", "--prune") || hasFlag(args, "d")
	lease := hasFlag(args, "", "--force-with-lease", "--force-if-includes")
	for _, a := range operands(args) {
		if (a.Static || a.Glob) && strings.HasPrefix(a.Text, "+") {
			force, overwrite = true, true
		}
		if (a.Static || a.Glob) && strings.HasPrefix(a.Text, ":") && len(a.Text) > 1 {
			force = true
		}
	}
	switch {
	case force && overwrite:
		ck.addSafer("git_destructive", "force_push", Severe, "git push with force, delete or mirror rewrites or removes history on the remote",
			"git push --force-with-lease overwrites the remote only if nobody pushed since")
	case force:
		ck.add("git_destructive", "push_delete", Severe, "git push with force, delete or mirror rewrites or removes history on the remote")
	case lease:
		ck.add("force_with_lease", "push", NonSevere, "git push --force-with-lease rewrites history on the remote (only if nobody pushed since)")
	}
}

// gitShortFlag reports a short flag letter in a cluster (-fq), reading each
// cluster only up to a letter that takes a value (-bfix is -b fix).
func gitShortFlag(args []shellparse.Word, letter byte, valueLetters string) bool {
	for _, a := range args {
		t := a.Text
		if !a.Static {
			continue
		}
		if t == "--" {
			return false
		}
		if len(t) < 2 || t[0] != '-' || t[1] == '-' {
			continue
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				return true
			}
			if strings.IndexByte(valueLetters, t[j]) >= 0 {
				break
			}
		}
	}
	return false
}

func (ck *checker) gitCheckout(args []shellparse.Word) {
	if gitShortFlag(args, 'f', "bBU") || hasFlag(args, "", "--force", "--ours", "--theirs") {
		ck.addSafer("git_destructive", "checkout_force", Severe, "git checkout --force discards uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
		return
	}
	if gitShortFlag(args, 'b', "") || gitShortFlag(args, 'B', "") || hasFlag(args, "", "--orphan", "--detach") {
		return
	}
	ops := 0
	skip := false
	for _, a := range args {
		if skip {
			skip = false
			continue
		}
		if a.Static && (a.Text == "--conflict" || a.Text == "--pathspec-from-file") {
			skip = true
			continue
		}
		if a.Static && a.Text == "--" {
			ck.addSafer("git_destructive", "checkout_paths", Severe, "git checkout -- PATH discards uncommitted changes to those files", "git stash first: the changes stay recoverable (git stash pop)")
			return
		}
		if a.Static && strings.HasPrefix(a.Text, "-") && a.Text != "-" {
			continue
		}
		ops++
		if a.Static && (a.Text == "." || a.Text == "*" || a.Text == ":/") || a.Glob {
			ck.addSafer("git_destructive", "checkout_discard", Severe, "git checkout "+a.Text+" discards uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
			return
		}
	}
	if ops > 1 {
		ck.addSafer("git_destructive", "checkout_ref_paths", Severe, "git checkout REF PATH overwrites files with another version", "git stash first: the changes stay recoverable (git stash pop)")
	}
}

func (ck *checker) gitRestore(args []shellparse.Word) {
	staged, worktree := gitShortFlag(args, 'S', "sU") || hasFlag(args, "", "--staged"), gitShortFlag(args, 'W', "sU") || hasFlag(args, "", "--worktree")
	if staged && !worktree {
		return
	}
	ck.addSafer("git_destructive", "restore", Severe, "git restore discards uncommitted changes to files", "git stash first: the changes stay recoverable (git stash pop)")
}

// gitReadOnly reports whether a git command only reads.
func gitReadOnly(args []shellparse.Word) bool {
	g := parseGit(args)
	if g.dynamic {
		return false
	}
	for i, a := range g.globals {
		t := a.Text
		if t == "-c" && i+1 < len(g.globals) && displayConfig(g.globals[i+1]) {
			continue // git -c color.ui=never diff: how it shows, not what it runs
		}
		if t == "-c" || t == "-p" || t == "--paginate" || strings.HasPrefix(t, "--config-env") || strings.HasPrefix(t, "--exec-path=") {
			return false
		}
	}
	for _, a := range g.args {
		if !a.Static {
			continue
		}
		t := a.Text
		if t == "--output" || strings.HasPrefix(t, "--output=") || t == "--ext-diff" || strings.HasPrefix(t, "-O") && g.sub == "grep" || strings.HasPrefix(t, "--open-files-in-pager") || strings.HasPrefix(t, "--upload-pack") || strings.HasPrefix(t, "--exec") || t == "-o" && g.sub != "grep" {
			return false
		}
	}
	if gitHelp(g) {
		return true
	}
	first := ""
	if ops := operands(g.args); len(ops) > 0 {
		first = ops[0].Text
	}
	switch g.sub {
	case "status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "blame", "shortlog", "describe", "grep", "cat-file", "rev-list", "merge-base", "show-ref", "count-objects", "whatchanged", "name-rev", "check-ignore", "annotate", "diff-tree", "diff-files", "diff-index", "for-each-ref", "var", "version", "help",
		"ls-remote", "check-attr", "check-ref-format", "check-mailmap", "verify-commit", "verify-tag", "verify-pack", "show-branch", "range-diff", "cherry", "show-index", "get-tar-commit-id", "fsck", "fsck-objects", "column", "diff-pairs":
		if g.sub == "fsck" || g.sub == "fsck-objects" {
			return !hasFlag(g.args, "", "--lost-found")
		}
		return true
	case "submodule":
		return first == "status" || first == "summary" || len(g.args) == 0
	case "notes":
		return first == "list" || first == "show" || len(g.args) == 0
	case "sparse-checkout":
		return first == "list"
	case "lfs":
		return first == "ls-files" || first == "status" || first == "env" || first == "version" || first == "logs" && len(operands(g.args)) <= 2 || first == "track" && len(operands(g.args)) == 1
	case "bisect":
		return first == "log"
	case "maintenance":
		return false
	case "branch":
		return !hasFlag(g.args, "dDmMcCu", "--delete", "--move", "--copy", "--set-upstream-to", "--unset-upstream", "--edit-description", "--force") && len(gitBranchNames(g.args)) == 0
	case "tag":
		return gitTagListing(g.args)
	case "remote":
		return len(g.args) == 0 || g.args[0].Text == "-v" || g.args[0].Text == "--verbose" || g.args[0].Text == "show" || g.args[0].Text == "get-url"
	case "reflog":
		return len(g.args) == 0 || g.args[0].Text == "show" || strings.HasPrefix(g.args[0].Text, "-")
	case "stash":
		return len(g.args) > 0 && (g.args[0].Text == "list" || g.args[0].Text == "show")
	case "worktree":
		return len(g.args) > 0 && g.args[0].Text == "list"
	case "config":
		if hasFlag(g.args, "e", "--edit", "--add", "--unset", "--unset-all", "--replace-all", "--rename-section", "--remove-section") {
			return false
		}
		return hasFlag(g.args, "l", "--get", "--get-all", "--list", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool") ||
			first == "get" || first == "list" || len(gitConfigOperands(g.args)) == 1 && first != "set" && first != "unset" && first != "edit" && first != "rename-section" && first != "remove-section"
	}
	return false
}

// gitTagListing reports git tag listing or verifying tags (no operand names a
// tag to create, no option creates or deletes one).
func gitTagListing(args []shellparse.Word) bool {
	if hasFlag(args, "l", "--list") {
		return !hasFlag(args, "d", "--delete")
	}
	skip := false
	for _, a := range args {
		t := a.Text
		switch {
		case skip:
			skip = false
		case !a.Static:
			return false
		case t == "--contains" || t == "--no-contains" || t == "--merged" || t == "--no-merged" || t == "--points-at" || t == "--sort" || t == "--format":
			skip = true
		case strings.HasPrefix(t, "--sort=") || strings.HasPrefix(t, "--format=") || strings.HasPrefix(t, "--contains=") || strings.HasPrefix(t, "--points-at=") ||
			strings.HasPrefix(t, "--merged=") || strings.HasPrefix(t, "--no-contains=") || strings.HasPrefix(t, "--color") || t == "--column" || t == "--no-column" || t == "-i" || t == "--ignore-case":
		case t == "-v" || t == "--verify":
			return true
		case strings.HasPrefix(t, "-n") && isDigits(strings.TrimPrefix(t, "-n")+"0"):
		default:
			return false
		}
	}
	return true
}

// gitBranchNames returns the operands of git branch that name branches to create.
func gitBranchNames(args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	skip := false
	for _, a := range args {
		if skip {
			skip = false
			continue
		}
		t := a.Text
		switch {
		case t == "--contains" || t == "--no-contains" || t == "--merged" || t == "--no-merged" || t == "--points-at" || t == "--sort" || t == "--format":
			skip = true
		case strings.HasPrefix(t, "-"):
		default:
			out = append(out, a)
		}
	}
	// With a listing option the operands are patterns.
	if hasFlag(args, "alrv", "--list", "--all", "--remotes", "--verbose") {
		return nil
	}
	return out
}

// gitConfigOperands returns git config's operands, past the values of its
// options (--file F, --blob B, --type T, --default D).
func gitConfigOperands(args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "-f" || t == "--file" || t == "--blob" || t == "--type" || t == "--default" || t == "--comment" || t == "--value":
			i++
		case strings.HasPrefix(t, "-"):
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// gitBool reports a value git reads as a boolean.
func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// displayConfigKeys are git settings that only change how git shows what it
// reads (colours, quoting, prefixes, dates, sorting): none names a program,
// a file to write or a directory to trust. A key of a family that also holds
// programs (diff.external, diff.<driver>.textconv, pager.<cmd>) is not here.
var displayConfigKeys = map[string]bool{
	"core.quotepath": true, "core.abbrev": true,
	"log.showsignature": true, "log.decorate": true, "log.date": true, "log.abbrevcommit": true, "log.follow": true,
	"log.mailmap": true, "log.showroot": true, "log.graphcolors": true, "log.excludedecoration": true,
	"diff.noprefix": true, "diff.mnemonicprefix": true, "diff.renames": true, "diff.algorithm": true, "diff.context": true,
	"diff.interhunkcontext": true, "diff.colormoved": true, "diff.colormovedws": true, "diff.relative": true,
	"diff.statgraphwidth": true, "diff.statnamewidth": true, "diff.dirstat": true, "diff.ignoresubmodules": true,
	"diff.indentheuristic": true, "diff.suppressblankempty": true, "diff.submodule": true, "diff.srcprefix": true, "diff.dstprefix": true,
	"status.short": true, "status.branch": true, "status.showuntrackedfiles": true, "status.relativepaths": true,
	"status.submodulesummary": true, "status.aheadbehind": true, "status.showstash": true, "status.renames": true,
	"format.pretty": true, "blame.date": true, "blame.coloring": true, "blame.showemail": true, "blame.blankboundary": true,
	"grep.linenumber": true, "grep.column": true, "grep.extendedregexp": true, "grep.patterntype": true, "grep.fullname": true,
	"column.ui": true, "branch.sort": true, "tag.sort": true, "i18n.logoutputencoding": true, "init.defaultbranch": true,
}

// displayConfig reports a static git -c KEY=VALUE that only changes how git
// shows things: a display key, or any colour setting (color.*).
func displayConfig(w shellparse.Word) bool {
	if !w.Static {
		return false
	}
	key, value, hasValue := strings.Cut(w.Text, "=")
	key = strings.ToLower(key)
	if rest, ok := strings.CutPrefix(key, "pager."); ok && rest != "" {
		return !hasValue || gitBool(value) // on or off, never a program
	}
	if rest, ok := strings.CutPrefix(key, "color."); ok && rest != "" {
		return true
	}
	if rest, ok := strings.CutPrefix(key, "advice."); ok && rest != "" {
		return true
	}
	return displayConfigKeys[key]
}
