package runfiles

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// MaxEnvrcSearch bounds the directories Envrc walks up to find an .envrc.
const MaxEnvrcSearch = 64

// Envrc returns the .envrc direnv loads for direnv allow PATH, direnv
// reload or direnv exec DIR: p itself when it is a file, else the .envrc in
// the directory p or the nearest one above it, as direnv finds it. direnv
// evaluates it with bash. A .env (read only with load_dotenv) is not
// looked for.
func Envrc(files Files, p string) (Triggered, bool) {
	if _, err := files.Read(p); err == nil || errors.Is(err, ErrTooLarge) {
		return Triggered{Path: filepath.Clean(p), How: "direnv .envrc", Lang: "shell"}, true
	}
	dir := filepath.Clean(p)
	for range MaxEnvrcSearch {
		rc := filepath.Join(dir, ".envrc")
		if _, err := files.Read(rc); !absent(err) {
			return Triggered{Path: rc, How: "direnv .envrc", Lang: "shell"}, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return Triggered{}, false
}

// MaxRequirementFiles bounds the requirements files SetupPy reads for one
// pip command (-r files and the -r files they name).
const MaxRequirementFiles = 8

// pipBuilds are pip's verbs that build the local projects they are given.
var pipBuilds = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"install": true, "download": true, "wheel": true}
}}

// SetupPy returns the build code pip install (download, wheel) runs from
// the local projects its arguments (the words after "pip") name, when it
// runs in dir: each project's setup.py, run as python. A project with only
// a pyproject.toml is built by its build backend, which runs the project's
// build code too: it is reported in the second result, as are requirements
// files (read for the local projects they name), source archives, and
// words known only at run time.
func SetupPy(files Files, dir string, args []shellparse.Word) ([]Triggered, []string) {
	pip, _ := registry.Default().Lookup("pip")
	inv := pip.Resolve(shellparse.RegistryWords(args))
	if len(inv.Path) == 0 || !pipBuilds.Get()[inv.Path[0]] {
		return nil, nil
	}
	b := &pipBuild{files: files, dir: dir, seen: map[string]bool{}}
	if inv.Scan.Unknown {
		b.dyn = append(b.dyn, "a pip option known only at run time may name a local project or a requirements file, whose build code runs")
	}
	for _, o := range inv.Scan.Values("-e", "--editable") {
		b.optionPath(args, o)
	}
	for _, i := range inv.Scan.Operands {
		b.operand(args[i])
	}
	for _, o := range inv.Scan.Values("-r", "--requirement") {
		if w, ok := shellparse.OptionWord(args, o); ok {
			b.requirements(w, dir, 0)
		}
	}
	return b.found, b.dyn
}

// pipBuild gathers what one pip command builds.
type pipBuild struct {
	files Files
	dir   string
	seen  map[string]bool
	reqs  int
	found []Triggered
	dyn   []string
}

// optionPath reads -e PATH.
func (b *pipBuild) optionPath(args []shellparse.Word, o registry.Opt) {
	if w, ok := shellparse.OptionWord(args, o); ok {
		b.operand(w)
	}
}

// operand reads one requirement word: a local project (a directory, a
// file:// URL, NAME @ file://…), a source archive, or a package name.
func (b *pipBuild) operand(w shellparse.Word) {
	if !w.Static {
		b.dyn = append(b.dyn, "pip builds "+w.Text+", known only at run time: it may be a local project whose build code runs")
		return
	}
	b.local(w.Text, b.dir)
}

// local reads a requirement text relative to base.
func (b *pipBuild) local(text, base string) {
	p, ok := localPath(text)
	if !ok {
		return
	}
	b.project(absUnder(base, "", p), text)
}

// localPath is the path a requirement names when it may be local: a
// file:// URL, NAME @ file://PATH, or the text itself without extras
// ([dev]). URLs of other schemes and NAME @ URL name no local path.
func localPath(text string) (string, bool) {
	if _, after, ok := strings.Cut(text, "@"); ok && strings.Contains(after, "://") && !strings.Contains(text[:len(text)-len(after)], "://") {
		text = strings.TrimSpace(after)
	}
	if rest, ok := strings.CutPrefix(text, "file://"); ok {
		text = rest
		if i := strings.IndexByte(text, '/'); i > 0 {
			text = text[i:] // file://host/path
		}
		return stripExtras(text), text != ""
	}
	if strings.Contains(text, "://") || strings.HasPrefix(text, "git+") || text == "" {
		return "", false
	}
	return stripExtras(text), true
}

// stripExtras removes a trailing [extra,…] and #fragment from a path.
func stripExtras(p string) string {
	p, _, _ = strings.Cut(p, "#")
	if i := strings.IndexByte(p, '['); i > 0 && strings.HasSuffix(p, "]") {
		p = p[:i]
	}
	return p
}

// archiveSuffixes are source archives pip builds (a wheel runs no build
// code).
var archiveSuffixes = []string{".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar", ".zip"}

// project reads the local project at p: its setup.py, or its pyproject.toml
// build backend, or a source archive. text is how the command named it.
func (b *pipBuild) project(p, text string) {
	if b.seen[p] {
		return
	}
	b.seen[p] = true
	for _, suffix := range archiveSuffixes {
		if strings.HasSuffix(strings.ToLower(p), suffix) && fileExists(b.files, p) {
			b.dyn = append(b.dyn, "pip builds the source archive "+p+": the setup.py or build backend inside it runs")
			return
		}
	}
	setup := filepath.Join(p, "setup.py")
	if fileExists(b.files, setup) {
		b.found = append(b.found, Triggered{Path: setup, How: "pip build: setup.py", Lang: "python"})
	}
	pyproject := filepath.Join(p, "pyproject.toml")
	text, err := b.files.Read(pyproject)
	switch {
	case err != nil && !absent(err):
		b.dyn = append(b.dyn, fmt.Sprintf("%s cannot be read (%v): its build backend runs the project's build code", pyproject, err))
	case err == nil && strings.Contains(text, "backend-path"):
		b.dyn = append(b.dyn, pyproject+" builds with a backend from the project itself (backend-path): that code runs")
	case err == nil && strings.Contains(text, "hooks.custom"):
		// A declarative backend runs no project code, but hatch's custom
		// build hook (hatch_build.py, or the path it names) is the project's.
		hook := filepath.Join(p, "hatch_build.py")
		if custom := customHookPath(text); custom != "" {
			hook = filepath.Join(p, custom)
		}
		if fileExists(b.files, hook) {
			b.found = append(b.found, Triggered{Path: hook, How: "build: hatch's custom build hook " + filepath.Base(hook), Lang: "python"})
		} else {
			b.dyn = append(b.dyn, pyproject+" names a custom build hook that is not read: the project's build code runs")
		}
	}
}

// customHookPath is the path hatch's custom build hook table names
// ([tool.hatch.build.hooks.custom] path = "…"), "" for the default.
func customHookPath(text string) string {
	_, after, ok := strings.Cut(text, "hooks.custom]")
	if !ok {
		return ""
	}
	for line := range strings.Lines(after) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			return ""
		}
		if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "path" {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// LocalBuild returns the build code building the local project at dir
// runs (python -m build, uv build, hatch build, pdm build, poetry build):
// its setup.py, or its build backend's hook, as SetupPy reads a project.
func LocalBuild(files Files, dir string) ([]Triggered, []string) {
	b := &pipBuild{files: files, dir: dir, seen: map[string]bool{}}
	b.project(filepath.Clean(dir), ".")
	return b.found, b.dyn
}

// fileExists reports a file that is there, whether or not it can be read
// (a directory is not one).
func fileExists(files Files, p string) bool {
	_, err := files.Read(p)
	return !absent(err) && !errors.Is(err, ErrNotRegular)
}

// requirements reads a requirements file (-r FILE) for the local projects
// it names (-e PATH, ./path, file://…), and the requirements files it names,
// within MaxRequirementFiles. base is where a relative FILE is.
func (b *pipBuild) requirements(w shellparse.Word, base string, depth int) {
	if !w.Static {
		b.dyn = append(b.dyn, "pip installs what "+w.Text+" lists, known only at run time: it may name local projects whose build code runs")
		return
	}
	p := absUnder(base, "", w.Text)
	if b.seen[p] {
		return // read already
	}
	b.seen[p] = true
	if b.reqs >= MaxRequirementFiles {
		b.dyn = append(b.dyn, fmt.Sprintf("more than %d requirements files: %s is not read, and may name local projects whose build code runs", MaxRequirementFiles, p))
		return
	}
	b.reqs++
	text, err := b.files.Read(p)
	if err != nil {
		if !absent(err) {
			b.dyn = append(b.dyn, fmt.Sprintf("requirements file %s cannot be read (%v): it may name local projects whose build code runs", p, err))
		}
		return
	}
	for _, line := range requirementLines(text) {
		b.requirementLine(line, filepath.Dir(p), depth)
	}
}

// requirementLines are a requirements file's lines, joined where a line
// ends in a backslash, without comments.
func requirementLines(text string) []string {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\\\n", "")
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// requirementLine reads one line of a requirements file in dir: its words
// are read by pip install's grammar. Local paths are tried against both
// the working directory and the file's directory.
func (b *pipBuild) requirementLine(line, dir string, depth int) {
	fields := strings.Fields(line)
	ws := make([]registry.Word, len(fields))
	sw := make([]shellparse.Word, len(fields))
	for i, f := range fields {
		ws[i], sw[i] = registry.Word{Text: f}, shellparse.Word{Text: f, Static: true}
	}
	scan := pipInstall().Scan(ws)
	for _, o := range scan.Values("-r", "--requirement") {
		if w, ok := shellparse.OptionWord(sw, o); ok {
			b.requirements(w, dir, depth+1)
		}
	}
	var local []string
	for _, o := range scan.Values("-e", "--editable") {
		local = append(local, o.Value)
	}
	if len(scan.Operands) > 0 {
		local = append(local, strings.Join(fields[scan.Operands[0]:], " "))
	}
	for _, text := range local {
		b.local(text, b.dir)
		b.local(text, dir)
	}
}

// pipInstall is pip install's grammar, as the registry declares it.
func pipInstall() *registry.Grammar {
	pip, _ := registry.Default().Lookup("pip")
	return &pip.Node.Sub("install").Grammar
}

// MaxConftestDirs bounds the directories Conftests visits for one pytest
// command.
const MaxConftestDirs = 2000

// MaxConftests bounds the conftest.py files Conftests returns.
const MaxConftests = 64

// MaxTestModules bounds the test modules Conftests returns. They are read
// as a best effort: a test module past the bound, like the project modules
// the tests import, is project code that is not read, not an unknown.
const MaxTestModules = 32

// pytestFiles are the names of the test modules pytest collects by default
// (its python_files).
var pytestFiles = []string{"test_*.py", "*_test.py"}

// pytestSkips are the directory names pytest does not collect in by
// default (its norecursedirs: .*, *.egg, _darcs, build, CVS, dist,
// node_modules, venv, {arch}), with __pycache__ and site-packages, which
// hold no tests of the project.
var pytestSkips = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"_darcs": true, "build": true, "CVS": true, "dist": true, "node_modules": true, "venv": true,
		"{arch}": true, "__pycache__": true, "site-packages": true}
}}

// pytestInis are the files that can hold pytest's configuration, and the
// section each must have to count (pytest.ini counts whatever it holds).
var pytestInis = []struct{ name, section string }{
	{"pytest.ini", ""}, {".pytest.ini", ""}, {"pyproject.toml", "[tool.pytest"}, {"tox.ini", "[pytest]"}, {"setup.cfg", "[tool:pytest]"},
}

// Conftests returns the conftest.py files pytest (or python -m pytest)
// with arguments args (the words after "pytest") loads when it runs in
// cwd: those from its conftest cut-off directory (--confcutdir, else the
// directory of its ini file, else its rootdir) down to each test path,
// and those in every directory it collects under the test paths (cwd when
// none is given). Directories pytest does not collect in by default are
// skipped, and links to directories are not followed but reported. The
// second result gives plugins it loads (-p NAME) and what cannot be known.
func Conftests(files Files, dirs Dirs, cwd string, args []shellparse.Word) ([]Triggered, []string) {
	pytest, _ := registry.Default().Lookup("pytest")
	inv := pytest.Resolve(shellparse.RegistryWords(args))
	c := &conftests{files: files, dirs: dirs, seen: map[string]bool{}, cwd: cwd, names: pytestFiles}
	c.options(args, &inv.Scan)
	if inv.Scan.Has("--noconftest") && !inv.Scan.Unknown {
		return c.found, c.dyn // the plugins -p loads, still
	}
	roots := c.testPaths(args, &inv.Scan, cwd)
	cut := c.cutDir(args, &inv.Scan, cwd, roots)
	for _, r := range roots {
		c.above(cut, r)
	}
	for _, r := range roots {
		if r.file != "" && c.hasFile(filepath.Dir(r.file), filepath.Base(r.file)) {
			c.testModule(r.file)
		}
	}
	for _, r := range roots {
		if c.isDir(r.dir) && r.whole {
			c.walk(r.dir)
		}
	}
	return c.found, c.dyn
}

// conftests gathers the conftest.py files of one pytest command.
type conftests struct {
	files   Files
	dirs    Dirs
	seen    map[string]bool
	visited int
	found   []Triggered
	dyn     []string
	cwd     string   // the directory pytest runs in
	names   []string // the test modules' name patterns (python_files)
	tests   int      // test modules found
}

// testRoot is a test path: the directory it is or is in, and whether the
// whole directory is collected (a file path collects only itself).
type testRoot struct {
	dir   string
	whole bool
	file  string // the file a file path names
}

// options reports the plugins -p loads and options that change what pytest
// collects or loads.
func (c *conftests) options(args []shellparse.Word, s *registry.Scan) {
	if s.Unknown {
		c.dyn = append(c.dyn, "a pytest option known only at run time may load a plugin (-p) or change where conftest.py files are loaded from")
	}
	for _, o := range s.Values("-p") {
		w, _ := shellparse.OptionWord(args, o)
		if w.Static && strings.HasPrefix(w.Text, "no:") {
			continue
		}
		if !w.Static || !c.localPlugin(c.cwd, w.Text, "pytest -p") {
			c.dyn = append(c.dyn, "pytest -p "+w.Text+" loads plugin "+w.Text)
		}
	}
	if s.Has("--pyargs") {
		c.dyn = append(c.dyn, "pytest --pyargs collects tests of installed packages: their conftest.py files are not read")
	}
}

// testPaths are the test paths pytest is given, cwd when none is.
func (c *conftests) testPaths(args []shellparse.Word, s *registry.Scan, cwd string) []testRoot {
	var roots []testRoot
	for _, i := range s.Operands {
		w := args[i]
		if !w.Static {
			c.dyn = append(c.dyn, "pytest test path "+w.Text+" is known only at run time: the conftest.py files it loads are not known")
			continue
		}
		p, _, _ := strings.Cut(w.Text, "::")
		p = absUnder(cwd, "", p)
		if c.isDir(p) {
			roots = append(roots, testRoot{dir: p, whole: true})
		} else {
			roots = append(roots, testRoot{dir: filepath.Dir(p), file: p})
		}
	}
	if len(roots) == 0 {
		roots = []testRoot{{dir: cwd, whole: true}}
	}
	return roots
}

// isDir reports a directory that can be listed.
func (c *conftests) isDir(p string) bool {
	_, err := c.dirs.List(p)
	return err == nil
}

// cutDir is the directory above which pytest loads no conftest.py:
// --confcutdir, else the ini file's directory (-c FILE, or the first
// directory from the test paths' common ancestor up with one), else
// --rootdir, else the first directory up with a setup.py, else with a
// pyproject.toml, else the common ancestor.
func (c *conftests) cutDir(args []shellparse.Word, s *registry.Scan, cwd string, roots []testRoot) string {
	if w, ok := lastWord(args, s, "--confcutdir"); ok {
		return absUnder(cwd, "", w)
	}
	if w, ok := lastWord(args, s, "-c", "--config-file"); ok {
		return filepath.Dir(absUnder(cwd, "", w))
	}
	common := commonDir(roots)
	if ini := c.findUp(common, c.isIni); ini != "" {
		return ini
	}
	if w, ok := lastWord(args, s, "--rootdir"); ok {
		return absUnder(cwd, "", w)
	}
	for _, marker := range []string{"setup.py", "pyproject.toml"} {
		if d := c.findUp(common, func(d string) bool { return c.hasFile(d, marker) }); d != "" {
			return d
		}
	}
	return common
}

// lastWord is the last static value of the named options.
func lastWord(args []shellparse.Word, s *registry.Scan, names ...string) (string, bool) {
	o, ok := s.Value(names...)
	if !ok {
		return "", false
	}
	w, ok := shellparse.OptionWord(args, o)
	return w.Text, ok && w.Static
}

// commonDir is the deepest directory that holds every root.
func commonDir(roots []testRoot) string {
	common := roots[0].dir
	for _, r := range roots[1:] {
		for common != "/" && r.dir != common && !strings.HasPrefix(r.dir, strings.TrimSuffix(common, "/")+"/") {
			common = filepath.Dir(common)
		}
	}
	return common
}

// findUp returns the first directory from dir up for which has holds, or
// "", within MaxRepoSearch directories.
func (c *conftests) findUp(dir string, has func(string) bool) string {
	for range MaxRepoSearch {
		if has(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// isIni reports a directory with a pytest ini file; it notes an ini that
// changes norecursedirs, which the walk does not read.
func (c *conftests) isIni(dir string) bool {
	for _, ini := range pytestInis {
		p := filepath.Join(dir, ini.name)
		text, err := c.files.Read(p)
		if err != nil || ini.section != "" && !strings.Contains(text, ini.section) {
			continue
		}
		if strings.Contains(text, "norecursedirs") || strings.Contains(text, "confcutdir") {
			c.dyn = append(c.dyn, p+" sets norecursedirs or confcutdir: conftest.py files are looked for with pytest's defaults")
		}
		if names := iniList(text, "python_files"); len(names) > 0 {
			c.names = names
		}
		for _, plugin := range addoptsPlugins(text) {
			if !c.localPlugin(dir, plugin, p+" addopts -p") && !c.localPlugin(c.cwd, plugin, p+" addopts -p") {
				c.dyn = append(c.dyn, p+" addopts -p "+plugin+" loads plugin "+plugin)
			}
		}
		return true
	}
	return false
}

// localPlugin reads a plugin -p names as a module of the project when
// dir holds it (name.py, or the package name/__init__.py, each package on
// a dotted path's way): pytest imports it from the rootdir or the working
// directory, both on its path. It reports whether the module was found.
func (c *conftests) localPlugin(dir, module, how string) bool {
	if dir == "" || !pythonModuleName(module) {
		return false
	}
	parts := strings.Split(module, ".")
	base := filepath.Join(append([]string{dir}, parts...)...)
	var files []string
	for i := 1; i < len(parts); i++ {
		files = append(files, filepath.Join(filepath.Join(append([]string{dir}, parts[:i]...)...), "__init__.py"))
	}
	found := false
	for _, p := range []string{base + ".py", filepath.Join(base, "__init__.py")} {
		if c.hasFile(filepath.Dir(p), filepath.Base(p)) {
			files, found = append(files, p), true
			break
		}
	}
	if !found {
		return false
	}
	for _, p := range files {
		if c.hasFile(filepath.Dir(p), filepath.Base(p)) && !c.seen[p] {
			c.seen[p] = true
			c.found = append(c.found, Triggered{Path: p, How: how + " " + module + " (a plugin pytest loads)", Lang: "python"})
		}
	}
	return true
}

// pythonModuleName reports a dotted Python module name (a.b_c).
func pythonModuleName(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" || strings.IndexFunc(part, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) >= 0 || part[0] >= '0' && part[0] <= '9' {
			return false
		}
	}
	return true
}

// hasFile reports a file named name in dir.
func (c *conftests) hasFile(dir, name string) bool {
	_, err := c.files.Read(filepath.Join(dir, name))
	return err == nil || errors.Is(err, ErrTooLarge)
}

// above adds the conftest.py files from cut down to the root's directory;
// a root outside cut has only its own directory's.
func (c *conftests) above(cut string, r testRoot) {
	var chain []string
	for d := r.dir; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if d == cut || d == filepath.Dir(d) || len(chain) >= MaxRepoSearch {
			if d != cut {
				chain = chain[:1]
			}
			break
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if entries, err := c.dirs.List(chain[i]); err == nil {
			c.conftestIn(chain[i], entries)
		}
	}
}

// conftestIn adds dir's conftest.py, if its entries hold one.
func (c *conftests) conftestIn(dir string, entries []fs.DirEntry) {
	for _, e := range entries {
		if e.Name() != "conftest.py" || e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if c.seen[p] {
			return
		}
		c.seen[p] = true
		if len(c.found) >= MaxConftests {
			c.dyn = append(c.dyn, fmt.Sprintf("more than %d conftest.py files: %s and any after it are not read", MaxConftests, p))
			return
		}
		c.found = append(c.found, Triggered{Path: p, How: "pytest conftest.py", Lang: "python"})
	}
}

// testsIn adds dir's test modules: the files whose names match the
// python_files patterns.
func (c *conftests) testsIn(dir string, entries []fs.DirEntry) {
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		for _, pattern := range c.names {
			if ok, _ := filepath.Match(pattern, e.Name()); ok {
				c.testModule(filepath.Join(dir, e.Name()))
				break
			}
		}
	}
}

// testModule adds a test module pytest imports, within MaxTestModules.
func (c *conftests) testModule(p string) {
	if c.seen[p] || c.tests >= MaxTestModules || filepath.Base(p) == "conftest.py" {
		return
	}
	c.seen[p] = true
	c.tests++
	c.found = append(c.found, Triggered{Path: p, How: "pytest test module " + filepath.Base(p), Lang: "python", BestEffort: true})
}

// iniList is the words of key's values in an ini or TOML file's text
// (python_files = test_*.py check_*.py, or a TOML array).
func iniList(text, key string) []string {
	var out []string
	for _, value := range iniValues(text, key) {
		out = append(out, iniWords(value)...)
	}
	return out
}

// iniWords splits a setting's value into its words: an ini list (spaces,
// commas) or a TOML string or array.
func iniWords(value string) []string {
	return strings.FieldsFunc(value, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '"' || r == '\'' || r == '[' || r == ']'
	})
}

// walk adds the conftest.py files of dir and of the directories pytest
// collects under it, depth first, within MaxConftestDirs.
func (c *conftests) walk(dir string) {
	if c.visited >= MaxConftestDirs {
		c.dyn = append(c.dyn, fmt.Sprintf("more directories than %d under the test paths: conftest.py files in %s are not read", MaxConftestDirs, dir))
		return
	}
	c.visited++
	entries, err := c.dirs.List(dir)
	if err != nil {
		c.dyn = append(c.dyn, fmt.Sprintf("directory %s cannot be listed (%v): pytest may load conftest.py files in it", dir, err))
		return
	}
	c.conftestIn(dir, entries)
	c.testsIn(dir, entries)
	if hasEntry(entries, "pyvenv.cfg") {
		return // a virtualenv: pytest does not collect in it
	}
	for _, e := range entries {
		c.child(dir, e)
	}
}

// child walks into one entry of dir, when pytest collects in it.
func (c *conftests) child(dir string, e fs.DirEntry) {
	name, sub := e.Name(), filepath.Join(dir, e.Name())
	switch {
	case strings.HasPrefix(name, ".") || pytestSkips.Get()[name] || strings.HasSuffix(name, ".egg"):
	case e.Type()&fs.ModeSymlink != 0:
		if c.isDir(sub) {
			c.dyn = append(c.dyn, "link "+sub+" is not followed: pytest may collect in it and load its conftest.py files")
		}
	case e.IsDir():
		c.walk(sub)
	}
}

// hasEntry reports an entry named name.
func hasEntry(entries []fs.DirEntry, name string) bool {
	for _, e := range entries {
		if e.Name() == name {
			return true
		}
	}
	return false
}

// addoptsPlugins are the plugins an ini file's addopts loads (-p NAME, not
// -p no:NAME), read by pytest's grammar: addopts = -p x, in an ini file
// with indented continuation lines, or a TOML string or array.
func addoptsPlugins(text string) []string {
	var out []string
	for _, opts := range iniValues(text, "addopts") {
		fields := iniWords(opts)
		ws := make([]registry.Word, len(fields))
		for i, f := range fields {
			ws[i] = registry.Word{Text: f}
		}
		pytest, _ := registry.Default().Lookup("pytest")
		scan := pytest.Node.Grammar.Scan(ws)
		for _, o := range scan.Values("-p") {
			if !strings.HasPrefix(o.Value, "no:") {
				out = append(out, o.Value)
			}
		}
	}
	return out
}

// iniValues are the values of key's settings in an ini or TOML file,
// continuation lines joined.
func iniValues(text, key string) []string {
	var out []string
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		k, value, ok := strings.Cut(lines[i], "=")
		if !ok || strings.TrimSpace(k) != key {
			continue
		}
		for i+1 < len(lines) && continues(lines[i+1], value) {
			i++
			value += " " + lines[i]
		}
		out = append(out, value)
	}
	return out
}

// continues reports a line that continues a value: indented (ini), or
// inside a TOML array not yet closed.
func continues(line, value string) bool {
	if strings.HasPrefix(strings.TrimSpace(value), "[") && !strings.Contains(value, "]") {
		return true
	}
	return line != "" && (line[0] == ' ' || line[0] == '\t') && !strings.Contains(line, "=")
}
