package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

func powerTool(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "shutdown" && hasFlag(args, "c", "--help") {
		return // cancels a shutdown
	}
	if isVersion(args) || hasFlag(args, "", "--help") {
		return // reboot --help prints and exits
	}
	ck.add("system_power", "command", Severe, c.Name+" stops or restarts the machine")
}

func (ck *checker) initCmd(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if a.Text == "0" || a.Text == "6" {
			ck.add("system_power", "command_verb", Severe, c.Name+" "+a.Text+" stops or restarts the machine")
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
				ck.add("system_power", "systemctl", Severe, "systemctl "+ops[0].Text+" "+u.Text+" stops, suspends or restarts the machine")
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
			ck.add("system_power", "systemctl_isolate", Severe, "systemctl isolate can stop every service")
		}
		return // only the first operand is the verb
	}
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
