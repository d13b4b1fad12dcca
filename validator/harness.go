package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// nestedAgent judges an agent harness started by a gated command with options
// that replace the settings holding permgate's hook: the nested agent would
// then run ungated (claude --settings, --setting-sources; codex -c hooks…).
func (ck *checker) nestedAgent(c shellparse.SimpleCommand, args []shellparse.Word) {
	if flag := agentBypass(c.Name, args); flag != "" {
		ck.addSafer("self_modify", "nested_agent_bypass", Severe,
			c.Name+" "+flag+" starts another agent with its own permission checks off: what it runs is decided without them, and permgate's hook there in bypass",
			"start it without "+flag+": its calls then ask as yours do")
		return
	}
	if how := harnessHookSwitch(c.Name, args); how != "" {
		ck.add("self_modify", "harness_hooks_cli", Severe, how+" changes the harness's hook settings through its own command line, which can turn permgate's hook off")
		return
	}
	for i, a := range args {
		t := a.Text
		switch c.Name {
		case "claude":
			if t == "--bare" {
				ck.add("self_modify", "claude_bare", Severe, "claude --bare starts Claude Code without its hooks, so without permgate's")
				return
			}
			for _, opt := range []string{"--settings", "--setting-sources"} {
				if t == opt || strings.HasPrefix(t, opt+"=") {
					ck.add("self_modify", "claude_settings", Severe, "claude "+opt+" starts Claude Code with other settings, which can leave out permgate's hook")
					return
				}
			}
		case "codex":
			value := ""
			switch {
			case (t == "-c" || t == "--config") && i+1 < len(args):
				value = args[i+1].Text
			case strings.HasPrefix(t, "--config="):
				value = strings.TrimPrefix(t, "--config=")
			case strings.HasPrefix(t, "-c") && len(t) > 2:
				value = t[2:]
			}
			if strings.Contains(strings.ToLower(value), "hook") || value != "" && !args[i].Static {
				ck.add("self_modify", "codex_config", Severe, "codex "+t+" "+value+" changes Codex's hook settings, which can leave out permgate's hook")
				return
			}
		}
	}
}

// harnessHookSwitch names a harness's own command that edits its hook
// settings: codex --disable|--enable FEATURE and codex features
// enable|disable FEATURE for a hooks feature, claude config set|add|remove of
// a hooks key, gemini hooks with anything but list. "" when there is none.
func harnessHookSwitch(name string, args []shellparse.Word) string {
	hooky := func(w shellparse.Word) bool { return !w.Static || strings.Contains(strings.ToLower(w.Text), "hook") }
	ops := operands(args)
	switch name {
	case "codex":
		for i, a := range args {
			t := a.Text
			for _, opt := range []string{"--disable", "--enable"} {
				if t == opt && i+1 < len(args) && hooky(args[i+1]) {
					return "codex " + opt + " " + args[i+1].Text
				}
				if v, ok := strings.CutPrefix(t, opt+"="); ok && hooky(shellparse.Word{Text: v, Static: a.Static}) {
					return "codex " + t
				}
			}
		}
		if len(ops) >= 3 && ops[0].Text == "features" && (ops[1].Text == "enable" || ops[1].Text == "disable") && hooky(ops[2]) {
			return "codex features " + ops[1].Text + " " + ops[2].Text
		}
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

// applyPatch judges Codex's apply_patch run as a shell command (apply_patch
// 'PATCH', or the patch on standard input): every file the patch adds,
// updates, deletes or moves to is written. A patch permgate cannot read may
// write anything, so a person looks.
func (ck *checker) applyPatch(c shellparse.SimpleCommand, args []shellparse.Word) {
	var texts []string
	for _, a := range args {
		if !a.Static {
			ck.runtimeWrite(shellparse.Word{Text: "$patch"}, c.Name+" with a patch known only at run time", true)
			return
		}
		texts = append(texts, a.Text)
	}
	if len(texts) == 0 {
		if c.Stdin.Static && (c.Stdin.Kind == shellparse.InputHereDoc || c.Stdin.Kind == shellparse.InputHereString) {
			texts = append(texts, c.Stdin.Text)
		} else {
			ck.runtimeWrite(shellparse.Word{Text: "$patch"}, c.Name+" with a patch permgate cannot read", true)
			return
		}
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
				if p, ok := strings.CutPrefix(line, prefix); ok {
					p = strings.TrimSpace(p)
					ck.writeTarget(shellparse.Word{Text: p, Static: true}, c.Name+" "+p)
				}
			}
		}
	}
}

// installsPermgate: a package manager installing, replacing or removing a
// package named permgate changes the program the harnesses run.
func (ck *checker) installsPermgate(c shellparse.SimpleCommand, args []shellparse.Word) {
	verbs := map[string]bool{"install": true, "i": true, "add": true, "uninstall": true, "remove": true, "rm": true,
		"reinstall": true, "upgrade": true, "update": true, "erase": true, "purge": true, "-S": true, "-R": true, "-U": true}
	ops := operands(args)
	if len(ops) < 2 || !verbs[ops[0].Text] && !hasFlag(args, "SRU") {
		return
	}
	for _, pkg := range ops[1:] {
		name := strings.TrimPrefix(pkg.Text, "@")
		name, _, _ = strings.Cut(name, "@")
		name, _, _ = strings.Cut(name, "==")
		if shellparse.IsPermgate(path.Base(name)) {
			ck.add("self_modify", "permgate_package", Severe, c.Name+" "+ops[0].Text+" "+pkg.Text+" replaces or removes the permgate program the harnesses run")
			return
		}
	}
}

// compilerOutput: a compiler or linker writing its output (-o FILE, -oFILE).
func compilerOutput(args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for i, a := range args {
		switch {
		case a.Text == "-o" && i+1 < len(args):
			out = append(out, args[i+1])
		case strings.HasPrefix(a.Text, "-o") && len(a.Text) > 2:
			out = append(out, shellparse.Word{Text: a.Text[2:], Static: a.Static, Params: a.Params})
		}
	}
	return out
}

// agentBypassFlags are, per agent harness, the options that start it with
// its own permission checks off (a flag alone, or FLAG VALUE / FLAG=VALUE
// when a value is given): an agent that starts one so gives itself what
// its user did not.
var agentBypassFlags = map[string][]agentFlag{
	"claude": {{flag: "--dangerously-skip-permissions"}, {flag: "--allow-dangerously-skip-permissions"},
		{flag: "--permission-mode", value: "bypassPermissions"}},
	"codex": {{flag: "--dangerously-bypass-approvals-and-sandbox"}, {flag: "--yolo"},
		{flag: "--ask-for-approval", value: "never"}, {flag: "-a", value: "never"},
		{flag: "--sandbox", value: "danger-full-access"}, {flag: "-s", value: "danger-full-access"}},
	"gemini":   {{flag: "--yolo"}, {flag: "-y"}, {flag: "--approval-mode", value: "yolo"}},
	"copilot":  {{flag: "--allow-all-tools"}, {flag: "--allow-all"}, {flag: "--yolo"}, {flag: "--allow-all-paths"}},
	"opencode": {{flag: "--auto"}},
}

// agentPackages are the names the harnesses' npm packages run under
// (npx @anthropic-ai/claude-code runs claude-code), by the harness.
var agentPackages = map[string]string{"claude-code": "claude", "gemini-cli": "gemini", "opencode-ai": "opencode"}

// agentFlag is one option of agentBypassFlags: value, when set, is the one
// value that turns the checks off.
type agentFlag struct {
	flag, value string
}

// agentBypass returns the option of args that starts the agent harness
// name with its permission checks off, or "". A value permgate cannot read
// counts as that value.
func agentBypass(name string, args []shellparse.Word) string {
	if harness, ok := agentPackages[name]; ok {
		name = harness
	}
	for i, a := range args {
		for _, f := range agentBypassFlags[name] {
			if f.value == "" {
				if a.Text == f.flag {
					return f.flag
				}
				continue
			}
			if v, ok := strings.CutPrefix(a.Text, f.flag+"="); ok && (v == f.value || !a.Static) {
				return a.Text
			}
			if a.Text == f.flag && i+1 < len(args) && (args[i+1].Text == f.value || !args[i+1].Static) {
				return f.flag + " " + args[i+1].Text
			}
		}
	}
	return ""
}
