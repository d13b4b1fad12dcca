package validator

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/lang/git"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// isPrivilegeWrapper reports a program that runs a command as another user.
func isPrivilegeWrapper(name string) bool {
	switch name {
	case "sudo", "doas", "su", "pkexec", "run0", "runuser":
		return true
	}
	return false
}

// wrappers judges what the command came through.
func (ck *checker) wrappers(c shellparse.SimpleCommand) {
	self.PermgateWrappers(ck, c)
	ck.pastedNames(c)
	for _, w := range c.Wrappers {
		if isPrivilegeWrapper(path.Base(w.Name)) {
			ck.add("privilege_escalation", "run_as", Severe, w.Name+" runs the command with another user's privileges")
		}
		if w.Name == "tmux" || w.Name == "screen" {
			ck.typesInto(w.Name, w.Argv[1:])
		}
		if path.Base(w.Name) == "flock" {
			ck.locksSelf(w.Argv, c.Redirects)
		}
		if path.Base(w.Name) == "git" && !w.Nested && len(w.Argv) > 1 {
			// git bisect run CMD: git's own settings (-c core.pager=…) still
			// apply to the git that runs CMD.
			ck.gitState.Judge(ck, w.Argv[1:])
		}
	}
	if c.Name == "flock" {
		ck.locksSelf(c.Argv, c.Redirects)
	}
	if len(c.Argv) > 0 && isPrivilegeWrapper(c.Name) {
		ck.add("privilege_escalation", "switch_user", Severe, c.Name+" gains another user's privileges")
	}
	if c.Name == "sudoedit" {
		ck.add("privilege_escalation", "sudoedit", Severe, "sudoedit edits a file with root's privileges")
	}
}

// dangerousEnv are variables that make programs run other code.
var dangerousEnv = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		// Language runtimes' load paths and start-up hooks: code they load first.
		"RUBYLIB": "changes where ruby loads its libraries from", "LUA_INIT": "runs Lua code before every lua script",
		"LUA_INIT_5_1": "runs Lua code before every lua script", "LUA_INIT_5_2": "runs Lua code before every lua script",
		"LUA_INIT_5_3": "runs Lua code before every lua script", "LUA_INIT_5_4": "runs Lua code before every lua script",
		"LUA_PATH": "changes where lua loads its modules from", "LUA_CPATH": "changes where lua loads its native modules from",
		"NODE_PATH": "changes where node loads its modules from", "PERLLIB": "changes where perl loads its modules from",
		"PYTHONHOME": "changes where python loads its standard library from", "PYTHONWARNINGS": "can make python import a module of its choosing",
		"DOTNET_STARTUP_HOOKS": "loads an assembly into every .NET program", "PHP_INI_SCAN_DIR": "makes php read configuration that can load code",
		"PHPRC": "makes php read configuration that can load code", "R_PROFILE_USER": "runs an R file when R starts",
		"JULIA_LOAD_PATH": "changes where julia loads its modules from", "TCLLIBPATH": "changes where tclsh loads its packages from",
		"VIMINIT": "runs vim commands when vim starts", "EXINIT": "runs editor commands when vi starts", "MYVIMRC": "points vim at another vimrc",
		// Config files of network tools: a config there can write files or upload them.
		"CURL_HOME": "points curl at another .curlrc, which can add options that write or upload files", "WGETRC": "points wget at another wgetrc, which can add options that write files",
		"HGRCPATH":   "points hg at configuration that can name programs to run",
		"LD_PRELOAD": "loads a library into every program", "LD_LIBRARY_PATH": "changes which libraries programs load",
		"LD_AUDIT": "loads a library into every program", "BASH_ENV": "runs a script in every bash",
		"ENV": "runs a script in every sh", "PROMPT_COMMAND": "runs a command at every prompt",
		"PS4": "is expanded (and can run code) on every traced line", "PATH": "changes which program each name runs",
		"PAGER": "names a program to run", "GIT_PAGER": "names a program git runs", "MANPAGER": "names a program to run",
		"EDITOR": "names a program to run", "VISUAL": "names a program to run", "GIT_EDITOR": "names a program git runs",
		"SEQUENCE_EDITOR": "names a program to run", "GIT_SEQUENCE_EDITOR": "names a program git runs",
		"GIT_SSH": "names a program git runs", "GIT_SSH_COMMAND": "is a command git runs",
		"GIT_EXTERNAL_DIFF": "names a program git runs", "GIT_ASKPASS": "names a program git runs",
		"SSH_ASKPASS": "names a program ssh runs", "GIT_EXEC_PATH": "changes which programs git runs",
		"PYTHONSTARTUP": "runs a script in every python", "PYTHONPATH": "changes which code python imports",
		"NODE_OPTIONS": "can load code into every node", "PERL5OPT": "adds options (and code) to every perl",
		"PERL5LIB": "changes which code perl loads", "RUBYOPT": "adds options (and code) to every ruby",
		"LESSOPEN": "is a command less runs", "LESSCLOSE": "is a command less runs", "BROWSER": "names a program to run",
		"SHELLOPTS": "turns on shell options (xtrace runs $PS4 on every line) in every bash",
		"BASHOPTS":  "turns on shopt options in every bash", "PS0": "is expanded (and can run code) before every command",
		"BASH_LOADABLES_PATH": "changes where bash loads builtins from",
		"RIPGREP_CONFIG_PATH": "points rg at a config that can name a --pre program", "RUSTC_WRAPPER": "names a program cargo runs",
		"RUSTC_WORKSPACE_WRAPPER": "names a program cargo runs", "RUSTC": "names the compiler cargo runs", "RUSTDOC": "names a program cargo runs",
		"GIT_PROXY_COMMAND": "is a command git runs", "GIT_TEMPLATE_DIR": "copies hooks, which run later, into new repositories",
		"GIT_CONFIG": "points git at another config, which can name programs to run", "JAVA_TOOL_OPTIONS": "can load an agent into every java",
		"_JAVA_OPTIONS": "can load an agent into every java", "JDK_JAVA_OPTIONS": "can load an agent into every java",
		"GCONV_PATH": "loads modules into programs that convert text", "ZDOTDIR": "moves where zsh reads its start-up files",
		"PERL5DB": "is code perl runs under -d", "PYTHONINSPECT": "keeps python reading commands after its script",
		"NODE_REPL_EXTERNAL_MODULE": "loads a module in place of node's REPL",
		"YARN_RC_FILENAME":          "points yarn at another config", "TERMINAL": "names a program to run", "DIFFPROG": "names a program to run",
		"FCEDIT": "names the editor fc runs", "GIT_EDITOR_CMD": "names a program git runs", "SUDO_ASKPASS": "names a program sudo runs",
		"LESSKEYIN": "gives less key bindings, which can run commands", "MANOPT": "adds options (a pager) to every man",
	}
}}

// codeForm says what a variable's value is, when a program runs it as code.
type codeForm uint8

// The forms of code a variable's value can be.
const (
	// shellText is a command line a program hands to a shell (GIT_PAGER,
	// PROMPT_COMMAND).
	shellText codeForm = iota + 1
	// promptText is a prompt the shell expands, running the command
	// substitutions in it (PS0, PS1).
	promptText
	// luaCode is Lua code (LUA_INIT), unless it starts with @ (a file).
	luaCode
)

// envCode are the variables of dangerousEnv (and dangerousEnvValue) whose
// value is code, and its form: a static value is judged as that code,
// beside the variable's own finding. Any other *_PAGER and *_EDITOR is
// shell text too (codeFormOf).
var envCode = lazy.Value[map[string]codeForm]{Make: func() map[string]codeForm {
	return map[string]codeForm{
		"GIT_SSH_COMMAND": shellText, "GIT_PAGER": shellText, "PAGER": shellText, "MANPAGER": shellText, "GIT_EDITOR": shellText,
		"EDITOR": shellText, "VISUAL": shellText, "SEQUENCE_EDITOR": shellText, "GIT_SEQUENCE_EDITOR": shellText, "PROMPT_COMMAND": shellText,
		"FCEDIT": shellText, "GIT_EXTERNAL_DIFF": shellText, "GIT_PROXY_COMMAND": shellText, "GIT_EDITOR_CMD": shellText,
		"PS0": promptText, "PS1": promptText, "PS2": promptText, "PS3": promptText, "PS4": promptText, "PROMPT": promptText,
		"RPROMPT": promptText, "RPS1": promptText,
		"LUA_INIT": luaCode, "LUA_INIT_5_1": luaCode, "LUA_INIT_5_2": luaCode, "LUA_INIT_5_3": luaCode, "LUA_INIT_5_4": luaCode,
	}
}}

// codeFormOf returns the form of code a variable's value is, 0 for none.
func codeFormOf(name string) codeForm {
	if f, ok := envCode.Get()[name]; ok {
		return f
	}
	if strings.HasSuffix(name, "_PAGER") || strings.HasSuffix(name, "_EDITOR") {
		return shellText
	}
	return 0
}

// promptEnd ends the here-document a prompt is judged in.
const promptEnd = "PERMGATE_PROMPT_END"

// envCodeValues judges the static values of the variables the command sets
// that are code (envCode), as that code: GIT_PAGER='rm -rf ~' git log runs
// rm -rf ~; and the settings git reads from GIT_CONFIG_KEY_n and
// GIT_CONFIG_VALUE_n, as git -c KEY=VALUE's are.
func (ck *checker) envCodeValues(c shellparse.SimpleCommand) {
	vars := map[string]string{}
	for _, a := range c.Assigns {
		if !a.Value.Static || a.Via == "nameref" || a.Via == "reference" {
			continue
		}
		vars[a.Name] = a.Value.Text
		if benignProgramValue(a.Name, a.Value.Text) {
			continue
		}
		ck.envCode(a.Name, a.Value.Text)
	}
	for _, e := range git.EnvCommands(vars) {
		ck.nested(e.Command, "sets "+e.Var+" for git's "+e.Key+", which git runs as a shell command")
	}
}

// envCode judges one variable's value as the code it is, by its form.
func (ck *checker) envCode(name, value string) {
	switch codeFormOf(name) {
	case shellText:
		ck.nested(value, "sets "+name+", which is run as a shell command")
	case promptText:
		if strings.Contains(value, "$(") || strings.Contains(value, "`") {
			// The shell expands a prompt as an unquoted here-document's body:
			// parameters, command substitutions, arithmetic.
			ck.nested(": <<"+promptEnd+"\n"+value+"\n"+promptEnd, "sets "+name+", whose command substitutions the shell runs")
		}
	case luaCode:
		if value != "" && !strings.HasPrefix(value, "@") {
			ck.add("inline_code", "env_lua", NonSevere, "sets "+name+", Lua code that lua runs before every script")
			code.CodeEffects(ck, codescan.Lua, "lua", value)
		}
	}
}

func dangerousEnvReason(name string) (string, bool) {
	if r, ok := dangerousEnv.Get()[name]; ok {
		return r, true
	}
	upper := strings.ToUpper(name)
	switch {
	case strings.HasPrefix(name, "DYLD_"):
		return "loads code into every program", true
	case strings.HasPrefix(name, "GIT_CONFIG_"):
		return "sets git configuration, which can name programs to run", true
	case strings.HasSuffix(name, "_PAGER") || strings.HasSuffix(name, "_EDITOR") || strings.HasSuffix(name, "_BROWSER"):
		return "names a program to run", true
	case name == "GOENV":
		return "points go at an environment file, which can set GOFLAGS=-toolexec", true
	case strings.HasPrefix(upper, "NPM_CONFIG_"):
		key := strings.ReplaceAll(strings.TrimPrefix(upper, "NPM_CONFIG_"), "-", "_")
		switch key {
		case "SCRIPT_SHELL", "SHELL", "GIT", "EDITOR", "BROWSER", "VIEWER", "NODE_OPTIONS", "USERCONFIG", "GLOBALCONFIG", "ONLOAD_SCRIPT", "INIT_MODULE":
			return "names a program or config npm runs with", true
		}
	case strings.HasPrefix(name, "CARGO_TARGET_") && (strings.HasSuffix(name, "_RUNNER") || strings.HasSuffix(name, "_LINKER")),
		strings.HasPrefix(name, "CARGO_BUILD_RUSTC"), strings.HasPrefix(name, "CARGO_REGISTRIES_") && strings.HasSuffix(name, "_CREDENTIAL_PROVIDER"):
		return "names a program cargo runs", true
	}
	return "", false
}

// benignProgramValue reports a pager or editor variable set to a program that
// only prints or does nothing (PAGER=cat, GIT_PAGER=, GIT_EDITOR=true,
// MANPAGER='less -R'), static and with nothing else in it.
func benignProgramValue(name, value string) bool {
	return (strings.HasSuffix(name, "PAGER") || strings.HasSuffix(name, "EDITOR")) && shellparse.HarmlessProgram(value)
}

// benignEnvValue reports values of code-loading variables that load nothing
// from outside the project: NODE_OPTIONS with only resource flags
// (--max-old-space-size=4096), PYTHONPATH of relative folders (src, .).
func benignEnvValue(name, value string) bool {
	if strings.ContainsAny(value, "$`;|&<>(){}\\'\"") {
		return false
	}
	switch name {
	case "NODE_OPTIONS":
		for _, f := range strings.Fields(value) {
			switch {
			case strings.HasPrefix(f, "--max-old-space-size"), strings.HasPrefix(f, "--max-semi-space-size"), strings.HasPrefix(f, "--stack-size"),
				f == "--enable-source-maps", f == "--no-warnings", f == "--no-deprecation", f == "--trace-warnings", f == "--trace-deprecation",
				strings.HasPrefix(f, "--unhandled-rejections"), f == "--openssl-legacy-provider", f == "--experimental-vm-modules",
				strings.HasPrefix(f, "--dns-result-order"), f == "--use-openssl-ca", strings.HasPrefix(f, "--title"), f == "--preserve-symlinks":
			default:
				return false
			}
		}
		return value != ""
	case "PYTHONPATH":
		for _, dir := range strings.Split(value, ":") {
			if dir == "" || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || dir == ".." || strings.HasPrefix(dir, "../") || strings.Contains(dir, "/../") {
				return false
			}
		}
		return value != ""
	}
	return false
}

// dangerousEnvValue judges variables that run code only with some values:
// PS1/PS2/PS3 holding a command substitution, GOFLAGS naming -toolexec, -exec
// or -vettool.
func dangerousEnvValue(name, value string) (string, bool) {
	switch name {
	case "PS1", "PS2", "PS3", "RPROMPT", "RPS1", "PROMPT":
		if strings.Contains(value, "$(") || strings.Contains(value, "`") {
			return "is expanded at every prompt and runs the command substitution in it", true
		}
	case "LESS":
		if strings.Contains(value, "+") {
			return "gives less a command to run when it starts", true
		}
	case "GIT_TRACE", "GIT_TRACE2", "GIT_TRACE2_EVENT", "GIT_TRACE2_PERF", "GIT_TRACE_PACKET", "GIT_TRACE_CURL", "GIT_TRACE_SETUP", "GIT_TRACE_PERFORMANCE":
		if strings.Contains(value, "/") {
			return "makes git write its trace into " + value, true
		}
	case "CC", "CXX", "LD", "AR":
		if !compilerName(value) {
			return "names the program build tools run as the compiler or linker", true
		}
	case "RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", "RUSTDOCFLAGS":
		// -C linker=PROG, -Clinker=PROG, -Z plugins, a codegen backend: programs rustc runs.
		for _, key := range []string{"linker", "link-arg", "link-args", "codegen-backend", "llvm-args", "plugin", "-Z"} {
			if strings.Contains(value, key) {
				return "passes flags to rustc that name a program or library to load", true
			}
		}
	case "GOFLAGS":
		for _, f := range strings.Fields(value) {
			f = strings.TrimLeft(f, "-")
			if strings.HasPrefix(f, "toolexec") || strings.HasPrefix(f, "exec") || strings.HasPrefix(f, "vettool") || strings.HasPrefix(f, "overlay") {
				return "makes every go command run another program", true
			}
		}
	}
	return "", false
}

// compilerName reports a compiler or binutils name build tools commonly
// get (gcc, clang-18, x86_64-linux-gnu-g++, ccache gcc, zig cc): a name on
// $PATH, not a path to a program the command line could have written.
func compilerName(value string) bool {
	words := strings.Fields(value)
	if len(words) == 0 || len(words) > 2 {
		return len(words) == 0
	}
	if len(words) == 2 && words[0] != "ccache" && words[0] != "sccache" && words[0] != "zig" {
		return false
	}
	name := words[len(words)-1]
	if dir, base := path.Split(name); dir == "/usr/bin/" || dir == "/usr/local/bin/" || dir == "/opt/homebrew/bin/" || dir == "/bin/" {
		name = base // the system's own compiler, by its full path
	}
	if strings.ContainsAny(name, "/$`") {
		return false
	}
	name = strings.TrimRight(name, "0123456789.-")
	for _, known := range []string{"gcc", "g++", "clang", "clang++", "cc", "c++", "tcc", "icx", "icpx", "ld", "ld.lld", "ld.gold", "lld", "ar", "llvm-ar", "gcc-ar", "c99"} {
		if name == known || strings.HasSuffix(name, "-"+known) {
			return true
		}
	}
	return false
}

// assignedValue returns the text a command assigns to name (X=v cmd, export X=v).
func assignedValue(c shellparse.SimpleCommand, name string) string {
	for _, a := range c.Assigns {
		if a.Name == name {
			return a.Value.Text
		}
	}
	for _, w := range c.Argv {
		if v, ok := strings.CutPrefix(w.Text, name+"="); ok {
			return v
		}
	}
	return ""
}

// assigns judges the variables the command sets.
func (ck *checker) assigns(c shellparse.SimpleCommand) {
	for _, name := range assignedNames(c) {
		ck.judgeAssign(name, assignedValue(c, name))
	}
	ck.envCodeValues(c)
	for _, a := range c.Assigns {
		if strings.HasPrefix(a.Value.Text, "() {") {
			ck.add("dangerous_env", "set_old_bash_func", NonSevere, "sets "+a.Name+" to a function in the old export format, which an unpatched bash runs in place of a command")
		}
	}
	if len(c.Argv) > 0 && (c.Name == "unset" || c.Name == "export" && hasOption(c, "-n")) {
		for _, w := range operandsOf(c) {
			if strings.HasPrefix(w.Text, "PERMGATE_") {
				ck.add("self_modify", "unset_permgate_var", Severe, "unsets "+w.Text+", which changes how permgate decides")
			}
		}
	}
}

// judgeAssign judges setting the variable name to value, by any route: an
// assignment, export, a wrapper's --setenv.
func (ck *checker) judgeAssign(name, value string) {
	switch {
	case strings.HasPrefix(name, "PERMGATE_"):
		ck.add("self_modify", "set_permgate_var", Severe, "sets "+name+", which changes how permgate decides")
	case self.HomeVar(name):
		ck.add("self_modify", "set_config_home", Severe, "sets "+name+", which moves where permgate looks for its config and state")
	case self.HarnessVar(name):
		ck.add("self_modify", "set_harness_config", Severe, "sets "+name+", which points an agent harness at other settings, without permgate's hook")
	case self.BypassEnv(name, value) != "":
		ck.add("self_modify", "nested_agent_env_bypass", Severe, "sets "+name+"="+value+", with which "+self.BypassEnv(name, value)+" starts with its own permission checks off: what it runs is decided without them")
	case name == "IFS":
		ck.add("ifs_manipulation", "set_ifs", NonSevere, "sets IFS, which changes how words are split")
	case strings.HasPrefix(name, "BASH_FUNC_"):
		ck.add("dangerous_env", "set_bash_func", NonSevere, "sets "+name+", an exported function that bash runs in place of a command")
	case benignProgramValue(name, value), benignEnvValue(name, value):
		// GIT_PAGER=cat, EDITOR=true: a program that runs nothing else.
	default:
		if r, ok := dangerousEnvReason(name); ok {
			ck.add("dangerous_env", "set_loader_var", NonSevere, "sets "+name+", which "+r)
		} else if r, ok := dangerousEnvValue(name, value); ok {
			ck.add("dangerous_env", "set_shell_var", NonSevere, "sets "+name+", which "+r)
		}
	}
}

// assignedNames returns every variable the command may set: assignments, printf
// -v, read, mapfile, ${x:=v}. A write through a nameref (declare -n r=NAME;
// r=v) comes as an assignment to NAME (Via "reference") from shellparse.
func assignedNames(c shellparse.SimpleCommand) []string {
	var names []string
	for _, a := range c.Assigns {
		names = append(names, a.Name)
	}
	for _, w := range c.Argv {
		names = append(names, w.Assigned...)
	}
	if len(c.Argv) == 0 {
		return names
	}
	return append(names, builtinNames(c.Name, c.Argv[1:])...)
}

// builtinValueOption is the option whose value a builtin assigns: wait -p
// VAR, printf -v VAR, read -a ARRAY.
var builtinValueOption = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"wait": "-p", "printf": "-v", "read": "-a"}
}}

// builtinNames returns the names a builtin assigns, by its grammar: read's
// and mapfile's operands, and the value of wait -p, printf -v, read -a.
func builtinNames(name string, args []shellparse.Word) []string {
	g, ok := registry.Builtin(name)
	if !ok || name == "unset" {
		return nil
	}
	scan := g.Scan(shellparse.RegistryWords(args))
	var out []string
	if name == "read" || name == "mapfile" || name == "readarray" {
		for _, i := range scan.Operands {
			out = append(out, args[i].Text)
		}
	}
	for _, v := range optionValues(args, scan, builtinValueOption.Get()[name]) {
		out = append(out, v.Text)
	}
	return out
}

// words judges expansions in the command's words.
func (ck *checker) words(c shellparse.SimpleCommand) {
	for i := range c.Argv {
		ck.word(&c.Argv[i])
	}
	for i := range c.Assigns {
		ck.word(&c.Assigns[i].Value)
	}
	for i := range c.Redirects {
		ck.word(&c.Redirects[i].Target)
	}
}

// word judges the expansions of one word.
func (ck *checker) word(w *shellparse.Word) {
	for _, p := range w.Params {
		if p == "IFS" {
			ck.add("ifs_manipulation", "expand_ifs", NonSevere, "expands $IFS, a way to hide spaces in a command")
		} else if secretVar(p) {
			ck.add("secret_access", "expand_secret_var", NonSevere, "expands $"+p+", which looks like a secret")
		}
	}
	if w.PromptExpand {
		ck.promptExpansion(w)
	}
}

// promptExpansion judges ${x@P}: the shell expands x's value as it does a
// prompt, running its command substitutions. A value the script set is
// judged as that text; one known only at run time is not seen.
func (ck *checker) promptExpansion(w *shellparse.Word) {
	for _, p := range w.Params {
		if value, ok := ck.varValue(p); ok {
			if strings.Contains(value, "$(") || strings.Contains(value, "`") {
				ck.nested(": <<"+promptEnd+"\n"+value+"\n"+promptEnd, "${"+p+"@P} expands "+p+" as a prompt, running its command substitutions")
			}
			continue
		}
		ck.add("command_substitution", "prompt_expansion", NonSevere, "${…@P} runs the command substitutions held in a variable's value, which permgate cannot see")
		return
	}
}

// redirects judges the files the command's redirections open.
func (ck *checker) redirects(c shellparse.SimpleCommand) {
	for _, r := range c.Redirects {
		switch {
		case r.Writes():
			// >> ~/.ssh/known_hosts adds a host key: a write that asks.
			ck.homeSetup = r.Op == ">>" && path.Base(r.Target.Text) == "known_hosts"
			ck.writeTarget(r.Target, "the redirect "+r.Op+" "+r.Target.Text)
			ck.homeSetup = false
		case r.Reads() && ck.opensSelfLock(r.Target):
			ck.add("self_modify", "self_lock", Severe, "opens "+r.Target.Text+", one of permgate's locks: a process that holds it (flock) stalls every decision and loses its audit records")
		case r.Reads() && r.Target.Static && secretName(ck.resolve(r.Target.Text)):
			ck.add("secret_access", "redirect_read", NonSevere, "reads "+r.Target.Text+", which holds secrets")
		}
	}
}

// opensSelfLock reports a redirect that opens one of permgate's lock files
// (audit.lock, state.lock, setup.lock): reading one has no use but holding
// it, as in exec 9<…/audit.lock; flock 9.
func (ck *checker) opensSelfLock(w shellparse.Word) bool {
	texts, _ := ck.expandPath(w)
	for _, text := range texts {
		if p := ck.resolve(text); strings.HasSuffix(p, ".lock") && ck.v.self.File(p) != "" {
			return true
		}
	}
	return false
}

// writeTarget judges one file the command writes.
func (ck *checker) writeTarget(w shellparse.Word, how string) {
	ck.writeTargetOpt(w, how, true)
}

// writeTargetOpt is writeTarget; runtime=false leaves out the question a
// target known only at run time raises (a file mv moves away).
func (ck *checker) writeTargetOpt(w shellparse.Word, how string, runtime bool) {
	for _, p := range w.Params {
		if strings.HasPrefix(p, "PERMGATE_") {
			ck.add("self_modify", "write_self_var", Severe, how+" writes through $"+p+", which names permgate's own files")
			return
		}
	}
	texts, unknown := ck.expandPath(w)
	for _, text := range texts {
		ck.writePath(text, how)
	}
	if unknown && runtime {
		self.RuntimeWrite(ck, w, how, false)
	}
}

// writePath judges one written path, after expansion.
func (ck *checker) writePath(text, how string) {
	p := ck.resolve(text)
	if pathin.Under(p, unknownDir) {
		// A relative name where the directory is known only at run time
		// (after cd "$d", popd -n): it may be any file of that name.
		self.RuntimeWrite(ck, shellparse.Word{Text: text}, how, false)
	}
	own := ""
	if hasGlob(p) {
		if in, _ := ck.v.self.Glob(p); in {
			own = self.Reason
		} else if in, _ := ck.v.self.GlobBinary(p); in {
			own = self.BinaryReason
		}
		dir, _ := globDir(p)
		p = dir + "/x"
	}
	if isBlockDevice(p) {
		ck.add("disk_destroy", "write_disk", Severe, how+" writes the disk "+p+" directly, destroying its data")
		return
	}
	real := ck.realPaths(p)
	for _, q := range real {
		if own == "" {
			own = ck.v.self.Write(q)
		}
	}
	if own != "" {
		ck.add("self_modify", "write_self", Severe, how+" writes "+own)
	}
	for _, q := range real {
		if crit := ck.v.critical(q); crit != "" && !ck.homeWrite(q) {
			ck.add("critical_write", "write_critical", Severe, how+" writes "+crit)
			return
		} else if crit != "" {
			continue
		} else if prot := protected(q); prot != "" && own == "" {
			ck.add("protected_write", "write_protected", NonSevere, how+" writes into "+prot)
		}
	}
	if own != "" {
		return
	}
	for _, q := range real {
		if d := ck.pathDir(q); d != "" {
			ck.add("protected_write", "write_path_dir", NonSevere, how+" writes into "+d+", a directory on $PATH: a program there runs later under a trusted name")
			return
		}
	}
}

// homeWrite reports a write into the home directory that is not critical: a
// new entry copied into ~ (cp tool ~/), and the set-up homeSetup names.
func (ck *checker) homeWrite(q string) bool {
	home := ck.v.env.Home
	if home == "" || home == "/" {
		return false
	}
	return ck.intoDir && ck.plainCopy && q == home || ck.homeSetup && pathin.Within(q, home)
}

// homeSetupWrite reports a command whose writes only set up the home
// directory: mkdir, chmod to a mode that only closes (600, 700, go-rwx).
func homeSetupWrite(c shellparse.SimpleCommand) bool {
	switch c.Name {
	case "mkdir":
		return true
	case "chmod":
		mode, _ := permOperands("chmod", c.Argv[1:])
		return mode != nil && mode.Static && tighteningMode(mode.Text)
	case "tee":
		for _, t := range writeTargets(c) {
			if path.Base(t.Text) != "known_hosts" {
				return false
			}
		}
		return hasOption(c, "-a", "--append")
	}
	return false
}

// knownPath returns the path a write target names when permgate can tell: a
// static word; $HOME, ${HOME}, $PWD or ${PWD} at its start expanded; a glob judged
// by the directory it expands in (> /etc/passw? writes in /etc).
func (ck *checker) knownPath(w shellparse.Word) (string, bool) {
	if w.Static {
		return w.Text, true
	}
	if w.Subst || w.Placeholder {
		return "", false
	}
	text := w.Text
	if user, rest, ok := strings.Cut(strings.TrimPrefix(text, "~"), "/"); strings.HasPrefix(text, "~") && isUserName(user) && (ok || rest == "") {
		// ~user/…: another user's home.
		home := "/home/" + user
		if user == "root" {
			home = "/root"
		}
		text = home + "/" + rest
	}
	for _, v := range []struct{ name, value string }{{"HOME", ck.v.env.Home}, {"PWD", ck.dir}} {
		if v.value == "" {
			continue
		}
		for _, form := range []string{"${" + v.name + "}", "$" + v.name} {
			if rest, ok := strings.CutPrefix(text, form); ok && (rest == "" || rest[0] == '/') {
				text = v.value + rest
			}
		}
	}
	if strings.Contains(text, "$") {
		return "", false
	}
	if w.Glob || strings.ContainsAny(text, "*?[") {
		dir, _ := globDir(text)
		return dir + "/x", true
	}
	return text, true
}

func isUserName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// opaqueScript judges a nested script permgate could not read.
func (ck *checker) opaqueScript(c shellparse.SimpleCommand) {
	if c.Script.Subst && ck.setupOutput(c.Script.Word.Text) {
		ck.add("dynamic_code", "eval_setup", NonSevere, "runs the shell set-up "+clip(c.Script.Word.Text)+" prints")
		return
	}
	if c.Script.Subst || c.Script.Word.Placeholder && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", "eval_output", Severe, "runs the output of another command as code ("+clip(c.Script.Word.Text)+")")
		return
	}
	ck.add("dynamic_code", "eval_dynamic", NonSevere, "runs a script known only at run time ("+clip(c.Script.Word.Text)+")")
}

// forkBomb judges the functions shellparse found calling themselves in a
// pipeline or in the background at this command (an endless loop of
// background jobs is the script's finding: forkBombFinding).
func (ck *checker) forkBomb() {
	for _, b := range ck.res.ForkBombs {
		if b.Command == ck.index && b.Kind == shellparse.ForkBombFunction {
			ck.add("fork_bomb", "function", Severe, forkBombReason(b))
		}
	}
}

// forkBombReason says what a fork bomb does.
func forkBombReason(b shellparse.ForkBomb) string {
	if b.Kind == shellparse.ForkBombFunction {
		return "the function " + b.Function + " calls itself over and over in parallel (a fork bomb)"
	}
	return "an endless loop starts processes in the background without waiting (a fork bomb)"
}

// forkBombFinding is the script's finding of a fork bomb: an endless loop,
// or a function bomb no recorded command shows; src is the script.
func forkBombFinding(b shellparse.ForkBomb, src string) Finding {
	id := "fork_bomb.loop"
	if b.Kind == shellparse.ForkBombFunction {
		id = "fork_bomb.function"
	}
	return Finding{Kind: "fork_bomb", Severity: Severe, ID: id, Reason: forkBombReason(b), Command: clip(src)}
}

// locksSelf judges flock's lock file: holding the lock on one of permgate's own
// files (its state lock, its audit lock, the audit log) stalls every permgate
// that waits for it until it gives up and refuses — a denial of service of the
// gate, not a read-only command. A descriptor operand (flock -x 9 with 9<FILE)
// is judged by the file its redirect opens.
func (ck *checker) locksSelf(argv []shellparse.Word, redirects []shellparse.Redirect) {
	inv := scanArgs("flock", argv[1:])
	ops := operandWords(argv[1:], &inv.Scan)
	if len(ops) == 0 {
		return
	}
	a := ops[0] // the lock file, or a descriptor
	if a.Static && isDigits(a.Text) {
		for _, r := range redirects {
			if r.Fd == a.Text && (r.Op == "<" || r.Op == "<>" || r.Op == ">" || r.Op == ">>") {
				a = r.Target
			}
		}
	}
	texts, _ := ck.expandPath(a)
	for _, text := range texts {
		p := ck.resolve(text)
		if hasGlob(p) {
			if in, _ := ck.v.self.Glob(p); in {
				ck.add("self_modify", "flock_self", Severe, "flock holds a lock on "+self.Reason+", which stalls permgate")
				return
			}
			continue
		}
		for _, q := range ck.realPaths(p) {
			if why := ck.v.self.File(q); why != "" {
				ck.add("self_modify", "flock_self_path", Severe, "flock holds a lock on "+clip(a.Text)+", "+why+", which stalls permgate")
				return
			}
		}
	}
}

// pastedNames: find -exec sh -c '… {} …' pastes each file name into shell
// code, where a name such as $(rm -rf ~).txt runs (dynamic_code).
func (ck *checker) pastedNames(c shellparse.SimpleCommand) {
	found := false
	for _, w := range c.Wrappers {
		switch {
		case path.Base(w.Name) == "find" || path.Base(w.Name) == "fd" || path.Base(w.Name) == "fdfind":
			found = true
		case found && w.Nested:
			for _, words := range [][]shellparse.Word{c.Argv} {
				for _, a := range words {
					if strings.Contains(a.Text, "{}") {
						ck.add("dynamic_code", "finder_names", NonSevere, "pastes the names "+w.Name+"'s finder gives into shell code ("+clip(a.Text)+"), where a crafted name runs")
						return
					}
				}
			}
			for _, r := range c.Redirects {
				if strings.Contains(r.Target.Text, "{}") {
					ck.add("dynamic_code", "file_names", NonSevere, "pastes file names into shell code ("+clip(r.Target.Text)+"), where a crafted name runs")
					return
				}
			}
		}
	}
}
