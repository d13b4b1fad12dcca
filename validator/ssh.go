package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// ssh HOST COMMAND runs a command on another machine.
func (ck *checker) ssh(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.sshOptions(c, args)
	ck.sshRemote(c)
}

// sshLocalCommands are the ssh_config keys whose value is a command run on
// this machine.
var sshLocalCommands = []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand"}

// sshOptions flags -o options that run local commands (ssh, scp, sftp).
func (ck *checker) sshOptions(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, opt := range valuesOf(c, "-o") {
		lower := strings.ToLower(opt.Text)
		for _, key := range sshLocalCommands {
			if strings.HasPrefix(lower, key) {
				ck.add("inline_code", "ssh_local_command", NonSevere, c.Name+" -o "+clip(opt.Text)+" runs a local command")
			}
		}
	}
}

// sshRemote flags ssh HOST COMMAND; ssh HOST alone opens a shell there.
func (ck *checker) sshRemote(c shellparse.SimpleCommand) {
	r, ok := readingOf(c)
	ops := r.operands()
	if !ok || len(ops) == 0 {
		return
	}
	if len(ops) > 1 {
		ck.add("inline_code", "ssh_command", NonSevere, "ssh runs a command on "+ops[0].Text+": "+clip(joinWords(ops[1:])))
		return
	}
	if c.Stdin.Kind == shellparse.InputInherited && !sshNoShell(r) {
		ck.interactive(c) // ssh HOST: a shell there, fed what is typed later
	}
}

// sshNoShell reports ssh options with which it opens no shell: -N (no
// command), -V (its version), -O (a control command), -G (prints config).
func sshNoShell(r reading) bool {
	return r.has("-N", "-V", "-O", "-G")
}

// sshCommandGiven reports ssh arguments that name a remote command after the
// options (-L 8080:localhost:80 alone forwards a port and runs nothing).
func sshCommandGiven(args []shellparse.Word) bool {
	r, ok := readArgs("ssh", args)
	return !ok || r.inv.Scan.Unknown || len(r.operands()) > 0
}
