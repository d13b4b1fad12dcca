package validator

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"permgate/registry"
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
	list := false
	for _, a := range args {
		switch {
		case a.Text == "-l" || a.Text == "--list" || a.Text == "-v" || a.Text == "--version" || a.Text == "-h" || a.Text == "--help":
			list = true
		case strings.HasPrefix(a.Text, "-"):
		default:
			words = append(words, a)
		}
	}
	if len(words) == 0 {
		return list // with no device and no -l it is interactive: it can do anything
	}
	if list && len(words) == 1 {
		return true // parted -l /dev/sda
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
	if isVersion(args) || hasFlag(args, "", "--help") {
		return // reboot --help prints and exits
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
			switch strings.TrimPrefix(strings.TrimSuffix(strings.TrimSuffix(u.Text, ".target"), ".service"), "systemd-") {
			case "reboot", "poweroff", "halt", "kexec", "rescue", "emergency", "suspend", "hibernate", "shutdown", "soft-reboot":
				ck.add("system_power", Severe, "systemctl "+ops[0].Text+" "+u.Text+" stops, suspends or restarts the machine")
				return
			}
		}
	}
	// The power verbs themselves (systemctl reboot) are declared in the registry.
	for _, a := range ops {
		switch {
		case !a.Static && !a.Glob:
			ck.addFinding(Finding{Kind: "system_power", Severity: NonSevere, ID: "system_power.systemctl_dynamic",
				Reason: OneLine("systemctl's verb " + a.Text + " is known only at run time: it could be reboot or poweroff")})
		case a.Text == "isolate":
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

// systemChecks adds the checks of databases and system tools; validator.go's
// init calls it once programChecks exists.
func systemChecks() {
	for _, name := range []string{"valkey-cli", "keydb-cli"} {
		programChecks[name] = (*checker).redis
	}
	programChecks["mariadb-admin"] = (*checker).mysqladmin
	programChecks["mkswap"] = (*checker).mkswap
	programChecks["kexec"] = (*checker).kexec
	programChecks["setcap"] = (*checker).setcap
	programChecks["at"] = (*checker).at
	programChecks["batch"] = (*checker).at
	programChecks["sponge"] = (*checker).sponge
	programChecks["script"] = (*checker).scriptFile
	programChecks["ed"] = (*checker).ed
	programChecks["red"] = (*checker).ed
	programChecks["patch"] = (*checker).patch
	programChecks["nft"] = (*checker).nft
	programChecks["wipefs"] = (*checker).wipefs
	programChecks["crontab"] = (*checker).crontabJobs
	for _, name := range []string{"killall", "pkill", "skill", "slay"} {
		programChecks[name] = (*checker).killByName
	}
	for _, name := range []string{"diskutil", "zpool", "zfs", "nvme", "launchctl", "cryptsetup"} {
		programChecks[name] = (*checker).severeDynamicVerb
	}
	argChecks["parted"] = partedListing
	argChecks["sysctl"] = sysctlReadOnly
	argChecks["mount"] = mountReadOnly
	argChecks["ifconfig"] = ifconfigReadOnly
	argChecks["nft"] = nftReadOnly
	argChecks["wipefs"] = func(args []shellparse.Word) bool { return !wipefsErases(args) && len(args) > 0 }
}

// isMkfs reports a program that makes a file system.
func isMkfs(base string) bool {
	return strings.HasPrefix(base, "mkfs") || base == "mke2fs" || base == "mkdosfs" || base == "mkntfs" || base == "mkexfatfs" || strings.HasPrefix(base, "newfs")
}

// mkfsValueOpts are the options of mkfs programs that take a value, across
// file systems: their values are not the device.
var mkfsValueOpts = setOf("-t", "-L", "-b", "-O", "-E", "-N", "-m", "-i", "-I", "-U", "-C", "-c", "-G", "-g", "-J", "-l", "-o", "-r", "-T",
	"-d", "-n", "-s", "-F", "-S", "-R", "-M", "-e", "-z", "-p", "-P", "-a", "-f", "-h", "-v", "-x", "-B", "-D", "-Q", "-u", "-w", "-W", "-X", "-Y", "-Z",
	"--type", "--label", "--uuid", "--features", "--sectorsize", "--nodesize", "--metadata", "--data", "--byte-count", "--mixed", "--rootdir")

// mkfsFlags are mkfs options that never take a value (ext4's -F, -q, -n).
var mkfsFlags = setOf("-F", "-q", "-n", "-V", "-v", "-c", "-K", "-j", "-S", "-D", "-f")

// device reports whether a written path is a device (or may be: a word known
// only at run time).
func (ck *checker) device(w shellparse.Word) (dev, known bool, p string) {
	text, ok := ck.knownPath(w)
	if !ok {
		return true, false, w.Text
	}
	p = ck.resolve(text)
	if ck.v.env.Resolve != nil {
		if r := ck.v.env.Resolve(p); r != "" {
			if strings.HasPrefix(r, "/dev/") {
				p = r
			}
		}
	}
	return strings.HasPrefix(p, "/dev/") && p != "/dev/null" && p != "/dev/zero", true, p
}

// mkfs formats a file system: on a device (or one known only at run time) that
// destroys the data there; on an image file it writes that file.
func (ck *checker) mkfs(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	if isVersion(args) || len(args) == 0 {
		return
	}
	var targets []shellparse.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case !a.Static && !a.Glob && !strings.HasPrefix(t, "-"):
			targets = append(targets, a)
		case t == "--":
			targets = append(targets, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if strings.Contains(t, "=") || len(t) > 2 && !strings.HasPrefix(t, "--") {
				continue // -Lname, --label=x: value attached (or a cluster of flags)
			}
			if mkfsValueOpts[t] && !(mkfsFlags[t] && (i+1 >= len(args) || strings.HasPrefix(args[i+1].Text, "/dev/") || !looksLikeValue(args[i+1].Text))) {
				i++
			}
		default:
			if isDigits(strings.TrimRight(t, "kKmMgGtTbB")) && len(targets) > 0 {
				continue // a size after the device
			}
			targets = append(targets, a)
		}
	}
	for _, w := range targets {
		if dev, known, p := ck.device(w); dev {
			reason := base + " formats " + p + ", erasing what is on it"
			if !known {
				reason = base + " formats " + w.Text + ", known only at run time: it may be a disk"
			}
			ck.addFinding(Finding{Kind: "disk_destroy", Severity: Severe, ID: "disk_destroy.mkfs", Reason: OneLine(reason),
				Suggestion: "check the device with lsblk first; to try, format an image file (truncate -s 1G disk.img; " + base + " disk.img)"})
			return
		}
	}
	for _, w := range targets {
		ck.writeTarget(w, base+" "+w.Text)
	}
}

// looksLikeValue reports a word that reads as an option value rather than a path.
func looksLikeValue(t string) bool {
	return !strings.Contains(t, "/") && !strings.Contains(t, ".")
}

// mkswap makes a swap area: on a device that destroys its data.
func (ck *checker) mkswap(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.mkfs(c, "mkswap", args)
}

// kexec -e (or kexec KERNEL with neither -l nor -p) boots another kernel now.
func (ck *checker) kexec(c shellparse.SimpleCommand, args []shellparse.Word) {
	if isVersion(args) {
		return
	}
	load, exec, ops := false, false, 0
	for _, a := range args {
		switch {
		case !a.Static:
			exec = true
		case a.Text == "-e" || a.Text == "--exec":
			exec = true
		case a.Text == "-l" || a.Text == "--load" || a.Text == "-p" || a.Text == "--load-panic" || a.Text == "-u" || a.Text == "--unload" || a.Text == "-S" || a.Text == "--status":
			load = true
		case !strings.HasPrefix(a.Text, "-"):
			ops++
		}
	}
	if exec || !load && ops > 0 {
		ck.addFinding(Finding{Kind: "system_power", Severity: Severe, ID: "system_power.kexec", Reason: "kexec boots another kernel now, ending everything that runs"})
	}
}

// setcapDangerous are capabilities that make a program root.
var setcapDangerous = []string{"cap_setuid", "cap_setgid", "cap_sys_admin", "cap_dac_override", "cap_dac_read_search", "cap_sys_ptrace",
	"cap_sys_module", "cap_chown", "cap_fowner", "cap_sys_rawio", "cap_bpf", "cap_sys_boot", "cap_setfcap", "cap_setpcap", "all"}

// setcap: giving a program a capability that makes it root is a way to root.
func (ck *checker) setcap(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		t := strings.ToLower(a.Text)
		if !strings.ContainsAny(t, "+=") {
			continue
		}
		_, flags, _ := strings.Cut(strings.NewReplacer("=", "+").Replace(t), "+")
		if !strings.Contains(flags, "e") && !strings.HasPrefix(t, "=") && !strings.Contains(t, "=e") {
			continue
		}
		for _, capName := range setcapDangerous {
			if strings.Contains(t, capName) || t == "=ep" || strings.HasPrefix(t, "=e") {
				ck.addFinding(Finding{Kind: "privilege_escalation", Severity: Severe, ID: "privilege_escalation.setcap",
					Reason: OneLine("setcap " + a.Text + " lets the program act as root for whoever runs it")})
				return
			}
		}
	}
}

// at and batch run the script they read later: fed by a pipe or text built at
// run time, that is code from an unknown source (SPEC §2).
func (ck *checker) at(c shellparse.SimpleCommand, args []shellparse.Word) {
	for i, a := range args {
		if a.Text == "-f" || strings.HasPrefix(a.Text, "-f") && a.Static && !strings.HasPrefix(a.Text, "--") {
			if i+1 < len(args) && a.Text == "-f" && (args[i+1].Text == "-" || shellparse.IsStdinPath(args[i+1].Text)) || shellparse.IsStdinPath(strings.TrimPrefix(a.Text, "-f")) {
				break // -f /dev/stdin: the script is standard input after all
			}
			return // the script is a file
		}
		if a.Static && (a.Text == "-l" || a.Text == "-r" || a.Text == "-d" || a.Text == "-c" || a.Text == "-V") {
			return
		}
	}
	switch c.Stdin.Kind {
	case shellparse.InputPipe:
		ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
			Reason: OneLine("pipes another command's output into " + c.Name + ", which runs it as a shell script later")})
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if !c.Stdin.Static || c.Stdin.Subst {
			ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
				Reason: OneLine("feeds text built at run time into " + c.Name + ", which runs it as a shell script later")})
		}
	case shellparse.InputFile:
		for _, r := range c.Redirects {
			if r.Op == "<" && !r.Target.Static {
				ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
					Reason: OneLine(c.Name + " runs a script from a file known only at run time")})
			}
		}
	}
}

// sponge FILE soaks up its input and writes FILE.
func (ck *checker) sponge(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, w := range operands(args) {
		ck.writeTarget(w, "sponge "+w.Text)
	}
}

// script FILE records the session into FILE (typescript by default).
func (ck *checker) scriptFile(c shellparse.SimpleCommand, args []shellparse.Word) {
	prog, ok := programs.Lookup("script")
	if !ok {
		return
	}
	words := regWords(args)
	inv := prog.Resolve(words)
	for _, o := range inv.Scan.Values("-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing") {
		ck.writeTarget(shellparse.Word{Text: o.Value, Static: !o.Dynamic}, "script "+o.Name+" "+o.Value)
	}
	for _, w := range inv.Scan.OperandWords(words) {
		ck.writeTarget(shellparse.Word{Text: w.Text, Static: !w.Dynamic}, "script "+w.Text)
		break
	}
}

// ed FILE edits FILE with the commands on its input; a w command writes it.
func (ck *checker) ed(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, w := range operands(args) {
		if strings.HasPrefix(w.Text, "!") {
			ck.addFinding(Finding{Kind: "inline_code", Severity: NonSevere, ID: "inline_code.ed", Reason: "ed !CMD edits the output of a shell command"})
			ck.nestedJob(strings.TrimPrefix(w.Text, "!"), "ed runs: ")
			continue
		}
		ck.writeTarget(w, c.Name+" "+w.Text)
	}
	t, known := ck.stdinSQL(c)
	if !known {
		return
	}
	for _, s := range t {
		for _, line := range strings.Split(s, "\n") {
			// An address, then the command: w FILE, wq FILE, W FILE write
			// FILE; !CMD, r !CMD, w !CMD, e !CMD run a shell command.
			body := strings.TrimSpace(line)
			if m := edShellRE().FindStringSubmatch(body); m != nil {
				ck.addFinding(Finding{Kind: "inline_code", Severity: NonSevere, ID: "inline_code.ed", Reason: "ed runs a shell command from its script"})
				ck.nestedJob(m[1], "ed runs: ")
				continue
			}
			if m := edWriteRE().FindStringSubmatch(body); m != nil {
				ck.writeTarget(shellparse.Word{Text: m[1], Static: true}, c.Name+" w "+m[1])
			}
		}
	}
}

// edShellRE is an ed command that runs a shell command: !CMD, r !CMD, w !CMD, e !CMD.
var edShellRE = lazyRegexp(`^(?:[0-9,.;$+\-']*[rwWeE]\s*)?!(.*)$`)

// edWriteRE is an ed write command with a file name: [addr]w FILE, wq FILE, W FILE.
var edWriteRE = lazyRegexp(`^[0-9,.;$+\-'a-z]*?[wW]q?\s+([^!\s]\S*)$`)

// patch writes the files the patch names (unknown here) and -o FILE.
func (ck *checker) patch(c shellparse.SimpleCommand, args []shellparse.Word) {
	prog, ok := programs.Lookup("patch")
	if !ok {
		return
	}
	words := regWords(args)
	inv := prog.Resolve(words)
	if inv.Scan.Has("--dry-run") {
		return
	}
	// patch FILE PATCHFILE: the first operand is the file patched.
	if ops := inv.Scan.OperandWords(words); len(ops) > 0 {
		ck.writeTarget(shellparse.Word{Text: ops[0].Text, Static: !ops[0].Dynamic}, "patch "+ops[0].Text)
	}
}

// wipefsErases reports wipefs asked to erase (-a, -o): without them it lists.
func wipefsErases(args []shellparse.Word) bool {
	for _, a := range args {
		t := a.Text
		if !a.Static {
			return true
		}
		if t == "--all" || t == "--offset" || strings.HasPrefix(t, "--offset=") || strings.HasPrefix(t, "--all") {
			return true
		}
		if strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsAny(t, "ao") {
			return true
		}
		if t == "-n" || t == "--no-act" {
			return false
		}
	}
	return false
}

func (ck *checker) wipefs(c shellparse.SimpleCommand, args []shellparse.Word) {
	if hasFlag(args, "n", "--no-act") || !wipefsErases(args) {
		return
	}
	onDevice := false
	for _, w := range operands(args) {
		if dev, _, _ := ck.device(w); dev {
			onDevice = true
		}
	}
	if !onDevice {
		for _, w := range operands(args) {
			ck.writeTarget(w, "wipefs "+w.Text)
		}
		return
	}
	ck.addFinding(Finding{Kind: "disk_destroy", Severity: Severe, ID: "disk_destroy.wipefs", Reason: "wipefs erases file system signatures, making the data unreachable",
		Suggestion: "wipefs DEVICE (without -a) lists the signatures; wipefs -n -a shows what would be erased"})
}

// sysctlReadOnly: sysctl prints keys unless told to write (-w, KEY=VALUE, -p).
func sysctlReadOnly(args []shellparse.Word) bool {
	for _, a := range args {
		t := a.Text
		switch {
		case t == "-w" || t == "--write" || t == "--system" || strings.HasPrefix(t, "--load") || strings.HasPrefix(t, "-p") || strings.HasPrefix(t, "-f"):
			return false
		case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsAny(t, "wpf"):
			return false
		case strings.Contains(t, "="):
			return false
		}
	}
	return true
}

// mountReadOnly: mount with no operands (and only -l, -t TYPE, -v) lists.
func mountReadOnly(args []shellparse.Word) bool {
	for i := 0; i < len(args); i++ {
		switch t := args[i].Text; t {
		case "-l", "--show-labels", "-v", "--verbose":
		case "-t", "--types":
			i++
		default:
			if strings.HasPrefix(t, "--types=") || strings.HasPrefix(t, "-t") && len(t) > 2 {
				continue
			}
			return false
		}
	}
	return true
}

// ifconfigReadOnly: ifconfig [-a|-s|-v|-l] [INTERFACE] shows; anything after
// the interface configures it.
func ifconfigReadOnly(args []shellparse.Word) bool {
	ops := 0
	for _, a := range args {
		switch {
		case a.Text == "-a" || a.Text == "-s" || a.Text == "-v" || a.Text == "-l" || a.Text == "-L" || a.Text == "-u" || a.Text == "-d" || a.Text == "-m":
		case strings.HasPrefix(a.Text, "-"):
			return false
		default:
			ops++
		}
	}
	return ops <= 1
}

// nftCommands splits nft's argv into its commands: nft list ruleset, nft
// 'flush ruleset; add table …', nft -f FILE (unknown).
func nftCommands(args []shellparse.Word) (cmds [][]string, file, unknown bool) {
	var words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case !a.Static:
			unknown = true
		case t == "-f" || t == "--file" || strings.HasPrefix(t, "--file=") || strings.HasPrefix(t, "-f") && len(t) > 2 || t == "-i" || t == "--interactive":
			file = true
			if t == "-f" || t == "--file" {
				i++
			}
		case t == "-I" || t == "--includepath" || t == "-D" || t == "--define" || t == "-T" || t == "--debug":
			i++
		case strings.HasPrefix(t, "-") && len(words) == 0:
		default:
			words = append(words, strings.Fields(strings.NewReplacer(";", " ; ", "\n", " ; ").Replace(t))...)
		}
	}
	var cur []string
	for _, w := range words {
		if w == ";" {
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds, file, unknown
}

func nftReadOnly(args []shellparse.Word) bool {
	if isVersion(args) || hasOpt(args, "-c") && !hasOpt(args, "-i") || hasOpt(args, "--check") {
		return true // -c checks the commands without applying them
	}
	cmds, file, unknown := nftCommands(args)
	if file || unknown || len(cmds) == 0 {
		return false
	}
	for _, c := range cmds {
		switch c[0] {
		case "list", "describe", "monitor", "help":
		default:
			return false
		}
	}
	return true
}

func (ck *checker) nft(c shellparse.SimpleCommand, args []shellparse.Word) {
	if hasOpt(args, "-c") || hasOpt(args, "--check") {
		return
	}
	cmds, _, _ := nftCommands(args)
	for _, cmd := range cmds {
		switch cmd[0] {
		case "flush", "delete", "destroy":
			ck.addFinding(Finding{Kind: "destructive_action", Severity: NonSevere, ID: "destructive_action.nft",
				Reason: OneLine("nft " + strings.Join(cmd, " ") + " deletes firewall rules"), Suggestion: "nft list ruleset > ruleset.backup first"})
			return
		}
	}
}

// shellNames are programs whose every instance is someone's session: killing
// them all ends every terminal, ssh login and desktop.
var shellNames = setOf("bash", "sh", "zsh", "fish", "dash", "ksh", "tcsh", "csh", "sshd", "ssh", "systemd", "init", "login", "Xorg", "X",
	"gnome-shell", "plasmashell", "kwin", "kwin_x11", "kwin_wayland", "gdm", "sddm", "lightdm", "launchd", "loginwindow", "WindowServer",
	"Finder", "Dock", "tmux", "screen", "tmux: server", "su", "sudo", "dbus-daemon", "explorer.exe", "csrss.exe", "winlogon.exe", "getty", "agetty", "mosh-server")

// killByName: killall and pkill kill by name; every process of a user (-u
// with no name), every shell, or a pattern that matches everything kills all.
func (ck *checker) killByName(c shellparse.SimpleCommand, args []shellparse.Word) {
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
		ck.addFinding(Finding{Kind: "kill_all", Severity: Severe, ID: "kill_all." + base, Reason: OneLine(all),
			Suggestion: "pgrep -a PATTERN to see what it matches, then kill the PIDs you mean"})
	}
}

// crontabJobs: crontab -r removes every job; crontab - or crontab FILE
// replaces them, and the jobs in known text are judged as commands.
func (ck *checker) crontabJobs(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.crontab(c, args)
	replaces := false
	for _, a := range operands(args) {
		if a.Text == "-" {
			replaces = true
		}
	}
	if !replaces {
		if len(operands(args)) == 0 && c.Stdin.Kind != shellparse.InputInherited && !hasFlag(args, "lerid") {
			replaces = true // crontab <<EOF … reads the new table from stdin on some systems
		}
		if !replaces {
			return
		}
	}
	texts, known := ck.stdinSQL(c)
	if !known {
		return
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			job := cronCommand(line)
			if job == "" {
				continue
			}
			ck.nestedJob(job, "crontab job: ")
		}
	}
}

// cronCommand returns the command of a crontab line, or "" for comments,
// blank lines and variable settings.
func cronCommand(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return ""
	}
	if strings.HasPrefix(line, "@") {
		_, rest, _ := strings.Cut(line, " ")
		return strings.TrimSpace(rest)
	}
	fields := strings.Fields(line)
	if len(fields) < 6 {
		return ""
	}
	if strings.Contains(fields[0], "=") {
		return ""
	}
	// Skip the five time fields by position in the text.
	rest := line
	for i := 0; i < 5; i++ {
		rest = strings.TrimSpace(rest)
		j := strings.IndexAny(rest, " \t")
		if j < 0 {
			return ""
		}
		rest = rest[j:]
	}
	return strings.TrimSpace(rest)
}

// nestedJob judges a shell command another program runs (a crontab job, psql's
// \! CMD, sqlite3's .shell CMD) and adds its findings to this command's.
func (ck *checker) nestedJob(script, prefix string) {
	// The script is a strict part of this command's text, so nesting ends.
	if strings.TrimSpace(script) == "" {
		return
	}
	a := New(ck.v.env).CheckScript(script)
	for _, f := range a.Findings {
		ck.addFinding(Finding{Kind: f.Kind, Severity: f.Severity, ID: f.ID, Reason: OneLine(prefix + f.Reason), Suggestion: f.Suggestion})
	}
}

// severeDynamicVerb: a program whose verbs include severe ones (diskutil
// eraseDisk, zpool destroy, launchctl reboot) given a verb known only at run
// time may be running one of them: a human should look.
func (ck *checker) severeDynamicVerb(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := programs.Lookup(base)
	if !ok {
		return
	}
	inv := prog.Resolve(regWords(args))
	if !inv.DynamicVerb {
		return
	}
	for _, subs := range [][]*registry.Node{inv.Node.Subs, prog.Node.Subs} {
		for _, s := range subs {
			for _, r := range s.Rules {
				if r.Severity == Severe && len(r.If) == 0 {
					ck.addFinding(Finding{Kind: r.Kind, Severity: NonSevere, ID: r.ID + "_dynamic",
						Reason: OneLine(base + "'s verb is known only at run time and could be " + s.Names[0] + ": " + r.Reason)})
					return
				}
			}
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
