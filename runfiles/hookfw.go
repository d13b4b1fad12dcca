package runfiles

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/permgate/permgate/internal/lazy"
)

// MaxHookJobs bounds the commands, scripts and jobs one hook framework's
// hook gives that are read; past it the rest are said to be not read.
const MaxHookJobs = 256

// MaxHookGroupDepth bounds how deeply lefthook job groups nest.
const MaxHookGroupDepth = 8

// MaxLefthookExtends bounds the configuration files lefthook's extends
// brings in.
const MaxLefthookExtends = 8

// lefthookConfigs are the names lefthook reads its configuration from in
// the repository's top directory, main ones then local ones (which
// override the main ones' commands of the same name).
var lefthookConfigs = []string{"lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", ".config/lefthook.yml", ".config/lefthook.yaml"}

// lefthookLocalConfigs are lefthook's local configuration files.
var lefthookLocalConfigs = []string{"lefthook-local.yml", ".lefthook-local.yml", "lefthook-local.yaml", ".lefthook-local.yaml"}

// HookFrameworks returns what the hook frameworks configured in the
// repository whose top directory is dir run for the git hook named hook
// ("pre-commit", "pre-push", …; "" for every hook): lefthook's commands,
// scripts and jobs, pre-commit's local hooks whose stages take the hook
// (its other repositories' hooks in Outside), husky's .husky/HOOK file, and
// the hook commands package.json gives husky 4 and simple-git-hooks. A
// script file is a Text "sh FILE" (or the script's runner and FILE) for the
// caller to read. The frameworks' conditions (skip, only, globs, files) are
// not evaluated: every command that may run is taken.
func HookFrameworks(files Files, dir, hook string) Run {
	var out Run
	LefthookHook(files, &out, dir, hook)
	PreCommitHooks(files, &out, dir, hook, "")
	HuskyHook(files, &out, dir, hook)
	return out
}

// readYAML reads and decodes a YAML file into doc; false when it is
// missing, unreadable (Unread) or bad (Dynamic).
func readYAML(files Files, out *Run, p, what string, doc any) bool {
	text, err := files.Read(p)
	if Missing(err) || absent(err) {
		return false
	}
	if err != nil {
		out.unread("%s %s: %v", what, p, err)
		return false
	}
	if err := yaml.Unmarshal([]byte(text), doc); err != nil {
		out.dynamic("read %s: %v: the %s hooks in it are not known", p, err, what)
		return false
	}
	return true
}

// LefthookHook adds to out what lefthook runs for hook, from the lefthook
// configuration in dir (and its local and extends files).
func LefthookHook(files Files, out *Run, dir, hook string) {
	l := &lefthook{files: files, out: out, dir: dir, sourceDir: ".lefthook", localDir: ".lefthook-local"}
	for _, name := range []string{"lefthook.toml", ".lefthook.toml", "lefthook.json", ".lefthook.json", "lefthook-local.toml", "lefthook-local.json"} {
		if p := filepath.Join(dir, name); exists(files, p) {
			out.dynamic("lefthook configuration %s is not read (only YAML is): what it runs is not known", p)
		}
	}
	main := l.firstConfig(lefthookConfigs)
	local := l.firstConfig(lefthookLocalConfigs)
	if main == nil && local == nil {
		return
	}
	merged := map[string]any{}
	for _, cfg := range []map[string]any{main, local} {
		mergeLefthook(merged, cfg)
		l.extends(cfg, merged, 0)
	}
	l.settings(merged)
	for _, name := range hookNames(merged, hook) {
		l.hook(name, merged[name])
	}
}

// lefthook reads one repository's lefthook configuration.
type lefthook struct {
	files               Files
	out                 *Run
	dir                 string
	sourceDir, localDir string
	jobs                int
	extended            int
}

// firstConfig reads the first of names that is there.
func (l *lefthook) firstConfig(names []string) map[string]any {
	for _, name := range names {
		p := filepath.Join(l.dir, name)
		var cfg map[string]any
		if !exists(l.files, p) {
			continue
		}
		if readYAML(l.files, l.out, p, "lefthook", &cfg) && cfg != nil {
			return cfg
		}
		return nil
	}
	return nil
}

// extends merges the files cfg's extends names into merged, after cfg
// itself: an extends file overrides the file that names it.
func (l *lefthook) extends(cfg, merged map[string]any, depth int) {
	list, _ := cfg["extends"].([]any)
	for _, e := range list {
		name, ok := e.(string)
		if !ok || strings.ContainsAny(name, "*?[") || depth >= MaxLefthookExtends || l.extended >= MaxLefthookExtends {
			l.out.dynamic("lefthook extends %v is not read: what it adds is not known", e)
			continue
		}
		l.extended++
		var ext map[string]any
		if readYAML(l.files, l.out, absUnder(l.dir, "", name), "lefthook", &ext) && ext != nil {
			mergeLefthook(merged, ext)
			l.extends(ext, merged, depth+1)
		}
	}
	if _, ok := cfg["remotes"]; ok {
		l.out.Outside = append(l.out.Outside, "lefthook's remotes bring configuration from other repositories: their hooks are not read")
	}
}

// mergeLefthook merges cfg into merged as lefthook merges a later file: a
// hook's commands and scripts merge by name, setting by setting (a run
// line's {cmd} is the run line it overrides), its jobs merge by name
// (unnamed ones are added), other settings are replaced.
func mergeLefthook(merged, cfg map[string]any) {
	for key, value := range cfg {
		hook, isMap := value.(map[string]any)
		old, hadMap := merged[key].(map[string]any)
		if !isMap || !hadMap {
			merged[key] = value
			continue
		}
		for k, v := range hook {
			switch k {
			case "commands", "scripts":
				old[k] = mergeNamed(old[k], v)
			case "jobs":
				old[k] = mergeJobs(old[k], v)
			default:
				old[k] = v
			}
		}
	}
}

// mergeNamed merges a later file's commands (or scripts) into the earlier
// ones, setting by setting.
func mergeNamed(earlier, later any) any {
	old, ok1 := earlier.(map[string]any)
	next, ok2 := later.(map[string]any)
	if !ok1 || !ok2 {
		return later
	}
	out := map[string]any{}
	for name, c := range old {
		out[name] = c
	}
	for name, c := range next {
		out[name] = mergeStep(out[name], c)
	}
	return out
}

// mergeStep merges a later command's settings over an earlier one's.
func mergeStep(earlier, later any) any {
	old, ok1 := earlier.(map[string]any)
	next, ok2 := later.(map[string]any)
	if !ok1 || !ok2 {
		return later
	}
	out := map[string]any{}
	for k, v := range old {
		out[k] = v
	}
	for k, v := range next {
		out[k] = v
	}
	if run, ok := next["run"].(string); ok {
		if prev, ok := old["run"].(string); ok {
			out["run"] = strings.ReplaceAll(run, "{cmd}", prev)
		}
	}
	return out
}

// mergeJobs merges a later file's jobs into the earlier ones: a named job
// merges with the earlier job of its name, others are added.
func mergeJobs(earlier, later any) any {
	old, _ := earlier.([]any)
	next, ok := later.([]any)
	if !ok {
		return later
	}
	out := append([]any(nil), old...)
	for _, j := range next {
		at := jobNamed(out, j)
		if at < 0 {
			out = append(out, j)
			continue
		}
		out[at] = mergeStep(out[at], j)
	}
	return out
}

// jobNamed is the index in jobs of the job named as j is, or -1.
func jobNamed(jobs []any, j any) int {
	job, _ := j.(map[string]any)
	name, ok := job["name"].(string)
	if !ok || name == "" {
		return -1
	}
	for i, other := range jobs {
		if o, _ := other.(map[string]any); o != nil && o["name"] == name {
			return i
		}
	}
	return -1
}

// settings reads the top-level settings that change what runs.
func (l *lefthook) settings(cfg map[string]any) {
	if s, ok := cfg["source_dir"].(string); ok {
		l.sourceDir = s
	}
	if s, ok := cfg["source_dir_local"].(string); ok {
		l.localDir = s
	}
	if rc, ok := cfg["rc"].(string); ok {
		l.out.add("lefthook rc", "sh "+shellQuote(absUnder(l.dir, "", rc)), "")
	}
}

// lefthookSettings are top-level keys that are no hook.
var lefthookSettings = []string{"assert_lefthook_installed", "colors", "extends", "lefthook", "min_version", "no_tty", "output", "rc", "remotes", "skip_lfs", "skip_output", "source_dir", "source_dir_local", "templates"}

// hookNames are the hooks of cfg to read: hook, or every hook when "".
func hookNames(cfg map[string]any, hook string) []string {
	if hook != "" {
		if _, ok := cfg[hook]; ok {
			return []string{hook}
		}
		return nil
	}
	var names []string
	for name := range cfg {
		if !slices.Contains(lefthookSettings, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// hook reads one hook's commands, scripts and jobs.
func (l *lefthook) hook(name string, value any) {
	h, ok := value.(map[string]any)
	if !ok {
		l.out.dynamic("lefthook hook %s is not a mapping: what it runs is not known", name)
		return
	}
	commands, _ := h["commands"].(map[string]any)
	for _, cmd := range sortedKeys(commands) {
		l.command(fmt.Sprintf("lefthook %s command %s", name, cmd), commands[cmd])
	}
	scripts, _ := h["scripts"].(map[string]any)
	for _, file := range sortedKeys(scripts) {
		l.script(name, file, scripts[file])
	}
	jobs, _ := h["jobs"].([]any)
	l.jobList(name, jobs, 0)
}

// sortedKeys are m's keys in order (lefthook runs commands by name).
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// room reports whether another job may be read, within MaxHookJobs.
func (l *lefthook) room() bool {
	l.jobs++
	if l.jobs > MaxHookJobs {
		l.out.dynamic("more than %d lefthook commands: the rest are not read", MaxHookJobs)
		return false
	}
	return true
}

// command reads one command: its run line and the files command that
// lists its files.
func (l *lefthook) command(source string, value any) {
	c, ok := value.(map[string]any)
	if !ok || !l.room() || c["skip"] == true {
		return
	}
	if root, ok := c["root"].(string); ok && root != "" {
		source += " (in " + root + ")"
	}
	if files, ok := c["files"].(string); ok && files != "" {
		l.out.add(source+" files", files, "")
	}
	switch run := c["run"].(type) {
	case string:
		l.out.add(source, lefthookTemplates(run), "")
	case nil:
	default:
		l.out.dynamic("%s: run is not a string: what it runs is not known", source)
	}
}

// lefthookFileTemplates are the run templates lefthook fills with file
// names: each is a shell parameter here, known only at run time.
var lefthookFileTemplates = lazy.Value[*strings.Replacer]{Make: func() *strings.Replacer {
	return strings.NewReplacer(
		"{files}", "${LEFTHOOK_FILES}", "{staged_files}", "${LEFTHOOK_FILES}", "{push_files}", "${LEFTHOOK_FILES}",
		"{all_files}", "${LEFTHOOK_FILES}", "{cmd}", "${LEFTHOOK_CMD}", "{0}", "${LEFTHOOK_ARGS}",
		"{1}", "${LEFTHOOK_ARG1}", "{2}", "${LEFTHOOK_ARG2}", "{3}", "${LEFTHOOK_ARG3}",
	)
}}

// lefthookTemplates replaces the file name templates of a run line.
func lefthookTemplates(run string) string {
	return lefthookFileTemplates.Get().Replace(run)
}

// script reads one script: a file under the source directories' hook
// directory, run by its runner or itself.
func (l *lefthook) script(hook, file string, value any) {
	s, _ := value.(map[string]any)
	if !l.room() || s["skip"] == true {
		return
	}
	runner, _ := s["runner"].(string)
	if runner == "" {
		runner = "sh"
	}
	for _, base := range []string{l.sourceDir, l.localDir} {
		p := absUnder(l.dir, "", filepath.Join(base, hook, file))
		if exists(l.files, p) {
			l.out.add(fmt.Sprintf("lefthook %s script %s", hook, file), runner+" "+shellQuote(p), "")
		}
	}
}

// jobList reads lefthook 1.10's jobs: run lines, scripts and groups of
// jobs.
func (l *lefthook) jobList(hook string, jobs []any, depth int) {
	if depth > MaxHookGroupDepth {
		l.out.dynamic("lefthook job groups of %s nest deeper than %d: the rest are not read", hook, MaxHookGroupDepth)
		return
	}
	for i, value := range jobs {
		job, ok := value.(map[string]any)
		if !ok {
			continue
		}
		name, _ := job["name"].(string)
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		if script, ok := job["script"].(string); ok {
			l.script(hook, script, job)
		}
		l.command(fmt.Sprintf("lefthook %s job %s", hook, name), job)
		if group, ok := job["group"].(map[string]any); ok {
			sub, _ := group["jobs"].([]any)
			l.jobList(hook, sub, depth+1)
		}
	}
}

// preCommitConfig is the part of .pre-commit-config.yaml that says what
// runs.
type preCommitConfig struct {
	DefaultStages []string        `yaml:"default_stages"`
	Repos         []preCommitRepo `yaml:"repos"`
}

// preCommitRepo is one repository of hooks.
type preCommitRepo struct {
	Repo  string          `yaml:"repo"`
	Rev   string          `yaml:"rev"`
	Hooks []preCommitHook `yaml:"hooks"`
}

// preCommitHook is one hook.
type preCommitHook struct {
	ID             string   `yaml:"id"`
	Entry          string   `yaml:"entry"`
	Language       string   `yaml:"language"`
	Args           []string `yaml:"args"`
	Stages         []string `yaml:"stages"`
	PassFilenames  *bool    `yaml:"pass_filenames"`
	AdditionalDeps []string `yaml:"additional_dependencies"`
}

// preCommitLegacyStages are the stage names pre-commit read before 3.2.
var preCommitLegacyStages = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"commit": "pre-commit", "push": "pre-push", "merge-commit": "pre-merge-commit"}
}}

// PreCommitHooks adds to out what pre-commit runs from dir's
// .pre-commit-config.yaml for the stage (a git hook name; "" for every
// stage) and the hook id ("" for every hook): a local hook's entry and
// args, followed by ${PRE_COMMIT_FILENAMES} when it is passed file names;
// other repositories' hooks are Outside.
func PreCommitHooks(files Files, out *Run, dir, stage, id string) {
	p := filepath.Join(dir, ".pre-commit-config.yaml")
	var cfg preCommitConfig
	if !readYAML(files, out, p, "pre-commit", &cfg) {
		return
	}
	count := 0
	for _, repo := range cfg.Repos {
		for _, h := range repo.Hooks {
			if id != "" && h.ID != id || !inStage(h.Stages, cfg.DefaultStages, stage) {
				continue
			}
			if count++; count > MaxHookJobs {
				out.dynamic("more than %d pre-commit hooks: the rest are not read", MaxHookJobs)
				return
			}
			preCommitHookRun(out, p, repo, h)
		}
	}
}

// inStage reports whether a hook with stages (else the defaults; else
// every stage) runs at stage.
func inStage(stages, defaults []string, stage string) bool {
	if len(stages) == 0 {
		stages = defaults
	}
	if stage == "" || len(stages) == 0 {
		return true
	}
	for _, s := range stages {
		if s == stage || preCommitLegacyStages.Get()[s] == stage {
			return true
		}
	}
	return false
}

// preCommitHookRun adds what one hook runs.
func preCommitHookRun(out *Run, p string, repo preCommitRepo, h preCommitHook) {
	source := fmt.Sprintf("%s hook %s", p, h.ID)
	switch {
	case repo.Repo == "meta":
		return
	case repo.Repo != "local":
		out.Outside = append(out.Outside, fmt.Sprintf("pre-commit installs and runs hook %s from %s (%s)", h.ID, repo.Repo, repo.Rev))
		return
	}
	switch h.Language {
	case "pygrep", "fail":
		return
	case "docker", "docker_image":
		out.Outside = append(out.Outside, fmt.Sprintf("pre-commit runs hook %s in a container (%s)", h.ID, h.Entry))
		return
	}
	if len(h.AdditionalDeps) > 0 {
		out.Outside = append(out.Outside, fmt.Sprintf("pre-commit installs %s for hook %s", strings.Join(h.AdditionalDeps, ", "), h.ID))
	}
	if strings.TrimSpace(h.Entry) == "" {
		out.dynamic("%s: no entry: pre-commit fails there", source)
		return
	}
	line := h.Entry
	if len(h.Args) > 0 {
		line += " " + joinQuoted(h.Args)
	}
	if h.PassFilenames == nil || *h.PassFilenames {
		line += " ${PRE_COMMIT_FILENAMES}"
	}
	out.add(source, line, "")
}

// HuskyHook adds to out what husky runs for hook: the file .husky/HOOK
// (a Text "sh FILE" for the caller to read), and the hook commands
// package.json gives husky 4 ("husky": {"hooks": …}) and
// simple-git-hooks.
func HuskyHook(files Files, out *Run, dir, hook string) {
	for _, name := range huskyHookNames(hook) {
		p := filepath.Join(dir, ".husky", name)
		if exists(files, p) {
			out.add("husky "+name, "sh "+shellQuote(p), "")
		}
	}
	packageHooks(files, out, dir, hook)
}

// huskyHookNames are the hooks to look for: hook, else every hook git
// runs.
func huskyHookNames(hook string) []string {
	if hook != "" {
		return []string{hook}
	}
	return gitHookNames
}

// gitHookNames are the hooks git runs.
var gitHookNames = []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit", "post-index-change"}

// packageHooks reads package.json's husky 4 hooks and simple-git-hooks.
func packageHooks(files Files, out *Run, dir, hook string) {
	p := filepath.Join(dir, "package.json")
	text, err := files.Read(p)
	if err != nil {
		if !Missing(err) && !absent(err) {
			out.unread("package.json %s: %v", p, err)
		}
		return
	}
	var pkg struct {
		Husky struct {
			Hooks map[string]any `json:"hooks"`
		} `json:"husky"`
		SimpleGitHooks map[string]any `json:"simple-git-hooks"`
	}
	if err := json.Unmarshal([]byte(text), &pkg); err != nil {
		if strings.Contains(text, "husky") || strings.Contains(text, "simple-git-hooks") {
			out.dynamic("read %s: %v: hooks it gives husky or simple-git-hooks are not known", p, err)
		}
		return
	}
	for _, set := range []struct {
		what  string
		hooks map[string]any
	}{{"husky", pkg.Husky.Hooks}, {"simple-git-hooks", pkg.SimpleGitHooks}} {
		for _, name := range sortedKeys(set.hooks) {
			cmd, ok := set.hooks[name].(string)
			if ok && (hook == "" || name == hook) {
				out.add(fmt.Sprintf("%s %s hook %s", p, set.what, name), cmd, "")
			}
		}
	}
}
