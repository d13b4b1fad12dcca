package runfiles

import (
	"os"

	"golang.org/x/sys/unix"
)

// The magic numbers of fusectl, configfs and mqueue (linux/magic.h), which
// golang.org/x/sys/unix does not name.
const (
	fuseCtlMagic  = 0x65735543
	configfsMagic = 0x62656570
	mqueueMagic   = 0x19800202
)

// kernelFile reports an open file of one of the kernel's file systems
// (procfs, sysfs, debugfs, cgroupfs …), wherever it is mounted and however
// it was reached: their "regular" files are made as they are read, may
// never end, and some act when read. A regular file of a tmpfs under /dev
// (/dev/shm) is an ordinary file and is read, when reached through a link;
// a path that names /dev itself is refused by kernelPath. One fstatfs on the open file, where
// resolving the path's links would walk each of its directories.
func kernelFile(f *os.File, _ string) bool {
	var fs unix.Statfs_t
	if err := unix.Fstatfs(int(f.Fd()), &fs); err != nil {
		return true // not known: not read
	}
	switch uint32(fs.Type) {
	case unix.PROC_SUPER_MAGIC, unix.SYSFS_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.SECURITYFS_MAGIC, unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC, unix.BPF_FS_MAGIC,
		unix.PSTOREFS_MAGIC, unix.EFIVARFS_MAGIC, unix.BINFMTFS_MAGIC, unix.DEVPTS_SUPER_MAGIC,
		fuseCtlMagic, unix.SELINUX_MAGIC, unix.SMACK_MAGIC, unix.NSFS_MAGIC, configfsMagic,
		mqueueMagic, unix.HUGETLBFS_MAGIC:
		return true
	}
	return false
}
