package validator

import (
	"fmt"

	"github.com/permgate/permgate/finding"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/internal/xdg"
	"github.com/permgate/permgate/judge/flow"
	"github.com/permgate/permgate/judge/runs"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/lang/git"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
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
	// FileAccess asks for CommandRecord.Files (the files each command reads and
	// writes), which path rules need; it costs time, so it is off by default.
	FileAccess bool
	// Agent reports that an agent's harness runs the command (a hook): it
	// can give the program a terminal, or a channel to type into (Codex's
	// write_stdin, Copilot CLI's write_bash), after permgate has answered. A
	// shell or interpreter started with nothing to run then runs whatever is
	// typed into it later, unseen (dynamic_code.interactive).
	Agent bool
	// ProjectFiles are the absolute paths of the project .permgate.toml files in force.
	ProjectFiles []string
	// Binary returns the absolute path of the permgate program itself ("" when
	// unknown; nil for none); writing it, or where its links lead
	// (Env.Resolve), is self_modify. It is asked only when a command writes.
	Binary func() string
	// XDGConfigHome and XDGStateHome are $XDG_CONFIG_HOME and $XDG_STATE_HOME
	// where commands run; empty means unset (~/.config and ~/.local/state).
	XDGConfigHome, XDGStateHome string
	// Resolve returns the path a write target really names, following symlinks
	// that exist on disk (cmd injects one built on filepath.EvalSymlinks); nil
	// follows none. It is called only for paths a command writes.
	Resolve func(string) string
	// LinkTarget returns where p leads when p itself or its directory is a
	// symbolic link, "" when neither is: a cheaper question than Resolve's,
	// asked of the harness settings files (a dotfiles manager links the file
	// or its folder). nil asks Resolve instead.
	LinkTarget func(string) string
	// Exists reports a path that is on disk (lstat): asked only of a bin
	// directory a command moves, removes or fills as a tree, whether it
	// holds a program named permgate. nil knows of none.
	Exists func(string) bool
	// Files reads the project's files a command runs (scripts, program
	// files; cmd gives runfiles.OS); nil reads none: a file that is run
	// is then judged as it was before files were read (by its name only).
	Files runfiles.Files
	// Dirs lists the project's directories (pytest's conftest.py files are
	// found by walking them; cmd gives runfiles.OSDirs); nil lists none.
	Dirs runfiles.Dirs
	// PathDirs are the absolute directories on $PATH where commands run (cmd
	// fills them from $PATH, links resolved too): a file written there runs
	// later under a trusted name, so writing one is protected_write. Relative
	// entries are dropped.
	PathDirs []string
	// HarnessHomes are harness directories moved out of the home where
	// commands run (CLAUDE_CONFIG_DIR, CODEX_HOME, COPILOT_HOME,
	// OPENCODE_CONFIG_DIR), each the absolute directory mapped to the name it
	// stands for (".claude", ".codex", ".copilot", "opencode"): the hook
	// settings in them are guarded as those in ~/.claude, ~/.codex,
	// ~/.copilot and ~/.config/opencode are.
	HarnessHomes map[string]string
}

// Validator classifies commands. It holds a parser, so it is not safe for
// concurrent use: give each goroutine its own.
type Validator struct {
	env    Env
	parser *shellparse.Parser
	safe   map[string]bool
	// self knows permgate's own files (judge/self).
	self *self.Paths
	// pathDirs are Env.PathDirs and where their links lead, resolved on the
	// first write into one (never for a read-only command).
	pathDirs []string
	// lookups counts the paths this analysis looked up on disk (lookup);
	// lookupsCut reports that maxLookups cut some short.
	lookups    int
	lookupsCut bool
	// nesting counts the scripts being analysed inside one another through
	// nested (inline code's shell commands, git aliases, completions).
	nesting int
	// files is judge/runs' state of the command line, shared by the
	// scripts nested in it: a file one writes is known to the next.
	files *runs.State
	// fileBudget counts the files the analysis read (judge/runs), nested
	// scripts included; nestedCwd is the directory a script file being
	// analysed runs in ("" for Env.Cwd).
	fileBudget runs.Budget
	nestedCwd  string
}

// maxLookups bounds the paths one analysis looks up on disk (Env.Resolve):
// each is a system call or several, and a command naming 100,000 files
// must not cost 100,000 of them.
const maxLookups = 512

// lookup returns where p leads on disk (Env.Resolve), within maxLookups
// for the analysis; past it, "" (not looked up), and the analysis reports
// too_complex, for a link it did not follow may lead anywhere.
func (v *Validator) lookup(p string) string {
	if v.lookups >= maxLookups {
		v.lookupsCut = true
		return ""
	}
	v.lookups++
	return v.env.Resolve(p)
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
			env.StateDirs = append(env.StateDirs, xdg.ConfigDir("", env.Home), xdg.StateDir("", env.Home))
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
	v := &Validator{env: env, parser: shellparse.NewParser(limits), safe: safe}
	v.self = selfPaths(v)
	return v
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
	a := Analysis{Commands: make([]CommandRecord, len(res.Commands)), Work: res.Work}
	v.lookups, v.lookupsCut = 0, false
	for _, p := range res.Problems {
		command := p.Source
		if command == "" {
			command = clip(src)
		}
		a.Findings = append(a.Findings, Finding{Kind: finding.Kind(p.Kind), Severity: NonSevere, Reason: OneLine(p.Reason), ID: problemID(p), Command: command})
	}
	var funcs map[string]bool // written only through defineFunction
	for _, f := range res.Functions {
		funcs = defineFunction(funcs, f, true)
	}
	if v.nesting == 0 || v.files == nil {
		v.files = &runs.State{}
	}
	ck := &checker{v: v, res: res, funcs: funcs, shellDir: v.scriptDir(), cdpath: v.env.CDPath, ran: fileRun{at: -1}, runs: v.files,
		pending: make([]pendingWrite, 0, len(res.Commands))}
	a.AllReadOnly = len(res.Problems) == 0
	// seen holds the findings kept so far, for dropping repeats; clipped, so
	// appending never writes into a.Findings.
	seen := slices.Clip(a.Findings)
	for i := range res.Commands {
		if stop := v.env.Limits.Stop; stop != nil && stop() {
			// The answer no longer waits for this analysis; what it would
			// have said is not known.
			a.Findings = append(a.Findings, Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".deadline",
				Reason: "the analysis was stopped: its deadline passed", Command: clip(src)})
			a.AllReadOnly = false
			break
		}
		rec := &a.Commands[i]
		rec.Command = res.Commands[i]
		findings := ck.command(i)
		rec.Dir = ck.dir
		if v.env.FileAccess {
			rec.Files = ck.fileAccess(res.Commands[i])
		}
		rec.ReadOnly = len(findings) == 0 && ck.readOnly(res.Commands[i])
		rec.ProjectCode, rec.Effects = ck.classes(i, findings, rec.ReadOnly)
		ck.pending = append(ck.pending, pendingWrite{index: i, dir: rec.Dir, tree: writesUnnamed(*rec), code: rec.ProjectCode})
		rec.Findings = dropRepeats(&seen, findings)
		if !rec.ReadOnly {
			a.AllReadOnly = false
		}
	}
	if v.lookupsCut {
		a.Findings = append(a.Findings, Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".lookups",
			Reason: fmt.Sprintf("it names more than %d paths to look up on disk; those past them were judged by name only", maxLookups), Command: clip(src)})
		a.trailing++
		a.AllReadOnly = false
	}
	for _, b := range res.ForkBombs {
		if b.Kind == shellparse.ForkBombLoop || b.Command < 0 {
			// A loop is the script's; a function bomb whose commands were
			// not recorded (a bound was reached) is still one.
			a.Findings = append(a.Findings, forkBombFinding(b, src))
			a.trailing++
			a.AllReadOnly = false
		}
	}
	for f := range a.All() {
		a.Severity = max(a.Severity, f.Severity)
	}
	if v.nesting > 0 {
		ck.runState() // what the nested script wrote, for the commands after it
	}
	return a
}

// defineFunction records in funcs (made on the first write) that the
// script defines the function name, and whether it is defined in this shell.
func defineFunction(funcs map[string]bool, name string, here bool) map[string]bool {
	if funcs == nil {
		funcs = map[string]bool{}
	}
	funcs[name] = here
	return funcs
}

// dropRepeats returns the findings not in seen (the parser's and earlier
// commands'), filtering findings (which the caller owns) in place, and adds
// them to seen.
func dropRepeats(seen *[]Finding, findings []Finding) []Finding {
	kept := findings[:0]
	for _, f := range findings {
		if hasFinding(*seen, f) {
			continue
		}
		kept = append(kept, f)
		*seen = append(*seen, f)
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

func hasFinding(list []Finding, f Finding) bool {
	for _, g := range list {
		if g.Kind == f.Kind && g.Reason == f.Reason && g.Command == f.Command {
			return true
		}
	}
	return false
}

// clip shortens text quoted in a finding to 200 bytes, on a rune boundary.
func clip(s string) string { return textclip.Clip(s, 200) }

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
	// oldDir is bash's OLDPWD, the directory the last cd left ("" when
	// unknown: the harness shell's is not known); dirStack is pushd's stack
	// of directories ("" entries unknown), dirStackLost that an option or an
	// index made it unknown.
	oldDir       string
	dirStack     []string
	dirStackLost bool
	// cdpath reports a CDPATH that may send a relative cd elsewhere.
	cdpath bool
	// self is what judge/self remembers across the script's commands.
	self self.State
	// vars holds the static values the script assigned to shell variables.
	vars map[string]string
	// assigned holds the names the script set so far: one set twice may hold
	// either value (d=a; test || d=b), so it is no longer known.
	assigned map[string]bool
	// links maps links the script made (absolute) onto what they point at.
	links map[string]string
	// flow is what the flow judgements remember: the commands whose output
	// may carry a secret, the files a secret was copied into, the sockets
	// opened and the files downloaded.
	flow flow.State
	// gitState is what the git judgement keeps across the script's
	// commands (the aliases it defined, the command line read last).
	gitState git.State
	// homeSetup reports that the write being judged only sets up a file in the
	// home directory (mkdir -p ~/.ssh, chmod 600 ~/.ssh/key, >> known_hosts):
	// a write that asks, not a critical one.
	homeSetup bool
	// plainCopy reports that the command copies single files, not a tree.
	plainCopy bool
	// intoDir reports that the write being judged may put a file inside the
	// target when it is a directory (cp, mv, install, ln, rsync, scp).
	intoDir bool
	// judged is what the SQL and mongo judges have read of program texts
	// (lang/sql's Budget).
	judged sql.Budget
	// runs is what judge/runs remembers (the files written so far), ran
	// what it found of the file the current command runs.
	runs *runs.State
	ran  fileRun
	// sourcing reports a file being read that runs in this shell (source,
	// .): the functions it defines are defined for the commands after it.
	sourcing bool
	// pending are the commands whose writes judge/runs has not been told
	// of yet: they are read only when a later command runs a file.
	pending []pendingWrite
}

// add records a finding of the rule kind.name on the current command; see
// addSafer.
func (ck *checker) add(kind finding.Kind, name string, sev Severity, reason string) {
	ck.addSafer(kind, name, sev, reason, "")
}

// addSafer records a finding of the rule kind.name on the current command,
// with a safer way to the same end (one line, or "" when there is none). The
// rule's id, kind.name, is stable: users' tools and the audit log key on it.
func (ck *checker) addSafer(kind finding.Kind, name string, sev Severity, reason, safer string) {
	cmd := ck.res.Commands[ck.index]
	f := Finding{Kind: kind, Severity: sev, Reason: OneLine(reason), ID: string(kind) + "." + name, Suggestion: OneLine(safer), Command: cmd.Source}
	if !hasFinding(ck.out, f) {
		ck.out = append(ck.out, f)
	}
}

// command returns the findings of command i.
func (ck *checker) command(i int) []Finding {
	ck.out, ck.index = nil, i
	c := ck.res.Commands[i]
	ck.dir = ck.commandDir(c)
	if prog, ok := ck.systemProgram(c); ok {
		written := c.Argv[0].Text
		c, ck.res.Commands[i] = prog, prog // ./tidy -> /bin/rm is rm
		ck.linkedRunner(c, written)
	}
	defer ck.trackVars(c)
	defer ck.followCd(c)
	ck.assigns(c)
	self.Vars(ck, c)
	ck.words(c)
	ck.redirects(c)
	ck.projectFileWrites(c)
	if c.Script != nil {
		ck.opaqueScript(c)
	}
	if len(c.Argv) > 0 {
		if c.Name == "" {
			ck.add("dynamic_command", "name", NonSevere, "the command name is only known at run time ("+c.Argv[0].Text+")")
			self.MayBePermgate(ck, c)
		} else {
			ck.program(c)
			ck.commandRuns(c)
		}
	}
	ck.forkBomb()
	ck.guard(c)
	ck.wrappers(c)
	ck.wrapperOwn(c)
	flow.RemotePackage(ck, c)
	if c.Name != "" || len(c.Wrappers) > 0 {
		ck.declaredTreeDeletes(c)
	}
	ck.flow.Judge(ck, i, c)
	return ck.out
}

// problemID is the stable id of a parser problem: parse_error.syntax for a
// script bash would not run, too_complex.limit for one past a bound.
func problemID(p shellparse.Problem) string {
	if p.Kind == shellparse.ProblemTooComplex {
		return string(finding.TooComplex) + ".limit"
	}
	return string(p.Kind) + ".syntax"
}
