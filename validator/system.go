package validator

import (
	"slices"
	"strconv"
	"strings"

	"permgate/shellparse"
)

// dd of=/dev/… writes a device directly.
func (ck *checker) dd(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if !a.Static || !strings.HasPrefix(a.Text, "of=") {
			continue
		}
		target := strings.TrimPrefix(a.Text, "of=")
		p := ck.resolve(target)
		if strings.HasPrefix(p, "/dev/") && p != "/dev/null" && p != "/dev/stdout" && p != "/dev/stderr" && p != "/dev/zero" {
			ck.add("disk_destroy", Severe, "dd writes straight onto the device "+p+", destroying its data")
		} else {
			ck.writeTarget(shellparse.Word{Text: target, Static: true}, "dd of="+target)
		}
	}
}

func diskTool(reason string) func(*checker, shellparse.SimpleCommand, []shellparse.Word) {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
		ck.add("disk_destroy", Severe, reason)
	}
}

// partitionListing are the options with which a partition tool only reads.
var partitionListing = map[string][]string{
	"fdisk":  {"-l", "--list"},
	"sfdisk": {"-l", "--list", "-d", "--dump", "-s", "--show-size", "-J", "--json"},
	"gdisk":  {"-l"},
	"sgdisk": {"-p", "--print", "-i", "--info"},
	"parted": {"-l", "--list", "print"},
	"cfdisk": {},
}

// partitionTool: fdisk and friends change partition tables, except when listing.
func partitionTool(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "parted" {
		if partedListing(args) {
			return
		}
		ck.add("disk_destroy", Severe, "parted changes a disk's partition table")
		return
	}
	for _, a := range args {
		if slices.Contains(partitionListing[c.Name], a.Text) || a.Text == "--version" || a.Text == "-V" || a.Text == "-h" || a.Text == "--help" {
			return
		}
	}
	ck.add("disk_destroy", Severe, c.Name+" rewrites a disk's partition table")
}

// partedListing reports parted run only to list: -l, or a device followed only
// by read-only parted commands.
func partedListing(args []shellparse.Word) bool {
	readOnly := map[string]bool{"print": true, "p": true, "help": true, "unit": true, "quit": true, "free": true, "list": true,
		"all": true, "devices": true, "s": true, "B": true, "kB": true, "MB": true, "GB": true, "TB": true, "compact": true,
		"cyl": true, "chs": true, "%": true, "KiB": true, "MiB": true, "GiB": true, "TiB": true}
	var words []shellparse.Word
	for _, a := range args {
		switch {
		case a.Text == "-l" || a.Text == "--list" || a.Text == "-v" || a.Text == "--version" || a.Text == "-h" || a.Text == "--help":
			return true
		case strings.HasPrefix(a.Text, "-"):
		default:
			words = append(words, a)
		}
	}
	if len(words) == 0 {
		return false // interactive: it can do anything
	}
	for _, w := range words[1:] {
		if !w.Static || !readOnly[w.Text] {
			return false
		}
	}
	return len(words) > 1
}

func (ck *checker) shred(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		if a.Static && strings.HasPrefix(ck.resolve(a.Text), "/dev/") {
			ck.add("disk_destroy", Severe, "shred overwrites the device "+a.Text)
			return
		}
	}
}

func powerTool(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "shutdown" && hasFlag(args, "c", "--help") {
		return // cancels a shutdown
	}
	ck.add("system_power", Severe, c.Name+" stops or restarts the machine")
}

func (ck *checker) initCmd(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if a.Text == "0" || a.Text == "6" {
			ck.add("system_power", Severe, c.Name+" "+a.Text+" stops or restarts the machine")
		}
	}
}

// systemctlArgOptions are systemctl's options that take the next word.
var systemctlArgOptions = map[string]bool{"-t": true, "--type": true, "-p": true, "--property": true, "-H": true, "--host": true,
	"-M": true, "--machine": true, "--message": true, "-n": true, "--lines": true, "-o": true, "--output": true, "-s": true,
	"--signal": true, "--kill-whom": true, "--kill-value": true, "--root": true, "--state": true, "--job-mode": true,
	"--what": true, "--boot-loader-entry": true, "--when": true, "--timestamp": true, "--drop-in": true,
	"--preset-mode": true, "--image": true, "--reboot-argument": true, "--boot-loader-menu": true, "--check-inhibitors": true,
	"--image-policy": true}

func (ck *checker) systemctl(c shellparse.SimpleCommand, args []shellparse.Word) {
	var ops []shellparse.Word
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case systemctlArgOptions[t]:
			i++
		case strings.HasPrefix(t, "-"):
		default:
			ops = append(ops, args[i])
		}
	}
	if len(ops) > 1 && (ops[0].Text == "start" || ops[0].Text == "isolate" || ops[0].Text == "restart") {
		for _, u := range ops[1:] {
			switch strings.TrimSuffix(u.Text, ".target") {
			case "reboot", "poweroff", "halt", "kexec", "rescue", "emergency", "suspend", "hibernate", "shutdown", "soft-reboot":
				ck.add("system_power", Severe, "systemctl "+ops[0].Text+" "+u.Text+" stops, suspends or restarts the machine")
				return
			}
		}
	}
	for _, a := range ops {
		switch a.Text {
		case "poweroff", "reboot", "halt", "kexec", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "soft-reboot", "emergency", "rescue":
			ck.add("system_power", Severe, "systemctl "+a.Text+" stops, suspends or restarts the machine")
		case "isolate":
			ck.add("system_power", Severe, "systemctl isolate can stop every service")
		}
		return // only the first operand is the verb
	}
}

var worldWritable = lazyRegexp(`^0*[0-7]?[0-7][0-7][2367]$`)
var setID = lazyRegexp(`^0*[2-7][0-7]{3}$`)

// chmod judges modes that open files to everyone or set setuid/setgid, and
// recursive changes on critical paths.
func (ck *checker) chmod(c shellparse.SimpleCommand, args []shellparse.Word) {
	mode, targets := permOperands("chmod", args)
	if mode != nil {
		open, setid := judgeMode(mode.Text)
		if setid && !setUID(mode.Text) && !open {
			setid = false // setgid alone (chmod g+s DIR): new files keep the folder's group
		}
		if setid {
			ck.add("permissions_open", Severe, "chmod "+mode.Text+" sets setuid/setgid, letting others run it as its owner")
		}
		if open {
			ck.add("permissions_open", Severe, "chmod "+mode.Text+" lets every user write the files")
		}
	}
	if hasFlag(args, "R", "--recursive") {
		ck.recursiveOnCritical(c, targets)
	}
}

// judgeMode reads an octal or symbolic chmod mode: does it give others write
// permission, and does it set setuid or setgid?
func judgeMode(mode string) (open, setid bool) {
	if worldWritable().MatchString(mode) {
		return true, setID().MatchString(mode)
	}
	if setID().MatchString(mode) {
		return false, true
	}
	for _, clause := range strings.Split(mode, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		whoLetters := clause[:len(clause)-len(who)]
		others := whoLetters == "" || strings.ContainsAny(whoLetters, "oa")
		// Each action is an operator followed by permissions: o-x+w is two actions.
		for _, action := range splitActions(who) {
			op, perm := action[0], action[1:]
			if op == '-' {
				continue
			}
			grantsWrite := strings.Contains(perm, "w") || strings.ContainsAny(perm, "ug") && perm != "o"
			if others && grantsWrite && (whoLetters != "" || op == '=') {
				open = true
			}
			if strings.Contains(perm, "s") {
				setid = true
			}
		}
	}
	return open, setid
}

// splitActions splits "+w-x=r" into "+w", "-x", "=r".
func splitActions(s string) []string {
	var out []string
	for len(s) > 0 {
		end := strings.IndexAny(s[1:], "+-=")
		if end < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:end+1])
		s = s[end+1:]
	}
	return out
}

func (ck *checker) chown(c shellparse.SimpleCommand, args []shellparse.Word) {
	if !hasFlag(args, "R", "--recursive") {
		return
	}
	_, targets := permOperands(c.Name, args)
	ck.recursiveOnCritical(c, targets)
}

func (ck *checker) recursiveOnCritical(c shellparse.SimpleCommand, targets []shellparse.Word) {
	for _, t := range targets {
		if !t.Static {
			continue
		}
		p := ck.resolve(t.Text)
		crit := ck.v.critical(p)
		if crit == "" && (topDir(p) != "" || p == "/usr/local") {
			crit = p + " (a top-level directory)"
		}
		if crit != "" {
			ck.add("permissions_open", Severe, c.Name+" -R changes the permissions of everything in "+crit)
		}
	}
}

// kill -1 sends a signal to every process the user can reach.
func (ck *checker) kill(c shellparse.SimpleCommand, args []shellparse.Word) {
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
			ck.add("kill_all", Severe, "kill -1 signals every process you can reach")
			return
		}
	}
}

func killAll5(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.add("kill_all", Severe, "killall5 signals every process on the machine")
}

// hash -p PATH NAME makes NAME run another program.
func (ck *checker) hash(c shellparse.SimpleCommand, args []shellparse.Word) {
	if p := shortValues(args, 'p', "t"); len(p) > 0 {
		ck.add("dynamic_command", NonSevere, "hash -p makes a command name run "+p[0].Text)
	}
}

// install -m MODE sets a mode like chmod does.
func (ck *checker) install(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, m := range append(shortValues(args, 'm', "ogtSTbB"), longValues(args, "--mode")...) {
		open, setid := judgeMode(m.Text)
		if open || setid {
			ck.add("permissions_open", Severe, "install -m "+m.Text+" makes the file writable by everyone or setuid/setgid")
		}
	}
}

func (ck *checker) crontab(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		if a.Static && a.Text == "/dev/null" {
			ck.add("crontab_remove", Severe, "crontab /dev/null replaces every scheduled job with nothing")
			return
		}
	}
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.Contains(a.Text, "r") {
			ck.add("crontab_remove", Severe, "crontab -r deletes every scheduled job without a copy")
			return
		}
	}
}

// printenv NAME / declare -p NAME: secrets shown on screen.
func (ck *checker) printenv(c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "env" {
		return
	}
	if c.Name != "printenv" && !hasFlag(args, "p") {
		return
	}
	for _, a := range operands(args) {
		if secretVar(a.Text) {
			ck.add("secret_access", NonSevere, "prints "+a.Text+", which looks like a secret")
		}
	}
}

// setUID reports a mode that sets the setuid bit (4xxx, u+s, +s, a+s).
func setUID(mode string) bool {
	if isDigits(mode) {
		return len(mode) >= 4 && (mode[len(mode)-4]-'0')&4 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		whoLetters := clause[:len(clause)-len(who)]
		if whoLetters != "" && !strings.ContainsAny(whoLetters, "ua") {
			continue
		}
		for _, action := range splitActions(who) {
			if action[0] != '-' && strings.Contains(action, "s") {
				return true
			}
		}
	}
	return false
}

// tighteningMode reports a mode that gives group and others no write and sets
// no special bit (600, 700, 644, go-rwx, u+x): it can only close a file.
func tighteningMode(mode string) bool {
	if isDigits(mode) {
		n := 0
		for _, d := range mode {
			if d > '7' {
				return false
			}
			n = n*8 + int(d-'0')
		}
		return n&0o7022 == 0
	}
	for _, clause := range strings.Split(mode, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		whoLetters := clause[:len(clause)-len(who)]
		if who == "" {
			return false
		}
		for _, action := range splitActions(who) {
			op, perm := action[0], action[1:]
			switch {
			case op == '-':
			case op == '=' && perm == "":
			case whoLetters == "u" && !strings.ContainsAny(perm, "sgo"):
			case op == '=' && !strings.ContainsAny(perm, "wsgo") && whoLetters != "" && !strings.Contains(whoLetters, "a"):
			default:
				return false
			}
		}
	}
	return true
}
