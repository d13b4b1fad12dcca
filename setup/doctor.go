package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
)

// Status is how one doctor check came out.
type Status int

// The outcomes of a check: fine, worth knowing, broken.
const (
	OK Status = iota
	Warn
	Fail
)

// Check is one line of doctor's report.
type Check struct {
	Status Status
	// Subject is what was checked: "claude", "zsh", "config".
	Subject string
	// Message says what was found.
	Message string
	// Fix is the command (or the edit) that fixes it, or "".
	Fix string
}

// probeTimeout bounds doctor's test call of a registered hook.
const probeTimeout = 10 * time.Second

// Doctor checks every harness whose directory exists (the user's and the
// project's), the shell guard in the start-up files, and the repository's
// git hooks. It changes nothing; a registered hook is run once with a test
// payload that it must deny.
func Doctor(e *Env) []Check {
	root := e.repoRoot()
	var out []Check
	for _, name := range harnessNames {
		out = append(out, e.doctorHarnessBoth(name, root)...)
	}
	out = append(out, e.doctorShells()...)
	if root != "" {
		out = append(out, e.doctorGit()...)
	}
	return out
}

// repoRoot is the top directory of the repository the working directory is
// in, "" when there is none (or no working directory).
func (e *Env) repoRoot() string {
	if e.Cwd == "" {
		return ""
	}
	root, err := e.git("rev-parse", "--show-toplevel")
	if err != nil {
		return ""
	}
	return root
}

// doctorHarnessBoth checks one harness: the user's settings (and, for Claude
// Code, what else turns its hooks off) and, in a repository (root) other
// than the home, the project's.
func (e *Env) doctorHarnessBoth(name, root string) []Check {
	inProject := root != "" && root != e.Home
	if name == "opencode" {
		out := e.doctorOpencode(false, "")
		if inProject {
			out = append(out, e.doctorOpencode(true, root)...)
		}
		return out
	}
	out := e.doctorHarness(name, false, "")
	if name == "claude" {
		out = append(out, e.claudeManaged()...)
		out = append(out, e.claudeEnvHooksOff()...)
	}
	if inProject {
		out = append(out, e.doctorHarness(name, true, root)...)
	}
	return out
}

// doctorHarness checks one harness's settings, user or project.
func (e *Env) doctorHarness(name string, project bool, root string) []Check {
	files := e.harnessFiles(name, project, root)
	if len(files) == 0 || !isDir(files[0].dir) {
		return nil
	}
	h := &harnessDoctor{e: e, name: name, project: project, fix: "permgate install " + name + flagIf(project),
		seen: map[registration]bool{}, docs: map[string]*jnode{}}
	for _, f := range files {
		h.readFile(f)
	}
	if name == "claude" {
		h.add(e.claudeHooksOff(files[0].dir, project, h.docs)...)
	}
	if len(h.order) == 0 {
		return append(h.out, Check{Warn, name, fmt.Sprintf("permgate's hook is not registered in %s", files[0].path), h.fix})
	}
	cwd := e.Cwd
	if project {
		cwd = root
	}
	h.testCommands(cwd)
	if name == "codex" {
		h.add(e.doctorCodex(files, project)...)
	}
	if name == "gemini" && !project {
		h.add(Check{Warn, name, "fails open: " + geminiFailsOpen, ""})
	}
	return h.out
}

// registration is one hook command a settings file registers.
type registration struct{ file, command string }

// harnessDoctor is doctor's check of one harness's settings files, user or
// project, under way.
type harnessDoctor struct {
	e       *Env
	name    string
	project bool
	fix     string // what installs the hook again
	out     []Check
	// order is every hook command registered, each once, in the order of
	// the files and their events (sorted); seen is the set of them.
	order []registration
	seen  map[registration]bool
	// docs are the files read, nil when missing or broken (reported).
	docs map[string]*jnode
}

// add appends checks to the report.
func (h *harnessDoctor) add(c ...Check) { h.out = append(h.out, c...) }

// readFile reads one settings file, reports what is wrong with it, and
// notes the hook commands it registers.
func (h *harnessDoctor) readFile(f harnessFile) {
	doc, bad := h.e.doctorRead(h.name, f.path, f.toml, h.project, h.fix)
	h.add(bad...)
	h.docs[f.path] = doc
	if doc == nil {
		return
	}
	regs := jsonRegistered(doc, h.name)
	if len(regs) > 0 && !gatesShell(doc, h.name) {
		h.add(Check{Fail, h.name, fmt.Sprintf("%s registers permgate's hook, but not where %s's shell tool calls reach it (event, matcher, type or version)", f.path, h.name),
			"permgate uninstall " + h.name + flagIf(h.project) + " && " + h.fix})
	}
	h.register(f.path, regs)
	if h.name == "gemini" {
		h.gemini(f.path, doc, len(regs) > 0)
	}
}

// register notes the commands regs (by event) registers in file, each once,
// in the order of the events' names.
func (h *harnessDoctor) register(file string, regs map[string][]string) {
	for _, ev := range slices.Sorted(maps.Keys(regs)) {
		for _, c := range regs[ev] {
			if r := (registration{file, c}); !h.seen[r] {
				h.seen[r] = true
				h.order = append(h.order, r)
			}
		}
	}
}

// gemini checks what else of Gemini CLI's settings in path decides whether
// the hook runs: hooks turned off, the system's settings and folder trust
// (the user's file), or a project's own BeforeTool list (registered: the
// file registers permgate's hook).
func (h *harnessDoctor) gemini(path string, doc *jnode, registered bool) {
	h.add(geminiEnabled(path, doc)...)
	if !h.project {
		h.add(h.e.geminiSystem()...)
		h.add(h.e.geminiTrust(doc)...)
	}
	if h.project && !registered && geminiOwnBeforeTool(doc) {
		h.add(Check{Warn, h.name, path + " has a BeforeTool list without permgate's hook: a Gemini CLI that merges \"hooks\" shallowly (older versions) uses it instead of yours, and runs no permgate in this folder",
			"permgate install gemini --project"})
	}
}

// testCommands checks each registered command, running it in cwd.
func (h *harnessDoctor) testCommands(cwd string) {
	for _, r := range h.order {
		h.add(h.e.doctorCommand(h.name, r.file, r.command, h.fix, cwd, h.project)...)
		if h.name == "claude" {
			h.add(claudeFailsOpen(r.file))
		}
	}
}

// readInstalled reads a file install writes (settings, a start-up file) as
// install reads it. A user's file may be a symbolic link (a dotfiles
// manager's), which install writes through (apply): it is read where it
// leads, and so is a system's (Claude Code's managed settings, which a
// configuration manager may link). A project's is read without following
// links, as install refuses them there (noProjectLink).
func (e *Env) readInstalled(path string, project bool) ([]byte, error) {
	if project {
		return readSmall(path)
	}
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	return readSmall(target)
}

// doctorRead reads and parses one settings file for doctor: nil and no check
// when it does not exist, nil and a ✘ when it cannot be read or parsed (fix,
// when not "", is what to run after correcting it).
func (e *Env) doctorRead(name, path string, toml, project bool, fix string) (*jnode, []Check) {
	data, err := e.readInstalled(path, project)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []Check{{Fail, name, fmt.Sprintf("cannot read %s: %v", path, err), "make it a readable regular file"}}
	}
	var doc *jnode
	if toml {
		doc, err = tomlDoc(path, data)
	} else {
		doc, err = settingsParser(name)(path, data)
	}
	if err != nil {
		edit := "edit " + path + " at the line named"
		if fix != "" {
			edit += ", then " + fix
		}
		return nil, []Check{{Fail, name, err.Error(), edit}}
	}
	return doc, nil
}

// geminiEnabled checks that Gemini CLI's hooks are not turned off in a
// settings file.
func geminiEnabled(path string, doc *jnode) []Check {
	hc := doc.get("hooksConfig")
	if hc == nil {
		return []Check{{OK, "gemini", "hooks are not turned off in " + path + " (Gemini CLI before 0.27 needs \"hooksConfig\": {\"enabled\": true})", ""}}
	}
	if c, off := geminiHooksOff(path, hc); off {
		return []Check{c}
	}
	return []Check{{OK, "gemini", "hooks are turned on in " + path, ""}}
}

// geminiHooksOff is the ✘ for a "hooksConfig" (hc, in path) that turns
// Gemini CLI's hooks off, or permgate's among them, or may (one doctor
// cannot read); off is false when it turns none off.
func geminiHooksOff(path string, hc *jnode) (c Check, off bool) {
	en := hc.get("enabled")
	if !hc.object || en != nil && en.raw != "true" && en.raw != "false" {
		// What Gemini CLI makes of it is not known: it may turn hooks off.
		return Check{Fail, "gemini", path + " has a \"hooksConfig\" doctor cannot read (not an object, or \"enabled\" not true or false): Gemini CLI may run no hook", "set \"hooksConfig\": {\"enabled\": true} in " + path}, true
	}
	if en != nil && en.raw == "false" {
		return Check{Fail, "gemini", path + " turns Gemini CLI's hooks off (\"hooksConfig\": {\"enabled\": false}): permgate's hook never runs", "set \"enabled\": true under \"hooksConfig\" in " + path}, true
	}
	if listsPermgate(hc.get("disabled")) {
		return Check{Fail, "gemini", path + " lists permgate's hook in \"hooksConfig\".\"disabled\": it never runs", "remove it from \"hooksConfig\".\"disabled\" in " + path}, true
	}
	return Check{}, false
}

// listsPermgate reports a "disabled" list of hooks that names permgate's.
func listsPermgate(disabled *jnode) bool {
	if disabled == nil || !disabled.array {
		return false
	}
	for _, it := range disabled.items {
		if s, _ := it.str(); s == "permgate" || strings.Contains(s, "permgate hook") {
			return true
		}
	}
	return false
}

// doctorCommand checks one registered hook command: its program exists and
// runs, and it denies the test payload.
//
// A project's settings come with the repository: from them, only this very
// permgate is run (a program the repository names could be anything).
func (e *Env) doctorCommand(name, file, command, fix, cwd string, project bool) []Check {
	words, ok := permgateHook(command, name)
	if !ok {
		return []Check{{Fail, name, fmt.Sprintf("cannot read the registered command %q", command), fix}}
	}
	if words[0] == "" {
		return []Check{{Warn, name, fmt.Sprintf("%s registers the hook as %q; doctor runs only a program named by a plain path, so it is not tested", file, command), fix}}
	}
	bin, err := e.program(words[0])
	if err != nil {
		return []Check{{Fail, name, fmt.Sprintf("the registered program %s: %v", words[0], err), fix}}
	}
	out := []Check{{OK, name, file + " registers the hook: " + command, ""}}
	if _, ok := guarded(command, name); !ok {
		out = append(out, Check{Warn, name, fmt.Sprintf("%s registers the hook without %q: if permgate is missing, crashes or exits with another status, %s may run the call unchecked", file, strings.TrimSpace(guardOf(name)), name), fix})
	}
	if project && !sameFile(bin, e.Binary) {
		return append(out, Check{Warn, name, fmt.Sprintf("%s is not this permgate (%s); doctor runs no other program a project's settings name, so the hook is not tested", bin, e.Binary), fix})
	}
	return append(out, e.probeHook(name, bin, words[1:], fix, cwd))
}

// probeHook runs the registered hook bin with args on a test call shaped as
// harness name sends it, in cwd (the home when ""), and checks that it
// denies it.
func (e *Env) probeHook(name, bin string, args []string, fix, cwd string) Check {
	h, ok := harness.Lookup(name)
	if !ok {
		return Check{Warn, name, "this permgate has no " + name + " protocol to test the hook with", ""}
	}
	if cwd == "" {
		cwd = e.Home
	}
	stdout, stderr, exit, err := e.spawn(bin, args, h.ProbePayload(cwd), cwd)
	if err != nil {
		return Check{Fail, name, fmt.Sprintf("the hook did not run: %v", err), fix}
	}
	return judgeProbe(h, name, fix, stdout, stderr, exit)
}

// judgeProbe judges a hook's answer to the test call: it must deny it, and
// not because it could not read it.
func judgeProbe(h *harness.Harness, name, fix string, stdout, stderr []byte, exit int) Check {
	d, err := h.ReadAnswer(stdout, stderr, exit)
	switch {
	case err != nil:
		return Check{Fail, name, fmt.Sprintf("a test call: %v", err), fix}
	case d != policy.Deny:
		return Check{Fail, name, fmt.Sprintf("the hook answered %s to a test call of %q, which it must deny", d, harness.ProbeCommand), fix}
	case harness.Refused(stdout) || harness.Refused(stderr):
		// A hook that cannot read the payload denies every call, reads included.
		return Check{Fail, name, fmt.Sprintf("the hook could not read a test call shaped as %s sends it, so it denies every call: %s", h.Title, firstLine(stdout, stderr)), fix}
	}
	return Check{OK, name, fmt.Sprintf("the hook denies a test call of %q, as it must", harness.ProbeCommand), ""}
}

// program finds a registered program: an absolute path, or a name on PATH.
// It must be a regular executable file.
func (e *Env) program(p string) (string, error) {
	if !filepath.IsAbs(p) {
		for _, dir := range filepath.SplitList(e.getenv("PATH")) {
			if c := filepath.Join(dir, p); filepath.IsAbs(c) && isExecutable(c) {
				return c, nil
			}
		}
		return "", fmt.Errorf("is not on PATH")
	}
	info, err := os.Stat(p)
	switch {
	case err != nil:
		return "", fmt.Errorf("does not exist")
	case !info.Mode().IsRegular():
		return "", fmt.Errorf("is not a regular file")
	case info.Mode().Perm()&0o111 == 0:
		return "", fmt.Errorf("is not executable")
	}
	return p, nil
}

// isExecutable reports a regular file with an execute bit.
func isExecutable(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0
}

// isDir reports a directory.
func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// spawn runs a registered hook with payload on stdin, as the harness would,
// but directly (no shell): only a command of literal words gets here. With
// ProbeStateHome set, the hook's state and audit log are there.
func (e *Env) spawn(bin string, args []string, payload []byte, cwd string) (stdout, stderr []byte, exit int, err error) {
	if e.ProbeStateHome == "" {
		return e.runBounded(probeTimeout, bin, args, payload, cwd)
	}
	probe := *e
	probe.Environ = append(slices.DeleteFunc(slices.Clone(e.Environ), func(kv string) bool {
		return strings.HasPrefix(kv, "XDG_STATE_HOME=")
	}), "XDG_STATE_HOME="+e.ProbeStateHome)
	return probe.runBounded(probeTimeout, bin, args, payload, cwd)
}

// doctorShells checks the guard line of the user's shell ($SHELL) and of any
// shell whose start-up file has one.
func (e *Env) doctorShells() []Check {
	var out []Check
	login := filepath.Base(e.getenv("SHELL"))
	for _, sh := range shellNames {
		path := e.RCFile(sh)
		data, err := e.readInstalled(path, false)
		line, marked := 0, false
		if err == nil {
			line, marked = shellInstalled(string(data), sh)
		}
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			out = append(out, Check{Warn, sh, fmt.Sprintf("cannot read %s: %v", path, err), "make it a readable regular file"})
		case line == 0 && sh != login:
		case line == 0:
			out = append(out, Check{Warn, sh, "the shell guard is not loaded in " + path, "permgate install " + sh})
		default:
			out = append(out, e.doctorShellLine(sh, path, line, strings.Split(string(data), "\n")[line-1], marked))
		}
	}
	return out
}

// doctorShellLine checks a line that loads the guard: permgate's (marked),
// or one written by hand. Only the line install writes — by hand, without its
// marker — is known to load it, and then only when the program it runs
// exists.
func (e *Env) doctorShellLine(sh, path string, line int, text string, marked bool) Check {
	code, words, ok := guardLineWords(text)
	at := path + ":" + strconv.Itoa(line)
	fix := "permgate install " + sh
	if !marked {
		// install leaves a line written by hand as it is.
		fix = "correct " + at + ", or remove it and run permgate install " + sh
		if !ok || code != shellCode(sh, words[0]) {
			return Check{Warn, sh, at + " mentions the shell guard in a line permgate did not write, and not as permgate writes it: whether it loads the guard is unknown", fix}
		}
	}
	if !ok {
		return Check{Fail, sh, at + ": cannot read permgate's guard line", fix}
	}
	if marked && strings.TrimRight(text, " \t\r") != shellLine(sh, words[0]) {
		// A marked line that is not the one install writes (edited, wrapped
		// in a condition, pointed at another program) may load nothing.
		return Check{Fail, sh, at + " carries permgate's marker but is not the line permgate writes: whether it loads the guard is unknown",
			"permgate uninstall " + sh + " && permgate install " + sh}
	}
	return e.guardProgram(sh, at, words[0], fix, marked)
}

// guardLineWords reads a line that loads the guard: its code (without a
// trailing comment) and the words of the command it evaluates; ok is false
// when they cannot be read or there are none.
func guardLineWords(text string) (code string, words []string, ok bool) {
	code = strings.TrimSpace(strings.SplitN(text, "  #", 2)[0])
	inner := strings.TrimPrefix(strings.TrimSuffix(code, `)"`), `eval "$(`)
	inner = strings.TrimSuffix(inner, " | source")
	words, ok = commandWords(inner)
	return code, words, ok && len(words) > 0
}

// guardProgram checks the program prog that the guard line at (FILE:LINE)
// runs: it exists, and is this permgate.
func (e *Env) guardProgram(sh, at, prog, fix string, marked bool) Check {
	bin, err := e.program(prog)
	switch {
	case err != nil && !marked && !filepath.IsAbs(prog):
		// The shell looks the name up in its PATH as of that line, which may
		// not be doctor's.
		return Check{Warn, sh, fmt.Sprintf("%s runs %s, which %v here: whether it loads the guard is unknown", at, prog, err), fix}
	case err != nil:
		return Check{Fail, sh, fmt.Sprintf("%s runs %s, which %v: every line would be refused", at, prog, err), fix}
	case !sameFile(bin, e.Binary):
		return Check{Warn, sh, fmt.Sprintf("%s loads the guard from %s, not from this permgate (%s): doctor cannot tell that it is one", at, bin, e.Binary), fix}
	case !marked:
		return Check{OK, sh, at + " loads the shell guard (a line permgate did not write)", ""}
	}
	return Check{OK, sh, at + " loads the shell guard", ""}
}

// doctorGit checks the repository's git hooks permgate wrote: each one's
// problem is reported, and only with none is the whole a ✔.
func (e *Env) doctorGit() []Check {
	dir, err := e.HooksDir()
	if err != nil {
		return nil
	}
	var mine []string
	var problems []Check
	for _, name := range gitHookNames {
		p := filepath.Join(dir, name)
		data, err := readSmall(p)
		if err != nil || !strings.Contains(string(data), GitHookMarker) {
			continue
		}
		mine = append(mine, name)
		if c, ok := e.doctorGitHook(p, name, string(data)); !ok {
			problems = append(problems, c)
		}
	}
	if len(mine) == 0 {
		return []Check{{Warn, "git", "no permgate git hooks in " + dir, "permgate install git"}}
	}
	if len(problems) > 0 {
		return problems
	}
	slices.Sort(mine)
	return []Check{{OK, "git", "permgate runs the " + strings.Join(mine, ", ") + " hooks in " + dir, ""}}
}

// doctorGitHook checks one git hook at p that carries permgate's marker; ok
// is false, with the problem, when it is not known to run this permgate.
func (e *Env) doctorGitHook(p, name, script string) (Check, bool) {
	prog, ok := gitHookProgram(script, name)
	if !ok {
		return Check{Fail, "git", p + " carries permgate's marker but is not the hook permgate writes (exec PERMGATE githook " + name + " \"$@\" and nothing else): what it runs is unknown",
			"permgate uninstall git && permgate install git"}, false
	}
	if _, err := e.program(prog); err != nil {
		return Check{Fail, "git", fmt.Sprintf("%s runs %s, which %v", p, prog, err), "permgate install git"}, false
	}
	if !isExecutable(p) {
		return Check{Fail, "git", p + " is not executable: git skips it", "chmod +x " + p}, false
	}
	if !sameFile(prog, e.Binary) {
		return Check{Warn, "git", fmt.Sprintf("%s runs %s, not this permgate (%s): doctor cannot tell that it is one", p, prog, e.Binary), "permgate install git"}, false
	}
	return Check{}, true
}

// gitHookProgram returns the program a git hook permgate wrote runs, when
// script is exactly the hook install writes for name (gitHookScript): a
// marked file with anything more or else in it is not reported as working.
func gitHookProgram(script, name string) (string, bool) {
	for _, l := range strings.Split(script, "\n") {
		rest, ok := strings.CutPrefix(l, "exec ")
		if !ok {
			continue
		}
		words, ok := commandWords(strings.TrimSuffix(rest, ` "$@"`))
		if !ok || len(words) != 3 || words[1] != "githook" || words[2] != name {
			return "", false
		}
		return words[0], script == gitHookScript(words[0], name)
	}
	return "", false
}

// CheckDirWritable reports whether files can be made in dir: it creates and
// removes a temporary file there, and writes nothing else.
func CheckDirWritable(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	f, err := os.CreateTemp(dir, ".permgate-doctor-*")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// flagIf is " --project" for a project's settings, "" for the user's.
func flagIf(project bool) string {
	if project {
		return " --project"
	}
	return ""
}

// firstLine is the first non-empty line of a hook's stdout, else of its
// stderr.
func firstLine(outputs ...[]byte) string {
	for _, o := range outputs {
		for _, line := range strings.Split(string(o), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				return line
			}
		}
	}
	return ""
}
