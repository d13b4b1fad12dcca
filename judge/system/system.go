// Package system judges the commands that reach the machine itself rather
// than files: disks and file systems (dd, mkfs, wipefs, the partition tools),
// power (shutdown, systemctl reboot, kexec), processes (kill -1, killall),
// system configuration (sysctl, mount, ifconfig, nft), scheduled jobs
// (crontab, at), ssh's remote and local commands, and a few shell builtins
// that change what a name runs or print secrets (hash -p, printenv).
//
// Each judgement reads its program's argv by the program's declared grammar
// (registry) and reports through the Host, the command being judged.
package system

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the system judgements need of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// WriteTarget judges one file the command writes.
	WriteTarget(w shellparse.Word, how string)
	// Resolve returns the absolute, cleaned path a static word names.
	Resolve(p string) string
	// DiskTarget returns the path a word names when that is known.
	DiskTarget(w shellparse.Word) (string, bool)
	// DiskLink returns where an absolute path leads on disk, "" when that is
	// not looked up.
	DiskLink(p string) string
	// JudgeJob judges a shell command another program runs later (a
	// crontab job) and adds its findings, each reason prefixed by prefix.
	JudgeJob(script, prefix string)
	// ClientStdin returns what the command reads on standard input, and
	// whether that is known.
	ClientStdin(c shellparse.SimpleCommand) (texts []string, known bool)
	// ProgramFile reads a file of code the current command runs (crontab
	// FILE's jobs), within the command line's file budget.
	ProgramFile(c shellparse.SimpleCommand, p string) (string, bool)
	// InteractiveSession judges a command that opens a session fed what is
	// typed later.
	InteractiveSession(c shellparse.SimpleCommand)
}

// argv is a program's words read by its declaration (shellparse.Reading).
type argv = shellparse.Reading

// declared is the reading a command carries (SimpleCommand.Declared).
func declared(c shellparse.SimpleCommand) (argv, bool) { return shellparse.ReadCommand(c) }

// read reads args against the declaration of the program called name (by
// its basename).
func read(name string, args []shellparse.Word) (argv, bool) { return shellparse.ReadArgs(name, args) }

// operandsOf returns a command's operands by its declared grammar.
func operandsOf(c shellparse.SimpleCommand) []shellparse.Word {
	a, _ := declared(c)
	return a.Operands()
}

// hasOption reports one of the named options, by the declared grammar.
func hasOption(c shellparse.SimpleCommand, names ...string) bool {
	a, _ := declared(c)
	return a.Has(names...)
}

// joinWords joins the words' texts with spaces.
func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// Hash judges hash -p PATH NAME, which makes NAME run another program.
func Hash(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	a, _ := declared(c)
	if p := a.Values("-p"); len(p) > 0 {
		h.Report("dynamic_command", "hash_path", finding.NonSevere, "hash -p makes a command name run "+p[0].Text, "")
	}
}

// Printenv judges printenv NAME and declare -p NAME: secrets shown on
// screen.
func Printenv(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	if c.Name == "env" {
		return
	}
	if c.Name != "printenv" && !hasOption(c, "-p") {
		return
	}
	for _, a := range operandsOf(c) {
		if places.SecretVar(a.Text) {
			h.Report("secret_access", "print_secret", finding.NonSevere, "prints "+a.Text+", which looks like a secret", "")
		}
	}
}

// SevereDynamicVerb judges a program whose verbs include severe ones
// (diskutil eraseDisk, zpool destroy, launchctl reboot) given a verb known
// only at run time: it may be running one of them, and a human should look.
func SevereDynamicVerb(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := registry.Default().Lookup(base)
	if !ok {
		return
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	if !inv.DynamicVerb {
		return
	}
	for _, subs := range [][]*registry.Node{inv.Node.Subs, prog.Node.Subs} {
		for _, s := range subs {
			for _, r := range s.Rules {
				if r.Severity == finding.Severe && len(r.If) == 0 {
					name := strings.TrimPrefix(r.ID, string(r.Kind)+".") + "_dynamic"
					h.Report(r.Kind, name, finding.NonSevere, base+"'s verb is known only at run time and could be "+s.Names[0]+": "+r.Reason, "")
					return
				}
			}
		}
	}
}
