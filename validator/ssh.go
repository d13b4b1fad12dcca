package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// ssh HOST COMMAND runs a command on another machine.
func (ck *checker) ssh(c shellparse.SimpleCommand, args []shellparse.Word) {
	const withArg = "BbcDEeFIiJLlmOopQRSWw"
	ck.sshOptions(c, args)
	ck.sshRemote(c, args, withArg)
}

// sshOptions flags -o options that run local commands (ssh, scp, sftp).
func (ck *checker) sshOptions(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, opt := range shortValues(args, 'o', "BbcDEeFIiJLlmOopPQRSWwX") {
		lower := strings.ToLower(opt.Text)
		for _, key := range []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand"} {
			if strings.HasPrefix(lower, key) {
				ck.add("inline_code", "ssh_local_command", NonSevere, c.Name+" -o "+clip(opt.Text)+" runs a local command")
			}
		}
	}
}

// sshRemote flags ssh HOST COMMAND.
func (ck *checker) sshRemote(c shellparse.SimpleCommand, args []shellparse.Word, withArg string) {
	i := 0
	for i < len(args) {
		t := args[i].Text
		if !args[i].Static || !strings.HasPrefix(t, "-") || t == "-" {
			break
		}
		if t == "--" {
			i++
			break
		}
		if clusterEndsWithArg(t, withArg) {
			i++
		}
		i++
	}
	if i+1 < len(args) {
		ck.add("inline_code", "ssh_command", NonSevere, "ssh runs a command on "+args[i].Text+": "+clip(joinWords(args[i+1:])))
	}
	if i+1 == len(args) && c.Stdin.Kind == shellparse.InputInherited && !sshNoShell(args[:i]) {
		ck.interactive(c) // ssh HOST: a shell there, fed what is typed later
	}
}

// sshNoShell reports ssh options with which it opens no shell: -N (no
// command), -V (its version), -O (a control command), -G (prints config).
func sshNoShell(opts []shellparse.Word) bool {
	for _, o := range opts {
		t := o.Text
		if len(t) < 2 || t[0] != '-' {
			continue
		}
		for j := 1; j < len(t); j++ {
			if strings.IndexByte("NVOG", t[j]) >= 0 {
				return true
			}
			if strings.IndexByte("BbcDEeFIiJLlmOopQRSWw", t[j]) >= 0 {
				break
			}
		}
	}
	return false
}
