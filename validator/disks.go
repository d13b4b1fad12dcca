package validator

import (
	"strings"

	"github.com/permgate/permgate/registry"
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

// partitionTool: fdisk and friends change partition tables, except when
// listing (the declarations' listing options: fdisk -l, sgdisk -p …) or
// asked for their help or version.
func partitionTool(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "parted" {
		if partedListing(args) {
			return
		}
		ck.addSafer("disk_destroy", "parted", Severe, "parted changes a disk's partition table", "parted -l lists the disks and their partitions first")
		return
	}
	if inv, ok := scanned(c); ok && partitionListing(c.Name, inv, args) {
		return
	}
	ck.addSafer("disk_destroy", "partition_table", Severe, c.Name+" rewrites a disk's partition table", "check the device with lsblk first")
}

// listingModes are the partition tools whose listing options are modes of
// their own: fdisk -l lists and exits, whatever else it is given. sgdisk
// runs its options in turn (sgdisk -p -Z prints, then zaps).
var listingModes = map[string]bool{"fdisk": true, "sfdisk": true, "gdisk": true}

// partitionListing reports a partition tool that only lists, by its
// declaration's listing options, or asks for its help or version.
func partitionListing(name string, inv *registry.Invocation, args []shellparse.Word) bool {
	if listingModes[name] && len(inv.Node.ReadIf) > 0 && inv.Scan.Has(inv.Node.ReadIf...) {
		return true
	}
	return inv.ReadOnly() || inv.Help(shellparse.RegistryWords(args))
}

// partedReads are parted's commands that only read, and its units.
var partedReads = map[string]bool{"print": true, "p": true, "help": true, "unit": true, "quit": true, "free": true, "list": true,
	"all": true, "devices": true, "s": true, "B": true, "kB": true, "MB": true, "GB": true, "TB": true, "compact": true,
	"cyl": true, "chs": true, "%": true, "KiB": true, "MiB": true, "GiB": true, "TiB": true}

// partedListing reports parted run only to list: -l, or a device followed only
// by read-only parted commands.
func partedListing(args []shellparse.Word) bool {
	r, ok := readArgs("parted", args)
	if !ok {
		return false
	}
	list := r.has("-l", "--list", "-v", "--version", "-h", "--help")
	words := r.operands()
	if len(words) == 0 {
		return list // with no device and no -l it is interactive: it can do anything
	}
	if list && len(words) == 1 {
		return true // parted -l /dev/sda
	}
	for _, w := range words[1:] {
		if !w.Static || !partedReads[w.Text] {
			return false
		}
	}
	return len(words) > 1
}

func (ck *checker) shred(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operandsOf(c) {
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
	targets := mkfsTargets(base, args)
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

// mkfsTargets returns what a file system maker formats: its operands, by
// its declared grammar (a maker the registry does not know is read as mkfs
// is), but for a size after the device.
func mkfsTargets(base string, args []shellparse.Word) []shellparse.Word {
	r, ok := readArgs(base, args)
	if !ok {
		r, _ = readArgs("mkfs", args)
	}
	var targets []shellparse.Word
	for _, a := range r.operands() {
		if a.Static && len(targets) > 0 && isDigits(strings.TrimRight(a.Text, "kKmMgGtTbB")) {
			continue // a size after the device
		}
		targets = append(targets, a)
	}
	return targets
}

// mkswap makes a swap area: on a device that destroys its data.
func (ck *checker) mkswap(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.mkfs(c, "mkswap", args)
}

// wipefsErases reports wipefs asked to erase (-a, -o, or a word known only
// at run time that may be either) and not only to show (-n): without them it
// lists.
func wipefsErases(args []shellparse.Word) bool {
	r, ok := readArgs("wipefs", args)
	return !ok || r.may("-a", "--all", "-o", "--offset") && !r.has("-n", "--no-act")
}

func (ck *checker) wipefs(c shellparse.SimpleCommand, args []shellparse.Word) {
	if !wipefsErases(args) {
		return
	}
	ops := operandsOf(c)
	onDevice := false
	for _, w := range ops {
		if dev, _, _ := ck.device(w); dev {
			onDevice = true
		}
	}
	if !onDevice {
		for _, w := range ops {
			ck.writeTarget(w, "wipefs "+w.Text)
		}
		return
	}
	ck.addFinding(Finding{Kind: "disk_destroy", Severity: Severe, ID: "disk_destroy.wipefs", Reason: "wipefs erases file system signatures, making the data unreachable",
		Suggestion: "wipefs DEVICE (without -a) lists the signatures; wipefs -n -a shows what would be erased"})
}
