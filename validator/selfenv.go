package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// This file judges the variables that move or loosen the gate: HOME, the XDG
// homes, PERMGATE_* and the harnesses' own, by every route that sets them.

// selfEnvVars move where permgate looks for its config and state.
var selfEnvVars = map[string]bool{"HOME": true, "XDG_CONFIG_HOME": true, "XDG_STATE_HOME": true}

// harnessEnvVars move where an agent harness reads the settings that register
// permgate's hook, or turn its hooks off (Claude Code's CLAUDE_CODE_SIMPLE and
// CLAUDE_CODE_SAFE_MODE): an agent started with one runs ungated.
var harnessEnvVars = map[string]bool{"CLAUDE_CONFIG_DIR": true, "CODEX_HOME": true, "GEMINI_CLI_HOME": true, "GEMINI_CLI_SYSTEM_SETTINGS_PATH": true,
	"COPILOT_HOME": true, "CLAUDE_CODE_SIMPLE": true, "CLAUDE_CODE_SAFE_MODE": true}

// gateVar reports a variable whose value moves or loosens the gate.
func gateVar(name string) bool {
	return selfEnvVars[name] || harnessEnvVars[name] || strings.HasPrefix(name, "PERMGATE_")
}

// otherSetters finds variables set by routes that are not assignments: let and
// getopts, fish's set with its scope flags, and the environments of tmux,
// systemd and launchd that later processes inherit.
func otherSetters(c shellparse.SimpleCommand) []string {
	if len(c.Argv) < 2 {
		return nil
	}
	args := c.Argv[1:]
	var names []string
	switch c.Name {
	case "let":
		for _, a := range args {
			t := strings.TrimSpace(a.Text)
			end := 0
			for end < len(t) && isNameByte(t[end], end) {
				end++
			}
			names = append(names, t[:end])
		}
	case "getopts":
		if len(args) >= 2 {
			names = append(names, args[1].Text)
		}
	case "set":
		fish := false
		for _, a := range args {
			t := a.Text
			if strings.HasPrefix(t, "--") {
				fish = fish || t == "--global" || t == "--export" || t == "--universal" || t == "--erase" || t == "--local" || t == "--function"
				continue
			}
			if strings.HasPrefix(t, "-") && len(t) > 1 && strings.Trim(t[1:], "gxUelfuSLn") == "" && strings.ContainsAny(t[1:], "gxUelf") {
				fish = true
				continue
			}
			if fish {
				names = append(names, t)
			}
			break
		}
	case "tmux":
		for i, a := range args {
			if (a.Text == "set-environment" || a.Text == "setenv") && i+1 < len(args) {
				for _, b := range args[i+1:] {
					if !strings.HasPrefix(b.Text, "-") {
						names = append(names, b.Text)
						break
					}
				}
			}
		}
	case "systemctl", "launchctl", "dbus-update-activation-environment":
		setting := c.Name == "dbus-update-activation-environment"
		for _, a := range args {
			switch a.Text {
			case "set-environment", "unset-environment", "import-environment", "setenv", "unsetenv":
				setting = true
				continue
			}
			if setting && !strings.HasPrefix(a.Text, "-") {
				name, _, _ := strings.Cut(a.Text, "=")
				names = append(names, name)
			}
		}
	}
	return names
}

// selfEnv judges setting or unsetting HOME, XDG_CONFIG_HOME, XDG_STATE_HOME and
// PERMGATE_* by routes assigns does not see: env -u, a variable name known only
// at run time (export $v=…, unset "$v").
func (ck *checker) selfEnv(c shellparse.SimpleCommand) {
	for _, w := range c.Wrappers {
		if w.Name != "env" {
			continue
		}
		for _, u := range append(shortValues(w.Argv[1:], 'u', "CSP"), longValues(w.Argv[1:], "--unset")...) {
			if !u.Static || selfEnvVars[u.Text] || harnessEnvVars[u.Text] || strings.HasPrefix(u.Text, "PERMGATE_") {
				ck.add("self_modify", "env_unset", Severe, "env -u "+u.Text+" changes where or how permgate decides")
			}
		}
	}
	for _, a := range c.Assigns {
		if ref, ok := strings.CutPrefix(a.Name, "$"); ok && a.Via == "reference" {
			// A write through a nameref whose target the analysis does not know.
			ck.add("self_modify", "set_dynamic_name", Severe, "assigns through the nameref "+ref+", whose target is known only at run time and could be HOME or PERMGATE_*")
		}
	}
	if len(c.Argv) == 0 {
		return
	}
	for _, name := range otherSetters(c) {
		if gateVar(name) {
			ck.add("self_modify", "env_set", Severe, c.Name+" sets or clears "+name+", which moves or loosens permgate or the hook that runs it")
			return
		}
	}
	switch c.Name {
	case "export", "declare", "typeset", "local", "readonly", "unset":
	default:
		return
	}
	for _, w := range c.Argv[1:] {
		if w.Static {
			if c.Name == "unset" && (selfEnvVars[w.Text] || harnessEnvVars[w.Text]) {
				ck.add("self_modify", "unset_home", Severe, "unsets "+w.Text+", which moves where permgate looks for its config and state")
			}
			continue
		}
		name, _, _ := strings.Cut(w.Text, "=")
		if strings.ContainsAny(name, "$`") {
			ck.add("self_modify", "set_dynamic_name", Severe, c.Name+" "+clip(w.Text)+" sets or unsets a variable whose name is known only at run time, which could be HOME or PERMGATE_*")
		}
	}
}

// trackVars remembers the static values the script assigns to shell variables,
// so a later $d/config.toml is judged by what d holds.
func (ck *checker) trackVars(c shellparse.SimpleCommand) {
	if c.Name == "unset" && len(c.Argv) > 0 {
		for _, w := range c.Argv[1:] {
			delete(ck.vars, w.Text)
		}
		return
	}
	names := assignedNames(c)
	if len(names) == 0 {
		return
	}
	for _, n := range names {
		delete(ck.vars, n)
	}
	if ck.assigned == nil {
		ck.assigned = map[string]bool{}
	}
	if len(c.Argv) > 0 {
		switch c.Name {
		case "export", "declare", "typeset", "local", "readonly":
		case "read", "mapfile", "readarray", "printf", "wait", "getopts":
			// What they read in is the value: known no more.
			for _, n := range names {
				ck.assigned[n] = true
			}
			return
		default:
			return // NAME=v cmd sets NAME for cmd only
		}
	}
	defer func() {
		for _, n := range names {
			ck.assigned[n] = true
		}
	}()
	for _, a := range c.Assigns {
		switch a.Via {
		case "bare", "export", "declare", "local", "readonly", "typeset":
		default:
			continue // for loops, prefixes and env set nothing a later word sees
		}
		if ck.assigned[a.Name] {
			// Set before: which value holds depends on the path taken (&&, ||,
			// if, a subshell), which the simple commands do not show.
			continue
		}
		if t := a.Value.Text; t == "$(mktemp)" || t == "$(mktemp -d)" {
			// a fresh name in the temporary directory
			tmp := ck.v.env.TmpDir
			if tmp == "" {
				tmp = "/tmp"
			}
			if ck.vars == nil {
				ck.vars = map[string]string{}
			}
			ck.vars[a.Name] = tmp + "/tmp.mktemp"
			continue
		}
		texts, unknown := ck.expandPath(a.Value)
		if len(texts) != 1 || unknown {
			continue
		}
		if ck.vars == nil {
			ck.vars = map[string]string{}
		}
		ck.vars[a.Name] = texts[0]
	}
}
