package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/lang/git"
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
	// command is the command line a RunsShell value holds.
	command string
}

// declaredEffects returns what the program called name (judged by its
// basename) does with args, the words after its name, by its declaration;
// args are read only when the declaration names effects at all.
func declaredEffects(name string, args []shellparse.Word) []effectTarget {
	if len(args) == 0 || name == "" {
		return nil
	}
	if prog, ok := programs.Get().Lookup(path.Base(name)); !ok || !prog.HasEffects() {
		return nil
	}
	r, ok := readArgs(name, args)
	if !ok {
		return nil
	}
	return invocationEffects(r.Inv, r.Args)
}

// wrapperDeclaredEffects returns what a wrapper does with its own words.
func wrapperDeclaredEffects(w shellparse.Wrapper) []effectTarget {
	if len(w.Argv) == 0 {
		return nil
	}
	return declaredEffects(w.Name, w.Argv[1:])
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
		w := targetWord(t, args)
		if t.URLName {
			var ok bool
			if w, ok = urlNameWord(w); !ok {
				continue
			}
		}
		if len(t.Strip) > 0 {
			var ok bool
			if w, ok = strippedWord(w, t.Strip); !ok {
				continue
			}
		}
		if t.GlobRefs {
			w = globRefsWord(w)
		}
		if t.Options {
			// What the verb writes is named in the file: not known here.
			w = shellparse.Word{Text: "(named in " + w.Text + ")", Subst: true}
		}
		if t.Dir != nil && t.Dir.At >= 0 && t.Dir.At < len(args) {
			w = wordInDir(targetWord(*t.Dir, args), w)
		}
		out = append(out, effectTarget{act: t.Act, word: w, into: t.Into, opt: t.Opt, command: t.Command})
	}
	return out
}

// targetWord returns the word a target names: its option's value when that
// is attached to the option (-oFILE), else the word at t.At.
func targetWord(t registry.Target, args []shellparse.Word) shellparse.Word {
	w := args[t.At]
	if t.Attached {
		w = shellparse.Word{Text: t.Value, Static: w.Static && !t.Dynamic, Params: w.Params, Quoted: w.Quoted}
	}
	return w
}

// globRefsWord returns w with each #N (a glob's match, filled in at run
// time: curl -o '/opt/tools/#1' 'http://h/{pg}') made the pattern *.
func globRefsWord(w shellparse.Word) shellparse.Word {
	if !strings.Contains(w.Text, "#") {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w.Text); i++ {
		if w.Text[i] == '#' && i+1 < len(w.Text) && w.Text[i+1] >= '0' && w.Text[i+1] <= '9' {
			b.WriteByte('*')
			for i+1 < len(w.Text) && w.Text[i+1] >= '0' && w.Text[i+1] <= '9' {
				i++
			}
			w.Glob = true
			continue
		}
		b.WriteByte(w.Text[i])
	}
	w.Text = b.String()
	return w
}

// strippedWord returns w without the first of the suffixes it ends in
// (gunzip ~/.bashrc.gz writes ~/.bashrc); false when it ends in none.
func strippedWord(w shellparse.Word, suffixes []string) (shellparse.Word, bool) {
	for _, suffix := range suffixes {
		if name, ok := strings.CutSuffix(w.Text, suffix); ok && name != "" && !strings.HasSuffix(name, "/") {
			w.Text = name
			return w, true
		}
	}
	return w, false
}

// urlNameWord returns the file a download of the URL in w is saved as: the
// last segment of its path (curl -O, wget, aria2c); false when the URL names
// none (it ends in /, as curl -O then fails) or is known only at run time:
// its name is then one segment, in the directory the download goes to,
// which is judged on its own (--output-dir, -P, -d).
func urlNameWord(w shellparse.Word) (shellparse.Word, bool) {
	if !w.Static {
		return shellparse.Word{}, false
	}
	u := w.Text
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	if _, rest, ok := strings.Cut(u, "://"); ok {
		_, p, hasPath := strings.Cut(rest, "/")
		if !hasPath {
			return shellparse.Word{}, false
		}
		u = p
	}
	name := path.Base(u)
	if strings.HasSuffix(u, "/") || name == "." || name == "/" || name == ".." {
		return shellparse.Word{}, false
	}
	return shellparse.Word{Text: name, Static: true}, true
}

// wordInDir returns the word for name inside dir (curl --output-dir DIR -o
// NAME): static when both are; an absolute name stays as it is.
func wordInDir(dir, name shellparse.Word) shellparse.Word {
	if name.Static && strings.HasPrefix(name.Text, "/") {
		return name
	}
	return shellparse.Word{Text: strings.TrimSuffix(dir.Text, "/") + "/" + name.Text, Static: dir.Static && name.Static,
		Params: append(append([]string(nil), dir.Params...), name.Params...), Subst: dir.Subst || name.Subst, Quoted: dir.Quoted && name.Quoted}
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
		out = append(out, wrapperDeclaredEffects(w)...)
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
// declaration and its wrappers' say, what its redirections and assignments
// do, what its findings show it does, and what running a program permgate
// does not know is (code_execution). A read-only command with no other
// class reads (filesystem_read).
func (ck *checker) commandClasses(c shellparse.SimpleCommand, findings []Finding, readOnly bool) effect.Set {
	s := ck.judgedClasses(c, findings).Union(assignClasses(c)).Union(ck.programClasses(c, readOnly))
	if !readOnly && s&changes.Get() == 0 && writesFile(c) {
		// The judge's own reading of what it writes (sed -i, tar -x, sort
		// -o …) where no declaration says how it changes files.
		s = s.Add(effect.FilesystemWrite)
	}
	if readOnly && (s.Has(effect.RemoteWrite) || s.Has(effect.RemoteDestroy)) {
		// The Go judgement read what the declaration could not (psql -c
		// 'SELECT 1'): the remote verb only reads.
		s = s&^effect.Set(0).Add(effect.RemoteWrite).Add(effect.RemoteDestroy) | effect.Set(0).Add(effect.RemoteRead)
	}
	if readOnly && s == 0 {
		s = s.Add(effect.FilesystemRead)
	}
	return s.Union(remoteNetwork(s))
}

// remoteNetwork is the network a remote class goes over: a remote read
// fetches from it, a remote write or destruction sends to it.
func remoteNetwork(s effect.Set) effect.Set {
	var n effect.Set
	if s.Has(effect.RemoteRead) {
		n = n.Add(effect.NetworkInbound)
	}
	if s.Has(effect.RemoteWrite) || s.Has(effect.RemoteDestroy) {
		n = n.Add(effect.NetworkOutbound)
	}
	return n
}

// changes are the classes that say how a command changes files.
var changes = lazy.Value[effect.Set]{Make: func() effect.Set {
	return effect.Set(0).Add(effect.FilesystemWrite).Add(effect.FilesystemDelete).Add(effect.PermissionsChange)
}}

// writesFile reports a command the judge finds writing a file (not standard
// output nor /dev/null).
func writesFile(c shellparse.SimpleCommand) bool {
	for _, t := range writeTargets(c) {
		if !t.Static || t.Text != "-" && t.Text != "/dev/null" && t.Text != "/dev/stdout" && t.Text != "/dev/stderr" {
			return true
		}
	}
	return false
}

// assignClasses is environment_change for a command that sets variables:
// export, env NAME=VALUE, a prefix NAME=VALUE cmd, a bare assignment (which
// changes what runs next when the variable is in the environment, as PATH
// is). A for or select loop's variable is not counted.
func assignClasses(c shellparse.SimpleCommand) effect.Set {
	for _, as := range c.Assigns {
		if as.Via != "for" && as.Via != "select" {
			return effect.Set(0).Add(effect.EnvironmentChange)
		}
	}
	return 0
}

// programClasses are the classes of what the program itself is, where its
// declaration cannot say: a program permgate does not know, or one run by
// a path outside the system directories (./tool, bin/x, /tmp/git), runs
// code no one has read (code_execution), as an interpreter running a script
// does; git's verbs are judged in Go, and so are their classes.
func (ck *checker) programClasses(c shellparse.SimpleCommand, readOnly bool) effect.Set {
	if c.Name == "" || readOnly || ck.funcs[c.Name] || len(c.Argv) == 0 {
		return 0
	}
	base := path.Base(c.Name)
	switch {
	case strings.Contains(c.Name, "/") || !knownProgram(c.Name) || isInterpreter(base):
		return effect.Set(0).Add(effect.CodeExecution)
	case base == "source" || base == ".":
		return effect.Set(0).Add(effect.CodeExecution) // the script it reads runs in this shell
	case base == "git":
		return git.Classes(ck.gitState.Parse(c.Argv[1:]))
	}
	return 0
}

// judgedClasses are the classes a command's declarations, redirections and
// findings give it.
func (ck *checker) judgedClasses(c shellparse.SimpleCommand, findings []Finding) effect.Set {
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
		if r, ok := readWrapper(w); ok {
			s = s.Union(invocationClasses(r.Inv))
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

// kindEffects are the effect classes a finding of each kind shows.
var kindEffects = lazy.Value[map[finding.Kind][]effect.Class]{Make: func() map[finding.Kind][]effect.Class {
	return map[finding.Kind][]effect.Class{
		finding.RecursiveDelete:      {effect.FilesystemDelete},
		finding.RecursiveDeleteLocal: {effect.FilesystemDelete},
		finding.GitDestructive:       {effect.FilesystemDelete},
		finding.CriticalWrite:        {effect.FilesystemWrite},
		finding.SelfModify:           {effect.FilesystemWrite},
		finding.ProtectedWrite:       {effect.FilesystemWrite},
		finding.PermissionsOpen:      {effect.PermissionsChange},
		finding.SecretAccess:         {effect.FilesystemRead},
		finding.Exfiltration:         {effect.NetworkOutbound},
		finding.PipeToShell:          {effect.NetworkInbound, effect.CodeExecution},
		finding.InlineCode:           {effect.CodeExecution},
		finding.DynamicCode:          {effect.CodeExecution},
		finding.DynamicCommand:       {effect.CodeExecution},
		finding.GitConfigExec:        {effect.CodeExecution},
		finding.KillAll:              {effect.ProcessKill},
		finding.SystemPower:          {effect.SystemChange},
		finding.DiskDestroy:          {effect.SystemChange},
		finding.ForkBomb:             {effect.SystemChange},
		finding.CrontabRemove:        {effect.SystemChange},
		finding.DestructiveAction:    {effect.RemoteDestroy},
		finding.SQLDestructive:       {effect.RemoteDestroy},
		finding.DangerousEnv:         {effect.EnvironmentChange},
	}
}}

// kindClasses are the effect classes a finding of the kind shows.
func kindClasses(k finding.Kind) effect.Set {
	var s effect.Set
	for _, c := range kindEffects.Get()[k] {
		s = s.Add(c)
	}
	return s
}

// fileVars are variables whose value names a file the program writes: git's
// traces, the TLS key log curl, browsers and Python's ssl write, the
// histories shells and REPLs save.
var fileVars = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"GIT_TRACE": true, "GIT_TRACE2": true, "GIT_TRACE2_EVENT": true, "GIT_TRACE2_PERF": true, "GIT_TRACE_PACKET": true,
		"GIT_TRACE_CURL": true, "GIT_TRACE_SETUP": true, "GIT_TRACE_PERFORMANCE": true, "GIT_TRACE_PACK_ACCESS": true,
		"SSLKEYLOGFILE": true, "HISTFILE": true, "LESSHISTFILE": true, "NODE_REPL_HISTORY": true, "PYTHON_HISTORY": true,
	}
}}

// varTargets returns the files a command's variables make it write
// (GIT_TRACE=~/.bashrc git status writes ~/.bashrc).
func varTargets(c shellparse.SimpleCommand) []shellparse.Word {
	var out []shellparse.Word
	for _, a := range c.Assigns {
		if fileVars.Get()[a.Name] && pathLike(a.Value.Text) {
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
