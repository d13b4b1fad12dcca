package system

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/shellparse"
)

// SSH judges ssh: -o options that run local commands, and ssh HOST COMMAND,
// which runs a command on another machine.
func SSH(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	SSHOptions(h, c, args)
	sshRemote(h, c)
}

// sshLocalCommands are the ssh_config keys whose value is a command run on
// this machine.
var sshLocalCommands = []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand"}

// SSHOptions judges the -o options that run local commands (ssh, scp,
// sftp).
func SSHOptions(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	a, _ := declared(c)
	for _, opt := range a.Values("-o") {
		lower := strings.ToLower(opt.Text)
		for _, key := range sshLocalCommands {
			if strings.HasPrefix(lower, key) {
				h.Report("inline_code", "ssh_local_command", finding.NonSevere, c.Name+" -o "+clip(opt.Text)+" runs a local command", "")
			}
		}
	}
}

// clip shortens text quoted in a finding to 200 bytes, on a rune boundary.
func clip(s string) string { return textclip.Clip(s, 200) }

// sshRemote judges ssh HOST COMMAND; ssh HOST alone opens a shell there.
func sshRemote(h Host, c shellparse.SimpleCommand) {
	r, ok := declared(c)
	ops := r.Operands()
	if !ok || len(ops) == 0 {
		return
	}
	if len(ops) > 1 {
		h.Report("inline_code", "ssh_command", finding.NonSevere, "ssh runs a command on "+ops[0].Text+": "+clip(joinWords(ops[1:])), "")
		return
	}
	if c.Stdin.Kind == shellparse.InputInherited && !sshNoShell(r) {
		h.InteractiveSession(c) // ssh HOST: a shell there, fed what is typed later
	}
}

// sshNoShell reports ssh options with which it opens no shell: -N (no
// command), -V (its version), -O (a control command), -G (prints config).
func sshNoShell(r argv) bool {
	return r.Has("-N", "-V", "-O", "-G")
}
