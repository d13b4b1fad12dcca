// Package registry is permgate's knowledge of programs, as data: one
// declaration per program or family says its names, its option grammar, its
// subcommands, which verbs only read, which run another command, which write
// files, and which are dangerous (findings with a kind, a severity, a stable
// id, a reason and a safer alternative). One scanner (Grammar.Scan) reads
// every grammar, and every stage of the analysis asks the registry instead of
// re-parsing argv.
//
// Judgements that need real semantics (rm's targets, sed and awk programs,
// git, cd tracking) stay Go code in the validator; a declaration names them
// in Check.
package registry

import (
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
)

// Program is what permgate knows about one program or family of programs.
type Program struct {
	// Names are the program's names (basenames): "kubectl", "kubectl.exe" is
	// not a name here.
	Names []string
	// Node is the program's own verb: its global options, subcommands and
	// effects when it has no subcommand.
	Node
	// Check labels the validator's Go judgement for this program ("rm",
	// "git", "sed", "packages"), when the declaration alone cannot say
	// everything: the validator's dispatch calls the check it holds under
	// that label. A few labels name judgements another stage makes by the
	// program's name ("writes", "download", the read-only judgements).
	Check string
	// Family groups declarations for documentation and corpus counts.
	Family string

	shapeOnce    sync.Once
	hasEffects   bool
	needsArgs    bool
	runsCommands bool
	triggers     effectTriggers
}

// The project files a program may run (Node.RunsFiles).
const (
	// PackageScripts are package.json's scripts (npm, pnpm, yarn, bun).
	PackageScripts = "package-scripts"
	// MakeRecipes are a Makefile's recipes and parse-time $(shell …).
	MakeRecipes = "make-recipes"
	// JustRecipes are a justfile's recipes and backticks.
	JustRecipes = "just-recipes"
	// GitHooks are the hooks a git verb triggers.
	GitHooks = "git-hooks"
	// Envrc is the .envrc direnv loads once allowed.
	Envrc = "envrc"
	// BuildScripts are a local package's build code pip runs (setup.py).
	BuildScripts = "build-scripts"
	// Conftests are the conftest.py files pytest imports.
	Conftests = "conftests"
	// ToxCommands are tox.ini's commands for the envs tox runs.
	ToxCommands = "tox-commands"
	// GoGenerate are the //go:generate directives go generate runs.
	GoGenerate = "go-generate"
	// ComposerScripts are composer.json's scripts.
	ComposerScripts = "composer-scripts"
	// DenoTasks are deno.json's tasks (deno task NAME).
	DenoTasks = "deno-tasks"
	// TaskRunners are the scripts and tasks of the task runners
	// (npm-run-all, turbo, lerna run, pdm/hatch/rye run, poe, task, mise
	// run), by the program's name.
	TaskRunners = "task-runners"
	// HookRunners are the commands a hook framework's config names
	// (lefthook run HOOK, pre-commit run).
	HookRunners = "hook-runners"
)

// Node is a program or one of its subcommands.
type Node struct {
	// Names are the subcommand's names and aliases; "describe-*" is a
	// pattern. Empty on a Program's own node.
	Names []string
	// Grammar is the options this verb takes; a subcommand also accepts its
	// parents' options (kubectl get -n x, docker --context c ps).
	Grammar
	// Subs are the subcommands.
	Subs []*Node
	// Read says the verb only reads: it is read-only unless an option in
	// Unless is given (or may be: a dynamic word could be any option).
	Read bool
	// Bare says the verb only reads when it has no arguments at all (set,
	// mount, alias listing).
	Bare bool
	// ReadIf lists options that make a verb read-only that otherwise is not
	// (terraform fmt -check, sort without -o is Read already).
	ReadIf []string
	// Unless lists options that make a Read verb write or run something.
	Unless []string
	// Output lists options whose value is a file the verb writes.
	Output []string
	// OutputOperand is the place (1-based) of an operand that is a file the
	// verb writes: uniq IN OUT, xxd IN OUT write their second operand.
	OutputOperand int
	// Abbrev means the subcommand names may be abbreviated to any
	// unambiguous prefix, as npm's are (npm unpub is npm unpublish).
	Abbrev bool
	// Runs says the verb runs the command in its operands (npx, uv run,
	// kubectl exec -- …); the parser unwraps it.
	Runs *Runs
	// Rules are the verb's findings.
	Rules []Rule
	// Writes marks a verb that changes things but is ordinary work (npm
	// install, docker build): declared so the destructive-name principle does
	// not guess about it.
	Writes bool
	// Alone means the verb takes its own options only, not its parents':
	// git's global options stand before the verb (git -C DIR log), and after
	// it a word is the verb's (git log -C, git restore --work is --worktree).
	Alone bool
	// Effects say what the verb does with the files and values its operands
	// and options name (tar --remove-files deletes its operands, script FILE
	// writes FILE): the validator's judge reads them (Invocation.Effects).
	Effects []Effect
	// Project says the verb runs the project's own code: tests, builds,
	// package scripts, linters that load the project's config code or
	// plugins (go test, cargo check, npm test, pytest, eslint). It is never
	// read-only, whatever Read says: the checks allowance may approve it,
	// plan mode never runs it.
	Project bool
	// RunsOnly says the verb does nothing of its own but run the texts its
	// project files give (make TARGET, just RECIPE, npm run SCRIPT): when
	// every one of them was read and only reads, so does the command. Its
	// Unless options (make -t touches the targets) keep it from that.
	RunsOnly bool
	// RunsFiles says which project files the program's verbs may run, for
	// the validator to read (package.json's scripts, the Makefile's
	// recipes, git's hooks …): one of the RunsFiles constants, on the
	// program's own node.
	RunsFiles string
	// WritesTree says the verb rewrites files of the working tree it does
	// not name (git pull, git checkout BRANCH, git apply): what a later
	// command runs from there is not known.
	WritesTree bool
	// CodeFiles lists files, relative to the working directory, that the
	// verb loads and runs as code (jest.config.js, eslint.config.mjs), and
	// CodeOpts options whose value names such a file (jest -c FILE): the
	// validator reads and judges them.
	CodeFiles []string
	CodeOpts  []string
	// CodeRoot are options whose value is the directory CodeFiles are
	// looked for in (vitest --root).
	CodeRoot []string
	// PluginConfigs lists config files, relative to the working directory,
	// in which a plugins setting makes the verb load code (mypy.ini,
	// pyproject.toml): with one there, the verb runs project code.
	PluginConfigs []string
	// Does lists what the verb does beyond its files: it fetches from the
	// network, kills processes, changes the system (effect classes).
	Does []effect.Class

	// all is Grammar with every ancestor's options added; it is worked out
	// on the first use of the node (grammar), not for every node at start:
	// a check reads a handful of the registry's thousand names.
	all     Grammar
	allOnce sync.Once
	// parent is set when the node's family is loaded (link), for a node
	// that is not Alone. Declarations are static data shared by every
	// registry that loads them, so it is stored only when it changes, and
	// atomically.
	parent atomic.Pointer[Node]
	// subs indexes Subs by name, worked out on the first lookup (Sub).
	subs     subIndex
	subsOnce sync.Once
}

// subIndex finds a node's subcommands: by exact name, else among those
// with a pattern for a name ("describe-*", "*"), in order.
type subIndex struct {
	exact    map[string]*Node
	patterns []*Node
}

// index returns the node's subcommand index, building it on first use.
func (n *Node) index() *subIndex {
	n.subsOnce.Do(func() {
		n.subs.exact = make(map[string]*Node, len(n.Subs))
		for _, s := range n.Subs {
			pattern := false
			for _, name := range s.Names {
				if _, seen := n.subs.exact[name]; !seen {
					n.subs.exact[name] = s
				}
				pattern = pattern || strings.Contains(name, "*")
			}
			if pattern {
				n.subs.patterns = append(n.subs.patterns, s)
			}
		}
	})
	return &n.subs
}

// Rule is a finding a verb carries, always or when an option is given.
type Rule struct {
	// ID is stable, kind.name: "destructive_action.terraform_destroy".
	ID string
	// Kind and Severity of the finding.
	Kind     finding.Kind
	Severity finding.Severity
	// If lists the options any of which triggers the rule ("--force", "-f");
	// "--opt=value" also requires that value ("--pid=host"); empty means the
	// verb itself is the finding. A dynamic word in option position may be
	// any option, so it triggers the rule too.
	If []string
	// Except lists options any of which keeps the rule from firing, in the
	// same form as If (kubectl delete --dry-run=client deletes nothing); a
	// value known only at run time keeps nothing from firing.
	Except []string
	// Reason is one line a person understands.
	Reason string
	// Safer is a safer way to the same end, when there is one.
	Safer string
}

// Runs says where a wrapped command starts.
type Runs struct {
	// Skip is how many operands come before the command (timeout DURATION).
	Skip int
	// Bin is a directory, relative to the working directory, where the
	// wrapper looks its command up first (npx: node_modules/.bin): a
	// program there is the project's.
	Bin string
	// Files means a command named like a program file (x.py, app.ts) is
	// that file, run by the runtime its extension names (uv run x.py).
	Files bool
	// Script lists options whose value is a shell script (flock -c, npx -c).
	Script []string
	// Assigns reports NAME=VALUE words that may come before the command (sudo).
	Assigns bool
	// Rest lists options after which the rest of argv is the command
	// (nix develop -c CMD ARGS…).
	Rest []string
	// Only means the verb runs a command only through Script or Rest
	// options, or after "--" with AfterDashDash; its operands are not a
	// command (nix-shell PACKAGES, nix develop INSTALLABLE, mise exec TOOLS).
	Only bool
	// AfterDashDash means the command is only what follows "--" (kubectl
	// exec POD -- CMD).
	AfterDashDash bool
	// As is the command the operands are handed to: rimraf PATHS is
	// rm -rf PATHS.
	As []string
	// Each lists options whose value starts a command run on every name the
	// program finds (fd -x CMD ARGS…): the command is judged as find's
	// (find ROOTS -exec CMD {} ;), with the names as placeholders, appended
	// when the command names none. The command ends at Until.
	Each []string
	// Holders are the placeholders Each's command may hold ({} {/} {.} …).
	Holders []string
	// Until is the word that ends an Each command (";" for fd).
	Until string
	// Roots is the place (1-based) of the first operand that is a directory
	// searched (fd PATTERN PATH…: 2); RootOpts name a searched directory
	// (--search-path), BaseOpts the directory searched by default
	// (--base-directory). With none, the working directory is searched.
	Roots    int
	RootOpts []string
	BaseOpts []string
	// Filters are options that narrow what an Each command is run on (fd
	// -e go, -t f): with one of them, or a pattern operand before the roots,
	// the search is filtered as find -name is.
	Filters []string
	// Package means the command's first word is a package to fetch, with a
	// version or scope (npx rimraf@5, npx @scope/tool): the program run is the
	// package's name.
	Package bool
	// ShellOperand means the operands, joined by spaces, are a script the
	// shell runs (sg GROUP 'CMD', watchexec CMD ARGS…); with ShellIf, only
	// when one of those options is given (entr -s 'CMD').
	ShellOperand bool
	ShellIf      []string
	// Scripts means every operand, and the value of every Script option, is
	// a script the shell runs (hyperfine 'CMD' --prepare 'CMD',
	// concurrently 'CMD' 'CMD'). The files the verb's Output options name
	// are judged as written by the script.
	Scripts bool
	// PackageShorthand means an operand MANAGER:NAME (npm:build, yarn:lint)
	// is the script MANAGER run NAME, as concurrently reads it.
	PackageShorthand bool
}

// Registry is the set of declarations, indexed by name. The default one
// builds a family's declarations only when one of its names is looked up: a
// check reads a handful of programs, and building all of them would cost
// every run a couple of milliseconds.
type Registry struct {
	// index names each program's family (static, the default registry's, in
	// place of index); families are built on first use.
	index    map[string]uint16
	static   *nameIndex
	families []*family
}

// family is one group of declarations, built once.
type family struct {
	build func() []*Program
	once  sync.Once
	// byName finds a program by name in a registry New builds; the default
	// registry's index gives each name's place instead.
	byName map[string]*Program
	all    []*Program
}

func (f *family) load() {
	f.once.Do(func() {
		f.all = f.build()
		for _, p := range f.all {
			p.Node.link(nil)
		}
	})
}

// New builds a registry from declarations. A name declared twice is a
// programming error and panics, so tests catch it.
func New(groups ...[]*Program) *Registry {
	r := &Registry{index: map[string]uint16{}}
	for _, group := range groups {
		f := &family{build: func() []*Program { return group }, byName: map[string]*Program{}}
		f.load()
		for _, p := range group {
			for _, n := range p.Names {
				if _, dup := r.index[n]; dup {
					panic("registry: " + n + " declared twice")
				}
				r.index[n] = uint16(len(r.families))
				f.byName[n] = p
			}
		}
		r.families = append(r.families, f)
	}
	return r
}

// lazyRegistry builds a registry whose families are built on first use; index finds
// every name's family's position in builds, and its program's in the family.
func lazyRegistry(index nameIndex, builds ...func() []*Program) *Registry {
	r := &Registry{static: &index}
	for _, b := range builds {
		r.families = append(r.families, &family{build: b})
	}
	return r
}

// Lookup returns the declaration for a command name. Only a bare name or a
// system directory's program is looked up for read-only purposes; callers
// pass path.Base for danger.
func (r *Registry) Lookup(name string) (*Program, bool) {
	if r.static != nil {
		return r.lookupIndexed(name)
	}
	i, ok := r.index[name]
	if !ok {
		return nil, false
	}
	f := r.families[i]
	f.load()
	p, ok := f.byName[name]
	return p, ok
}

// Programs returns every declaration.
func (r *Registry) Programs() []*Program {
	var out []*Program
	for _, f := range r.families {
		f.load()
		out = append(out, f.all...)
	}
	return out
}

// Known reports a program the registry declares, by basename.
func (r *Registry) Known(name string) bool {
	return r.declares(path.Base(name))
}

// lookupIndexed finds a name's declaration by the static index: its
// family, its program there, and the name's place among the program's
// names. A place that does not hold the name (an index older than the
// declarations) finds nothing, and TestDefaultIndex fails.
func (r *Registry) lookupIndexed(name string) (*Program, bool) {
	at, ok := r.static.find(name)
	if !ok || int(at.family) >= len(r.families) {
		return nil, false
	}
	f := r.families[at.family]
	f.load()
	if int(at.program) >= len(f.all) {
		return nil, false
	}
	p := f.all[at.program]
	if int(at.name) >= len(p.Names) || p.Names[at.name] != name {
		return nil, false
	}
	return p, true
}

// declares reports a name the registry declares.
func (r *Registry) declares(name string) bool {
	if r.static != nil {
		_, ok := r.static.find(name)
		return ok
	}
	_, ok := r.index[name]
	return ok
}

// match reports whether a subcommand word names the node.
func (n *Node) match(word string) bool {
	if word == "" {
		return false
	}
	for _, name := range n.Names {
		if name == word {
			return true
		}
		if pre, ok := strings.CutSuffix(name, "*"); ok && strings.HasPrefix(word, pre) && len(word) > len(pre) {
			return true
		}
		if name == "*" {
			return true
		}
	}
	return false
}

// Sub returns the subcommand node a word names.
func (n *Node) Sub(word string) *Node {
	if len(n.Subs) == 0 {
		return nil
	}
	idx := n.index()
	if s, ok := idx.exact[word]; ok {
		return s
	}
	var wild *Node
	for _, s := range idx.patterns {
		if s.match(word) {
			wild = s
			break
		}
	}
	if wild != nil || !n.Abbrev || word == "" || strings.HasPrefix(word, "-") {
		return wild
	}
	// npm unpub: a prefix of exactly one subcommand's name names it.
	var found *Node
	for _, s := range n.Subs {
		for _, name := range s.Names {
			if strings.HasPrefix(name, word) && !strings.Contains(name, "*") {
				if found != nil && found != s {
					return nil // ambiguous: the program refuses it
				}
				found = s
			}
		}
	}
	return found
}

// link records each subcommand's parent, for grammar: only where grammar
// reads it, a node that is not Alone. Declarations are static data, so a
// parent stored in one is a page of the binary written (copied) in every
// process that loads its family: git's verbs, all Alone, store none.
func (n *Node) link(parent *Node) {
	if !n.Alone && n.parent.Load() != parent {
		n.parent.Store(parent)
	}
	for _, s := range n.Subs {
		s.link(n)
	}
}

// grammar returns the node's whole grammar, working it out on first use.
func (n *Node) grammar() *Grammar {
	n.allOnce.Do(func() {
		var parent Grammar
		if up := n.parent.Load(); up != nil && !n.Alone {
			parent = *up.grammar()
		}
		n.inherit(parent)
	})
	return &n.all
}

// inherit sets the node's whole grammar: its own options and its parents'.
// A long option the node names in Unless, Output, ReadIf, Rules or Runs but
// not in its grammar is added to it, so that its abbreviations are read as it
// (dmesg --clea is dmesg --clear), with a value when it must take one.
func (n *Node) inherit(parent Grammar) {
	n.all = Grammar{
		Short:      n.Short + parent.Short,                       // the subcommand's own letters win
		Long:       slices.Concat(n.Long, n.Common, parent.Long), // a whole grammar's Common is in its Long
		Words:      append(append([]string(nil), n.Words...), parent.Words...),
		Dash:       parent.Dash || n.Dash,
		Exact:      parent.Exact || n.Exact,
		DashAbbrev: parent.DashAbbrev || n.DashAbbrev,
		Plus:       n.Plus, // +toolchain comes before the verb only
		OldStyle:   n.OldStyle,
		Signal:     n.Signal,
		// A runner's options end at the command, unless its operands are not
		// the command (nix develop INSTALLABLE -c CMD, fd PATTERN -x CMD).
		Posix: n.Posix || n.Runs != nil && !n.Runs.Only && !n.Runs.Scripts && len(n.Runs.Each) == 0,
	}
	valued := append([]string(nil), n.Output...)
	if n.Runs != nil {
		valued = append(append(append(valued, n.Runs.Script...), n.Runs.Rest...), n.Runs.Each...)
		valued = append(append(valued, n.Runs.RootOpts...), n.Runs.BaseOpts...)
	}
	for _, name := range valued {
		n.all.learn(name, true)
	}
	flags := append(append([]string(nil), n.Unless...), n.ReadIf...)
	for _, e := range n.Effects {
		for _, name := range e.Opts {
			n.all.learn(name, true)
		}
		flags = append(append(append(flags, e.If...), e.AndIf...), e.Unless...)
	}
	for _, r := range n.Rules {
		for _, cond := range r.If {
			name, _, hasValue := strings.Cut(cond, "=")
			if hasValue {
				n.all.learn(name, true)
			} else {
				flags = append(flags, name)
			}
		}
	}
	for _, name := range flags {
		n.all.learn(name, false)
	}
}

// learn adds an option the grammar does not list yet: a long one, or a
// letter that takes a value (mise exec -c SCRIPT).
func (g *Grammar) learn(opt string, value bool) {
	if value && !g.Dash && len(opt) == 2 && opt[0] == '-' && opt[1] != '-' && opt[1] != ':' {
		if _, known := g.short(opt[1]); !known {
			g.Short += opt[1:] + ":"
		}
		return
	}
	name, ok := strings.CutPrefix(opt, "--")
	if !ok && g.Dash {
		name, ok = strings.CutPrefix(opt, "-")
	}
	name, _, _ = strings.Cut(name, "=") // --json=false names --json
	if !ok || name == "" || strings.HasPrefix(name, "-") {
		return
	}
	for decl := range g.longs() {
		if n, _ := splitLong(decl); n == name {
			return
		}
	}
	if value {
		name += "="
	}
	g.Long = append(g.Long, name)
}

// Default returns permgate's registry: every declaration in this package.
func Default() *Registry { return defaultRegistry.Get() }

var defaultRegistry = lazy.Value[*Registry]{Make: func() *Registry {
	return lazyRegistry(defaultIndex, defaultFamilies...)
}}

// defaultFamilies are the declaration files' families, in the order
// defaultIndex numbers them (index_gen.go; go test ./registry -run
// TestDefaultIndex -update rewrites it).
var defaultFamilies = []func() []*Program{core, readers, files, git, wrappers, devtools, forges, checked, containers, cloud, system, machine, tools, network}

// Destructive reports a program with a verb that destroys things: when its
// verb is known only at run time, it could be that one.
func (p *Program) Destructive() bool { return p.Node.destructive() }

func (n *Node) destructive() bool {
	for _, r := range n.Rules {
		if r.Kind == finding.DestructiveAction {
			return true
		}
	}
	for _, s := range n.Subs {
		if s.destructive() {
			return true
		}
	}
	return false
}

// RunsCommands reports a program with a verb that runs another command.
// Worked out on the first call (shape).
func (p *Program) RunsCommands() bool {
	p.shape()
	return p.runsCommands
}

func (n *Node) runs() bool {
	if n.Runs != nil {
		return true
	}
	for _, s := range n.Subs {
		if s.runs() {
			return true
		}
	}
	return false
}
