package runs

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// Command judges every file one simple command runs that its name, its
// wrappers or its declaration say: a program named by a path (./build.sh,
// or npx's node_modules/.bin/NAME), the project files its verbs run
// (package scripts, recipes, hooks), the config files it loads as code.
// home is the home directory. It returns the last result that read or ran
// something.
func (s *State) Command(h Host, b *Budget, c shellparse.SimpleCommand, home string) Result {
	var last Result
	keep := func(r Result) {
		if r.Read || r.Project {
			last = r
		}
	}
	if p, shell, ok := startupFile(c); ok {
		keep(s.File(h, b, shell, p, Lang{Shell: true, Interpreter: shell}, path.Base(p)+" (BASH_ENV of "+shell+")"))
	}
	if p, lang, how, ok := byPath(c); ok {
		keep(s.File(h, b, c.Name, p, lang, how))
	}
	if h.RunsFiles() == nil {
		return last
	}
	for i, w := range c.Wrappers {
		if strings.Contains(w.Name, "/") && !systemDir(w.Name) && len(w.Argv) > 0 && w.Argv[0].Static && !h.RunsPermgate(w.Name) {
			// ./tools/sh -c '…', ./bin/env CMD: the wrapper is a file of the
			// project named like a program, and it runs first
			keep(s.File(h, b, path.Base(w.Name), w.Name, Lang{}, path.Base(w.Name)))
		}
		// direnv exec DIR CMD loads DIR's .envrc before CMD runs.
		if kind := runsFiles(w.Name); kind != "" && len(w.Argv) > 0 {
			args := w.Argv[1:]
			if kind == registry.TaskRunners {
				args = wrappedArgs(c, i) // pdm run NAME: NAME is a script, or the command run
			}
			keep(s.Project(h, b, kind, path.Base(w.Name), args, nil))
		}
		// bundle exec CMD evaluates the Gemfile before CMD runs.
		keep(s.configFiles(h, b, shellparse.SimpleCommand{Name: w.Name, Argv: w.Argv}))
	}
	if kind := declaredRunsFiles(c); kind != "" {
		keep(s.Project(h, b, kind, path.Base(c.Name), c.Argv[1:], commandEnv(c, home)))
		if kind == registry.PackageScripts {
			keep(s.managerCode(h, b, c))
		}
	}
	if paths, ok := nodeTestPaths(c); ok {
		keep(s.nodeTests(h, b, path.Base(c.Name), paths))
	}
	if LoadsPlugins(h.RunsFiles(), h.Dir(), c) {
		keep(Result{Project: true}) // a checker whose config loads plugins runs project code
		keep(s.plugins(h, b, c))
	}
	keep(s.configFiles(h, b, c))
	return last
}

// declaredRunsFiles is the kind of project files the command's declaration
// says it runs: its verb's (hatch build builds), else its program's.
func declaredRunsFiles(c shellparse.SimpleCommand) string {
	prog, inv, ok := c.Declared()
	if !ok {
		return ""
	}
	if inv.Node != nil && inv.Node.RunsFiles != "" {
		return inv.Node.RunsFiles
	}
	return prog.Node.RunsFiles
}

// managerCode judges the project's files a package manager loads as its
// own code (yarnPath, .pnpmfile.cjs): the command then runs project code.
func (s *State) managerCode(h Host, b *Budget, c shellparse.SimpleCommand) Result {
	if h.Dir() == "" {
		return Result{}
	}
	var r Result
	for _, t := range runfiles.ManagerCode(s.overlay(h), h.Dir(), c.Name, wordTexts(c.Argv[1:])) {
		s.File(h, b, path.Base(c.Name), t.Path, Lang{Code: codescan.JavaScript, BestEffort: t.BestEffort}, t.How)
		r.Read, r.Project = true, true
	}
	return r
}

// wrappedArgs are the words after wrapper i's name through the end of the
// command: its own, the later wrappers', and the command's.
func wrappedArgs(c shellparse.SimpleCommand, i int) []shellparse.Word {
	args := slices.Clone(c.Wrappers[i].Argv[1:])
	for _, w := range c.Wrappers[i+1:] {
		args = append(args, w.Argv...)
	}
	return append(args, c.Argv...)
}

// plugins judges the plugin modules and files a command's config names.
func (s *State) plugins(h Host, b *Budget, c shellparse.SimpleCommand) Result {
	last := Result{Project: true}
	for _, plugin := range pluginNames(h.RunsFiles(), h.Dir(), c) {
		var r Result
		if strings.Contains(plugin, "/") || strings.HasSuffix(plugin, ".py") {
			r = s.File(h, b, c.Name, plugin, Lang{Code: ExtensionLang(".py")}, plugin+" (a plugin "+c.Name+" loads)")
		} else {
			r = s.Module(h, b, c.Name, plugin)
		}
		if r.Read || r.Project {
			last = r
		}
	}
	return last
}

// runsFiles is the kind of project files a program runs (registry
// Node.RunsFiles), "" for none.
func runsFiles(name string) string {
	if prog, ok := registry.Default().Lookup(path.Base(name)); ok {
		return prog.Node.RunsFiles
	}
	return ""
}

// byPath returns the file a command runs by its name: a path outside the
// system's program directories (its #! line says how it runs), the file a
// wrapper looks the name up in first (npx: node_modules/.bin/NAME), or a
// program file a wrapper runs by its extension (uv run x.py).
func byPath(c shellparse.SimpleCommand) (p string, lang Lang, how string, ok bool) {
	if len(c.Argv) == 0 || !c.Argv[0].Static || c.Name == "" {
		return "", Lang{}, "", false
	}
	if strings.Contains(c.Name, "/") {
		if systemDir(c.Name) {
			return "", Lang{}, "", false // /usr/bin/rm is rm, judged by its name
		}
		return c.Name, Lang{}, path.Base(c.Name), true
	}
	runs := wrapperRuns(c)
	switch {
	case runs == nil:
	case runs.Bin != "":
		p := path.Join(runs.Bin, c.Name)
		return p, Lang{}, p, true
	case runs.Files && ExtensionLang(c.Name) != 0:
		return c.Name, Lang{Code: ExtensionLang(c.Name)}, c.Name, true
	}
	return "", Lang{}, "", false
}

// wrapperRuns is how the innermost wrapper runs its command (registry
// Runs), nil when none says.
func wrapperRuns(c shellparse.SimpleCommand) *registry.Runs {
	if len(c.Wrappers) == 0 {
		return nil
	}
	w := c.Wrappers[len(c.Wrappers)-1]
	prog, ok := registry.Default().Lookup(path.Base(w.Name))
	if !ok || len(w.Argv) == 0 {
		return nil
	}
	inv := prog.Resolve(shellparse.RegistryWords(w.Argv[1:]))
	if inv.Node == nil {
		return nil
	}
	return inv.Node.Runs
}

// systemDir reports a program path among the system's programs: a system
// bin directory (shellparse.InSystemBin; the parser already names such a
// command by its basename), and the other directories that hold the
// system's own programs.
func systemDir(p string) bool {
	if shellparse.InSystemBin(p) {
		return true
	}
	for _, dir := range []string{"/usr/libexec/", "/opt/homebrew/bin/"} {
		if strings.HasPrefix(p, dir) {
			return true
		}
	}
	return false
}

// configFiles judges the config files a command loads as code: a file
// its options name, and each of the names it looks for that is there (one
// that is not is no file it runs).
func (s *State) configFiles(h Host, b *Budget, c shellparse.SimpleCommand) Result {
	var last Result
	for _, f := range codeFileNames(c) {
		if !f.given {
			if _, err := s.read(h, h.Resolve(f.name)); runfiles.Missing(err) {
				continue
			}
		}
		r := s.File(h, b, path.Base(c.Name), f.name, Lang{Code: ExtensionLang(f.name)}, f.name+" (loaded by "+path.Base(c.Name)+")")
		if r.Read || r.Project {
			last = r
		}
	}
	return last
}

// codeFile is a config file a command loads as code, and whether the
// command names it (given) or looks for it by its usual name.
type codeFile struct {
	name  string
	given bool
}

// codeFileNames are the config files a command loads as code (registry
// CodeFiles, and the values of its CodeOpts: jest -c FILE) that a
// tokenizer reads; a JSON or YAML config holds no code.
func codeFileNames(c shellparse.SimpleCommand) []codeFile {
	_, inv, ok := c.Declared()
	if !ok || inv.Node == nil || len(inv.Node.CodeFiles)+len(inv.Node.CodeOpts) == 0 {
		return nil
	}
	var names []codeFile
	for _, f := range inv.Node.CodeFiles {
		names = append(names, codeFile{name: f})
	}
	for _, o := range inv.Scan.Values(inv.Node.CodeRoot...) {
		for _, f := range inv.Node.CodeFiles {
			if o.HasValue && !o.Dynamic {
				names = append(names, codeFile{name: path.Join(o.Value, f)})
			}
		}
	}
	for _, o := range inv.Scan.Values(inv.Node.CodeOpts...) {
		if o.HasValue && !o.Dynamic {
			names = append(names, codeFile{name: o.Value, given: true})
		}
	}
	return slices.DeleteFunc(names, func(f codeFile) bool { return ExtensionLang(f.name) == 0 })
}

// PermissionsOnly reports a program that changes files' mode, owner or
// ACL and never their content (chmod, chown, setfacl: declared to change
// permissions): chmod +x run.sh leaves what run.sh runs as it was.
func PermissionsOnly(c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	return ok && inv.Node != nil && slices.Contains(inv.Node.Does, effect.PermissionsChange)
}

// LoadsPlugins reports a verb whose config file in dir names plugins it
// loads (registry PluginConfigs: mypy's plugins = …): it then runs project
// code. A config that cannot be read whole may name some.
func LoadsPlugins(files runfiles.Files, dir string, c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	if !ok || inv.Node == nil || len(inv.Node.PluginConfigs) == 0 || dir == "" || files == nil {
		return false
	}
	for _, name := range inv.Node.PluginConfigs {
		text, err := files.Read(path.Join(dir, name))
		if err != nil && !runfiles.Missing(err) || NamesPlugins(text) {
			return true
		}
	}
	return false
}

// PythonModule judges what python -m MODULE runs: a program whose
// declaration says which project files it runs (python -m pytest is
// pytest, python -m pip is pip), else a module of the working directory,
// which python puts first on its path. args follow the module.
func (s *State) PythonModule(h Host, b *Budget, python, module string, args []shellparse.Word, home string) Result {
	if module == "build" {
		module = "pyproject-build" // python -m build is pyproject-build
	}
	if kind := runsFiles(module); kind != "" {
		return s.Project(h, b, kind, module, args, map[string]string{"HOME": home})
	}
	if r, ok := s.runnerModule(h, b, python, module, args); ok {
		return r
	}
	if r := s.Module(h, b, python, module); r.Read {
		return r // the project's own module of that name runs
	}
	// python -m mypy is mypy: a config that names plugins loads them
	argv := append([]shellparse.Word{{Text: module, Static: true}}, args...)
	if tool := (shellparse.SimpleCommand{Name: module, Argv: argv}); LoadsPlugins(h.RunsFiles(), h.Dir(), tool) {
		r := s.plugins(h, b, tool)
		r.Project = true
		return r
	}
	return Result{}
}

// pluginNames are the plugins a verb's config files in dir name (registry
// PluginConfigs: mypy's plugins = a.b, ./x.py): modules or files it loads.
func pluginNames(files runfiles.Files, dir string, c shellparse.SimpleCommand) []string {
	_, inv, ok := c.Declared()
	if !ok || inv.Node == nil || files == nil || dir == "" {
		return nil
	}
	var out []string
	for _, name := range inv.Node.PluginConfigs {
		text, err := files.Read(path.Join(dir, name))
		if err != nil {
			continue
		}
		for line := range strings.Lines(text) {
			key, value, ok := strings.Cut(line, "=")
			if !ok || strings.TrimSpace(key) != "plugins" {
				continue
			}
			for _, f := range strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(" \t,[]\"'\r\n", r) }) {
				module, _, _ := strings.Cut(f, ":") // pkg.mod:entry
				out = append(out, module)
			}
		}
	}
	return out
}

// Copy returns the one file a command copies or moves (cp, mv, install by
// their declared effects: one source operand read or moved, the operands
// written) and the files it writes it to, as written; ok is false for any
// other command, several sources, or one known only at run time.
func Copy(c shellparse.SimpleCommand) (from string, to []string, ok bool) {
	prog, inv, declared := c.Declared()
	if !declared || len(c.Argv) < 2 || !prog.HasEffects() {
		return "", nil, false
	}
	args := c.Argv[1:]
	for _, t := range inv.Effects() {
		if !plainOperand(t, len(args)) {
			continue
		}
		w := args[t.At]
		switch {
		case t.Act == registry.Reads || t.Act == registry.Moves:
			if from != "" || !w.Static {
				return "", nil, false
			}
			from = w.Text
		case t.Act == registry.Writes && w.Static:
			to = append(to, w.Text)
		}
	}
	return from, to, from != ""
}

// WritesUnnamed reports a command that writes files it does not name (git
// pull, git checkout BRANCH, patch): what a later command runs from its
// directory is then not known. writes says it writes files, named that it
// names some, project that it runs project code (whose writes are judged
// where it runs). Package managers write their own trees, not the
// project's.
func WritesUnnamed(c shellparse.SimpleCommand, writes, named, project bool) bool {
	prog, inv, ok := c.Declared()
	if ok && inv.Node != nil && inv.Node.WritesTree {
		return true
	}
	return writes && !named && !project && (!ok || prog.Family != "packages" && prog.Family != "git")
}

// plainOperand reports an effect on an operand as written (not an option's
// value, nor a name worked out from a URL or a suffix).
func plainOperand(t registry.Target, n int) bool {
	return t.Opt == "" && t.At >= 0 && t.At < n && !t.URLName && len(t.Strip) == 0
}

// CatCopy returns the one file cat prints, when c is cat of a single file
// named statically and no option: its output redirected into a file makes
// that file a copy.
func CatCopy(c shellparse.SimpleCommand) (string, bool) {
	if path.Base(c.Name) != "cat" || len(c.Argv) != 2 || c.Stdin.Kind != shellparse.InputInherited {
		return "", false
	}
	w := c.Argv[1]
	if !w.Static || w.Glob || strings.HasPrefix(w.Text, "-") {
		return "", false
	}
	return w.Text, true
}

// startupFile is the file a non-interactive bash the command starts reads
// before anything else: BASH_ENV given to it (BASH_ENV=f bash x.sh, and
// BASH_ENV=f bash -c '…', whose commands come from the bash).
func startupFile(c shellparse.SimpleCommand) (p, shell string, ok bool) {
	shell = path.Base(c.Name)
	if shell != "bash" {
		shell = ""
		for _, w := range c.Wrappers {
			if path.Base(w.Name) == "bash" {
				shell = "bash"
			}
		}
	}
	if shell == "" {
		return "", "", false
	}
	for _, a := range c.Assigns {
		if a.Name == "BASH_ENV" && a.Value.Static && a.Value.Text != "" {
			p = a.Value.Text
		}
	}
	return p, shell, p != ""
}

// commandEnv is the environment a command is given on its line (NAME=VALUE
// before it), with HOME: git's own variables known only at run time stand
// as such.
func commandEnv(c shellparse.SimpleCommand, home string) map[string]string {
	env := map[string]string{"HOME": home}
	for _, a := range c.Assigns {
		switch {
		case a.Value.Static:
			env[a.Name] = a.Value.Text
		case strings.HasPrefix(a.Name, "GIT_"):
			env[a.Name] = dynamicEnv // git's own: where the repository is
		}
	}
	return env
}
