package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/shellparse"
)

// packageInstall is installsPermgate for every package manager: the install
// verb may stand behind a group word (yarn global add permgate, uv tool
// install permgate), or be an option (pacman -S permgate, pacman -Rns
// permgate); the declarations name both.
func (ck *checker) packageInstall(c shellparse.SimpleCommand, args []shellparse.Word) {
	if r, ok := readingOf(c); ok {
		self.InstallsPermgate(ck, c, r.Inv, r.Args)
	}
}

// moduleReadOnly reads a program run as an interpreter's module (python -m
// pip ARGS) by the program's declaration.
func moduleReadOnly(name string, args []shellparse.Word) bool {
	prog, ok := programs.Get().Lookup(name)
	if !ok {
		return false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	return inv.Help(words) || inv.ReadOnly()
}

// pythonPip: python -m pip install permgate is pip install permgate. The
// module and its words are what the interpreter's judgement reads as -m's
// (judge/code); here only python -m pip as the whole start counts.
func (ck *checker) pythonPip(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(args) < 2 || args[0].Text != "-m" || args[1].Text != "pip" && args[1].Text != "pip3" {
		return
	}
	if r, ok := readArgs("pip", args[2:]); ok {
		self.InstallsPermgate(ck, c, r.Inv, r.Args)
	}
}

// execConfigKeys are the settings of package managers and forges that name a
// program they run later: setting one makes a later read-only command (npm
// test, gh pr list) run it, as git's core.pager does for git.
var execConfigKeys = lazy.Value[map[string]map[string]bool]{Make: func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"npm":  {"script-shell": true, "shell": true, "browser": true, "editor": true, "viewer": true, "node-options": true, "git": true, "onload-script": true},
		"pnpm": {"script-shell": true, "shell-emulator": true, "node-options": true, "git": true, "editor": true},
		"yarn": {"yarnPath": true, "yarn-path": true, "script-shell": true, "shell": true, "editor": true, "injectEnvironmentFiles": true},
		"gh":   {"browser": true, "editor": true, "pager": true},
		"glab": {"browser": true, "editor": true, "pager": true, "glamour_style": false},
	}
}}

// execConfig: npm config set script-shell=PROG, gh config set pager PROG …
// name a program the tool runs on every later command.
func (ck *checker) execConfig(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	r, ok := readingOf(c)
	if ok && (r.VerbIs("config", "get") || r.VerbIs("c", "get") || base == "npm" && r.VerbIs("get")) {
		ck.configSecret(base, r)
	}
	if !ok || !(r.VerbIs("config", "set") || r.VerbIs("c", "set") || base == "npm" && r.VerbIs("set")) {
		return
	}
	keys := execConfigKeys.Get()[base]
	for _, kv := range r.Operands() {
		key, _, _ := strings.Cut(kv.Text, "=")
		if keys[key] || !kv.Static {
			ck.add("inline_code", "package_config_program", NonSevere, base+" config set "+key+" names a program "+base+" runs on later commands")
			return
		}
		if !strings.Contains(kv.Text, "=") {
			return // KEY VALUE: only the first operand is the key
		}
	}
}

// configSecret: npm config get //registry.npmjs.org/:_authToken (and a key
// known only at run time) may print a registry token (the listings hide
// them).
func (ck *checker) configSecret(base string, r reading) {
	for _, key := range r.Operands() {
		if !key.Static || places.SecretVar(strings.TrimLeft(key.Text[strings.LastIndex(key.Text, ":")+1:], "_")) {
			ck.add(finding.SecretAccess, "package_config_token", NonSevere, base+" config get "+key.Text+" prints a registry token")
			return
		}
	}
}

// jsPackages: pnpm's and yarn's permgate installs and exec-capable settings.
func (ck *checker) jsPackages(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.packageInstall(c, args)
	ck.execConfig(c, args)
}
