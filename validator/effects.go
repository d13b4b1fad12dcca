package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// This file is the judge's door to the registry's effects: what a program,
// and every wrapper it came through, does with the files and values its
// words name, as its declaration says (registry.Effect).

// effectTarget is one word a command does something with.
type effectTarget struct {
	act  registry.Act
	word shellparse.Word
	into bool
	// opt is the option whose value the word is, "" for an operand.
	opt string
}

// declaredEffects returns what the program called name (judged by its
// basename) does with the words of argv (argv[0] is the program), by its
// declaration: for a wrapper's own words.
func declaredEffects(name string, argv []shellparse.Word) []effectTarget {
	if len(argv) < 2 || name == "" {
		return nil
	}
	prog, ok := programs.Lookup(path.Base(name))
	if !ok || !prog.HasEffects() {
		return nil
	}
	inv := prog.Resolve(shellparse.RegistryWords(argv[1:]))
	return invocationEffects(&inv, argv[1:])
}

// commandEffects returns what a command does with the words of its argv, by
// the reading it carries.
func commandEffects(c shellparse.SimpleCommand) []effectTarget {
	prog, inv, ok := c.Declared()
	if !ok || len(c.Argv) < 2 || !prog.HasEffects() {
		return nil
	}
	return invocationEffects(inv, c.Argv[1:])
}

// invocationEffects turns an invocation's effects into the words of args
// they name.
func invocationEffects(inv *registry.Invocation, args []shellparse.Word) []effectTarget {
	targets := inv.Effects()
	out := make([]effectTarget, 0, len(targets))
	for _, t := range targets {
		if t.At < 0 || t.At >= len(args) {
			continue
		}
		w := args[t.At]
		if t.Attached {
			w = shellparse.Word{Text: t.Value, Static: w.Static && !t.Dynamic, Params: w.Params, Quoted: w.Quoted}
		}
		out = append(out, effectTarget{act: t.Act, word: w, into: t.Into, opt: t.Opt})
	}
	return out
}

// wrapperEffects returns what the wrappers a command came through do on
// their own: script FILE writes FILE, tar --remove-files deletes its
// sources, systemd-run --setenv sets a variable. A wrapper's effects do not
// vanish when the command inside it is unwrapped.
func wrapperEffects(c shellparse.SimpleCommand) []effectTarget {
	var out []effectTarget
	for _, w := range c.Wrappers {
		if w.Nested && len(w.Argv) > 0 && shellparse.IsShell(w.Argv[0].Text) {
			continue // bash -c: the shell's own words are its script
		}
		out = append(out, declaredEffects(w.Name, w.Argv)...)
	}
	return out
}

// changedWords returns the words of the targets whose act changes a file.
func changedWords(targets []effectTarget) []shellparse.Word {
	var out []shellparse.Word
	for _, t := range targets {
		if !t.act.Changes() || t.act == registry.DeletesTree {
			continue // a recursive delete is judged as one (declaredTreeDeletes)
		}
		w := t.word
		if t.into {
			w = inDir([]shellparse.Word{w})[0]
		}
		out = append(out, w)
	}
	return out
}

// wrapperOwn judges what the wrappers a command came through do on their
// own with what they read and set (their writes are among the command's
// write targets): xargs -a FILE reads FILE; systemd-run --setenv NAME=VALUE
// and run0 --setenv set a variable for the command, judged as an
// assignment would be.
func (ck *checker) wrapperOwn(c shellparse.SimpleCommand) {
	if len(c.Wrappers) == 0 {
		return
	}
	secretSeen := false
	for _, t := range wrapperEffects(c) {
		switch t.act {
		case registry.Reads:
			if !secretSeen && ck.secretWord(t.word, true) {
				secretSeen = true
				ck.add(finding.SecretAccess, "read_secret", NonSevere, t.word.Text+" is read by a wrapper of "+c.Name+", and it holds secrets")
			}
		case registry.SetsEnv:
			ck.wrapperSets(t.word)
		}
	}
}

// wrapperSets judges a NAME=VALUE a wrapper sets.
func (ck *checker) wrapperSets(w shellparse.Word) {
	name, value, _ := strings.Cut(w.Text, "=")
	if !w.Static && !isName(name) {
		ck.add(finding.DangerousEnv, "wrapper_env_dynamic", NonSevere, "sets a variable known only at run time ("+w.Text+") for the command it runs")
		return
	}
	ck.judgeAssign(name, value)
}

// isName reports a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i], i) {
			return false
		}
	}
	return true
}

// commandClasses returns the effect classes of a command: what its
// declaration and its wrappers' say, what its redirections do, and what
// its findings show it does.
func (ck *checker) commandClasses(c shellparse.SimpleCommand, findings []Finding) effect.Set {
	var s effect.Set
	for _, r := range c.Redirects {
		switch {
		case r.Writes():
			s = s.Add(effect.FilesystemWrite)
		case r.Reads():
			s = s.Add(effect.FilesystemRead)
		}
	}
	for _, w := range c.Wrappers {
		if prog, ok := programs.Lookup(path.Base(w.Name)); ok && len(w.Argv) > 0 {
			inv := prog.Resolve(shellparse.RegistryWords(w.Argv[1:]))
			s = s.Union(invocationClasses(&inv))
		}
	}
	if _, inv, ok := c.Declared(); ok {
		s = s.Union(invocationClasses(inv))
	}
	for _, f := range findings {
		s = s.Union(kindClasses(f.Kind))
	}
	return s
}

// invocationClasses returns the effect classes a declaration gives an
// invocation; a read-only verb with no other class reads files.
func invocationClasses(inv *registry.Invocation) effect.Set {
	s := inv.Classes()
	if s == 0 && inv.ReadOnly() {
		s = s.Add(effect.FilesystemRead)
	}
	return s
}

// kindClasses are the effect classes a finding of the kind shows.
func kindClasses(k finding.Kind) effect.Set {
	var s effect.Set
	switch k {
	case finding.RecursiveDelete, finding.RecursiveDeleteLocal:
		s = s.Add(effect.FilesystemDelete)
	case finding.CriticalWrite, finding.SelfModify, finding.ProtectedWrite:
		s = s.Add(effect.FilesystemWrite)
	case finding.PermissionsOpen:
		s = s.Add(effect.PermissionsChange)
	case finding.SecretAccess:
		s = s.Add(effect.FilesystemRead)
	case finding.Exfiltration:
		s = s.Add(effect.NetworkOutbound)
	case finding.PipeToShell:
		s = s.Add(effect.NetworkInbound).Add(effect.CodeExecution)
	case finding.InlineCode, finding.DynamicCode, finding.DynamicCommand:
		s = s.Add(effect.CodeExecution)
	case finding.KillAll:
		s = s.Add(effect.ProcessKill)
	case finding.SystemPower, finding.DiskDestroy, finding.ForkBomb:
		s = s.Add(effect.SystemChange)
	case finding.GitDestructive:
		s = s.Add(effect.FilesystemDelete)
	case finding.DestructiveAction, finding.SQLDestructive:
		s = s.Add(effect.RemoteDestroy)
	case finding.CrontabRemove:
		s = s.Add(effect.SystemChange)
	case finding.GitConfigExec:
		s = s.Add(effect.CodeExecution)
	case finding.DangerousEnv:
		s = s.Add(effect.EnvironmentChange)
	}
	return s
}

// fileVars are variables whose value names a file the program writes: git's
// traces, the TLS key log curl, browsers and Python's ssl write, the
// histories shells and REPLs save.
var fileVars = map[string]bool{
	"GIT_TRACE": true, "GIT_TRACE2": true, "GIT_TRACE2_EVENT": true, "GIT_TRACE2_PERF": true, "GIT_TRACE_PACKET": true,
	"GIT_TRACE_CURL": true, "GIT_TRACE_SETUP": true, "GIT_TRACE_PERFORMANCE": true, "GIT_TRACE_PACK_ACCESS": true,
	"SSLKEYLOGFILE": true, "HISTFILE": true, "LESSHISTFILE": true, "NODE_REPL_HISTORY": true, "PYTHON_HISTORY": true,
}

// varTargets returns the files a command's variables make it write
// (GIT_TRACE=~/.bashrc git status writes ~/.bashrc).
func varTargets(c shellparse.SimpleCommand) []shellparse.Word {
	var out []shellparse.Word
	for _, a := range c.Assigns {
		if fileVars[a.Name] && pathLike(a.Value.Text) {
			out = append(out, a.Value)
		}
	}
	return out
}

// pathLike reports a value that names a file: a path, not a level or a
// descriptor (GIT_TRACE=1, GIT_TRACE=2, GIT_TRACE=true).
func pathLike(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "$")
}
