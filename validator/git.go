package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// gitInvocation is a git command line split into global options, subcommand and
// the subcommand's arguments, each read by its grammar in the registry.
type gitInvocation struct {
	globals []shellparse.Word
	sub     string
	args    []shellparse.Word
	dynamic bool // the subcommand is not static
	// global holds git's own options (indexes into globals); verb reads
	// the verb's options and operands by the verb's own grammar (indexes
	// into args), on first use: a caller that needs only the verb's name
	// and words pays nothing for it.
	global registry.Scan
	verb   *gitVerbReading
}

// gitVerbReading is a verb's arguments read by its grammar, made on first
// use and shared by the copies of the invocation.
type gitVerbReading struct {
	git   *registry.Program
	sub   string
	words []registry.Word
	done  bool
	scan  registry.Scan
}

// scan returns the verb's reading.
func (g *gitInvocation) scan() *registry.Scan {
	v := g.verb
	if v == nil {
		return &registry.Scan{DashDash: -1}
	}
	if !v.done {
		v.scan, v.done = gitVerbGrammar(v.git, v.sub).Scan(v.words), true
	}
	return &v.scan
}

func parseGit(args []shellparse.Word) gitInvocation {
	var g gitInvocation
	// git's global options come from its declaration (registry/git.go).
	git, _ := programs.Lookup("git")
	words := shellparse.RegistryWords(args)
	scan := git.Node.Grammar.Scan(words)
	if len(scan.Operands) > 0 && scan.Operands[0] < scan.Stop {
		g.dynamic = true // a word known only at run time before the subcommand
		return g
	}
	i := min(scan.Stop, len(args))
	g.globals, g.global = args[:i], scan
	if i < len(args) {
		g.sub = args[i].Text
		g.args = args[i+1:]
		g.verb = &gitVerbReading{git: git, sub: g.sub, words: words[i+1:]}
	}
	return g
}

// gitVerbGrammar is the verb's own grammar, without git's global options
// (git restore --work is --worktree, never --work-tree).
func gitVerbGrammar(git *registry.Program, verb string) *registry.Grammar {
	if n := git.Node.Sub(verb); n != nil {
		return &n.Grammar
	}
	return &registry.Grammar{}
}

// has reports one of the named options of the verb.
func (g *gitInvocation) has(names ...string) bool { return g.scan().Has(names...) }

// values returns the values of the verb's named options, as words.
func (g *gitInvocation) values(names ...string) []shellparse.Word {
	return optionWords(g.args, g.scan(), names...)
}

// operands returns the verb's operands.
func (g *gitInvocation) operands() []shellparse.Word { return operandWords(g.args, g.scan()) }

// firstOperand returns the verb's first operand, or "".
func (g *gitInvocation) firstOperand() string {
	if len(g.scan().Operands) == 0 {
		return ""
	}
	return g.args[g.scan().Operands[0]].Text
}

// verbWord returns the word after the verb when it is not an option: how
// git stash, git reflog and git worktree find their own verb (git stash
// clear; git stash -q clear is git stash push -q clear).
func (g *gitInvocation) verbWord() string {
	if len(g.scan().Operands) == 0 || g.scan().Operands[0] != 0 {
		return ""
	}
	return g.args[0].Text
}

// globalValues returns the values of git's named global options, as words.
func (g *gitInvocation) globalValues(names ...string) []shellparse.Word {
	return optionWords(g.globals, &g.global, names...)
}

// gitExecKeys are git config keys that name a program or code to run.
var gitExecKeys = map[string]bool{"core.pager": true, "core.editor": true, "core.fsmonitor": true, "core.sshcommand": true, "core.hookspath": true,
	"core.askpass": true, "diff.external": true, "sequence.editor": true, "credential.helper": true, "gpg.program": true, "gpg.ssh.program": true,
	"gpg.x509.program": true, "core.gitproxy": true, "uploadpack.packobjectshook": true, "remote.origin.uploadpack": true,
	"remote.origin.receivepack": true, "web.browser": true, "merge.tool": true, "diff.tool": true, "core.worktree": true, "include.path": true,
	"protocol.ext.allow": true, "init.templatedir": true, "core.alternaterefscommand": true, "sendemail.smtpserver": true,
	"sendemail.tocmd": true, "sendemail.cccmd": true, "ssh.variant": true}

// gitExecFamilies are families of keys (a prefix and one of some suffixes,
// any suffix when none) that name a program to run.
var gitExecFamilies = []struct {
	prefix   string
	suffixes []string
}{
	{"filter.", []string{".clean", ".smudge", ".process"}},
	{"diff.", []string{".textconv", ".command"}},
	{"merge.", []string{".driver"}},
	{"mergetool.", []string{".cmd"}},
	{"difftool.", []string{".cmd"}},
	{"credential.", []string{".helper"}},
	{"remote.", []string{".uploadpack", ".receivepack", ".proxy"}},
	{"includeif.", nil},
}

// gitExecKey reports whether a git config key names a program or code to run.
func gitExecKey(key, value string) bool {
	k := strings.ToLower(key)
	switch {
	case gitExecKeys[k]:
		return true
	case strings.HasPrefix(k, "pager."):
		return !gitBool(value) // pager.log=false turns the pager off; pager.log=CMD runs CMD
	case strings.HasPrefix(k, "alias."):
		return strings.HasPrefix(strings.TrimSpace(value), "!")
	}
	for _, f := range gitExecFamilies {
		if strings.HasPrefix(k, f.prefix) && (f.suffixes == nil || slices.ContainsFunc(f.suffixes, func(s string) bool { return strings.HasSuffix(k, s) })) {
			return true
		}
	}
	return false
}

// gitHelp reports git SUB --help or git SUB -h alone: help, which changes
// nothing. --help is an option of the verb's, not an option's value (git
// commit -m --help commits).
func gitHelp(g gitInvocation) bool {
	return g.has("--help") || len(g.args) == 1 && g.has("-h")
}

// gitConfigValue returns the value a -c KEY=VALUE global option (or an earlier
// git config KEY VALUE in the script) gives key, case-insensitively.
func (ck *checker) gitConfigValue(g gitInvocation, key string) (string, bool) {
	if ck.gitAliases == nil && len(g.globals) == 0 {
		return "", false
	}
	value, found := ck.gitAliases[strings.ToLower(key)]
	for _, kv := range g.globalValues("-c") {
		k, v, ok := strings.Cut(kv.Text, "=")
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

// gitMaxAliasDepth bounds how many aliases deep an expansion is followed.
const gitMaxAliasDepth = 8

func (ck *checker) gitDepth(c shellparse.SimpleCommand, args []shellparse.Word, depth int) {
	g := parseGit(args)
	ck.gitGlobals(g)
	if depth == 0 {
		ck.gitProjectFiles(g)
	}
	if g.sub == "" || g.dynamic || ck.gitAlias(c, g, depth) || gitHelp(g) {
		return
	}
	ck.gitRunsPrograms(g)
	if depth > 0 || !ck.writesJudged("git") {
		ck.gitWrites(args)
	}
	if judge, ok := gitJudges[g.sub]; ok {
		judge(ck, g)
	}
}

// gitAlias follows an alias the command line or the script defined: a ! alias
// is a shell command, judged as one; another expands to a git command,
// judged in its place (git -c alias.p='push -f' p). It reports an alias
// expanded.
func (ck *checker) gitAlias(c shellparse.SimpleCommand, g gitInvocation, depth int) bool {
	if ck.gitAliases == nil && len(g.globals) == 0 {
		return false
	}
	value, ok := ck.gitConfigValue(g, "alias."+g.sub)
	if !ok {
		return false
	}
	body, shell := strings.CutPrefix(strings.TrimSpace(value), "!")
	if shell {
		if body != "" {
			ck.nested(body, "git alias "+g.sub+" runs a shell command")
		}
		return false
	}
	if depth >= gitMaxAliasDepth {
		return false
	}
	expanded := append([]shellparse.Word(nil), g.globals...)
	for _, f := range strings.Fields(value) {
		expanded = append(expanded, shellparse.Word{Text: strings.Trim(f, `'"`), Static: true})
	}
	ck.gitDepth(c, append(expanded, g.args...), depth+1)
	return true
}

// gitRunsPrograms judges the options that name a program for git to run:
// --upload-pack, --receive-pack, --exec with any verb, clone's and
// ls-remote's -u, and the global --exec-path=DIR.
func (ck *checker) gitRunsPrograms(g gitInvocation) {
	for _, opt := range []string{"--upload-pack", "--receive-pack", "--exec"} {
		if g.has(opt) {
			ck.add("git_config_exec", "git_option", NonSevere, "git "+opt+" names a program to run")
		}
	}
	if (g.sub == "clone" || g.sub == "ls-remote") && g.has("-u") {
		ck.add("git_config_exec", "git_option_value", NonSevere, "git -u names a program to run")
	}
	for _, o := range g.global.Values("--exec-path") {
		if o.HasValue {
			ck.add("git_config_exec", "git_option_value", NonSevere, "git --exec-path="+o.Value+" names a program to run")
		}
	}
}

// gitWrites judges the files the verb writes by its declaration (--output
// FILE, git archive -o FILE, git format-patch -o DIR, git bundle create
// FILE), worded as the write judgement words them: it does not see an
// alias's expansion, nor git named by a path.
func (ck *checker) gitWrites(args []shellparse.Word) {
	for _, w := range changedWords(declaredEffects("git", args)) {
		ck.writeTarget(w, "git "+w.Text)
	}
}

// writesJudged reports that the write judgement (writes) reads the current
// command's argv as the program base's: it does when the command called the
// program by its plain name, not by a path (/usr/bin/git) nor as git's
// libexec program (git-archive; see program).
func (ck *checker) writesJudged(base string) bool {
	return ck.res.Commands[ck.index].Name == base
}

// gitJudges are the verbs whose options or operands can destroy work or run
// something, each with its judgement.
var gitJudges = map[string]func(*checker, gitInvocation){
	"clone":     (*checker).gitNewRepoConfig,
	"submodule": (*checker).gitNewRepoConfig,
	"init":      (*checker).gitNewRepoConfig,
	"grep": func(ck *checker, g gitInvocation) {
		if g.has("-O", "--open-files-in-pager") {
			ck.add("inline_code", "git_grep_open", NonSevere, "git grep -O runs a command on the matching files")
		}
	},
	"push": (*checker).gitPush,
	"config": func(ck *checker, g gitInvocation) {
		ck.gitConfig(g)
		ck.noteGitConfig(g)
	},
	"reset": func(ck *checker, g gitInvocation) {
		if g.has("--hard") {
			ck.addSafer("git_destructive", "reset_hard", Severe, "git reset --hard discards uncommitted changes", "git stash first, then git reset --hard: the changes stay recoverable (git stash pop)")
		}
	},
	"clean": (*checker).gitClean,
	"switch": func(ck *checker, g gitInvocation) {
		if g.has("-f", "--force", "--discard-changes") {
			ck.addSafer("git_destructive", "switch_discard", Severe, "git switch --discard-changes throws away uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
		}
	},
	"update-ref": func(ck *checker, g gitInvocation) {
		if g.has("-d", "--stdin") {
			ck.add("git_destructive", "update_ref_delete", Severe, "git update-ref -d deletes a ref, and the commits only it reached")
		}
	},
	"read-tree": func(ck *checker, g gitInvocation) {
		if g.has("--reset") && g.has("-u") {
			ck.addSafer("git_destructive", "read_tree_reset", Severe, "git read-tree -u --reset overwrites the worktree, discarding uncommitted changes", "git stash first: the changes stay recoverable (git stash pop)")
		}
	},
	"checkout": (*checker).gitCheckout,
	"restore":  (*checker).gitRestore,
	"branch": func(ck *checker, g gitInvocation) {
		if g.has("-D") || g.has("-d", "--delete") && g.has("-f", "--force") {
			ck.addSafer("git_destructive", "branch_force_delete", Severe, "git branch -D deletes a branch even if it is not merged", "git branch -d deletes it only once it is merged")
		}
	},
	"stash": func(ck *checker, g gitInvocation) {
		if g.verbWord() == "clear" {
			ck.addSafer("git_destructive", "stash_clear", Severe, "git stash clear drops every stash", "git stash drop stash@{N} drops one stash")
		}
	},
	"filter-branch": (*checker).gitFilterBranch,
	"filter-repo":   (*checker).gitFilterBranch,
	"reflog": func(ck *checker, g gitInvocation) {
		if v := g.verbWord(); v == "expire" || v == "delete" {
			ck.add("git_destructive", "reflog_expire", Severe, "git reflog "+v+" removes the record that lets lost commits be recovered")
		}
	},
}

// gitFilterBranch: git filter-branch and filter-repo rewrite the history.
func (ck *checker) gitFilterBranch(g gitInvocation) {
	ck.addSafer("git_destructive", "filter_branch", Severe, "git "+g.sub+" rewrites the whole history", "run it in a fresh clone, and keep the original until the result is checked")
}

// gitNewRepoConfig: git clone, init and submodule copy hooks from a
// --template directory, and take settings (-c, --config) that may name a
// program git runs.
func (ck *checker) gitNewRepoConfig(g gitInvocation) {
	if g.sub != "submodule" && len(g.values("--template")) > 0 {
		ck.add("git_config_exec", "git_template", NonSevere, "git "+g.sub+" --template copies the hooks of a directory into the new repository, where git runs them")
	}
	for _, kv := range g.values("-c", "--config") {
		key, value, _ := strings.Cut(kv.Text, "=")
		if gitExecKey(key, value) || !kv.Static {
			ck.add("git_config_exec", "git_sub_config", NonSevere, "git "+g.sub+" -c "+key+" names a program git will run")
		}
	}
}

// gitClean: git clean -f deletes untracked files (without -f too when the
// script or the command line turned clean.requireForce off); -n and -i
// only list or ask.
func (ck *checker) gitClean(g gitInvocation) {
	requireForce := true
	if v, ok := ck.gitConfigValue(g, "clean.requireForce"); ok && gitFalse(v) {
		requireForce = false
	}
	if (g.has("-f", "--force") || !requireForce) && !g.has("-n", "-i", "--dry-run", "--interactive") {
		ck.addSafer("git_destructive", "clean", Severe, "git clean deletes untracked files", "git clean -n lists what it would delete; git stash -u keeps them recoverable")
	}
}

// gitConfigReads are git config's options that only read.
var gitConfigReads = []string{"-l", "--get", "--get-all", "--list", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool"}

// noteGitConfig remembers aliases and clean.requireForce the script sets with
// git config, for the git commands after it.
func (ck *checker) noteGitConfig(g gitInvocation) {
	ops := g.operands()
	if len(ops) > 0 && ops[0].Text == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !ops[0].Static || g.has("-l", "--get", "--get-all", "--list", "--get-regexp", "--unset", "--unset-all") {
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

// gitGlobals judges git's global -c KEY=VALUE and --config-env KEY=ENV:
// settings that name a program git runs.
func (ck *checker) gitGlobals(g gitInvocation) {
	for _, kv := range g.globalValues("-c") {
		if !kv.Static {
			ck.add("git_config_exec", "git_dynamic_config", NonSevere, "git -c sets configuration known only at run time")
			continue
		}
		if key, value, _ := strings.Cut(kv.Text, "="); gitExecKey(key, value) {
			ck.add("git_config_exec", "git_config_program", NonSevere, "git -c "+key+" names a program to run")
		}
	}
	for _, kv := range g.globalValues("--config-env") {
		// --config-env takes the value from the environment: unknown.
		if key, _, _ := strings.Cut(kv.Text, "="); gitExecKey(key, "!") {
			ck.add("git_config_exec", "git_config_program", NonSevere, "git --config-env "+key+" names a program to run")
		}
	}
}

// gitConfigUnsets are the verbs and options of git config that take a
// setting away.
var gitConfigUnsets = []string{"--unset", "--unset-all", "--remove-section", "--rename-section"}

// gitConfig judges git config setting a key that names a program, or
// taking away the setting that says where git's hooks are.
func (ck *checker) gitConfig(g gitInvocation) {
	if g.has("--get", "--get-all", "--list", "-l", "--get-regexp") {
		return
	}
	ops := g.operands()
	unset := gitConfigUnsetting(g, ops)
	if gitConfigVerb(ops, unset) {
		ops = ops[1:]
	}
	if unset {
		ck.gitConfigUnset(ops)
		return
	}
	if len(ops) >= 2 && (gitExecKey(ops[0].Text, ops[1].Text) || !ops[1].Static && gitExecKey(ops[0].Text, "!")) {
		ck.add("git_config_exec", "git_config_set", NonSevere, "git config "+ops[0].Text+" names a program git will run")
	}
}

// gitConfigVerb reports a first operand that is git config's verb, not a
// key: git config set KEY VALUE, git config unset KEY (a key has a dot; a
// whole section, core, is a key too).
func gitConfigVerb(ops []shellparse.Word, unset bool) bool {
	if len(ops) == 0 {
		return false
	}
	first := ops[0].Text
	return first == "set" || unset && !strings.Contains(first, ".") && first != "core"
}

// gitConfigUnsetting reports git config taking a setting away, by option
// (--unset) or verb (git config unset KEY).
func gitConfigUnsetting(g gitInvocation, ops []shellparse.Word) bool {
	if g.has(gitConfigUnsets...) {
		return true
	}
	if len(ops) == 0 {
		return false
	}
	switch ops[0].Text {
	case "unset", "remove-section", "rename-section":
		return true
	}
	return false
}

// gitConfigUnset: taking core.hooksPath away (or the whole [core]) moves git
// to another hooks directory, leaving the hooks installed there unrun.
func (ck *checker) gitConfigUnset(ops []shellparse.Word) {
	if len(ops) > 0 && (strings.EqualFold(ops[0].Text, "core.hookspath") || strings.EqualFold(ops[0].Text, "core") || !ops[0].Static) {
		ck.add("git_config_exec", "git_config_unset", NonSevere, "git config removes "+ops[0].Text+", which changes the hooks git runs")
	}
}

// gitPush judges pushes that rewrite or remove history on the remote.
// overwrite is a plain force (-f, +REF), which --force-with-lease can
// replace; deleting and mirroring remove refs, which it cannot.
func (ck *checker) gitPush(g gitInvocation) {
	force, overwrite := gitRefspecsForce(g.operands())
	overwrite = overwrite || g.has("-f", "--force")
	force = force || overwrite || g.has("--mirror", "--delete", "--prune", "-d")
	switch {
	case force && overwrite:
		ck.addSafer("git_destructive", "force_push", Severe, "git push with force, delete or mirror rewrites or removes history on the remote",
			"git push --force-with-lease overwrites the remote only if nobody pushed since")
	case force:
		ck.add("git_destructive", "push_delete", Severe, "git push with force, delete or mirror rewrites or removes history on the remote")
	case g.has("--force-with-lease", "--force-if-includes"):
		ck.add("force_with_lease", "push", NonSevere, "git push --force-with-lease rewrites history on the remote (only if nobody pushed since)")
	}
}

// gitRefspecsForce reads push's refspecs: +REF forces (overwrites), :REF
// deletes.
func gitRefspecsForce(refspecs []shellparse.Word) (force, overwrite bool) {
	for _, a := range refspecs {
		if !a.Static && !a.Glob {
			continue
		}
		if strings.HasPrefix(a.Text, "+") {
			force, overwrite = true, true
		}
		if strings.HasPrefix(a.Text, ":") && len(a.Text) > 1 {
			force = true
		}
	}
	return force, overwrite
}

// gitCheckout judges git checkout forms that throw away uncommitted
// changes: --force, paths after --, a pathspec that takes everything, a
// REF with PATHS. Creating or detaching a branch keeps them.
func (ck *checker) gitCheckout(g gitInvocation) {
	const stash = "git stash first: the changes stay recoverable (git stash pop)"
	if g.has("-f", "--force", "--ours", "--theirs") {
		ck.addSafer("git_destructive", "checkout_force", Severe, "git checkout --force discards uncommitted changes", stash)
		return
	}
	if g.has("-b", "-B", "--orphan", "--detach") {
		return
	}
	ops := g.operandsBeforeDashDash()
	if i := slices.IndexFunc(ops, takesEverything); i >= 0 {
		ck.addSafer("git_destructive", "checkout_discard", Severe, "git checkout "+ops[i].Text+" discards uncommitted changes", stash)
		return
	}
	switch {
	case g.scan().DashDash >= 0:
		ck.addSafer("git_destructive", "checkout_paths", Severe, "git checkout -- PATH discards uncommitted changes to those files", stash)
	case len(ops) > 1:
		ck.addSafer("git_destructive", "checkout_ref_paths", Severe, "git checkout REF PATH overwrites files with another version", stash)
	}
}

// operandsBeforeDashDash returns the verb's operands before its "--".
func (g *gitInvocation) operandsBeforeDashDash() []shellparse.Word {
	var ops []shellparse.Word
	for _, i := range g.scan().Operands {
		if g.scan().DashDash < 0 || i < g.scan().DashDash {
			ops = append(ops, g.args[i])
		}
	}
	return ops
}

// takesEverything reports a pathspec that names every file (., *, :/, a glob).
func takesEverything(a shellparse.Word) bool {
	return a.Static && (a.Text == "." || a.Text == "*" || a.Text == ":/") || a.Glob
}

// gitRestore: git restore discards uncommitted changes to files, unless it
// only restores the index (--staged without --worktree).
func (ck *checker) gitRestore(g gitInvocation) {
	if g.has("-S", "--staged") && !g.has("-W", "--worktree") {
		return
	}
	ck.addSafer("git_destructive", "restore", Severe, "git restore discards uncommitted changes to files", "git stash first: the changes stay recoverable (git stash pop)")
}

// gitReadOnly reports whether a git command only reads.
func gitReadOnly(args []shellparse.Word) bool {
	g := parseGit(args)
	if g.dynamic || gitGlobalsRun(g) || gitVerbRuns(g) {
		return false
	}
	if gitHelp(g) {
		return true
	}
	if gitReadVerbs[g.sub] {
		return true
	}
	if reads, ok := gitReadJudges[g.sub]; ok {
		return reads(g)
	}
	return false
}

// gitGlobalsRun reports a global option that runs something or changes what
// runs: -c (unless it only changes how git shows things), --config-env, a
// pager, another exec path.
func gitGlobalsRun(g gitInvocation) bool {
	for _, o := range g.global.Opts {
		switch o.Name {
		case "-c":
			if w, ok := optionWord(g.globals, o); !ok || !displayConfig(w) {
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

// gitVerbRuns reports a verb's option that writes a file or runs a program:
// --output, --ext-diff, --open-files-in-pager (grep -O), --upload-pack, --exec.
func gitVerbRuns(g gitInvocation) bool {
	return g.has("--output", "--ext-diff", "--open-files-in-pager", "--upload-pack", "--exec") || g.sub == "grep" && g.has("-O")
}

// gitReadVerbs are the verbs that only read, whatever their options (those
// that write or run are gitVerbRuns').
var gitReadVerbs = map[string]bool{"status": true, "log": true, "diff": true, "show": true, "rev-parse": true, "ls-files": true, "ls-tree": true,
	"blame": true, "shortlog": true, "describe": true, "grep": true, "cat-file": true, "rev-list": true, "merge-base": true, "show-ref": true,
	"count-objects": true, "whatchanged": true, "name-rev": true, "check-ignore": true, "annotate": true, "diff-tree": true, "diff-files": true,
	"diff-index": true, "for-each-ref": true, "var": true, "version": true, "help": true, "ls-remote": true, "check-attr": true,
	"check-ref-format": true, "check-mailmap": true, "verify-commit": true, "verify-tag": true, "verify-pack": true, "show-branch": true,
	"range-diff": true, "cherry": true, "show-index": true, "get-tar-commit-id": true, "column": true, "diff-pairs": true}

// gitReadJudges say when a verb that may write only reads.
var gitReadJudges = map[string]func(gitInvocation) bool{
	"fsck":         func(g gitInvocation) bool { return !g.has("--lost-found") },
	"fsck-objects": func(g gitInvocation) bool { return !g.has("--lost-found") },
	"submodule": func(g gitInvocation) bool {
		return len(g.args) == 0 || slices.Contains([]string{"status", "summary"}, g.firstOperand())
	},
	"notes": func(g gitInvocation) bool {
		return len(g.args) == 0 || slices.Contains([]string{"list", "show"}, g.firstOperand())
	},
	"sparse-checkout": func(g gitInvocation) bool { return g.firstOperand() == "list" },
	"lfs":             gitLFSReads,
	"bisect":          func(g gitInvocation) bool { return g.firstOperand() == "log" },
	"branch":          gitBranchListing,
	"tag":             gitTagListing,
	"remote":          gitRemoteListing,
	"reflog":          func(g gitInvocation) bool { v := g.verbWord(); return v == "" || v == "show" },
	"stash":           func(g gitInvocation) bool { v := g.verbWord(); return v == "list" || v == "show" },
	"worktree":        func(g gitInvocation) bool { return g.verbWord() == "list" },
	"config":          gitConfigReading,
}

// gitLFSReads: git lfs ls-files, status, env, version, logs (listing or
// showing one), track (listing the patterns).
func gitLFSReads(g gitInvocation) bool {
	n := len(g.scan().Operands)
	switch g.firstOperand() {
	case "ls-files", "status", "env", "version":
		return true
	case "logs":
		return n <= 2
	case "track":
		return n == 1
	}
	return false
}

// gitBranchListing: git branch lists unless an option or an operand names a
// branch to create, delete, move, copy or retarget.
func gitBranchListing(g gitInvocation) bool {
	if g.has("-d", "-D", "-m", "-M", "-c", "-C", "-u", "--delete", "--move", "--copy", "--set-upstream-to", "--unset-upstream", "--edit-description", "--force") {
		return false
	}
	// With a listing option the operands are patterns.
	return len(g.scan().Operands) == 0 || g.has("-a", "-l", "-r", "-v", "--list", "--all", "--remotes", "--verbose")
}

// gitTagListOptions are the options git tag lists tags with.
var gitTagListOptions = []string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format", "--color",
	"--column", "--no-column", "-i", "--ignore-case", "-n"}

// gitTagListing reports git tag listing or verifying tags (no operand names a
// tag to create, no option creates or deletes one).
func gitTagListing(g gitInvocation) bool {
	switch {
	case g.has("-l", "--list"):
		return !g.has("-d", "--delete")
	case g.has("-v", "--verify"):
		return !g.has("-d", "--delete", "-a", "--annotate", "-s", "--sign", "-m", "--message", "-F", "--file", "-f", "--force", "-u", "--local-user", "-e", "--edit")
	}
	return len(g.scan().Operands) == 0 && onlyOptions(g.scan(), gitTagListOptions...)
}

// gitRemoteListing: git remote, git remote -v, git remote show and get-url
// only read (git remote -v add NAME URL adds one: -v is remote's own option).
func gitRemoteListing(g gitInvocation) bool {
	if len(g.scan().Operands) == 0 {
		return onlyOptions(g.scan(), "-v", "--verbose")
	}
	first := g.firstOperand()
	return first == "show" || first == "get-url"
}

// gitConfigReading: git config reads with a getting or listing option, the
// get and list verbs, or a key alone.
func gitConfigReading(g gitInvocation) bool {
	if g.has("-e", "--edit", "--add", "--unset", "--unset-all", "--replace-all", "--rename-section", "--remove-section") {
		return false
	}
	first := g.firstOperand()
	if g.has(gitConfigReads...) || first == "get" || first == "list" {
		return true
	}
	switch first {
	case "set", "unset", "edit", "rename-section", "remove-section":
		return false
	}
	return len(g.scan().Operands) == 1
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
