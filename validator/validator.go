package validator

import (
	"path"
	"permgate/finding"
	"slices"
	"strings"

	"permgate/shellparse"
)

// Env is what the analysis knows about where a command runs.
type Env struct {
	// Cwd is the working directory, absolute.
	Cwd string
	// Home is the home directory, absolute.
	Home string
	// TmpDir is $TMPDIR; /tmp is always a temporary directory.
	TmpDir string
	// StateDirs are permgate's own config and state directories; writing there is
	// self_modify. Defaults cover ~/.config/permgate, ~/.local/state/permgate and
	// /etc/permgate.
	StateDirs []string
	// SafeCommands extends the read-only list with plain command names.
	SafeCommands []string
	// Limits bound the parser.
	Limits shellparse.Options
	// CDPath reports that CDPATH is set where commands run: a relative cd may
	// then go anywhere.
	CDPath bool
	// FileAccess asks for Analysis.Files (the files each command reads and
	// writes), which path rules need; it costs time, so it is off by default.
	FileAccess bool
	// ProjectFiles are the absolute paths of the project .permgate.toml files in force.
	ProjectFiles []string
	// Binary is the absolute path of the permgate program itself; writing it,
	// or where its links lead (Env.Resolve), is self_modify.
	Binary string
	// XDGConfigHome and XDGStateHome are $XDG_CONFIG_HOME and $XDG_STATE_HOME
	// where commands run; empty means unset (~/.config and ~/.local/state).
	XDGConfigHome, XDGStateHome string
	// Resolve returns the path a write target really names, following symlinks
	// that exist on disk (cmd injects one built on filepath.EvalSymlinks); nil
	// follows none. It is called only for paths a command writes.
	Resolve func(string) string
	// PathDirs are the absolute directories on $PATH where commands run (cmd
	// fills them from $PATH, links resolved too): a file written there runs
	// later under a trusted name, so writing one is protected_write. Relative
	// entries are dropped.
	PathDirs []string
}

// Validator classifies commands. It holds a parser, so it is not safe for
// concurrent use: give each goroutine its own.
type Validator struct {
	env    Env
	parser *shellparse.Parser
	safe   map[string]bool
	// anchors are permgate's files and directories for globs and ancestors;
	// those from homeAnchors on are the working directory's harness settings.
	anchors     []string
	homeAnchors int
	// pathDirs are Env.PathDirs and where their links lead, resolved on the
	// first write into one (never for a read-only command).
	pathDirs []string
	// binaryPaths are Env.Binary and where its links lead, resolved on first use.
	binaryPaths []string
	// cwdNear caches whether Env.Cwd is inside or above permgate's directories:
	// 0 not known yet, 1 no, 2 yes.
	cwdNear int
}

// New returns a Validator for the given environment.
func New(env Env) *Validator {
	env.Cwd = cleanAbs(env.Cwd, "/")
	env.Home = cleanAbs(env.Home, "")
	if env.TmpDir != "" {
		env.TmpDir = cleanAbs(env.TmpDir, "")
	}
	env.XDGConfigHome = cleanAbs(env.XDGConfigHome, "")
	env.XDGStateHome = cleanAbs(env.XDGStateHome, "")
	if len(env.StateDirs) == 0 {
		env.StateDirs = []string{"/etc/permgate"}
		if env.Home != "" {
			env.StateDirs = append(env.StateDirs, env.Home+"/.config/permgate", env.Home+"/.local/state/permgate")
		}
	}
	files := make([]string, 0, len(env.ProjectFiles))
	for _, f := range env.ProjectFiles {
		if f = cleanAbs(f, ""); f != "" {
			files = append(files, f)
		}
	}
	env.ProjectFiles = files
	var dirs []string
	for _, d := range env.PathDirs {
		if d = cleanAbs(d, ""); d != "" && d != "/" && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	env.PathDirs = dirs
	for _, x := range []string{env.XDGConfigHome, env.XDGStateHome} {
		if x != "" && !slices.Contains(env.StateDirs, x+"/permgate") {
			env.StateDirs = append(env.StateDirs, x+"/permgate")
		}
	}
	limits := env.Limits
	limits.Home = env.Home
	safe := make(map[string]bool, len(env.SafeCommands))
	for _, name := range env.SafeCommands {
		safe[name] = true
	}
	// The user's own read-only commands are known too: their arguments are not
	// commands (mytool show -- notes.txt stays read-only).
	// A program named by a path outside the system directories (./timeout,
	// /tmp/sudo, ~/bin/npx) is not the program its basename names: it is
	// unknown, so its argv after -- or from a known program on is analysed.
	limits.Known = func(name string) bool { return !strings.Contains(name, "/") && (knownProgram(name) || safe[name]) }
	return &Validator{env: env, parser: shellparse.NewParser(limits), safe: safe}
}

func cleanAbs(p, def string) string {
	if p == "" || !strings.HasPrefix(p, "/") {
		return def
	}
	return path.Clean(p)
}

// CheckScript analyses a shell script string.
func (v *Validator) CheckScript(src string) Analysis {
	return v.Classify(v.parser.ParseScript(src), src)
}

// CheckArgv analyses one command given as exact words.
func (v *Validator) CheckArgv(argv []string) Analysis {
	return v.Classify(v.parser.ParseArgv(argv), strings.Join(argv, " "))
}

// Classify turns a parse result into findings and read-only flags.
func (v *Validator) Classify(res shellparse.Result, src string) Analysis {
	a := Analysis{Commands: res.Commands, ReadOnly: make([]bool, len(res.Commands))}
	if v.env.FileAccess {
		a.Files = make([]FileAccess, len(res.Commands))
	}
	for _, p := range res.Problems {
		command := p.Source
		if command == "" {
			command = clip(src)
		}
		a.Findings = append(a.Findings, Finding{Kind: finding.Kind(p.Kind), Severity: NonSevere, Reason: OneLine(p.Reason), Command: command, Index: -1})
	}
	funcs := map[string]bool{}
	for _, f := range res.Functions {
		funcs[f] = true
	}
	ck := &checker{v: v, res: res, funcs: funcs, shellDir: v.env.Cwd, cdpath: v.env.CDPath}
	a.AllReadOnly = len(res.Problems) == 0
	for i := range res.Commands {
		findings := ck.command(i)
		if a.Files != nil {
			a.Files[i] = ck.fileAccess(res.Commands[i])
		}
		for _, f := range findings {
			if !hasFinding(a.Findings, f) {
				a.Findings = append(a.Findings, f)
			}
		}
		a.ReadOnly[i] = len(findings) == 0 && v.readOnly(res.Commands[i])
		if !a.ReadOnly[i] {
			a.AllReadOnly = false
		}
	}
	if len(src) < 4096 && strings.Contains(src, "done") && loopBomb().MatchString(src) {
		a.Findings = append(a.Findings, Finding{Kind: "fork_bomb", Severity: Severe, Reason: "an endless loop starts processes in the background without waiting (a fork bomb)", Command: clip(src), Index: -1})
		a.AllReadOnly = false
	}
	for _, f := range a.Findings {
		a.Severity = max(a.Severity, f.Severity)
	}
	return a
}

// loopBomb matches an endless loop whose body only starts background jobs:
// while true; do bash & done, for ((;;)); do ./x & done.
var loopBomb = lazyRegexp(`(?:while\s+(?:true|:|1|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+false|for\s*\(\(\s*;\s*;\s*\)\))\s*;?\s*do\s+(?:[^;&|\n]+&(?:\s*;)?\s*)+done`)

func hasFinding(list []Finding, f Finding) bool {
	for _, g := range list {
		if g.Kind == f.Kind && g.Reason == f.Reason && g.Command == f.Command {
			return true
		}
	}
	return false
}

func clip(s string) string {
	const limit = 200
	if len(s) <= limit {
		return s
	}
	return s[:limit] + "…"
}

// checker classifies the commands of one result.
type checker struct {
	v     *Validator
	res   shellparse.Result
	funcs map[string]bool
	out   []Finding
	index int
	// shellDir is the directory the script is in after the cd commands so far
	// ("" when unknown); dir is the one the current command runs in.
	shellDir, dir string
	// cdpath reports a CDPATH that may send a relative cd elsewhere.
	cdpath bool
	// downloaded holds the files earlier commands fetched from the network.
	downloaded map[string]bool
	// permgateCopies holds the paths and names earlier commands copied or
	// linked permgate to.
	permgateCopies map[string]bool
	// vars holds the static values the script assigned to shell variables.
	vars map[string]string
	// assigned holds the names the script set so far: one set twice may hold
	// either value (d=a; test || d=b), so it is no longer known.
	assigned map[string]bool
	// links maps links the script made (absolute) onto what they point at.
	links map[string]string
	// secretOut holds the commands whose output may carry a secret (cat .env,
	// env), for the commands they pipe into.
	secretOut map[int]bool
	// secretCopies holds the files (absolute) the script copied a secret into
	// (cp .env /tmp/x, cat ~/.ssh/id_rsa > k): they hold the secret too.
	secretCopies map[string]bool
	// sockets holds the shell's descriptors opened on /dev/tcp or /dev/udp.
	sockets map[string]bool
	// gitAliases holds the git aliases the script defined (git config alias.X V).
	gitAliases map[string]string
	// homeSetup reports that the write being judged only sets up a file in the
	// home directory (mkdir -p ~/.ssh, chmod 600 ~/.ssh/key, >> known_hosts):
	// a write that asks, not a critical one.
	homeSetup bool
	// plainCopy reports that the command copies single files, not a tree.
	plainCopy bool
	// intoDir reports that the write being judged may put a file inside the
	// target when it is a directory (cp, mv, install, ln, rsync, scp).
	intoDir bool
}

func (ck *checker) add(kind finding.Kind, sev Severity, reason string) {
	cmd := ck.res.Commands[ck.index]
	f := Finding{Kind: kind, Severity: sev, Reason: OneLine(reason), Command: cmd.Source, Index: ck.index}
	if !hasFinding(ck.out, f) {
		ck.out = append(ck.out, f)
	}
}

// command returns the findings of command i.
func (ck *checker) command(i int) []Finding {
	ck.out, ck.index = nil, i
	c := ck.res.Commands[i]
	ck.dir = ck.commandDir(c)
	defer ck.trackVars(c)
	defer ck.followCd(c)
	ck.assigns(c)
	ck.selfEnv(c)
	ck.words(c)
	ck.redirects(c)
	ck.projectFileWrites(c)
	if c.Script != nil {
		ck.opaqueScript(c)
	}
	if len(c.Argv) > 0 {
		if c.Name == "" {
			ck.add("dynamic_command", NonSevere, "the command name is only known at run time ("+c.Argv[0].Text+")")
			ck.mayBePermgate(c)
		} else {
			ck.program(c)
		}
	}
	ck.forkBomb(c)
	ck.guard(c)
	ck.wrappers(c)
	ck.runsDownload(c)
	ck.exfil(c)
	if ck.emitsSecret(c) {
		if ck.secretOut == nil {
			ck.secretOut = map[int]bool{}
		}
		ck.secretOut[i] = true
		ck.noteSecretCopies(c)
	}
	return ck.out
}

// downloaders fetch files from the network.
var downloaders = map[string]bool{"curl": true, "wget": true, "wget2": true, "aria2c": true, "fetch": true, "http": true, "xh": true}

// downloadNames are the files a download writes under a name it takes from the
// URL: curl -O/--remote-name/--remote-name-all/-J (in --output-dir), wget's
// default name (in -P/--directory-prefix), aria2c's (in -d/--dir).
func downloadNames(c shellparse.SimpleCommand) []shellparse.Word {
	args := c.Argv[1:]
	var dirs, extra []shellparse.Word
	named := false
	switch c.Name {
	case "curl":
		named = shortFlag(args, 'O', curlArgLetters) || hasFlag(args, "", "--remote-name", "--remote-name-all", "--remote-header-name")
		dirs = longValues(args, "--output-dir")
		// -o FILE lands in --output-dir too.
		for _, d := range dirs {
			for _, o := range append(shortValues(args, 'o', strings.ReplaceAll(curlArgLetters, "o", "")), longValues(args, "--output")...) {
				if o.Static && d.Static && !strings.HasPrefix(o.Text, "/") {
					extra = append(extra, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + o.Text, Static: true})
				}
			}
		}
	case "wget", "wget2":
		out := append(shortValues(args, 'O', "oaePUtTwQlAR"), longValues(args, "--output-document")...)
		named = len(out) == 0
		dirs = append(shortValues(args, 'P', "oOaeUtTwQlAR"), longValues(args, "--directory-prefix")...)
	case "aria2c":
		named = len(append(shortValues(args, 'o', "dsxkj"), longValues(args, "--out")...)) == 0
		dirs = append(shortValues(args, 'd', "osxkj"), longValues(args, "--dir")...)
	}
	if !named {
		return extra
	}
	if len(dirs) == 0 {
		dirs = []shellparse.Word{{Text: ".", Static: true}}
	}
	out := extra
	for _, a := range args {
		if !a.Static || !strings.Contains(a.Text, "://") {
			continue
		}
		name := urlBase(a.Text)
		for _, d := range dirs {
			if d.Static {
				out = append(out, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + name, Static: true})
			}
		}
	}
	return out
}

// urlBase is the file name a download takes from its URL: the last path
// segment without query or fragment, index.html for a bare host.
func urlBase(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	rest, _, _ = strings.Cut(rest, "?")
	rest, _, _ = strings.Cut(rest, "#")
	i := strings.Index(rest, "/")
	if i < 0 {
		return "index.html"
	}
	name := path.Base(rest[i:])
	if name == "/" || name == "." || strings.HasSuffix(rest, "/") {
		return "index.html"
	}
	return name
}

// shortFlag reports a short flag letter in a cluster (-fsSLO), reading the
// cluster only up to a letter that takes a value.
func shortFlag(args []shellparse.Word, letter byte, argLetters string) bool {
	for _, a := range args {
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			if t == "--" {
				return false
			}
			continue
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				return true
			}
			if strings.IndexByte(argLetters, t[j]) >= 0 {
				break
			}
		}
	}
	return false
}

// runsDownload: running a file the script itself just downloaded (curl -o x.sh
// URL && bash x.sh, wget -O t URL; chmod +x t; ./t) is code from outside, as a
// pipe into a shell is. The files a downloader writes are remembered.
func (ck *checker) runsDownload(c shellparse.SimpleCommand) {
	if len(c.Argv) == 0 {
		return
	}
	if downloaders[c.Name] {
		if ck.downloaded == nil {
			ck.downloaded = map[string]bool{}
		}
		targets := append(writeTargets(c), downloadNames(c)...)
		for _, r := range c.Redirects {
			if r.Writes() {
				targets = append(targets, r.Target)
			}
		}
		for _, t := range targets {
			if t.Static {
				ck.downloaded[ck.resolve(t.Text)] = true
			}
		}
		return
	}
	if len(ck.downloaded) == 0 {
		return
	}
	runner := shellparse.IsShell(c.Name) || isInterpreter(path.Base(c.Name)) || c.Name == "source" || c.Name == "."
	for i, a := range c.Argv {
		if !a.Static || i > 0 && !runner {
			continue
		}
		if ck.downloaded[ck.resolve(a.Text)] {
			ck.add("pipe_to_shell", Severe, "runs "+a.Text+", which this command line just downloaded")
			return
		}
	}
}

// commandDir is the directory a command runs in: the script's, changed by a
// wrapper such as env -C DIR or sudo -D DIR.
func (ck *checker) commandDir(c shellparse.SimpleCommand) string {
	dir := ck.shellDir
	for _, w := range c.Wrappers {
		var values []shellparse.Word
		switch w.Name {
		case "env":
			values = append(shortValues(w.Argv[1:], 'C', "uSP"), longValues(w.Argv[1:], "--chdir")...)
		case "sudo", "run0":
			values = append(shortValues(w.Argv[1:], 'D', "ughpCRrTtU"), longValues(w.Argv[1:], "--chdir")...)
		case "unshare", "nsenter":
			values = append(shortValues(w.Argv[1:], 'w', "SGRt"), longValues(w.Argv[1:], "--wd")...)
		case "systemd-run":
			values = longValues(w.Argv[1:], "--working-directory")
			if hasFlag(w.Argv[1:], "", "--same-dir") {
				values = nil
			}
		case "find":
			for _, p := range shellparse.FindPrimaries(w.Argv[1:]) {
				if p.Name == "-execdir" || p.Name == "-okdir" {
					return "" // runs in each match's directory
				}
			}
		case "chroot":
			return "" // paths mean something else under another root
		}
		for _, v := range values {
			dir = ck.changeDir(dir, v)
		}
	}
	return dir
}

// followCd updates the script's directory after cd, pushd or popd.
func (ck *checker) followCd(c shellparse.SimpleCommand) {
	for _, name := range assignedNames(c) {
		if name == "CDPATH" {
			ck.cdpath = true
		}
	}
	switch c.Name {
	case "cd", "pushd", "chdir":
		for _, a := range c.Argv[1:] {
			if c.Name == "pushd" && (strings.HasPrefix(a.Text, "+") || strings.HasPrefix(a.Text, "-")) {
				ck.shellDir = "" // pushd +N, -N, -n: the stack decides
				return
			}
		}
		ops := operands(c.Argv[1:])
		if len(ops) == 0 {
			ck.shellDir = ck.v.env.Home
			return
		}
		to := ops[0]
		if ck.cdpath && to.Static && !strings.HasPrefix(to.Text, "/") && !strings.HasPrefix(to.Text, ".") {
			ck.shellDir = "" // CDPATH may send cd anywhere
			return
		}
		ck.shellDir = ck.changeDir(ck.shellDir, to)
	case "popd":
		ck.shellDir = ""
	}
}

// changeDir returns the directory after changing from dir to the word's path.
func (ck *checker) changeDir(dir string, to shellparse.Word) string {
	text := to.Text
	if !to.Static {
		// cd "$HOME/.config": a directory permgate can still name.
		known, ok := ck.knownPath(to)
		if !ok || to.Glob || hasGlob(known) {
			return ""
		}
		text = known
	}
	switch {
	case text == "-":
		return ""
	case strings.HasPrefix(text, "/"):
		return path.Clean(text)
	case dir == "":
		return ""
	}
	return path.Join(dir, text)
}

// program dispatches on the command's name. Danger is judged by the
// basename wherever the program lives (/opt/homebrew/bin/git push -f is a
// force push); read-only is not (./sed is an unknown program).
func (ck *checker) program(c shellparse.SimpleCommand) {
	name := c.Name
	base := path.Base(name)
	if shellparse.IsPermgate(name) {
		ck.permgate(c) // permgate by any path is still permgate
	}
	if sub, ok := strings.CutPrefix(base, "git-"); ok && sub != "" {
		// git-reset --hard is git reset --hard: git's libexec programs.
		c = gitDashed(c, sub)
		base = "git"
	}
	args := c.Argv[1:]
	if check, ok := programChecks[base]; ok {
		check(ck, c, args)
	}
	ck.declared(c, base, args)
	switch {
	case isMkfs(base):
		ck.mkfs(c, base, args) // a device or an image file: see disks.go
	case shellparse.IsShell(name) || isInterpreter(base):
		ck.interpreter(c, base, args)
	}
	if name == base || shellparse.IsShell(name) || isInterpreter(base) {
		ck.writes(c)
		ck.selfTrees(c, args)
	}
	ck.selfArgs(c)
	ck.secretArgs(c)
}

// gitDashed reads git-SUB ARGS as git SUB ARGS.
func gitDashed(c shellparse.SimpleCommand, sub string) shellparse.SimpleCommand {
	argv := make([]shellparse.Word, 0, len(c.Argv)+1)
	argv = append(argv, shellparse.Word{Text: "git", Static: true}, shellparse.Word{Text: sub, Static: true})
	c.Argv = append(argv, c.Argv[1:]...)
	c.Name = "git"
	return c
}

// moreKnown are programs the analysis judges without a declaration of their
// own: shell keywords and builtins the parser reads.
var moreKnown = map[string]bool{"exec": true, "eval": true, "source": true, "builtin": true, "command": true, "time": true}

// knownProgram reports a program the analysis knows something about; for any
// other, shellparse also analyses the argv suffix after -- or from a known
// program on (SPEC §2: the principle for what no list names).
func knownProgram(name string) bool {
	base := path.Base(name)
	if _, ok := programChecks[base]; ok {
		return true
	}
	return programs.Known(base) || privilegeWrappers[base] || moreKnown[base] || isInterpreter(base) || strings.HasPrefix(base, "mkfs.")
}

// programChecks are the per-program checks, by command name.
var programChecks map[string]func(*checker, shellparse.SimpleCommand, []shellparse.Word)

func init() {
	programChecks = map[string]func(*checker, shellparse.SimpleCommand, []shellparse.Word){
		"rm":          (*checker).rm,
		"rimraf":      (*checker).rimraf,
		"find":        (*checker).find,
		"git":         (*checker).git,
		"hub":         (*checker).git, // hub wraps git: its git verbs are git's
		"dd":          (*checker).dd,
		"wipefs":      diskTool("wipefs erases file system signatures"),
		"fdisk":       partitionTool,
		"sfdisk":      partitionTool,
		"gdisk":       partitionTool,
		"sgdisk":      partitionTool,
		"cfdisk":      partitionTool,
		"parted":      partitionTool,
		"shred":       (*checker).shred,
		"shutdown":    powerTool,
		"reboot":      powerTool,
		"halt":        powerTool,
		"poweroff":    powerTool,
		"init":        (*checker).initCmd,
		"telinit":     (*checker).initCmd,
		"systemctl":   (*checker).systemctl,
		"chmod":       (*checker).chmod,
		"chown":       (*checker).chown,
		"chgrp":       (*checker).chown,
		"kill":        (*checker).kill,
		"crontab":     (*checker).crontab,
		"source":      (*checker).source,
		".":           (*checker).source,
		"ssh":         (*checker).ssh,
		"awk":         (*checker).awk,
		"gawk":        (*checker).awk,
		"mawk":        (*checker).awk,
		"nawk":        (*checker).awk,
		"sed":         (*checker).sedCode,
		"vim":         (*checker).vim,
		"vi":          (*checker).vim,
		"nvim":        (*checker).vim,
		"view":        (*checker).vim,
		"less":        (*checker).less,
		"tar":         (*checker).tar,
		"rsync":       (*checker).rsync,
		"printenv":    (*checker).printenv,
		"env":         (*checker).printenv,
		"declare":     (*checker).printenv,
		"docker":      (*checker).container,
		"podman":      (*checker).container,
		"nerdctl":     (*checker).container,
		"kubectl":     (*checker).container,
		"parallel":    (*checker).parallelStdin,
		"make":        (*checker).makeStdin,
		"gmake":       (*checker).makeStdin,
		"enable":      (*checker).enableBuiltin,
		"scp":         (*checker).sshOptions,
		"sftp":        (*checker).sshOptions,
		"typeset":     (*checker).printenv,
		"dropdb":      sqlDrop,
		"redis-cli":   (*checker).redis,
		"mongo":       (*checker).mongo,
		"mongosh":     (*checker).mongo,
		"blkdiscard":  diskTool("blkdiscard discards every block of the device"),
		"killall5":    killAll5,
		"hash":        (*checker).hash,
		"install":     (*checker).install,
		"mysqladmin":  (*checker).mysqladmin,
		"npm":         (*checker).npm,
		"cargo":       (*checker).cargo,
		"go":          (*checker).goTool,
		"pytest":      (*checker).pytest,
		"py.test":     (*checker).pytest,
		"ex":          (*checker).vim,
		"claude":      (*checker).nestedAgent,
		"apply_patch": (*checker).applyPatch,
		"applypatch":  (*checker).applyPatch,
		"brew":        (*checker).packageInstall,
		"pip":         (*checker).packageInstall,
		"pip3":        (*checker).packageInstall,
		"pipx":        (*checker).packageInstall,
		"apt":         (*checker).packageInstall,
		"apt-get":     (*checker).packageInstall,
		"dnf":         (*checker).packageInstall,
		"yum":         (*checker).packageInstall,
		"pacman":      (*checker).packageInstall,
		"pnpm":        (*checker).jsPackages,
		"yarn":        (*checker).jsPackages,
		"gem":         (*checker).packageInstall,
		"gh":          (*checker).execConfig,
		"glab":        (*checker).execConfig,
		"python":      (*checker).pythonPip,
		"python3":     (*checker).pythonPip,
		"uv":          (*checker).packageInstall,
		"composer":    (*checker).packageInstall,
		"bun":         (*checker).packageInstall,
		"conda":       (*checker).packageInstall,
		"mamba":       (*checker).packageInstall,
		"micromamba":  (*checker).packageInstall,
		"snap":        (*checker).packageInstall,
		"flatpak":     (*checker).packageInstall,
		"zypper":      (*checker).packageInstall,
		"apk":         (*checker).packageInstall,
		"yay":         (*checker).packageInstall,
		"paru":        (*checker).packageInstall,
		"codex":       (*checker).nestedAgent,
		"tmux":        (*checker).typesIntoTerminal,
		"compgen":     (*checker).compgen,
		"complete":    (*checker).compgen,
		"screen":      (*checker).typesIntoTerminal,
		"xdotool":     (*checker).typesIntoTerminal,
		"ydotool":     (*checker).typesIntoTerminal,
		"wtype":       (*checker).typesIntoTerminal,
	}
	for _, client := range sqlClients {
		programChecks[client] = (*checker).sql
	}
	for _, name := range containerPrograms {
		programChecks[name] = (*checker).container
	}
	for _, name := range cloudChecked {
		programChecks[name] = (*checker).cloud
	}
	systemChecks()
	for _, name := range []string{"npm", "cargo"} {
		own := programChecks[name]
		programChecks[name] = func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
			own(ck, c, args)
			ck.packageInstall(c, args)
			ck.execConfig(c, args)
		}
	}
}

// curlReadOnly: curl that prints what it fetches — no output file, no upload,
// no request that changes the server (-X DELETE), no file curl writes on the
// side (cookie jar, header dump, trace) and no config file.
func curlReadOnly(args []shellparse.Word) bool {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			return true
		}
		if strings.HasPrefix(t, "--") {
			name, value, eq := strings.Cut(t, "=")
			if !eq && i+1 < len(args) && curlLongValue[name] {
				value = args[i+1].Text
				i++
			}
			switch {
			case name == "--request":
				if !safeMethod(value) {
					return false
				}
			case name == "--dump-header" || name == "--stderr" || name == "--trace" || name == "--trace-ascii":
				if value != "-" && value != "/dev/null" {
					return false
				}
			case curlWrites[name]:
				return false
			}
			continue
		}
		if !strings.HasPrefix(t, "-") || len(t) < 2 {
			continue
		}
		for j := 1; j < len(t); j++ {
			ch := t[j]
			if strings.IndexByte(curlArgLetters, ch) < 0 {
				if ch == 'O' || ch == 'J' {
					return false
				}
				continue
			}
			value := t[j+1:]
			if value == "" && i+1 < len(args) {
				value = args[i+1].Text
				i++
			}
			switch ch {
			case 'o', 'T', 'd', 'F', 'c', 'K':
				if !(ch == 'o' && (value == "-" || value == "/dev/null")) {
					return false
				}
			case 'D':
				if value != "-" && value != "/dev/null" {
					return false
				}
			case 'X':
				if !safeMethod(value) {
					return false
				}
			}
			break
		}
	}
	return true
}

// safeMethod reports an HTTP method that only reads.
func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// curlWrites are curl's long options that write a file, upload or send data.
var curlWrites = map[string]bool{"--output": true, "--remote-name": true, "--remote-name-all": true, "--remote-header-name": true, "--output-dir": true,
	"--upload-file": true, "--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true, "--json": true,
	"--form": true, "--form-string": true, "--cookie-jar": true, "--config": true, "--libcurl": true, "--etag-save": true, "--hsts": true,
	"--alt-svc": true, "--create-dirs": true, "--ftp-create-dirs": true, "--mail-from": true, "--mail-rcpt": true, "--url-query": true, "--post301": false}

// curlLongValue are curl's long options that take the next word as their value.
var curlLongValue = map[string]bool{"--request": true, "--header": true, "--user-agent": true, "--user": true, "--output": true, "--upload-file": true,
	"--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true, "--json": true, "--form": true,
	"--cookie": true, "--cookie-jar": true, "--dump-header": true, "--config": true, "--max-time": true, "--connect-timeout": true, "--retry": true,
	"--proxy": true, "--referer": true, "--write-out": true, "--output-dir": true, "--cacert": true, "--cert": true, "--key": true, "--resolve": true,
	"--stderr": true, "--trace": true, "--trace-ascii": true, "--libcurl": true, "--range": true, "--url": true, "--oauth2-bearer": true, "--limit-rate": true}

// wgetReadOnly: wget printing to standard output (-O -, -qO-) or only checking
// (--spider), without sending data.
func wgetReadOnly(args []shellparse.Word) bool {
	stdout := false
	for i, a := range args {
		t := a.Text
		switch {
		case t == "--spider" || t == "-O-" || t == "--output-document=-" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "O-"):
			stdout = true
		case (t == "-O" || t == "--output-document" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "O")) && i+1 < len(args) && args[i+1].Text == "-":
			stdout = true
		case strings.HasPrefix(t, "--post") || strings.HasPrefix(t, "--body") || strings.HasPrefix(t, "--method") || strings.HasPrefix(t, "--save-") ||
			strings.HasPrefix(t, "--output-file") || strings.HasPrefix(t, "--append-output") || t == "-o" || t == "-a" || strings.HasPrefix(t, "--load-cookies") ||
			strings.HasPrefix(t, "--input-file") || t == "-i" || strings.HasPrefix(t, "--execute") || t == "-e" || strings.HasPrefix(t, "--config") || t == "-r" || strings.HasPrefix(t, "--recursive") || strings.HasPrefix(t, "--mirror") || t == "-m":
			return false
		}
	}
	return stdout
}
