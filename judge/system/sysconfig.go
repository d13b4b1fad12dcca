package system

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// SysctlReadOnly: sysctl prints keys unless told to write (-w, KEY=VALUE, -p).
func SysctlReadOnly(args []shellparse.Word) bool {
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

// MountReadOnly: mount with no operands (and only -l, -t TYPE, -v) lists.
func MountReadOnly(args []shellparse.Word) bool {
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

// IfconfigReadOnly: ifconfig [-a|-s|-v|-l] [INTERFACE] shows; anything after
// the interface configures it.
func IfconfigReadOnly(args []shellparse.Word) bool {
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

// NftReadOnly reports nft that only lists, describes or checks.
func NftReadOnly(args []shellparse.Word) bool {
	if shellparse.LoneInfoOption(args) || hasOpt(args, "-c") && !hasOpt(args, "-i") || hasOpt(args, "--check") {
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

// Nft judges nft's commands: flush, delete and destroy remove firewall rules.
func Nft(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if hasOpt(args, "-c") || hasOpt(args, "--check") {
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

// hasOpt reports a word that is exactly opt.
func hasOpt(args []shellparse.Word, opt string) bool {
	for _, a := range args {
		if a.Text == opt {
			return true
		}
	}
	return false
}
