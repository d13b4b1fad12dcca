package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// packageGroups are words that stand before a package manager's install verb:
// yarn global add, uv tool install, uv pip install, composer global require,
// pnpm -g add, bun pm …
var packageGroups = map[string]bool{"global": true, "g": true, "tool": true, "pip": true}

// packageInstall is installsPermgate for every package manager: the install
// verb may stand behind a group word (yarn global add permgate, uv tool
// install permgate), or be an option (pacman -S permgate, pacman -Rns permgate).
func (ck *checker) packageInstall(c shellparse.SimpleCommand, args []shellparse.Word) {
	out := make([]shellparse.Word, 0, len(args)+1)
	first := true
	for _, a := range args {
		if first && a.Static && strings.HasPrefix(a.Text, "+") {
			continue // cargo +nightly install: rustup's toolchain word
		}
		if first && a.Static && !strings.HasPrefix(a.Text, "-") {
			first = false
			if packageGroups[a.Text] {
				continue
			}
		}
		out = append(out, a)
	}
	if pacmanChange(out) {
		out = append([]shellparse.Word{{Text: "install", Static: true}}, out...)
	}
	ck.installsPermgate(c, out)
}

// pacmanChange reports pacman's (yay's, paru's) -S, -R or -U operation that
// installs or removes the packages named, not one that only queries
// (-Ss, -Si, -Sl, -Sg, -Sp).
func pacmanChange(args []shellparse.Word) bool {
	for _, a := range args {
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			continue
		}
		letters := t[1:]
		switch {
		case strings.ContainsAny(letters, "RU"):
			return true
		case strings.Contains(letters, "S") && !strings.ContainsAny(letters, "sigplc"):
			return true
		}
	}
	return false
}

// moduleReadOnly reads a program run as an interpreter's module (python -m
// pip ARGS) by the program's declaration.
func moduleReadOnly(name string, args []shellparse.Word) bool {
	prog, ok := programs.Lookup(name)
	if !ok {
		return false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	return inv.Help(words) || inv.ReadOnly()
}

// pythonPip: python -m pip install permgate is pip install permgate.
func (ck *checker) pythonPip(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(args) >= 2 && args[0].Text == "-m" && (args[1].Text == "pip" || args[1].Text == "pip3") {
		ck.packageInstall(c, args[2:])
	}
}

// execConfigKeys are the settings of package managers and forges that name a
// program they run later: setting one makes a later read-only command (npm
// test, gh pr list) run it, as git's core.pager does for git.
var execConfigKeys = map[string]map[string]bool{
	"npm":  {"script-shell": true, "shell": true, "browser": true, "editor": true, "viewer": true, "node-options": true, "git": true, "onload-script": true},
	"pnpm": {"script-shell": true, "shell-emulator": true, "node-options": true, "git": true, "editor": true},
	"yarn": {"yarnPath": true, "yarn-path": true, "script-shell": true, "shell": true, "editor": true, "injectEnvironmentFiles": true},
	"gh":   {"browser": true, "editor": true, "pager": true},
	"glab": {"browser": true, "editor": true, "pager": true, "glamour_style": false},
}

// execConfig: npm config set script-shell=PROG, gh config set pager PROG …
// name a program the tool runs on every later command.
func (ck *checker) execConfig(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	keys := execConfigKeys[base]
	ops := operands(args)
	i := 0
	if len(ops) > 0 && (ops[0].Text == "config" || ops[0].Text == "c") {
		i = 1
	}
	// npm config set, npm set, gh config set, yarn config set …
	if i >= len(ops) || ops[i].Text != "set" || i == 0 && base != "npm" {
		return
	}
	i++
	for _, kv := range ops[i:] {
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

// jsPackages: pnpm's and yarn's permgate installs and exec-capable settings.
func (ck *checker) jsPackages(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.packageInstall(c, args)
	ck.execConfig(c, args)
}
