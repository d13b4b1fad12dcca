package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

func powerTool(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "shutdown" && hasOption(c, "-c") {
		return // cancels a shutdown
	}
	if isVersion(args) || hasOption(c, "--help") {
		return // reboot --help prints and exits
	}
	ck.add("system_power", "command", Severe, c.Name+" stops or restarts the machine")
}

// initCmd: init 0 and init 6 (telinit too) stop or restart the machine.
func (ck *checker) initCmd(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operandsOf(c) {
		if a.Text == "0" || a.Text == "6" {
			ck.add("system_power", "command_verb", Severe, c.Name+" "+a.Text+" stops or restarts the machine")
		}
	}
}

// systemctlPowerUnits are the targets that stop, suspend or restart the
// machine when started (systemctl start reboot.target).
var systemctlPowerUnits = map[string]bool{"reboot": true, "poweroff": true, "halt": true, "kexec": true, "rescue": true, "emergency": true,
	"suspend": true, "hibernate": true, "shutdown": true, "soft-reboot": true}

// systemctl: starting a power target stops the machine, isolate can stop
// every service, and a verb known only at run time could be reboot. The
// power verbs themselves (systemctl reboot) are declared in the registry.
func (ck *checker) systemctl(c shellparse.SimpleCommand, args []shellparse.Word) {
	inv, ok := scanned(c)
	if !ok {
		return
	}
	verb := inv.Verb
	if len(inv.Path) > 0 {
		verb = inv.Path[0]
	}
	switch {
	case inv.DynamicVerb:
		ck.addFinding(Finding{Kind: "system_power", Severity: NonSevere, ID: "system_power.systemctl_dynamic",
			Reason: OneLine("systemctl's verb " + firstDynamic(args) + " is known only at run time: it could be reboot or poweroff")})
	case (verb == "start" || verb == "isolate" || verb == "restart") && ck.systemctlPowerTarget(c, verb):
	case verb == "isolate":
		ck.add("system_power", "systemctl_isolate", Severe, "systemctl isolate can stop every service")
	}
}

// firstDynamic is the text of the first word known only at run time.
func firstDynamic(args []shellparse.Word) string {
	for _, a := range args {
		if !a.Static && !a.Glob {
			return a.Text
		}
	}
	return ""
}

// systemctlPowerTarget judges the units systemctl start, restart or isolate
// is given, and reports one that stops the machine.
func (ck *checker) systemctlPowerTarget(c shellparse.SimpleCommand, verb string) bool {
	for _, u := range operandsOf(c) {
		name := strings.TrimPrefix(strings.TrimSuffix(strings.TrimSuffix(u.Text, ".target"), ".service"), "systemd-")
		if systemctlPowerUnits[name] {
			ck.add("system_power", "systemctl", Severe, "systemctl "+verb+" "+u.Text+" stops, suspends or restarts the machine")
			return true
		}
	}
	return false
}

// kexec -e (or kexec KERNEL with neither -l nor -p) boots another kernel now.
func (ck *checker) kexec(c shellparse.SimpleCommand, args []shellparse.Word) {
	inv, ok := scanned(c)
	if isVersion(args) || !ok {
		return
	}
	exec := inv.Scan.May("-e", "--exec")
	load := inv.Scan.Has("-l", "--load", "-p", "--load-panic", "-u", "--unload", "-S", "--status")
	if exec || !load && len(inv.Scan.Operands) > 0 {
		ck.addFinding(Finding{Kind: "system_power", Severity: Severe, ID: "system_power.kexec", Reason: "kexec boots another kernel now, ending everything that runs"})
	}
}
