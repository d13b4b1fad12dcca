package git

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// verb is one verb's judgement: the host, the script's state and the reading.
type verb struct {
	h Host
	s *State
	g Invocation
}

// report records a finding with no safer way.
func (v verb) report(kind finding.Kind, name string, sev finding.Severity, reason string) {
	v.h.Report(kind, name, sev, reason, "")
}

// stashFirst is the safer way for the verbs that discard uncommitted changes.
const stashFirst = "git stash first: the changes stay recoverable (git stash pop)"

// judges are the verbs whose options or operands can destroy work or run
// something, each with its judgement.
var judges = lazy.Value[map[string]func(verb)]{Make: func() map[string]func(verb) {
	return map[string]func(verb){
		"clone":     verb.newRepoConfig,
		"submodule": verb.newRepoConfig,
		"init":      verb.newRepoConfig,
		"grep": func(v verb) {
			if v.g.Has("-O", "--open-files-in-pager") {
				v.report("inline_code", "git_grep_open", finding.NonSevere, "git grep -O runs a command on the matching files")
			}
		},
		"push": verb.push,
		"config": func(v verb) {
			v.config()
			v.s.noteConfig(v.g)
		},
		"reset": func(v verb) {
			if v.g.Has("--hard") {
				v.h.Report("git_destructive", "reset_hard", finding.Severe, "git reset --hard discards uncommitted changes", "git stash first, then git reset --hard: the changes stay recoverable (git stash pop)")
			}
		},
		"clean": verb.clean,
		"switch": func(v verb) {
			if v.g.Has("-f", "--force", "--discard-changes") {
				v.h.Report("git_destructive", "switch_discard", finding.Severe, "git switch --discard-changes throws away uncommitted changes", stashFirst)
			}
		},
		"credential": verb.credential, "credential-store": verb.credential, "credential-cache": verb.credential,
		"credential-osxkeychain": verb.credential, "credential-libsecret": verb.credential, "credential-manager": verb.credential,
		"update-ref": func(v verb) {
			if v.g.Has("-d", "--stdin") {
				v.report("git_destructive", "update_ref_delete", finding.Severe, "git update-ref -d deletes a ref, and the commits only it reached")
			}
		},
		"read-tree": func(v verb) {
			if v.g.Has("--reset") && v.g.Has("-u") {
				v.h.Report("git_destructive", "read_tree_reset", finding.Severe, "git read-tree -u --reset overwrites the worktree, discarding uncommitted changes", stashFirst)
			}
		},
		"checkout": verb.checkout,
		"restore":  verb.restore,
		"branch": func(v verb) {
			if v.g.Has("-D") || v.g.Has("-d", "--delete") && v.g.Has("-f", "--force") {
				v.h.Report("git_destructive", "branch_force_delete", finding.Severe, "git branch -D deletes a branch even if it is not merged", "git branch -d deletes it only once it is merged")
			}
		},
		"stash": func(v verb) {
			if v.g.VerbWord() == "clear" {
				v.h.Report("git_destructive", "stash_clear", finding.Severe, "git stash clear drops every stash", "git stash drop stash@{N} drops one stash")
			}
		},
		"filter-branch": verb.filterBranch,
		"filter-repo":   verb.filterBranch,
		"reflog": func(v verb) {
			if w := v.g.VerbWord(); w == "expire" || w == "delete" {
				v.report("git_destructive", "reflog_expire", finding.Severe, "git reflog "+w+" removes the record that lets lost commits be recovered")
			}
		},
	}
}}

// filterBranch: git filter-branch and filter-repo rewrite the history.
func (v verb) filterBranch() {
	v.h.Report("git_destructive", "filter_branch", finding.Severe, "git "+v.g.Sub+" rewrites the whole history", "run it in a fresh clone, and keep the original until the result is checked")
}

// newRepoConfig: git clone, init and submodule copy hooks from a --template
// directory, and take settings (-c, --config) that may name a program git
// runs.
func (v verb) newRepoConfig() {
	g := v.g
	if g.Sub != "submodule" && len(g.Values("--template")) > 0 {
		v.report("git_config_exec", "git_template", finding.NonSevere, "git "+g.Sub+" --template copies the hooks of a directory into the new repository, where git runs them")
	}
	for _, kv := range g.Values("-c", "--config") {
		key, value, _ := strings.Cut(kv.Text, "=")
		if execKey(key, value) || !kv.Static {
			v.report("git_config_exec", "git_sub_config", finding.NonSevere, "git "+g.Sub+" -c "+key+" names a program git will run")
		}
	}
}

// clean: git clean -f deletes untracked files (without -f too when the
// script or the command line turned clean.requireForce off); -n and -i only
// list or ask.
func (v verb) clean() {
	requireForce := true
	if val, ok := v.s.configValue(v.g, "clean.requireForce"); ok && isFalse(val) {
		requireForce = false
	}
	if (v.g.Has("-f", "--force") || !requireForce) && !v.g.Has("-n", "-i", "--dry-run", "--interactive") {
		v.h.Report("git_destructive", "clean", finding.Severe, "git clean deletes untracked files", "git clean -n lists what it would delete; git stash -u keeps them recoverable")
	}
}

// push judges pushes that rewrite or remove history on the remote.
// overwrite is a plain force (-f, +REF), which --force-with-lease can
// replace; deleting and mirroring remove refs, which it cannot.
func (v verb) push() {
	g := v.g
	force, overwrite := refspecsForce(g.Operands())
	overwrite = overwrite || g.Has("-f", "--force")
	force = force || overwrite || g.Has("--mirror", "--delete", "--prune", "-d")
	switch {
	case force && overwrite:
		v.h.Report("git_destructive", "force_push", finding.Severe, "git push with force, delete or mirror rewrites or removes history on the remote",
			"git push --force-with-lease overwrites the remote only if nobody pushed since")
	case force:
		v.report("git_destructive", "push_delete", finding.Severe, "git push with force, delete or mirror rewrites or removes history on the remote")
	case g.Has("--force-with-lease", "--force-if-includes"):
		v.report("force_with_lease", "push", finding.NonSevere, "git push --force-with-lease rewrites history on the remote (only if nobody pushed since)")
	}
}

// refspecsForce reads push's refspecs: +REF forces (overwrites), :REF
// deletes.
func refspecsForce(refspecs []shellparse.Word) (force, overwrite bool) {
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

// checkout judges git checkout forms that throw away uncommitted changes:
// --force, paths after --, a pathspec that takes everything, a REF with
// PATHS. Creating or detaching a branch keeps them.
func (v verb) checkout() {
	g := v.g
	if g.Has("-f", "--force", "--ours", "--theirs") {
		v.h.Report("git_destructive", "checkout_force", finding.Severe, "git checkout --force discards uncommitted changes", stashFirst)
		return
	}
	if g.Has("-b", "-B", "--orphan", "--detach") {
		return
	}
	ops := g.operandsBeforeDashDash()
	if i := slices.IndexFunc(ops, takesEverything); i >= 0 {
		v.h.Report("git_destructive", "checkout_discard", finding.Severe, "git checkout "+ops[i].Text+" discards uncommitted changes", stashFirst)
		return
	}
	switch {
	case g.Scan().DashDash >= 0:
		v.h.Report("git_destructive", "checkout_paths", finding.Severe, "git checkout -- PATH discards uncommitted changes to those files", stashFirst)
	case len(ops) > 1:
		v.h.Report("git_destructive", "checkout_ref_paths", finding.Severe, "git checkout REF PATH overwrites files with another version", stashFirst)
	}
}

// takesEverything reports a pathspec that names every file (., *, :/, a glob).
func takesEverything(a shellparse.Word) bool {
	return a.Static && (a.Text == "." || a.Text == "*" || a.Text == ":/") || a.Glob
}

// restore: git restore discards uncommitted changes to files, unless it only
// restores the index (--staged without --worktree).
func (v verb) restore() {
	if v.g.Has("-S", "--staged") && !v.g.Has("-W", "--worktree") {
		return
	}
	v.h.Report("git_destructive", "restore", finding.Severe, "git restore discards uncommitted changes to files", stashFirst)
}

// configUnsets are the options of git config that take a setting away.
var configUnsets = []string{"--unset", "--unset-all", "--remove-section", "--rename-section"}

// config judges git config setting a key that names a program, or taking
// away the setting that says where git's hooks are.
func (v verb) config() {
	g := v.g
	if g.Has("--get", "--get-all", "--list", "-l", "--get-regexp") {
		return
	}
	ops := g.Operands()
	unset := configUnsetting(g, ops)
	if configVerb(ops, unset) {
		ops = ops[1:]
	}
	if unset {
		v.configUnset(ops)
		return
	}
	if len(ops) >= 2 && (execKey(ops[0].Text, ops[1].Text) || !ops[1].Static && execKey(ops[0].Text, "!")) {
		v.report("git_config_exec", "git_config_set", finding.NonSevere, "git config "+ops[0].Text+" names a program git will run")
	}
}

// configVerb reports a first operand that is git config's verb, not a key:
// git config set KEY VALUE, git config unset KEY (a key has a dot; a whole
// section, core, is a key too).
func configVerb(ops []shellparse.Word, unset bool) bool {
	if len(ops) == 0 {
		return false
	}
	first := ops[0].Text
	return first == "set" || unset && !strings.Contains(first, ".") && first != "core"
}

// configUnsetting reports git config taking a setting away, by option
// (--unset) or verb (git config unset KEY).
func configUnsetting(g Invocation, ops []shellparse.Word) bool {
	if g.Has(configUnsets...) {
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

// configUnset: taking core.hooksPath away (or the whole [core]) moves git to
// another hooks directory, leaving the hooks installed there unrun.
func (v verb) configUnset(ops []shellparse.Word) {
	if len(ops) > 0 && (strings.EqualFold(ops[0].Text, "core.hookspath") || strings.EqualFold(ops[0].Text, "core") || !ops[0].Static) {
		v.report("git_config_exec", "git_config_unset", finding.NonSevere, "git config removes "+ops[0].Text+", which changes the hooks git runs")
	}
}

// credential: git credential fill and a helper's get print the password or
// token git holds for the host they are given.
func (v verb) credential() {
	if ops := v.g.Operands(); len(ops) > 0 && (!ops[0].Static || ops[0].Text == "fill" || ops[0].Text == "get") {
		v.report(finding.SecretAccess, "git_credential_fill", finding.NonSevere, "git "+v.g.Sub+" "+ops[0].Text+" prints the password or token git holds for the host")
	}
}
