package validator

import (
	"slices"

	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/shellparse"
)

// The methods below are what judge/self (permgate's own files, program and
// variables) asks of the command being judged, beyond host.go's.

// SelfPaths is the validator's knowledge of permgate's own files.
func (ck *checker) SelfPaths() *self.Paths { return ck.v.self }

// SelfState is what judge/self remembers across the script's commands.
func (ck *checker) SelfState() *self.State { return &ck.self }

// SelfRealPaths returns p, p through the script's links, and p through the
// links on disk, without repeats.
func (ck *checker) SelfRealPaths(p string) []string { return ck.realPaths(p) }

// SelfKnownPath returns the path a write target names when permgate can tell.
func (ck *checker) SelfKnownPath(w shellparse.Word) (string, bool) { return ck.knownPath(w) }

// SelfReadOnly reports a command that only reads.
func (ck *checker) SelfReadOnly(c shellparse.SimpleCommand) bool { return ck.readOnly(c) }

// SelfInterpreter reports a language runtime's name (python3, node).
func (ck *checker) SelfInterpreter(base string) bool { return isInterpreter(base) }

// SelfCopyTargets returns what mv, cp, install, ln, rsync and scp write.
func (ck *checker) SelfCopyTargets(c shellparse.SimpleCommand) []shellparse.Word {
	return copyTargets(c)
}

// SelfExtractDirs returns the directories an archiver unpacks into, by its
// declaration.
func (ck *checker) SelfExtractDirs(name string, args []shellparse.Word) []shellparse.Word {
	return extractDirs(name, args)
}

// SelfGitCloneDestination is the directory git clone URL DIR clones into.
func (ck *checker) SelfGitCloneDestination(args []shellparse.Word) []shellparse.Word {
	return gitCloneDestination(args)
}

// SelfFindRoots splits find's words, by its declared grammar, into the paths it
// starts from and its expression.
func (ck *checker) SelfFindRoots(args []shellparse.Word) (roots, expr []shellparse.Word) {
	return shellparse.FindRoots(args)
}

// SelfNoteLink remembers a link the script made, so later writes through it are
// judged by what it points at.
func (ck *checker) SelfNoteLink(link, target string) {
	if ck.links == nil {
		ck.links = map[string]string{}
	}
	ck.links[link] = target
}

// SelfCommand is the command being judged.
func (ck *checker) SelfCommand() shellparse.SimpleCommand { return ck.res.Commands[ck.index] }

// SelfPipeChain is the pipeline that feeds the command being judged, nearest
// first: the earlier commands that pipe their output on, from the one
// before it, or from the nearest command its input names (Stdin.From) when
// that one is not next to it (a second reading of the same words stands
// between: foo -- xargs bar).
func (ck *checker) SelfPipeChain() []shellparse.SimpleCommand {
	var chain []shellparse.SimpleCommand
	start := ck.index - 1
	if from := ck.res.Commands[ck.index].Stdin.From; len(from) > 0 && (start < 0 || !ck.res.Commands[start].PipesOut) {
		start = slices.Max(from)
	}
	for j := start; j >= 0 && j < ck.index && ck.res.Commands[j].PipesOut; j-- {
		chain = append(chain, ck.res.Commands[j])
	}
	return chain
}

// SelfPipeWriters is how many commands write into the command's standard
// input: the statements its Stdin.From names, each reading of one counted
// once.
func (ck *checker) SelfPipeWriters() int {
	from := ck.res.Commands[ck.index].Stdin.From
	if len(from) < 2 {
		return len(from)
	}
	var seen []int
	for _, j := range from {
		if j >= 0 && j < len(ck.res.Commands) && !slices.Contains(seen, ck.res.Commands[j].Offset) {
			seen = append(seen, ck.res.Commands[j].Offset)
		}
	}
	return len(seen)
}

// selfCheck is a judge/self judgement as a dispatch check.
func selfCheck(f func(self.Host, shellparse.SimpleCommand, []shellparse.Word)) check {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) { f(ck, c, args) }
}

// selfPaths builds the judge/self knowledge of permgate's files for v's
// environment.
func selfPaths(v *Validator) *self.Paths {
	env := v.env
	return self.NewPaths(self.Env{Cwd: env.Cwd, Home: env.Home, StateDirs: env.StateDirs, XDGStateHome: env.XDGStateHome,
		Binary: env.Binary, Resolve: env.Resolve, LinkTarget: env.LinkTarget, Exists: env.Exists, PathDirs: env.PathDirs, HarnessHomes: env.HarnessHomes,
		JudgedAlone: func(p string) bool { return v.critical(p) != "" || topDir(p) != "" }})
}
