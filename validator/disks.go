package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/shellparse"
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
			ck.addSafer("disk_destroy", "dd", Severe, "dd writes straight onto the device "+p+", destroying its data", "check the device with lsblk first; to try, write to an image file instead")
		} else {
			ck.writeTarget(shellparse.Word{Text: target, Static: true}, "dd of="+target)
		}
	}
}

func diskTool(reason string) func(*checker, shellparse.SimpleCommand, []shellparse.Word) {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
		ck.add("disk_destroy", "device_write", Severe, reason)
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
		ck.addSafer("disk_destroy", "parted", Severe, "parted changes a disk's partition table", "parted -l lists the disks and their partitions first")
		return
	}
	for _, a := range args {
		if slices.Contains(partitionListing[c.Name], a.Text) || a.Text == "--version" || a.Text == "-V" || a.Text == "-h" || a.Text == "--help" {
			return
		}
	}
	ck.addSafer("disk_destroy", "partition_table", Severe, c.Name+" rewrites a disk's partition table", "check the device with lsblk first")
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
			ck.add("disk_destroy", "shred", Severe, "shred overwrites the device "+a.Text)
			return
		}
	}
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
		if r := ck.v.lookup(p); r != "" {
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
