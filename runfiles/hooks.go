package runfiles

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/lang/git"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Triggered is a program file a command runs without naming it: a git hook,
// a conftest.py, an .envrc, a setup.py. The validator reads and judges it.
type Triggered struct {
	// Path is the file's absolute path.
	Path string
	// How says what runs it: "git pre-commit hook", "pytest conftest.py".
	How string
	// Lang is the language the file is read as: "shell", "python", or ""
	// when the file is run by its path and its #! line decides.
	Lang string
	// Dir is the directory it runs in, when that is not the command's
	// (git runs a hook at the worktree's top).
	Dir string
	// BestEffort marks a file read while the budget lasts (a test module
	// pytest imports): one that cannot be read is project code not read,
	// not an unknown.
	BestEffort bool
}

// MaxRepoSearch bounds the directories GitHooks walks up from the working
// directory to find the repository, and the links (gitdir files, commondir)
// it follows.
const MaxRepoSearch = 64

// MaxConfigFiles bounds the git config files read for one command, include
// files counted; past it the hooks directory is not known.
const MaxConfigFiles = 16

// MaxIncludeDepth bounds how deep git config includes are followed (git's
// own bound is 10).
const MaxIncludeDepth = 10

// MaxAliasDepth bounds the git aliases followed to find the verb they run.
const MaxAliasDepth = 8

// repo is where a git command's repository is: its git directory, the
// common directory (hooks and config of every worktree) and the top of its
// working tree ("" for a bare repository).
type repo struct {
	gitDir, common, top string
}

// gitCommand is what GitHooks reads of git's command line.
type gitCommand struct {
	inv     git.Invocation
	dir     string    // where git runs, after -C
	gitDir  string    // --git-dir, absolute, or ""
	workDir string    // --work-tree, absolute, or ""
	config  []setting // -c KEY=VALUE, in order
}

// GitHooks returns the hooks the git command with arguments args (the words
// after "git") runs, in the order git runs them, when its working directory
// is cwd and the user's home is home. Hooks come from core.hooksPath as the
// system, user, repository and command-line config set it, else from the
// repository's hooks directory (a worktree's common one). Only hooks whose
// file exists are returned; one that is not executable is returned too (git
// does not run it, but its mode is not read). The second result gives,
// one line each, what runs but cannot be found statically.
func GitHooks(files Files, home, cwd string, args []shellparse.Word) ([]Triggered, []string) {
	cmd, dyn := readGitCommand(home, cwd, args)
	if cmd == nil {
		return nil, dyn
	}
	cfg := &configReader{files: files, home: home}
	user := cfg.userConfig()
	verb, hooks := cmd.inv.Sub, []string(nil)
	if verb == "clone" || verb == "init" {
		found, more := newRepoHooks(files, cmd, cfg, user)
		return found, append(append(dyn, cfg.dynamic...), more...)
	}
	r, err := findRepo(files, cmd)
	if err != nil {
		return nil, append(dyn, err.Error())
	}
	if r == nil {
		return nil, dyn // not in a repository: git runs no hook
	}
	settings := slices.Concat(user, cfg.repoConfig(r), cmd.config)
	verb = resolveAlias(verb, settings)
	hooks = verbHooks(verb, &cmd.inv)
	dirs, more := hooksDirs(settings, home, r)
	found := existingHooks(files, dirs, hooks)
	for i := range found {
		found[i].Dir = r.top
	}
	dyn = append(dyn, more...)
	if verb == "push" {
		remote, why := pushedRepoHooks(files, cmd, cfg, user, settings)
		found, dyn = append(found, remote...), append(dyn, why...)
	}
	if len(hooks) > 0 {
		dyn = append(dyn, configHooks(settings)...)
	}
	return found, append(dyn, cfg.dynamic...)
}

// readGitCommand reads git's global options: where git runs (-C), which
// repository (--git-dir, --work-tree) and the settings given with -c. A
// value known only at run time makes the hooks unknown: the command is nil.
func readGitCommand(home, cwd string, args []shellparse.Word) (*gitCommand, []string) {
	inv := git.Parse(args)
	if inv.Dynamic {
		return nil, []string{"git's verb is known only at run time: which hooks it runs is not known"}
	}
	if inv.Sub == "" {
		return nil, nil
	}
	cmd := &gitCommand{inv: inv, dir: cwd}
	for _, o := range inv.Global.Opts {
		w, ok := shellparse.OptionWord(inv.Globals, o)
		if !ok {
			continue
		}
		if !w.Static {
			return nil, []string{"git " + o.Name + " " + w.Text + " is known only at run time: which hooks git runs is not known"}
		}
		if why := cmd.global(home, o.Name, w.Text); why != "" {
			return nil, []string{why}
		}
	}
	return cmd, nil
}

// global notes one of git's global options; it returns why the hooks are
// not known, or "".
func (c *gitCommand) global(home, name, value string) string {
	switch name {
	case "-C":
		if value != "" {
			c.dir = absUnder(c.dir, home, value)
		}
	case "--git-dir":
		c.gitDir = absUnder(c.dir, home, value)
	case "--work-tree":
		c.workDir = absUnder(c.dir, home, value)
	case "-c":
		key, val, hasValue := strings.Cut(value, "=")
		c.config = append(c.config, setting{key: strings.ToLower(key), value: val, noValue: !hasValue, from: "git -c"})
	case "--config-env":
		key, _, _ := strings.Cut(value, "=")
		if strings.EqualFold(key, "core.hooksPath") {
			return "git --config-env " + value + " takes core.hooksPath from the environment: which hooks run is not known"
		}
	}
	return ""
}

// absUnder is p made absolute against dir, with a leading ~/ read as home.
func absUnder(dir, home, p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home != "" {
			return filepath.Join(home, p[1:])
		}
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// findRepo finds the repository git works on: --git-dir, else the first
// directory from where git runs upward with a .git (a directory, or a file
// naming one), or that is a bare repository itself. It returns nil outside
// a repository.
func findRepo(files Files, cmd *gitCommand) (*repo, error) {
	if cmd.gitDir != "" {
		top := cmd.workDir
		if top == "" {
			top = cmd.dir // with --git-dir alone, git takes the working directory as the top
		}
		return withCommon(files, &repo{gitDir: cmd.gitDir, top: top})
	}
	dir := cmd.dir
	for range MaxRepoSearch {
		r, err := repoAt(files, dir)
		if r != nil || err != nil {
			if r != nil && cmd.workDir != "" {
				r.top = cmd.workDir
			}
			return r, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
	return nil, fmt.Errorf("no repository within %d directories above %s: which hooks git runs is not known", MaxRepoSearch, cmd.dir)
}

// repoAt returns the repository dir is the top of (dir/.git) or is (a bare
// one), or nil.
func repoAt(files Files, dir string) (*repo, error) {
	dotGit := filepath.Join(dir, ".git")
	if ok, err := isGitDir(files, dotGit); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return withCommon(files, &repo{gitDir: dotGit, top: dir})
	}
	text, err := files.Read(dotGit)
	switch {
	case err == nil:
		target, ok := strings.CutPrefix(strings.TrimSpace(firstLine(text)), "gitdir:")
		if !ok {
			return nil, fmt.Errorf("%s is a .git file without a gitdir: line: which hooks git runs is not known", dotGit)
		}
		return withCommon(files, &repo{gitDir: absUnder(dir, "", strings.TrimSpace(target)), top: dir})
	case !absent(err) && !errors.Is(err, ErrNotRegular):
		return nil, fmt.Errorf("%w: which hooks git runs is not known", err)
	}
	if ok, _ := isGitDir(files, dir); ok && readable(files, filepath.Join(dir, "config")) {
		return withCommon(files, &repo{gitDir: dir, common: dir})
	}
	return nil, nil
}

// isGitDir reports a git directory: one whose HEAD names a ref or a commit.
func isGitDir(files Files, dir string) (bool, error) {
	head, err := files.Read(filepath.Join(dir, "HEAD"))
	if err != nil {
		if absent(err) || errors.Is(err, ErrNotRegular) {
			return false, nil
		}
		return false, fmt.Errorf("%w: which hooks git runs is not known", err)
	}
	head = strings.TrimSpace(head)
	return strings.HasPrefix(head, "ref:") || len(head) >= 40 && strings.Trim(head, "0123456789abcdef") == "", nil
}

// absent reports an error for a file that is not there: missing, or under
// a path one of whose directories is a file (.git/HEAD where .git is a
// gitdir file).
func absent(err error) bool { return Missing(err) || errors.Is(err, syscall.ENOTDIR) }

// readable reports a file that can be read.
func readable(files Files, p string) bool {
	_, err := files.Read(p)
	return err == nil
}

// firstLine is text's first line, without its line ending.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return strings.TrimSuffix(line, "\r")
}

// withCommon sets the repository's common directory: the one its commondir
// file names (a linked worktree's main repository), else its git directory.
func withCommon(files Files, r *repo) (*repo, error) {
	if r.common != "" {
		return r, nil
	}
	p := filepath.Join(r.gitDir, "commondir")
	text, err := files.Read(p)
	switch {
	case err == nil:
		r.common = absUnder(r.gitDir, "", strings.TrimSpace(firstLine(text)))
	case absent(err):
		r.common = r.gitDir
	default:
		return nil, fmt.Errorf("%w: which hooks git runs is not known", err)
	}
	return r, nil
}

// hooksDirs returns the directories git may run hooks from: the last
// core.hooksPath set unconditionally (or the repository's hooks directory),
// and any set after it in a config included under a condition.
func hooksDirs(settings []setting, home string, r *repo) ([]string, []string) {
	var dirs, dyn []string
	for _, s := range settings {
		if s.key != "core.hookspath" {
			continue
		}
		if s.noValue || s.value == "" {
			dyn = append(dyn, s.from+" sets core.hooksPath without a value: which hooks git runs is not known")
			continue
		}
		base := r.top
		if base == "" {
			base = r.gitDir // a bare repository runs its hooks in the git directory
		}
		dir := absUnder(base, home, s.value)
		if s.conditional {
			dirs = append(dirs, dir)
		} else {
			dirs = []string{dir}
		}
	}
	if len(dirs) == 0 || conditionalOnly(settings) {
		dirs = append([]string{filepath.Join(r.common, "hooks")}, dirs...)
	}
	return dirs, dyn
}

// conditionalOnly reports core.hooksPath set only under conditions: the
// repository's own hooks run when none holds.
func conditionalOnly(settings []setting) bool {
	for _, s := range settings {
		if s.key == "core.hookspath" && !s.conditional && !s.noValue && s.value != "" {
			return false
		}
	}
	return true
}

// existingHooks returns the hooks, in order, whose file exists in one of
// dirs.
func existingHooks(files Files, dirs, hooks []string) []Triggered {
	var out []Triggered
	for _, h := range hooks {
		for _, d := range dirs {
			p := filepath.Join(d, h)
			if _, err := files.Read(p); err != nil && absent(err) {
				continue
			}
			out = append(out, Triggered{Path: p, How: "git " + h + " hook"})
		}
	}
	return out
}

// configHooks reports hooks the config names as commands (hook.NAME.command,
// git's config-based hooks): they run as shell commands git reads from
// config, not from a file.
func configHooks(settings []setting) []string {
	var out []string
	for _, s := range settings {
		if strings.HasPrefix(s.key, "hook.") && strings.HasSuffix(s.key, ".command") {
			out = append(out, s.from+" sets "+s.key+" = "+s.value+": git may run it as a hook")
		}
	}
	return out
}

// resolveAlias returns the verb an alias names (alias.X = commit -q),
// following aliases to aliases within MaxAliasDepth. An alias that runs a
// shell command (!…) is the git judgement's.
func resolveAlias(verb string, settings []setting) string {
	node, _ := registry.Default().Lookup("git")
	for range MaxAliasDepth {
		if _, builtin := gitVerbHooks.Get()[verb]; builtin || node.Node.Sub(verb) != nil && node.Node.Sub(verb).Names[0] != "*" {
			return verb
		}
		value, ok := lastValue(settings, "alias."+strings.ToLower(verb))
		fields := strings.Fields(value)
		if !ok || len(fields) == 0 || strings.HasPrefix(value, "!") {
			return verb
		}
		verb = fields[0]
	}
	return verb
}

// lastValue is the last value settings give key.
func lastValue(settings []setting, key string) (string, bool) {
	value, found := "", false
	for _, s := range settings {
		if s.key == key {
			value, found = s.value, true
		}
	}
	return value, found
}

// Hooks several verbs run: every ref update runs reference-transaction,
// every index write post-index-change, and commands that make objects
// run gc --auto, which runs pre-auto-gc.
const (
	refHook   = "reference-transaction"
	indexHook = "post-index-change"
	gcHook    = "pre-auto-gc"
)

// verbHookSet is what a verb runs: hooks in order, those --no-verify skips,
// and hooks added by an option.
type verbHookSet struct {
	hooks    []string
	noVerify []string
}

// gitVerbHooks are the hooks each verb runs (githooks(5)), in the order it
// runs them. Verbs not listed run none.
var gitVerbHooks = lazy.Value[map[string]verbHookSet]{Make: func() map[string]verbHookSet {
	return map[string]verbHookSet{
		"commit": {hooks: []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "post-rewrite", refHook, indexHook, gcHook},
			noVerify: []string{"pre-commit", "commit-msg"}},
		"merge": {hooks: []string{"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge", refHook, indexHook, gcHook},
			noVerify: []string{"pre-merge-commit", "commit-msg"}},
		"pull": {hooks: []string{"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge", "pre-rebase", "post-checkout", "post-commit", "post-rewrite", refHook, indexHook, gcHook},
			noVerify: []string{"pre-merge-commit", "commit-msg"}},
		"rebase": {hooks: []string{"pre-rebase", "post-checkout", "prepare-commit-msg", "commit-msg", "post-commit", "post-rewrite", refHook, indexHook, gcHook},
			noVerify: []string{"pre-rebase"}},
		"am": {hooks: []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "post-rewrite", refHook, indexHook, gcHook},
			noVerify: []string{"applypatch-msg", "pre-applypatch"}},
		"cherry-pick":  {hooks: []string{"prepare-commit-msg", "commit-msg", "post-commit", refHook, indexHook, gcHook}},
		"revert":       {hooks: []string{"prepare-commit-msg", "commit-msg", "post-commit", refHook, indexHook, gcHook}},
		"push":         {hooks: []string{"pre-push", refHook}, noVerify: []string{"pre-push"}},
		"fetch":        {hooks: []string{refHook, gcHook}},
		"checkout":     {hooks: []string{"post-checkout", refHook, indexHook}},
		"switch":       {hooks: []string{"post-checkout", refHook, indexHook}},
		"worktree":     {hooks: []string{"post-checkout", refHook, indexHook}},
		"reset":        {hooks: []string{refHook, indexHook}},
		"stash":        {hooks: []string{refHook, indexHook}},
		"restore":      {hooks: []string{indexHook}},
		"add":          {hooks: []string{indexHook}},
		"rm":           {hooks: []string{indexHook}},
		"mv":           {hooks: []string{indexHook}},
		"status":       {hooks: []string{indexHook}},
		"read-tree":    {hooks: []string{indexHook}},
		"update-index": {hooks: []string{indexHook}},
		"apply":        {hooks: []string{indexHook}},
		"branch":       {hooks: []string{refHook}},
		"tag":          {hooks: []string{refHook}},
		"update-ref":   {hooks: []string{refHook}},
		"gc":           {hooks: []string{gcHook}},
		"maintenance":  {hooks: []string{gcHook}},
		"send-email":   {hooks: []string{"sendemail-validate"}},
	}
}}

// verbHooks returns the hooks verb runs with its arguments.
func verbHooks(verb string, inv *git.Invocation) []string {
	set, ok := gitVerbHooks.Get()[verb]
	if !ok || !verbRunsHooks(verb, inv) {
		return nil
	}
	skip := map[string]bool{}
	if noVerify(verb, inv.Scan()) {
		for _, h := range set.noVerify {
			skip[h] = true
		}
	}
	if verb == "commit" && !inv.Has("--amend") {
		skip["post-rewrite"] = true
	}
	if verb == "worktree" && inv.Has("--no-checkout") {
		skip["post-checkout"] = true
	}
	var out []string
	for _, h := range set.hooks {
		if !skip[h] {
			out = append(out, h)
		}
	}
	return out
}

// verbRunsHooks reports the forms of a verb that run its hooks: git gc and
// git maintenance only with --auto (git maintenance run --auto), git
// worktree only to add one.
func verbRunsHooks(verb string, inv *git.Invocation) bool {
	switch verb {
	case "gc", "maintenance":
		return inv.Scan().Unknown || argWord(inv, "--auto")
	case "worktree":
		return inv.VerbWord() == "add" || inv.Scan().Unknown
	}
	return true
}

// argWord reports a word among the verb's arguments (for verbs whose
// grammar the registry does not declare, where it is no option name the
// scan knows).
func argWord(inv *git.Invocation, word string) bool {
	if inv.Has(word) {
		return true
	}
	for _, w := range inv.Args {
		if w.Text == word || !w.Static {
			return true
		}
	}
	return false
}

// noVerify reports --no-verify (-n for commit) in force: the last of
// --no-verify and --verify wins. A dynamic word where an option could stand
// may be --verify: the hooks are then kept.
func noVerify(verb string, s *registry.Scan) bool {
	if s.Unknown {
		return false
	}
	skip := false
	for _, o := range s.Opts {
		switch {
		case o.Name == "--no-verify" || verb == "commit" && o.Name == "-n":
			skip = true
		case o.Name == "--verify":
			skip = false
		}
	}
	return skip
}

// receiveHooks are the hooks a repository runs when it is pushed to, in
// the order it runs them.
var receiveHooks = []string{"pre-receive", "update", "proc-receive", refHook, "post-receive", "post-update", "push-to-checkout"}

// pushedRepoHooks returns the receive hooks of the repositories on this
// machine git push pushes to: the remote operand when it is a path or a
// file:// URL, or the URLs the config gives the remote it names (every
// remote's when none is named, as which one git picks depends on the
// branch). Those hooks run in the pushed-to repository's git directory,
// with its config and the user's.
func pushedRepoHooks(files Files, cmd *gitCommand, cfg *configReader, user, settings []setting) ([]Triggered, []string) {
	urls, dyn := pushURLs(&cmd.inv, settings)
	var found []Triggered
	for _, u := range urls {
		p, ok := localURL(u)
		if !ok {
			continue
		}
		target := pushedRepo(files, absUnder(cmd.dir, cfg.home, p))
		if target == nil {
			continue
		}
		target.top = "" // receive hooks run in the git directory
		theirs := slices.Concat(user, cfg.repoConfig(target), cmd.config)
		dirs, more := hooksDirs(theirs, cfg.home, target)
		for _, t := range existingHooks(files, dirs, receiveHooks) {
			t.How += " of the pushed-to repository " + target.gitDir
			found = append(found, t)
		}
		dyn = append(dyn, more...)
	}
	return found, dyn
}

// pushURLs are the URLs git push may push to: the remote operand, or the
// url and pushurl settings of the remote it names, or of every remote.
func pushURLs(inv *git.Invocation, settings []setting) ([]string, []string) {
	ops := inv.Operands()
	name := ""
	if len(ops) > 0 {
		if !ops[0].Static {
			return nil, []string{"git push " + ops[0].Text + " is known only at run time: it may push to a repository on this machine, which runs its receive hooks"}
		}
		name = ops[0].Text
	}
	var urls []string
	for _, s := range settings {
		remote, field, ok := remoteField(s.key)
		if ok && (field == "url" || field == "pushurl") && (name == "" || remote == name) {
			urls = append(urls, s.value)
		}
	}
	if name != "" && len(urls) == 0 {
		urls = []string{name} // no such remote: the operand is the URL
	}
	return urls, nil
}

// remoteField splits remote.NAME.FIELD.
func remoteField(key string) (string, string, bool) {
	rest, ok := strings.CutPrefix(key, "remote.")
	i := strings.LastIndexByte(rest, '.')
	if !ok || i < 0 {
		return "", "", false
	}
	return rest[:i], rest[i+1:], true
}

// localURL is the path a git URL names on this machine: a path, or a
// file:// URL. scp-like host:path and URLs of other schemes are remote.
func localURL(u string) (string, bool) {
	if rest, ok := strings.CutPrefix(u, "file://"); ok {
		return rest, rest != ""
	}
	if strings.Contains(u, "://") || u == "" {
		return "", false
	}
	colon, slash := strings.IndexByte(u, ':'), strings.IndexByte(u, '/')
	if colon >= 0 && (slash < 0 || colon < slash) {
		return "", false // host:path
	}
	return u, true
}

// pushedRepo is the repository at p (p/.git, p bare, or p.git), or nil.
func pushedRepo(files Files, p string) *repo {
	for _, dir := range []string{p, p + ".git"} {
		if r, err := repoAt(files, dir); err == nil && r != nil {
			return r
		}
	}
	return nil
}

// newRepoHooks returns the hooks git clone (post-checkout, in the new
// repository) and git init run: the new repository's hooks are the
// template directory's, unless core.hooksPath names others.
func newRepoHooks(files Files, cmd *gitCommand, cfg *configReader, user []setting) ([]Triggered, []string) {
	if cmd.inv.Sub != "clone" || cmd.inv.Has("-n", "--no-checkout", "--bare", "--mirror") {
		return nil, nil
	}
	settings := slices.Concat(user, cmd.config, cloneConfig(&cmd.inv))
	hooks := []string{"post-checkout", refHook, indexHook}
	var dirs, dyn []string
	if v, ok := lastValue(settings, "core.hookspath"); ok {
		if !filepath.IsAbs(v) && !strings.HasPrefix(v, "~/") {
			return nil, []string{"core.hooksPath " + v + " is relative to the new repository: which hooks git clone runs is not known"}
		}
		dirs = []string{absUnder(cmd.dir, cfg.home, v)}
	} else if t := templateDir(cmd, settings, cfg.home); t != "" {
		dirs = []string{filepath.Join(t, "hooks")}
	}
	if cmd.inv.Scan().Unknown {
		dyn = append(dyn, "git clone has an option known only at run time: it may name a template directory whose hooks run")
	}
	return existingHooks(files, dirs, hooks), dyn
}

// cloneConfig is what git clone -c KEY=VALUE (--config) sets in the new
// repository.
func cloneConfig(inv *git.Invocation) []setting {
	var out []setting
	for _, w := range inv.Values("-c", "--config") {
		key, val, has := strings.Cut(w.Text, "=")
		out = append(out, setting{key: strings.ToLower(key), value: val, noValue: !has, from: "git clone -c"})
	}
	return out
}

// templateDir is the template directory git clone copies hooks from:
// --template, else init.templateDir; "" for git's own (whose hooks are
// samples that do not run).
func templateDir(cmd *gitCommand, settings []setting, home string) string {
	if ws := cmd.inv.Values("--template"); len(ws) > 0 {
		return absUnder(cmd.dir, home, ws[len(ws)-1].Text)
	}
	if v, ok := lastValue(settings, "init.templatedir"); ok && v != "" {
		return absUnder(cmd.dir, home, v)
	}
	return ""
}

// setting is one KEY = VALUE of a git config.
type setting struct {
	// key is section[.subsection].name, section and name lower-cased.
	key, value string
	// noValue reports a key given without "=" (a true boolean).
	noValue bool
	// conditional reports a setting from a file included under a condition
	// (includeIf): it applies only when the condition holds.
	conditional bool
	// from names where the setting was read.
	from string
}

// configReader reads git config files, following includes within bounds,
// and keeps what it could not read.
type configReader struct {
	files   Files
	home    string
	read    int
	dynamic []string
}

// userConfig reads the system and user config files, in git's order.
func (c *configReader) userConfig() []setting {
	var out []setting
	paths := []string{"/etc/gitconfig"}
	if c.home != "" {
		paths = append(paths, filepath.Join(c.home, ".config", "git", "config"), filepath.Join(c.home, ".gitconfig"))
	}
	for _, p := range paths {
		out = append(out, c.file(p, 0, false)...)
	}
	return out
}

// repoConfig reads the repository's config and its worktree's.
func (c *configReader) repoConfig(r *repo) []setting {
	out := c.file(filepath.Join(r.common, "config"), 0, false)
	return append(out, c.file(filepath.Join(r.gitDir, "config.worktree"), 0, false)...)
}

// file reads the config file at p and the files it includes. A missing
// file sets nothing, as for git.
func (c *configReader) file(p string, depth int, conditional bool) []setting {
	if c.read >= MaxConfigFiles {
		c.dynamic = append(c.dynamic, fmt.Sprintf("more than %d git config files: %s is not read, and may set core.hooksPath", MaxConfigFiles, p))
		return nil
	}
	c.read++
	text, err := c.files.Read(p)
	if err != nil {
		if !absent(err) {
			c.dynamic = append(c.dynamic, fmt.Sprintf("git config %s cannot be read (%v): it may set core.hooksPath", p, err))
		}
		return nil
	}
	settings, err := parseConfig(text, p)
	if err != nil {
		c.dynamic = append(c.dynamic, err.Error())
	}
	var out []setting
	for _, s := range settings {
		s.conditional = s.conditional || conditional
		out = append(out, s)
		if inc, cond, ok := includePath(s); ok {
			out = append(out, c.include(p, inc, depth, s.conditional || cond)...)
		}
	}
	return out
}

// include reads the file an include names, relative to the including file.
func (c *configReader) include(from, inc string, depth int, conditional bool) []setting {
	if depth+1 > MaxIncludeDepth {
		c.dynamic = append(c.dynamic, fmt.Sprintf("git config includes nest deeper than %d at %s: it may set core.hooksPath", MaxIncludeDepth, inc))
		return nil
	}
	if strings.HasPrefix(inc, "~") && c.home == "" {
		c.dynamic = append(c.dynamic, "git config "+from+" includes "+inc+", under a home not known")
		return nil
	}
	return c.file(absUnder(filepath.Dir(from), c.home, inc), depth+1, conditional)
}

// includePath returns the file an include.path or includeIf.COND.path
// setting names, and whether it applies under a condition.
func includePath(s setting) (string, bool, bool) {
	if s.noValue {
		return "", false, false
	}
	if s.key == "include.path" {
		return s.value, false, true
	}
	if strings.HasPrefix(s.key, "includeif.") && strings.HasSuffix(s.key, ".path") {
		return s.value, true, true
	}
	return "", false, false
}

// parseConfig reads a git config file's text (from names it): [section],
// [section "subsection"], key = value lines, quoted values with escapes,
// comments, line continuations and CRLF line endings. It returns the
// settings read before a syntax error, and the error.
func parseConfig(text, from string) ([]setting, error) {
	p := &configParser{text: strings.ReplaceAll(text, "\r\n", "\n"), from: from}
	for {
		p.skipSpace(true)
		if p.i >= len(p.text) {
			return p.out, nil
		}
		if err := p.item(); err != nil {
			return p.out, fmt.Errorf("git config %s: %w near byte %d: git stops at it, and what it sets is not known", from, err, p.i)
		}
	}
}

// configParser is a git config file being read.
type configParser struct {
	text, from, section string
	i                   int
	out                 []setting
}

// errConfigSyntax reports a config line git rejects.
var errConfigSyntax = errors.New("bad config syntax")

// item reads a comment, a section header or a setting.
func (p *configParser) item() error {
	switch c := p.text[p.i]; {
	case c == '#' || c == ';':
		p.skipLine()
		return nil
	case c == '[':
		return p.header()
	case isKeyChar(c) && c != '-':
		return p.setting()
	}
	return errConfigSyntax
}

// skipSpace skips blanks, and newlines too when lines is set.
func (p *configParser) skipSpace(lines bool) {
	for p.i < len(p.text) {
		c := p.text[p.i]
		if c != ' ' && c != '\t' && c != '\r' && (!lines || c != '\n') {
			return
		}
		p.i++
	}
}

// skipLine skips to the end of the line.
func (p *configParser) skipLine() {
	for p.i < len(p.text) && p.text[p.i] != '\n' {
		p.i++
	}
}

// isKeyChar reports a character of a section or key name.
func isKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

// header reads [section], [section "sub"] or the old [section.sub].
func (p *configParser) header() error {
	p.i++
	start := p.i
	for p.i < len(p.text) && (isKeyChar(p.text[p.i]) || p.text[p.i] == '.') {
		p.i++
	}
	name := strings.ToLower(p.text[start:p.i])
	p.skipSpace(false)
	if p.i < len(p.text) && p.text[p.i] == '"' {
		sub, n, ok := quotedSubsection(p.text[p.i:])
		if !ok {
			return errConfigSyntax
		}
		name, p.i = name+"."+sub, p.i+n
	}
	if name == "" || p.i >= len(p.text) || p.text[p.i] != ']' {
		return errConfigSyntax
	}
	p.section = name
	p.i++
	return nil
}

// quotedSubsection reads a "subsection" at the start of s (\" and \\
// escaped), returning it and the bytes read.
func quotedSubsection(s string) (string, int, bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return b.String(), i + 1, true
		case '\n':
			return "", 0, false
		case '\\':
			i++
			if i >= len(s) {
				return "", 0, false
			}
		}
		b.WriteByte(s[i])
	}
	return "", 0, false
}

// setting reads key [= value].
func (p *configParser) setting() error {
	start := p.i
	for p.i < len(p.text) && isKeyChar(p.text[p.i]) {
		p.i++
	}
	name := strings.ToLower(p.text[start:p.i])
	if p.section == "" {
		return errConfigSyntax
	}
	s := setting{key: p.section + "." + name, from: p.from}
	p.skipSpace(false)
	switch {
	case p.i >= len(p.text) || p.text[p.i] == '\n' || p.text[p.i] == '#' || p.text[p.i] == ';':
		s.noValue = true
		p.skipLine()
	case p.text[p.i] == '=':
		p.i++
		value, err := p.value()
		if err != nil {
			return err
		}
		s.value = value
	default:
		return errConfigSyntax
	}
	p.out = append(p.out, s)
	return nil
}

// value reads a value to the end of its line: quotes removed, escapes
// read, a comment outside quotes dropped, blanks around it trimmed, a
// backslash at the end of a line joining the next.
func (p *configParser) value() (string, error) {
	var b strings.Builder
	quoted, blanks := false, 0
	p.skipSpace(false)
	for ; p.i < len(p.text); p.i++ {
		c := p.text[p.i]
		switch {
		case c == '\n' && !quoted:
			return b.String(), nil
		case c == '\n':
			return "", errConfigSyntax
		case !quoted && (c == '#' || c == ';'):
			p.skipLine()
			return b.String(), nil
		case !quoted && (c == ' ' || c == '\t'):
			blanks++
			continue
		}
		if blanks > 0 && b.Len() > 0 {
			b.WriteString(strings.Repeat(" ", blanks))
		}
		blanks = 0
		if err := p.valueChar(&b, c, &quoted); err != nil {
			return "", err
		}
	}
	if quoted {
		return "", errConfigSyntax
	}
	return b.String(), nil
}

// valueChar reads one character of a value (a quote, an escape, or itself).
func (p *configParser) valueChar(b *strings.Builder, c byte, quoted *bool) error {
	switch c {
	case '"':
		*quoted = !*quoted
	case '\\':
		p.i++
		if p.i >= len(p.text) {
			return errConfigSyntax
		}
		switch e := p.text[p.i]; e {
		case '\n':
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'b':
			b.WriteByte('\b')
		case '"', '\\':
			b.WriteByte(e)
		default:
			return errConfigSyntax
		}
	default:
		b.WriteByte(c)
	}
	return nil
}
