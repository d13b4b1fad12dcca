// Package runs judges the files a command runs: a shell script run by a
// shell, by source or by its path, and the program file a language runtime
// is given. The file's text is read (bounded, through runfiles.Files; a
// file an earlier command of the same script wrote is known by what it
// wrote) and handed back to the host to analyse as if it were written
// inline: a shell script as a nested script, a program in another language
// by that language's tokenizer. A file that cannot be read whole is never
// taken to be harmless: it asks.
package runs

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the room asks of the command being judged.
type Host interface {
	// Report records a finding kind.name on the current command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// RunsPermgate reports a command name that is the path of the permgate
	// program running now: permgate, judged as itself, not a script to read.
	RunsPermgate(name string) bool
	// Resolve returns the absolute, cleaned path a static word names,
	// relative to the directory the command runs in.
	Resolve(p string) string
	// Dir is the directory the command runs in ("" when known only at run
	// time).
	Dir() string
	// RunsDownloaded reports a file an earlier command downloaded: running
	// it is judged as code from outside, where it was downloaded.
	RunsDownloaded(abs string) bool
	// RunsFiles is the reader of the project's files; nil reads none.
	RunsFiles() runfiles.Files
	// RunsDirs lists the project's directories; nil lists none.
	RunsDirs() runfiles.Dirs
	// Home is the home directory, absolute.
	Home() string
	// RunsShellIn analyses text as a shell script the command runs in dir
	// (absolute; "" for the command's own directory), its findings
	// prefixed by how, and reports whether it only reads.
	RunsShellIn(text, how, dir string) (readOnly bool)
	// RunsCode analyses text as a program in lang that name runs, and
	// gives what the tokenizer read of it.
	RunsCode(name, text, how string, lang codescan.Lang, bestEffort bool) codescan.Report
}

// Lang says how a file runs: as a shell script, as a program in a language
// codescan reads, or as something permgate does not read (a binary, an
// interpreter it has no tokenizer for).
type Lang struct {
	// Shell reports a shell script.
	Shell bool
	// Code is the language of a program codescan reads (0 for none).
	Code codescan.Lang
	// Interpreter is the program that runs the file, from its #! line.
	Interpreter string
	// Line is the #! line's interpreter path and its argument (the kernel
	// passes the rest of the line as one word), when the file has one.
	Line []string
	// Dir is the directory a shell script runs in when it is not the
	// command's (direnv runs .envrc in its own directory, git a hook at
	// the worktree's top).
	Dir string
	// Rewrite, when set, gives the shell text the script amounts to (an
	// .envrc's calls of direnv's standard library as .).
	Rewrite func(string) string
	// BestEffort marks a program read as a best effort (a test module):
	// only what it does to known targets is judged; what it leaves to run
	// time is project code, as a module it imports that is not read.
	BestEffort bool
}

// Result is what judging one file found.
type Result struct {
	// Read reports that the file's text was read and analysed.
	Read bool
	// ReadOnly reports a shell script all of whose commands only read.
	ReadOnly bool
	// Project reports a program that is the project's code (a Python or
	// JavaScript file, a binary): it is never read-only.
	Project bool
}

// Bounds on the files one analysis reads.
const (
	// MaxFiles bounds the files one command line's analysis reads, nested
	// scripts included.
	MaxFiles = 64
	// MaxBytes bounds the bytes they hold together.
	MaxBytes = 2 << 20
)

// State is what the room remembers across a script's commands: the files
// written so far, and what was read.
type State struct {
	written map[string]written
	// trees are directories an earlier command wrote files into that it
	// does not name: a file under one holds what is not known.
	trees []string
	// ranCode reports an earlier command that runs the project's code.
	ranCode bool
}

// WroteTree records that the current command writes files it does not name
// under dir (absolute): later, what a file there holds is not known unless
// a later write says.
func (s *State) WroteTree(dir string) {
	s.trees = append(s.trees, dir)
	for p := range s.written {
		if under(p, dir) {
			s.written[p] = written{}
		}
	}
}

// under reports p inside the directory dir.
func under(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// written is what an earlier command wrote into a file: its text when it
// is known, the file it is a copy of, else only that it was written.
type written struct {
	text   string
	known  bool
	copyOf string
	// onDisk reports text appended to what the file holds on disk.
	onDisk bool
}

// Copied records that the current command copies (or moves) the file at
// from into the file at to, both absolute: running to runs what from held
// when it was copied (what an earlier command wrote there, else what is on
// disk).
func (s *State) Copied(from, to string) {
	if from == to {
		return
	}
	if s.written == nil {
		s.written = map[string]written{}
	}
	if w, ok := s.written[from]; ok {
		s.written[to] = w
		return
	}
	s.written[to] = written{copyOf: from}
}

// RanCode records that a command judged earlier runs the project's code
// (python3 gen.py): a file not there now may be there when a later command
// runs it.
func (s *State) RanCode() { s.ranCode = true }

// CopyOf returns the file whose copy (or link) an earlier command made at
// abs, "" for none.
func (s *State) CopyOf(abs string) string { return s.written[abs].copyOf }

// Wrote records that the current command writes the file at abs (absolute),
// with text when known is true. A later command that runs it runs that.
func (s *State) Wrote(abs, text string, known, appends bool) {
	if s.written == nil {
		s.written = map[string]written{}
	}
	if appends {
		prev, ok := s.written[abs]
		switch {
		case !ok && known && !slices.ContainsFunc(s.trees, func(dir string) bool { return under(abs, dir) }):
			// appended to what is on disk: read with it
			s.written[abs] = written{text: text, known: true, onDisk: true}
			return
		case !ok || !prev.known:
			s.written[abs] = written{}
			return
		}
		s.written[abs] = written{text: prev.text + text, known: known, onDisk: prev.onDisk}
		return
	}
	s.written[abs] = written{text: text, known: known}
}

// Budget counts what one analysis has read: the host keeps one per command
// line, shared by its nested scripts.
type Budget struct {
	Files, Bytes int
	// open are the files being judged (absolute): a #! line that runs
	// the file again (#!/bin/sh -x) does not read it twice.
	open map[string]bool
}

// File judges the file at p (as written on the command line) that name runs
// as lang; lang.Shell false and lang.Code 0 means the file runs by its path,
// and its #! line says how. how names the file in findings.
func (s *State) File(h Host, b *Budget, name, p string, lang Lang, how string) Result {
	if h.Dir() == "" && !strings.HasPrefix(p, "/") {
		h.Report("dynamic_code", "script_dir_unknown", finding.NonSevere, how+" is relative to a directory known only at run time: what it runs is not known", "")
		return Result{}
	}
	abs := h.Resolve(p)
	if b.open[abs] {
		return Result{Read: true, Project: true} // judged by the call that opened it
	}
	text, r, ok := s.fileText(h, b, name, abs, lang, how)
	if !ok {
		return r
	}
	if !lang.Shell && lang.Code == 0 {
		dir := lang.Dir // a hook runs at the worktree's top, whatever its #! line
		lang = Shebang(text)
		lang.Dir = dir
		if len(lang.Line) > 1 || len(lang.Line) == 1 && !systemDir(lang.Line[0]) {
			// The line has an argument, or names a program of the
			// project (#!./interp.sh): judge what the kernel runs.
			defer b.close(b.opened(abs))
			shebangLine(h, lang.Line, abs, how)
		}
	}
	if lang.Shell {
		text = scriptSelf(text, abs)
	}
	if lang.Code == 0 {
		return judge(h, name, text, how, lang)
	}
	rep := h.RunsCode(name, text, how, lang.Code, lang.BestEffort)
	s.imports(h, b, name, abs, text, lang, rep)
	return Result{Read: true, Project: true}
}

// ProgramText reads the program file at p (as written) that name loads
// (awk -f FILE, sed -f FILE) within the budget; false, with what could not
// be read reported as for a script, when it is not read.
func (s *State) ProgramText(h Host, b *Budget, name, p, how string) (string, bool) {
	if h.Dir() == "" && !strings.HasPrefix(p, "/") {
		h.Report("dynamic_code", "script_dir_unknown", finding.NonSevere, how+" is relative to a directory known only at run time: what it runs is not known", "")
		return "", false
	}
	text, _, ok := s.fileText(h, b, name, h.Resolve(p), Lang{}, how)
	return text, ok
}

// fileText reads the file at abs within the budget; ok is false when it
// was not read, with the result to give (node's directory entries are
// followed: their file is judged instead).
func (s *State) fileText(h Host, b *Budget, name, abs string, lang Lang, how string) (string, Result, bool) {
	text, err := s.read(h, abs)
	if errors.Is(err, runfiles.ErrNotRegular) && lang.Code == code.FileLang("python3") && !strings.HasSuffix(abs, "/__main__.py") && b.Files < MaxFiles {
		// python DIR runs DIR/__main__.py
		b.Files++
		return "", s.File(h, b, name, path.Join(abs, "__main__.py"), lang, how), false
	}
	if err != nil && lang.Code == codescan.JavaScript {
		if entry, ok := s.nodeEntry(h, abs, err); ok && b.Files < MaxFiles {
			b.Files++ // each step counts: package.json mains may lead in a circle
			return "", s.File(h, b, name, entry, lang, how), false
		}
	}
	if lang.BestEffort && !roomFor(b, text, err) {
		return "", Result{Project: true}, false // project code not read, as the modules the tests import
	}
	if err != nil {
		return "", s.unreadable(h, abs, how, err), false
	}
	if b.Files >= MaxFiles || b.Bytes+len(text) > MaxBytes {
		h.Report("too_complex", "script_files", finding.NonSevere, how+" is past the files permgate reads for one command", "")
		return "", Result{}, false
	}
	b.Files++
	b.Bytes += len(text)
	return text, Result{}, true
}

// roomFor reports whether a file read as a best effort (Lang.BestEffort)
// is read: it fits in half the budget, leaving the rest to the files that
// must be read, and in what the tokenizer reads. One written earlier on the
// line, or not there, is judged as any file is.
func roomFor(b *Budget, text string, err error) bool {
	if err != nil {
		return !errors.Is(err, runfiles.ErrTooLarge) && !errors.Is(err, runfiles.ErrNotRegular)
	}
	return b.Files < MaxFiles/2 && b.Bytes+len(text) <= MaxBytes/2 && len(text) <= codescan.MaxSource
}

// selfNames are how a shell script names its own file: $0, and bash's
// BASH_SOURCE.
var selfNames = lazy.Value[*strings.Replacer]{Make: func() *strings.Replacer {
	return strings.NewReplacer("${BASH_SOURCE[0]}", "\x00", "${BASH_SOURCE}", "\x00", "$BASH_SOURCE", "\x00", "${0}", "\x00", "$0", "\x00")
}}

// scriptSelf writes the script's own path where the script names its file
// ($0, ${BASH_SOURCE[0]}), so that "$(dirname "$0")/inner.sh" is known. A
// path with characters the shell would read is left alone: the names stay
// known only at run time.
func scriptSelf(text, abs string) string {
	if !strings.Contains(text, "$0") && !strings.Contains(text, "{0}") && !strings.Contains(text, "BASH_SOURCE") {
		return text
	}
	for _, r := range abs {
		if !(r == '/' || r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return text
		}
	}
	return strings.ReplaceAll(selfNames.Get().Replace(text), "\x00", abs)
}

// unreadable judges a file File could not read: missing, it runs nothing
// now (the command fails, or runs what a later write puts there); written
// earlier with content not known, or not readable whole, what it runs is
// not known.
func (s *State) unreadable(h Host, abs, how string, err error) Result {
	switch {
	case runfiles.Missing(err) && s.ranCode:
		h.Report("too_complex", "script_written", finding.NonSevere, how+" is not there now, and an earlier command runs the project's code, which may write it: what it runs is not known", "run the command that writes it, read the file, then run it")
		return Result{Project: true}
	case runfiles.Missing(err):
		return Result{}
	case errors.Is(err, errUnknownWrite):
		if !h.RunsDownloaded(abs) {
			// A download run later is judged where it is downloaded; any
			// other write (base64 -d > x.sh) hides what runs.
			h.Report("too_complex", "script_written", finding.NonSevere, how+" is written by an earlier command with content permgate cannot know: what it runs is not known", "write the file in one call, read it, then run it in another")
		}
		return Result{Project: true}
	}
	h.Report("too_complex", "script_unread", finding.NonSevere, how+" cannot be read whole ("+readError(err)+"): what it runs is not known", "read the file, then run it")
	return Result{}
}

// opened marks abs as being judged and returns it.
func (b *Budget) opened(abs string) string {
	if b.open == nil {
		b.open = map[string]bool{}
	}
	b.open[abs] = true
	return abs
}

// close marks abs as judged.
func (b *Budget) close(abs string) { delete(b.open, abs) }

// shebangLine judges the command the kernel runs for a file whose #! line
// has an argument: INTERPRETER ARGUMENT FILE (#!/usr/bin/env -S sh -c
// "…" runs sh -c).
func shebangLine(h Host, line []string, abs, how string) {
	cmd := shellparse.ShellQuote(line[0])
	for _, arg := range line[1:] {
		cmd += " " + shellparse.ShellQuote(arg)
	}
	cmd += " " + shellparse.ShellQuote(abs)
	h.RunsShellIn(cmd, how+" (its #! line)", "")
}

// judge analyses a file's text as lang.
func judge(h Host, name, text, how string, lang Lang) Result {
	switch {
	case lang.Shell:
		if lang.Rewrite != nil {
			text = lang.Rewrite(text)
		}
		return Result{Read: true, ReadOnly: h.RunsShellIn(text, how, lang.Dir)}
	case lang.Code != 0:
		h.RunsCode(name, text, how, lang.Code, lang.BestEffort)
		return Result{Read: true, Project: true}
	}
	return Result{Project: true} // a binary, or a language permgate does not read
}

// overlay is the project's files as a later command of the script sees
// them: what an earlier command wrote, else what is on disk.
func (s *State) overlay(h Host) overlay { return overlay{s: s, h: h} }

type overlay struct {
	s *State
	h Host
}

// Read implements runfiles.Files.
func (o overlay) Read(p string) (string, error) { return o.s.read(o.h, p) }

// List implements runfiles.Dirs: the project's directories with the files
// earlier commands wrote into them, for a reader that expands a pattern
// (make's include *.mk) or collects tests. A directory an earlier command
// wrote files into that it does not name, or wrote a file of unknown text
// into, is not listed.
func (o overlay) List(dir string) ([]fs.DirEntry, error) {
	if o.h.RunsDirs() == nil || o.s.wroteTreeUnder(dir) {
		return nil, errUnknownWrite
	}
	entries, err := o.h.RunsDirs().List(dir)
	prefix := strings.TrimSuffix(dir, "/") + "/"
	for p, w := range o.s.written {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if !isDir && !w.known && w.copyOf == "" {
			return nil, errUnknownWrite
		}
		if !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == name }) {
			entries, err = append(entries, runfiles.Entry(name, isDir)), nil
		}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// appended is what a file on disk holds after text was appended to it.
func (s *State) appended(h Host, abs, text string) (string, error) {
	files := h.RunsFiles()
	if files == nil {
		return "", errUnknownWrite
	}
	base, err := files.Read(abs)
	switch {
	case runfiles.Missing(err):
		return text, nil // >> made the file
	case err != nil:
		return "", err
	}
	return base + text, nil
}

// read returns the file's text: what an earlier command wrote into it, else
// what is on disk.
func (s *State) read(h Host, abs string) (string, error) {
	w, ok := s.written[abs]
	if !ok && slices.ContainsFunc(s.trees, func(dir string) bool { return under(abs, dir) }) {
		return "", errUnknownWrite
	}
	if ok {
		switch {
		case w.copyOf != "":
			abs = w.copyOf // a copy of a file on disk holds what it holds
		case !w.known:
			return "", errUnknownWrite
		case w.onDisk:
			return s.appended(h, abs, w.text)
		default:
			return w.text, nil
		}
	}
	files := h.RunsFiles()
	if files == nil {
		return "", fs.ErrNotExist // no reader: as if no file were there
	}
	text, err := files.Read(abs)
	if ok && runfiles.Missing(err) {
		// a copy of a file not there: the copy fails, or the file comes
		// from elsewhere by the time it runs
		return "", errUnknownWrite
	}
	return text, err
}

var (
	errUnknownWrite = errors.New("an earlier command writes it with content permgate cannot know")
)

// readError is the reason a file could not be read, in a few words.
func readError(err error) string {
	switch {
	case errors.Is(err, runfiles.ErrTooLarge):
		return "it is larger than permgate reads"
	case errors.Is(err, runfiles.ErrNotRegular):
		return "it is not a regular file"
	}
	return "it cannot be read"
}

// Shebang says how a file run by its path runs: its #! line names the
// interpreter (through env, and env -S); a file without one that holds no
// NUL byte is run by the shell; one with a NUL byte is a binary.
func Shebang(text string) Lang {
	if !strings.HasPrefix(text, "#!") {
		if strings.IndexByte(text, 0) >= 0 {
			return Lang{}
		}
		return Lang{Shell: true, Interpreter: "sh"}
	}
	line, _, _ := strings.Cut(text[2:], "\n")
	line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return Lang{Shell: true, Interpreter: "sh"}
	}
	prog := path.Base(fields[0])
	if prog == "env" {
		prog = envProgram(fields[1:])
	}
	lang := InterpreterLang(prog)
	lang.Line = []string{fields[0]}
	if arg := strings.TrimSpace(strings.TrimPrefix(line, fields[0])); arg != "" {
		lang.Line = append(lang.Line, arg)
	}
	return lang
}

// envProgram is the program #!/usr/bin/env [-S] [options] PROG names: its
// first operand that is no assignment, by env's declared grammar.
func envProgram(words []string) string {
	prog, ok := registry.Default().Lookup("env")
	if !ok {
		return ""
	}
	args := make([]registry.Word, len(words))
	for i, w := range words {
		args[i] = registry.Word{Text: w}
	}
	scan := prog.Node.Grammar.Scan(args)
	if split, ok := scan.Value("-S", "--split-string"); ok && split.HasValue {
		// #!/usr/bin/env -S bash -eu: the line's rest is split into words.
		rest := append(strings.Fields(split.Value), words[split.ValueAt+1:]...)
		return envProgram(rest)
	}
	for _, i := range scan.Operands {
		if !strings.Contains(words[i], "=") {
			return path.Base(words[i])
		}
	}
	return ""
}

// InterpreterLang says how a program named by its basename runs a file: a
// shell runs a shell script, a language runtime a program its tokenizer
// may read.
func InterpreterLang(prog string) Lang {
	switch {
	case prog == "":
		return Lang{}
	case shellparse.IsShell(prog):
		return Lang{Shell: true, Interpreter: prog}
	}
	return Lang{Code: code.FileLang(prog), Interpreter: prog}
}

// NamesPlugins reports a config text with a plugins setting (plugins = …
// in an INI or TOML file), which makes a checker load code.
func NamesPlugins(text string) bool {
	for line := range strings.Lines(text) {
		key, _, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(key) == "plugins" {
			return true
		}
	}
	return false
}

// Module judges the files python -m MODULE runs from the working directory,
// which python puts first on its path: each package's __init__.py on the
// way, then MODULE.py or the package's __main__.py. A module found nowhere
// there is one installed, judged as the command's own.
func (s *State) Module(h Host, b *Budget, name, module string) Result {
	dir := h.Dir()
	if dir == "" || module == "" || strings.ContainsAny(module, "/\\") {
		return Result{}
	}
	parts := strings.Split(module, ".")
	python := Lang{Code: code.FileLang("python3")}
	var r Result
	run := func(p string) {
		if got := s.File(h, b, name, p, python, module+" ("+path.Base(p)+", run by "+name+" -m)"); got.Read {
			r = Result{Read: true, Project: true}
		}
	}
	for i := 1; i < len(parts); i++ {
		run(path.Join(append([]string{dir}, append(parts[:i:i], "__init__.py")...)...))
	}
	last := path.Join(append([]string{dir}, parts...)...)
	run(last + ".py")
	run(path.Join(last, "__init__.py"))
	run(path.Join(last, "__main__.py"))
	return r
}

// nodeEntry is the file node runs for a path that is no file (err is why):
// FILE.js for a missing FILE, and for a directory the "main" of its
// package.json (or index.js), as node resolves them.
func (s *State) nodeEntry(h Host, abs string, err error) (string, bool) {
	if runfiles.Missing(err) {
		if path.Ext(abs) == "" {
			if _, e := s.read(h, abs+".js"); e == nil {
				return abs + ".js", true
			}
		}
		return "", false
	}
	if !errors.Is(err, runfiles.ErrNotRegular) {
		return "", false
	}
	main := "index.js"
	if text, e := s.read(h, path.Join(abs, "package.json")); e == nil {
		var pkg struct {
			Main string `json:"main"`
		}
		if json.Unmarshal([]byte(text), &pkg) == nil && pkg.Main != "" {
			main = pkg.Main
		}
	}
	for _, p := range []string{path.Join(abs, main), path.Join(abs, main) + ".js", path.Join(abs, main, "index.js")} {
		if p == abs {
			continue
		}
		if _, e := s.read(h, p); e == nil || !runfiles.Missing(e) {
			return p, true
		}
	}
	return "", false
}

// ExtensionLang is the language a file's name says it holds (.py Python,
// .js .mjs .cjs .ts JavaScript, .rb and a Rakefile Ruby), 0 for any other.
func ExtensionLang(name string) codescan.Lang {
	switch path.Base(name) {
	case "Rakefile", "rakefile", "Gemfile", "Vagrantfile", "Podfile", "Fastfile", "Guardfile", "Capfile", "Berksfile", "Dangerfile", "Brewfile":
		return code.FileLang("ruby")
	}
	switch path.Ext(name) {
	case ".rb", ".rake", ".gemspec":
		return code.FileLang("ruby")
	case ".py":
		return code.FileLang("python3")
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return code.FileLang("node")
	}
	return 0
}

// GitConfig records what `git config KEY VALUE` (c) writes into its config
// file: the setting appended to the file's text, so that a later git
// command of the same line reads it (git config core.hooksPath .githooks
// && git commit runs .githooks/pre-commit). A config file that cannot be
// read is left unknown.
func (s *State) GitConfig(h Host, c shellparse.SimpleCommand) {
	if path.Base(c.Name) != "git" || h.RunsFiles() == nil || h.Dir() == "" {
		return
	}
	file, lines, ok := runfiles.GitConfigWrite(s.overlay(h), h.Home(), h.Dir(), c.Argv[1:])
	if !ok {
		return
	}
	old, err := s.read(h, file)
	if err != nil && !runfiles.Missing(err) {
		s.Wrote(file, "", false, false)
		return
	}
	s.Wrote(file, old+"\n"+lines, true, false)
}
