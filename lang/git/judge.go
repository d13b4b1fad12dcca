package git

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the git judgement asks of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// Nested judges text as a script of its own (a ! alias's body).
	Nested(script, how string)
	// WriteTarget judges one file the command writes.
	WriteTarget(w shellparse.Word, how string)
	// Dir is the directory the command runs in; "" when it is known only
	// at run time.
	Dir() string
	// GitWrites returns the files git's declaration says this argv (the
	// words after git's name) changes.
	GitWrites(args []shellparse.Word) []shellparse.Word
	// GitByName reports that the command named git by its plain name: the
	// write judgement then reads its argv itself.
	GitByName() bool
	// GitProjectFiles are the project configs in force (absolute).
	GitProjectFiles() []string
	// GitKnownPath returns the path a word names when it can be told (a
	// static word, $HOME/… and $PWD/… expanded).
	GitKnownPath(w shellparse.Word) (string, bool)
	// GitChangeDir returns the directory after changing from dir to the
	// word's path ("" when not known).
	GitChangeDir(dir string, to shellparse.Word) string
	// GitPathspecCovers returns the project config in force that a git
	// pathspec (relative to dir, "" when unknown) names or holds, or "".
	GitPathspecCovers(w shellparse.Word, dir string) string
	// GitNewRootHides returns a project config in force that a new
	// repository root at dir ("" when unknown) would stop from applying,
	// or "".
	GitNewRootHides(dir string) string
}

// maxAliasDepth bounds how many aliases deep an expansion is followed.
const maxAliasDepth = 8

// Judge judges one git command line (the words after git's name):
// destructive verbs, options and settings that run programs, the files it
// writes, the project configs it acts on. What it sets with git config is
// kept for the commands after it.
func (s *State) Judge(h Host, args []shellparse.Word) {
	s.judge(h, s.Parse(args), 0)
}

// judge judges one reading, depth aliases deep.
func (s *State) judge(h Host, g Invocation, depth int) {
	globals(h, g)
	if depth == 0 {
		projectFiles(h, g)
	}
	if g.Sub == "" || g.Dynamic || s.alias(h, g, depth) || Help(g) {
		return
	}
	runsPrograms(h, g)
	if depth > 0 || !h.GitByName() {
		writes(h, g.all)
	}
	if judge, ok := judges.Get()[g.Sub]; ok {
		judge(verb{h: h, s: s, g: g})
	}
}

// Help reports git SUB --help or git SUB -h alone: help, which changes
// nothing. --help is an option of the verb's, not an option's value (git
// commit -m --help commits).
func Help(g Invocation) bool {
	return g.Has("--help") || len(g.Args) == 1 && g.Has("-h")
}

// alias follows an alias the command line or the script defined: a ! alias
// is a shell command, judged as one; another expands to a git command,
// judged in its place (git -c alias.p='push -f' p). It reports an alias
// expanded.
func (s *State) alias(h Host, g Invocation, depth int) bool {
	value, ok := s.aliasValue(g)
	if !ok {
		return false
	}
	body, shell := strings.CutPrefix(strings.TrimSpace(value), "!")
	if shell {
		if body != "" {
			h.Nested(body, "git alias "+g.Sub+" runs a shell command")
		}
		return false
	}
	if depth >= maxAliasDepth {
		return false
	}
	s.judge(h, expandAlias(g, value), depth+1)
	return true
}

// aliasValue returns the value of the alias the command's verb names, when
// the command line (-c alias.X=…) or the script (git config alias.X …)
// defined one.
func (s *State) aliasValue(g Invocation) (string, bool) {
	if g.Sub == "" || s.config == nil && len(g.Globals) == 0 {
		return "", false
	}
	return s.configValue(g, "alias."+g.Sub)
}

// expandAlias reads the command with its verb replaced by the git command
// an alias (without !) names: git -c alias.p='push -f' p origin is git -c
// alias.p='push -f' push -f origin.
func expandAlias(g Invocation, value string) Invocation {
	expanded := append([]shellparse.Word(nil), g.Globals...)
	for _, f := range strings.Fields(value) {
		expanded = append(expanded, shellparse.Word{Text: strings.Trim(f, `'"`), Static: true})
	}
	return Parse(append(expanded, g.Args...))
}

// globals judges git's global -c KEY=VALUE and --config-env KEY=ENV:
// settings that name a program git runs.
func globals(h Host, g Invocation) {
	for _, kv := range g.GlobalValues("-c") {
		if !kv.Static {
			h.Report("git_config_exec", "git_dynamic_config", finding.NonSevere, "git -c sets configuration known only at run time", "")
			continue
		}
		key, value, _ := strings.Cut(kv.Text, "=")
		if !execKey(key, value) || harmlessSetting(key, value) {
			continue
		}
		h.Report("git_config_exec", "git_config_program", finding.NonSevere, "git -c "+key+" names a program to run", "")
		if command, ok := ShellValue(key, value); ok {
			h.Nested(command, "git -c "+key+" runs a shell command")
		}
	}
	for _, kv := range g.GlobalValues("--config-env") {
		// --config-env takes the value from the environment: unknown.
		if key, _, _ := strings.Cut(kv.Text, "="); execKey(key, "!") {
			h.Report("git_config_exec", "git_config_program", finding.NonSevere, "git --config-env "+key+" names a program to run", "")
		}
	}
}

// runsPrograms judges the options that name a program for git to run:
// --upload-pack, --receive-pack, --exec with any verb, clone's and
// ls-remote's -u, and the global --exec-path=DIR.
func runsPrograms(h Host, g Invocation) {
	for _, opt := range []string{"--upload-pack", "--receive-pack", "--exec"} {
		if g.Has(opt) {
			h.Report("git_config_exec", "git_option", finding.NonSevere, "git "+opt+" names a program to run", "")
		}
	}
	if (g.Sub == "clone" || g.Sub == "ls-remote") && g.Has("-u") {
		h.Report("git_config_exec", "git_option_value", finding.NonSevere, "git -u names a program to run", "")
	}
	for _, o := range g.Global.Values("--exec-path") {
		if o.HasValue {
			h.Report("git_config_exec", "git_option_value", finding.NonSevere, "git --exec-path="+o.Value+" names a program to run", "")
		}
	}
}

// writes judges the files the verb writes by its declaration (--output
// FILE, git archive -o FILE, git format-patch -o DIR, git bundle create
// FILE), worded as the write judgement words them: it does not see an
// alias's expansion, nor git named by a path.
func writes(h Host, args []shellparse.Word) {
	for _, w := range h.GitWrites(args) {
		h.WriteTarget(w, "git "+w.Text)
	}
}
