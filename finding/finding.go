// Package finding holds the vocabulary every analysis stage shares: how bad a
// finding is (Severity), what it is (Kind), with one table of every kind, and
// the finding itself (Finding).
// It depends on nothing else in permgate, so the program registry, the
// validator and the policy can all speak it.
package finding

import (
	"encoding/json"
	"fmt"
)

// Severity orders how bad a finding is.
type Severity int

// Severities, lowest first.
const (
	Safe Severity = iota
	NonSevere
	Severe
)

// String returns the severity's stable name: safe, non-severe or severe.
func (s Severity) String() string {
	switch s {
	case Safe:
		return "safe"
	case NonSevere:
		return "non-severe"
	case Severe:
		return "severe"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity reads a severity name.
func ParseSeverity(name string) (Severity, error) {
	switch name {
	case "safe":
		return Safe, nil
	case "non-severe":
		return NonSevere, nil
	case "severe":
		return Severe, nil
	}
	return Safe, fmt.Errorf("unknown severity %q (want safe, non-severe or severe)", name)
}

// MarshalJSON writes the severity's name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity name.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return err
	}
	v, err := ParseSeverity(name)
	*s = v
	return err
}

// Kind names what a finding is. Kinds are snake_case and stable: they are part
// of the JSON output, the audit log and users' rules.
type Kind string

// Info describes one kind.
type Info struct {
	Kind Kind
	// Severity is the kind's severity. A few kinds are reported at either
	// severity; Info then gives the usual one and Mixed is set.
	Severity Severity
	Mixed    bool
	// Summary says in a few words what the kind covers.
	Summary string
}

// The kinds, by severity.
const (
	RecursiveDelete     Kind = "recursive_delete"
	PrivilegeEscalation Kind = "privilege_escalation"
	GitDestructive      Kind = "git_destructive"
	PipeToShell         Kind = "pipe_to_shell"
	DiskDestroy         Kind = "disk_destroy"
	ForkBomb            Kind = "fork_bomb"
	SystemPower         Kind = "system_power"
	PermissionsOpen     Kind = "permissions_open"
	SQLDestructive      Kind = "sql_destructive"
	KillAll             Kind = "kill_all"
	CrontabRemove       Kind = "crontab_remove"
	CriticalWrite       Kind = "critical_write"
	SelfModify          Kind = "self_modify"
	Exfiltration        Kind = "exfiltration"

	RecursiveDeleteLocal Kind = "recursive_delete_local"
	DynamicCommand       Kind = "dynamic_command"
	DynamicCode          Kind = "dynamic_code"
	InlineCode           Kind = "inline_code"
	CommandSubstitution  Kind = "command_substitution"
	IFSManipulation      Kind = "ifs_manipulation"
	DangerousEnv         Kind = "dangerous_env"
	GitConfigExec        Kind = "git_config_exec"
	SecretAccess         Kind = "secret_access"
	ProtectedWrite       Kind = "protected_write"
	ForceWithLease       Kind = "force_with_lease"
	DestructiveAction    Kind = "destructive_action"
	ParseError           Kind = "parse_error"
	TooComplex           Kind = "too_complex"
)

var table = []Info{
	{RecursiveDelete, Severe, false, "rm -r, find -delete and the like on places outside the working directory, on it, or on targets known only at run time"},
	{PrivilegeEscalation, Severe, false, "sudo, doas, su, pkexec, run0 and runuser"},
	{GitDestructive, Severe, false, "git operations that lose work: force push, reset --hard, clean -f, discarding the worktree"},
	{PipeToShell, Severe, false, "code from the network or from an unknown source run by a shell or interpreter"},
	{DiskDestroy, Severe, false, "formatting, partitioning or overwriting a disk"},
	{ForkBomb, Severe, false, "a function that calls itself twice in the background"},
	{SystemPower, Severe, false, "shutdown, reboot, halt and power-off"},
	{PermissionsOpen, Severe, false, "chmod 777 or recursive chmod/chown on critical paths"},
	{SQLDestructive, Severe, false, "DROP, TRUNCATE, DELETE without WHERE, FLUSHALL, dropDatabase"},
	{KillAll, Severe, false, "kill -1 and killall5: every process"},
	{CrontabRemove, Severe, false, "crontab -r"},
	{CriticalWrite, Severe, false, "writing, moving or deleting /, ~ itself, system directories, block devices, ssh keys, sudoers, shell rc files"},
	{SelfModify, Severe, false, "anything that would loosen or remove permgate itself"},
	{Exfiltration, Severe, false, "a secret sent off the machine"},
	{RecursiveDeleteLocal, NonSevere, false, "rm -rf of paths inside the working directory"},
	{DynamicCommand, NonSevere, false, "a command name known only at run time"},
	{DynamicCode, NonSevere, false, "a script known only at run time, or a local program's output evaluated"},
	{InlineCode, NonSevere, false, "code handed to an interpreter or a program on its command line"},
	{CommandSubstitution, NonSevere, false, "a substitution the analysis cannot see inside"},
	{IFSManipulation, NonSevere, false, "changing IFS, which changes how words split"},
	{DangerousEnv, NonSevere, false, "environment variables that make programs run code"},
	{GitConfigExec, NonSevere, false, "git configuration that runs a program"},
	{SecretAccess, NonSevere, false, "reading, copying or searching files that hold secrets"},
	{ProtectedWrite, NonSevere, true, "writing into .git/, agent settings, editor settings, $PATH or a project's .permgate.toml"},
	{ForceWithLease, NonSevere, false, "git push --force-with-lease"},
	{DestructiveAction, NonSevere, false, "destroying things outside the file system: cloud, cluster, registry, database and container resources"},
	{ParseError, NonSevere, false, "a command permgate cannot parse"},
	{TooComplex, NonSevere, false, "a command over permgate's bounds of size, depth or expansion"},
}

// Kinds returns every kind, most severe first. The slice is a copy.
func Kinds() []Info { return append([]Info(nil), table...) }

// Lookup returns a kind's description.
func Lookup(k Kind) (Info, bool) {
	for _, info := range table {
		if info.Kind == k {
			return info, true
		}
	}
	return Info{}, false
}

// Finding is one reason a command is risky: the program registry's rules
// produce them, the validator adds its own, the policy decides on them. Its
// JSON form is {kind, severity, reason, id, suggestion, command}.
type Finding struct {
	Kind     Kind     `json:"kind"`
	Severity Severity `json:"severity"`
	Reason   string   `json:"reason"`
	// ID is the stable id of the rule that found it (kind.name); Suggestion a
	// safer way to the same end, or "".
	ID         string `json:"id"`
	Suggestion string `json:"suggestion"`
	// Command is the simple command's text as written (the whole script for
	// problems that concern it all); the validator fills it in.
	Command string `json:"command"`
}
