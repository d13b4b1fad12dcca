package runfiles

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// MaxToxEnvs bounds the tox environments one command's reading takes; past
// it the rest are said to be not read.
const MaxToxEnvs = 64

// MaxToxSubstDepth bounds nested {[section]key} and {posargs:…}
// substitutions in one tox value (a reference cycle stops there).
const MaxToxSubstDepth = 8

// MaxToxBraceNames bounds the names one generative tox name
// (py{38,39}-django{40,41}) expands to.
const MaxToxBraceNames = 256

// toxCommandKeys are the settings whose lines tox runs, in the order it
// runs them.
var toxCommandKeys = []string{"commands_pre", "commands", "commands_post"}

// ToxCommands returns the command lines tox with arguments args (the words
// after "tox") runs when started in dir: the commands_pre, commands and
// commands_post of each environment it runs (-e, -m, -f, else the
// configuration's env_list), read from tox.ini, setup.cfg's [tox:tox], or
// pyproject.toml's legacy_tox_ini (-c names another file). An environment
// without its own section takes [testenv]'s (or its base's) settings.
// Every line of a factor-conditional setting is taken whatever the
// factors; {posargs} is the words after "--". tox's install commands and
// the packages it installs are in Outside; a toxfile.py plugin beside the
// configuration is a python Text. The environment (TOXENV, TOX_*) is not
// seen: a caller that knows it sets -e from it.
func ToxCommands(files Files, dir string, args []shellparse.Word) Run {
	var out Run
	call, runs := readToxCall(&out, args)
	if !runs {
		return out
	}
	cfg, found := findToxConfig(files, &out, dir, call.conf)
	if !found || cfg == nil {
		return out
	}
	toxPlugin(files, &out, cfg.dir)
	if call.exec {
		out.add("tox exec", call.posargsText(), "")
		return out
	}
	envs := call.envNames(&out, cfg)
	r := toxReader{cfg: cfg, call: call, out: &out}
	for _, env := range envs {
		r.env(env)
	}
	if len(envs) > 0 {
		out.Outside = append(out.Outside, "tox installs each environment's deps and, unless skipped, builds and installs the project's package (its build backend runs)")
	}
	return out
}

// toxCall is what one tox argv asks for.
type toxCall struct {
	envs, labels, factors []string
	posargs               []string
	hasPosargs            bool
	// dynamicPosargs are the indexes of posargs known only at run time.
	dynamicPosargs []int
	conf           string
	exec, noTest   bool
	overrides      []string
}

// toxReadOnly are the options with which tox only prints.
var toxReadOnly = []string{"-l", "--listenvs", "-a", "--listenvs-all", "--showconfig", "--version", "-h", "--help"}

// readToxCall reads tox's argv through the registry's declaration; false
// when nothing from the configuration runs.
func readToxCall(out *Run, args []shellparse.Word) (toxCall, bool) {
	prog, _ := registry.Default().Lookup("tox")
	inv := prog.Resolve(shellparse.RegistryWords(args))
	call := toxCall{}
	if inv.DynamicVerb || inv.Scan.Unknown {
		out.dynamic("a tox word known only at run time may pick other environments, options or a configuration file")
	}
	if inv.Verb != "" {
		out.dynamic("tox %s is not a subcommand tox's declaration knows: what it runs is not read", inv.Verb)
		return call, false
	}
	if len(inv.Path) > 0 && (inv.Path[0] == "devenv" || inv.Path[0] == "d") {
		out.Outside = append(out.Outside, "tox devenv installs an environment's deps and the project's package (its build backend runs)")
	}
	if !toxVerbRuns(inv.Path, &call) || inv.Scan.Has(toxReadOnly...) {
		return call, false
	}
	call.options(out, args, &inv.Scan)
	call.operands(out, args, &inv.Scan)
	return call, true
}

// toxVerbRuns reports a subcommand that runs the environments' commands
// (run, run-parallel, legacy, none) or a command (exec).
func toxVerbRuns(path []string, call *toxCall) bool {
	if len(path) == 0 {
		return true
	}
	switch path[0] {
	case "run", "r", "run-parallel", "p", "legacy", "le":
		return true
	case "exec", "e":
		call.exec = true
		return true
	}
	return false
}

// options reads the options that pick environments, the file and settings.
func (c *toxCall) options(out *Run, args []shellparse.Word, s *registry.Scan) {
	for _, o := range s.Opts {
		w, ok := shellparse.OptionWord(args, o)
		if !ok {
			c.noTest = c.noTest || o.Name == "-n" || o.Name == "--notest"
			continue
		}
		if !w.Static {
			out.dynamic("tox %s %s is known only at run time", o.Name, w.Text)
			continue
		}
		c.option(out, o.Name, w.Text)
	}
}

// option reads one static option value.
func (c *toxCall) option(out *Run, name, value string) {
	switch name {
	case "-e", "--env":
		c.envs = append(c.envs, splitToxList(value)...)
	case "-m", "--labels":
		c.labels = append(c.labels, splitToxList(value)...)
	case "-f", "--factors":
		c.factors = append(c.factors, splitToxList(value)...)
	case "-c", "--conf":
		c.conf = value
	case "-x", "--override":
		c.overrides = append(c.overrides, value)
	case "--root", "--workdir", "--installpkg", "-i", "--index-url", "--discover", "--runner":
		out.Outside = append(out.Outside, fmt.Sprintf("tox %s %s changes where tox works or what it installs", name, value))
	}
}

// operands reads the words after "--" ({posargs}); a word before it
// continues -m or -f (tox takes several values there).
func (c *toxCall) operands(out *Run, args []shellparse.Word, s *registry.Scan) {
	for _, i := range s.Operands {
		w := args[i]
		if s.DashDash >= 0 && i > s.DashDash {
			c.hasPosargs = true
			c.posargs = append(c.posargs, w.Text)
			if !w.Static {
				c.dynamicPosargs = append(c.dynamicPosargs, len(c.posargs)-1)
			}
			continue
		}
		out.dynamic("tox reads the word %s before \"--\" as more labels, factors or discover paths: the environments it picks are not known", w.Text)
	}
}

// posargsText is the words after "--" quoted for the shell; a word known
// only at run time is the parameter ${TOX_POSARG}.
func (c *toxCall) posargsText() string {
	quoted := make([]string, len(c.posargs))
	for i, w := range c.posargs {
		if slices.Contains(c.dynamicPosargs, i) {
			quoted[i] = `"${TOX_POSARG}"`
		} else {
			quoted[i] = shellQuote(w)
		}
	}
	return strings.Join(quoted, " ")
}

// splitToxList splits a comma or space separated list (outside braces)
// and expands generative names.
func splitToxList(value string) []string {
	var names []string
	depth, from := 0, 0
	for i := 0; i <= len(value); i++ {
		if i < len(value) && !toxListSep(value[i], &depth) {
			continue
		}
		if f := strings.TrimSpace(value[from:i]); f != "" {
			names = append(names, expandBraces(f)...)
		}
		from = i + 1
	}
	return names
}

// toxListSep reports a list separator outside braces, counting braces.
func toxListSep(c byte, depth *int) bool {
	switch c {
	case '{':
		*depth++
	case '}':
		*depth--
	case ',', ' ', '\n', '\t':
		return *depth <= 0
	}
	return false
}

// expandBraces expands tox's generative names: a{b,c}d is abd and acd.
func expandBraces(name string) []string {
	open := strings.IndexByte(name, '{')
	end := strings.IndexByte(name[max(open, 0):], '}')
	if open < 0 || end < 0 {
		return []string{name}
	}
	end += open
	var names []string
	rests := expandBraces(name[end+1:])
	for _, alt := range strings.Split(name[open+1:end], ",") {
		for _, rest := range rests {
			if len(names) >= MaxToxBraceNames {
				return names
			}
			names = append(names, name[:open]+strings.TrimSpace(alt)+rest)
		}
	}
	return names
}

// toxConfig is one read tox configuration: its sections' settings.
type toxConfig struct {
	path, dir string
	// native is a TOML configuration: its command lines are built from
	// word lists, with no factor conditions or continuations.
	native   bool
	sections map[string]map[string]string
	order    []string
	// generated maps the names generative sections expand to to their
	// section, made when first needed.
	generated map[string]string
}

// toxConfigNames are the files tox looks for in each directory, in order.
var toxConfigNames = []string{"tox.ini", "setup.cfg", "pyproject.toml", "tox.toml"}

// findToxConfig reads the file -c names, else the first configuration
// from dir up.
func findToxConfig(files Files, out *Run, dir, conf string) (*toxConfig, bool) {
	if conf != "" {
		p := absUnder(dir, "", conf)
		if cfg, found := readToxFile(files, out, p); found {
			return cfg, true
		}
		for _, name := range toxConfigNames {
			if cfg, found := readToxFile(files, out, filepath.Join(p, name)); found {
				return cfg, true
			}
		}
		out.dynamic("tox -c %s: no tox configuration read there", conf)
		return nil, false
	}
	d := filepath.Clean(dir)
	for range MaxParentDirs {
		for _, name := range toxConfigNames {
			if cfg, found := readToxFile(files, out, filepath.Join(d, name)); found {
				return cfg, true
			}
		}
		if d == "/" {
			return nil, false
		}
		d = filepath.Dir(d)
	}
	out.dynamic("no tox configuration within %d parent directories of %s: one further up is not read", MaxParentDirs, dir)
	return nil, false
}

// readToxFile reads p as a tox configuration; false when p is missing or
// holds none (a setup.cfg without [tox:tox]). A file that cannot be read
// is Unread and ends the search, as tox would stop there or fail.
func readToxFile(files Files, out *Run, p string) (*toxConfig, bool) {
	text, err := files.Read(p)
	if Missing(err) || absent(err) {
		return nil, false
	}
	if err != nil {
		out.unread("tox configuration %s: %v", p, err)
		return nil, true
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	switch filepath.Base(p) {
	case "pyproject.toml":
		return pyprojectTox(out, p, text)
	case "tox.toml":
		var doc map[string]any
		if err := toml.Unmarshal([]byte(text), &doc); err != nil {
			out.dynamic("read %s: %v: its tox configuration is not known", p, err)
			return nil, true
		}
		return nativeTox(out, p, doc), true
	}
	cfg := parseToxIni(p, text)
	if filepath.Base(p) == "setup.cfg" {
		if _, ok := cfg.sections["tox:tox"]; !ok {
			return nil, false
		}
		cfg.sections["tox"] = cfg.sections["tox:tox"]
	}
	return cfg, true
}

// pyprojectTox reads [tool.tox]'s legacy_tox_ini.
func pyprojectTox(out *Run, p, text string) (*toxConfig, bool) {
	var doc struct {
		Tool struct {
			Tox map[string]any `toml:"tox"`
		} `toml:"tool"`
	}
	if err := toml.Unmarshal([]byte(text), &doc); err != nil {
		out.dynamic("read %s: %v: a tox configuration in it is not known", p, err)
		return nil, true
	}
	if doc.Tool.Tox == nil {
		return nil, false
	}
	ini, ok := doc.Tool.Tox["legacy_tox_ini"].(string)
	if !ok {
		return nativeTox(out, p, doc.Tool.Tox), true
	}
	return parseToxIni(p, strings.ReplaceAll(ini, "\r\n", "\n")), true
}

// parseToxIni reads an INI text as Python's configparser does for tox:
// [section] headers, KEY = VALUE or KEY: VALUE settings whose value goes
// on over indented lines, # and ; comment lines; keys are lower case.
func parseToxIni(p, text string) *toxConfig {
	cfg := &toxConfig{path: p, dir: filepath.Dir(p), sections: map[string]map[string]string{}}
	var section map[string]string
	key := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';':
			if key != "" && trimmed == "" {
				section[key] += "\n"
			}
		case line[0] == ' ' || line[0] == '\t':
			if key != "" {
				section[key] += "\n" + trimmed
			}
		case trimmed[0] == '[' && strings.HasSuffix(trimmed, "]"):
			name := strings.TrimSpace(trimmed[1 : len(trimmed)-1])
			section, key = cfg.section(name), ""
		default:
			key = iniSetting(section, trimmed)
		}
	}
	return cfg
}

// section returns the named section's settings, made when new.
func (c *toxConfig) section(name string) map[string]string {
	if s, ok := c.sections[name]; ok {
		return s
	}
	s := map[string]string{}
	c.sections[name] = s
	c.order = append(c.order, name)
	return s
}

// iniSetting reads KEY = VALUE into section; it returns the key ("" when
// the line is no setting or comes before any section).
func iniSetting(section map[string]string, line string) string {
	at := strings.IndexAny(line, "=:")
	if section == nil || at <= 0 {
		return ""
	}
	key := strings.ToLower(strings.TrimSpace(line[:at]))
	section[key] = strings.TrimSpace(line[at+1:])
	return key
}

// envNames are the environments the call runs, within MaxToxEnvs.
func (c *toxCall) envNames(out *Run, cfg *toxConfig) []string {
	var envs []string
	switch {
	case len(c.envs) > 0:
		envs = c.explicitEnvs(cfg)
	case len(c.labels) > 0:
		envs = cfg.labelled(c.labels)
	case len(c.factors) > 0:
		envs = cfg.withFactors(c.factors)
	default:
		envs = cfg.envList()
		if len(envs) == 0 {
			envs = []string{"py"}
		}
	}
	envs = uniq(envs)
	if len(envs) > MaxToxEnvs {
		out.dynamic("more than %d tox environments would run: the rest are not read", MaxToxEnvs)
		envs = envs[:MaxToxEnvs]
	}
	return envs
}

// explicitEnvs are the -e names, ALL read as every environment.
func (c *toxCall) explicitEnvs(cfg *toxConfig) []string {
	var envs []string
	for _, e := range c.envs {
		if e == "ALL" {
			envs = append(envs, cfg.allEnvs()...)
			continue
		}
		envs = append(envs, e)
	}
	return envs
}

// envList is [tox]'s env_list (or envlist), expanded.
func (c *toxConfig) envList() []string {
	core := c.sections["tox"]
	value, ok := core["env_list"]
	if !ok {
		value = core["envlist"]
	}
	return splitToxList(value)
}

// allEnvs is the env_list and every [testenv:NAME] section's names.
func (c *toxConfig) allEnvs() []string {
	envs := c.envList()
	for _, name := range c.order {
		if env, ok := strings.CutPrefix(name, "testenv:"); ok {
			envs = append(envs, expandBraces(env)...)
		}
	}
	return envs
}

// labelled are the environments [tox]'s labels give the labels, and those
// whose own labels setting names one.
func (c *toxConfig) labelled(labels []string) []string {
	var envs []string
	for _, line := range strings.Split(c.sections["tox"]["labels"], "\n") {
		name, value, ok := strings.Cut(line, "=")
		if ok && slices.Contains(labels, strings.TrimSpace(name)) {
			envs = append(envs, splitToxList(value)...)
		}
	}
	for _, env := range c.allEnvs() {
		for _, l := range splitToxList(c.lookup(env, "labels")) {
			if slices.Contains(labels, l) {
				envs = append(envs, env)
			}
		}
	}
	return envs
}

// withFactors are the env_list's environments that have every factor.
func (c *toxConfig) withFactors(factors []string) []string {
	var envs []string
	for _, env := range c.envList() {
		parts := strings.Split(env, "-")
		if !slices.ContainsFunc(factors, func(f string) bool { return !slices.Contains(parts, f) }) {
			envs = append(envs, env)
		}
	}
	return envs
}

// envSection is the section that holds env's own settings: testenv:ENV,
// or a generative section that names it ("" when none does).
func (c *toxConfig) envSection(env string) string {
	if _, ok := c.sections["testenv:"+env]; ok {
		return "testenv:" + env
	}
	if c.generated == nil {
		c.generated = map[string]string{}
		for _, name := range c.order {
			gen, ok := strings.CutPrefix(name, "testenv:")
			if !ok || !strings.Contains(gen, "{") {
				continue
			}
			for _, e := range expandBraces(gen) {
				if _, seen := c.generated[e]; !seen {
					c.generated[e] = name
				}
			}
		}
	}
	return c.generated[env]
}

// lookup is env's setting: its own section's, else its base sections'
// (testenv by default), read within MaxToxSubstDepth bases.
func (c *toxConfig) lookup(env, key string) string {
	section := c.envSection(env)
	if section == "" {
		section = "testenv"
	}
	v, _ := c.inherited(section, key, 0)
	return v
}

// inherited is the setting in section or, when it has none, in its base
// sections in order.
func (c *toxConfig) inherited(section, key string, depth int) (string, bool) {
	settings, ok := c.sections[section]
	if !ok {
		settings, ok = c.sections["testenv:"+section]
	}
	if v, found := settings[key]; found {
		return v, true
	}
	if section == "testenv" || depth >= MaxToxSubstDepth {
		return "", false
	}
	bases := []string{"testenv"}
	if b, given := settings["base"]; given && ok {
		bases = splitToxList(b)
	}
	for _, base := range bases {
		if v, found := c.inherited(base, key, depth+1); found {
			return v, true
		}
	}
	return "", false
}

// uniq drops repeated names, keeping the first; it stops past
// MaxToxEnvs names.
func uniq(names []string) []string {
	var out []string
	for _, n := range names {
		if len(out) > MaxToxEnvs {
			break
		}
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// toxReader turns one environment's settings into texts.
type toxReader struct {
	cfg  *toxConfig
	call toxCall
	out  *Run
}

// env adds the commands env runs.
func (r *toxReader) env(env string) {
	for _, key := range []string{"install_command", "list_dependencies_command"} {
		if v := r.cfg.lookup(env, key); v != "" {
			r.lines(env, key, v)
		}
	}
	if r.call.noTest {
		return
	}
	for _, key := range toxCommandKeys {
		r.lines(env, key, r.cfg.lookup(env, key))
		for _, o := range r.call.overrides {
			if k, v, ok := strings.Cut(o, "="); ok && strings.HasSuffix(strings.TrimSuffix(k, "+"), "."+key) {
				r.lines(env, key+" (-x)", v)
			}
		}
	}
	for _, o := range r.call.overrides {
		if k, _, _ := strings.Cut(o, "="); !slices.ContainsFunc(toxCommandKeys, func(key string) bool { return strings.HasSuffix(strings.TrimSuffix(k, "+"), "."+key) }) {
			r.out.dynamic("tox -x %s overrides a setting: its effect is not read", o)
		}
	}
}

// factorPrefix matches a factor condition before a line ("py311: ",
// "!win,py3-django: ").
var factorPrefix = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
	return regexp.MustCompile(`^!?[A-Za-z0-9_.]+(?:[-,]!?[A-Za-z0-9_.]+)*:\s`)
}}

// lines adds each command line of a setting's value.
func (r *toxReader) lines(env, key, value string) {
	source := fmt.Sprintf("%s [%s] %s", r.cfg.path, env, key)
	lines := strings.Split(value, "\n")
	if !r.cfg.native {
		lines = joinToxContinuations(value)
	}
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if loc := factorPrefix.Get().FindStringIndex(line); loc != nil && !r.cfg.native {
			line = strings.TrimSpace(line[loc[1]:])
		}
		if line == "" || line[0] == '#' {
			continue
		}
		for _, sub := range strings.Split(r.subst(env, line, 0), "\n") {
			if cmd := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(sub), "-!")); cmd != "" {
				r.out.add(source, cmd, "")
			}
		}
	}
}

// joinToxContinuations joins the lines that end in a backslash with the
// next one.
func joinToxContinuations(value string) []string {
	var lines []string
	cur := ""
	for _, line := range strings.Split(value, "\n") {
		if body, ok := strings.CutSuffix(strings.TrimRight(line, " \t"), `\`); ok {
			cur += strings.TrimSpace(body) + " "
			continue
		}
		if cur != "" {
			line = strings.TrimLeft(line, " \t")
		}
		lines = append(lines, cur+line)
		cur = ""
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// subst replaces tox's {…} substitutions in line.
func (r *toxReader) subst(env, line string, depth int) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '\\' && i+1 < len(line) && (line[i+1] == '{' || line[i+1] == '}') {
			b.WriteByte(line[i+1])
			i++
			continue
		}
		end := matchingBrace(line, i)
		if c != '{' || end < 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString(r.replace(env, line[i+1:end], depth))
		i = end
	}
	return b.String()
}

// matchingBrace is the index of the } that closes the { at i, or -1.
func matchingBrace(line string, i int) int {
	if line[i] != '{' {
		return -1
	}
	depth := 0
	for j := i; j < len(line); j++ {
		switch line[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// replace is what one substitution {expr} stands for.
func (r *toxReader) replace(env, expr string, depth int) string {
	if depth >= MaxToxSubstDepth {
		r.out.dynamic("tox substitutions in %s nest deeper than %d: {%s} is not read", r.cfg.path, MaxToxSubstDepth, expr)
		return "${TOX_UNKNOWN}"
	}
	name, arg, hasArg := strings.Cut(expr, ":")
	switch {
	case name == "posargs":
		if r.call.hasPosargs || !hasArg {
			return r.call.posargsText()
		}
		return r.subst(env, arg, depth+1)
	case strings.HasPrefix(expr, "["):
		return r.reference(env, expr, depth)
	case name == "env" && hasArg:
		return r.envVar(arg, depth)
	case name == "tty" && hasArg:
		on, off, _ := strings.Cut(arg, ":")
		if on != off {
			r.out.dynamic("tox {tty:…} in %s depends on the terminal: {%s} is read as its first value", r.cfg.path, expr)
		}
		return r.subst(env, on, depth+1)
	}
	if v, ok := toxConstants.Get()[expr]; ok {
		return v
	}
	if p, ok := r.toxDir(env, expr); ok {
		return shellQuote(p)
	}
	r.out.dynamic("tox substitution {%s} in %s is not known", expr, r.cfg.path)
	return "${TOX_UNKNOWN}"
}

// toxConstants are the substitutions that stand for fixed text: the path
// separators, and install_command's options and packages (shell parameters:
// known only at run time).
var toxConstants = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"/": "/", ":": ":", "opts": "", "packages": "${TOX_PACKAGES}", "homedir": "${HOME}"}
}}

// reference reads {[section]key}.
func (r *toxReader) reference(env, expr string, depth int) string {
	section, key, ok := strings.Cut(expr[1:], "]")
	value, found := r.cfg.sections[strings.TrimSpace(section)][strings.ToLower(strings.TrimSpace(key))]
	if !ok || !found {
		r.out.dynamic("tox substitution {%s} in %s names no setting there", expr, r.cfg.path)
		return "${TOX_UNKNOWN}"
	}
	return r.subst(env, strings.Join(joinToxContinuations(value), "\n"), depth+1)
}

// shellName matches a name the shell can expand.
var shellName = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
}}

// envVar reads {env:KEY} and {env:KEY:DEFAULT} as the shell parameter
// ${KEY}: its value is known only at run time.
func (r *toxReader) envVar(arg string, depth int) string {
	key, def, hasDef := strings.Cut(arg, ":")
	if !shellName.Get().MatchString(key) {
		r.out.dynamic("tox {env:%s} in %s reads the environment", arg, r.cfg.path)
		return "${TOX_UNKNOWN}"
	}
	if !hasDef {
		return "${" + key + "}"
	}
	def = r.subst("", def, depth+1)
	if strings.ContainsAny(def, "}'\"\\$`") {
		r.out.dynamic("tox {env:%s} in %s: its default is not read", arg, r.cfg.path)
		return "${" + key + "}"
	}
	return "${" + key + ":-" + def + "}"
}

// toxDir is the path a directory substitution stands for.
func (r *toxReader) toxDir(env, name string) (string, bool) {
	work := filepath.Join(r.cfg.dir, ".tox")
	envDir := filepath.Join(work, env)
	paths := map[string]string{
		"toxinidir": r.cfg.dir, "tox_root": r.cfg.dir, "toxworkdir": work, "work_dir": work,
		"envdir": envDir, "env_dir": envDir, "envname": env, "env_name": env,
		"envbindir": filepath.Join(envDir, "bin"), "env_bin_dir": filepath.Join(envDir, "bin"),
		"envpython": filepath.Join(envDir, "bin", "python"), "env_python": filepath.Join(envDir, "bin", "python"),
		"envtmpdir": filepath.Join(envDir, "tmp"), "env_tmp_dir": filepath.Join(envDir, "tmp"),
		"envlogdir": filepath.Join(envDir, "log"), "env_log_dir": filepath.Join(envDir, "log"),
		"temp_dir": filepath.Join(work, ".tmp"), "distdir": filepath.Join(work, "dist"),
	}
	p, ok := paths[name]
	return p, ok
}

// toxPlugin reads the toxfile.py plugin tox 4 loads from the
// configuration's directory.
func toxPlugin(files Files, out *Run, dir string) {
	p := filepath.Join(dir, "toxfile.py")
	text, err := files.Read(p)
	switch {
	case err == nil:
		out.add(p+" (tox plugin)", text, "python")
	case !Missing(err) && !absent(err):
		out.unread("tox plugin %s: %v", p, err)
	}
}

// nativeUnknown is the ${TOX_UNKNOWN} placeholder escaped for the
// substitution reading that follows.
const nativeUnknown = `$\{TOX_UNKNOWN\}`

// nativeTox reads a TOML tox configuration (tox.toml, or pyproject.toml's
// [tool.tox] without legacy_tox_ini) into the sections the INI form has:
// env_run_base is [testenv], env.NAME is [testenv:NAME].
func nativeTox(out *Run, p string, doc map[string]any) *toxConfig {
	cfg := &toxConfig{path: p, dir: filepath.Dir(p), native: true, sections: map[string]map[string]string{}}
	core := cfg.section("tox")
	core["env_list"] = strings.Join(tomlStrings(doc["env_list"]), ",")
	labels, _ := doc["labels"].(map[string]any)
	for _, name := range sortedKeys(labels) {
		core["labels"] += name + " = " + strings.Join(tomlStrings(labels[name]), ",") + "\n"
	}
	if base, ok := doc["env_run_base"].(map[string]any); ok {
		nativeEnv(out, p, cfg.section("testenv"), base)
	}
	envs, _ := doc["env"].(map[string]any)
	for _, name := range sortedKeys(envs) {
		if env, ok := envs[name].(map[string]any); ok {
			nativeEnv(out, p, cfg.section("testenv:"+name), env)
		}
	}
	return cfg
}

// tomlStrings are the strings of a TOML array (or the one string).
func tomlStrings(v any) []string {
	if s, ok := v.(string); ok {
		return []string{s}
	}
	list, _ := v.([]any)
	var out []string
	for _, item := range list {
		if s, ok := item.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// nativeEnv reads one TOML environment table's settings.
func nativeEnv(out *Run, p string, section map[string]string, env map[string]any) {
	for _, key := range toxCommandKeys {
		if list, ok := env[key].([]any); ok {
			var lines []string
			for _, cmd := range list {
				lines = append(lines, nativeCommand(out, p, cmd))
			}
			section[key] = strings.Join(lines, "\n")
		} else if _, given := env[key]; given {
			out.dynamic("%s: %s is not a list of commands: it is not read", p, key)
		}
	}
	if cmd, ok := env["install_command"]; ok {
		section["install_command"] = nativeCommand(out, p, cmd)
	}
	for _, key := range []string{"base", "labels"} {
		if v, ok := env[key]; ok {
			section[key] = strings.Join(tomlStrings(v), ",")
		}
	}
}

// nativeCommand is one TOML command (a list of words) as a line.
func nativeCommand(out *Run, p string, cmd any) string {
	words, ok := cmd.([]any)
	if !ok {
		out.dynamic("%s: a command that is not a list of words is not read", p)
		return nativeUnknown
	}
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = nativeWord(out, p, w, i == 0)
	}
	return strings.Join(parts, " ")
}

// nativeWord is one TOML word: a string (its {…} substitutions kept for
// the reading), or a replace table (posargs, env) as the INI substitution
// it stands for.
func nativeWord(out *Run, p string, w any, program bool) string {
	switch v := w.(type) {
	case string:
		if strings.Contains(v, "{") {
			return v
		}
		return argQuote(v, program)
	case map[string]any:
		return nativeReplace(out, p, v)
	}
	return argQuote(fmt.Sprint(w), program)
}

// nativeReplace reads a {replace = …} table.
func nativeReplace(out *Run, p string, table map[string]any) string {
	switch table["replace"] {
	case "posargs":
		defaults := tomlStrings(table["default"])
		if len(defaults) == 0 {
			return "{posargs}"
		}
		return "{posargs:" + joinQuoted(defaults) + "}"
	case "env":
		name, _ := table["name"].(string)
		if def, ok := table["default"].(string); ok {
			return "{env:" + name + ":" + def + "}"
		}
		return "{env:" + name + "}"
	}
	out.dynamic("%s: a tox replacement %v is not read", p, table["replace"])
	return nativeUnknown
}
