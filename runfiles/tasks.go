package runfiles

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/pelletier/go-toml/v2"
	"github.com/permgate/permgate/internal/lazy"
)

// MaxTaskDepth bounds how deep tasks that run other tasks are followed.
const MaxTaskDepth = 8

// TaskRunners are the task runners TaskRunner reads, by program name.
var TaskRunners = []string{"npm-run-all", "run-s", "run-p", "turbo", "lerna", "pdm", "hatch", "rye", "poe", "task", "mise", "rtx"}

// TaskRunner returns what the task runner tool, given args (the words after
// its name), runs in dir from the project's files: package.json scripts
// (npm-run-all NAME…, run-s, run-p, and in every workspace package turbo
// run NAME and lerna run NAME), the scripts of pyproject.toml (pdm run,
// hatch run, rye run, poe), Taskfile.yml's tasks (task NAME) and mise's
// (mise run NAME). ok is false when the argv runs none of them.
func TaskRunner(files Files, dir, tool string, args []string) (Run, bool) {
	switch tool {
	case "npm-run-all", "run-s", "run-p":
		return npmRunAll(files, dir, args), true
	case "turbo", "lerna":
		return workspaceTasks(files, dir, tool, args)
	case "pdm", "hatch", "rye":
		if len(args) == 0 || args[0] != "run" {
			return Run{}, false
		}
		return pyprojectScripts(files, dir, tool, args[1:])
	case "poe":
		return pyprojectScripts(files, dir, tool, args)
	case "task":
		return taskfileTasks(files, dir, args), true
	case "mise", "rtx":
		return miseTasks(files, dir, args)
	}
	return Run{}, false
}

// firstOperand splits args at the first word that is no option: what
// comes before (options, each value counted by takesValue) and after.
func firstOperand(args []string, takesValue map[string]bool) ([]string, []string) {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--":
			return args[:i], args[i+1:]
		case takesValue[args[i]]:
			i++
		case !strings.HasPrefix(args[i], "-"):
			return args[:i], args[i:]
		}
	}
	return args, nil
}

// changesDir reports one of the named options among opts, alone or with
// its value joined (--cd=DIR, -Cdir).
func changesDir(opts []string, names ...string) bool {
	for _, o := range opts {
		for _, n := range names {
			if o == n || strings.HasPrefix(o, n+"=") || len(n) == 2 && strings.HasPrefix(o, n) {
				return true
			}
		}
	}
	return false
}

// npmRunAllValues are npm-run-all's options that take a value.
var npmRunAllValues = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("--max-parallel --npm-path")
}}

// npmRunAll adds the package.json scripts npm-run-all (run-s, run-p) runs:
// each name, or each script a pattern (build:*, test:**) matches, as npm
// run NAME runs it.
func npmRunAll(files Files, dir string, args []string) Run {
	var out Run
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			i = len(args)
		case a == "--npm-path":
			out.dynamic("npm-run-all --npm-path: the scripts run through another program")
			i++
		case npmRunAllValues.Get()[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			names = append(names, a)
		}
	}
	pkg, pkgDir := findPackage(&out, files, pkgCall{manager: "npm", dir: dir})
	if pkg == nil {
		return out
	}
	out.Dir = pkgDir
	for _, pattern := range names {
		name, extra, _ := strings.Cut(pattern, " ") // "test -- --watch" in one word
		for _, script := range scriptsMatching(pkg, name) {
			run, _ := PackageScripts(files, pkgDir, "npm", append([]string{"run", script}, strings.Fields(extra)...))
			out.merge(run)
		}
	}
	return out
}

// scriptsMatching are the package's scripts a npm-run-all name matches:
// * within one :-separated part, ** across them.
func scriptsMatching(pkg *pkgJSON, pattern string) []string {
	if !strings.Contains(pattern, "*") {
		return []string{pattern}
	}
	var out []string
	for name := range pkg.scripts {
		if segmentsMatch(strings.Split(pattern, ":"), strings.Split(name, ":")) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// merge appends another reading's texts and reasons, each text keeping
// the directory it runs in.
func (r *Run) merge(other Run) {
	for _, t := range other.Texts {
		if t.Dir == "" {
			t.Dir = other.Dir
		}
		r.Texts = append(r.Texts, t)
	}
	for _, d := range other.Dynamic {
		r.dynamicOnce(d)
	}
	r.Unread = append(r.Unread, other.Unread...)
	r.Outside = append(r.Outside, other.Outside...)
}

// workspaceValues are turbo's and lerna's options that take a value.
var workspaceValues = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("--filter -F --scope --ignore --concurrency --cache-dir --graph --since --profile --output-logs --log-order --env-mode --cwd")
}}

// workspaceTasks adds what turbo run NAME… (or turbo NAME…) and lerna run
// NAME run: the package.json script NAME of every workspace package.
func workspaceTasks(files Files, dir, tool string, args []string) (Run, bool) {
	_, rest := firstOperand(args, workspaceValues.Get())
	if changesDir(args, "--cwd") { // turbo takes its options anywhere
		var out Run
		out.dynamic("%s --cwd: the workspace of another directory (not read)", tool)
		return out, true
	}
	if len(rest) > 0 && rest[0] == "run" {
		rest = rest[1:]
	} else if tool == "lerna" {
		return Run{}, false
	}
	var out Run
	_, names := firstOperand(rest, workspaceValues.Get())
	for _, name := range names {
		if strings.HasPrefix(name, "-") {
			break
		}
		run, _ := PackageScripts(files, dir, "npm", []string{"run", name, "--workspaces"})
		out.merge(run)
	}
	return out, len(names) > 0
}

// pyprojectTables are where each runner keeps its scripts in
// pyproject.toml, as the table path.
var pyprojectTables = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		"pdm":   {"tool", "pdm", "scripts"},
		"rye":   {"tool", "rye", "scripts"},
		"poe":   {"tool", "poe", "tasks"},
		"hatch": {"tool", "hatch", "envs"},
	}
}}

// pyprojectScripts adds what pdm run NAME, hatch run [ENV:]NAME, rye run
// NAME or poe NAME runs from pyproject.toml (hatch also from hatch.toml):
// the script's command text, its composite, chain or sequence of other
// scripts, and pdm's pre_ and post_ hooks. A call of Python (call =,
// script =) is the project's code, not read. ok is false when NAME is no
// script: the runner then runs NAME as a command.
func pyprojectScripts(files Files, dir, tool string, args []string) (Run, bool) {
	var out Run
	opts, rest := firstOperand(args, wordSet("-p --project -e --env --venv --root -C"))
	if len(rest) == 0 {
		return Run{}, false
	}
	if changesDir(opts, "-p", "--project", "-C", "--root") {
		out.dynamic("%s: the scripts of another project directory (not read)", tool)
		return out, true
	}
	root, doc := findPyproject(&out, files, dir, tool)
	if doc == nil {
		return out, len(out.Unread)+len(out.Dynamic) > 0
	}
	scripts := pyScripts(doc, tool, rest[0])
	name := rest[0]
	if tool == "hatch" {
		_, name, _ = strings.Cut("default:"+name, ":")
		if i := strings.LastIndexByte(rest[0], ':'); i >= 0 {
			name = rest[0][i+1:]
		}
	}
	if _, ok := scripts[name]; !ok {
		return Run{}, false
	}
	out.Dir = root
	p := pyScriptRun{tool: tool, scripts: scripts, out: &out, seen: map[string]bool{}}
	if tool == "pdm" {
		p.script("pre_"+name, nil, 0)
	}
	p.script(name, rest[1:], 0)
	if tool == "pdm" {
		p.script("post_"+name, nil, 0)
	}
	return out, true
}

// findPyproject reads the pyproject.toml from dir upward (hatch.toml for
// hatch first, in the same directory).
func findPyproject(out *Run, files Files, dir, tool string) (string, map[string]any) {
	names := []string{"pyproject.toml"}
	if tool == "hatch" {
		names = []string{"hatch.toml", "pyproject.toml"}
	}
	f, ok, err := findUpward(files, dir, names)
	switch {
	case err != nil:
		out.unread("%s: %v", f.path, err)
		return f.dir, nil
	case !ok:
		return f.dir, nil
	}
	var doc map[string]any
	if err := toml.Unmarshal([]byte(f.text), &doc); err != nil {
		out.dynamic("%s: not TOML (%v): its scripts are not read", f.path, err)
		return f.dir, nil
	}
	if filepath.Base(f.path) == "hatch.toml" {
		doc = map[string]any{"tool": map[string]any{"hatch": doc}}
	}
	return f.dir, doc
}

// pyScripts is the runner's table of scripts; for hatch, the named
// environment's scripts over the default environment's.
func pyScripts(doc map[string]any, tool, name string) map[string]any {
	table := tableAt(doc, pyprojectTables.Get()[tool])
	if tool != "hatch" {
		return table
	}
	env := "default"
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		env = name[:i]
	}
	scripts := map[string]any{}
	for _, e := range []string{"default", env} {
		for k, v := range tableAt(table, []string{e, "scripts"}) {
			scripts[k] = v
		}
	}
	return scripts
}

// tableAt is the table at keys, nil when there is none.
func tableAt(doc map[string]any, keys []string) map[string]any {
	for _, k := range keys {
		next, ok := doc[k].(map[string]any)
		if !ok {
			return nil
		}
		doc = next
	}
	return doc
}

// pyScriptRun follows one runner's scripts.
type pyScriptRun struct {
	tool    string
	scripts map[string]any
	out     *Run
	seen    map[string]bool
}

// script adds what script name runs, extra words appended.
func (p *pyScriptRun) script(name string, extra []string, depth int) {
	value, ok := p.scripts[name]
	if !ok || p.seen[name] {
		return
	}
	if depth > MaxTaskDepth {
		p.out.dynamic("%s script %s: scripts nested deeper than %d (not read)", p.tool, name, MaxTaskDepth)
		return
	}
	p.seen[name] = true
	defer delete(p.seen, name)
	source := fmt.Sprintf("pyproject.toml %s script %s", p.tool, name)
	switch v := value.(type) {
	case string:
		p.command(source, v, extra, depth)
	case []any:
		p.list(source, v, extra, depth)
	case map[string]any:
		p.table(source, name, v, extra, depth)
	default:
		p.out.dynamic("%s: not a command (not read)", source)
	}
}

// list adds a list of commands (hatch: each one a command; rye: one argv).
func (p *pyScriptRun) list(source string, items []any, extra []string, depth int) {
	words := make([]string, 0, len(items))
	for _, it := range items {
		s, ok := it.(string)
		if !ok {
			p.out.dynamic("%s: not a list of strings (not read)", source)
			return
		}
		words = append(words, s)
	}
	if p.tool == "rye" {
		p.out.add(source, joinQuoted(append(words, extra...)), "")
		return
	}
	for _, w := range words {
		p.command(source, w, extra, depth)
	}
}

// table adds a script given as a table: cmd, shell, composite, chain,
// sequence, ref; call, script and expr run Python of the project.
func (p *pyScriptRun) table(source, name string, t map[string]any, extra []string, depth int) {
	for _, key := range []string{"cmd", "shell"} {
		switch v := t[key].(type) {
		case string:
			p.out.add(source, withExtra(v, extra), "")
			return
		case []any:
			p.list(source, v, extra, depth)
			return
		}
	}
	for _, key := range []string{"composite", "chain", "sequence"} {
		if items, ok := t[key].([]any); ok {
			for _, it := range items {
				switch s := it.(type) {
				case string:
					p.command(source, s, nil, depth)
				case map[string]any:
					p.table(source, name, s, nil, depth+1)
				}
			}
			return
		}
	}
	if ref, ok := t["ref"].(string); ok {
		p.command(source, ref, extra, depth)
		return
	}
	for _, key := range []string{"call", "script", "expr"} {
		if v, ok := t[key].(string); ok {
			p.out.Outside = append(p.out.Outside, fmt.Sprintf("%s calls %s: the project's Python, not read", source, v))
			return
		}
	}
	p.out.dynamic("%s: a script of a kind permgate does not read", source)
}

// command adds one command of a script: another script when its first
// word names one (hatch, pdm composite, poe sequence), else its text.
func (p *pyScriptRun) command(source, text string, extra []string, depth int) {
	first, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if _, ok := p.scripts[first]; ok && p.tool != "rye" {
		p.script(first, append(strings.Fields(rest), extra...), depth+1)
		return
	}
	if p.tool == "hatch" {
		text = strings.ReplaceAll(text, "{args}", joinQuoted(extra))
		extra = nil
	}
	p.out.add(source, withExtra(text, extra), "")
}

// withExtra appends words to a command text.
func withExtra(text string, extra []string) string {
	if len(extra) == 0 {
		return text
	}
	return text + " " + joinQuoted(extra)
}

// taskfileNames are the files go-task reads, in its order.
var taskfileNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

// taskValues are go-task's options that take a value.
var taskValues = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return wordSet("-t --taskfile -d --dir -o --output -C --concurrency --interval")
}}

// taskfileTasks adds what task NAME… runs from the Taskfile found from dir
// upward: each task's deps and cmds, a cmd that calls a task followed;
// the default task when none is named. Templates ({{.VAR}}), includes
// and dynamic variables are not evaluated: Dynamic.
func taskfileTasks(files Files, dir string, args []string) Run {
	var out Run
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			i = len(args)
		case a == "-t" || a == "--taskfile" || a == "-d" || a == "--dir" || strings.HasPrefix(a, "--taskfile=") || strings.HasPrefix(a, "--dir=") ||
			strings.HasPrefix(a, "-t") && len(a) > 2 || strings.HasPrefix(a, "-d") && len(a) > 2:
			out.dynamic("task %s: another Taskfile (not read)", a)
			return out
		case taskValues.Get()[a]:
			i++
		case strings.HasPrefix(a, "-"):
			if slices.Contains([]string{"-l", "--list", "-a", "--list-all", "--summary", "-n", "--dry", "--version", "-h", "--help", "--init", "-i"}, a) {
				return Run{}
			}
		case strings.Contains(a, "="):
		default:
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	root, tasks := findTaskfile(&out, files, dir)
	if tasks == nil {
		return out
	}
	out.Dir = root
	t := taskRun{tasks: tasks, out: &out, seen: map[string]bool{}}
	for _, name := range names {
		t.task(name, 0)
	}
	return out
}

// findTaskfile reads the Taskfile from dir upward: its tasks, by name.
func findTaskfile(out *Run, files Files, dir string) (string, map[string]any) {
	f, ok, err := findUpward(files, dir, taskfileNames)
	switch {
	case err != nil:
		out.unread("%s: %v", f.path, err)
		return f.dir, nil
	case !ok:
		return f.dir, nil
	}
	var doc struct {
		Tasks    map[string]any `yaml:"tasks"`
		Includes any            `yaml:"includes"`
	}
	if err := yaml.Unmarshal([]byte(f.text), &doc); err != nil {
		out.dynamic("%s: not YAML (%v): its tasks are not read", f.path, err)
		return f.dir, nil
	}
	if doc.Includes != nil {
		out.dynamic("%s includes other Taskfiles (not read)", f.path)
	}
	return f.dir, doc.Tasks
}

// taskRun follows one task command's tasks.
type taskRun struct {
	tasks map[string]any
	out   *Run
	seen  map[string]bool
}

// task adds what one task runs: its deps, then its cmds.
func (t *taskRun) task(name string, depth int) {
	value, ok := t.tasks[name]
	if !ok {
		if strings.Contains(name, ":") {
			t.out.dynamic("task %s: a task of an included Taskfile (not read)", name)
		}
		return
	}
	if t.seen[name] {
		return
	}
	if depth > MaxTaskDepth {
		t.out.dynamic("task %s: tasks nested deeper than %d (not read)", name, MaxTaskDepth)
		return
	}
	t.seen[name] = true
	defer delete(t.seen, name)
	source := "Taskfile task " + name
	switch v := value.(type) {
	case string:
		t.cmd(source, v)
	case []any:
		t.cmds(source, v, depth)
	case map[string]any:
		if deps, ok := v["deps"].([]any); ok {
			t.cmds(source, deps, depth)
		}
		if cmd, ok := v["cmd"].(string); ok {
			t.cmd(source, cmd)
		}
		if cmds, ok := v["cmds"].([]any); ok {
			t.cmds(source, cmds, depth)
		}
	}
}

// cmds adds a list of commands, tasks named by task: or as a dep's name.
func (t *taskRun) cmds(source string, items []any, depth int) {
	for _, it := range items {
		switch v := it.(type) {
		case string:
			if _, isTask := t.tasks[v]; isTask && !strings.Contains(v, " ") {
				t.task(v, depth+1) // a dep named by its task
				continue
			}
			t.cmd(source, v)
		case map[string]any:
			if name, ok := v["task"].(string); ok {
				t.task(name, depth+1)
			} else if cmd, ok := v["cmd"].(string); ok {
				t.cmd(source, cmd)
			} else if _, ok := v["defer"]; ok {
				t.out.dynamic("%s: a deferred command (not read)", source)
			}
		}
	}
}

// cmd adds one command; a template in it is evaluated only by task.
func (t *taskRun) cmd(source, text string) {
	if strings.Contains(text, "{{") {
		t.out.dynamic("%s: %s holds a template evaluated at run time", source, clipValue(text))
	}
	t.out.add(source, text, "")
}

// miseConfigs are the files mise reads its tasks from, in a directory.
var miseConfigs = []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml", ".config/mise/config.toml", "mise/config.toml", ".rtx.toml"}

// miseTaskDirs are the directories of mise's file tasks.
var miseTaskDirs = []string{"mise-tasks", ".mise-tasks", ".mise/tasks", "mise/tasks", ".config/mise/tasks"}

// miseTasks adds what mise run NAME (mise r, mise tasks run) runs from the
// mise config in dir: the task's depends, then its run commands; a file
// task is read as its file. ok is false for mise's other verbs.
func miseTasks(files Files, dir string, args []string) (Run, bool) {
	opts, rest := firstOperand(args, wordSet("-C --cd -E --env -j --jobs"))
	if changesDir(opts, "-C", "--cd") {
		var out Run
		out.dynamic("mise -C: the tasks of another directory (not read)")
		return out, true
	}
	switch {
	case len(rest) >= 2 && (rest[0] == "tasks" || rest[0] == "task" || rest[0] == "t") && rest[1] == "run":
		rest = rest[2:]
	case len(rest) >= 1 && (rest[0] == "run" || rest[0] == "r"):
		rest = rest[1:]
	default:
		return Run{}, false
	}
	opts, rest = firstOperand(rest, wordSet("-C --cd -E --env -j --jobs -o --output -t --tool"))
	var out Run
	if changesDir(opts, "-C", "--cd") {
		out.dynamic("mise run -C: the tasks of another directory (not read)")
		return out, true
	}
	if len(rest) == 0 {
		out.dynamic("mise run with no task: the task is chosen at run time")
		return out, true
	}
	out.Dir = dir
	tasks := map[string]any{}
	for _, name := range miseConfigs {
		p := filepath.Join(dir, name)
		text, err := files.Read(p)
		if err != nil {
			if !Missing(err) {
				out.unread("%s: %v", p, err)
			}
			continue
		}
		var doc struct {
			Tasks map[string]any `toml:"tasks"`
		}
		if err := toml.Unmarshal([]byte(text), &doc); err != nil {
			out.dynamic("%s: not TOML (%v): its tasks are not read", p, err)
			continue
		}
		for k, v := range doc.Tasks {
			tasks[k] = v
		}
	}
	m := miseRun{files: files, dir: dir, tasks: tasks, out: &out, seen: map[string]bool{}}
	m.task(rest[0], rest[1:], 0)
	return out, true
}

// miseRun follows one mise run's tasks.
type miseRun struct {
	files Files
	dir   string
	tasks map[string]any
	out   *Run
	seen  map[string]bool
}

// task adds what one mise task runs.
func (m *miseRun) task(name string, extra []string, depth int) {
	if m.seen[name] || depth > MaxTaskDepth {
		return
	}
	m.seen[name] = true
	defer delete(m.seen, name)
	source := "mise task " + name
	value, ok := m.tasks[name]
	if !ok {
		m.fileTask(name, extra)
		return
	}
	switch v := value.(type) {
	case string:
		m.out.add(source, withExtra(v, extra), "")
	case map[string]any:
		for _, key := range []string{"depends", "wait_for"} {
			if deps, ok := v[key].([]any); ok {
				for _, d := range deps {
					if s, ok := d.(string); ok {
						dep, args, _ := strings.Cut(s, " ")
						m.task(dep, strings.Fields(args), depth+1)
					}
				}
			}
		}
		if f, ok := v["file"].(string); ok {
			m.file(source, filepath.Join(m.dir, f), extra)
		}
		switch run := v["run"].(type) {
		case string:
			m.out.add(source, withExtra(run, extra), "")
		case []any:
			for _, r := range run {
				if s, ok := r.(string); ok {
					m.out.add(source, s, "")
				}
			}
		}
		if _, ok := v["run_windows"]; ok && v["run"] == nil {
			m.out.dynamic("%s: runs only on Windows (not read)", source)
		}
	}
}

// fileTask adds a file task: an executable file in one of mise's task
// directories; a name not found is Dynamic (a task of a config permgate
// does not read).
func (m *miseRun) fileTask(name string, extra []string) {
	rel := strings.ReplaceAll(name, ":", "/")
	for _, d := range miseTaskDirs {
		p := filepath.Join(m.dir, d, rel)
		if _, err := m.files.Read(p); err == nil || !Missing(err) {
			m.file("mise file task "+name, p, extra)
			return
		}
	}
	m.out.dynamic("mise task %s: not in the configs permgate reads", name)
}

// file adds a task's file, read as its #! line says.
func (m *miseRun) file(source, p string, extra []string) {
	text, err := m.files.Read(p)
	if err != nil {
		m.out.unread("%s: %s: %v", source, p, err)
		return
	}
	lang := ""
	if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(first, "#!") {
		lang = langOf(strings.Fields(strings.TrimPrefix(first, "#!")))
	}
	m.out.add(source+" ("+path.Base(p)+")", text, lang)
}
