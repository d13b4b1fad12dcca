package system

import (
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// killSafer is the safer way to the end of every kill_all finding.
const killSafer = "pgrep -a PATTERN to see what it matches, then kill the PIDs you mean"

// Kill judges kill -1, which sends a signal to every process the user can
// reach. kill's declared grammar reads the signal (-9, -KILL, -s KILL) and
// the process ids after it (kill -9 -1).
func Kill(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	r, _ := declared(c)
	if r.Has("-l", "-L", "--list", "--table") {
		return
	}
	pids := r.Operands()
	if len(pids) == 0 && len(args) == 1 && args[0].Text == "-1" {
		pids = args
	}
	for _, p := range pids {
		if n, err := strconv.Atoi(p.Text); err == nil && n == -1 {
			h.Report("kill_all", "kill_minus_one", finding.Severe, "kill -1 signals every process you can reach", killSafer)
			return
		}
		if all := substKillsAll(p); all != "" {
			h.Report("kill_all", "kill_pgrep_all", finding.Severe, "kill "+p.Text+": "+all, killSafer)
			return
		}
	}
}

// substKillsAll judges kill $(pgrep PATTERN) as pkill PATTERN: the process
// ids of a pgrep or pidof whose names match every process (pgrep -f .) or
// every shell. It says why, or "".
func substKillsAll(p shellparse.Word) string {
	if !p.Subst {
		return ""
	}
	inner, ok := strings.CutPrefix(p.Text, "$(")
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return ""
	}
	fields := strings.Fields(inner)
	if len(fields) == 0 || fields[0] != "pgrep" && fields[0] != "pidof" {
		return ""
	}
	argv := make([]shellparse.Word, len(fields))
	for i, f := range fields {
		f = strings.Trim(f, `'"`)
		argv[i] = shellparse.Word{Text: f, Static: true}
	}
	as := "pkill"
	if fields[0] == "pidof" {
		as = "killall"
	}
	c := shellparse.SimpleCommand{Name: as, Argv: append([]shellparse.Word{{Text: as, Static: true}}, argv[1:]...)}
	r, _ := declared(c)
	return killsAll(as, r.Operands(), userOption(r), optionWord(r, "-r", "--regexp"))
}

// KillAll5 judges killall5, which signals every process on the machine.
func KillAll5(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	h.Report("kill_all", "killall5", finding.Severe, "killall5 signals every process on the machine", killSafer)
}

// shellNames are programs whose every instance is someone's session: killing
// them all ends every terminal, ssh login and desktop.
var shellNames = []string{"bash", "sh", "zsh", "fish", "dash", "ksh", "tcsh", "csh", "sshd", "ssh", "systemd", "init", "login", "Xorg", "X",
	"gnome-shell", "plasmashell", "kwin", "kwin_x11", "kwin_wayland", "gdm", "sddm", "lightdm", "launchd", "loginwindow", "WindowServer",
	"Finder", "Dock", "tmux", "screen", "tmux: server", "su", "sudo", "dbus-daemon", "explorer.exe", "csrss.exe", "winlogon.exe", "getty", "agetty", "mosh-server"}

// matchAll are the patterns that match every process name.
var matchAll = []string{"", ".", ".*", "^", "$", ".+", "^.*$"}

// KillByName judges killall and pkill, which kill by name: every process of
// a user (-u with no name), every shell, or a pattern that matches
// everything kills all.
func KillByName(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	r, _ := declared(c)
	base := c.Name[strings.LastIndexByte(c.Name, '/')+1:]
	names := r.Operands()
	if optionWord(r, "-l", "--list", "-L", "--table", "-V", "--version", "--help") && len(names) == 0 {
		return
	}
	if all := killsAll(base, names, userOption(r), optionWord(r, "-r", "--regexp")); all != "" {
		h.Report("kill_all", base, finding.Severe, all, killSafer)
	}
}

// killsAll says why killing the named processes kills all of them, or "".
func killsAll(base string, names []shellparse.Word, user, regex bool) string {
	if len(names) == 0 && user {
		return base + " -u with no name kills every process of that user, this session included"
	}
	for _, n := range names {
		t := n.Text
		if !n.Static {
			continue
		}
		if slices.Contains(shellNames, t) {
			return base + " " + t + " kills every " + t + ": every terminal and login session goes"
		}
		if (base == "pkill" || base == "skill" || regex) && slices.Contains(matchAll, t) {
			return base + " '" + t + "' matches every process"
		}
	}
	return ""
}

// optionWord reports one of the named options given as a word of its own, not in
// a cluster of letters.
func optionWord(a argv, names ...string) bool {
	if a.Inv == nil {
		return false
	}
	return slices.ContainsFunc(a.Inv.Scan.Opts, func(o registry.Opt) bool {
		return slices.Contains(names, o.Name) && a.Args[o.At].Text == o.Name
	})
}

// userOption reports pkill's or killall's -u USER, --uid UID …: the option as a
// word of its own or with its value (pkill -uroot), not a letter of a
// -SIGNAL word (-USR1).
func userOption(a argv) bool {
	if a.Inv == nil {
		return false
	}
	return slices.ContainsFunc(a.Inv.Scan.Values("-u", "--user", "-U", "--uid"), func(o registry.Opt) bool {
		return o.HasValue || a.Args[o.At].Text == o.Name
	})
}
