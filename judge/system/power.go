package system

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// Power judges shutdown, reboot, halt and poweroff, which stop or restart
// the machine unless they cancel a shutdown or print their help or version.
func Power(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "shutdown" && hasOption(c, "-c") {
		return // cancels a shutdown
	}
	if shellparse.LoneInfoOption(args) || hasOption(c, "--help") {
		return // reboot --help prints and exits
	}
	h.Report("system_power", "command", finding.Severe, c.Name+" stops or restarts the machine", "")
}

// Init judges init 0 and init 6 (telinit too), which stop or restart the
// machine.
func Init(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	for _, a := range operandsOf(c) {
		if a.Text == "0" || a.Text == "6" {
			h.Report("system_power", "command_verb", finding.Severe, c.Name+" "+a.Text+" stops or restarts the machine", "")
		}
	}
}

// systemctlPowerUnits are the targets that stop, suspend or restart the
// machine when started (systemctl start reboot.target).
var systemctlPowerUnits = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"reboot": true, "poweroff": true, "halt": true, "kexec": true, "rescue": true, "emergency": true,
		"suspend": true, "hibernate": true, "shutdown": true, "soft-reboot": true}
}}

// Systemctl judges systemctl: starting a power target stops the machine,
// isolate can stop every service, and a verb known only at run time could
// be reboot. The power verbs themselves (systemctl reboot) are declared in
// the registry.
func Systemctl(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	_, inv, ok := c.Declared()
	if !ok {
		return
	}
	verb := inv.Verb
	if len(inv.Path) > 0 {
		verb = inv.Path[0]
	}
	switch {
	case inv.DynamicVerb:
		h.Report("system_power", "systemctl_dynamic", finding.NonSevere,
			"systemctl's verb "+firstDynamic(args)+" is known only at run time: it could be reboot or poweroff", "")
	case (verb == "start" || verb == "isolate" || verb == "restart") && systemctlPowerTarget(h, c, verb):
	case verb == "isolate":
		h.Report("system_power", "systemctl_isolate", finding.Severe, "systemctl isolate can stop every service", "")
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
func systemctlPowerTarget(h Host, c shellparse.SimpleCommand, verb string) bool {
	for _, u := range operandsOf(c) {
		name := strings.TrimPrefix(strings.TrimSuffix(strings.TrimSuffix(u.Text, ".target"), ".service"), "systemd-")
		if systemctlPowerUnits.Get()[name] {
			h.Report("system_power", "systemctl", finding.Severe, "systemctl "+verb+" "+u.Text+" stops, suspends or restarts the machine", "")
			return true
		}
	}
	return false
}

// Kexec judges kexec -e (or kexec KERNEL with neither -l nor -p), which
// boots another kernel now.
func Kexec(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	_, inv, ok := c.Declared()
	if shellparse.LoneInfoOption(args) || !ok {
		return
	}
	exec := inv.Scan.May("-e", "--exec")
	load := inv.Scan.Has("-l", "--load", "-p", "--load-panic", "-u", "--unload", "-S", "--status")
	if exec || !load && len(inv.Scan.Operands) > 0 {
		h.Report("system_power", "kexec", finding.Severe, "kexec boots another kernel now, ending everything that runs", "")
	}
}
