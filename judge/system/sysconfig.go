package system

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// SysctlReadOnly reports sysctl that prints keys: not told to write (-w,
// KEY=VALUE) nor to load settings (-p, -f, --load, --system).
func SysctlReadOnly(args []shellparse.Word) bool {
	r, ok := read("sysctl", args)
	if !ok || r.Has("-w", "--write", "--system", "--load", "-p", "-f") {
		return false
	}
	return !slices.ContainsFunc(r.Operands(), func(w shellparse.Word) bool { return strings.Contains(w.Text, "=") })
}

// MountReadOnly reports mount with no operands and only -l, -t TYPE and -v,
// each a word of its own: it lists what is mounted.
func MountReadOnly(args []shellparse.Word) bool {
	r, ok := read("mount", args)
	if !ok || r.Inv.Scan.Unknown || r.Inv.Scan.DashDash >= 0 || len(r.Inv.Scan.Operands) > 0 {
		return false
	}
	for _, o := range r.Inv.Scan.Opts {
		switch {
		case o.Name == "-t" || o.Name == "--types":
		case slices.Contains([]string{"-l", "--show-labels", "-v", "--verbose"}, o.Name) && args[o.At].Text == o.Name:
		default:
			return false
		}
	}
	return true
}

// ifconfigShows are ifconfig's options that only select what it shows.
var ifconfigShows = []string{"-a", "-s", "-v", "-l", "-L", "-u", "-d", "-m"}

// IfconfigReadOnly reports ifconfig [-a|-s|-v|-l] [INTERFACE], which shows;
// anything after the interface configures it. Each option is a word of its
// own: a word such as -arp after the interface is a setting.
func IfconfigReadOnly(args []shellparse.Word) bool {
	r, ok := read("ifconfig", args)
	if !ok || r.Inv.Scan.Unknown || r.Inv.Scan.DashDash >= 0 {
		return false
	}
	for _, o := range r.Inv.Scan.Opts {
		if !slices.Contains(ifconfigShows, o.Name) || args[o.At].Text != o.Name {
			return false
		}
	}
	ops := r.Operands()
	return len(ops) <= 1 && !slices.ContainsFunc(ops, func(w shellparse.Word) bool { return strings.HasPrefix(w.Text, "-") })
}

// nftCommands splits nft's argv into its commands: nft list ruleset, nft
// 'flush ruleset; add table …', nft -f FILE (file: not read here).
func nftCommands(args []shellparse.Word) (cmds [][]string, file, unknown bool) {
	r, ok := read("nft", args)
	if !ok {
		return nil, true, true
	}
	file = r.Has("-f", "--file", "-i", "--interactive")
	unknown = r.Inv.Scan.Unknown
	var words []string
	for _, w := range r.Operands() {
		if !w.Static {
			unknown = true
			continue
		}
		words = append(words, strings.Fields(strings.NewReplacer(";", " ; ", "\n", " ; ").Replace(w.Text))...)
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

// nftChecks reports nft -c (--check): it checks the commands without
// applying them, unless -i makes it read more.
func nftChecks(args []shellparse.Word) bool {
	r, ok := read("nft", args)
	return ok && (r.Has("-c") && !r.Has("-i") || r.Has("--check"))
}

// NftReadOnly reports nft that only lists, describes or checks.
func NftReadOnly(args []shellparse.Word) bool {
	if shellparse.LoneInfoOption(args) || nftChecks(args) {
		return true
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

// Nft judges nft's commands: flush, delete and destroy remove firewall
// rules.
func Nft(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if r, ok := read("nft", args); ok && r.Has("-c", "--check") {
		return
	}
	cmds, _, _ := nftCommands(args)
	for _, cmd := range cmds {
		switch cmd[0] {
		case "flush", "delete", "destroy":
			h.Report("destructive_action", "nft", finding.NonSevere, "nft "+strings.Join(cmd, " ")+" deletes firewall rules", "nft list ruleset > ruleset.backup first")
			return
		}
	}
}
