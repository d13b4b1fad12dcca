package runfiles

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// scriptAction is what a package manager's verb does with package.json's
// scripts.
type scriptAction uint8

const (
	actNone        scriptAction = iota // runs no script of the package
	actRun                             // runs the named script (run X, yarn X)
	actTest                            // pretest, test, posttest
	actStart                           // prestart, start, poststart (node server.js)
	actStop                            // prestop, stop, poststop
	actRestart                         // prerestart, restart or stop+start, postrestart
	actInstall                         // the install lifecycle
	actAdd                             // installs the packages named
	actRebuild                         // rebuilds installed packages
	actPack                            // prepack, prepare, postpack
	actPublish                         // the publish lifecycle
	actVersion                         // preversion, version, postversion
	actInstallTest                     // install, then test
	actBunFile                         // bun runs a file or a script
)

// npmVerbs are npm's verbs that run package scripts, by every spelling npm
// takes (abbreviations are read through the registry's npm declaration).
var npmVerbs = lazy.Value[map[string]scriptAction]{Make: func() map[string]scriptAction {
	return map[string]scriptAction{
		"run": actRun, "run-script": actRun, "rum": actRun, "urn": actRun,
		"test": actTest, "t": actTest, "tst": actTest,
		"start": actStart, "stop": actStop, "restart": actRestart,
		"install": actInstall, "i": actInstall, "in": actInstall, "ins": actInstall, "inst": actInstall, "insta": actInstall, "instal": actInstall, "isnt": actInstall, "isntall": actInstall,
		"ci": actInstall, "clean-install": actInstall, "ic": actInstall, "install-clean": actInstall, "isntall-clean": actInstall,
		"add": actAdd, "update": actAdd, "up": actAdd, "upgrade": actAdd, "udpate": actAdd, "dedupe": actAdd, "ddp": actAdd,
		"rebuild": actRebuild, "rb": actRebuild,
		"link": actInstall, "ln": actInstall,
		"pack": actPack, "publish": actPublish, "version": actVersion, "verison": actVersion,
		"install-test": actInstallTest, "it": actInstallTest, "install-ci-test": actInstallTest, "cit": actInstallTest,
	}
}}

// yarnVerbs are yarn's verbs that run package scripts; another word that is
// no builtin of yarnBuiltins runs the script of that name.
var yarnVerbs = lazy.Value[map[string]scriptAction]{Make: func() map[string]scriptAction {
	return map[string]scriptAction{
		"run": actRun, "test": actTest, "start": actStart, "install": actInstall,
		"add": actAdd, "upgrade": actAdd, "up": actAdd, "rebuild": actRebuild,
		"pack": actPack, "publish": actPublish, "version": actVersion, "link": actInstall,
	}
}}

// yarnBuiltins are yarn's own commands (classic and berry) that run no
// package script.
var yarnBuiltins = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("access audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init licenses list login logout node npm outdated owner patch patch-commit plugin policies remove set stage tag team unlink unplug upgrade-interactive versions why workspace workspaces")
}}

// pnpmVerbs are pnpm's verbs that run package scripts.
var pnpmVerbs = lazy.Value[map[string]scriptAction]{Make: func() map[string]scriptAction {
	return map[string]scriptAction{
		"run": actRun, "run-script": actRun, "test": actTest, "t": actTest, "tst": actTest,
		"start": actStart, "stop": actStop, "restart": actRestart,
		"install": actInstall, "i": actInstall, "link": actInstall, "ln": actInstall,
		"add": actAdd, "update": actAdd, "up": actAdd, "upgrade": actAdd, "rebuild": actRebuild, "rb": actRebuild,
		"pack": actPack, "publish": actPublish, "install-test": actInstallTest, "it": actInstallTest,
	}
}}

// pnpmBuiltins are pnpm's own commands that run no package script.
var pnpmBuiltins = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("approve-builds audit bin cat-file cat-index catalog config c create dedupe deploy dlx doctor env exec fetch find-hash help ignored-builds import init licenses list ls ll la m multi outdated patch patch-commit patch-remove prune recursive remove rm uninstall un root self-update server setup store unlink why")
}}

// bunVerbs are bun's verbs that run package scripts.
var bunVerbs = lazy.Value[map[string]scriptAction]{Make: func() map[string]scriptAction {
	return map[string]scriptAction{
		"run": actBunFile, "install": actInstall, "i": actInstall,
		"add": actAdd, "a": actAdd, "update": actAdd, "link": actInstall,
		"pm": actNone, "publish": actPublish,
	}
}}

// bunBuiltins are bun's own commands that run no package script (bun test
// is bun's test runner, not the test script).
var bunBuiltins = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("x exec test repl remove rm uninstall unlink outdated build init create c upgrade patch patch-commit audit info why feedback completions help pm")
}}

// words splits a list of names into a set.
func wordSet(list string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}

// installLifecycle are the scripts npm install and npm ci run in the
// package itself, in order, after the dependencies are installed; yarn,
// pnpm and bun run a subset of them, read here as all of them.
var installLifecycle = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare", "dependencies"}

// packLifecycle and the others are the scripts the verb runs, in order.
var (
	packLifecycle    = []string{"prepack", "prepare", "postpack"}
	publishLifecycle = []string{"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"}
	versionLifecycle = []string{"preversion", "version", "postversion"}
	rebuildLifecycle = []string{"preinstall", "install", "postinstall", "prepare"}
)

// pkgCall is a package manager's argv as it bears on the scripts.
type pkgCall struct {
	manager string
	action  scriptAction
	dir     string
	// dirGiven reports a directory named by an option (--prefix, -C, --dir,
	// --cwd): the package is there, not searched for upward.
	dirGiven bool
	script   string
	// extra are the words passed on to the script.
	extra         []string
	ignoreScripts bool
	// hasOperands reports install, add or rebuild with packages named.
	hasOperands bool
	// workspaces are the workspace directories -w/--workspace name.
	workspaces []string
	// allWorkspaces reports a call run in every workspace package (-r,
	// --workspaces, --filter: a filter picks among them).
	allWorkspaces bool
	// withRoot reports the workspace root's own package run too
	// (--include-workspace-root).
	withRoot bool
}

// PackageScripts returns the package.json scripts that the package
// manager's argv (args, the words after its name) runs in dir; manager is
// npm, pnpm, yarn or bun (a path's base name is taken). ok is false when
// the argv runs no package script (npm ls, npm view, npm run alone, bun
// test). A missing package.json or script runs nothing: ok with an empty
// Run.
func PackageScripts(files Files, dir string, manager string, args []string) (Run, bool) {
	if verb, rest, ok := yarnWorkspaceVerb(manager, args); ok {
		if verb == "foreach" {
			return yarnForeach(files, dir, rest)
		}
		return yarnWorkspace(files, dir, rest)
	}
	var out Run
	call, ok := readPackageCall(&out, dir, path.Base(manager), args)
	if !ok {
		return Run{}, false
	}
	if len(out.Dynamic) > 0 && call.action == actNone {
		return out, true
	}
	if len(call.workspaces) > 0 {
		return workspaceScripts(out, files, call), true
	}
	if call.allWorkspaces {
		return everyWorkspace(out, files, call), true
	}
	pkg, pkgDir := findPackage(&out, files, call)
	if pkg == nil {
		if call.action == actBunFile {
			bunFile(&out, files, call) // bun x.ts needs no package.json
		}
		return out, true
	}
	call.dir = pkgDir
	out.Dir = pkgDir
	npmrcSettings(&out, files, call.manager, pkgDir)
	pkg.run(&out, files, call)
	return out, true
}

// yarnWorkspaceVerb reads yarn workspaces foreach … and yarn workspace
// NAME …: which of them, and the words after it.
func yarnWorkspaceVerb(manager string, args []string) (string, []string, bool) {
	if base := path.Base(manager); base != "yarn" && base != "yarnpkg" {
		return "", nil, false
	}
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "workspaces" && i+1 < len(args) && args[i+1] == "foreach":
			return "foreach", args[i+2:], true
		case args[i] == "workspace":
			return "workspace", args[i+1:], true
		case args[i] == "--cwd":
			i++
		case !strings.HasPrefix(args[i], "-"):
			return "", nil, false
		}
	}
	return "", nil, false
}

// workspaceScripts adds what npm -w DIR runs: the call in each workspace
// directory named; a workspace named by its package's name is not looked
// up (Dynamic).
func workspaceScripts(out Run, files Files, call pkgCall) Run {
	for i, ws := range call.workspaces {
		dir := joinDir(call.dir, ws)
		if i > 0 || !exists(files, filepath.Join(dir, "package.json")) {
			// (one Run has one directory: a second workspace is not read)
			out.dynamic("npm -w %s: a workspace named by its package's name (not read)", ws)
			continue
		}
		one := call
		one.dir, one.dirGiven, one.workspaces = dir, true, nil
		pkg, pkgDir := findPackage(&out, files, one)
		if pkg == nil {
			continue
		}
		one.dir = pkgDir
		out.Dir = pkgDir
		pkg.run(&out, files, one)
	}
	return out
}

// npmrcRunners are the .npmrc settings that name what runs every script:
// the shell scripts run in, and options given to every node.
var npmrcRunners = []string{"script-shell", "node-options", "shell"}

// npmrcSettings reads the package's .npmrc (npm's and pnpm's project
// config): a setting that names what runs the scripts makes them Dynamic.
func npmrcSettings(out *Run, files Files, manager, dir string) {
	if manager != "npm" && manager != "pnpm" {
		return
	}
	p := filepath.Join(dir, ".npmrc")
	text, err := files.Read(p)
	if err != nil {
		if !Missing(err) {
			out.unread("%s: %v (not read)", p, err)
		}
		return
	}
	for line := range strings.Lines(text) {
		key, value, ok := strings.Cut(strings.TrimSpace(line), "=")
		key = strings.TrimSpace(key)
		if ok && slices.Contains(npmrcRunners, key) {
			out.dynamic("%s sets %s=%s: the scripts run through it (not read)", p, key, clipValue(strings.TrimSpace(value)))
		}
	}
}

// clipValue shortens a setting's value for a reason.
func clipValue(v string) string {
	if len(v) > 60 {
		return v[:57] + "…"
	}
	return v
}

// readPackageCall reads the argv through the registry's declaration of the
// manager.
func readPackageCall(out *Run, dir, manager string, args []string) (pkgCall, bool) {
	prog, ok := registry.Default().Lookup(manager)
	if !ok || !isPackageManager(manager) {
		return pkgCall{}, false
	}
	words := make([]registry.Word, len(args))
	for i, a := range args {
		words[i] = registry.Word{Text: a}
	}
	inv, call, verbAt, ok := scriptReading(prog, manager, dir, args, prog.Resolve(words))
	if !ok {
		return call, false
	}
	call.readOptions(out, inv.Scan)
	if call.action == actRun || call.action == actBunFile {
		if !call.readScriptName(inv, args, verbAt) {
			return call, false
		}
	}
	switch call.action {
	case actTest, actStart, actStop, actRestart:
		call.extra = call.passed(inv.Scan, args, verbAt)
	}
	call.hasOperands = operandAfter(inv.Scan, verbAt)
	return call, true
}

// scriptReading picks the reading of the argv that runs package scripts:
// the resolver's own, else one with a word in verb position set aside as
// an undeclared option's value (npm --foo bar test sets foo=bar and runs
// test).
func scriptReading(prog *registry.Program, manager, dir string, args []string, inv registry.Invocation) (registry.Invocation, pkgCall, int, bool) {
	for _, r := range inv.Readings() {
		call := pkgCall{manager: manager, dir: dir}
		verbAt := verbIndex(r)
		if call.readVerb(prog, args, verbAt) {
			return r, call, verbAt, true
		}
	}
	return inv, pkgCall{}, -1, false
}

// isPackageManager reports the managers PackageScripts reads.
func isPackageManager(name string) bool {
	switch name {
	case "npm", "pnpm", "yarn", "yarnpkg", "bun":
		return true
	}
	return false
}

// verbIndex returns the index of the verb word, or -1 when there is none.
func verbIndex(inv registry.Invocation) int {
	switch {
	case len(inv.PathAt) > 0 && (inv.Verb == "" || inv.PathAt[0] < inv.VerbAt):
		return inv.PathAt[0]
	case inv.Verb != "":
		return inv.VerbAt
	}
	return -1
}

// readVerb sets the action the verb at verbAt names; false when it runs
// no package script.
func (c *pkgCall) readVerb(prog *registry.Program, args []string, verbAt int) bool {
	if verbAt < 0 {
		if c.manager == "yarn" || c.manager == "yarnpkg" {
			c.action = actInstall // yarn alone installs
			return true
		}
		return false
	}
	verb := args[verbAt]
	switch c.manager {
	case "npm":
		c.action = npmVerbs.Get()[npmVerb(prog, verb)]
	case "yarn", "yarnpkg":
		c.action = c.impliedRun(verb, yarnVerbs.Get(), yarnBuiltins.Get())
	case "pnpm":
		c.action = c.impliedRun(verb, pnpmVerbs.Get(), pnpmBuiltins.Get())
	case "bun":
		c.action = c.impliedRun(verb, bunVerbs.Get(), bunBuiltins.Get())
		if c.action == actRun {
			c.action = actBunFile
		}
	}
	return c.action != actNone
}

// impliedRun returns the action of a verb, where a word that is no builtin
// runs the script of that name (yarn build, pnpm lint, bun dev).
func (c *pkgCall) impliedRun(verb string, verbs map[string]scriptAction, builtins map[string]bool) scriptAction {
	if act, ok := verbs[verb]; ok {
		return act
	}
	if builtins[verb] || strings.HasPrefix(verb, "-") {
		return actNone
	}
	c.script = verb
	return actRun
}

// npmVerb returns the verb npm reads a word as: itself, or the one verb of
// npmVerbs it abbreviates when npm takes it as an abbreviation.
func npmVerb(prog *registry.Program, word string) string {
	if _, ok := npmVerbs.Get()[word]; ok || prog.Node.Sub(word) == nil {
		return word
	}
	found := ""
	for name := range npmVerbs.Get() {
		if strings.HasPrefix(name, word) {
			if found != "" && npmVerbs.Get()[found] != npmVerbs.Get()[name] {
				return word
			}
			if found == "" || name < found {
				found = name
			}
		}
	}
	if found == "" {
		return word
	}
	return found
}

// readOptions reads the options that bear on the scripts: the package
// directory, --ignore-scripts, workspaces and the script shell.
func (c *pkgCall) readOptions(out *Run, scan registry.Scan) {
	if scan.Unknown {
		out.dynamic("%s: a word known only at run time may be any option", c.manager)
	}
	for _, o := range scan.Opts {
		if scan.DashDash >= 0 && o.At > scan.DashDash {
			continue
		}
		c.readOption(out, o)
	}
}

// readOption reads one option.
func (c *pkgCall) readOption(out *Run, o registry.Opt) {
	switch o.Name {
	case "--prefix", "-C", "--dir", "--cwd":
		if o.Dynamic {
			out.dynamic("%s %s: the package directory is known only at run time", c.manager, o.Name)
			c.action = actNone
			return
		}
		c.dir, c.dirGiven = joinDir(c.dir, o.Value), true
	case "--ignore-scripts":
		c.ignoreScripts = !o.HasValue || o.Value != "false"
	case "-w", "--workspace":
		if c.manager == "npm" && o.HasValue && !o.Dynamic {
			c.workspaces = append(c.workspaces, o.Value) // a directory, or a package's name
			return
		}
		if c.manager == "pnpm" && !o.HasValue {
			return // pnpm -w (--workspace-root) runs the root's own
		}
		out.dynamic("%s %s runs the scripts of workspace packages (not read)", c.manager, o.Name)
	case "--workspaces", "--filter", "-F", "-r", "--recursive", "--ws":
		c.allWorkspaces = true
	case "--include-workspace-root", "--iwr":
		c.allWorkspaces, c.withRoot = true, true
	case "--script-shell", "--shell-emulator":
		out.dynamic("%s %s: the scripts run by another shell than sh", c.manager, o.Name)
	}
}

// joinDir returns the directory a --prefix value names from dir.
func joinDir(dir, value string) string {
	if filepath.IsAbs(value) {
		return filepath.Clean(value)
	}
	return filepath.Join(dir, value)
}

// readScriptName sets the script a run verb names and the words passed to
// it; false when there is none (npm run alone lists the scripts).
func (c *pkgCall) readScriptName(inv registry.Invocation, args []string, verbAt int) bool {
	at := -1
	switch {
	case c.script != "":
		at = verbAt
	case len(inv.PathAt) > 1:
		at = inv.PathAt[1]
	case inv.Verb != "" && inv.VerbAt > verbAt:
		at = inv.VerbAt
	default:
		for _, i := range inv.Scan.Operands {
			if i > verbAt {
				at = i
				break
			}
		}
	}
	if at < 0 {
		return false
	}
	if c.script == "" {
		c.script = args[at]
	}
	c.extra = c.passed(inv.Scan, args, at)
	return true
}

// passed returns the words after the script name at at that reach the
// script: for npm, its operands and what follows "--" (npm reads the
// options as its own settings); for yarn, pnpm and bun every word.
func (c *pkgCall) passed(scan registry.Scan, args []string, at int) []string {
	if c.manager != "npm" {
		var out []string
		for _, a := range args[at+1:] {
			if a == "--" && len(out) == 0 && c.manager != "bun" {
				continue
			}
			out = append(out, a)
		}
		return out
	}
	var out []string
	for _, i := range scan.Operands {
		if i > at {
			out = append(out, args[i])
		}
	}
	return out
}

// operandAfter reports an operand after the verb (a package to install).
func operandAfter(scan registry.Scan, verbAt int) bool {
	for _, i := range scan.Operands {
		if i > verbAt {
			return true
		}
	}
	return false
}

// pkgJSON is the package.json read: its scripts, and the reasons those
// that are not strings are not read.
type pkgJSON struct {
	path    string
	scripts map[string]string
	odd     map[string]string
}

// findPackage reads the package.json the call runs scripts from: in the
// directory given, else the nearest one upward, as the managers find
// their package. A missing one returns nil (nothing runs); one that cannot
// be read whole returns nil with a Dynamic reason.
func findPackage(out *Run, files Files, call pkgCall) (*pkgJSON, string) {
	dir := filepath.Clean(call.dir)
	for range MaxParentDirs {
		p := filepath.Join(dir, "package.json")
		text, err := files.Read(p)
		if err == nil {
			return parsePackage(out, p, text), dir
		}
		if !Missing(err) {
			out.unread("%s: %v: its scripts are not read", p, err)
			return nil, dir
		}
		if call.dirGiven || call.manager == "npm" && exists(files, filepath.Join(dir, "node_modules")) {
			return nil, dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, dir
		}
		dir = parent
	}
	out.dynamic("no package.json within %d parent directories of %s: one further up is not read", MaxParentDirs, call.dir)
	return nil, dir
}

// parsePackage reads package.json's scripts.
func parsePackage(out *Run, p, text string) *pkgJSON {
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &top); err != nil {
		out.dynamic("%s: not JSON (%v): its scripts are not read", p, err)
		return nil
	}
	pkg := &pkgJSON{path: p, scripts: map[string]string{}, odd: map[string]string{}}
	raw, ok := top["scripts"]
	if !ok || string(raw) == "null" {
		return pkg
	}
	var scripts map[string]json.RawMessage
	if err := json.Unmarshal(raw, &scripts); err != nil {
		out.dynamic("%s: \"scripts\" is not an object: its scripts are not read", p)
		return nil
	}
	for name, value := range scripts {
		var s string
		if err := json.Unmarshal(value, &s); err != nil {
			pkg.odd[name] = "is not a string"
			continue
		}
		pkg.scripts[name] = s
	}
	return pkg
}

// errNoScript is no error of the caller's: the script is not there.
var errNoScript = errors.New("no such script")

// script adds the script name's text (with extra words) and reports
// whether the package has it.
func (p *pkgJSON) script(out *Run, name string, extra []string) bool {
	if why, odd := p.odd[name]; odd {
		out.dynamic("%s: script %q %s: what it runs is not read", p.path, name, why)
		return true
	}
	text, ok := p.scripts[name]
	if !ok {
		return false
	}
	if len(extra) > 0 {
		text += " " + joinQuoted(extra)
	}
	out.add("package.json script "+name, text, "")
	return true
}

// has reports a script of that name (a string or not).
func (p *pkgJSON) has(name string) bool {
	_, ok := p.scripts[name]
	_, odd := p.odd[name]
	return ok || odd
}

// withHooks adds preNAME, NAME and postNAME; the hooks do not run with
// --ignore-scripts, nor when the script itself is missing.
func (p *pkgJSON) withHooks(out *Run, call pkgCall, name string, extra []string) error {
	if !p.has(name) {
		return errNoScript
	}
	if !call.ignoreScripts {
		p.script(out, "pre"+name, nil)
	}
	p.script(out, name, extra)
	if !call.ignoreScripts {
		p.script(out, "post"+name, nil)
	}
	return nil
}

// lifecycle adds each of the scripts that exist, in order.
func (p *pkgJSON) lifecycle(out *Run, call pkgCall, names []string) {
	if call.ignoreScripts {
		return
	}
	for _, name := range names {
		p.script(out, name, nil)
	}
}

// run adds what the call runs from the package.
func (p *pkgJSON) run(out *Run, files Files, call pkgCall) {
	switch call.action {
	case actRun:
		p.runScript(out, files, call)
	case actBunFile:
		if p.withHooks(out, call, call.script, call.extra) != nil {
			bunFile(out, files, call)
		}
	case actTest:
		_ = p.withHooks(out, call, "test", call.extra)
	case actStart:
		p.start(out, files, call)
	case actStop:
		_ = p.withHooks(out, call, "stop", call.extra)
	case actRestart:
		p.restart(out, files, call)
	default:
		p.lifecycleOf(out, files, call)
	}
}

// bunFile adds the program file bun runs when no script has the name
// (bun run x.ts, bun x.ts): read as JavaScript (TypeScript's syntax is
// read by the same tokenizer). A name that is no file is a package binary
// bun may find: not known.
func bunFile(out *Run, files Files, call pkgCall) {
	p := joinDir(call.dir, call.script)
	text, err := files.Read(p)
	switch {
	case err == nil:
		out.add("bun runs the program file "+call.script, text, "node")
	case Missing(err) && jsFile(call.script):
		// bun reports the missing file: nothing runs
	case Missing(err):
		out.dynamic("bun run %s: no script or file of that name, so a package binary %s runs if one is installed (not read)", call.script, call.script)
	default:
		out.unread("bun run %s: %v", call.script, err)
	}
}

// jsFile reports a name with a JavaScript or TypeScript file's extension.
func jsFile(name string) bool {
	switch filepath.Ext(name) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return false
}

// runScript adds the script run X names; yarn and pnpm run a package
// binary when no script has the name.
func (p *pkgJSON) runScript(out *Run, files Files, call pkgCall) {
	if p.withHooks(out, call, call.script, call.extra) == nil || call.manager == "npm" {
		return
	}
	// pnpm vitest, yarn eslint: the package binary of that name runs, the
	// one in node_modules/.bin when the package has it.
	bin := "./node_modules/.bin/" + call.script
	if !strings.ContainsAny(call.script, "/ \t") && exists(files, filepath.Join(call.dir, bin)) {
		out.add(call.manager+" "+call.script+": the package binary", joinQuoted(append([]string{bin}, call.extra...)), "")
		return
	}
	out.add(call.manager+" "+call.script+": no script of that name, the program", joinQuoted(append([]string{call.script}, call.extra...)), "")
}

// start adds prestart, start and poststart; without a start script npm
// runs node server.js when there is one.
func (p *pkgJSON) start(out *Run, files Files, call pkgCall) {
	if p.withHooks(out, call, "start", call.extra) == nil {
		return
	}
	if !exists(files, filepath.Join(call.dir, "server.js")) {
		return
	}
	if !call.ignoreScripts {
		p.script(out, "prestart", nil)
	}
	text := "node server.js"
	if len(call.extra) > 0 {
		text += " " + joinQuoted(call.extra)
	}
	out.add("package.json has no start script: npm start runs server.js", text, "")
	if !call.ignoreScripts {
		p.script(out, "poststart", nil)
	}
}

// restart adds prerestart, restart (or stop then start) and postrestart.
func (p *pkgJSON) restart(out *Run, files Files, call pkgCall) {
	if p.has("restart") {
		_ = p.withHooks(out, call, "restart", call.extra)
		return
	}
	if !call.ignoreScripts {
		p.script(out, "prerestart", nil)
	}
	_ = p.withHooks(out, call, "stop", nil)
	p.start(out, files, call)
	if !call.ignoreScripts {
		p.script(out, "postrestart", nil)
	}
}

// lifecycleOf adds the lifecycle scripts of install, pack, publish and
// version.
func (p *pkgJSON) lifecycleOf(out *Run, files Files, call pkgCall) {
	switch call.action {
	case actInstall, actInstallTest, actAdd:
		p.install(out, files, call)
		if call.action == actInstallTest {
			_ = p.withHooks(out, call, "test", nil)
		}
	case actRebuild:
		installedScripts(out, files, call)
		if !call.hasOperands {
			p.lifecycle(out, call, rebuildLifecycle)
		}
	case actPack:
		p.lifecycle(out, call, packLifecycle)
	case actPublish:
		p.lifecycle(out, call, publishLifecycle)
	case actVersion:
		p.lifecycle(out, call, versionLifecycle)
	}
}

// install adds the install lifecycle of the package, and says that the
// dependencies' own install scripts run.
func (p *pkgJSON) install(out *Run, files Files, call pkgCall) {
	p.dependencyScripts(out, call)
	if !call.ignoreScripts && !p.has("install") && !p.has("preinstall") && exists(files, filepath.Join(call.dir, "binding.gyp")) {
		out.add("package.json has no install script: binding.gyp makes npm run node-gyp rebuild", "node-gyp rebuild", "")
	}
	p.lifecycle(out, call, installLifecycle)
}

// MaxInstalled bounds the installed packages installedScripts reads.
const MaxInstalled = 256

// installedScripts adds the install scripts (preinstall, install,
// postinstall) of the packages installed in node_modules, which npm
// rebuild runs, each in its package's directory: they are on disk, so
// read. Past MaxInstalled packages, or without a lister, the rest are the
// dependencies' own code (Outside).
func installedScripts(out *Run, files Files, call pkgCall) {
	if call.ignoreScripts {
		return
	}
	lister, ok := files.(Dirs)
	modules := filepath.Join(call.dir, "node_modules")
	if !ok {
		out.Outside = append(out.Outside, call.manager+" rebuilds installed packages whose install scripts run (not read)")
		return
	}
	n := 0
	for _, dir := range installedPackages(lister, modules) {
		if n++; n > MaxInstalled {
			out.Outside = append(out.Outside, fmt.Sprintf("more than %d installed packages: the install scripts of the rest are not read", MaxInstalled))
			return
		}
		text, err := files.Read(filepath.Join(dir, "package.json"))
		if err != nil {
			continue
		}
		var dep Run
		pkg := parsePackage(&dep, filepath.Join(dir, "package.json"), text)
		if pkg == nil {
			continue
		}
		RunIn(out, dir, func(out *Run) { pkg.lifecycle(out, call, []string{"preinstall", "install", "postinstall"}) })
	}
}

// installedPackages are the package directories under node_modules
// (@scope/name included).
func installedPackages(lister Dirs, modules string) []string {
	entries, err := lister.List(modules)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."), !e.IsDir():
		case strings.HasPrefix(name, "@"):
			scoped, _ := lister.List(filepath.Join(modules, name))
			for _, s := range scoped {
				if s.IsDir() {
					out = append(out, filepath.Join(modules, name, s.Name()))
				}
			}
		default:
			out = append(out, filepath.Join(modules, name))
		}
	}
	return out
}

// dependencyScripts says that the dependencies' install scripts run.
func (p *pkgJSON) dependencyScripts(out *Run, call pkgCall) {
	if !call.ignoreScripts {
		out.Outside = append(out.Outside, call.manager+" installs dependencies whose own install scripts run (not read)")
	}
}
