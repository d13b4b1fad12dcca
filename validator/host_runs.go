package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/judge/runs"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// The checker's side of judge/runs: the files a command runs are read and
// analysed as if their text stood on the command line.

// fileRun is what judge/runs found of the file the current command runs.
type fileRun struct {
	at     int // the command's index; -1 for none
	result runs.Result
}

// CodeRunFile reads and judges the file p that the current command runs
// (judge/code asks for it: bash FILE, source FILE, bash < FILE, python3 FILE).
func (ck *checker) CodeRunFile(c shellparse.SimpleCommand, p string, shell bool, lang codescan.Lang) {
	l := runs.Lang{Shell: shell, Code: lang, Interpreter: c.Name}
	ck.runFile(c.Name, p, l, path.Base(p)+" (run by "+c.Name+")")
}

// runFile judges one file and keeps the result for the current command.
func (ck *checker) runFile(name, p string, lang runs.Lang, how string) {
	if strings.HasPrefix(p, "~/") {
		p = path.Join(ck.v.env.Home, p[2:])
	}
	r := ck.runState().File(ck, &ck.v.fileBudget, name, p, lang, how)
	ck.ran = fileRun{at: ck.index, result: r}
}

// runByPath judges a command named by a path (./build.sh, scripts/check,
// /opt/tool/bin/x): the file is read, and its #! line says how it runs.
func (ck *checker) runByPath(c shellparse.SimpleCommand) {
	if !c.Argv[0].Static {
		return
	}
	if !strings.Contains(c.Name, "/") {
		how := wrapperRuns(c)
		switch {
		case how == nil:
		case how.Bin != "":
			// npx NAME runs node_modules/.bin/NAME when the project has one.
			ck.runFile(c.Name, path.Join(how.Bin, c.Name), runs.Lang{}, path.Join(how.Bin, c.Name))
		case how.Files && runs.ExtensionLang(c.Name) != 0:
			// uv run x.py runs the file x.py.
			ck.runFile(c.Name, c.Name, runs.Lang{Code: runs.ExtensionLang(c.Name)}, c.Name)
		}
		return
	}
	if systemDir(c.Name) {
		return // /usr/bin/rm is rm: a program of the system, judged by its name
	}
	ck.runFile(c.Name, c.Name, runs.Lang{}, path.Base(c.Name))
}

// wrapperRuns is how the innermost wrapper runs its command (registry
// Runs), nil when none says.
func wrapperRuns(c shellparse.SimpleCommand) *registry.Runs {
	if len(c.Wrappers) == 0 {
		return nil
	}
	w := c.Wrappers[len(c.Wrappers)-1]
	prog, ok := programs.Lookup(path.Base(w.Name))
	if !ok || len(w.Argv) == 0 {
		return nil
	}
	inv := prog.Resolve(shellparse.RegistryWords(w.Argv[1:]))
	if inv.Node == nil {
		return nil
	}
	return inv.Node.Runs
}

// systemDir reports a program path in the system's program directories.
func systemDir(p string) bool {
	for _, dir := range []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/usr/local/sbin/", "/usr/libexec/", "/opt/homebrew/bin/"} {
		if strings.HasPrefix(p, dir) {
			return true
		}
	}
	return false
}

// ranFile returns what judge/runs found of the file command i runs.
func (ck *checker) ranFile(i int) (runs.Result, bool) {
	if ck.ran.at != i {
		return runs.Result{}, false
	}
	return ck.ran.result, true
}

// RunsDownloaded reports a file an earlier command downloaded (judge/flow).
func (ck *checker) RunsDownloaded(abs string) bool { return ck.flow.Downloaded(abs) }

// RunsDirs lists the project's directories (Env.Dirs).
func (ck *checker) RunsDirs() runfiles.Dirs { return ck.v.env.Dirs }

// RunsFiles is the reader of the project's files (Env.Files).
func (ck *checker) RunsFiles() runfiles.Files { return ck.v.env.Files }

// RunsShell analyses a shell script the current command runs, in the
// directory the command runs in, with its positional parameters known only
// at run time; it reports whether every command of it only reads.
func (ck *checker) RunsShell(text, how string) bool { return ck.RunsShellIn(text, how, "") }

// RunsShellIn analyses a shell script the current command runs in dir
// ("" for the command's own directory).
func (ck *checker) RunsShellIn(text, how, dir string) bool {
	if dir == "" || ck.dir == "" {
		dir = ck.dir
	}
	v := ck.v
	if v.nesting >= maxNesting {
		ck.add("too_complex", "nested_too_deep", NonSevere, how+" is nested too deep to analyse")
		return false
	}
	v.nesting++
	saved, lookups, cut := v.nestedCwd, v.lookups, v.lookupsCut
	v.nestedCwd = dir
	a := v.Classify(v.parser.ParseScript(text), text)
	v.nestedCwd = saved
	v.nesting--
	v.lookups, v.lookupsCut = lookups+v.lookups, cut || v.lookupsCut
	for f := range a.All() {
		f.Reason = OneLine(how + ": " + f.Reason)
		ck.addFinding(f)
	}
	return a.AllReadOnly && a.Severity == Safe
}

// RunsCode analyses a program file in lang that name runs, as inline code
// in that language is.
func (ck *checker) RunsCode(name, text, how string, lang codescan.Lang) {
	if len(text) > codescan.MaxSource {
		ck.add("too_complex", "code_file_unread", NonSevere, how+" is larger than permgate's tokenizer reads: what it runs is not known")
		return
	}
	code.InlineText(ck, how, text, lang)
	self.CodeText(ck, how, text)
}

// pendingWrite is a command judged earlier and the directory it ran in.
type pendingWrite struct {
	index int
	dir   string
}

// runState is judge/runs' state once told of the writes of the commands
// judged so far: worked out only when a command runs a file, so that a
// script that runs none costs nothing here.
func (ck *checker) runState() *runs.State {
	if len(ck.pending) > 0 {
		dir := ck.dir
		for _, p := range ck.pending {
			ck.dir = p.dir
			ck.noteWrites(ck.res.Commands[p.index])
		}
		ck.dir, ck.pending = dir, ck.pending[:0]
	}
	return &ck.runs
}

// noteWrites records the files the current command writes for judge/runs:
// a later command of the script that runs one runs what was written. The
// text is known when echo, printf or cat of a here-document prints it into
// the file by a redirection; any other write leaves it unknown.
func (ck *checker) noteWrites(c shellparse.SimpleCommand) {
	text, static, printed := printedText(c)
	for _, r := range c.Redirects {
		if !r.Writes() || !r.Target.Static {
			continue
		}
		stdout := r.Fd == "" || r.Fd == "1"
		known := printed && static && stdout && r.Op != "<>"
		ck.runs.Wrote(ck.resolve(r.Target.Text), text, known, r.Op == ">>" || r.Op == "&>>")
	}
	if changesPermissionsOnly(c) {
		return // chmod +x run.sh leaves its text as it was
	}
	copies := ck.copies(c)
	for to, from := range copies {
		ck.runs.Copied(from, to) // before the source itself is marked moved
	}
	for _, t := range writeTargets(c) {
		if !t.Static {
			continue
		}
		abs := ck.resolve(t.Text)
		switch _, copied := copies[abs]; {
		case copied:
		case ck.links[abs] != "":
			ck.runs.Copied(ck.links[abs], abs) // ln -s: the link runs what it leads to
		default:
			ck.runs.Wrote(abs, "", false, false)
		}
	}
}

// changesPermissionsOnly reports a program that changes files' mode, owner or ACL
// and never their content (chmod, chown, setfacl: declared to change
// permissions).
func changesPermissionsOnly(c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	return ok && inv.Node != nil && slices.Contains(inv.Node.Does, effect.PermissionsChange)
}

// copies returns the files the command copies or moves one file into (cp,
// mv, install by their declared effects: one source read or moved, the
// targets written), each with its source, absolute. A target may be a
// directory, so the file named after the source inside it is one too.
func (ck *checker) copies(c shellparse.SimpleCommand) map[string]string {
	var src *effectTarget
	var dsts []effectTarget
	for _, e := range commandEffects(c) {
		switch {
		case e.opt != "":
		case e.act == registry.Reads || e.act == registry.Moves:
			if src != nil || !e.word.Static {
				return nil // several sources, or one known only at run time
			}
			src = &e
		case e.act == registry.Writes && e.word.Static:
			dsts = append(dsts, e)
		}
	}
	if src == nil {
		return nil
	}
	from := ck.resolve(src.word.Text)
	out := map[string]string{}
	for _, d := range dsts {
		to := ck.resolve(d.word.Text)
		out[to] = from
		ck.runs.Copied(from, path.Join(to, path.Base(from)))
	}
	return out
}

// projectCode reports that command i runs the project's own code: a file
// judge/runs read as a program, a verb the registry declares Project, or
// python -m pytest.
func (ck *checker) projectCode(i int) bool {
	if r, ok := ck.ranFile(i); ok && r.Project {
		return true
	}
	c := ck.res.Commands[i]
	if len(c.Argv) == 0 || c.Name == "" {
		return false
	}
	if isInterpreter(c.Name) && interpreterName(c.Name) == "python" {
		if module, _, ok := pythonModule(c.Argv[1:]); ok && module == "pytest" {
			return true
		}
	}
	_, inv, ok := c.Declared()
	if !ok {
		return false
	}
	return inv.Project() || ck.loadsPlugins(c)
}

// loadsPlugins reports a verb whose config file in the working directory
// names plugins it loads (mypy's plugins = …): it then runs project code.
// A config that cannot be read whole may name some.
func (ck *checker) loadsPlugins(c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	if !ok || inv.Node == nil || len(inv.Node.PluginConfigs) == 0 || ck.dir == "" || ck.v.env.Files == nil {
		return false
	}
	for _, name := range inv.Node.PluginConfigs {
		text, err := ck.v.env.Files.Read(path.Join(ck.dir, name))
		if err != nil && !runfiles.Missing(err) || runs.NamesPlugins(text) {
			return true
		}
	}
	return false
}

// scriptReadOnly says whether command c only reads because the shell
// script it runs only reads (bash check.sh whose commands are git diff and
// ls); known is false when c runs no script judge/runs read.
func (ck *checker) scriptReadOnly(c shellparse.SimpleCommand) (readOnly, known bool) {
	r, ok := ck.ranFile(ck.index)
	if !ok || !r.Read || r.Project || ck.res.Commands[ck.index].Offset != c.Offset {
		return false, false
	}
	return r.ReadOnly, true
}

// projectRuns judges the project files the current command runs by its
// declaration (registry Node.RunsFiles): package scripts, make and just
// recipes.
func (ck *checker) projectRuns(c shellparse.SimpleCommand) {
	if ck.v.env.Files == nil || len(c.Argv) == 0 {
		return // nothing is read here
	}
	for _, w := range c.Wrappers {
		// direnv exec DIR CMD loads DIR's .envrc before CMD runs.
		if prog, ok := programs.Lookup(path.Base(w.Name)); ok && prog.Node.RunsFiles != "" && len(w.Argv) > 0 {
			ck.recordRun(ck.runState().Project(ck, &ck.v.fileBudget, prog.Node.RunsFiles, path.Base(w.Name), w.Argv[1:], nil))
		}
	}
	prog, ok := programs.Lookup(path.Base(c.Name))
	if !ok || prog.Node.RunsFiles == "" {
		return
	}
	env := map[string]string{"HOME": ck.v.env.Home}
	for _, a := range c.Assigns {
		if a.Value.Static {
			env[a.Name] = a.Value.Text
		}
	}
	ck.recordRun(ck.runState().Project(ck, &ck.v.fileBudget, prog.Node.RunsFiles, path.Base(c.Name), c.Argv[1:], env))
}

// recordRun keeps what judge/runs found for the current command, when it
// read or ran anything.
func (ck *checker) recordRun(r runs.Result) {
	if r.Read || r.Project {
		ck.ran = fileRun{at: ck.index, result: r}
	}
}

// CodeRunModule judges the module python -m MODULE runs: a program whose
// declaration says which project files it runs (python -m pytest is
// pytest, python -m pip is pip), else a module of the working directory
// (which python puts first on its path).
func (ck *checker) CodeRunModule(c shellparse.SimpleCommand, module string, args []shellparse.Word) {
	if prog, ok := programs.Lookup(module); ok && prog.Node.RunsFiles != "" {
		r := ck.runState().Project(ck, &ck.v.fileBudget, prog.Node.RunsFiles, module, args, map[string]string{"HOME": ck.v.env.Home})
		if r.Read || r.Project {
			ck.ran = fileRun{at: ck.index, result: r}
		}
		return
	}
	r := ck.runState().Module(ck, &ck.v.fileBudget, c.Name, module)
	if r.Read {
		ck.ran = fileRun{at: ck.index, result: r}
	}
}

// codeFiles judges the config files the current command loads as code
// (registry CodeFiles and CodeOpts: jest.config.js, eslint -c FILE), each
// read in its language by its name's extension.
func (ck *checker) codeFiles(c shellparse.SimpleCommand) {
	_, inv, ok := c.Declared()
	if !ok || inv.Node == nil || len(inv.Node.CodeFiles)+len(inv.Node.CodeOpts) == 0 || ck.dir == "" {
		return
	}
	names := inv.Node.CodeFiles
	for _, o := range inv.Scan.Values(inv.Node.CodeOpts...) {
		if o.HasValue && !o.Dynamic {
			names = append(names, o.Value)
		}
	}
	for _, name := range names {
		lang := runs.Lang{Code: runs.ExtensionLang(name)}
		if lang.Code == 0 {
			continue // a JSON or YAML config holds no code
		}
		r := ck.runState().File(ck, &ck.v.fileBudget, c.Name, name, lang, name+" (loaded by "+c.Name+")")
		if r.Read {
			ck.ran = fileRun{at: ck.index, result: r}
		}
	}
}
