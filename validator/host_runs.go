package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/judge/runs"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// The checker's side of judge/runs: the files a command runs are read and
// analysed as if their text stood on the command line.

// scriptDir is the directory a script being classified starts in: a
// script file's (nestedCwd), else Env.Cwd; a new command line also starts
// a new file budget.
func (v *Validator) scriptDir() string {
	if v.nesting == 0 {
		v.fileBudget = runs.Budget{}
	}
	if v.nesting > 0 && v.nestedCwd != "" {
		return v.nestedCwd
	}
	return v.env.Cwd
}

// fileRun is what judge/runs found of the file the current command runs.
type fileRun struct {
	at     int // the command's index; -1 for none
	result runs.Result
}

// CodeRunFile reads and judges the file p that the current command runs
// (judge/code asks for it: bash FILE, source FILE, bash < FILE, python3 FILE).
func (ck *checker) CodeRunFile(c shellparse.SimpleCommand, p string, shell bool, lang codescan.Lang) {
	ck.sourcing = shell && (c.Name == "source" || c.Name == ".")
	ck.runFile(c.Name, p, runs.Lang{Shell: shell, Code: lang, Interpreter: c.Name}, path.Base(p)+" (run by "+c.Name+")")
	ck.sourcing = false
}

// CodeRunMatched judges the files the current command runs that a pattern
// or a find matches (judge/runs' Matched).
func (ck *checker) CodeRunMatched(c shellparse.SimpleCommand, m code.Matched, shell bool, lang codescan.Lang) {
	ck.ran = fileRun{at: ck.index, result: ck.runState().Matched(ck, &ck.v.fileBudget, c.Name, m, runs.Lang{Shell: shell, Code: lang, Interpreter: c.Name})}
}

// runFile judges one file and keeps the result for the current command.
func (ck *checker) runFile(name, p string, lang runs.Lang, how string) {
	if strings.HasPrefix(p, "~/") {
		p = path.Join(ck.v.env.Home, p[2:])
	}
	if known, ok := ck.knownPath(shellparse.Word{Text: p}); ok && strings.HasPrefix(p, "$") {
		p = known // "$PWD/run.sh", "$HOME/x.sh"
	}
	r := ck.runState().File(ck, &ck.v.fileBudget, name, p, lang, how)
	ck.ran = fileRun{at: ck.index, result: r}
}

// ranFile returns what judge/runs found of the file command i runs.
func (ck *checker) ranFile(i int) (runs.Result, bool) {
	if ck.ran.at != i {
		return runs.Result{}, false
	}
	return ck.ran.result, true
}

// RunsDownloaded reports a file an earlier command downloaded (judge/flow).
func (ck *checker) RunsDownloaded(abs string) bool { return ck.flow.Downloaded(abs) }

// RunsDirs lists the project's directories (Env.Dirs).
func (ck *checker) RunsDirs() runfiles.Dirs { return ck.v.env.Dirs }

// RunsFiles is the reader of the project's files (Env.Files).
func (ck *checker) RunsFiles() runfiles.Files { return ck.v.env.Files }

// RunsShellIn analyses a shell script the current command runs in dir
// ("" for the command's own), with its positional parameters known only at
// run time; it reports whether every command of it only reads.
func (ck *checker) RunsShellIn(text, how, dir string) bool {
	if dir == "" {
		dir = ck.dir
	}
	return ck.nestedIn(text, how, dir)
}

// RunsCode analyses a program file in lang that name runs, as inline code
// in that language is.
func (ck *checker) RunsCode(name, text, how string, lang codescan.Lang, bestEffort bool) codescan.Report {
	if len(text) > codescan.MaxSource {
		ck.add("too_complex", "code_file_unread", NonSevere, how+" is larger than permgate's tokenizer reads: what it runs is not known")
		return codescan.Report{}
	}
	rep := code.FileText(ck, how, text, lang, bestEffort)
	self.CodeText(ck, how, text)
	return rep
}

// pendingWrite is a command judged earlier and the directory it ran in.
type pendingWrite struct {
	index int
	dir   string
	tree  bool // it writes files it does not name (writesUnnamed)
	code  bool // it runs the project's code, which may write any file
}

// writesUnnamed reports a command that writes files it does not name
// (judge/runs' WritesUnnamed).
func writesUnnamed(rec CommandRecord) bool {
	writes := rec.Effects.Has(effect.FilesystemWrite)
	named := writes && (slices.ContainsFunc(writeTargets(rec.Command), func(w shellparse.Word) bool { return w.Static }) ||
		slices.ContainsFunc(rec.Command.Redirects, func(r shellparse.Redirect) bool { return r.Writes() && r.Target.Static }))
	return runs.WritesUnnamed(rec.Command, writes, named, rec.ProjectCode)
}

// runState is judge/runs' state once told of the writes of the commands
// judged so far: worked out only when a command runs a file, so that a
// script that runs none costs nothing here.
func (ck *checker) runState() *runs.State {
	if len(ck.pending) > 0 {
		dir := ck.dir
		for _, p := range ck.pending {
			ck.dir = p.dir
			ck.noteWrites(ck.res.Commands[p.index])
			if p.tree && p.dir != "" {
				ck.runs.WroteTree(p.dir)
			}
			if p.code {
				ck.runs.RanCode()
			}
		}
		ck.dir, ck.pending = dir, ck.pending[:0]
	}
	return ck.runs
}

// noteWrites records the files the current command writes for judge/runs:
// a later command of the script that runs one runs what was written. The
// text is known when echo, printf or cat of a here-document prints it into
// the file by a redirection; any other write leaves it unknown.
func (ck *checker) noteWrites(c shellparse.SimpleCommand) {
	text, static, printed := printedText(c)
	if c.Name == "echo" && !echoNoNewline(c.Argv[1:]) {
		text += "\n" // what a later >> appends starts on a line of its own
	}
	for _, r := range c.Redirects {
		if !r.Writes() || !r.Target.Static {
			continue
		}
		stdout := r.Fd == "" || r.Fd == "1"
		known := printed && static && stdout && r.Op != "<>"
		if from, ok := runs.CatCopy(c); ok && stdout && (r.Op == ">" || r.Op == ">|") {
			ck.runs.Copied(ck.resolve(from), ck.resolve(r.Target.Text)) // cat a.sh > b.sh
			continue
		}
		ck.runs.Wrote(ck.resolve(r.Target.Text), text, known, r.Op == ">>" || r.Op == "&>>")
	}
	ck.runs.GitConfig(ck, c)
	if runs.PermissionsOnly(c) {
		return // chmod +x run.sh leaves its text as it was
	}
	copies := ck.copies(c)
	for to, from := range copies {
		ck.runs.Copied(from, to) // before the source itself is marked moved
	}
	for _, t := range writeTargets(c) {
		if !t.Static {
			continue
		}
		abs := ck.resolve(t.Text)
		switch _, copied := copies[abs]; {
		case copied:
		case ck.links[abs] != "":
			ck.runs.Copied(ck.links[abs], abs) // ln -s: the link runs what it leads to
		default:
			ck.runs.Wrote(abs, "", false, false)
		}
	}
}

// copies returns the files the command copies or moves one file into
// (judge/runs' Copy), each with its source, absolute. A target may be a
// directory, so the file named after the source inside it is one too.
func (ck *checker) copies(c shellparse.SimpleCommand) map[string]string {
	src, dsts, ok := runs.Copy(c)
	if !ok {
		return nil
	}
	from, out := ck.resolve(src), map[string]string{}
	for _, d := range dsts {
		to := ck.resolve(d)
		out[to] = from
		ck.runs.Copied(from, path.Join(to, path.Base(from)))
	}
	return out
}

// classes returns whether command i runs project code, and its effect
// classes: project code runs code (code_execution).
func (ck *checker) classes(i int, findings []Finding, readOnly bool) (bool, effect.Set) {
	project := ck.projectCode(i)
	set := ck.commandClasses(ck.res.Commands[i], findings, readOnly)
	if project {
		set = set.Add(effect.CodeExecution)
	}
	return project, set
}

// projectCode reports that command i runs the project's own code: a file
// judge/runs read as a program, a verb the registry declares Project, or
// python -m pytest.
func (ck *checker) projectCode(i int) bool {
	if r, ok := ck.ranFile(i); ok && r.Project {
		return true
	}
	// python -m pytest and a checker loading plugins are judge/runs'
	// (CodeRunModule, Command): what they ran says so.
	_, inv, ok := ck.res.Commands[i].Declared()
	return ok && inv.Project()
}

// filesReadOnly says whether command c only reads by the files it runs:
// a shell script whose every command only reads does (bash check.sh
// running git diff and ls); project code (a checker whose config loads
// plugins) does not.
// known is false when its files do not say.
func (ck *checker) filesReadOnly(c shellparse.SimpleCommand) (readOnly, known bool) {
	if r, ok := ck.ranFile(ck.index); ok && (r.Read || r.Project) && ck.res.Commands[ck.index].Offset == c.Offset {
		return r.ReadOnly && !r.Project, true // project code never only reads
	}
	return false, false
}

// recordRun keeps what judge/runs found for the current command, when it
// read or ran anything.
func (ck *checker) recordRun(r runs.Result) {
	if r.Read || r.Project {
		ck.ran = fileRun{at: ck.index, result: r}
	}
}

// CodeRunModule judges the module python -m MODULE runs (judge/runs'
// PythonModule).
func (ck *checker) CodeRunModule(c shellparse.SimpleCommand, module string, args []shellparse.Word) {
	ck.recordRun(ck.runState().PythonModule(ck, &ck.v.fileBudget, c.Name, module, args, ck.v.env.Home))
}

// RunsPermgate reports the path of the permgate program running now
// (judge/runs' Host).
func (ck *checker) RunsPermgate(name string) bool {
	return ck.v.self.RunningProgram(ck.resolve(name))
}

// commandRuns judges the files the current command runs by its name, its
// wrappers and its declaration (judge/runs' Command).
func (ck *checker) commandRuns(c shellparse.SimpleCommand) {
	ck.recordRun(ck.runState().Command(ck, &ck.v.fileBudget, c, ck.v.env.Home))
}

// systemProgram returns the command as the system program it runs when it
// is run by a path that leads to one: a link on disk (./tidy -> /bin/rm),
// or a link or copy an earlier command made (ln -s /bin/rm t; cp /bin/rm t).
// Such a command is judged by the program's name, as /bin/rm is.
func (ck *checker) systemProgram(c shellparse.SimpleCommand) (shellparse.SimpleCommand, bool) {
	if len(c.Argv) == 0 || !strings.Contains(c.Name, "/") || shellparse.InSystemBin(c.Name) {
		return c, false
	}
	abs := ck.resolve(c.Name)
	if ck.v.self.RunningProgram(abs) {
		// The permgate program running now, by its path (/opt/tools/pg
		// log): judged as permgate, its reads read-only, its loosening
		// edits self_modify.
		prog := c
		word := shellparse.Word{Text: "permgate", Static: true}
		prog.Argv = append([]shellparse.Word{word}, c.Argv[1:]...)
		prog.Name = "permgate"
		return prog, true
	}
	target := ck.links[abs]
	if target == "" && ck.runs != nil {
		target = ck.runState().CopyOf(abs)
	}
	if target == "" && ck.v.env.LinkTarget != nil && ck.dir != "" {
		target = ck.v.env.LinkTarget(abs)
	}
	if !shellparse.InSystemBin(target) {
		return c, false
	}
	prog := c
	word := shellparse.Word{Text: target, Static: true}
	prog.Argv = append([]shellparse.Word{word}, c.Argv[1:]...)
	prog.Name = shellparse.CommandName(word)
	return prog, true
}

// echoNoNewline reports echo -n (alone or with -e, -E): no newline ends
// what it prints.
func echoNoNewline(args []shellparse.Word) bool {
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") || strings.Trim(a.Text[1:], "neE") != "" || a.Text == "-" {
			return false
		}
		if strings.Contains(a.Text, "n") {
			return true
		}
	}
	return false
}

// linkedRunner judges a link to a shell or a wrapper (./sh2 -c '…', ./xa
// rm -rf), written as written, as the command line it amounts to: the parser unwrapped the
// command by the name it was written with, so what the program runs is
// read again under its real name. Its input is then not the pipe's: what
// the program reads from it is known only at run time.
func (ck *checker) linkedRunner(c shellparse.SimpleCommand, written string) {
	prog, ok := programs.Get().Lookup(c.Name)
	if !shellparse.IsShell(c.Name) && (!ok || prog.Family != "wrappers") {
		return
	}
	words := make([]string, len(c.Argv))
	for i, w := range c.Argv {
		if !w.Static {
			ck.add("dynamic_command", "linked_runner", NonSevere, written+" (a link to "+c.Argv[0].Text+") runs what "+w.Text+" holds at run time")
			return
		}
		words[i] = shellparse.ShellQuote(w.Text)
	}
	ck.nested(strings.Join(words, " "), written+" (a link to "+c.Argv[0].Text+")")
}
