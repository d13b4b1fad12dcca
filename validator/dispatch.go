package validator

import (
	"path"
	"strings"
	"sync"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/judge/system"
	"github.com/permgate/permgate/lang/awk"
	"github.com/permgate/permgate/lang/redis"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/shellparse"
)

// program dispatches on the command's name. Danger is judged by the
// basename wherever the program lives (/opt/homebrew/bin/git push -f is a
// force push); read-only is not (./sed is an unknown program).
func (ck *checker) program(c shellparse.SimpleCommand) {
	name := c.Name
	base := path.Base(name)
	if shellparse.IsPermgate(name) {
		self.Permgate(ck, c) // permgate by any path is still permgate
	}
	if sub, ok := strings.CutPrefix(base, "git-"); ok && sub != "" {
		// git-reset --hard is git reset --hard: git's libexec programs.
		c = gitDashed(c, sub)
		base = "git"
	}
	args := c.Argv[1:]
	if prog, _ := programs.Get().Lookup(base); prog != nil && checkTable()[prog.Check] != nil {
		checkTable()[prog.Check](ck, c, args)
	}
	ck.declared(c, base, args)
	ck.handedCommands(c)
	ck.runtimeOrClient(c, base, args)
	if name == base || shellparse.IsShell(name) || isInterpreter(base) {
		ck.writes(c)
		self.Trees(ck, c, args)
	}
	self.Args(ck, c)
	ck.secretArgs(c)
}

// runtimeOrClient judges what a command runs by the kind of program it is:
// mkfs on a device or an image file (judge/system), a shell's or a runtime's
// program, or a client's interactive session.
func (ck *checker) runtimeOrClient(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	switch {
	case system.IsMkfs(base):
		system.Mkfs(ck, base, args)
	case shellparse.IsShell(c.Name) || isInterpreter(base):
		code.Interpreter(ck, c, base, args)
	default:
		code.ReplClient(ck, c)
	}
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
var moreKnown = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"exec": true, "eval": true, "source": true, "builtin": true, "command": true, "time": true}
}}

// knownProgram reports a program the analysis knows something about; for any
// other, shellparse also analyses the argv suffix after -- or from a known
// program on (docs/analysis.md: the principle for what no list names).
func knownProgram(name string) bool {
	base := path.Base(name)
	return programs.Get().Known(base) || isPrivilegeWrapper(base) || moreKnown.Get()[base] || isInterpreter(base) || strings.HasPrefix(base, "mkfs.")
}

// check is a Go judgement of one program's argv (the words after its name).
type check func(*checker, shellparse.SimpleCommand, []shellparse.Word)

// checks are the Go judgements dispatch calls, by the label a program's
// declaration names in Check (registry.Program.Check): the registry says
// which programs each judges. The few labels not here name judgements that
// another stage makes by the program's name on every command (the files it
// writes, what only reads, permgate itself); dispatch calls nothing for them.
var checks map[string]check

// checksBuilt guards checks, which is built on first use (buildChecks): a
// var initializer would be a cycle, as the checks reach program() again
// through the commands they find nested (ssh HOST CMD, psql's \!).
var checksBuilt sync.Once

// checkTable returns checks, built on the first call.
func checkTable() map[string]check {
	checksBuilt.Do(buildChecks)
	return checks
}

func buildChecks() {
	checks = map[string]check{
		"agent":        selfCheck(self.NestedAgent),
		"apply-patch":  selfCheck(self.ApplyPatch),
		"at":           langRoom(system.At),
		"awk":          langRoom(awk.Check),
		"blkdiscard":   langRoom(system.DiskTool("blkdiscard discards every block of the device")),
		"cargo":        packageManager(codeRoom(code.Cargo)),
		"chmod":        (*checker).chmod,
		"chown":        (*checker).chown,
		"cloud":        judgeCloud,
		"compgen":      codeRoom(code.Compgen),
		"container":    judgeContainer,
		"crontab":      langRoom(system.Crontab),
		"dd":           langRoom(system.DD),
		"dropdb":       langRoom(sql.DropDB),
		"dynamic-verb": langRoom(system.SevereDynamicVerb),
		"ed":           (*checker).ed,
		"emacs":        codeRoom(code.Emacs),
		"enable":       codeRoom(code.EnableBuiltin),
		"exec-config":  (*checker).execConfig,
		"find":         (*checker).find,
		"git":          func(ck *checker, _ shellparse.SimpleCommand, args []shellparse.Word) { ck.gitState.Judge(ck, args) },
		"gdb":          codeRoom(code.Gdb),
		"go":           codeRoom(code.GoTool),
		"hash":         langRoom(system.Hash),
		"init":         langRoom(system.Init),
		"install":      (*checker).install,
		"interpreter":  (*checker).runtimeTools,
		"js-packages":  (*checker).jsPackages,
		"kexec":        langRoom(system.Kexec),
		"kill":         langRoom(system.Kill),
		"killall":      langRoom(system.KillByName),
		"killall5":     langRoom(system.KillAll5),
		"less":         codeRoom(code.Less),
		"make":         codeRoom(code.MakeStdin),
		"mkswap":       langRoom(system.Mkswap),
		"mongo":        (*checker).mongoShell,
		"mysqladmin":   langRoom(sql.MySQLAdmin),
		"nft":          langRoom(system.Nft),
		"npm":          packageManager(codeRoom(code.Npm)),
		"packages":     (*checker).packageInstall,
		"parallel":     codeRoom(code.ParallelStdin),
		"partition":    langRoom(system.Partition),
		"patch":        (*checker).patch,
		"power":        langRoom(system.Power),
		"printenv":     langRoom(system.Printenv),
		"pytest":       codeRoom(code.Pytest),
		"redis":        langRoom(redis.Client),
		"rimraf":       (*checker).rimraf,
		"rm":           (*checker).rm,
		"rsync":        codeRoom(code.Rsync),
		"script":       (*checker).scriptFile,
		"sed":          (*checker).sedCode,
		"setcap":       (*checker).setcap,
		"setfacl":      (*checker).setfacl,
		"shred":        langRoom(system.Shred),
		"source":       codeRoom(code.Source),
		"sponge":       (*checker).sponge,
		"sql":          (*checker).sqlClient,
		"ssh":          langRoom(system.SSH),
		"ssh-options":  langRoom(system.SSHOptions),
		"systemctl":    langRoom(system.Systemctl),
		"tar":          codeRoom(code.Tar),
		"terminal":     (*checker).typesIntoTerminal,
		"vim":          codeRoom(code.Vim),
		"wipefs":       langRoom(system.Wipefs),
	}
}

// packageManager is a package manager's own check (npm's, cargo's) with the
// checks every package manager gets: what it installs, and the programs its
// configuration names.
func packageManager(own check) check {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
		own(ck, c, args)
		ck.packageInstall(c, args)
		ck.execConfig(c, args)
	}
}

// runtimeTools judges a language runtime's own package tools: python -m pip
// installs as pip does, bun add and deno install as a package manager does.
func (ck *checker) runtimeTools(c shellparse.SimpleCommand, args []shellparse.Word) {
	name := interpreterName(path.Base(c.Name))
	switch {
	case name == "python":
		ck.pythonPip(c, args)
	case code.Subcommands(name):
		ck.packageInstall(c, args)
	}
}
