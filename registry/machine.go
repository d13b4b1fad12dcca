package registry

import (
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
)

// machine are the programs that stop, sleep or overwrite the machine by
// other routes than the power and disk tools: disk rescuers and testers
// that write a device, the D-Bus clients that call logind's and systemd's
// power methods, macOS's pmset.
func machine() []*Program {
	return []*Program{
		// ddrescue INFILE OUTFILE [MAPFILE] copies onto OUTFILE, a device as
		// well as a file.
		{Family: "system", Names: []string{"ddrescue"}, Node: Node{Writes: true,
			Grammar: Grammar{Short: "a:b:c:e:i:K:l:m:o:O:r:s:T:x:Z:H:", Long: []string{"min-read-rate=", "sector-size=", "cluster-size=", "max-bad-areas=",
				"input-position=", "skip-size=", "log-events=", "domain-mapfile=", "output-position=", "max-read-errors=", "retry-passes=", "size=", "timeout=",
				"extend-outfile=", "max-read-rate=", "test-mode=", "log-rates=", "log-reads=", "mapfile-interval=", "pause-on-error=", "pause=", "cpass=",
				"force", "no-scrape", "no-trim", "idirect", "odirect", "reverse", "retrim", "sparse", "truncate", "complete-only", "ask", "same-file",
				"reopen-on-error", "try-again", "unidirectional", "ignore-write-errors", "verbose", "quiet", "generate-mode", "fill-mode=", "loose-domain"}},
			Effects: []Effect{{Act: Reads, Operands: "1"}, {Act: Writes, Operands: "2-"}}, Does: []effect.Class{effect.FilesystemWrite}}},
		// badblocks reads the device; -w tests it by writing patterns over
		// every block, -n writes and puts the data back.
		{Family: "system", Names: []string{"badblocks"}, Node: Node{Read: true, Unless: []string{"-w", "-n"}, Output: []string{"-o"},
			Grammar: Grammar{Short: "b:c:d:e:i:o:p:t:BfnsvwX"},
			Effects: []Effect{{Act: Writes, Operands: "1", If: []string{"-w"}}}}},
		{Family: "system", Names: []string{"dbus-send"}, Node: Node{Writes: true, Grammar: dbusSendGrammar, Subs: []*Node{
			{Names: []string{"*"}, Writes: true, Subs: append(dbusPower("system_power.dbus_call", dbusMethods()), &Node{Names: []string{"*"}, Writes: true})}}}},
		{Family: "system", Names: []string{"qdbus", "qdbus6", "qdbus-qt5", "qdbus-qt6"}, Node: Node{Bare: true, Grammar: Grammar{Long: []string{"system", "literal"}}, Subs: []*Node{
			{Names: []string{"*"}, Read: true, Subs: []*Node{{Names: []string{"*"}, Read: true, Subs: append(dbusPower("system_power.dbus_call", dbusMethods()), &Node{Names: []string{"*"}, Writes: true})}}}}}},
		{Family: "system", Names: []string{"gdbus"}, Node: Node{Grammar: Grammar{Short: "yea:d:o:m:t:", Long: []string{"system", "session", "address=", "dest=", "object-path=", "method=", "timeout=", "interactive", "recurse", "only-properties", "xml", "activate=", "signal=", "help"}}, Subs: []*Node{
			{Names: []string{"introspect", "monitor", "wait", "help"}, Read: true},
			{Names: []string{"call"}, Writes: true, Rules: []Rule{dbusRule("system_power.dbus_call", dbusOptions(dbusMethods(), "--method", "-m")...)}},
			{Names: []string{"emit"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"busctl"}, Node: Node{Grammar: Grammar{Short: "H:M:jlq", Long: []string{"system", "user", "host=", "machine=", "address=",
			"expect-reply=", "auto-start=", "allow-interactive-authorization=", "timeout=", "json=", "augment-creds=", "watch-bind=", "destination=", "show-machine",
			"unique", "acquired", "activatable", "match=", "size=", "list", "quiet", "verbose", "xml-interface", "no-pager", "no-legend", "full", "limit-messages="}}, Subs: []*Node{
			{Names: []string{"list", "status", "monitor", "capture", "tree", "introspect", "get-property", "help", "version"}, Read: true},
			busctlCall(),
			{Names: []string{"set-property", "emit", "wait"}, Writes: true},
		}}},
		// pmset -g reads the settings; sleepnow sleeps at once, schedule and
		// repeat a power event later; anything else changes a setting.
		{Family: "system", Names: []string{"pmset"}, Node: Node{Bare: true, ReadIf: []string{"-g"}, Grammar: Grammar{Short: "abcugP"}, Subs: []*Node{
			{Names: []string{"sleepnow"}, Rules: []Rule{pmsetRule}},
			{Names: []string{"schedule", "repeat"}, Writes: true, Subs: []*Node{
				{Names: []string{"sleep", "shutdown", "restart", "poweroff"}, Rules: []Rule{pmsetRule}},
				{Names: []string{"*"}, Writes: true}}},
			{Names: []string{"*"}, Writes: true, ReadIf: []string{"-g"}},
		}}},
	}
}

// busctlCall is busctl call SERVICE OBJECT INTERFACE METHOD: the power
// methods of logind's and systemd's managers are the finding.
func busctlCall() *Node {
	ifaces := []*Node{
		{Names: []string{"org.freedesktop.login1.Manager"}, Writes: true, Subs: append(dbusPower("system_power.dbus_call", logindMethods()), &Node{Names: []string{"*"}, Writes: true})},
		{Names: []string{"org.freedesktop.systemd1.Manager"}, Writes: true, Subs: append(dbusPower("system_power.dbus_call", systemdMethods), &Node{Names: []string{"*"}, Writes: true})},
		{Names: []string{"*"}, Writes: true},
	}
	object := &Node{Names: []string{"*"}, Writes: true, Subs: ifaces}
	service := &Node{Names: []string{"*"}, Writes: true, Subs: []*Node{object}}
	return &Node{Names: []string{"call"}, Writes: true, Subs: []*Node{service}}
}

// dbusSendGrammar is dbus-send's: its options take their values after =.
var dbusSendGrammar = Grammar{Exact: true, Long: []string{"system", "session", "bus=", "peer=", "address=", "dest=", "print-reply=?", "reply-timeout=", "type=", "sender="}}

// pmsetRule is pmset's power event.
var pmsetRule = Rule{ID: "system_power.pmset", Kind: finding.SystemPower, Severity: finding.Severe,
	Reason: "pmset sleepnow, or a scheduled sleep, shutdown or restart, stops the machine or puts it to sleep"}

// logindPower are logind's methods that stop, restart or suspend the
// machine; each also comes WithFlags.
var logindPower = []string{"PowerOff", "Reboot", "Halt", "Suspend", "Hibernate", "HybridSleep", "SuspendThenHibernate", "Sleep"}

// systemdMethods are systemd's manager's methods that do so at once.
var systemdMethods = []string{"PowerOff", "Reboot", "Halt", "KExec", "SoftReboot"}

// logindMethods are logind's power methods, as called by name.
func logindMethods() []string {
	out := []string{"ScheduleShutdown"}
	for _, m := range logindPower {
		out = append(out, m, m+"WithFlags")
	}
	return out
}

// dbusMethods are the power methods with their interfaces
// (org.freedesktop.login1.Manager.PowerOff), as dbus-send, qdbus and gdbus
// name them.
func dbusMethods() []string {
	var out []string
	for _, m := range logindMethods() {
		out = append(out, "org.freedesktop.login1.Manager."+m)
	}
	for _, m := range systemdMethods {
		out = append(out, "org.freedesktop.systemd1.Manager."+m)
	}
	return out
}

// dbusOptions are the If conditions of an option given one of the methods.
func dbusOptions(methods []string, opts ...string) []string {
	var out []string
	for _, o := range opts {
		for _, m := range methods {
			out = append(out, o+"="+m)
		}
	}
	return out
}

// dbusRule is the finding of calling a power method; with conditions, when
// one of them holds.
func dbusRule(id string, ifs ...string) Rule {
	return Rule{ID: id, Kind: finding.SystemPower, Severity: finding.Severe, If: ifs,
		Reason: "a D-Bus call to logind's or systemd's power method stops, restarts or suspends the machine"}
}

// dbusPower is a node per power method, each the finding.
func dbusPower(id string, methods []string) []*Node {
	return []*Node{{Names: methods, Rules: []Rule{dbusRule(id)}}}
}
