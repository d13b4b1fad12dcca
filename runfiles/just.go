package runfiles

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/shword"
	"github.com/permgate/permgate/registry"
)

// Bounds of the just reader.
const (
	// MaxJustfiles bounds the justfiles one reading reads (imports
	// included).
	MaxJustfiles = 16
	// MaxJustImportDepth bounds how deep imports nest.
	MaxJustImportDepth = 4
	// MaxJustRecipeRuns bounds the recipes (dependencies included) one
	// reading runs.
	MaxJustRecipeRuns = 512
	// MaxJustEvalDepth bounds how deep expressions and variable references
	// nest.
	MaxJustEvalDepth = 64
)

// justValue stands for a value known only at run time (a backtick's
// output, a function not evaluated); in the texts returned it is written
// JustValue.
const justValue = "\x00JUST_VALUE\x00"

// JustValue is the shell word that stands in a returned text for a value
// just knows only at run time.
const JustValue = "$JUST_VALUE"

// DirLister lists the names in a directory. Readers that find a file by a
// name in any case (justfile, Justfile, JUSTFILE) use it when their Files
// has it; without it they try the usual spellings.
type DirLister interface {
	ListDir(dir string) ([]string, error)
}

// ListDir implements DirLister: at most MaxDirEntries names.
func (o OS) ListDir(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	defer f.Close()
	names, err := f.Readdirnames(MaxDirEntries)
	if err != nil && len(names) == 0 {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	return names, nil
}

// ListDir implements DirLister: the names of the files directly in dir.
func (m Map) ListDir(dir string) ([]string, error) {
	dir = filepath.Clean(dir)
	seen := map[string]bool{}
	for p := range m {
		if rel, ok := strings.CutPrefix(p, strings.TrimSuffix(dir, "/")+"/"); ok && rel != "" {
			seen[strings.SplitN(rel, "/", 2)[0]] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// justGrammar is just's option grammar (just is not in the registry: its
// operands are recipes, read here).
var justGrammar = registry.Grammar{Short: "f:d:s:c:lnequvg", Long: []string{"justfile=", "working-directory=", "set=", "shell=", "shell-arg=", "dotenv-filename=",
	"dotenv-path=", "color=", "chooser=", "command=", "list-heading=", "list-prefix=", "show=", "usage=", "completions=", "dump-format=", "timestamp-format=",
	"tempdir=", "ceiling=", "cygpath=", "list=?", "evaluate", "variables", "summary", "dump", "fmt", "edit", "init", "choose", "dry-run", "yes", "quiet",
	"verbose", "unsorted", "check", "highlight", "no-highlight", "no-deps", "one", "timestamp", "global-justfile", "explain", "groups", "man", "no-dotenv",
	"allow-missing", "unstable", "shell-command", "help", "version", "no-aliases", "changelog"}}

// justMode is what a just invocation does.
type justMode uint8

const (
	justRun      justMode = iota // runs recipes
	justDryRun                   // evaluates, prints the recipes, runs none
	justEvaluate                 // evaluates the variables
	justNothing                  // lists, shows or formats: evaluates nothing
)

// justOptions are the just options the reading needs.
type justOptions struct {
	dir      string
	justfile string
	workDir  string
	mode     justMode
	noDeps   bool
	sets     map[string]string
	operands []string
	shell    bool
	command  bool
}

// justNothingOptions list, show or edit the justfile without evaluating it.
var justNothingOptions = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("-l --list --summary -s --show --dump --fmt --init -e --edit --variables --groups --man --help --version --completions --usage --changelog --check")
}}

// readJustArgs reads just's argv.
func readJustArgs(out *Run, dir string, args []string) justOptions {
	opts := justOptions{dir: dir, sets: map[string]string{}}
	ws := make([]registry.Word, len(args))
	for i, a := range args {
		ws[i] = registry.Word{Text: a}
	}
	scan := justGrammar.Scan(ws)
	setValue := map[int]bool{}
	for _, o := range scan.Opts {
		if o.Name == "--set" {
			setValue[o.ValueAt+1] = true
			if o.ValueAt+1 < len(args) {
				opts.sets[o.Value] = args[o.ValueAt+1]
			}
		}
		opts.option(out, o)
	}
	for _, i := range scan.Operands {
		if !setValue[i] {
			opts.operands = append(opts.operands, args[i])
		}
	}
	return opts
}

// option reads one of just's options.
func (o *justOptions) option(out *Run, opt registry.Opt) {
	switch opt.Name {
	case "-f", "--justfile":
		o.justfile = joinDir(o.dir, opt.Value)
	case "-d", "--working-directory":
		o.workDir = joinDir(o.dir, opt.Value)
	case "-n", "--dry-run":
		o.mode = max(o.mode, justDryRun)
	case "--evaluate":
		o.mode = max(o.mode, justEvaluate)
	case "--no-deps":
		o.noDeps = true
	default:
		o.runOption(out, opt)
	}
}

// runOption reads the options that change how recipes run, or that run
// none.
func (o *justOptions) runOption(out *Run, opt registry.Opt) {
	switch opt.Name {
	case "--shell", "--shell-arg", "--shell-command":
		o.shell = true
		out.dynamic("just %s: the recipes are not run by sh -cu", opt.Name)
	case "-c", "--command":
		o.command = true
		out.dynamic("just --command runs its own command, not a recipe (read as the command it is)")
	case "--choose", "-g", "--global-justfile":
		out.dynamic("just %s: the recipe or justfile is chosen at run time (not read)", opt.Name)
		o.mode = justNothing
	default:
		if justNothingOptions.Get()[opt.Name] {
			o.mode = justNothing
		}
	}
}

// justRecipe is one recipe.
type justRecipe struct {
	name     string
	params   []justParam
	deps     []justDep
	after    []justDep
	body     []justLine
	attrs    map[string]string
	where    string
	file     string
	shebang  bool
	private  bool
	disabled bool
}

// justParam is one recipe parameter.
type justParam struct {
	name     string
	def      string // the default's expression
	hasDef   bool
	variadic bool // +NAME or *NAME
	star     bool // *NAME: may be empty
	export   bool // $NAME
}

// justDep is a dependency and the expressions of its arguments.
type justDep struct {
	name string
	args []string
}

// justLine is one body line, as written (dedented).
type justLine struct {
	text  string
	where string
}

// justAssign is a top-level assignment.
type justAssign struct {
	name   string
	expr   string
	where  string
	export bool
}

// justReader reads justfiles and works out what their recipes run.
type justReader struct {
	files    Files
	out      *Run
	opts     justOptions
	env      map[string]string
	dir      string // the justfile's directory
	path     string
	recipes  map[string]*justRecipe
	first    string
	defaultR string
	aliases  map[string]string
	assigns  []justAssign
	values   map[string]string
	evaluing map[string]bool
	settings map[string]string
	modules  map[string]bool
	exported map[string]bool
	nfiles   int
	runs     int
	ran      map[string]bool
}

// JustRecipes returns what `just args…` run in dir runs: the texts of the
// recipes it names (or the default recipe), their dependencies first, and
// of the backticks just evaluates on the way. env is the environment just
// starts with. A linewise recipe gives a Text per line (each its own sh
// -cu); a shebang or [script] recipe one Text, in the language its
// interpreter names. Arguments are put into {{param}} as just does:
// verbatim, unquoted. A value known only at run time is written JustValue.
func JustRecipes(files Files, dir string, args []string, env map[string]string) Run {
	var out Run
	opts := readJustArgs(&out, dir, args)
	if opts.mode == justNothing {
		return out
	}
	j := &justReader{files: files, out: &out, opts: opts, env: copyEnv(env), recipes: map[string]*justRecipe{}, aliases: map[string]string{},
		values: map[string]string{}, evaluing: map[string]bool{}, settings: map[string]string{}, modules: map[string]bool{}, exported: map[string]bool{}, ran: map[string]bool{}}
	if !j.load() {
		return out
	}
	out.Dir = j.dir
	j.evaluateAll()
	if opts.mode == justEvaluate || opts.command {
		return out
	}
	j.invoke()
	return out
}

// copyEnv copies the environment, which .env files add to.
func copyEnv(env map[string]string) map[string]string {
	out := make(map[string]string, len(env))
	for k, v := range env {
		out[k] = v
	}
	return out
}

// load finds and reads the justfile; false when there is none.
func (j *justReader) load() bool {
	p, text, ok := j.find()
	if !ok {
		return false
	}
	j.path, j.dir = p, filepath.Dir(p)
	j.nfiles++
	j.parse(text, filepath.Base(p), 0)
	j.loadDotenv()
	return true
}

// find returns the justfile: -f's, else the first in the directory or a
// parent that holds one.
func (j *justReader) find() (string, string, bool) {
	if j.opts.justfile != "" {
		text, err := j.files.Read(j.opts.justfile)
		return j.opts.justfile, text, j.readOK(j.opts.justfile, err)
	}
	dir := filepath.Clean(j.opts.dir)
	if j.opts.workDir != "" {
		dir = j.opts.workDir
	}
	for range MaxParentDirs {
		for _, name := range j.candidates(dir) {
			p := filepath.Join(dir, name)
			text, err := j.files.Read(p)
			if err == nil || !Missing(err) {
				return p, text, j.readOK(p, err)
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
	j.out.dynamic("no justfile within %d parent directories of %s: one further up is not read", MaxParentDirs, j.opts.dir)
	return "", "", false
}

// readOK reports a justfile read whole; one that is not is Dynamic.
func (j *justReader) readOK(p string, err error) bool {
	if err == nil {
		return true
	}
	if !Missing(err) {
		j.out.unread("just: %v: the justfile is not read", err)
	}
	return false
}

// candidates are the names in dir that just takes for its justfile: any
// spelling of justfile or .justfile.
func (j *justReader) candidates(dir string) []string {
	lister, ok := j.files.(DirLister)
	if !ok {
		return []string{"justfile", "Justfile", "JUSTFILE", ".justfile", ".Justfile"}
	}
	names, err := lister.ListDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range names {
		if l := strings.ToLower(n); l == "justfile" || l == ".justfile" {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(a, b int) bool { return !strings.HasPrefix(out[a], ".") && strings.HasPrefix(out[b], ".") })
	return out
}

// parse reads a justfile's text.
func (j *justReader) parse(text, name string, depth int) {
	lines := sourceLines(text)
	var attrs map[string]string
	for i := 0; i < len(lines); i++ {
		where := fmt.Sprintf("%s:%d", name, i+1)
		t := strings.TrimSpace(lines[i])
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
		case lines[i][0] == ' ' || lines[i][0] == '\t':
			j.out.dynamic("%s: an indented line outside a recipe: just fails to read the justfile", where)
		case strings.HasPrefix(t, "["):
			attrs = addAttrs(attrs, t)
		default:
			if r, ok := j.recipeHeader(t, where, name, attrs); ok {
				i = j.body(r, lines, i)
				attrs = nil
				continue
			}
			j.item(t, where, depth)
			attrs = nil
		}
	}
}

// addAttrs reads an attribute line: [private], [no-cd, linux],
// [script("python3")].
func addAttrs(attrs map[string]string, line string) map[string]string {
	if attrs == nil {
		attrs = map[string]string{}
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(stripJustComment(line), "["), "]")
	for _, a := range splitTopLevel(inner, ',') {
		a = strings.TrimSpace(a)
		name, arg, _ := strings.Cut(a, "(")
		if !strings.Contains(a, "(") {
			name, arg, _ = strings.Cut(a, ":")
		}
		attrs[strings.TrimSpace(name)] = strings.TrimSpace(strings.TrimSuffix(arg, ")"))
	}
	return attrs
}

// stripJustComment drops a comment outside quotes.
func stripJustComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '#':
			return strings.TrimSpace(line[:i])
		}
	}
	return strings.TrimSpace(line)
}

// splitTopLevel splits s at sep outside quotes and parentheses.
func splitTopLevel(s string, sep byte) []string {
	var out []string
	start := 0
	eachTopLevel(s, func(i int) bool {
		if s[i] == sep {
			out = append(out, s[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, s[start:])
}

// eachTopLevel calls at with the index of each byte of s outside quotes
// and parentheses (a quote or parenthesis itself excluded), until at
// returns false.
func eachTopLevel(s string, at func(i int) bool) {
	var quote byte
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && !at(i):
			return
		}
	}
}

// item reads a line that is no recipe: a setting, alias, assignment,
// import or module.
func (j *justReader) item(t, where string, depth int) {
	t = stripJustComment(t)
	word, rest, _ := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "set":
		j.setting(rest, where)
	case "alias":
		name, target, _ := strings.Cut(rest, ":=")
		j.aliases[strings.TrimSpace(name)] = strings.TrimSpace(target)
	case "import", "import?":
		j.importFile(rest, word == "import?", where, depth)
	case "mod", "mod?":
		name, _, _ := strings.Cut(rest, " ")
		j.modules[strings.TrimSpace(name)] = true
	case "export":
		j.assign(rest, where, true)
	case "unexport":
	default:
		j.assign(t, where, false)
	}
}

// assign reads NAME := EXPR.
func (j *justReader) assign(t, where string, export bool) {
	name, expr, ok := strings.Cut(t, ":=")
	if !ok {
		j.out.dynamic("%s: a line just does not read as a recipe, setting or assignment: it fails", where)
		return
	}
	j.assigns = append(j.assigns, justAssign{name: strings.TrimSpace(name), expr: strings.TrimSpace(expr), where: where, export: export})
	if export {
		j.exported[strings.TrimSpace(name)] = true
	}
}

// setting reads set NAME [:= VALUE].
func (j *justReader) setting(rest, where string) {
	name, value, has := strings.Cut(rest, ":=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !has {
		value = "true"
	}
	j.settings[name] = value
	switch name {
	case "shell", "script-interpreter", "windows-shell", "windows-powershell":
		if name == "shell" && !justShellIsSh(value) {
			j.out.dynamic("%s: set shell := %s: the recipes are not run by sh -cu", where, value)
		}
	case "fallback":
		if value == "true" {
			j.out.dynamic("%s: set fallback: a recipe not found here is looked for in the justfiles above (not read)", where)
		}
	}
}

// justShellIsSh reports a shell setting that runs lines as sh -c does.
func justShellIsSh(value string) bool {
	inner := strings.TrimSuffix(strings.TrimPrefix(value, "["), "]")
	parts := splitTopLevel(inner, ',')
	if len(parts) == 0 {
		return false
	}
	prog := strings.Trim(strings.TrimSpace(parts[0]), `"'`)
	return shellIsSh(prog) || prog == "zsh" || prog == "/bin/zsh"
}

// importFile reads import 'path'.
func (j *justReader) importFile(rest string, optional bool, where string, depth int) {
	name, ok := justLiteral(rest)
	if !ok {
		j.out.dynamic("%s: import of a path not read", where)
		return
	}
	if depth >= MaxJustImportDepth || j.nfiles >= MaxJustfiles {
		j.out.dynamic("%s: import %s past the bound of %d justfiles, %d deep (not read)", where, name, MaxJustfiles, MaxJustImportDepth)
		return
	}
	p := joinDir(j.dir, name)
	text, err := j.files.Read(p)
	if err != nil {
		switch {
		case !Missing(err):
			j.out.unread("%s: import %s: %v (not read)", where, name, err)
		case !optional:
			j.out.dynamic("%s: import %s: %v (not read)", where, name, err)
		}
		return
	}
	j.nfiles++
	j.parse(text, name, depth+1)
}

// justLiteral reads a quoted string literal alone.
func justLiteral(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1], true
	}
	return "", false
}

// recipeHeader reads a recipe's first line: [@]NAME PARAMS: DEPS [&& DEPS].
func (j *justReader) recipeHeader(t, where, file string, attrs map[string]string) (*justRecipe, bool) {
	t = stripJustComment(t)
	colon := headerColon(t)
	if colon < 0 {
		return nil, false
	}
	head := strings.Fields(splitParams(t[:colon]))
	if len(head) == 0 {
		return nil, false
	}
	name := strings.TrimPrefix(head[0], "@")
	if !justIdent(name) || head[0] == "set" || head[0] == "alias" || head[0] == "export" {
		return nil, false
	}
	r := &justRecipe{name: name, attrs: attrs, where: where, file: file, private: strings.HasPrefix(name, "_") || hasAttr(attrs, "private")}
	r.disabled = !enabledHere(attrs)
	for _, p := range head[1:] {
		r.params = append(r.params, readParam(p))
	}
	deps, after, _ := strings.Cut(t[colon+1:], "&&")
	r.deps, r.after = readDeps(deps), readDeps(after)
	j.addRecipe(r)
	return r, true
}

// headerColon returns the index of a recipe header's colon (not := nor
// one in a default's quotes), or -1.
func headerColon(t string) int {
	colon := -1
	eachTopLevel(t, func(i int) bool {
		if t[i] != ':' {
			return true
		}
		if i+1 >= len(t) || t[i+1] != '=' {
			colon = i
		}
		return false
	})
	return colon
}

// splitParams rewrites NAME='a b' as one field: spaces inside quotes and
// parentheses become a placeholder that readParam restores.
func splitParams(s string) string {
	var b strings.Builder
	var quote byte
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\'' || c == '`'):
			quote = c
		case quote == 0 && c == '(':
			depth++
		case quote == 0 && c == ')':
			depth--
		}
		if (quote != 0 || depth > 0) && c == ' ' {
			b.WriteString("\x01")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// justIdent reports a recipe name just takes.
func justIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c == '-' && i > 0 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			return false
		}
	}
	return true
}

// readParam reads one parameter: [+*][$]NAME[=DEFAULT].
func readParam(p string) justParam {
	p = strings.ReplaceAll(p, "\x01", " ")
	var out justParam
	if p != "" && (p[0] == '+' || p[0] == '*') {
		out.variadic, out.star, p = true, p[0] == '*', p[1:]
	}
	if strings.HasPrefix(p, "$") {
		out.export, p = true, p[1:]
	}
	out.name, out.def, out.hasDef = strings.Cut(p, "=")
	return out
}

// readDeps reads a dependency list: NAME or (NAME ARG…).
func readDeps(s string) []justDep {
	var out []justDep
	for _, f := range strings.Fields(splitParams(s)) {
		f = strings.ReplaceAll(f, "\x01", " ")
		if strings.HasPrefix(f, "(") {
			parts := strings.Fields(splitParams(strings.TrimSuffix(strings.TrimPrefix(f, "("), ")")))
			if len(parts) == 0 {
				continue
			}
			dep := justDep{name: parts[0]}
			for _, a := range parts[1:] {
				dep.args = append(dep.args, strings.ReplaceAll(a, "\x01", " "))
			}
			out = append(out, dep)
			continue
		}
		out = append(out, justDep{name: f})
	}
	return out
}

// hasAttr reports an attribute.
func hasAttr(attrs map[string]string, name string) bool {
	_, ok := attrs[name]
	return ok
}

// enabledHere reports a recipe enabled on Linux: one with no OS attribute,
// or with [linux] or [unix].
func enabledHere(attrs map[string]string) bool {
	osAttr := false
	for _, name := range []string{"linux", "unix", "macos", "windows", "openbsd", "freebsd", "netbsd", "dragonfly", "android"} {
		if hasAttr(attrs, name) {
			osAttr = true
		}
	}
	return !osAttr || hasAttr(attrs, "linux") || hasAttr(attrs, "unix")
}

// addRecipe records a recipe: one disabled here does not replace one
// enabled.
func (j *justReader) addRecipe(r *justRecipe) {
	if old, ok := j.recipes[r.name]; ok && !old.disabled && r.disabled {
		return
	}
	if j.first == "" && !r.disabled {
		j.first = r.name
	}
	if hasAttr(r.attrs, "default") {
		j.defaultR = r.name
	}
	j.recipes[r.name] = r
}

// body reads the recipe's indented body from lines[i+1:] and returns the
// index of its last line.
func (j *justReader) body(r *justRecipe, lines []string, i int) int {
	indent := ""
	last := i
	for k := i + 1; k < len(lines); k++ {
		line := lines[k]
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			break
		}
		if indent == "" {
			indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		}
		for _, blank := range lines[last+1 : k] {
			if r.shebang || len(r.body) > 0 && strings.HasPrefix(r.body[0].text, "#!") {
				r.body = append(r.body, justLine{text: strings.TrimSpace(blank), where: ""})
			}
		}
		r.body = append(r.body, justLine{text: strings.TrimPrefix(line, indent), where: fmt.Sprintf("%s:%d", r.file, k+1)})
		last = k
	}
	r.shebang = len(r.body) > 0 && strings.HasPrefix(r.body[0].text, "#!") || hasAttr(r.attrs, "script")
	return last
}

// loadDotenv adds the .env file's variables to the environment when the
// justfile asks for it (set dotenv-load, dotenv-filename, dotenv-path):
// those set already stay.
func (j *justReader) loadDotenv() {
	name := ".env"
	if v, ok := j.settings["dotenv-filename"]; ok {
		name, _ = justLiteral(v)
	}
	p := filepath.Join(j.dir, name)
	if v, ok := j.settings["dotenv-path"]; ok {
		rel, _ := justLiteral(v)
		p = joinDir(j.dir, rel)
	} else if j.settings["dotenv-load"] != "true" && !hasKey(j.settings, "dotenv-filename") {
		return
	}
	text, err := j.files.Read(p)
	if err != nil {
		if !Missing(err) {
			j.out.unread("just: %v: the environment it sets is not read", err)
		}
		return
	}
	for _, line := range sourceLines(text) {
		line = strings.TrimPrefix(strings.TrimSpace(line), "export ")
		key, value, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if unq, ok := justLiteral(value); ok {
			value = unq
		}
		if _, set := j.env[key]; !set {
			j.env[key] = value
		}
	}
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// evaluateAll evaluates every assignment, as just does before it runs a
// recipe (their backticks run even when no recipe uses the variable); the
// command line's values replace the justfile's.
func (j *justReader) evaluateAll() {
	j.takeOverrides()
	for _, a := range j.assigns {
		j.variable(a.name, 0)
	}
}

// takeOverrides reads NAME=VALUE operands before the first recipe.
func (j *justReader) takeOverrides() {
	ops := j.opts.operands
	for len(ops) > 0 {
		name, value, ok := strings.Cut(ops[0], "=")
		if !ok || !justIdent(name) {
			break
		}
		j.opts.sets[name] = value
		ops = ops[1:]
	}
	j.opts.operands = ops
	for name, value := range j.opts.sets {
		j.values[name] = value
	}
}

// variable returns a variable's value, evaluating it on first use.
func (j *justReader) variable(name string, depth int) (string, bool) {
	if v, ok := j.values[name]; ok {
		return v, true
	}
	for _, a := range j.assigns {
		if a.name != name {
			continue
		}
		if j.evaluing[name] || depth > MaxJustEvalDepth {
			j.out.dynamic("%s: %s refers to itself: just fails", a.where, name)
			return justValue, true
		}
		j.evaluing[name] = true
		v := j.eval(a.expr, nil, a.where+" backtick in "+name, depth+1)
		j.evaluing[name] = false
		j.values[name] = v
		return v, true
	}
	return "", false
}

// eval evaluates an expression; source is the Source of the backticks it
// runs.
func (j *justReader) eval(expr string, scope map[string]string, source string, depth int) string {
	e := &justExpr{j: j, s: expr, scope: scope, source: source, depth: depth}
	v := e.expr()
	e.skipSpace()
	if e.i < len(e.s) {
		j.out.dynamic("%s: expression %q not read whole: its value is written %s", strings.TrimSuffix(source, " backtick"), expr, JustValue)
		return justValue
	}
	return v
}

// justExpr is an expression being evaluated.
type justExpr struct {
	j      *justReader
	s      string
	i      int
	scope  map[string]string
	source string
	depth  int
}

func (e *justExpr) skipSpace() {
	e.i = min(e.i, len(e.s))
	for e.i < len(e.s) && (e.s[e.i] == ' ' || e.s[e.i] == '\t' || e.s[e.i] == '\n' || e.s[e.i] == '\\') {
		e.i++
	}
}

// peek reports whether the expression goes on with tok.
func (e *justExpr) peek(tok string) bool {
	e.skipSpace()
	return strings.HasPrefix(e.s[e.i:], tok)
}

// expr reads if … else …, or values joined by + and /.
func (e *justExpr) expr() string {
	if e.depth > MaxJustEvalDepth {
		e.i = len(e.s)
		return justValue
	}
	if e.peek("if ") || e.peek("if(") {
		return e.ifExpr()
	}
	v := e.term()
	for {
		switch {
		case e.peek("+"):
			e.i++
			v += e.term()
		case e.peek("/"):
			e.i++
			v = strings.TrimSuffix(v, "/") + "/" + strings.TrimPrefix(e.term(), "/")
		case e.peek("&&"):
			e.i += 2
			r := e.term()
			v = andOr(v, r, true)
		case e.peek("||"):
			e.i += 2
			r := e.term()
			v = andOr(v, r, false)
		default:
			return v
		}
	}
}

// andOr is just's && and ||.
func andOr(a, b string, and bool) string {
	if strings.Contains(a, justValue) {
		return justValue
	}
	if and == (a == "") {
		return a
	}
	return b
}

// ifExpr reads if A == B { X } else { Y }: only the branch taken is
// evaluated, both when the condition is known only at run time.
func (e *justExpr) ifExpr() string {
	e.i += 2
	a := e.term()
	e.skipSpace()
	op := ""
	for _, candidate := range []string{"==", "!=", "=~", "!~"} {
		if strings.HasPrefix(e.s[e.i:], candidate) {
			op = candidate
		}
	}
	e.i += len(op)
	b := e.term()
	known := !strings.Contains(a+b, justValue) && (op == "==" || op == "!=")
	cond := op == "==" && a == b || op == "!=" && a != b
	if !known {
		e.j.out.dynamic("%s: a condition known only at run time: both branches evaluated", strings.TrimSuffix(e.source, " backtick"))
	}
	then := e.branch(known && !cond)
	if !e.peek("else") {
		return then
	}
	e.i += 4
	var other string
	if e.peek("if") {
		sub := *e
		sub.depth++
		other = sub.ifExpr()
		e.i = sub.i
	} else {
		other = e.branch(known && cond)
	}
	switch {
	case !known:
		return justValue
	case cond:
		return then
	}
	return other
}

// branch reads { EXPR }; skip reads it without evaluating it.
func (e *justExpr) branch(skip bool) string {
	if !e.peek("{") {
		e.i = len(e.s)
		return justValue
	}
	e.i++
	start := e.i
	depth := 1
	for e.i < len(e.s) && depth > 0 {
		switch e.s[e.i] {
		case '{':
			depth++
		case '}':
			depth--
		}
		e.i++
	}
	inner := e.s[start : e.i-1]
	if skip {
		return ""
	}
	return e.j.eval(inner, e.scope, e.source, e.depth+1)
}

// term reads a string, backtick, call, variable or parenthesised
// expression.
func (e *justExpr) term() string {
	e.skipSpace()
	if e.i >= len(e.s) {
		return ""
	}
	switch c := e.s[e.i]; {
	case c == '\'' || c == '"':
		return e.str()
	case c == '`':
		return e.backtick()
	case c == '(':
		e.i++
		v := e.expr()
		if e.peek(")") {
			e.i++
		}
		return v
	case c == '/':
		e.i++
		return "/" + e.term()
	}
	return e.identTerm()
}

// str reads a quoted string: '…' raw, "…" with escapes, and their
// triple-quoted forms.
func (e *justExpr) str() string {
	q := e.s[e.i]
	delim := string(q)
	if strings.HasPrefix(e.s[e.i:], strings.Repeat(delim, 3)) {
		delim = strings.Repeat(delim, 3)
	}
	e.i += len(delim)
	end := strings.Index(e.s[e.i:], delim)
	if q == '"' {
		end = closingQuote(e.s[e.i:], delim)
	}
	if end < 0 {
		e.i = len(e.s)
		return justValue
	}
	raw := e.s[e.i : e.i+end]
	e.i += end + len(delim)
	if q == '"' {
		return unescapeJust(raw)
	}
	return raw
}

// closingQuote finds the closing delimiter of a "…" string, past escapes.
func closingQuote(s, delim string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if strings.HasPrefix(s[i:], delim) {
			return i
		}
	}
	return -1
}

// unescapeJust reads a "…" string's escapes.
func unescapeJust(s string) string {
	r := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\r`, "\r", `\"`, `"`, `\\`, `\`, "\\\n", "")
	return r.Replace(s)
}

// backtick records the command a backtick runs; its output is known only
// at run time.
func (e *justExpr) backtick() string {
	delim := "`"
	if strings.HasPrefix(e.s[e.i:], "```") {
		delim = "```"
	}
	e.i += len(delim)
	end := strings.Index(e.s[e.i:], delim)
	if end < 0 {
		e.i = len(e.s)
		return justValue
	}
	cmd := e.s[e.i : e.i+end]
	e.i += end + len(delim)
	e.j.out.add(e.source, strings.TrimSpace(cmd), "")
	return justValue
}

// identTerm reads a variable or a function call.
func (e *justExpr) identTerm() string {
	start := e.i
	for e.i < len(e.s) && (justIdent(e.s[start:e.i+1]) || e.s[e.i] == '_') {
		e.i++
	}
	name := e.s[start:e.i]
	if name == "" {
		e.i = len(e.s)
		return justValue
	}
	if e.i < len(e.s) && (e.s[e.i] == '\'' || e.s[e.i] == '"') && (name == "x" || name == "f") {
		e.j.out.dynamic("%s: a %s-string is not evaluated: its value is written %s", strings.TrimSuffix(e.source, " backtick"), name, JustValue)
		e.str()
		return justValue
	}
	if e.peek("(") {
		e.i++
		return e.call(name, e.args())
	}
	if v, ok := e.scope[name]; ok {
		return v
	}
	if v, ok := e.j.variable(name, e.depth+1); ok {
		return v
	}
	e.j.out.dynamic("%s: %s is no variable or parameter: just fails", strings.TrimSuffix(e.source, " backtick"), name)
	return justValue
}

// args reads a call's arguments up to its ).
func (e *justExpr) args() []string {
	var out []string
	for !e.peek(")") && e.i < len(e.s) {
		out = append(out, e.expr())
		if e.peek(",") {
			e.i++
		} else if !e.peek(")") {
			e.i = len(e.s)
			return out
		}
	}
	e.i++
	return out
}

// call evaluates one of just's functions.
func (e *justExpr) call(name string, args []string) string {
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	if fn, ok := justPathFuncs.Get()[name]; ok {
		return fn(arg(0))
	}
	if v, ok := e.j.place(name); ok {
		return v
	}
	switch name {
	case "env_var", "env", "env_var_or_default":
		return e.envFunc(name, args)
	case "quote":
		return justQuote(arg(0))
	case "replace":
		return strings.ReplaceAll(arg(0), arg(1), arg(2))
	case "join":
		return path.Join(args...)
	case "append", "prepend":
		return affix(name, arg(0), arg(1))
	case "shell":
		e.j.out.add(e.source, shellWithArgs(arg(0), args[min(1, len(args)):]), "")
		return justValue
	}
	e.j.out.dynamic("%s: %s() is not evaluated: its value is written %s", strings.TrimSuffix(e.source, " backtick"), name, JustValue)
	return justValue
}

// envFunc is env_var(NAME), env(NAME[, DEFAULT]).
func (e *justExpr) envFunc(name string, args []string) string {
	if len(args) == 0 {
		return justValue
	}
	if v, ok := e.j.env[args[0]]; ok {
		return v
	}
	if len(args) > 1 {
		return args[1]
	}
	e.j.out.dynamic("%s: %s(%q) of a variable not set: just fails", strings.TrimSuffix(e.source, " backtick"), name, args[0])
	return justValue
}

// place evaluates the functions that name where just runs.
func (j *justReader) place(name string) (string, bool) {
	switch name {
	case "justfile", "source_file":
		return j.path, true
	case "justfile_directory", "source_directory":
		return j.dir, true
	case "invocation_directory", "invocation_directory_native":
		return filepath.Clean(j.opts.dir), true
	case "os":
		return "linux", true
	case "os_family":
		return "unix", true
	case "home_directory":
		return j.home(), true
	}
	return "", false
}

// justPathFuncs are just's functions of one string argument.
var justPathFuncs = lazy.Value[map[string]func(string) string]{Make: func() map[string]func(string) string {
	return map[string]func(string) string{
		"trim": strings.TrimSpace, "uppercase": strings.ToUpper, "lowercase": strings.ToLower,
		"trim_start": func(s string) string { return strings.TrimLeft(s, " \t\n") },
		"trim_end":   func(s string) string { return strings.TrimRight(s, " \t\n") },
		"clean":      path.Clean, "file_name": path.Base, "parent_directory": path.Dir, "extension": func(s string) string { return strings.TrimPrefix(path.Ext(s), ".") },
		"without_extension": func(s string) string { return strings.TrimSuffix(s, path.Ext(s)) },
		"file_stem":         func(s string) string { b := path.Base(s); return strings.TrimSuffix(b, path.Ext(b)) },
	}
}}

// affix is append(suffix, s) and prepend(prefix, s), word by word.
func affix(name, fix, s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if name == "append" {
			words[i] = w + fix
		} else {
			words[i] = fix + w
		}
	}
	return strings.Join(words, " ")
}

// home is home_directory(): $HOME.
func (j *justReader) home() string {
	if h, ok := j.env["HOME"]; ok {
		return h
	}
	return justValue
}

// justQuote is just's quote(): single quotes, with ' written '\”.
func justQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWithArgs is the text shell(cmd, args…) runs: sh -cu cmd with the
// arguments as $1….
func shellWithArgs(cmd string, args []string) string {
	cmd = strings.ReplaceAll(cmd, justValue, JustValue)
	if len(args) == 0 {
		return cmd
	}
	return "set -- " + joinQuoted(args) + "\n" + cmd
}

// invoke runs the recipes the operands name, or the default recipe.
func (j *justReader) invoke() {
	ops := j.opts.operands
	if len(ops) == 0 {
		name := j.defaultR
		if name == "" {
			name = j.first
		}
		if r, ok := j.recipes[name]; ok {
			j.run(r, nil, 0)
		}
		return
	}
	calls, ok := j.readCalls(ops)
	if !ok {
		return
	}
	for _, c := range calls {
		j.run(c.recipe, c.args, 0)
	}
}

// justCall is one recipe the command line names, with its arguments.
type justCall struct {
	recipe *justRecipe
	args   []string
}

// readCalls reads the operands as recipes and their arguments; false when
// just refuses them (a recipe not found, too few arguments) and runs
// nothing.
func (j *justReader) readCalls(ops []string) ([]justCall, bool) {
	var calls []justCall
	for len(ops) > 0 {
		name := ops[0]
		if target, ok := j.aliases[name]; ok {
			name = target
		}
		if strings.Contains(name, "/") || strings.Contains(name, "::") || j.modules[name] {
			j.out.dynamic("just %s: a recipe of another justfile or module (not read)", ops[0])
			return calls, true
		}
		r, ok := j.recipes[name]
		if !ok || r.disabled {
			return nil, false // just: no such recipe
		}
		n, ok := r.takes(len(ops) - 1)
		if !ok {
			return nil, false
		}
		calls = append(calls, justCall{recipe: r, args: ops[1 : 1+n]})
		ops = ops[1+n:]
	}
	return calls, true
}

// takes returns how many of the available words the recipe takes as its
// arguments; false when there are too few.
func (r *justRecipe) takes(available int) (int, bool) {
	required, most := 0, 0
	for _, p := range r.params {
		if !p.hasDef && !p.star {
			required++
		}
		most++
		if p.variadic {
			most = available
		}
	}
	if available < required {
		return 0, false
	}
	return min(available, max(most, required)), true
}

// run runs a recipe: its dependencies, its body, then those after &&.
func (j *justReader) run(r *justRecipe, args []string, depth int) {
	key := r.name + "\x00" + strings.Join(args, "\x00")
	if j.ran[key] {
		return
	}
	if j.runs >= MaxJustRecipeRuns || depth > MaxJustEvalDepth {
		j.out.dynamic("just: more than %d recipe runs: the rest are not read", MaxJustRecipeRuns)
		return
	}
	j.ran[key] = true
	j.runs++
	scope := j.bind(r, args)
	j.deps(r, r.deps, scope, depth)
	j.runBody(r, scope)
	j.deps(r, r.after, scope, depth)
}

// bind sets the recipe's parameters from the arguments and defaults.
func (j *justReader) bind(r *justRecipe, args []string) map[string]string {
	scope := map[string]string{}
	for i, p := range r.params {
		switch {
		case p.variadic:
			if i < len(args) {
				scope[p.name] = strings.Join(args[i:], " ")
			} else if p.hasDef {
				scope[p.name] = j.eval(p.def, scope, r.where+" backtick in a default of "+r.name, 0)
			}
		case i < len(args):
			scope[p.name] = args[i]
		case p.hasDef:
			scope[p.name] = j.eval(p.def, scope, r.where+" backtick in a default of "+r.name, 0)
		}
	}
	return scope
}

// deps runs dependencies, their arguments evaluated in the recipe's scope.
func (j *justReader) deps(r *justRecipe, deps []justDep, scope map[string]string, depth int) {
	if j.opts.noDeps {
		return
	}
	for _, d := range deps {
		name := d.name
		if target, ok := j.aliases[name]; ok {
			name = target
		}
		dep, ok := j.recipes[name]
		if !ok {
			j.out.dynamic("%s: dependency %s of %s is no recipe: just fails", r.where, d.name, r.name)
			continue
		}
		var args []string
		for _, a := range d.args {
			args = append(args, j.eval(a, scope, r.where+" backtick in a dependency of "+r.name, 0))
		}
		j.run(dep, args, depth+1)
	}
}

// runBody adds the recipe's body texts: one per line, or the whole script.
func (j *justReader) runBody(r *justRecipe, scope map[string]string) {
	source := r.where + " recipe " + r.name
	var lines []string
	for _, l := range joinJustContinued(r.body) {
		lines = append(lines, j.interpolate(l.text, scope, l.where+" backtick in recipe "+r.name))
	}
	if j.opts.mode == justDryRun || len(lines) == 0 {
		return
	}
	prefix := j.prelude(r, scope, strings.Join(lines, "\n"))
	if r.shebang {
		lang := scriptLang(r, lines, j.settings["script-interpreter"])
		text := strings.Join(lines, "\n")
		if lang == "" {
			text = prefix + text
		}
		j.out.add(source+" (script)", strings.ReplaceAll(text, justValue, JustValue), lang)
		return
	}
	for _, line := range lines {
		line = strings.TrimLeft(line, "@-")
		if strings.TrimSpace(line) == "" {
			continue
		}
		j.out.add(source, strings.ReplaceAll(prefix+line, justValue, JustValue), "")
	}
}

// joinJustContinued joins a linewise body's lines that end in a backslash
// with the next, as sh reads them.
func joinJustContinued(body []justLine) []justLine {
	var out []justLine
	for i := 0; i < len(body); i++ {
		l := body[i]
		for continued(l.text) && i+1 < len(body) {
			i++
			l.text += "\n" + body[i].text
		}
		out = append(out, l)
	}
	return out
}

// prelude sets what the recipe's lines see besides their text: the
// exported parameters and variables they name, and the positional
// arguments.
func (j *justReader) prelude(r *justRecipe, scope map[string]string, text string) string {
	var b strings.Builder
	exportAll := j.settings["export"] == "true"
	var names []string
	for _, p := range r.params {
		if (p.export || exportAll) && mentions(text, p.name) {
			names = append(names, p.name)
		}
	}
	for _, a := range j.assigns {
		if (a.export || exportAll) && mentions(text, a.name) {
			if _, shadowed := scope[a.name]; !shadowed {
				names = append(names, a.name)
			}
		}
	}
	for _, n := range names {
		v, ok := scope[n]
		if !ok {
			v, _ = j.variable(n, 0)
		}
		b.WriteString("export " + n + "=" + quoteWithValue(v) + "\n")
	}
	if j.settings["positional-arguments"] == "true" || hasAttr(r.attrs, "positional-arguments") {
		var args []string
		for _, p := range r.params {
			args = append(args, scope[p.name])
		}
		b.WriteString("set -- " + joinQuoted(args) + "\n")
	}
	return b.String()
}

// mentions reports $NAME or ${NAME} in a text.
func mentions(text, name string) bool {
	return strings.Contains(text, "$"+name) || strings.Contains(text, "${"+name)
}

// quoteWithValue quotes a value for sh, with its parts known only at run
// time written JustValue, unquoted but for double quotes.
func quoteWithValue(v string) string {
	parts := strings.Split(v, justValue)
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`"` + JustValue + `"`)
		}
		if p != "" {
			b.WriteString(shellQuote(p))
		}
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// interpolate evaluates a line's {{…}}; {{{{ is a literal {{.
func (j *justReader) interpolate(line string, scope map[string]string, source string) string {
	var b strings.Builder
	for {
		i := strings.Index(line, "{{")
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(line[:i])
		if strings.HasPrefix(line[i:], "{{{{") {
			b.WriteString("{{")
			line = line[i+4:]
			continue
		}
		end := strings.Index(line[i+2:], "}}")
		if end < 0 {
			j.out.dynamic("%s: an unterminated {{: just fails", strings.TrimSuffix(source, " backtick"))
			b.WriteString(line[i:])
			return b.String()
		}
		b.WriteString(j.eval(line[i+2:i+2+end], scope, source, 0))
		line = line[i+2+end+2:]
	}
}

// scriptLang returns the language of a script recipe from its shebang or
// [script] attribute: "" for a shell.
func scriptLang(r *justRecipe, lines []string, interpreter string) string {
	if v, ok := r.attrs["script"]; ok {
		if v == "" {
			v = interpreter
		}
		return langOf(strings.Fields(strings.Trim(strings.Trim(strings.TrimSpace(v), "[]"), `"'`)))
	}
	return langOf(strings.Fields(strings.TrimPrefix(lines[0], "#!")))
}

// langOf names the language of an interpreter command: env's program,
// without its version.
func langOf(fields []string) string {
	if len(fields) == 0 {
		return ""
	}
	prog := path.Base(strings.Trim(fields[0], `"',`))
	if prog == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				return langOf([]string{f})
			}
		}
		return ""
	}
	if shellIsSh(prog) || prog == "zsh" || prog == "ksh" {
		return ""
	}
	name := shword.TrimVersion(prog)
	if name == "nodejs" {
		return "node"
	}
	if name == "" {
		return prog
	}
	return name
}
