package self

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// NestedAgent judges an agent harness started by a gated command with options
// that replace the settings holding permgate's hook: the nested agent would
// then run ungated (claude --settings, --setting-sources; codex -c hooks…).
func NestedAgent(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	r, ok := readArgs(c.Name, args)
	if !ok {
		return
	}
	name := c.Name
	if prog, ok := registry.Default().Lookup(path.Base(c.Name)); ok {
		name = prog.Names[0] // its declaration's first name: npx @anthropic-ai/claude-code is claude
	}
	if flag := agentBypass(name, r); flag != "" {
		h.Report("self_modify", "nested_agent_bypass", finding.Severe,
			c.Name+" "+flag+" starts another agent with its own permission checks off: what it runs is decided without them, and permgate's hook there in bypass",
			"start it without "+flag+": its calls then ask as yours do")
		return
	}
	if how := harnessHookSwitch(name, r); how != "" {
		report(h, "self_modify", "harness_hooks_cli", finding.Severe, how+" changes the harness's hook settings through its own command line, which can turn permgate's hook off")
		return
	}
	switch name {
	case "claude":
		claudeSettings(h, r)
	case "codex":
		codexConfig(h, r)
	}
}

// claudeSettings: claude --bare starts without hooks; --settings and
// --setting-sources load other settings, which can leave permgate's out.
func claudeSettings(h Host, r reading) {
	if r.Has("--bare") {
		report(h, "self_modify", "claude_bare", finding.Severe, "claude --bare starts Claude Code without its hooks, so without permgate's")
		return
	}
	for _, opt := range []string{"--settings", "--setting-sources"} {
		if r.Has(opt) {
			report(h, "self_modify", "claude_settings", finding.Severe, "claude "+opt+" starts Claude Code with other settings, which can leave out permgate's hook")
			return
		}
	}
}

// codexConfig: codex -c KEY=VALUE on a hooks key, or one known only at run
// time, changes Codex's hook settings.
func codexConfig(h Host, r reading) {
	for _, v := range r.Values("-c", "--config") {
		if strings.Contains(strings.ToLower(v.Text), "hook") || !v.Static {
			report(h, "self_modify", "codex_config", finding.Severe, "codex -c "+v.Text+" changes Codex's hook settings, which can leave out permgate's hook")
			return
		}
	}
}

// hooky reports a word that may name a hook setting: it mentions hooks or is
// known only at run time.
func hooky(w shellparse.Word) bool {
	return !w.Static || strings.Contains(strings.ToLower(w.Text), "hook")
}

// harnessHookSwitch names a harness's own command that edits its hook
// settings: codex --disable|--enable FEATURE and codex features
// enable|disable FEATURE for a hooks feature, claude config set|add|remove of
// a hooks key, gemini hooks with anything but list. "" when there is none.
func harnessHookSwitch(name string, r reading) string {
	ops := r.Operands()
	switch name {
	case "codex":
		return codexHookSwitch(r, ops)
	case "claude":
		if len(ops) >= 3 && ops[0].Text == "config" && (ops[1].Text == "set" || ops[1].Text == "add" || ops[1].Text == "remove") && hooky(ops[2]) {
			return "claude config " + ops[1].Text + " " + ops[2].Text
		}
	case "gemini":
		if len(ops) >= 2 && ops[0].Text == "hooks" && ops[1].Text != "list" {
			return "gemini hooks " + ops[1].Text
		}
	}
	return ""
}

// codexHookSwitch: codex --disable|--enable FEATURE and codex features
// enable|disable FEATURE for a hooks feature.
func codexHookSwitch(r reading, ops []shellparse.Word) string {
	for _, opt := range []string{"--disable", "--enable"} {
		for _, v := range r.Values(opt) {
			if hooky(v) {
				return "codex " + opt + " " + v.Text
			}
		}
	}
	if len(ops) >= 3 && ops[0].Text == "features" && (ops[1].Text == "enable" || ops[1].Text == "disable") && hooky(ops[2]) {
		return "codex features " + ops[1].Text + " " + ops[2].Text
	}
	return ""
}

// ApplyPatch judges Codex's apply_patch run as a shell command (apply_patch
// 'PATCH', or the patch on standard input): every file the patch adds,
// updates, deletes or moves to is written. A patch permgate cannot read may
// write anything, so a person looks.
func ApplyPatch(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	var texts []string
	for _, a := range args {
		if !a.Static {
			RuntimeWrite(h, shellparse.Word{Text: "$patch"}, c.Name+" with a patch known only at run time", true)
			return
		}
		texts = append(texts, a.Text)
	}
	if len(texts) == 0 {
		if c.Stdin.Static && (c.Stdin.Kind == shellparse.InputHereDoc || c.Stdin.Kind == shellparse.InputHereString) {
			texts = append(texts, c.Stdin.Text)
		} else {
			RuntimeWrite(h, shellparse.Word{Text: "$patch"}, c.Name+" with a patch permgate cannot read", true)
			return
		}
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
				if p, ok := strings.CutPrefix(line, prefix); ok {
					p = strings.TrimSpace(p)
					h.WriteTarget(shellparse.Word{Text: p, Static: true}, c.Name+" "+p)
				}
			}
		}
	}
}

// installVerbs are the verbs with which a package manager installs,
// replaces or removes the packages it is given.
var installVerbs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"install": true, "i": true, "add": true, "uninstall": true, "remove": true, "rm": true,
		"reinstall": true, "upgrade": true, "update": true, "erase": true, "purge": true}
}}

// InstallsPermgate: a package manager installing, replacing or removing a
// package named permgate changes the program the harnesses run. The verb
// is the last subcommand word (yarn global add, uv tool install, cargo
// +nightly install), or an operation option (pacman -S, -R, -U).
// inv is the reading of args, the words after the manager's name.
func InstallsPermgate(h Host, c shellparse.SimpleCommand, inv *registry.Invocation, args []shellparse.Word) {
	r := reading{Inv: inv, Args: args}
	verb, pkgs := installWords(r)
	if !installVerbs.Get()[verb] {
		if !pacmanChange(r) {
			return
		}
		verb, pkgs = "install", r.Operands()
	}
	for _, pkg := range pkgs {
		name := strings.TrimPrefix(pkg.Text, "@")
		name, _, _ = strings.Cut(name, "@")
		name, _, _ = strings.Cut(name, "==")
		if shellparse.IsPermgate(path.Base(name)) {
			report(h, "self_modify", "permgate_package", finding.Severe, c.Name+" "+verb+" "+pkg.Text+" replaces or removes the permgate program the harnesses run")
			return
		}
	}
}

// installWords returns a package manager's verb (the last subcommand word
// its declaration names, the undeclared word in its place, or the first
// operand of one that declares no verbs: deno install, pamac-cli install)
// and the operands after it.
func installWords(r reading) (string, []shellparse.Word) {
	if p := r.Path(); len(p) > 0 {
		return p[len(p)-1], r.Operands()
	}
	if r.Inv.Verb == "" {
		if ops := r.Operands(); len(ops) > 0 && ops[0].Static {
			return ops[0].Text, ops[1:]
		}
		return "", nil
	}
	var pkgs []shellparse.Word
	for _, i := range r.Inv.Scan.Operands {
		if i != r.Inv.VerbAt {
			pkgs = append(pkgs, r.Args[i])
		}
	}
	return r.Inv.Verb, pkgs
}

// pacmanChange reports pacman's (yay's, paru's) -S, -R or -U operation that
// installs or removes the packages named, not one that only queries
// (-Ss, -Si, -Sl, -Sg, -Sp, -Sc).
func pacmanChange(r reading) bool {
	if r.Has("-R", "-U", "--remove", "--upgrade") {
		return true
	}
	return r.Has("-S", "--sync") && !r.Has("-s", "-i", "-g", "-p", "-l", "-c", "--search", "--info", "--groups", "--print", "--list", "--clean")
}

// agentBypassFlags are, per agent harness, the options that start it with
// its own permission checks off (a flag alone, or FLAG VALUE / FLAG=VALUE
// when a value is given): an agent that starts one so gives itself what
// its user did not.
var agentBypassFlags = lazy.Value[map[string][]agentFlag]{Make: func() map[string][]agentFlag {
	return map[string][]agentFlag{
		"claude": {{flag: "--dangerously-skip-permissions"}, {flag: "--allow-dangerously-skip-permissions"},
			{flag: "--permission-mode", value: "bypassPermissions"}},
		"codex": {{flag: "--dangerously-bypass-approvals-and-sandbox"}, {flag: "--yolo"},
			{flag: "--ask-for-approval", value: "never"}, {flag: "-a", value: "never"},
			{flag: "--sandbox", value: "danger-full-access"}, {flag: "-s", value: "danger-full-access"}},
		"gemini":   {{flag: "--yolo"}, {flag: "-y"}, {flag: "--approval-mode", value: "yolo"}},
		"copilot":  {{flag: "--allow-all-tools"}, {flag: "--allow-all"}, {flag: "--yolo"}, {flag: "--allow-all-paths"}},
		"opencode": {{flag: "--auto"}},
		// codex -c KEY=VALUE overrides its config: the sandbox and approvals too.
		"codex-config": {{flag: "-c", value: "sandbox_mode=danger-full-access"}, {flag: "-c", value: `sandbox_mode="danger-full-access"`},
			{flag: "-c", value: "approval_policy=never"}, {flag: "-c", value: `approval_policy="never"`},
			{flag: "--config", value: "sandbox_mode=danger-full-access"}, {flag: "--config", value: "approval_policy=never"}},
		"copilot-tools": {{flag: "--allow-tool", value: "shell"}, {flag: "--allow-tool", value: "shell(*)"}},
		// Other agents: Qwen Code (a Gemini CLI fork), Cursor's CLI, Amp, aider.
		"qwen":         {{flag: "--yolo"}, {flag: "-y"}, {flag: "--approval-mode", value: "yolo"}},
		"cursor-agent": {{flag: "--force"}, {flag: "-f"}},
		"amp":          {{flag: "--dangerously-allow-all"}},
		"aider":        {{flag: "--yes-always"}},
		// Crush's yolo mode; Droid's unsafe skip and its high autonomy, which
		// runs every command no blocklist names without asking.
		"crush": {{flag: "--yolo"}, {flag: "-y"}},
		"droid": {{flag: "--skip-permissions-unsafe"}, {flag: "--auto", value: "high"}},
	}
}}

// agentBypassEnv are the variables an agent harness reads when it starts,
// with the values that start it with its permission checks off, whichever
// command is given them (goose's auto mode approves every tool call).
var agentBypassEnv = lazy.Value[map[string]agentEnv]{Make: func() map[string]agentEnv {
	return map[string]agentEnv{"GOOSE_MODE": {agent: "goose", values: []string{"auto"}}}
}}

// agentEnv is one variable of agentBypassEnv: the harness that reads it and
// the values that turn its checks off.
type agentEnv struct {
	agent  string
	values []string
}

// BypassEnv returns the agent harness that setting the variable name to
// value starts with its permission checks off (GOOSE_MODE=auto: goose), or
// "". A value known only at run time counts as such a value.
func BypassEnv(name, value string) string {
	e, ok := agentBypassEnv.Get()[name]
	if !ok || !slices.Contains(e.values, value) && !strings.ContainsAny(value, "$`") {
		return ""
	}
	return e.agent
}

// agentExtraFlags are the further tables an agent's options are read
// against (codex's -c overrides, copilot's tool grants).
var agentExtraFlags = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"codex": "codex-config", "copilot": "copilot-tools"}
}}

// agentFlag is one option of agentBypassFlags: value, when set, is the one
// value that turns the checks off.
type agentFlag struct {
	flag, value string
}

// agentBypass returns the option of the argv that starts the agent harness
// name with its permission checks off, or "". A value permgate cannot read
// counts as that value; -a=never is -a never (clap takes the = as part of
// the option).
func agentBypass(name string, r reading) string {
	if extra, ok := agentExtraFlags.Get()[name]; ok {
		if flag := agentBypass(extra, r); flag != "" {
			return flag
		}
	}
	for _, f := range agentBypassFlags.Get()[name] {
		if f.value == "" {
			if r.Has(f.flag) {
				return f.flag
			}
			continue
		}
		for _, v := range r.Values(f.flag) {
			if text := strings.TrimPrefix(v.Text, "="); text == f.value || !v.Static {
				return f.flag + " " + v.Text
			}
		}
	}
	return ""
}

// EachBypassFlag calls fn with every option of the agents' bypass tables:
// the table's name, the option, and the one value that turns the checks
// off ("" for a flag alone).
func EachBypassFlag(fn func(table, flag, value string)) {
	for table, flags := range agentBypassFlags.Get() {
		for _, f := range flags {
			fn(table, f.flag, f.value)
		}
	}
	for name, e := range agentBypassEnv.Get() {
		for _, v := range e.values {
			fn("env", name, "="+v)
		}
	}
}
