package system

import (
	"strconv"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// Kill judges kill -1, which sends a signal to every process the user can
// reach.
func Kill(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	var pids []string
	signalGiven := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--":
			for _, a := range args[i+1:] {
				pids = append(pids, a.Text)
			}
			i = len(args)
		case t == "-s" || t == "-n":
			i++
			signalGiven = true
		case t == "-l" || t == "-L" || t == "--list" || t == "--table":
			return
		case strings.HasPrefix(t, "-") && !signalGiven && len(t) > 1:
			signalGiven = true
		default:
			pids = append(pids, t)
		}
	}
	if len(pids) == 0 && len(args) == 1 && args[0].Text == "-1" {
		pids = []string{"-1"}
	}
	for _, p := range pids {
		if n, err := strconv.Atoi(p); err == nil && n == -1 {
			h.Report("kill_all", "kill_minus_one", finding.Severe, "kill -1 signals every process you can reach", "pgrep -a PATTERN to see what it matches, then kill the PIDs you mean")
			return
		}
	}
}

// KillAll5 judges killall5, which signals every process on the machine.
func KillAll5(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	h.Report("kill_all", "killall5", finding.Severe, "killall5 signals every process on the machine", "pgrep -a PATTERN to see what it matches, then kill the PIDs you mean")
}

// shellNames are programs whose every instance is someone's session: killing
// them all ends every terminal, ssh login and desktop.
var shellNames = setOf("bash", "sh", "zsh", "fish", "dash", "ksh", "tcsh", "csh", "sshd", "ssh", "systemd", "init", "login", "Xorg", "X",
	"gnome-shell", "plasmashell", "kwin", "kwin_x11", "kwin_wayland", "gdm", "sddm", "lightdm", "launchd", "loginwindow", "WindowServer",
	"Finder", "Dock", "tmux", "screen", "tmux: server", "su", "sudo", "dbus-daemon", "explorer.exe", "csrss.exe", "winlogon.exe", "getty", "agetty", "mosh-server")

// KillByName judges killall and pkill kill by name; every process of a user (-u
// with no name), every shell, or a pattern that matches everything kills all.
func KillByName(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	base := c.Name
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	valueOpts := setOf("-u", "--user", "-U", "--uid", "-g", "--pgroup", "-G", "--group", "-P", "--parent", "-s", "--session", "-t", "--terminal",
		"-F", "--pidfile", "--signal", "-o", "--older-than", "-y", "--younger-than", "-n", "--ns", "--nslist", "-Z", "--context", "-O", "--older", "-Y", "--younger", "-c", "--euid", "--ruid", "-e", "--exact-no")
	if base == "killall" {
		delete(valueOpts, "-s")
		valueOpts["-s"] = true
		delete(valueOpts, "-e") // killall -e is --exact
		delete(valueOpts, "-g") // killall -g is --process-group
		delete(valueOpts, "-n") // killall -n PID is value though
		valueOpts["-n"] = true
		delete(valueOpts, "-c")
		delete(valueOpts, "-o")
		valueOpts["-o"] = true
		valueOpts["-y"] = true
	}
	var names []shellparse.Word
	user, regex, listing := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case !a.Static:
			names = append(names, a)
		case t == "--":
			names = append(names, args[i+1:]...)
			i = len(args)
		case t == "-l" || t == "--list" || t == "-L" || t == "--table" || t == "-V" || t == "--version" || t == "--help":
			listing = true
		case t == "-u" || t == "--user" || t == "-U" || t == "--uid" || strings.HasPrefix(t, "--user=") || strings.HasPrefix(t, "-u") && len(t) > 2 && base != "killall":
			user = true
			if t == "-u" || t == "--user" || t == "-U" || t == "--uid" {
				i++
			}
		case t == "-r" || t == "--regexp":
			regex = true
		case valueOpts[t]:
			i++
		case strings.HasPrefix(t, "-") && len(t) > 1:
			// a signal (-9, -KILL, -SIGTERM) or flags
		default:
			names = append(names, a)
		}
	}
	if listing && len(names) == 0 {
		return
	}
	all := ""
	switch {
	case len(names) == 0 && user:
		all = base + " -u with no name kills every process of that user, this session included"
	default:
		for _, n := range names {
			t := n.Text
			if !n.Static {
				continue
			}
			if shellNames[t] {
				all = base + " " + t + " kills every " + t + ": every terminal and login session goes"
				break
			}
			if (base == "pkill" || base == "skill" || regex) && (t == "" || t == "." || t == ".*" || t == "^" || t == "$" || t == ".+" || t == "^.*$") {
				all = base + " '" + t + "' matches every process"
				break
			}
		}
	}
	if all != "" {
		h.Report("kill_all", base, finding.Severe, all, "pgrep -a PATTERN to see what it matches, then kill the PIDs you mean")
	}
}

// setOf builds a set of names.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
