package self

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// This file judges the variables that move or loosen the gate: HOME, the XDG
// homes, PERMGATE_* and the harnesses' own, by every route that sets them.

// selfEnvVars move where permgate looks for its config and state.
var selfEnvVars = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"HOME": true, "XDG_CONFIG_HOME": true, "XDG_STATE_HOME": true}
}}

// harnessEnvVars move where an agent harness reads the settings that register
// permgate's hook, or turn its hooks off (Claude Code's CLAUDE_CODE_SIMPLE and
// CLAUDE_CODE_SAFE_MODE): an agent started with one runs ungated.
var harnessEnvVars = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"CLAUDE_CONFIG_DIR": true, "CODEX_HOME": true, "GEMINI_CLI_HOME": true, "GEMINI_CLI_SYSTEM_SETTINGS_PATH": true,
		"COPILOT_HOME": true, "CLAUDE_CODE_SIMPLE": true, "CLAUDE_CODE_SAFE_MODE": true,
		// OpenCode reads its permissions, and a whole config, from these.
		"OPENCODE_PERMISSION": true, "OPENCODE_CONFIG": true, "OPENCODE_CONFIG_CONTENT": true, "OPENCODE_CONFIG_DIR": true}
}}

// HomeVar reports a variable that moves where permgate looks for its config
// and state (HOME, XDG_CONFIG_HOME, XDG_STATE_HOME).
func HomeVar(name string) bool { return selfEnvVars.Get()[name] }

// HarnessVar reports a variable that moves where an agent harness reads the
// settings that register permgate's hook, or turns its hooks off.
func HarnessVar(name string) bool { return harnessEnvVars.Get()[name] }

// gateVar reports a variable whose value moves or loosens the gate.
func gateVar(name string) bool {
	return selfEnvVars.Get()[name] || harnessEnvVars.Get()[name] || strings.HasPrefix(name, "PERMGATE_")
}

// otherSetters finds variables set by routes that are not assignments: let and
// getopts, and the declared setters (registry.SetsEnv): fish's set with its
// scope flags, and the environments of tmux, systemd, launchd and the
// session bus that later processes inherit.
func otherSetters(c shellparse.SimpleCommand) []string {
	if len(c.Argv) < 2 {
		return nil
	}
	switch c.Name {
	case "let":
		return letNames(c.Argv[1:])
	case "getopts":
		if ops := operandsOf(c); len(ops) >= 2 {
			return []string{ops[1].Text} // getopts OPTSTRING NAME
		}
		return nil
	case "export", "declare", "typeset", "local", "readonly":
		return nil // assignments, judged as such (assigns)
	case "tmux":
		var names []string
		for _, cmd := range TmuxCommands(c.Argv[1:]) {
			if r, ok := readArgs("tmux", cmd); ok {
				names = append(names, setNames(r)...)
			}
		}
		return names
	}
	prog, inv, ok := c.Declared()
	if !ok || !prog.HasEffects() {
		return nil
	}
	return setNames(reading{Inv: inv, Args: c.Argv[1:]})
}

// letNames returns the variables let's arithmetic assigns (let a=1 b+=2).
func letNames(args []shellparse.Word) []string {
	var names []string
	for _, a := range args {
		t := strings.TrimSpace(a.Text)
		end := 0
		for end < len(t) && isNameByte(t[end], end) {
			end++
		}
		names = append(names, t[:end])
	}
	return names
}

// TmuxCommands splits tmux's words into its commands: a ";" word separates
// them (tmux new -d \; setenv NAME VALUE).
func TmuxCommands(args []shellparse.Word) [][]shellparse.Word {
	var out [][]shellparse.Word
	start := 0
	for i, a := range args {
		if a.Static && a.Text == ";" {
			out = append(out, args[start:i])
			start = i + 1
		}
	}
	return append(out, args[start:])
}

// Vars judges setting or unsetting HOME, XDG_CONFIG_HOME, XDG_STATE_HOME and
// PERMGATE_* by routes assigns does not see: env -u, a variable name known only
// at run time (export $v=…, unset "$v").
func Vars(h Host, c shellparse.SimpleCommand) {
	rememberVars(h, c)
	envUnsets(h, c)
	for _, a := range c.Assigns {
		if ref, ok := strings.CutPrefix(a.Name, "$"); ok && a.Via == "reference" {
			// A write through a nameref whose target the analysis does not know.
			report(h, "self_modify", "set_dynamic_name", finding.Severe, "assigns through the nameref "+ref+", whose target is known only at run time and could be HOME or PERMGATE_*")
		}
	}
	if len(c.Argv) == 0 {
		return
	}
	for _, name := range otherSetters(c) {
		if gateVar(name) {
			report(h, "self_modify", "env_set", finding.Severe, c.Name+" sets or clears "+name+", which moves or loosens permgate or the hook that runs it")
			return
		}
	}
	switch c.Name {
	case "export", "declare", "typeset", "local", "readonly", "unset":
		declaredNames(h, c)
	}
}

// rememberVars keeps the values a command gives the variables that tell an
// installer or a build where to write (installVars), for the commands after
// it, which inherit the exported ones: export GOBIN=/opt/tools; go install …
// writes where GOBIN=/opt/tools go install … does. A bare assignment counts
// too, since the variable may be exported already in the environment the
// script starts in. Every value a variable is given is kept, and none is
// forgotten: an unset or a new value may not run in this shell (a subshell,
// a branch, a function), so what a later command inherits is any of them.
// Only values that name a path are kept (handedThroughVar reads no other).
func rememberVars(h Host, c shellparse.SimpleCommand) {
	st := h.SelfState()
	assigns := c.Assigns
	if len(assigns) == 0 {
		assigns = wrappedDeclarations(c)
	}
	for _, a := range assigns {
		switch a.Via {
		case "prefix", "env", "nameref", "reference":
			continue // the command's own, or not a value of its name
		}
		if _, ok := installVars.Get()[a.Name]; !ok {
			continue
		}
		value := a.Value
		if !value.Static {
			// $HOME/.local/bin: a value permgate can still name.
			texts, unknown := h.ExpandPath(value)
			if unknown || len(texts) != 1 {
				continue
			}
			value = shellparse.Word{Text: texts[0], Static: true}
		}
		if !strings.Contains(value.Text, "/") {
			continue
		}
		if st.vars == nil {
			st.vars = map[string][]shellparse.Word{}
		}
		st.vars[a.Name] = append(st.vars[a.Name], value)
	}
}

// wrappedDeclarations returns the NAME=VALUE words of export, declare and
// their kin run through a wrapper (command export X=1, builtin declare -x
// X=1), which bash reads as it reads them bare but the parser sees as a
// plain command's arguments.
func wrappedDeclarations(c shellparse.SimpleCommand) []shellparse.Assign {
	switch c.Name {
	case "export", "declare", "typeset", "readonly", "local":
	default:
		return nil
	}
	if len(c.Wrappers) == 0 {
		return nil
	}
	var out []shellparse.Assign
	for _, w := range c.Argv[1:] {
		name, value, ok := strings.Cut(w.Text, "=")
		if ok && w.Static && name != "" && !strings.HasPrefix(name, "-") {
			out = append(out, shellparse.Assign{Name: name, Value: shellparse.Word{Text: value, Static: true}, Via: c.Name})
		}
	}
	return out
}

// installVars are the variables that tell a program where it installs or
// writes, each with the commands that read it ("go install"; "git" for any
// of its verbs) and whether it names a root the program installs into bin/
// of (GOPATH: GOPATH/bin).
var installVars = lazy.Value[map[string]installVar]{Make: func() map[string]installVar {
	npm := []string{"npm install", "npm i", "npm link", "npm update", "pnpm add", "pnpm install", "pnpm link", "yarn global"}
	pip := []string{"pip install", "pip3 install"}
	return map[string]installVar{
		"GOBIN": {uses: []string{"go install", "go get"}}, "GOPATH": {uses: []string{"go install", "go get"}, root: true},
		"GOFLAGS": {uses: []string{"go build", "go install", "go test", "go get"}}, "GIT_WORK_TREE": {uses: []string{"git"}},
		"PIPX_BIN_DIR":       {uses: []string{"pipx install", "pipx upgrade", "pipx reinstall", "pipx upgrade-all", "pipx reinstall-all"}},
		"CARGO_INSTALL_ROOT": {uses: []string{"cargo install"}, root: true}, "CARGO_HOME": {uses: []string{"cargo install"}, root: true},
		"NPM_CONFIG_PREFIX": {uses: npm, root: true}, "npm_config_prefix": {uses: npm, root: true},
		"PYTHONUSERBASE": {uses: pip, root: true}, "PIP_TARGET": {uses: pip}, "PIP_PREFIX": {uses: pip, root: true},
		"GEM_HOME":          {uses: []string{"gem install", "bundle install"}, root: true},
		"BUN_INSTALL":       {uses: []string{"bun install", "bun add", "bun link"}, root: true},
		"DENO_INSTALL_ROOT": {uses: []string{"deno install"}, root: true}, "PREFIX": {uses: []string{"make install"}, root: true},
	}
}}

// installVar is what installVars says of one variable.
type installVar struct {
	uses []string
	root bool
}

// readBy reports whether the command is one that reads the variable.
func (iv installVar) readBy(c shellparse.SimpleCommand) bool {
	base, verb := path.Base(c.Name), ""
	for _, w := range c.Argv[min(1, len(c.Argv)):] {
		if !strings.HasPrefix(w.Text, "-") {
			verb = w.Text
			break
		}
	}
	for _, u := range iv.uses {
		prog, v, ok := strings.Cut(u, " ")
		if prog == base && (!ok || v == verb) {
			return true
		}
	}
	return false
}

// envUnsets judges env -u NAME in the wrappers a command came through.
func envUnsets(h Host, c shellparse.SimpleCommand) {
	for _, r := range envReadings(c) {
		for _, u := range r.Values("-u", "--unset") {
			if !u.Static || gateVar(u.Text) {
				report(h, "self_modify", "env_unset", finding.Severe, "env -u "+u.Text+" changes where or how permgate decides")
			}
		}
	}
}

// envReadings are the readings of the env wrappers a command came through.
func envReadings(c shellparse.SimpleCommand) []reading {
	var out []reading
	for _, w := range c.Wrappers {
		if w.Name != "env" {
			continue
		}
		if r, ok := readWrapper(w); ok {
			out = append(out, r)
		}
	}
	return out
}

// declaredNames judges the names export, declare, local, readonly and unset
// are given: unset HOME, and a name known only at run time.
func declaredNames(h Host, c shellparse.SimpleCommand) {
	for _, w := range operandsOf(c) {
		if w.Static {
			if c.Name == "unset" && (selfEnvVars.Get()[w.Text] || harnessEnvVars.Get()[w.Text]) {
				report(h, "self_modify", "unset_home", finding.Severe, "unsets "+w.Text+", which moves where permgate looks for its config and state")
			}
			continue
		}
		name, _, _ := strings.Cut(w.Text, "=")
		if strings.ContainsAny(name, "$`") {
			report(h, "self_modify", "set_dynamic_name", finding.Severe, c.Name+" "+clip(w.Text)+" sets or unsets a variable whose name is known only at run time, which could be HOME or PERMGATE_*")
		}
	}
}
