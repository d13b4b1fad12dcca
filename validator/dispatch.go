package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// program dispatches on the command's name. Danger is judged by the
// basename wherever the program lives (/opt/homebrew/bin/git push -f is a
// force push); read-only is not (./sed is an unknown program).
func (ck *checker) program(c shellparse.SimpleCommand) {
	name := c.Name
	base := path.Base(name)
	if shellparse.IsPermgate(name) {
		ck.permgate(c) // permgate by any path is still permgate
	}
	if sub, ok := strings.CutPrefix(base, "git-"); ok && sub != "" {
		// git-reset --hard is git reset --hard: git's libexec programs.
		c = gitDashed(c, sub)
		base = "git"
	}
	args := c.Argv[1:]
	if check, ok := programChecks[base]; ok {
		check(ck, c, args)
	}
	ck.declared(c, base, args)
	switch {
	case isMkfs(base):
		ck.mkfs(c, base, args) // a device or an image file: see disks.go
	case shellparse.IsShell(name) || isInterpreter(base):
		ck.interpreter(c, base, args)
	default:
		ck.replClient(c)
	}
	if name == base || shellparse.IsShell(name) || isInterpreter(base) {
		ck.writes(c)
		ck.selfTrees(c, args)
	}
	ck.selfArgs(c)
	ck.secretArgs(c)
}

// gitDashed reads git-SUB ARGS as git SUB ARGS.
func gitDashed(c shellparse.SimpleCommand, sub string) shellparse.SimpleCommand {
	argv := make([]shellparse.Word, 0, len(c.Argv)+1)
	argv = append(argv, shellparse.Word{Text: "git", Static: true}, shellparse.Word{Text: sub, Static: true})
	c.Argv = append(argv, c.Argv[1:]...)
	c.Name = "git"
	return c
}

// moreKnown are programs the analysis judges without a declaration of their
// own: shell keywords and builtins the parser reads.
var moreKnown = map[string]bool{"exec": true, "eval": true, "source": true, "builtin": true, "command": true, "time": true}

// knownProgram reports a program the analysis knows something about; for any
// other, shellparse also analyses the argv suffix after -- or from a known
// program on (SPEC §2: the principle for what no list names).
func knownProgram(name string) bool {
	base := path.Base(name)
	if _, ok := programChecks[base]; ok {
		return true
	}
	return programs.Known(base) || privilegeWrappers[base] || moreKnown[base] || isInterpreter(base) || strings.HasPrefix(base, "mkfs.")
}

// programChecks are the per-program checks, by command name.
var programChecks map[string]func(*checker, shellparse.SimpleCommand, []shellparse.Word)

func init() {
	programChecks = map[string]func(*checker, shellparse.SimpleCommand, []shellparse.Word){
		"rm":          (*checker).rm,
		"rimraf":      (*checker).rimraf,
		"find":        (*checker).find,
		"git":         (*checker).git,
		"hub":         (*checker).git, // hub wraps git: its git verbs are git's
		"dd":          (*checker).dd,
		"wipefs":      diskTool("wipefs erases file system signatures"),
		"fdisk":       partitionTool,
		"sfdisk":      partitionTool,
		"gdisk":       partitionTool,
		"sgdisk":      partitionTool,
		"cfdisk":      partitionTool,
		"parted":      partitionTool,
		"shred":       (*checker).shred,
		"shutdown":    powerTool,
		"reboot":      powerTool,
		"halt":        powerTool,
		"poweroff":    powerTool,
		"init":        (*checker).initCmd,
		"telinit":     (*checker).initCmd,
		"systemctl":   (*checker).systemctl,
		"chmod":       (*checker).chmod,
		"chown":       (*checker).chown,
		"chgrp":       (*checker).chown,
		"setfacl":     (*checker).setfacl,
		"kill":        (*checker).kill,
		"crontab":     (*checker).crontab,
		"source":      (*checker).source,
		".":           (*checker).source,
		"ssh":         (*checker).ssh,
		"awk":         (*checker).awk,
		"gawk":        (*checker).awk,
		"mawk":        (*checker).awk,
		"nawk":        (*checker).awk,
		"sed":         (*checker).sedCode,
		"vim":         (*checker).vim,
		"vi":          (*checker).vim,
		"nvim":        (*checker).vim,
		"view":        (*checker).vim,
		"less":        (*checker).less,
		"tar":         (*checker).tar,
		"rsync":       (*checker).rsync,
		"printenv":    (*checker).printenv,
		"env":         (*checker).printenv,
		"declare":     (*checker).printenv,
		"docker":      (*checker).container,
		"podman":      (*checker).container,
		"nerdctl":     (*checker).container,
		"kubectl":     (*checker).container,
		"parallel":    (*checker).parallelStdin,
		"make":        (*checker).makeStdin,
		"gmake":       (*checker).makeStdin,
		"enable":      (*checker).enableBuiltin,
		"scp":         (*checker).sshOptions,
		"sftp":        (*checker).sshOptions,
		"typeset":     (*checker).printenv,
		"dropdb":      sqlDrop,
		"redis-cli":   (*checker).redis,
		"mongo":       (*checker).mongo,
		"mongosh":     (*checker).mongo,
		"blkdiscard":  diskTool("blkdiscard discards every block of the device"),
		"killall5":    killAll5,
		"hash":        (*checker).hash,
		"install":     (*checker).install,
		"mysqladmin":  (*checker).mysqladmin,
		"npm":         (*checker).npm,
		"cargo":       (*checker).cargo,
		"go":          (*checker).goTool,
		"pytest":      (*checker).pytest,
		"py.test":     (*checker).pytest,
		"ex":          (*checker).vim,
		"claude":      (*checker).nestedAgent,
		"apply_patch": (*checker).applyPatch,
		"applypatch":  (*checker).applyPatch,
		"brew":        (*checker).packageInstall,
		"pip":         (*checker).packageInstall,
		"pip3":        (*checker).packageInstall,
		"pipx":        (*checker).packageInstall,
		"apt":         (*checker).packageInstall,
		"apt-get":     (*checker).packageInstall,
		"dnf":         (*checker).packageInstall,
		"yum":         (*checker).packageInstall,
		"pacman":      (*checker).packageInstall,
		"pnpm":        (*checker).jsPackages,
		"yarn":        (*checker).jsPackages,
		"gem":         (*checker).packageInstall,
		"gh":          (*checker).execConfig,
		"glab":        (*checker).execConfig,
		"python":      (*checker).pythonPip,
		"python3":     (*checker).pythonPip,
		"uv":          (*checker).packageInstall,
		"composer":    (*checker).packageInstall,
		"bun":         (*checker).packageInstall,
		"conda":       (*checker).packageInstall,
		"mamba":       (*checker).packageInstall,
		"micromamba":  (*checker).packageInstall,
		"snap":        (*checker).packageInstall,
		"flatpak":     (*checker).packageInstall,
		"zypper":      (*checker).packageInstall,
		"apk":         (*checker).packageInstall,
		"yay":         (*checker).packageInstall,
		"paru":        (*checker).packageInstall,
		"codex":       (*checker).nestedAgent,
		"gemini":      (*checker).nestedAgent,
		"copilot":     (*checker).nestedAgent,
		"opencode":    (*checker).nestedAgent,
		"tmux":        (*checker).typesIntoTerminal,
		"compgen":     (*checker).compgen,
		"complete":    (*checker).compgen,
		"screen":      (*checker).typesIntoTerminal,
		"xdotool":     (*checker).typesIntoTerminal,
		"ydotool":     (*checker).typesIntoTerminal,
		"wtype":       (*checker).typesIntoTerminal,
	}
	for _, client := range sqlClients {
		programChecks[client] = (*checker).sql
	}
	for _, name := range containerPrograms {
		programChecks[name] = (*checker).container
	}
	for _, name := range cloudChecked {
		programChecks[name] = (*checker).cloud
	}
	systemChecks()
	for _, name := range []string{"npm", "cargo"} {
		own := programChecks[name]
		programChecks[name] = func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
			own(ck, c, args)
			ck.packageInstall(c, args)
			ck.execConfig(c, args)
		}
	}
}
