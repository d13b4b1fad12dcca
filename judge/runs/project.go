package runs

import (
	"path"
	"regexp"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// Project judges the project files a command runs without naming them, by
// what its declaration says it may run (registry Node.RunsFiles): the
// scripts of package.json, the recipes of a Makefile or justfile. Each text
// is analysed as the shell (or the language its #! names) would run it;
// what cannot be read statically asks. env holds the variables the
// command is given (NAME=VALUE before it) and HOME.
func (s *State) Project(h Host, b *Budget, kind, name string, args []shellparse.Word, env map[string]string) Result {
	switch kind {
	case registry.PackageScripts, registry.MakeRecipes, registry.JustRecipes, registry.DenoTasks, registry.ComposerScripts, registry.TaskRunners:
	case registry.ToxCommands, registry.GoGenerate, registry.HookRunners:
		return s.tools(h, b, kind, name, args)
	case registry.GitHooks:
		return s.triggered(h, b, kind, name, gitEnvOptions(env, args))
	case registry.Envrc, registry.BuildScripts, registry.Conftests:
		return s.triggered(h, b, kind, name, args)
	default:
		return Result{}
	}
	words := wordTexts(args)
	dir := h.Dir()
	if h.RunsFiles() == nil {
		return Result{}
	}
	files := s.overlay(h)
	if dir == "" {
		dir = unknownDir
	}
	run, runs := readRunner(files, kind, dir, name, words, env)
	if !runs {
		return Result{}
	}
	if h.Dir() == "" {
		h.Report("dynamic_code", "project_dir_unknown", finding.NonSevere, name+" runs the files of a directory known only at run time: what it runs is not known", "")
		return Result{Project: true}
	}
	if !staticArgs(h, name, args) {
		return Result{Project: true}
	}
	return judgeRunner(h, b, name, args, run)
}

// wordTexts are the words' texts (a dynamic word's as written).
func wordTexts(args []shellparse.Word) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Text
	}
	return out
}

// judgeRunner judges what a runner of the project's files runs: a runner
// that does nothing else (runsOnly) only reads when every text does (make
// help that only echoes).
func judgeRunner(h Host, b *Budget, name string, args []shellparse.Word, run runfiles.Run) Result {
	if readOnly := judgeRun(h, b, name, run); readOnly && (len(run.Texts) > 0 || makeDryRun(name, args)) && runsOnly(name, args) {
		return Result{Read: true, ReadOnly: true}
	}
	return ran(run)
}

// makeDryRun reports make -n (--dry-run, --just-print, --recon): it prints
// the recipes and runs only its $(shell …) calls and the + and $(MAKE)
// lines, the texts the reader gives; with none, it runs nothing.
func makeDryRun(name string, args []shellparse.Word) bool {
	if name != "make" && name != "gmake" {
		return false
	}
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return false
	}
	scan := prog.Node.Grammar.Scan(shellparse.RegistryWords(args))
	return !scan.Unknown && scan.Has("-n", "--dry-run", "--just-print", "--recon")
}

// readRunner reads what a runner of the project's files runs; false when
// the command runs none of them (npm ls, deno fmt).
func readRunner(files runfiles.Files, kind, dir, name string, words []string, env map[string]string) (runfiles.Run, bool) {
	switch kind {
	case registry.PackageScripts:
		return runfiles.PackageScripts(files, dir, name, words)
	case registry.MakeRecipes:
		return runfiles.MakeRecipes(files, dir, words, env), true
	case registry.JustRecipes:
		return runfiles.JustRecipes(files, dir, words, env), true
	case registry.ComposerScripts:
		return runfiles.ComposerScripts(files, dir, words), true
	case registry.DenoTasks:
		if len(words) > 0 && words[0] == "task" {
			return runfiles.DenoTasks(files, dir, words[1:]), true
		}
	case registry.TaskRunners:
		return runfiles.TaskRunner(files, dir, name, words)
	}
	return runfiles.Run{}, false
}

// runsOnly reports a command that does nothing but run its files' texts
// (registry Node.RunsOnly): make TARGET, just RECIPE, npm run SCRIPT.
func runsOnly(name string, args []shellparse.Word) bool {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return false
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	return inv.RunsOnly()
}

// staticArgs reports whether args are known enough. A word known only at run time
// where a script or target name or an option may stand may name any of
// them, so it asks; one that is only an option's value (make -j"$(nproc)")
// is passed on as written.
func staticArgs(h Host, name string, args []shellparse.Word) bool {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return true
	}
	scan := prog.Node.Grammar.Scan(shellparse.RegistryWords(args))
	for _, i := range scan.Operands {
		if !args[i].Static {
			h.Report("dynamic_code", "project_args_dynamic", finding.NonSevere, name+" is given "+clip(args[i].Text)+", known only at run time: which of the project's scripts or recipes run is not known", "")
			return false
		}
	}
	return true
}

// unknownDir stands for a directory known only at run time: a reader asked
// about it finds no file there, and says whether the command would run
// any.
const unknownDir = "/?unknown-directory?"

// judgeRun analyses each text a reader found, within the budget, and asks
// for what it could not read. It reports whether every text is a shell
// script that only reads and nothing else runs.
func judgeRun(h Host, b *Budget, name string, run runfiles.Run) (readOnly bool) {
	readOnly = len(run.Dynamic)+len(run.Unread)+len(run.Outside) == 0
	for _, t := range run.Texts {
		if b.Bytes+len(t.Shell) > MaxBytes {
			h.Report("too_complex", "script_files", finding.NonSevere, t.Source+" is past what permgate reads for one command", "")
			return false
		}
		b.Bytes += len(t.Shell)
		switch lang := code.FileLang(t.Lang); {
		case t.Lang == "" || shellparse.IsShell(t.Lang):
			dir := run.Dir
			if t.Dir != "" {
				dir = t.Dir
			}
			readOnly = h.RunsShellIn(t.Shell, t.Source, dir) && readOnly
		case lang != 0:
			readOnly = false
			h.RunsCode(name, t.Shell, t.Source, lang, false)
		default:
			readOnly = false
			h.Report("dynamic_code", "project_lang_unread", finding.NonSevere, t.Source+" runs a "+t.Lang+" program permgate does not read", "")
		}
	}
	for _, why := range run.Unread {
		// Not read at all: no mode lets it through unasked.
		h.Report("too_complex", "project_file_unread", finding.NonSevere, name+": "+why+": what it runs is not known", "")
	}
	for _, why := range run.Dynamic {
		h.Report("dynamic_code", "project_file_dynamic", finding.NonSevere, name+": "+why, "")
	}
	return readOnly
}

// clip shortens a word for a reason.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return strings.TrimSpace(s)
}

// triggered judges the program files a command runs without naming them:
// the hooks a git verb triggers, the .envrc direnv loads, the setup.py pip
// builds, the conftest.py files pytest imports.
func (s *State) triggered(h Host, b *Budget, kind, name string, args []shellparse.Word) Result {
	dir := h.Dir()
	if h.RunsFiles() == nil || dir == "" || kind == registry.Conftests && h.RunsDirs() == nil {
		return Result{Project: kind == registry.Conftests}
	}
	files := s.overlay(h)
	var found []runfiles.Triggered
	var dynamic []string
	r := Result{Project: kind == registry.Conftests} // pytest runs the tests; pip list builds nothing
	if kind == registry.GitHooks {
		// git's hooks, the commands its config names and the frameworks of
		// its hooks read the same repository files: each is read once.
		git := &runfiles.Remembered{Files: files}
		found, dynamic = runfiles.GitHooks(git, h.Home(), dir, args)
		// The repository's own config may make the verb run a command, and
		// a hook that is a framework's runner runs what its config names.
		if run := runfiles.GitConfigCommands(git, h.Home(), dir, args); len(run.Texts)+len(run.Unread) > 0 && !judgeRun(h, b, name, run) {
			r.Read = true // what it runs does more than read: so does the verb (a pager of less leaves git log as it is)
		}
		if len(found) > 0 {
			judgeRun(h, b, name, frameworks(git, dir, found))
		}
	} else {
		found, dynamic = findTriggered(h, files, kind, name, dir, args)
	}
	for _, t := range found {
		s.File(h, b, name, t.Path, triggeredLang(kind, t), t.How)
		r.Read, r.Project = true, true
	}
	for _, why := range dynamic {
		h.Report("dynamic_code", "project_file_dynamic", finding.NonSevere, name+": "+why, "")
	}
	return r
}

// findTriggered finds the files of kind the command runs, and what runs
// that cannot be found statically; git's hooks are found by triggered.
func findTriggered(h Host, files overlay, kind, name, dir string, args []shellparse.Word) ([]runfiles.Triggered, []string) {
	switch kind {
	case registry.Envrc:
		if p, ok := envrcPath(name, args); ok {
			if t, ok := runfiles.Envrc(files, h.Resolve(p)); ok {
				return []runfiles.Triggered{t}, nil
			}
		}
	case registry.BuildScripts:
		return buildScripts(h, files, name, dir, args)
	case registry.Conftests:
		return runfiles.Conftests(files, files, dir, args)
	}
	return nil, nil
}

// buildScripts finds the build code a command runs: pip's (and uv pip's)
// local projects, else the project a build verb builds (uv build [DIR],
// python -m build [DIR], hatch build, pdm build, poetry build).
func buildScripts(h Host, files overlay, name, dir string, args []shellparse.Word) ([]runfiles.Triggered, []string) {
	if strings.HasPrefix(name, "pip") {
		return runfiles.SetupPy(files, dir, args)
	}
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return nil, nil
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	if name == "uv" && len(inv.Path) > 0 && inv.Path[0] == "pip" {
		return runfiles.SetupPy(files, dir, args[verbIndex(args, "pip")+1:]) // uv pip install -e . is pip's install
	}
	if name == "uv" && (len(inv.Path) == 0 || inv.Path[0] != "build") {
		return nil, nil
	}
	for _, i := range inv.Scan.Operands {
		if a := args[i]; a.Static && a.Text != "build" && (name == "uv" || name == "pyproject-build") {
			return runfiles.LocalBuild(files, h.Resolve(a.Text)) // the source directory given
		}
	}
	return runfiles.LocalBuild(files, dir)
}

// triggeredLang is how a triggered file runs: as the reader says, an
// .envrc in its own directory with direnv's library read as ".".
func triggeredLang(kind string, t runfiles.Triggered) Lang {
	lang := Lang{Dir: t.Dir, BestEffort: t.BestEffort}
	switch t.Lang {
	case "shell":
		lang.Shell = true
	case "python":
		lang.Code = code.FileLang("python3")
	}
	if kind == registry.Envrc {
		lang.Dir, lang.Rewrite = path.Dir(t.Path), direnvText
	}
	return lang
}

// direnvCalls are direnv's standard library functions that run another
// file, as the . they amount to: source_env FILE, and source_up, which runs
// the .envrc above.
var direnvCalls = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^([ \t]*)(source_env(?:_if_exists)?\b|source_up(?:_if_exists)?\b)`)
}}

// direnvText is an .envrc's text with its calls of direnv's standard
// library that run another file written as . does.
func direnvText(text string) string {
	return direnvCalls.Get().ReplaceAllStringFunc(text, func(m string) string {
		indent := m[:len(m)-len(strings.TrimLeft(m, " \t"))]
		if strings.Contains(m, "source_up") {
			return indent + ". ../.envrc"
		}
		return indent + "."
	})
}

// envrcPath is the path direnv allow, permit, grant, reload or exec loads
// the .envrc of: the operand given (allow PATH, exec DIR), else ".".
func envrcPath(name string, args []shellparse.Word) (string, bool) {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return "", false
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	if len(inv.Path) == 0 {
		return "", false
	}
	switch inv.Path[0] {
	case "allow", "permit", "grant", "reload", "exec":
	default:
		return "", false
	}
	for _, i := range inv.Scan.Operands {
		if i > 0 && args[i].Static { // args[0] is the verb
			return args[i].Text, true
		}
	}
	return ".", true
}

// frameworks reads the hook frameworks' configs (lefthook, pre-commit,
// husky) for the git hooks found: the commands they run for those hooks.
func frameworks(files runfiles.Files, dir string, hooks []runfiles.Triggered) runfiles.Run {
	var all runfiles.Run
	for _, t := range hooks {
		hook := strings.TrimSuffix(strings.TrimPrefix(t.How, "git "), " hook")
		top := t.Dir
		if top == "" {
			top = dir
		}
		run := runfiles.HookFrameworks(files, top, hook)
		all.Texts = append(all.Texts, run.Texts...)
		all.Dynamic = append(all.Dynamic, run.Dynamic...)
		all.Unread = append(all.Unread, run.Unread...)
		all.Dir = top
	}
	return all
}

// tools judges the commands tox, go generate and the hook frameworks'
// runners run from the project's files.
func (s *State) tools(h Host, b *Budget, kind, name string, args []shellparse.Word) Result {
	dir := h.Dir()
	if h.RunsFiles() == nil || dir == "" {
		return Result{}
	}
	files := s.overlay(h)
	var run runfiles.Run
	prog, _ := registry.Default().Lookup(name)
	inv := prog.Resolve(shellparse.RegistryWords(args))
	switch kind {
	case registry.ToxCommands:
		run = runfiles.ToxCommands(files, dir, args)
	case registry.GoGenerate:
		if len(inv.Path) == 0 || inv.Path[0] != "generate" || h.RunsDirs() == nil {
			return Result{}
		}
		run = runfiles.GoGenerate(files, h.RunsDirs(), dir, args[verbIndex(args, "generate")+1:])
	case registry.HookRunners:
		if len(inv.Path) == 0 || inv.Path[0] != "run" {
			return Result{}
		}
		run = hookRunner(files, dir, name, args, inv)
	}
	judgeRun(h, b, name, run)
	return ran(run)
}

// verbIndex is the index of the static word verb in args (0 if absent).
func verbIndex(args []shellparse.Word, verb string) int {
	for i, a := range args {
		if a.Static && a.Text == verb {
			return i
		}
	}
	return 0
}

// hookRunner reads what lefthook run HOOK or pre-commit run [HOOK_ID] runs.
func hookRunner(files runfiles.Files, dir, name string, args []shellparse.Word, inv registry.Invocation) runfiles.Run {
	var run runfiles.Run
	var operand string
	for _, i := range inv.Scan.Operands {
		if a := args[i]; a.Static && a.Text != "run" {
			operand = a.Text
			break
		}
	}
	if name == "lefthook" {
		runfiles.LefthookHook(files, &run, dir, operand)
	} else {
		runfiles.PreCommitHooks(files, &run, dir, "pre-commit", operand)
	}
	run.Dir = dir
	return run
}

// ran is the result of a reading: project code when anything runs (just
// --list and make -q with no $(shell) run nothing).
func ran(run runfiles.Run) Result {
	if len(run.Texts)+len(run.Dynamic)+len(run.Unread) == 0 {
		return Result{} // the declaration says what the command does
	}
	return Result{Read: true, Project: true}
}
