package self

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// Permgate judges permgate run through the gate, which must not loosen its
// own policy: change the mode, the rules or what it trusts, install or remove
// itself, or run with an option that picks another config, profile or mode.
func Permgate(h Host, c shellparse.SimpleCommand) {
	permgateCall(h, shellparse.ParsePermgate(c.Argv), false)
	emptyEnvPermgate(h, c)
}

// emptyEnvPermgate: env -i (or env -) before permgate runs it without HOME and
// the XDG variables, so it would look for its config and state nowhere.
func emptyEnvPermgate(h Host, c shellparse.SimpleCommand) {
	for _, r := range envReadings(c) {
		dash := slices.ContainsFunc(r.Operands(), func(a shellparse.Word) bool { return a.Text == "-" })
		if dash || r.Has("-i", "--ignore-environment") {
			report(h, "self_modify", "env_empty", finding.Severe, "env -i runs permgate with an empty environment, without the HOME it finds its config and state by")
			return
		}
	}
}

// PermgateWrappers judges permgate's own words when it ran the command as a
// wrapper (permgate exec --mode bypass -- 'git push -f'), and a command that
// runs a copy or link of permgate this script made under another name.
func PermgateWrappers(h Host, c shellparse.SimpleCommand) {
	for _, w := range c.Wrappers {
		if shellparse.IsPermgate(w.Name) || isPermgateCopy(h, w.Name) {
			permgateCall(h, shellparse.ParsePermgate(w.Argv), false)
			emptyEnvPermgate(h, c)
		}
	}
	if len(c.Argv) > 0 && c.Name != "" && !shellparse.IsPermgate(c.Name) && isPermgateCopy(h, c.Name) {
		permgateCall(h, shellparse.ParsePermgate(c.Argv), false)
	} else if _, _, declared := c.Declared(); !declared && runsProgram(h, c.Name) {
		// The program running now, by its path (/opt/tools/pg mode bypass)
		// or by the name $PATH finds it under; asked only of a program the
		// registry does not declare, which is never read-only.
		permgateCall(h, shellparse.ParsePermgate(c.Argv), false)
	}
	notePermgateCopies(h, c)
}

// notePermgateCopies remembers the names under which cp, ln, install, mv or
// rsync put permgate (cp "$(command -v permgate)" /tmp/pg): running one of them
// later in the script is running permgate.
func notePermgateCopies(h Host, c shellparse.SimpleCommand) {
	switch c.Name {
	case "cp", "ln", "install", "mv", "rsync":
	default:
		return
	}
	files := operandsOf(c)
	targets := h.SelfCopyTargets(c)
	if len(files) == 0 || len(targets) == 0 {
		return
	}
	from := false
	for _, f := range files {
		if mentionsPermgate(f) {
			from = true
		}
	}
	if !from {
		return
	}
	st := h.SelfState()
	if st.copies == nil {
		st.copies = map[string]bool{}
	}
	for _, t := range targets {
		if text, ok := h.SelfKnownPath(t); ok {
			st.copies[h.Resolve(text)] = true
			st.copies[path.Base(text)] = true
		}
	}
}

// mentionsPermgate reports a source word that is, or is looked up as, the
// permgate program: permgate, ~/go/bin/permgate, "$(which permgate)".
func mentionsPermgate(w shellparse.Word) bool {
	if w.Static || w.Glob {
		return shellparse.IsPermgate(w.Text)
	}
	return strings.Contains(strings.ToLower(w.Text), "permgate") && !strings.Contains(w.Text, ".permgate.toml")
}

// runsProgram reports a command name that runs the permgate program
// running now: its path, or its name on $PATH.
func runsProgram(h Host, name string) bool {
	if strings.Contains(name, "/") {
		return h.SelfPaths().RunningProgram(h.Resolve(name))
	}
	return h.SelfPaths().RunsAsPATH(name)
}

// isPermgateCopy reports a command name that runs a copy or link of permgate
// made earlier in the script.
func isPermgateCopy(h Host, name string) bool {
	copies := h.SelfState().copies
	if len(copies) == 0 || name == "" {
		return false
	}
	if strings.Contains(name, "/") {
		return copies[h.Resolve(name)]
	}
	return copies[name]
}

// MayBePermgate judges a command whose name is known only at run time ($p mode
// bypass, "$(which permgate)" rules add …): when its static arguments read as a
// permgate policy edit, it may well be one.
func MayBePermgate(h Host, c shellparse.SimpleCommand) {
	if len(c.Argv) < 2 {
		return
	}
	permgateCall(h, shellparse.ParsePermgate(c.Argv), true)
}

// permgateEdits are the subcommands that change permgate's policy, what it
// trusts, or whether it is installed.
var permgateEdits = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"mode":      "changes permgate's mode",
		"rules":     "changes permgate's rules",
		"trust":     "trusts a project config, whose rules then apply",
		"untrust":   "changes which project configs permgate trusts",
		"install":   "changes how permgate is hooked into the tools it gates",
		"uninstall": "removes permgate from the tools it gates",
	}
}}

// permgateCall adds self_modify for a permgate command line that can loosen the
// gate. For a command that only may be permgate (maybe), the subcommand and
// fully written options count, not abbreviations or dynamic words.
func permgateCall(h Host, call shellparse.PermgateCall, maybe bool) {
	permgateOptions(h, call, maybe)
	if maybe {
		if why, ok := permgateEdits.Get()[call.Sub]; ok && len(call.Dynamic) == 0 && maybePermgateEdit(call) {
			report(h, "self_modify", call.Sub, finding.Severe, "a command known only at run time, which may be permgate, "+call.Sub+" "+why)
		}
		return
	}
	for _, d := range call.Dynamic {
		report(h, "self_modify", "permgate_dynamic", finding.Severe, "permgate with a word known only at run time ("+d.Text+"), which may change its mode, rules or trust")
	}
	if permgateHas(call, "h", "help") {
		return // --help prints the subcommand's usage and changes nothing
	}
	if why := permgateEdit(call); why != "" {
		report(h, "self_modify", call.Sub, finding.Severe, "permgate "+call.Sub+" "+why)
	}
}

// permgateOptions judges permgate's options that can loosen it; for a
// command that only may be permgate, only those written out in full.
func permgateOptions(h Host, call shellparse.PermgateCall, maybe bool) {
	who := "permgate"
	if maybe {
		who = "a command known only at run time, which may be permgate,"
	}
	for _, opt := range call.Options {
		if maybe && opt.Abbreviated {
			continue
		}
		if why := permgateLoosens(opt); why != "" {
			report(h, "self_modify", "permgate_option", finding.Severe, who+" "+opt.Written+" "+why)
		}
	}
}

// permgateTargets are what permgate install and uninstall take: `$pm install
// x` is a package manager, `$p uninstall claude` may be permgate.
var permgateTargets = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"claude": true, "codex": true, "gemini": true, "cursor": true, "copilot": true, "bash": true, "zsh": true, "fish": true, "git": true}
}}

// maybePermgateEdit reports whether a command known only at run time edits
// permgate's policy if it is permgate. install and uninstall are common verbs of
// other tools, so they count only when they name what permgate hooks into.
func maybePermgateEdit(call shellparse.PermgateCall) bool {
	if call.Sub != "install" && call.Sub != "uninstall" {
		return true
	}
	return len(call.Operands) > 0 && call.Operands[0].Static && permgateTargets.Get()[call.Operands[0].Text]
}

// permgateEdit says why a permgate subcommand changes its own policy, or "".
func permgateEdit(call shellparse.PermgateCall) string {
	ops := call.Operands
	switch call.Sub {
	case "mode":
		if len(ops) > 0 || permgateHas(call, "cycle", "reset") {
			return permgateEdits.Get()["mode"]
		}
	case "rules":
		if len(ops) > 0 && (!ops[0].Static || ops[0].Text == "add" || ops[0].Text == "remove") {
			return ops[0].Text + " " + permgateEdits.Get()["rules"]
		}
	case "trust", "untrust", "install", "uninstall":
		return permgateEdits.Get()[call.Sub]
	}
	return ""
}

// permgateHas reports one of the named options among the call's options.
func permgateHas(call shellparse.PermgateCall, names ...string) bool {
	for _, opt := range call.Options {
		for _, n := range names {
			if opt.Name == n {
				return true
			}
		}
	}
	return false
}

// permgateNeutral are permgate's value options whose value cannot loosen it.
var permgateNeutral = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"prompt-timeout": true, "lines": true, "decision": true, "n": true}
}}

// permgateLoosens says why an option can loosen permgate, or "".
func permgateLoosens(opt shellparse.PermgateOption) string {
	v := opt.Value
	switch opt.Name {
	case "mode":
		if opt.HasValue && v.Static && strings.TrimSpace(v.Text) == "plan" {
			return "" // the strictest mode loosens nothing
		}
		return "chooses the mode, which can loosen the one in force"
	case "config":
		return "loads another config file over the user's"
	case "profile":
		return "chooses a profile, which can loosen the policy"
	case "fail-closed":
		return failClosedOff(opt)
	}
	if permgateNeutral.Get()[opt.Name] && opt.HasValue && !v.Static && !v.Quoted {
		return "has a value known only at run time, which may split into other options"
	}
	return ""
}

// failClosedOff says why --fail-closed=VALUE turns fail-closed off: a value
// that is not true, or one known only at run time.
func failClosedOff(opt shellparse.PermgateOption) string {
	v := opt.Value
	if !opt.HasValue {
		return ""
	}
	if on, err := strconv.ParseBool(v.Text); v.Static && err == nil && on {
		return ""
	}
	return "turns fail-closed off"
}

// PermgateReadOnly reports a permgate command line that only shows something:
// its log, version, help, rules, config or mode, an explanation, a scan, the
// snippets init, completion and hook --print-config print, or doctor's
// report. exec and check unwrap their command, which is judged itself.
func PermgateReadOnly(args []shellparse.Word) bool {
	call := shellparse.ParsePermgate(append([]shellparse.Word{{Text: "permgate", Static: true}}, args...))
	if len(call.Dynamic) > 0 {
		return false
	}
	for _, opt := range call.Options {
		if opt.Name == "" || permgateLoosens(opt) != "" {
			return false
		}
	}
	if permgateHas(call, "h", "help") {
		return true // prints help and runs nothing
	}
	return permgateSubReads(call)
}

// permgateSubReads reports a permgate subcommand that only shows something.
// man prints the manual page. githook is not read-only: it runs the steps
// the config lists for a git hook (each decided again as it runs), and its
// command line does not say what they do.
func permgateSubReads(call shellparse.PermgateCall) bool {
	ops := call.Operands
	switch call.Sub {
	case "", "log", "explain", "version", "help", "scan", "completion", "init", "check", "man":
		return true
	case "rules", "config":
		return permgateShows(call.Sub, ops)
	case "mode":
		return len(ops) == 0 && !permgateHas(call, "cycle", "reset")
	case "hook":
		return permgateHas(call, "print-config")
	case "doctor":
		// doctor reads settings and sends each registered hook a test call
		// that it must deny; it changes no setting.
		return len(ops) == 0
	}
	return false
}

// permgateShows reports permgate rules and config with a verb that only
// shows: rules, rules list; config, config show|path|check.
func permgateShows(sub string, ops []shellparse.Word) bool {
	if len(ops) == 0 || ops[0].Text == "" {
		return true
	}
	first := ops[0].Text
	if sub == "rules" {
		return first == "list" && len(ops) == 1
	}
	return len(ops) == 1 && (first == "show" || first == "path" || first == "check")
}
