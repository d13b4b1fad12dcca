package runfiles

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// Bounds of the make reader.
const (
	// MaxMakefiles bounds the makefiles one reading reads (-f files,
	// includes, MAKEFILES).
	MaxMakefiles = 32
	// MaxMakeIncludeDepth bounds how deep includes nest, and $(eval …)
	// texts read within one another.
	MaxMakeIncludeDepth = 8
	// MaxMakeExpandDepth bounds how deep expansions nest (a variable whose
	// value names another, $(call) within $(call)).
	MaxMakeExpandDepth = 64
	// MaxMakeExpandSteps bounds the variable references and function calls
	// one reading expands in all.
	MaxMakeExpandSteps = 200000
	// MaxMakeValueBytes bounds the length of one expansion.
	MaxMakeValueBytes = 1 << 20
	// MaxMakeTargets bounds the targets one reading makes.
	MaxMakeTargets = 2048
)

// makeValue stands for a value known only at run time ($(shell …) output,
// $(wildcard …), a function not evaluated) while the makefile is read; in
// the texts returned it is written MakeValue.
const makeValue = "\x00MAKE_VALUE\x00"

// MakeValue is the shell word that stands in a returned text for a value
// make knows only at run time: the validator reads it as a dynamic word.
const MakeValue = "$MAKE_VALUE"

// varOrigin is where a make variable's value comes from, in the order of
// precedence.
type varOrigin uint8

const (
	originDefault varOrigin = iota
	originEnv
	originFile
	originCommand
	originOverride
)

// makeVar is one variable.
type makeVar struct {
	value     string
	recursive bool
	origin    varOrigin
}

// recipeLine is one line of a recipe, as written.
type recipeLine struct {
	text  string
	where string
}

// makeRule is one rule's prerequisites and recipe: those of the
// targets of an explicit rule (their recipe is shared), or a pattern rule.
type makeRule struct {
	targets   []string // the target patterns of a pattern rule
	prereqs   []string
	orderOnly []string
	recipe    []recipeLine
	hasRecipe bool
	where     string
	// alternative reports a rule read in a branch of a conditional known
	// only at run time: it may or may not replace the rules before it.
	alternative bool
}

// makeTarget is what the makefiles say about one explicit target.
type makeTarget struct {
	name      string
	prereqs   []string
	orderOnly []string
	// rules are the single-colon rules that name the target, in order: the
	// last with a recipe gives it.
	rules []*makeRule
	// doubleColon are the independent rules of a target::.
	doubleColon []*makeRule
	stem        string
	vars        []makeAssign
}

// makeAssign is a target- or pattern-specific assignment.
type makeAssign struct {
	pattern string
	name    string
	op      string
	value   string
	where   string
}

// condFrame is one open conditional.
type condFrame struct {
	outer   bool // the lines around it are read
	decided bool // a branch was taken
	unknown bool // the condition is known only at run time: both are read
	active  bool
}

// makeOptions are the make options the reading needs.
type makeOptions struct {
	dir        string
	files      []string
	goals      []string
	assigns    []string
	evals      []string
	includes   []string
	dryRun     bool
	envWins    bool
	noBuiltins bool
}

// makeReader reads makefiles and works out what their recipes run.
type makeReader struct {
	files     Files
	out       *Run
	opts      makeOptions
	vars      map[string]*makeVar
	targets   map[string]*makeTarget
	patterns  []*makeRule
	patVars   []makeAssign
	order     []string
	firstGoal string
	conds     []condFrame
	rule      *makeRule
	nfiles    int
	steps     int
	evals     int // $(eval …) texts being read, one within another
	oneShell  bool
	prefix    byte
	made      map[string]bool
	noRule    []string
	// makefiles are the makefiles make reads, as named, and whether each
	// was missing: make first remakes those a rule makes.
	makefiles []makefileRead
}

// makefileRead is a makefile make read or tried to: make remakes it
// before the goals when a rule makes it (always, when it is missing; when
// the rule has prerequisites, which may be newer, when it is there).
type makefileRead struct {
	name    string
	missing bool
}

// MakeRecipes returns what `make args…` run in dir runs: the shell texts
// of the recipes of the goals and their prerequisites, in make's order, and
// of the $(shell …) calls make expands while reading the makefiles. env is
// the environment make starts with (taken as the whole of it: a variable
// neither it nor the makefiles set is empty, as make makes it). Each recipe
// line is its own Text (one per recipe under .ONESHELL); a value known only
// at run time is written MakeValue in the text.
//
// Conditionals are evaluated when their operands are known, and both
// branches read when not (a rule in either then runs). $(eval …) of a text
// known whole is read as makefile lines, as make reads it; of one known
// only at run time it is Dynamic, as are $(file …), $(wildcard …) and the
// other functions that look at the file system, whose values are written
// MakeValue.
func MakeRecipes(files Files, dir string, args []string, env map[string]string) Run {
	var out Run
	opts, ok := readMakeArgs(&out, dir, args)
	if !ok {
		return out
	}
	out.Dir = opts.dir
	m := newMakeReader(files, &out, opts, env)
	if !m.readAll(env) {
		return out
	}
	m.build()
	return out
}

// readMakeArgs reads make's argv through the registry's declaration.
func readMakeArgs(out *Run, dir string, args []string) (makeOptions, bool) {
	opts := makeOptions{dir: dir}
	prog, ok := registry.Default().Lookup("make")
	if !ok {
		out.dynamic("make: no declaration of make's options: the argv is not read")
		return opts, false
	}
	words := make([]registry.Word, len(args))
	for i, a := range args {
		words[i] = registry.Word{Text: a}
	}
	scan := prog.Node.Grammar.Scan(words)
	for _, o := range scan.Opts {
		opts.option(out, o)
	}
	for _, i := range scan.Operands {
		if strings.Contains(args[i], "=") {
			opts.assigns = append(opts.assigns, args[i])
		} else {
			opts.goals = append(opts.goals, args[i])
		}
	}
	return opts, true
}

// option reads one of make's options.
func (o *makeOptions) option(out *Run, opt registry.Opt) {
	switch opt.Name {
	case "-C", "--directory":
		o.dir = joinDir(o.dir, opt.Value)
	case "-f", "--file", "--makefile":
		o.files = append(o.files, opt.Value)
	case "-E", "--eval":
		o.evals = append(o.evals, opt.Value)
	case "-I", "--include-dir":
		o.includes = append(o.includes, opt.Value)
	case "-n", "--dry-run", "--just-print", "--recon", "-q", "--question", "-t", "--touch":
		o.dryRun = true
	case "-e", "--environment-overrides":
		o.envWins = true
	case "-r", "--no-builtin-rules":
		o.noBuiltins = true
	}
}

// builtinVars are the variables GNU make defines itself that recipes
// commonly use.
var builtinVars = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"MAKE": "make", "SHELL": "/bin/sh", ".SHELLFLAGS": "-c", "CC": "cc", "CXX": "g++", "CPP": "$(CC) -E",
		"RM": "rm -f", "AR": "ar", "ARFLAGS": "rv", "AS": "as", "LD": "ld", "LEX": "lex", "YACC": "yacc",
		"FC": "f77", "PC": "pc", "MAKEINFO": "makeinfo", "TEX": "tex", "CO": "co", "GET": "get",
	}
}}

// newMakeReader sets up the variables as make starts: its own, the
// environment's, then the command line's.
func newMakeReader(files Files, out *Run, opts makeOptions, env map[string]string) *makeReader {
	m := &makeReader{files: files, out: out, opts: opts, vars: map[string]*makeVar{}, targets: map[string]*makeTarget{},
		prefix: '\t', made: map[string]bool{}}
	for name, value := range builtinVars.Get() {
		m.vars[name] = &makeVar{value: value, recursive: true, origin: originDefault}
	}
	for name, value := range env {
		if name != "SHELL" && name != "MAKEFLAGS" && name != "MAKEFILES" {
			m.vars[name] = &makeVar{value: value, recursive: true, origin: originEnv}
		}
	}
	m.vars["CURDIR"] = &makeVar{value: opts.dir, origin: originDefault}
	m.vars["MAKECMDGOALS"] = &makeVar{value: strings.Join(opts.goals, " "), origin: originDefault}
	for _, a := range opts.assigns {
		m.assign(a, originCommand, "command line")
	}
	if env["MAKEFLAGS"] != "" {
		out.dynamic("make: MAKEFLAGS in the environment adds options and variables (not read)")
	}
	return m
}

// readAll reads the --eval texts, MAKEFILES and the makefiles; false when
// there is none to read.
func (m *makeReader) readAll(env map[string]string) bool {
	for _, text := range m.opts.evals {
		m.parse(text, "--eval", 0)
	}
	for _, name := range strings.Fields(env["MAKEFILES"]) {
		m.include(name, true, "MAKEFILES", 0)
	}
	if len(m.opts.files) > 0 {
		for _, name := range m.opts.files {
			m.readMakefile(name)
		}
		return true
	}
	for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
		p := filepath.Join(m.opts.dir, name)
		text, err := m.files.Read(p)
		if err == nil {
			m.nfiles++
			m.makefiles = append(m.makefiles, makefileRead{name: name})
			m.parse(text, name, 0)
			return true
		}
		if !Missing(err) {
			m.out.unread("make: %v: the makefile is not read", err)
			return false
		}
	}
	m.goalsWithoutMakefile()
	return true
}

// goalsWithoutMakefile says that goals named with no makefile may still be
// made by make's built-in rules.
func (m *makeReader) goalsWithoutMakefile() {
	if len(m.opts.goals) > 0 && !m.opts.noBuiltins {
		m.out.Outside = append(m.out.Outside, fmt.Sprintf("make: no makefile in %s: make's built-in rules may compile %s from the files there", m.opts.dir, strings.Join(m.opts.goals, " ")))
	}
}

// readMakefile reads a makefile -f names.
func (m *makeReader) readMakefile(name string) {
	if name == "-" {
		m.out.dynamic("make -f -: the makefile is read from standard input (not read)")
		return
	}
	p := joinDir(m.opts.dir, name)
	text, err := m.files.Read(p)
	if err != nil {
		if Missing(err) {
			return // make fails: nothing runs
		}
		m.out.unread("make: %v: the makefile is not read", err)
		return
	}
	m.nfiles++
	m.makefiles = append(m.makefiles, makefileRead{name: name})
	m.parse(text, name, 0)
}

// include reads an included makefile; optional for -include and sinclude.
func (m *makeReader) include(name string, optional bool, where string, depth int) {
	if !strings.Contains(name, makeValue) && strings.ContainsAny(name, "*?[") {
		if names, ok := m.expandPattern(name); ok {
			for _, n := range names {
				m.include(n, optional, where, depth)
			}
			return
		}
	}
	if strings.Contains(name, makeValue) || strings.ContainsAny(name, "*?[") {
		m.out.dynamic("%s: include of a name known only at run time (not read)", where)
		return
	}
	if depth >= MaxMakeIncludeDepth || m.nfiles >= MaxMakefiles {
		m.out.dynamic("%s: include %s past the bound of %d makefiles, %d deep (not read)", where, name, MaxMakefiles, MaxMakeIncludeDepth)
		return
	}
	for _, dir := range append([]string{m.opts.dir}, m.opts.includes...) {
		p := joinDir(joinDir(m.opts.dir, dir), name)
		text, err := m.files.Read(p)
		if err == nil {
			m.nfiles++
			m.makefiles = append(m.makefiles, makefileRead{name: name})
			m.parse(text, name, depth+1)
			return
		}
		if !Missing(err) {
			m.out.unread("%s: include %s: %v (not read)", where, name, err)
			return
		}
		if filepath.IsAbs(name) {
			break
		}
	}
	m.makefiles = append(m.makefiles, makefileRead{name: name, missing: true})
	if !optional {
		m.out.dynamic("%s: include %s is missing: make remakes it by a rule and reads it then, or fails (not read)", where, name)
	}
}

// expandPattern expands an include's pattern as make does (a glob over
// the files there, sorted; none leaves the name out), when the reader can
// list the directory; ok is false when it cannot.
func (m *makeReader) expandPattern(name string) ([]string, bool) {
	dirs, ok := m.files.(Dirs)
	dir, base := filepath.Split(name)
	if !ok || strings.ContainsAny(dir, "*?[") {
		return nil, false
	}
	entries, err := dirs.List(joinDir(m.opts.dir, filepath.Clean("./"+dir)))
	if err != nil && !Missing(err) {
		return nil, false
	}
	var out []string
	for _, e := range entries {
		if ok, err := filepath.Match(base, e.Name()); err == nil && ok && (!strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(base, ".")) {
			out = append(out, dir+e.Name())
		}
	}
	if len(out) > MaxMakefiles {
		return nil, false
	}
	return out, true
}

// active reports whether the current lines are read (no conditional
// around them is false).
func (m *makeReader) active() bool {
	return len(m.conds) == 0 || m.conds[len(m.conds)-1].active
}

// uncertain reports lines read in a branch of a conditional known only at
// run time.
func (m *makeReader) uncertain() bool {
	for _, f := range m.conds {
		if f.unknown {
			return true
		}
	}
	return false
}

// sourceLines splits a makefile into lines, without carriage returns.
func sourceLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// continued reports a line that ends in an odd number of backslashes.
func continued(line string) bool {
	n := 0
	for i := len(line) - 1; i >= 0 && line[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// parse reads one makefile's text.
func (m *makeReader) parse(text, name string, depth int) {
	lines := sourceLines(text)
	m.rule = nil
	depthAtStart := len(m.conds)
	for i := 0; i < len(lines); i++ {
		where := fmt.Sprintf("%s:%d", name, i+1)
		line := lines[i]
		if m.rule != nil && len(line) > 0 && line[0] == m.prefix {
			i = m.recipeLine(lines, i, where)
			continue
		}
		var logical string
		logical, i = joinContinued(lines, i)
		if define, ok := defineName(logical); ok {
			i = m.define(lines, i, define, where)
			continue
		}
		m.line(stripComment(logical), where, depth)
	}
	if len(m.conds) > depthAtStart {
		m.conds = m.conds[:depthAtStart] // make fails on a missing endif
	}
	m.rule = nil
}

// recipeLine adds the recipe line at lines[i] (with its continuation
// lines, whose backslash-newlines the shell sees) to the current rule and
// returns the index of its last line.
func (m *makeReader) recipeLine(lines []string, i int, where string) int {
	text := lines[i][1:]
	for continued(lines[i]) && i+1 < len(lines) {
		i++
		next := lines[i]
		if len(next) > 0 && next[0] == m.prefix {
			next = next[1:]
		}
		text += "\n" + next
	}
	if m.active() {
		m.rule.recipe = append(m.rule.recipe, recipeLine{text: text, where: where})
		m.rule.hasRecipe = true
	}
	return i
}

// joinContinued joins a logical line's continuation lines as make does
// outside recipes: a backslash-newline and the blanks around it are one
// space.
func joinContinued(lines []string, i int) (string, int) {
	line := lines[i]
	for continued(line) && i+1 < len(lines) {
		i++
		line = strings.TrimRight(line[:len(line)-1], " \t") + " " + strings.TrimLeft(lines[i], " \t")
	}
	return line, i
}

// stripComment drops a comment: a # not escaped by a backslash.
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '\\' && i+1 < len(line) {
			i++
			continue
		}
		if line[i] == '#' {
			return line[:i]
		}
	}
	return line
}

// defineName reads a define line: the variable and its operator.
func defineName(line string) (string, bool) {
	t := strings.TrimSpace(stripComment(line))
	for _, pre := range []string{"override ", "export ", "private "} {
		t = strings.TrimSpace(strings.TrimPrefix(t, pre))
	}
	rest, ok := strings.CutPrefix(t, "define")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// define reads a define … endef block from lines[i] and returns the index
// of its endef.
func (m *makeReader) define(lines []string, i int, head, where string) int {
	var body []string
	nest := 0
	j := i + 1
	for ; j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		if _, ok := defineName(lines[j]); ok {
			nest++
		} else if t == "endef" || strings.HasPrefix(t, "endef ") || strings.HasPrefix(t, "endef\t") || strings.HasPrefix(t, "endef#") {
			if nest == 0 {
				break
			}
			nest--
		}
		body = append(body, lines[j])
	}
	if m.active() {
		name, op := head, "="
		for _, candidate := range []string{":::=", "::=", ":=", "+=", "?=", "!=", "="} {
			if before, ok := strings.CutSuffix(head, candidate); ok {
				name, op = strings.TrimSpace(before), candidate
				break
			}
		}
		m.rule = nil
		m.set(m.expand(name, m.parseCtx(where)), op, strings.Join(body, "\n"), originFile, where)
	}
	return j
}

// parseCtx is the expansion context of the makefile's own lines.
func (m *makeReader) parseCtx(where string) *makeCtx {
	return &makeCtx{where: where + " $(shell) at parse"}
}

// line reads one logical line outside recipes and defines.
func (m *makeReader) line(line, where string, depth int) {
	t := strings.TrimSpace(line)
	if t == "" {
		return
	}
	if m.conditional(t, where) || !m.active() {
		return
	}
	if m.directive(t, where, depth) {
		return
	}
	if m.assign(strings.TrimLeft(line, " \t"), originFile, where) {
		m.rule = nil
		return
	}
	m.ruleLine(t, where)
}

// directive reads include, export, unexport, vpath and the like.
func (m *makeReader) directive(t, where string, depth int) bool {
	word, rest, _ := strings.Cut(t, " ")
	if i := strings.IndexByte(t, '\t'); i >= 0 && i < len(word) {
		word, rest = t[:i], t[i+1:]
	}
	switch word {
	case "include", "-include", "sinclude":
		m.rule = nil
		for _, name := range strings.Fields(m.expand(rest, m.parseCtx(where))) {
			m.include(name, word != "include", where, depth)
		}
		return true
	case "export", "unexport", "override", "private":
		if rest == "" || !strings.ContainsAny(rest, "=") {
			m.expand(rest, m.parseCtx(where))
			return true
		}
		return m.overrideAssign(word, rest, where)
	case "vpath", "undefine":
		if word == "undefine" {
			delete(m.vars, strings.TrimSpace(m.expand(rest, m.parseCtx(where))))
		}
		return true
	}
	return false
}

// overrideAssign reads override VAR = value: it wins over the command
// line.
func (m *makeReader) overrideAssign(word, rest, where string) bool {
	name, op, value, ok := splitAssign(rest)
	if !ok {
		return false
	}
	origin := originFile
	if word == "override" {
		origin = originOverride
	}
	m.set(m.expand(name, m.parseCtx(where)), op, value, origin, where)
	return true
}

// conditional reads ifeq, ifneq, ifdef, ifndef, else and endif.
func (m *makeReader) conditional(t, where string) bool {
	word, rest, _ := strings.Cut(strings.Replace(t, "\t", " ", 1), " ")
	switch word {
	case "ifeq", "ifneq", "ifdef", "ifndef":
		outer := m.active()
		f := condFrame{outer: outer}
		f.open(m.condition(word, rest, where, outer))
		m.conds = append(m.conds, f)
	case "else":
		if len(m.conds) > 0 {
			m.elseBranch(strings.TrimSpace(rest), where)
		}
	case "endif":
		if len(m.conds) > 0 {
			m.conds = m.conds[:len(m.conds)-1]
		}
	default:
		return false
	}
	return true
}

// open sets the frame from its first condition.
func (f *condFrame) open(value, known bool) {
	if !known {
		f.unknown, f.active = true, f.outer
		return
	}
	f.active, f.decided = f.outer && value, value
}

// elseBranch reads an else, or an else with a condition.
func (m *makeReader) elseBranch(rest, where string) {
	f := &m.conds[len(m.conds)-1]
	switch {
	case f.unknown:
		f.active = f.outer
	case f.decided:
		f.active = false
	case rest == "":
		f.active, f.decided = f.outer, true
	default:
		word, cond, _ := strings.Cut(rest, " ")
		f.open(m.condition(word, cond, where, f.outer))
	}
}

// condition evaluates a condition; known is false when it depends on a
// value known only at run time (both branches are then read).
func (m *makeReader) condition(word, rest, where string, outer bool) (value, known bool) {
	if !outer {
		return false, true
	}
	cx := m.parseCtx(where)
	switch word {
	case "ifdef", "ifndef":
		name := strings.TrimSpace(m.expand(rest, cx))
		v, ok := m.vars[name]
		defined := ok && v.value != ""
		return defined == (word == "ifdef"), !strings.Contains(name, makeValue)
	case "ifeq", "ifneq":
		a, b, ok := condOperands(strings.TrimSpace(rest))
		if !ok {
			m.out.dynamic("%s: %s with operands not read: both branches are read", where, word)
			return false, false
		}
		a, b = m.expand(a, cx), m.expand(b, cx)
		if strings.Contains(a+b, makeValue) {
			m.out.dynamic("%s: %s compares a value known only at run time: both branches are read", where, word)
			return false, false
		}
		return (a == b) == (word == "ifeq"), true
	}
	return false, false
}

// condOperands splits (a,b), "a" "b" or 'a' 'b'.
func condOperands(s string) (string, string, bool) {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		args := splitArgs(s[1:len(s)-1], 2)
		if len(args) != 2 {
			return "", "", false
		}
		return strings.TrimSpace(args[0]), strings.TrimSpace(args[1]), true
	}
	fields := quotedFields(s)
	if len(fields) != 2 {
		return "", "", false
	}
	return fields[0], fields[1], true
}

// quotedFields splits "a" 'b' into its quoted words.
func quotedFields(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		q := s[0]
		if q != '"' && q != '\'' {
			return nil
		}
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return nil
		}
		out = append(out, s[1:end+1])
		s = s[end+2:]
	}
	return out
}

// splitAssign finds a variable assignment: the name, its operator and the
// value; ok is false when the line is no assignment (a rule, say).
func splitAssign(line string) (name, op, value string, ok bool) {
	depth := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '(' || c == '{':
			depth++
		case c == ')' || c == '}':
			depth--
		case depth > 0:
		case c == ':':
			for _, candidate := range []string{":::=", "::=", ":="} {
				if strings.HasPrefix(line[i:], candidate) {
					return strings.TrimSpace(line[:i]), candidate, trimValue(line[i+len(candidate):]), true
				}
			}
			return "", "", "", false
		case c == '=':
			return assignAt(line, i)
		}
	}
	return "", "", "", false
}

// assignAt reads the assignment whose = is at i.
func assignAt(line string, i int) (name, op, value string, ok bool) {
	op, start := "=", i
	if i > 0 && strings.ContainsRune("?+!", rune(line[i-1])) {
		op, start = line[i-1:i+1], i-1
	}
	name = strings.TrimSpace(line[:start])
	if name == "" || strings.ContainsAny(name, " \t") {
		return "", "", "", false
	}
	return name, op, trimValue(line[i+1:]), true
}

// trimValue drops the blanks before a value (those after it stay, as make
// keeps them).
func trimValue(v string) string { return strings.TrimLeft(v, " \t") }

// assign reads an assignment line; false when the line is none.
func (m *makeReader) assign(line string, origin varOrigin, where string) bool {
	name, op, value, ok := splitAssign(line)
	if !ok {
		return false
	}
	m.set(m.expand(name, m.parseCtx(where)), op, value, origin, where)
	return true
}

// set assigns a variable as make does: a command-line value wins over the
// makefile's unless override, and the environment's only with -e.
func (m *makeReader) set(name, op, value string, origin varOrigin, where string) {
	old, defined := m.vars[name]
	if defined && origin == originFile && (old.origin >= originCommand || old.origin == originEnv && m.opts.envWins) {
		return
	}
	if m.uncertain() {
		m.out.dynamic("%s: %s is set in a branch of a conditional known only at run time: read with the last value set", where, name)
	}
	cx := m.parseCtx(where)
	switch op {
	case "?=":
		if !defined {
			m.vars[name] = &makeVar{value: value, recursive: true, origin: origin}
		}
	case "+=":
		m.appendValue(name, old, defined, value, origin, cx)
	case ":=", "::=":
		m.vars[name] = &makeVar{value: m.expand(value, cx), origin: origin}
	case ":::=":
		m.vars[name] = &makeVar{value: escapeDollars(m.expand(value, cx)), recursive: true, origin: origin}
	case "!=":
		m.shell(m.expand(value, cx), where+" != at parse")
		m.vars[name] = &makeVar{value: makeValue, origin: origin}
	default:
		m.vars[name] = &makeVar{value: value, recursive: true, origin: origin}
	}
	m.special(name, where)
}

// appendValue reads +=: a simple variable gets the expanded value, a
// recursive one the text.
func (m *makeReader) appendValue(name string, old *makeVar, defined bool, value string, origin varOrigin, cx *makeCtx) {
	if !defined {
		m.vars[name] = &makeVar{value: value, recursive: true, origin: origin}
		return
	}
	if !old.recursive {
		value = m.expand(value, cx)
	}
	if old.value != "" {
		value = old.value + " " + value
	}
	m.vars[name] = &makeVar{value: value, recursive: old.recursive, origin: max(old.origin, origin)}
}

// escapeDollars writes $ as $$.
func escapeDollars(s string) string { return strings.ReplaceAll(s, "$", "$$") }

// special reads the variables that change how make reads or runs.
func (m *makeReader) special(name, where string) {
	switch name {
	case ".RECIPEPREFIX":
		v := m.value(name)
		m.out.dynamic("%s: .RECIPEPREFIX changes the recipe prefix to %q: read with it", where, v)
		m.prefix = '\t'
		if v != "" {
			m.prefix = v[0]
		}
	case "SHELL", ".SHELLFLAGS":
		v := strings.TrimSpace(m.value(name))
		if name == "SHELL" && !shellIsSh(v) || name == ".SHELLFLAGS" && v != "-c" && v != "-ec" && v != "-e -c" {
			m.out.dynamic("%s: %s is %q: the recipes are not run by sh -c", where, name, strings.ReplaceAll(v, makeValue, MakeValue))
		}
		if name == "SHELL" && !shellIsSh(v) && !strings.Contains(v, makeValue) && strings.Contains(v, "/") && !filepath.IsAbs(v) && !strings.ContainsAny(v, " \t") {
			// SHELL := ./tools/sh: a file of the project runs every recipe
			// line; it is read as the command it is
			m.out.add(where+" SHELL runs every recipe line", shellQuote(v)+" -c :", "")
		}
	}
}

// shellIsSh reports a SHELL that reads recipes as sh -c does.
func shellIsSh(v string) bool {
	switch v {
	case "/bin/sh", "sh", "/bin/bash", "bash", "/usr/bin/bash", "/usr/bin/env bash", "/bin/dash", "dash":
		return true
	}
	return false
}

// value returns a variable's value, expanded.
func (m *makeReader) value(name string) string {
	return m.expand("$("+name+")", &makeCtx{where: "make variable " + name})
}

// ruleLine reads a rule (or a line that expands to one).
func (m *makeReader) ruleLine(line, where string) {
	head, recipe, hasRecipe := cutRecipe(line)
	colon := ruleColon(head)
	if colon < 0 {
		expanded := m.expand(head, m.parseCtx(where))
		if strings.TrimSpace(expanded) != "" && ruleColon(expanded) >= 0 && !strings.Contains(line, "$(eval") {
			m.ruleLine(escapeDollars(expanded)+recipeSuffix(recipe, hasRecipe), where)
		}
		m.rule = nil
		return
	}
	cx := m.parseCtx(where)
	targets := strings.Fields(m.expand(head[:colon], cx))
	double := strings.HasPrefix(head[colon:], "::")
	rest := head[colon+1:]
	if double {
		rest = head[colon+2:]
	}
	if name, op, value, ok := splitAssign(trimAssignPrefix(rest)); ok && name != "" && !strings.ContainsAny(name, " \t") {
		m.targetAssign(targets, name, op, value, where)
		return
	}
	m.addRule(targets, rest, double, where)
	if hasRecipe {
		m.rule.recipe = append(m.rule.recipe, recipeLine{text: recipe, where: where})
		m.rule.hasRecipe = true
	}
}

// trimAssignPrefix drops the override, export or private before a
// target-specific assignment.
func trimAssignPrefix(s string) string {
	s = strings.TrimLeft(s, " \t")
	for _, pre := range []string{"override ", "export ", "private "} {
		s = strings.TrimLeft(strings.TrimPrefix(s, pre), " \t")
	}
	return s
}

// recipeSuffix gives back the ; recipe of a rule line.
func recipeSuffix(recipe string, has bool) string {
	if !has {
		return ""
	}
	return ";" + recipe
}

// cutRecipe splits a rule line at its ; recipe.
func cutRecipe(line string) (string, string, bool) {
	depth := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ';':
			if depth == 0 {
				return line[:i], strings.TrimLeft(line[i+1:], " \t"), true
			}
		}
	}
	return line, "", false
}

// ruleColon returns the index of a rule's colon outside references, or -1.
func ruleColon(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// targetAssign records a target- or pattern-specific assignment.
func (m *makeReader) targetAssign(targets []string, name, op, value, where string) {
	for _, pre := range []string{"override ", "export ", "private "} {
		name = strings.TrimSpace(strings.TrimPrefix(name, pre))
	}
	for _, t := range targets {
		a := makeAssign{name: name, op: op, value: value, where: where}
		if strings.Contains(t, "%") {
			a.pattern = t
			m.patVars = append(m.patVars, a)
			continue
		}
		m.target(t).vars = append(m.target(t).vars, a)
	}
	m.rule = nil
}

// target returns the explicit target of that name, made on first use.
func (m *makeReader) target(name string) *makeTarget {
	t, ok := m.targets[name]
	if !ok {
		t = &makeTarget{name: name}
		m.targets[name] = t
		m.order = append(m.order, name)
	}
	return t
}

// addRule records a rule and makes it the one recipe lines go to.
func (m *makeReader) addRule(targets []string, rest string, double bool, where string) {
	cx := m.parseCtx(where)
	if i := ruleColon(rest); i >= 0 && !double {
		m.staticPattern(targets, m.expand(rest[:i], cx), m.expand(rest[i+1:], cx), where)
		return
	}
	normal, orderOnly, _ := strings.Cut(m.expand(rest, cx), "|")
	rule := &makeRule{prereqs: strings.Fields(normal), orderOnly: strings.Fields(orderOnly), where: where, alternative: m.uncertain()}
	m.rule = rule
	if len(targets) == 1 && len(rule.prereqs) == 0 {
		if pattern, from, ok := suffixRule(targets[0]); ok {
			rule.targets, rule.prereqs = []string{pattern}, []string{from}
			m.patterns = append(m.patterns, rule)
			return
		}
	}
	if len(targets) > 0 && strings.Contains(targets[0], "%") {
		rule.targets = targets
		m.patterns = append(m.patterns, rule)
		return
	}
	for _, name := range targets {
		m.noteGoal(name)
		m.specialTarget(name, where)
		t := m.target(name)
		if double {
			t.doubleColon = append(t.doubleColon, rule)
			continue
		}
		t.prereqs = append(t.prereqs, rule.prereqs...)
		t.orderOnly = append(t.orderOnly, rule.orderOnly...)
		t.rules = append(t.rules, rule)
	}
}

// suffixRule reads an old-fashioned suffix rule (.c.o:) as the pattern
// rule it is (%.o: %.c).
func suffixRule(name string) (pattern, from string, ok bool) {
	if len(name) < 2 || name[0] != '.' || strings.ContainsAny(name, "/%") {
		return "", "", false
	}
	parts := strings.Split(name[1:], ".")
	switch {
	case len(parts) == 2 && parts[0] != "" && parts[1] != "" && knownSuffix.Get()[parts[0]] && knownSuffix.Get()[parts[1]]:
		return "%." + parts[1], "%." + parts[0], true
	case len(parts) == 1 && knownSuffix.Get()[parts[0]]:
		return "%", "%." + parts[0], true
	}
	return "", "", false
}

// knownSuffix are the suffixes of GNU make's default .SUFFIXES list.
var knownSuffix = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("out a ln o c cc C cpp p f F m r y l ym yl s S mod sym def h info dvi tex texinfo texi txinfo w ch web sh elc el")
}}

// staticPattern records targets: target-pattern: prereq-patterns.
func (m *makeReader) staticPattern(targets []string, targetPattern, prereqPatterns, where string) {
	rule := &makeRule{where: where, alternative: m.uncertain()}
	m.rule = rule
	normal, orderOnly, _ := strings.Cut(prereqPatterns, "|")
	pattern := strings.TrimSpace(targetPattern)
	for _, name := range targets {
		stem, ok := matchPattern(pattern, name)
		if !ok {
			continue
		}
		m.noteGoal(name)
		t := m.target(name)
		t.stem = stem
		t.prereqs = append(t.prereqs, substituteAll(strings.Fields(normal), stem)...)
		t.orderOnly = append(t.orderOnly, substituteAll(strings.Fields(orderOnly), stem)...)
		t.rules = append(t.rules, rule)
	}
}

// substituteAll puts the stem in each pattern's %.
func substituteAll(patterns []string, stem string) []string {
	out := make([]string, len(patterns))
	for i, p := range patterns {
		out[i] = strings.Replace(p, "%", stem, 1)
	}
	return out
}

// matchPattern matches a word against a pattern with one %: the stem.
func matchPattern(pattern, word string) (string, bool) {
	pre, post, has := strings.Cut(pattern, "%")
	if !has {
		return "", pattern == word
	}
	if len(word) < len(pre)+len(post) || !strings.HasPrefix(word, pre) || !strings.HasSuffix(word, post) {
		return "", false
	}
	return word[len(pre) : len(word)-len(post)], true
}

// noteGoal takes the first target that is no special target, pattern or
// dot-file as the default goal.
func (m *makeReader) noteGoal(name string) {
	if m.firstGoal == "" && !strings.Contains(name, "%") && (!strings.HasPrefix(name, ".") || strings.Contains(name, "/")) {
		m.firstGoal = name
	}
}

// specialTarget reads the special targets that change how make runs.
func (m *makeReader) specialTarget(name, where string) {
	switch name {
	case ".ONESHELL":
		m.oneShell = true
	case ".SECONDEXPANSION":
		m.out.dynamic("%s: .SECONDEXPANSION expands prerequisites a second time (read once)", where)
	}
}

// makeCtx is the context of an expansion.
type makeCtx struct {
	// where is the Source of the $(shell …) texts the expansion finds.
	where  string
	auto   map[string]string
	scope  map[string]*makeVar
	locals map[string]string
	depth  int
}

// deeper returns the context one expansion deeper.
func (cx *makeCtx) deeper() *makeCtx {
	c := *cx
	c.depth++
	return &c
}

// expand expands make references in s.
func (m *makeReader) expand(s string, cx *makeCtx) string {
	if !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		i = m.reference(&b, s, i, cx)
		if b.Len() > MaxMakeValueBytes {
			m.out.dynamic("%s: an expansion longer than %d bytes (cut there)", cx.where, MaxMakeValueBytes)
			return b.String()[:MaxMakeValueBytes] + makeValue
		}
	}
	return collapseValues(b.String())
}

// collapseValues writes a run of values known only at run time as one.
func collapseValues(s string) string {
	for strings.Contains(s, makeValue+makeValue) {
		s = strings.ReplaceAll(s, makeValue+makeValue, makeValue)
	}
	return s
}

// reference expands the reference at s[i] (a $) into b and returns the
// index after it.
func (m *makeReader) reference(b *strings.Builder, s string, i int, cx *makeCtx) int {
	next := s[i+1]
	switch next {
	case '$':
		b.WriteByte('$')
		return i + 2
	case '(', '{':
		end := matchClose(s, i+1)
		if end < 0 {
			m.out.dynamic("%s: unterminated variable reference: make stops there", cx.where)
			return len(s)
		}
		b.WriteString(m.evalRef(s[i+2:end], cx))
		return end + 1
	}
	b.WriteString(m.lookup(string(next), cx))
	return i + 2
}

// matchClose returns the index of the paren that closes the one at open.
func matchClose(s string, open int) int {
	o := s[open]
	c := byte(')')
	if o == '{' {
		c = '}'
	}
	depth := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// evalRef expands the inside of $(…): a function call, a substitution
// reference or a variable.
func (m *makeReader) evalRef(inner string, cx *makeCtx) string {
	if !m.step(cx) {
		return makeValue
	}
	name, args, _ := strings.Cut(inner, " ")
	if i := strings.IndexByte(inner, '\t'); i >= 0 && i < len(name) {
		name, args = inner[:i], inner[i+1:]
	}
	if fn, ok := makeFunctions()[name]; ok && name != inner {
		return fn(m, strings.TrimLeft(args, " \t"), cx.deeper())
	}
	if colon := ruleColon(inner); colon > 0 && strings.Contains(inner[colon:], "=") {
		return m.substRef(inner[:colon], inner[colon+1:], cx)
	}
	return m.lookup(m.expand(inner, cx.deeper()), cx)
}

// substRef expands $(VAR:from=to).
func (m *makeReader) substRef(name, rule string, cx *makeCtx) string {
	value := m.lookup(m.expand(name, cx.deeper()), cx)
	from, to, _ := strings.Cut(m.expand(rule, cx.deeper()), "=")
	if !strings.Contains(from, "%") {
		from, to = "%"+from, "%"+to
	}
	return patsubst(from, to, value)
}

// lookup returns a variable's value, expanded when it is recursive.
func (m *makeReader) lookup(name string, cx *makeCtx) string {
	if v, ok := cx.locals[name]; ok {
		return v
	}
	if v, ok := cx.auto[name]; ok {
		return v
	}
	if len(name) == 2 && (name[1] == 'D' || name[1] == 'F') && cx.auto != nil {
		if v, ok := cx.auto[name[:1]]; ok {
			return dirOrFile(v, name[1] == 'D')
		}
	}
	v, ok := cx.scope[name]
	if !ok {
		v, ok = m.vars[name]
	}
	if !ok {
		return ""
	}
	if v.recursive {
		if !m.step(cx) {
			return makeValue
		}
		return m.expand(v.value, cx.deeper())
	}
	return v.value
}

// step counts an expansion; false past the bounds.
func (m *makeReader) step(cx *makeCtx) bool {
	m.steps++
	if m.steps > MaxMakeExpandSteps || cx.depth > MaxMakeExpandDepth {
		m.out.dynamic("make: expansions past the bound of %d steps, %d deep: the rest are not read", MaxMakeExpandSteps, MaxMakeExpandDepth)
		return false
	}
	return true
}

// dirOrFile is $(@D) or $(@F) of each word.
func dirOrFile(value string, dir bool) string {
	var out []string
	for _, w := range strings.Fields(value) {
		if dir {
			out = append(out, strings.TrimSuffix(filepath.Dir(w), "/"))
		} else {
			out = append(out, filepath.Base(w))
		}
	}
	return strings.Join(out, " ")
}

// shell records the text a $(shell …) or != runs.
func (m *makeReader) shell(cmd, source string) {
	m.out.add(source, strings.ReplaceAll(cmd, makeValue, MakeValue), "")
}

// splitArgs splits a function's arguments at the commas outside
// references, into at most n (the last takes the rest).
func splitArgs(s string, n int) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s) && len(out) < n-1; i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// expandArgs splits and expands a function's arguments.
func (m *makeReader) expandArgs(args string, n int, cx *makeCtx) []string {
	parts := splitArgs(args, n)
	for i := range parts {
		parts[i] = m.expand(parts[i], cx)
	}
	for len(parts) < n {
		parts = append(parts, "")
	}
	return parts
}

// makeFunc is one of make's functions: it gets the text of its
// arguments, unexpanded.
type makeFunc func(m *makeReader, args string, cx *makeCtx) string

// makeFuncs are the functions read; the others stand for a value known
// only at run time.
var makeFuncs map[string]makeFunc

// makeFuncsBuilt guards makeFuncs, built on first use (a var initializer
// would be a cycle: the functions expand their arguments, which calls them).
var makeFuncsBuilt sync.Once

// makeFunctions returns makeFuncs, built on the first call.
func makeFunctions() map[string]makeFunc {
	makeFuncsBuilt.Do(buildMakeFuncs)
	return makeFuncs
}

func buildMakeFuncs() {
	makeFuncs = map[string]makeFunc{
		"shell": func(m *makeReader, args string, cx *makeCtx) string {
			m.shell(m.expand(args, cx), cx.where)
			return makeValue
		},
		"subst":      wordsFunc(3, func(a []string) string { return subst(a[0], a[1], a[2]) }),
		"patsubst":   wordsFunc(3, func(a []string) string { return patsubst(a[0], a[1], a[2]) }),
		"strip":      wordsFunc(1, func(a []string) string { return strings.Join(strings.Fields(a[0]), " ") }),
		"findstring": wordsFunc(2, func(a []string) string { return findString(a[0], a[1]) }),
		"filter":     wordsFunc(2, func(a []string) string { return filterWords(a[0], a[1], true) }),
		"filter-out": wordsFunc(2, func(a []string) string { return filterWords(a[0], a[1], false) }),
		"sort":       wordsFunc(1, func(a []string) string { return sortWords(a[0]) }),
		"words":      wordsFunc(1, func(a []string) string { return fmt.Sprint(len(strings.Fields(a[0]))) }),
		"firstword":  wordsFunc(1, func(a []string) string { return nthWord(strings.Fields(a[0]), 0) }),
		"lastword":   wordsFunc(1, func(a []string) string { f := strings.Fields(a[0]); return nthWord(f, len(f)-1) }),
		"word":       wordsFunc(2, func(a []string) string { return nthWord(strings.Fields(a[1]), atoi(a[0])-1) }),
		"dir":        wordsFunc(1, func(a []string) string { return eachWord(a[0], dirWord) }),
		"notdir":     wordsFunc(1, func(a []string) string { return eachWord(a[0], notdirWord) }),
		"suffix":     wordsFunc(1, func(a []string) string { return eachWord(a[0], suffixWord) }),
		"basename":   wordsFunc(1, func(a []string) string { return eachWord(a[0], basenameWord) }),
		"addsuffix":  wordsFunc(2, func(a []string) string { return eachWord(a[1], func(w string) string { return w + a[0] }) }),
		"addprefix":  wordsFunc(2, func(a []string) string { return eachWord(a[1], func(w string) string { return a[0] + w }) }),
		"info":       wordsFunc(1, func([]string) string { return "" }),
		"warning":    wordsFunc(1, func([]string) string { return "" }),
		"error":      wordsFunc(1, func([]string) string { return "" }),
		"if":         (*makeReader).ifFunc,
		"or":         func(m *makeReader, args string, cx *makeCtx) string { return m.andOr(args, cx, false) },
		"and":        func(m *makeReader, args string, cx *makeCtx) string { return m.andOr(args, cx, true) },
		"foreach":    (*makeReader).foreach,
		"call":       (*makeReader).call,
		"value":      func(m *makeReader, args string, cx *makeCtx) string { return m.rawValue(m.expand(args, cx)) },
		"origin":     func(m *makeReader, args string, cx *makeCtx) string { return m.origin(m.expand(args, cx)) },
		"eval":       (*makeReader).eval,
	}
	for _, name := range []string{"wildcard", "realpath", "abspath", "file", "guile", "join", "wordlist", "flavor", "let", "intcmp"} {
		makeFuncs[name] = notEvaluated(name)
	}
}

// wordsFunc is a function of n arguments expanded before it is called.
func wordsFunc(n int, fn func([]string) string) makeFunc {
	return func(m *makeReader, args string, cx *makeCtx) string {
		return fn(m.expandArgs(args, n, cx))
	}
}

// notEvaluated is a function this reader does not evaluate: its arguments
// are expanded (their $(shell …) run) and its value is known only at run
// time.
func notEvaluated(name string) makeFunc {
	return func(m *makeReader, args string, cx *makeCtx) string {
		m.expandArgs(args, 8, cx)
		m.out.dynamic("%s: $(%s …) is not evaluated: its value is written %s", cx.where, name, MakeValue)
		return makeValue
	}
}

func subst(from, to, text string) string {
	if from == "" {
		return text + to
	}
	return strings.ReplaceAll(text, from, to)
}

func findString(find, in string) string {
	if strings.Contains(in, find) {
		return find
	}
	return ""
}

// patsubst replaces the words of text that match pattern.
func patsubst(pattern, replacement, text string) string {
	out := strings.Fields(text)
	for i, w := range out {
		if stem, ok := matchPattern(pattern, w); ok {
			if strings.Contains(replacement, "%") {
				out[i] = strings.Replace(replacement, "%", stem, 1)
			} else {
				out[i] = replacement
			}
		}
	}
	return strings.Join(out, " ")
}

// filterWords keeps (or drops) the words that match any of the patterns.
func filterWords(patterns, text string, keep bool) string {
	var out []string
	for _, w := range strings.Fields(text) {
		matched := false
		for _, p := range strings.Fields(patterns) {
			if _, ok := matchPattern(p, w); ok {
				matched = true
				break
			}
		}
		if matched == keep {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

func sortWords(text string) string {
	seen := map[string]bool{}
	var out []string
	for _, w := range strings.Fields(text) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func nthWord(words []string, i int) string {
	if i < 0 || i >= len(words) {
		return ""
	}
	return words[i]
}

func atoi(s string) int {
	n := 0
	for _, c := range strings.TrimSpace(s) {
		if c < '0' || c > '9' || n > 1<<20 {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func eachWord(text string, fn func(string) string) string {
	out := strings.Fields(text)
	for i, w := range out {
		out[i] = fn(w)
	}
	return strings.Join(out, " ")
}

func dirWord(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 {
		return w[:i+1]
	}
	return "./"
}

func notdirWord(w string) string { return w[strings.LastIndexByte(w, '/')+1:] }

func suffixWord(w string) string {
	base := notdirWord(w)
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return base[i:]
	}
	return ""
}

func basenameWord(w string) string { return strings.TrimSuffix(w, suffixWord(w)) }

// ifFunc is $(if cond,then,else): only the branch taken is expanded, both
// when the condition is known only at run time.
func (m *makeReader) ifFunc(args string, cx *makeCtx) string {
	parts := splitArgs(args, 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	cond := strings.TrimSpace(m.expand(parts[0], cx))
	if strings.Contains(cond, makeValue) {
		m.expand(parts[1], cx)
		m.expand(parts[2], cx)
		return makeValue
	}
	if cond != "" {
		return m.expand(parts[1], cx)
	}
	return m.expand(parts[2], cx)
}

// andOr is $(and …) and $(or …).
func (m *makeReader) andOr(args string, cx *makeCtx, and bool) string {
	last := ""
	for _, part := range splitArgs(args, 1<<10) {
		v := strings.TrimSpace(m.expand(part, cx))
		if strings.Contains(v, makeValue) {
			last = makeValue
			continue
		}
		if and && v == "" || !and && v != "" {
			return v
		}
		last = v
	}
	return last
}

// foreach is $(foreach var,list,text).
func (m *makeReader) foreach(args string, cx *makeCtx) string {
	parts := splitArgs(args, 3)
	if len(parts) < 3 {
		return ""
	}
	name := strings.TrimSpace(m.expand(parts[0], cx))
	var out []string
	for _, w := range strings.Fields(m.expand(parts[1], cx)) {
		inner := *cx
		inner.locals = withLocal(cx.locals, map[string]string{name: w})
		out = append(out, m.expand(parts[2], &inner))
		if m.steps > MaxMakeExpandSteps {
			break
		}
	}
	return strings.Join(out, " ")
}

// withLocal returns the locals with more set.
func withLocal(locals, more map[string]string) map[string]string {
	out := make(map[string]string, len(locals)+len(more))
	for k, v := range locals {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

// call is $(call var,args…): the variable expanded with $(1)… set.
func (m *makeReader) call(args string, cx *makeCtx) string {
	parts := m.expandArgs(args, 1<<10, cx)
	name := strings.TrimSpace(parts[0])
	locals := map[string]string{"0": name}
	for i, a := range parts[1:] {
		locals[fmt.Sprint(i+1)] = a
	}
	inner := *cx
	inner.locals = withLocal(nil, locals)
	if fn, ok := makeFunctions()[name]; ok {
		return fn(m, strings.Join(parts[1:], ","), &inner)
	}
	v, ok := m.vars[name]
	if sv, in := cx.scope[name]; in {
		v, ok = sv, true
	}
	if !ok {
		return ""
	}
	if !v.recursive {
		return v.value
	}
	return m.expand(v.value, &inner)
}

// rawValue is $(value var).
func (m *makeReader) rawValue(name string) string {
	if v, ok := m.vars[strings.TrimSpace(name)]; ok {
		return v.value
	}
	return ""
}

// origin is $(origin var).
func (m *makeReader) origin(name string) string {
	v, ok := m.vars[strings.TrimSpace(name)]
	if !ok {
		return "undefined"
	}
	return [...]string{"default", "environment", "file", "command line", "override"}[v.origin]
}

// eval is $(eval text): a text known whole is read as makefile lines, as
// make does; one with a value known only at run time is not.
func (m *makeReader) eval(args string, cx *makeCtx) string {
	text := m.expand(args, cx)
	if strings.Contains(text, makeValue) || cx.auto != nil {
		m.out.dynamic("%s: $(eval …) of a text known only at run time (not read)", cx.where)
		return ""
	}
	if m.evals >= MaxMakeIncludeDepth {
		m.out.dynamic("%s: $(eval …) nested more than %d deep (not read)", cx.where, MaxMakeIncludeDepth)
		return ""
	}
	saved := m.rule
	m.evals++
	m.parse(text, strings.TrimSuffix(cx.where, " $(shell) at parse")+" $(eval)", MaxMakeIncludeDepth-1)
	m.evals--
	m.rule = saved
	return ""
}

// build makes the goals: the command line's, else the default goal.
func (m *makeReader) build() {
	m.remakeMakefiles()
	goals := m.opts.goals
	if len(goals) == 0 {
		goal := m.defaultGoal()
		if goal == "" {
			return
		}
		goals = []string{goal}
	}
	for _, g := range goals {
		m.make(g, nil, true)
	}
	m.reportNoRule()
}

// remakeMakefiles makes, before the goals, the makefiles a rule of the
// makefiles makes, as make does: a missing one by any explicit or pattern
// rule (not a match-anything one), which make then reads (not known here);
// one that is there by a rule with prerequisites, which may be newer.
func (m *makeReader) remakeMakefiles() {
	for _, f := range m.makefiles {
		if !m.remakes(f) {
			continue
		}
		m.make(f.name, nil, false)
		if f.missing {
			m.out.dynamic("make: %s is made by a rule and then read: what it holds is not known (not read)", f.name)
		}
	}
}

// remakes reports a rule of the makefiles that remakes makefile f.
func (m *makeReader) remakes(f makefileRead) bool {
	if t := m.targets[f.name]; t != nil {
		if len(recipesOf(t.rules)) > 0 && (f.missing || len(t.prereqs)+len(t.orderOnly) > 0) {
			return true
		}
		for _, rule := range t.doubleColon {
			if len(rule.prereqs)+len(rule.orderOnly) > 0 {
				return true // one with none is never remade
			}
		}
	}
	if !f.missing {
		return false
	}
	for _, rule := range m.patterns {
		for _, pattern := range rule.targets {
			if _, ok := matchPattern(pattern, f.name); ok && rule.hasRecipe && pattern != "%" {
				return true
			}
		}
	}
	return false
}

// defaultGoal is .DEFAULT_GOAL, else the first target.
func (m *makeReader) defaultGoal() string {
	if _, ok := m.vars[".DEFAULT_GOAL"]; ok {
		if goal := strings.Fields(m.value(".DEFAULT_GOAL")); len(goal) > 0 {
			return goal[0]
		}
	}
	return m.firstGoal
}

// makePlan is how a target is made: its prerequisites and the rule whose
// recipe runs.
type makePlan struct {
	prereqs   []string
	orderOnly []string
	// recipes are the rules whose recipes run: one, or several read in
	// branches of a conditional known only at run time.
	recipes []*makeRule
	stem    string
}

// make makes one target: its prerequisites, then its recipe.
func (m *makeReader) make(name string, inherited map[string]*makeVar, goal bool) {
	if strings.Contains(name, makeValue) {
		m.out.dynamic("make: a target or prerequisite known only at run time (not read)")
		return
	}
	if m.made[name] {
		return
	}
	if len(m.made) >= MaxMakeTargets {
		m.out.dynamic("make: more than %d targets: the rest are not read", MaxMakeTargets)
		return
	}
	m.made[name] = true
	t := m.targets[name]
	plan, found := m.planFor(name, t)
	if !found {
		m.noteNoRule(name, goal)
	}
	scope := m.scopeFor(name, t, inherited)
	for _, p := range append(append([]string(nil), plan.prereqs...), plan.orderOnly...) {
		m.make(p, scope, false)
	}
	for _, rule := range plan.recipes {
		m.runRecipe(name, plan, rule, scope)
	}
	if t != nil {
		for _, rule := range t.doubleColon {
			for _, p := range append(append([]string(nil), rule.prereqs...), rule.orderOnly...) {
				m.make(p, scope, false)
			}
			m.runRecipe(name, makePlan{prereqs: rule.prereqs, orderOnly: rule.orderOnly}, rule, scope)
		}
	}
}

// planFor finds how a target is made: its explicit rule, else a pattern
// rule, else .DEFAULT; found is false when nothing in the makefiles makes
// it.
func (m *makeReader) planFor(name string, t *makeTarget) (makePlan, bool) {
	var plan makePlan
	if t != nil {
		plan = makePlan{prereqs: t.prereqs, orderOnly: t.orderOnly, stem: t.stem, recipes: recipesOf(t.rules)}
		if len(plan.recipes) > 0 || len(t.doubleColon) > 0 {
			return plan, true
		}
	}
	if rule, stem, ok := m.patternFor(name); ok {
		plan.recipes, plan.stem = []*makeRule{rule}, stem
		plan.prereqs = append(substituteAll(rule.prereqs, stem), plan.prereqs...)
		plan.orderOnly = append(substituteAll(rule.orderOnly, stem), plan.orderOnly...)
		return plan, true
	}
	if d, ok := m.targets[".DEFAULT"]; ok && name != ".DEFAULT" {
		plan.recipes = recipesOf(d.rules)
		return plan, len(plan.recipes) > 0
	}
	return plan, t != nil
}

// recipesOf returns the rules whose recipe runs: the last with one, and
// with it those read in conditionals known only at run time that it may
// not have replaced.
func recipesOf(rules []*makeRule) []*makeRule {
	var out []*makeRule
	for _, r := range rules {
		if !r.hasRecipe {
			continue
		}
		if !r.alternative {
			out = out[:0]
		}
		out = append(out, r)
	}
	return out
}

// patternFor finds the pattern rule with a recipe that matches the name
// with the shortest stem (the first such, in order).
func (m *makeReader) patternFor(name string) (*makeRule, string, bool) {
	var best *makeRule
	bestStem := ""
	for _, rule := range m.patterns {
		if !rule.hasRecipe {
			continue
		}
		for _, pattern := range rule.targets {
			stem, ok := matchPattern(pattern, name)
			if ok && (best == nil || len(stem) < len(bestStem)) {
				best, bestStem = rule, stem
			}
		}
	}
	return best, bestStem, best != nil
}

// noteNoRule records a target nothing in the makefiles makes, that make's
// built-in rules may: a goal, an object file or a program.
func (m *makeReader) noteNoRule(name string, goal bool) {
	if m.opts.noBuiltins {
		return
	}
	ext := filepath.Ext(name)
	if goal || ext == ".o" || ext == "" && !strings.Contains(name, "/") {
		m.noRule = append(m.noRule, name)
	}
}

// reportNoRule says which targets make's built-in rules may make.
func (m *makeReader) reportNoRule() {
	if len(m.noRule) == 0 {
		return
	}
	names := m.noRule
	if len(names) > 8 {
		names = append(names[:8:8], "…")
	}
	m.out.Outside = append(m.out.Outside, fmt.Sprintf("make: no rule in the makefiles makes %s: make's built-in rules may compile it from the files there", strings.Join(names, " ")))
}

// scopeFor returns the target-specific variables in force for a target:
// those it inherits from the target that needs it, then its pattern's and
// its own.
func (m *makeReader) scopeFor(name string, t *makeTarget, inherited map[string]*makeVar) map[string]*makeVar {
	var assigns []makeAssign
	for _, a := range m.patVars {
		if _, ok := matchPattern(a.pattern, name); ok {
			assigns = append(assigns, a)
		}
	}
	if t != nil {
		assigns = append(assigns, t.vars...)
	}
	if len(assigns) == 0 {
		return inherited
	}
	scope := make(map[string]*makeVar, len(inherited)+len(assigns))
	for k, v := range inherited {
		scope[k] = v
	}
	for _, a := range assigns {
		m.scopeAssign(scope, a)
	}
	return scope
}

// scopeAssign applies one target-specific assignment.
func (m *makeReader) scopeAssign(scope map[string]*makeVar, a makeAssign) {
	if g, ok := m.vars[a.name]; ok && g.origin >= originCommand {
		return
	}
	cx := &makeCtx{where: a.where + " $(shell) in a target variable", scope: scope}
	old, defined := scope[a.name]
	if !defined {
		old, defined = m.vars[a.name]
	}
	switch a.op {
	case "?=":
		if !defined {
			scope[a.name] = &makeVar{value: a.value, recursive: true, origin: originFile}
		}
	case "+=":
		value := a.value
		if defined && old.value != "" {
			value = old.value + " " + value
		}
		scope[a.name] = &makeVar{value: value, recursive: !defined || old.recursive, origin: originFile}
	case ":=", "::=":
		scope[a.name] = &makeVar{value: m.expand(a.value, cx), origin: originFile}
	case "!=":
		m.shell(m.expand(a.value, cx), a.where+" != in a target variable")
		scope[a.name] = &makeVar{value: makeValue, origin: originFile}
	default:
		scope[a.name] = &makeVar{value: a.value, recursive: true, origin: originFile}
	}
}

// autoVars are the automatic variables of a recipe.
func autoVars(name string, plan makePlan) map[string]string {
	all := plan.prereqs
	return map[string]string{
		"@": name, "<": nthWord(plan.prereqs, 0), "^": strings.Join(dedupe(all), " "), "+": strings.Join(all, " "),
		"?": strings.Join(dedupe(all), " "), "*": plan.stem, "|": strings.Join(plan.orderOnly, " "), "%": "",
	}
}

func dedupe(words []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// runRecipe adds the texts a target's recipe runs: each line expanded
// (make expands them even with -n, so their $(shell …) run), then its
// commands, each its own sh -c (one for the recipe under .ONESHELL).
func (m *makeReader) runRecipe(name string, plan makePlan, rule *makeRule, scope map[string]*makeVar) {
	auto := autoVars(name, plan)
	var cmds []Text
	for _, line := range rule.recipe {
		cx := &makeCtx{where: line.where + " $(shell) in recipe of " + name, auto: auto, scope: scope}
		callsMake := strings.Contains(line.text, "$(MAKE)") || strings.Contains(line.text, "${MAKE}")
		if callsMake && m.opts.dryRun {
			m.out.dynamic("%s: make -n runs this $(MAKE) line, and the make it runs gets -n through MAKEFLAGS (read as written)", line.where)
		}
		for _, cmd := range splitCommands(m.expand(line.text, cx)) {
			text, plus := stripRecipePrefix(cmd)
			if text == "" || m.opts.dryRun && !plus && !callsMake {
				continue
			}
			cmds = append(cmds, Text{Source: line.where + " recipe of " + name, Shell: strings.ReplaceAll(text, makeValue, MakeValue)})
		}
	}
	if m.oneShell && len(cmds) > 1 {
		joined := make([]string, len(cmds))
		for i, c := range cmds {
			joined[i] = c.Shell
		}
		cmds = []Text{{Source: cmds[0].Source, Shell: strings.Join(joined, "\n")}}
	}
	for _, c := range cmds {
		m.out.add(c.Source, c.Shell, "")
	}
}

// splitCommands splits an expanded recipe line at its newlines (a define
// used in a recipe gives several commands), not at backslash-newlines.
func splitCommands(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && !continued(s[:i]) {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// stripRecipePrefix drops the @, - and + before a command (and a recipe
// prefix a define's line may start with); plus reports a +.
func stripRecipePrefix(cmd string) (string, bool) {
	plus := false
	cmd = strings.TrimLeft(cmd, " \t")
	for cmd != "" && strings.ContainsRune("@-+", rune(cmd[0])) {
		plus = plus || cmd[0] == '+'
		cmd = strings.TrimLeft(cmd[1:], " \t")
	}
	return cmd, plus
}
