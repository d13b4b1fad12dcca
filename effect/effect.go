// Package effect is the vocabulary of what a command does, as a user would
// say it: it reads files, deletes them, sends data over the network, changes
// the system. The program registry declares these effects per operand and
// option, the validator reports the classes each simple command has, and a
// config can give a class a policy ([actions] filesystem_delete = "ask").
// Like package finding it depends on nothing else in permgate.
package effect

import (
	"fmt"
	"slices"
)

// Class is one kind of effect. Classes are snake_case and stable: they are
// part of the JSON output and of users' configs.
type Class string

// The classes.
const (
	// FilesystemRead reads files or lists directories.
	FilesystemRead Class = "filesystem_read"
	// FilesystemWrite creates, writes, appends to, truncates or moves a file
	// into place.
	FilesystemWrite Class = "filesystem_write"
	// FilesystemDelete deletes files or directories (a move deletes its
	// source).
	FilesystemDelete Class = "filesystem_delete"
	// PermissionsChange changes a file's mode, owner or ACL.
	PermissionsChange Class = "permissions_change"
	// CodeExecution runs code that is not a command on the line: inline
	// code, a script file, project code, a command a wrapper is handed.
	CodeExecution Class = "code_execution"
	// NetworkInbound fetches data from the network.
	NetworkInbound Class = "network_inbound"
	// NetworkOutbound sends data off the machine.
	NetworkOutbound Class = "network_outbound"
	// EnvironmentChange sets environment variables for what runs next.
	EnvironmentChange Class = "environment_change"
	// DirectoryChange changes the working directory.
	DirectoryChange Class = "directory_change"
	// ProcessKill signals or kills processes.
	ProcessKill Class = "process_kill"
	// SystemChange changes the system: power, mounts, disks, services,
	// packages installed system-wide.
	SystemChange Class = "system_change"
	// RemoteRead reads a remote resource (a cluster, a cloud, a forge).
	RemoteRead Class = "remote_read"
	// RemoteWrite creates or changes a remote resource.
	RemoteWrite Class = "remote_write"
	// RemoteDestroy destroys a remote resource.
	RemoteDestroy Class = "remote_destroy"
)

// Info describes one class.
type Info struct {
	Class Class
	// Summary says in a few words what the class covers.
	Summary string
}

// Classes lists every class, in the order they are documented.
var classes = []Info{
	{FilesystemRead, "reads files or lists directories"},
	{FilesystemWrite, "creates, writes, appends to or moves files"},
	{FilesystemDelete, "deletes files or directories"},
	{PermissionsChange, "changes a file's mode, owner or ACL"},
	{CodeExecution, "runs code that is not on the command line (inline code, scripts, project code)"},
	{NetworkInbound, "fetches data from the network"},
	{NetworkOutbound, "sends data off the machine"},
	{EnvironmentChange, "sets environment variables"},
	{DirectoryChange, "changes the working directory"},
	{ProcessKill, "signals or kills processes"},
	{SystemChange, "changes the system: power, mounts, disks, services"},
	{RemoteRead, "reads a remote resource (cluster, cloud, forge)"},
	{RemoteWrite, "creates or changes a remote resource"},
	{RemoteDestroy, "destroys a remote resource"},
}

// All returns every class with its summary.
func All() []Info { return slices.Clone(classes) }

// Parse reads a class name.
func Parse(name string) (Class, error) {
	for _, c := range classes {
		if string(c.Class) == name {
			return c.Class, nil
		}
	}
	return "", fmt.Errorf("unknown action %q (want one of %s)", name, names())
}

func names() string {
	s := ""
	for i, c := range classes {
		if i > 0 {
			s += ", "
		}
		s += string(c.Class)
	}
	return s
}

// Set is a small set of classes kept in the documented order.
type Set uint32

// Add returns the set with c in it.
func (s Set) Add(c Class) Set {
	for i, info := range classes {
		if info.Class == c {
			return s | 1<<i
		}
	}
	return s
}

// Has reports whether c is in the set.
func (s Set) Has(c Class) bool {
	for i, info := range classes {
		if info.Class == c {
			return s&(1<<i) != 0
		}
	}
	return false
}

// Union returns the classes in either set.
func (s Set) Union(o Set) Set { return s | o }

// Classes returns the set's classes in the documented order.
func (s Set) Classes() []Class {
	var out []Class
	for i, info := range classes {
		if s&(1<<i) != 0 {
			out = append(out, info.Class)
		}
	}
	return out
}
