package validator

import (
	"path"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// hash -p PATH NAME makes NAME run another program.
func (ck *checker) hash(c shellparse.SimpleCommand, args []shellparse.Word) {
	if p := valuesOf(c, "-p"); len(p) > 0 {
		ck.add("dynamic_command", "hash_path", NonSevere, "hash -p makes a command name run "+p[0].Text)
	}
}

// printenv NAME / declare -p NAME: secrets shown on screen.
func (ck *checker) printenv(c shellparse.SimpleCommand, args []shellparse.Word) {
	if c.Name == "env" {
		return
	}
	if c.Name != "printenv" && !hasOption(c, "-p") {
		return
	}
	for _, a := range operandsOf(c) {
		if secretVar(a.Text) {
			ck.add("secret_access", "print_secret", NonSevere, "prints "+a.Text+", which looks like a secret")
		}
	}
}

func init() {
	// The read-only judgements of system tools, by name.
	argChecks["parted"] = partedListing
	argChecks["sysctl"] = sysctlReadOnly
	argChecks["mount"] = mountReadOnly
	argChecks["ifconfig"] = ifconfigReadOnly
	argChecks["nft"] = nftReadOnly
	argChecks["wipefs"] = func(args []shellparse.Word) bool { return !wipefsErases(args) && len(args) > 0 }
}

// severeDynamicVerb: a program whose verbs include severe ones (diskutil
// eraseDisk, zpool destroy, launchctl reboot) given a verb known only at run
// time may be running one of them: a human should look.
func (ck *checker) severeDynamicVerb(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := programs.Lookup(base)
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
				if r.Severity == Severe && len(r.If) == 0 {
					ck.addFinding(Finding{Kind: r.Kind, Severity: NonSevere, ID: r.ID + "_dynamic",
						Reason: OneLine(base + "'s verb is known only at run time and could be " + s.Names[0] + ": " + r.Reason)})
					return
				}
			}
		}
	}
}
