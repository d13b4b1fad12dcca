package setup

import (
	"errors"
	"fmt"
	"io/fs"
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
	var out []Check
	root := ""
	if e.Cwd != "" {
		if r, err := e.git("rev-parse", "--show-toplevel"); err == nil {
			root = r
		}
	}
	for _, name := range harnessNames {
		if name == "opencode" {
			out = append(out, e.doctorOpencode(false, "")...)
			if root != "" && root != e.Home {
				out = append(out, e.doctorOpencode(true, root)...)
			}
			continue
		}
		out = append(out, e.doctorHarness(name, false, "")...)
		if name == "claude" {
			out = append(out, e.claudeManaged()...)
			out = append(out, e.claudeEnvHooksOff()...)
		}
		if root != "" && root != e.Home {
			out = append(out, e.doctorHarness(name, true, root)...)
		}
	}
	out = append(out, e.doctorShells()...)
	if root != "" {
		out = append(out, e.doctorGit()...)
	}
	return out
}

// doctorHarness checks one harness's settings, user or project.
func (e *Env) doctorHarness(name string, project bool, root string) []Check {
	files := e.harnessFiles(name, project, root)
	if len(files) == 0 || !isDir(files[0].dir) {
		return nil
	}
	fix := "permgate install " + name
	if project {
		fix += " --project"
	}
	var out []Check
	type reg struct{ file, command string }
	seen := map[reg]bool{}
	var order []reg
	// docs are the files read, nil when missing or broken (reported here).
	docs := map[string]*jnode{}
	for _, f := range files {
		doc, bad := e.doctorRead(name, f.path, f.toml, project, fix)
		out = append(out, bad...)
		docs[f.path] = doc
		if doc == nil {
			continue
		}
		regs := jsonRegistered(doc, name)
		if len(regs) > 0 && !gatesShell(doc, name) {
			out = append(out, Check{Fail, name, fmt.Sprintf("%s registers permgate's hook, but not where %s's shell tool calls reach it (event, matcher, type or version)", f.path, name),
				"permgate uninstall " + name + flagIf(project) + " && " + fix})
		}
		events := make([]string, 0, len(regs))
		for ev := range regs {
			events = append(events, ev)
		}
		slices.Sort(events)
		for _, ev := range events {
			for _, c := range regs[ev] {
				if r := (reg{f.path, c}); !seen[r] {
					seen[r] = true
					order = append(order, r)
				}
			}
		}
		if name == "gemini" {
			out = append(out, geminiEnabled(f.path, doc)...)
			if !project {
				out = append(out, e.geminiSystem()...)
				out = append(out, e.geminiTrust(doc)...)
			}
			if project && len(regs) == 0 && geminiOwnBeforeTool(doc) {
				out = append(out, Check{Warn, name, f.path + " has a BeforeTool list without permgate's hook: a Gemini CLI that merges \"hooks\" shallowly (older versions) uses it instead of yours, and runs no permgate in this folder",
					"permgate install gemini --project"})
			}
		}
	}
	if name == "claude" {
		out = append(out, e.claudeHooksOff(files[0].dir, project, docs)...)
	}
	if len(order) == 0 {
		return append(out, Check{Warn, name, fmt.Sprintf("permgate's hook is not registered in %s", files[0].path), fix})
	}
	cwd := e.Cwd
	if project {
		cwd = root
	}
	for _, r := range order {
		out = append(out, e.doctorCommand(name, r.file, r.command, fix, cwd, project)...)
		if name == "claude" {
			out = append(out, claudeFailsOpen(r.file))
		}
	}
	if name == "codex" {
		out = append(out, e.doctorCodex(files, project)...)
	}
	if name == "gemini" && !project {
		out = append(out, Check{Warn, name, "fails open: " + geminiFailsOpen, ""})
	}
	return out
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
		doc, err = parseJSON(path, data)
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
	en := hc.get("enabled")
	if !hc.object || en != nil && en.raw != "true" && en.raw != "false" {
		// What Gemini CLI makes of it is not known: it may turn hooks off.
		return []Check{{Fail, "gemini", path + " has a \"hooksConfig\" doctor cannot read (not an object, or \"enabled\" not true or false): Gemini CLI may run no hook", "set \"hooksConfig\": {\"enabled\": true} in " + path}}
	}
	if en != nil && en.raw == "false" {
		return []Check{{Fail, "gemini", path + " turns Gemini CLI's hooks off (\"hooksConfig\": {\"enabled\": false}): permgate's hook never runs", "set \"enabled\": true under \"hooksConfig\" in " + path}}
	}
	if dis := hc.get("disabled"); dis != nil && dis.array {
		for _, it := range dis.items {
			if s, _ := it.str(); s == "permgate" || strings.Contains(s, "permgate hook") {
				return []Check{{Fail, "gemini", path + " lists permgate's hook in \"hooksConfig\".\"disabled\": it never runs", "remove it from \"hooksConfig\".\"disabled\" in " + path}}
			}
		}
	}
	return []Check{{OK, "gemini", "hooks are turned on in " + path, ""}}
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
	h, ok := harness.Lookup(name)
	if !ok {
		return append(out, Check{Warn, name, "this permgate has no " + name + " protocol to test the hook with", ""})
	}
	if cwd == "" {
		cwd = e.Home
	}
	stdout, stderr, exit, err := e.spawn(bin, words[1:], h.ProbePayload(cwd), cwd)
	if err != nil {
		return append(out, Check{Fail, name, fmt.Sprintf("the hook did not run: %v", err), fix})
	}
	d, err := h.ReadAnswer(stdout, stderr, exit)
	switch {
	case err != nil:
		out = append(out, Check{Fail, name, fmt.Sprintf("a test call: %v", err), fix})
	case d != policy.Deny:
		out = append(out, Check{Fail, name, fmt.Sprintf("the hook answered %s to a test call of %q, which it must deny", d, harness.ProbeCommand), fix})
	case harness.Refused(stdout) || harness.Refused(stderr):
		// A hook that cannot read the payload denies every call, reads included.
		out = append(out, Check{Fail, name, fmt.Sprintf("the hook could not read a test call shaped as %s sends it, so it denies every call: %s", h.Title, firstLine(stdout, stderr)), fix})
	default:
		out = append(out, Check{OK, name, fmt.Sprintf("the hook denies a test call of %q, as it must", harness.ProbeCommand), ""})
	}
	return out
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
	code := strings.TrimSpace(strings.SplitN(text, "  #", 2)[0])
	inner := strings.TrimPrefix(strings.TrimSuffix(code, `)"`), `eval "$(`)
	inner = strings.TrimSuffix(inner, " | source")
	words, ok := commandWords(inner)
	fix := "permgate install " + sh
	if !marked {
		// install leaves a line written by hand as it is.
		fix = "correct " + path + ":" + strconv.Itoa(line) + ", or remove it and run permgate install " + sh
		if !ok || len(words) == 0 || code != shellCode(sh, words[0]) {
			return Check{Warn, sh, fmt.Sprintf("%s:%d mentions the shell guard in a line permgate did not write, and not as permgate writes it: whether it loads the guard is unknown", path, line), fix}
		}
	}
	if !ok || len(words) == 0 {
		return Check{Fail, sh, fmt.Sprintf("%s:%d: cannot read permgate's guard line", path, line), fix}
	}
	if marked && strings.TrimRight(text, " \t\r") != shellLine(sh, words[0]) {
		// A marked line that is not the one install writes (edited, wrapped
		// in a condition, pointed at another program) may load nothing.
		return Check{Fail, sh, fmt.Sprintf("%s:%d carries permgate's marker but is not the line permgate writes: whether it loads the guard is unknown", path, line),
			"permgate uninstall " + sh + " && permgate install " + sh}
	}
	bin, err := e.program(words[0])
	switch {
	case err != nil && !marked && !filepath.IsAbs(words[0]):
		// The shell looks the name up in its PATH as of that line, which may
		// not be doctor's.
		return Check{Warn, sh, fmt.Sprintf("%s:%d runs %s, which %v here: whether it loads the guard is unknown", path, line, words[0], err), fix}
	case err != nil:
		return Check{Fail, sh, fmt.Sprintf("%s:%d runs %s, which %v: every line would be refused", path, line, words[0], err), fix}
	}
	if !sameFile(bin, e.Binary) {
		return Check{Warn, sh, fmt.Sprintf("%s:%d loads the guard from %s, not from this permgate (%s): doctor cannot tell that it is one", path, line, bin, e.Binary), fix}
	}
	if !marked {
		return Check{OK, sh, fmt.Sprintf("%s:%d loads the shell guard (a line permgate did not write)", path, line), ""}
	}
	return Check{OK, sh, fmt.Sprintf("%s:%d loads the shell guard", path, line), ""}
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
