package system

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// host records what a judgement reports.
type host struct {
	ids, reasons []string
	writes       []string
	jobs         []string
	stdin        []string
	files        map[string]string
}

func (h *host) Report(kind finding.Kind, name string, _ finding.Severity, reason, _ string) {
	h.ids = append(h.ids, string(kind)+"."+name)
	h.reasons = append(h.reasons, reason)
}
func (h *host) WriteTarget(w shellparse.Word, _ string)     { h.writes = append(h.writes, w.Text) }
func (h *host) Resolve(p string) string                     { return p }
func (h *host) DiskTarget(w shellparse.Word) (string, bool) { return w.Text, w.Static }
func (h *host) DiskLink(string) string                      { return "" }
func (h *host) JudgeJob(script, prefix string)              { h.jobs = append(h.jobs, prefix+script) }
func (h *host) InteractiveSession(shellparse.SimpleCommand) { h.ids = append(h.ids, "interactive") }
func (h *host) ProgramFile(_ shellparse.SimpleCommand, p string) (string, bool) {
	text, ok := h.files[p]
	return text, ok
}
func (h *host) ClientStdin(shellparse.SimpleCommand) ([]string, bool) {
	return h.stdin, h.stdin != nil
}

// command makes a command of static words.
func command(line string) (shellparse.SimpleCommand, []shellparse.Word) {
	var argv []shellparse.Word
	for _, f := range strings.Fields(line) {
		argv = append(argv, shellparse.Word{Text: f, Static: true})
	}
	return shellparse.SimpleCommand{Name: argv[0].Text, Argv: argv}, argv[1:]
}

// judge runs a judgement on a command line and returns the ids reported.
func judge(f func(Host, shellparse.SimpleCommand, []shellparse.Word), line string) string {
	var h host
	c, args := command(line)
	f(&h, c, args)
	return strings.Join(h.ids, " ")
}

func TestJudgements(t *testing.T) {
	for _, tc := range []struct {
		f    func(Host, shellparse.SimpleCommand, []shellparse.Word)
		line string
		want string
	}{
		{Kill, "kill -9 -1", "kill_all.kill_minus_one"},
		{Kill, "kill -KILL -1", "kill_all.kill_minus_one"},
		{Kill, "kill -s KILL -1", "kill_all.kill_minus_one"},
		{Kill, "kill -1", "kill_all.kill_minus_one"},
		{Kill, "kill -- -1", "kill_all.kill_minus_one"},
		{Kill, "kill -1 1234", ""}, // signal 1 to one process
		{Kill, "kill -9 1234", ""},
		{Kill, "kill -l -1", ""},
		{KillByName, "pkill -u root", "kill_all.pkill"},
		{KillByName, "pkill -uroot", "kill_all.pkill"},
		{KillByName, "pkill -USR1 nginx", ""}, // a signal, not -U
		{KillByName, "killall -HUP nginx", ""},
		{KillByName, "killall bash", "kill_all.killall"},
		{KillByName, "pkill -9 -f sshd", "kill_all.pkill"},
		{KillByName, "pkill -u root nginx", ""},
		{KillByName, "pkill .", "kill_all.pkill"},
		{KillByName, "killall .", ""},
		{KillByName, "killall -r .", "kill_all.killall"},
		{KillByName, "pkill -l", ""},
		{Nft, "nft flush ruleset", "destructive_action.nft"},
		{Nft, "nft -c flush ruleset", ""},
		{Nft, "nft list ruleset", ""},
		{DD, "dd if=x of=/dev/sda", "disk_destroy.dd"},
		{DD, "dd if=x of=/dev/null", ""},
		{Power, "shutdown -c", ""},
		{Power, "reboot", "system_power.command"},
		{Init, "init 6", "system_power.command_verb"},
		{Systemctl, "systemctl start reboot.target", "system_power.systemctl"},
		{Systemctl, "systemctl isolate multi-user.target", "system_power.systemctl_isolate"},
		{Kexec, "kexec -e", "system_power.kexec"},
		{Kexec, "kexec -l vmlinuz", ""},
		{Partition, "fdisk -l /dev/sda", ""},
		{Partition, "fdisk /dev/sda", "disk_destroy.partition_table"},
		{Partition, "parted /dev/sda print", ""},
		{Partition, "parted /dev/sda rm 1", "disk_destroy.parted"},
		{Wipefs, "wipefs -a /dev/sda", "disk_destroy.wipefs"},
		{Wipefs, "wipefs /dev/sda", ""},
		{Crontab, "crontab -r", "crontab_remove.remove"},
		{Crontab, "crontab /dev/null", "crontab_remove.dev_null"},
		{Hash, "hash -p /tmp/x ls", "dynamic_command.hash_path"},
		{Printenv, "printenv AWS_SECRET_ACCESS_KEY", "secret_access.print_secret"},
		{SSH, "ssh host ls", "inline_code.ssh_command"},
		{SSH, "ssh -o ProxyCommand=nc host", "inline_code.ssh_local_command interactive"},
	} {
		if got := judge(tc.f, tc.line); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestReadOnly(t *testing.T) {
	for _, tc := range []struct {
		f    func([]shellparse.Word) bool
		line string
		want bool
	}{
		{SysctlReadOnly, "sysctl -a", true},
		{SysctlReadOnly, "sysctl kernel.x", true},
		{SysctlReadOnly, "sysctl kernel.x=1", false},
		{SysctlReadOnly, "sysctl -w kernel.x", false},
		{SysctlReadOnly, "sysctl -p", false},
		{SysctlReadOnly, "sysctl --system", false},
		{MountReadOnly, "mount", true},
		{MountReadOnly, "mount -l -t nfs", true},
		{MountReadOnly, "mount -tnfs", true},
		{MountReadOnly, "mount /dev/sda /mnt", false},
		{MountReadOnly, "mount -a", false},
		{MountReadOnly, "mount -lv", false},
		{IfconfigReadOnly, "ifconfig", true},
		{IfconfigReadOnly, "ifconfig -a", true},
		{IfconfigReadOnly, "ifconfig eth0", true},
		{IfconfigReadOnly, "ifconfig eth0 up", false},
		{IfconfigReadOnly, "ifconfig eth0 -arp", false},
		{IfconfigReadOnly, "ifconfig -av", false},
		{NftReadOnly, "nft list ruleset", true},
		{NftReadOnly, "nft -a list ruleset", true},
		{NftReadOnly, "nft flush ruleset", false},
		{NftReadOnly, "nft -f rules.nft", false},
		{NftReadOnly, "nft -c -f rules.nft", true},
		{NftReadOnly, "nft list ruleset -i", false},
		{PartedListing, "parted -l", true},
		{PartedListing, "parted /dev/sda", false},
		{WipefsReadOnly, "wipefs /dev/sda", true},
		{WipefsReadOnly, "wipefs -a /dev/sda", false},
	} {
		_, args := command(tc.line)
		if got := tc.f(args); got != tc.want {
			t.Errorf("%s: read-only %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestCronCommand(t *testing.T) {
	for line, want := range map[string]string{
		"*/5 * * * * /usr/bin/backup --all": "/usr/bin/backup --all",
		"@reboot rm -rf /tmp/x":             "rm -rf /tmp/x",
		"# a comment":                       "",
		"MAILTO=me":                         "",
		"SHELL=/bin/sh * * * * x":           "",
		"":                                  "",
	} {
		if got := cronCommand(line); got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
	var h host
	h.stdin = []string{"0 * * * * rm -rf ~\n"}
	c, args := command("crontab -")
	Crontab(&h, c, args)
	if len(h.jobs) != 1 || h.jobs[0] != "crontab job: cd ~ && rm -rf ~" {
		t.Errorf("crontab - jobs %q", h.jobs)
	}
}

// TestCrontabTables: crontab FILE's jobs are read from the file and judged;
// a table that cannot be read, or standard input that is not known, asks.
func TestCrontabTables(t *testing.T) {
	for _, tc := range []struct {
		line, file string
		stdin      []string
		jobs, ids  string
	}{
		{line: "crontab jobs.txt", file: "# nightly\n0 3 * * * make backup\n", jobs: "crontab job: cd ~ && make backup"},
		{line: "crontab jobs.txt", file: "# nothing\n", ids: "crontab_remove.empty"},
		{line: "crontab other.txt", file: "0 3 * * * make backup\n", ids: "dynamic_code.crontab_unread"},
		{line: "crontab -", ids: "dynamic_code.crontab_unread"},
		{line: "crontab -", stdin: []string{"0 * * * * date\n"}, jobs: "crontab job: cd ~ && date"},
		{line: "crontab -", stdin: []string{"SHELL=/usr/bin/perl\n* * * * * unlink 'x'\n"}, ids: "dynamic_code.crontab_unread"},
		{line: "crontab -", stdin: []string{"MAILTO=me\n@daily\tmake backup\n"}, jobs: "crontab job: cd ~ && make backup"},
		{line: "crontab -l"},
		{line: "crontab -e"},
	} {
		h := host{stdin: tc.stdin, files: map[string]string{"jobs.txt": tc.file}}
		c, args := command(tc.line)
		Crontab(&h, c, args)
		if got := strings.Join(h.jobs, "; "); got != tc.jobs {
			t.Errorf("%s: jobs %q, want %q", tc.line, got, tc.jobs)
		}
		if got := strings.Join(h.ids, " "); got != tc.ids {
			t.Errorf("%s: findings %q, want %q", tc.line, got, tc.ids)
		}
	}
}

// TestDynamicVerbIDs: SevereDynamicVerb names its finding by the rule's id,
// which must be kind.name for the name to be cut from it.
func TestDynamicVerbIDs(t *testing.T) {
	var walk func(n *registry.Node)
	walk = func(n *registry.Node) {
		for _, s := range n.Subs {
			for _, r := range s.Rules {
				if !strings.HasPrefix(r.ID, string(r.Kind)+".") {
					t.Errorf("rule %q does not start with its kind %q", r.ID, r.Kind)
				}
			}
			walk(s)
		}
	}
	for _, p := range registry.Default().Programs() {
		if p.Check == "dynamic-verb" {
			walk(&p.Node)
		}
	}
}
