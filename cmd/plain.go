package cmd

import "github.com/permgate/permgate/harness"

// runPlain answers the two calls a harness or a shell makes before every
// command in their plain form, with no option — `hook NAME` for a harness
// permgate knows and `check -- CMD...` — by calling the command's work
// directly: building and walking cobra's tree (its help and completion
// commands, the flag sets, the search for the command) is about a tenth of
// such a call's own work in a fresh process (docs/speed.md). Any other form,
// a mistake included, is left to the tree (ok false), which answers it as
// before; TestHotCommandsAnswerAsTheWholeTree holds both to the same output.
func runPlain(io streams, args []string) (code int, ok bool) {
	switch {
	case len(args) == 2 && args[0] == "hook":
		h, known := harness.Lookup(args[1])
		if !known {
			return 0, false
		}
		return runHook(io, &globalFlags{}, h, ""), true
	case len(args) >= 3 && args[0] == "check" && args[1] == "--":
		return runCheck(io, &globalFlags{}, args[2:], "", false), true
	}
	return 0, false
}
