package runfiles

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// gitConfigPrograms are the settings of a repository's own config that
// make git run a command, each with the verbs that run it ("" for every
// verb): core.fsmonitor runs whenever git reads the index, diff.external
// for the diffs it shows, core.sshCommand for a remote over ssh.
var gitConfigPrograms = []struct {
	key   string
	verbs []string
}{
	{"core.fsmonitor", nil},
	{"diff.external", []string{"diff", "log", "show", "stash"}},
	{"core.sshcommand", []string{"push", "fetch", "pull", "clone", "ls-remote", "remote", "submodule"}},
	{"core.pager", pagingVerbs},
	{"core.editor", editingVerbs},
	{"sequence.editor", []string{"rebase"}},
	{"interactive.difffilter", []string{"add", "checkout", "commit", "reset", "restore", "stash"}},
}

// gitDriverPrograms are the settings of a named driver (diff.NAME.textconv,
// filter.NAME.clean …) that run a command, with the verbs that may run
// it. .gitattributes says which files use which driver; every driver the
// config defines is taken, as a file may name any of them.
var gitDriverPrograms = lazy.Value[[]struct {
	section string
	name    string
	verbs   []string
}]{Make: func() []struct {
	section string
	name    string
	verbs   []string
} {
	return []struct {
		section, name string
		verbs         []string
	}{
		{"diff", "textconv", []string{"diff", "log", "show", "blame", "annotate", "grep", "stash", "range-diff", "whatchanged", "format-patch"}},
		{"diff", "command", []string{"diff", "log", "show", "stash", "whatchanged"}},
		{"filter", "clean", []string{"add", "commit", "status", "diff", "stash", "restore", "reset", "rm", "mv", "update-index", "checkout", "switch"}},
		{"filter", "smudge", checkoutVerbs},
		{"filter", "process", append([]string{"add", "commit", "status", "diff", "rm", "mv", "update-index"}, checkoutVerbs...)},
		{"merge", "driver", []string{"merge", "pull", "rebase", "cherry-pick", "revert", "stash", "am", "checkout", "switch"}},
	}
}}

// checkoutVerbs are the verbs that write files of the tree into the
// worktree.
var checkoutVerbs = []string{"checkout", "switch", "restore", "reset", "clone", "pull", "merge", "rebase", "cherry-pick", "revert", "stash", "worktree", "read-tree", "am", "apply"}

// driverPrograms adds the drivers' commands the verb may run.
func driverPrograms(out *Run, settings []setting, verb string) {
	for _, st := range settings {
		section, rest, _ := strings.Cut(st.key, ".")
		dot := strings.LastIndexByte(rest, '.')
		if dot <= 0 || st.value == "" {
			continue
		}
		for _, d := range gitDriverPrograms.Get() {
			if section == d.section && rest[dot+1:] == d.name && slices.Contains(d.verbs, verb) {
				out.add("git config "+st.key, st.value, "")
			}
		}
	}
}

// pagingVerbs are the verbs whose output git shows through the pager (when
// it writes to a terminal): core.pager, and pager.VERB when it names one.
var pagingVerbs = []string{"log", "show", "diff", "grep", "blame", "branch", "tag", "shortlog", "reflog", "whatchanged", "config", "stash", "range-diff"}

// editingVerbs are the verbs that may open the editor for a message or a
// todo list.
var editingVerbs = []string{"commit", "merge", "rebase", "tag", "am", "notes", "revert", "cherry-pick", "pull", "config", "add"}

// GitConfigCommands returns the shell commands the repository's own config
// (.git/config and config.worktree, with what they include) makes the git
// command run: core.fsmonitor, diff.external, core.sshCommand, the pager,
// the editors and interactive.diffFilter for the verbs that use them, and an alias.VERB = !COMMAND for the verb it names. The
// repository's config is the project's, which an agent may have written;
// the user's and the system's are not read here. Dir is the worktree top,
// where git runs them.
func GitConfigCommands(files Files, home, cwd string, args []shellparse.Word) Run {
	var out Run
	cmd, _ := readGitCommand(home, cwd, args)
	if cmd == nil || cmd.inv.Sub == "" {
		return out
	}
	r, err := findRepo(files, cmd)
	if err != nil || r == nil {
		return out
	}
	cfg := &configReader{files: files, home: home}
	settings := cfg.repoConfig(r)
	out.Dir = r.top
	verb := strings.ToLower(cmd.inv.Sub)
	if v, ok := lastValue(settings, "alias."+verb); ok && strings.HasPrefix(v, "!") {
		out.add("git alias."+verb, strings.TrimPrefix(v, "!"), "")
	}
	configPrograms(&out, settings, verb)
	driverPrograms(&out, settings, verb)
	out.Unread = append(out.Unread, cfg.dynamic...)
	return out
}

// configPrograms adds the programs settings name that the verb runs.
func configPrograms(out *Run, settings []setting, verb string) {
	for _, p := range gitConfigPrograms {
		v, ok := lastValue(settings, p.key)
		if !ok || v == "" || p.key == "core.fsmonitor" && isGitBool(v) || p.verbs != nil && !slices.Contains(p.verbs, verb) {
			continue
		}
		out.add("git config "+p.key, v, "")
	}
	if v, ok := lastValue(settings, "pager."+verb); ok && v != "" && !isGitBool(v) && slices.Contains(pagingVerbs, verb) {
		out.add("git config pager."+verb, v, "")
	}
}

// isGitBool reports a boolean value (core.fsmonitor = true asks for git's
// own monitor, which runs no configured command).
func isGitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}
