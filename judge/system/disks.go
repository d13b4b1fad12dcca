package system

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// DD judges dd of=/dev/…, which writes a device directly; any other of=
// is a file it writes. dd's operands are its KEY=VALUE settings.
func DD(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	for _, a := range operandsOf(c) {
		if !a.Static || !strings.HasPrefix(a.Text, "of=") {
			continue
		}
		target := strings.TrimPrefix(a.Text, "of=")
		p := h.Resolve(target)
		if strings.HasPrefix(p, "/dev/") && p != "/dev/null" && p != "/dev/stdout" && p != "/dev/stderr" && p != "/dev/zero" {
			h.Report("disk_destroy", "dd", finding.Severe, "dd writes straight onto the device "+p+", destroying its data", "check the device with lsblk first; to try, write to an image file instead")
		} else {
			h.WriteTarget(shellparse.Word{Text: target, Static: true}, "dd of="+target)
		}
	}
}

// DiskTool returns the judgement of a tool that destroys a device's data
// whatever it is given (blkdiscard), for the reason given.
func DiskTool(reason string) func(Host, shellparse.SimpleCommand, []shellparse.Word) {
	return func(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
		h.Report("disk_destroy", "device_write", finding.Severe, reason, "")
	}
}

// Partition judges fdisk and friends, which change partition tables, except
// when listing (the declarations' listing options: fdisk -l, sgdisk -p …)
// or asked for their help or version.
func Partition(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "parted" {
		if PartedListing(args) {
			return
		}
		h.Report("disk_destroy", "parted", finding.Severe, "parted changes a disk's partition table", "parted -l lists the disks and their partitions first")
		return
	}
	if _, inv, ok := c.Declared(); ok && partitionListing(c.Name, inv, args) {
		return
	}
	h.Report("disk_destroy", "partition_table", finding.Severe, c.Name+" rewrites a disk's partition table", "check the device with lsblk first")
}

// listingModes are the partition tools whose listing options are modes of
// their own: fdisk -l lists and exits, whatever else it is given. sgdisk
// runs its options in turn (sgdisk -p -Z prints, then zaps).
var listingModes = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"fdisk": true, "sfdisk": true, "gdisk": true}
}}

// partitionListing reports a partition tool that only lists, by its
// declaration's listing options, or asks for its help or version.
func partitionListing(name string, inv *registry.Invocation, args []shellparse.Word) bool {
	if listingModes.Get()[name] && len(inv.Node.ReadIf) > 0 && inv.Scan.Has(inv.Node.ReadIf...) {
		return true
	}
	return inv.ReadOnly() || inv.Help(shellparse.RegistryWords(args))
}

// partedReads are parted's commands that only read, and its units.
var partedReads = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"print": true, "p": true, "help": true, "unit": true, "quit": true, "free": true, "list": true,
		"all": true, "devices": true, "s": true, "B": true, "kB": true, "MB": true, "GB": true, "TB": true, "compact": true,
		"cyl": true, "chs": true, "%": true, "KiB": true, "MiB": true, "GiB": true, "TiB": true}
}}

// PartedListing reports parted run only to list: -l, or a device followed
// only by read-only parted commands.
func PartedListing(args []shellparse.Word) bool {
	r, ok := read("parted", args)
	if !ok {
		return false
	}
	list := r.Has("-l", "--list", "-v", "--version", "-h", "--help")
	words := r.Operands()
	if len(words) == 0 {
		return list // with no device and no -l it is interactive: it can do anything
	}
	if list && len(words) == 1 {
		return true // parted -l /dev/sda
	}
	for _, w := range words[1:] {
		if !w.Static || !partedReads.Get()[w.Text] {
			return false
		}
	}
	return len(words) > 1
}

// Shred judges shred on a device, which overwrites it.
func Shred(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operandsOf(c) {
		if a.Static && strings.HasPrefix(h.Resolve(a.Text), "/dev/") {
			h.Report("disk_destroy", "shred", finding.Severe, "shred overwrites the device "+a.Text, "")
			return
		}
	}
}

// IsMkfs reports a program that makes a file system.
func IsMkfs(base string) bool {
	return strings.HasPrefix(base, "mkfs") || base == "mke2fs" || base == "mkdosfs" || base == "mkntfs" || base == "mkexfatfs" || strings.HasPrefix(base, "newfs")
}

// device reports whether a written path is a device (or may be: a word
// known only at run time), and the path.
func device(h Host, w shellparse.Word) (dev, known bool, p string) {
	text, ok := h.DiskTarget(w)
	if !ok {
		return true, false, w.Text
	}
	p = h.Resolve(text)
	if r := h.DiskLink(p); strings.HasPrefix(r, "/dev/") {
		p = r
	}
	return strings.HasPrefix(p, "/dev/") && p != "/dev/null" && p != "/dev/zero", true, p
}

// Mkfs judges a file system maker called base: on a device (or one known
// only at run time) it destroys the data there; on an image file it writes
// that file.
func Mkfs(h Host, base string, args []shellparse.Word) {
	if shellparse.LoneInfoOption(args) || len(args) == 0 {
		return
	}
	targets := mkfsTargets(base, args)
	for _, w := range targets {
		if dev, known, p := device(h, w); dev {
			reason := base + " formats " + p + ", erasing what is on it"
			if !known {
				reason = base + " formats " + w.Text + ", known only at run time: it may be a disk"
			}
			h.Report("disk_destroy", "mkfs", finding.Severe, reason,
				"check the device with lsblk first; to try, format an image file (truncate -s 1G disk.img; "+base+" disk.img)")
			return
		}
	}
	for _, w := range targets {
		h.WriteTarget(w, base+" "+w.Text)
	}
}

// mkfsTargets returns what a file system maker formats: its operands, by
// its declared grammar (a maker the registry does not know is read as mkfs
// is), but for a size after the device.
func mkfsTargets(base string, args []shellparse.Word) []shellparse.Word {
	r, ok := read(base, args)
	if !ok {
		r, _ = read("mkfs", args)
	}
	var targets []shellparse.Word
	for _, a := range r.Operands() {
		if a.Static && len(targets) > 0 && isDigits(strings.TrimRight(a.Text, "kKmMgGtTbB")) {
			continue // a size after the device
		}
		targets = append(targets, a)
	}
	return targets
}

// isDigits reports a non-empty string of ASCII digits.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Mkswap judges mkswap, which makes a swap area: on a device that destroys
// its data.
func Mkswap(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	Mkfs(h, "mkswap", args)
}

// wipefsErases reports wipefs asked to erase (-a, -o, or a word known only
// at run time that may be either) and not only to show (-n): without them
// it lists.
func wipefsErases(args []shellparse.Word) bool {
	r, ok := read("wipefs", args)
	return !ok || r.May("-a", "--all", "-o", "--offset") && !r.Has("-n", "--no-act")
}

// WipefsReadOnly reports wipefs that only lists signatures.
func WipefsReadOnly(args []shellparse.Word) bool { return !wipefsErases(args) && len(args) > 0 }

// Wipefs judges wipefs: erasing signatures on a device makes its data
// unreachable; on a file it writes the file.
func Wipefs(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if !wipefsErases(args) {
		return
	}
	ops := operandsOf(c)
	onDevice := false
	for _, w := range ops {
		if dev, _, _ := device(h, w); dev {
			onDevice = true
		}
	}
	if !onDevice {
		for _, w := range ops {
			h.WriteTarget(w, "wipefs "+w.Text)
		}
		return
	}
	h.Report("disk_destroy", "wipefs", finding.Severe, "wipefs erases file system signatures, making the data unreachable",
		"wipefs DEVICE (without -a) lists the signatures; wipefs -n -a shows what would be erased")
}
