package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// inline judges a program given on the command line: code built from another
// command's output is code from outside.
func (ck *checker) inline(c shellparse.SimpleCommand, opt string, code shellparse.Word) {
	if code.Subst || code.Placeholder && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", "inline_produced", Severe, c.Name+" "+opt+" runs code produced by another command")
		return
	}
	ck.add("inline_code", "inline", NonSevere, c.Name+" "+opt+" runs code given on the command line")
	if code.Static {
		ck.inlineShell(c.Name, code.Text)
		ck.inlineSecrets(c.Name, code.Text)
	}
}

// inlineShellCall finds a shell command given to system(), os.system,
// subprocess with a string, exec/execSync, or backticks inside inline code.
var inlineShellCall = lazyre.New(`(?:system|popen|execSync|exec|spawnSync|check_output|check_call|call|run|Popen|shell_exec|passthru|proc_open)\s*\(\s*(?:\[\s*)?["'` + "`" + `]([^"'` + "`" + `]{1,400})["'` + "`" + `]|` + "`" + `([^` + "`" + `]{1,400})` + "`" + `|%x\{([^}]{1,400})\}|qx\{([^}]{1,400})\}`)

// inlineHomeDelete finds a language's recursive delete aimed at the home
// directory or the root: shutil.rmtree(os.path.expanduser('~')), rmtree($ENV{HOME}),
// FileUtils.rm_rf(Dir.home), fs.rmSync(os.homedir(), {recursive: true}).
var inlineHomeDelete = lazyre.New(`(?:rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|rimraf|removeRecursively|deleteRecursively)\s*\(\s*(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|Path\.home\(\)|pathlib\.Path\.home\(\)|\$ENV\{\s*['"]?HOME['"]?\s*\}|os\.homedir\(\)|Dir\.home|ENV\[['"]HOME['"]\]|os\.environ\[['"]HOME['"]\]|os\.getenv\(['"]HOME['"]\)|process\.env\.HOME|['"](?:/|~|~/)['"])`)

// inlineForkBomb finds a process that forks without end: perl -e 'fork while 1',
// python -c 'while True: os.fork()'.
var inlineForkBomb = lazyre.New(`fork\s*(?:\(\s*\))?\s*while\s*(?:1|true|True)|while\s*(?:\(\s*)?(?:1|true|True)\s*\)?\s*[:{]?\s*(?:os\.|process\.|Process\.)?fork\s*\(`)

// inlineShell judges what inline code does that the analysis can read: the
// shell commands it hands to system() and the like, a recursive delete of the
// home directory, and an endless fork.
func (ck *checker) inlineShell(name, code string) {
	if len(code) > 8192 {
		return
	}
	if inlineHomeDelete().MatchString(code) {
		ck.add("recursive_delete", "inline_home", Severe, name+" code deletes the home directory or / recursively")
	}
	if inlineForkBomb().MatchString(code) {
		ck.add("fork_bomb", "inline_fork_bomb", Severe, name+" code forks processes without end (a fork bomb)")
	}
	for _, m := range inlineShellCall().FindAllStringSubmatch(code, 8) {
		for _, cmd := range m[1:] {
			if cmd != "" && strings.ContainsAny(cmd, " /|;&$") {
				ck.nested(cmd, name+" code runs a shell command")
			}
		}
	}
}

// nested analyses text as a script of its own (what compgen -W expands, what
// complete -C runs) and adds its findings to the current command.
func (ck *checker) nested(src, how string) {
	if len(src) > 4096 {
		ck.add("too_complex", "nested_too_long", NonSevere, how+" is too long to analyse")
		return
	}
	a := ck.v.Classify(ck.v.parser.ParseScript(src), src)
	for f := range a.All() {
		f.Reason = OneLine(how + ": " + f.Reason)
		ck.addFinding(f)
	}
}
