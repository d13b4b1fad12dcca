// Package codescan reads program text given to a language runtime (python3 -c,
// node -e, perl -e, an awk program, expect -c …) with small tokenizers, one per
// language family, and reports as data what the code does that matters to a
// permission gate: the text it hands to a shell, the argv it hands to exec, the
// files it deletes, the files it writes (awk), and whether it forks without end.
//
// The tokenizers skip comments, read string literals with their escapes (raw
// strings, heredocs, interpolation: an interpolated piece is known when it is
// one of a few well-known expressions such as os.path.expanduser("~"), and
// dynamic otherwise), identifiers, dotted names, calls and their argument
// lists, and follow the names the code gives things (import os as o,
// const {execSync} = require("child_process"), x = "rm -rf ~").
//
// The package judges nothing: it does not know which commands are dangerous.
// Code it cannot read whole (a string or bracket left open, too large, too
// deeply nested) is reported with Whole false and what it saw before it
// stopped; a caller must never judge such code safer than code it did not read.
package codescan

// Lang is a language family: the languages that share a tokenizer.
type Lang uint8

// The language families.
const (
	Python Lang = iota + 1
	JavaScript
	Ruby
	Perl
	PHP
	Lua
	Awk
	Tcl
	Scheme
	Groovy
	Elixir
	Erlang
	Julia
	R
	AppleScript
	EmacsLisp
	PowerShell
)

var langNames = [...]string{Python: "python", JavaScript: "javascript", Ruby: "ruby", Perl: "perl", PHP: "php", Lua: "lua",
	Awk: "awk", Tcl: "tcl", Scheme: "scheme", Groovy: "groovy", Elixir: "elixir", Erlang: "erlang", Julia: "julia", R: "r",
	AppleScript: "applescript", EmacsLisp: "emacs-lisp", PowerShell: "powershell"}

// String names the family.
func (l Lang) String() string {
	if int(l) < len(langNames) && langNames[l] != "" {
		return langNames[l]
	}
	return "unknown"
}

// Langs lists every family the package reads.
func Langs() []Lang {
	out := make([]Lang, 0, len(langNames))
	for l := range langNames {
		if langNames[l] != "" {
			out = append(out, Lang(l))
		}
	}
	return out
}

// Shell is a string the code hands to a shell: os.system(TEXT), `TEXT`,
// child_process.execSync(TEXT), awk's system(TEXT) …
type Shell struct {
	// Call is the call as the code names it (os.system, subprocess.run).
	Call string
	// Text is the shell text.
	Text Value
	// Input is what the code writes to the command's standard input (awk's
	// print … | "cmd"), when that is known text; nil otherwise.
	Input *Value
	// Privileged reports a command run with administrator rights
	// (AppleScript's do shell script … with administrator privileges).
	Privileged bool
}

// Exec is an argv the code hands to exec, no shell between:
// subprocess.run([...]), os.execvp, child_process.spawn, Perl's system LIST.
type Exec struct {
	Call string
	Argv []Value
}

// Delete is a file or directory the code deletes.
type Delete struct {
	Call   string
	Target Value
	// Recursive reports a delete of a whole tree (shutil.rmtree, rm_rf,
	// fs.rmSync with recursive: true).
	Recursive bool
}

// Write is a file the code writes (awk's print > FILE).
type Write struct {
	Call   string
	Target Value
	Append bool
}

// Network is a call that connects to another machine: an HTTP request, a
// socket, a mail or file transfer client (urllib.request.urlopen, fetch,
// Net::HTTP.post).
type Network struct {
	Call string
	// Target is the first argument, the address when the call takes one
	// there.
	Target Value
}

// Report is what one program does, as far as the tokenizer read it.
type Report struct {
	Shell   []Shell
	Exec    []Exec
	Deletes []Delete
	Writes  []Write
	Network []Network
	// Power lists the calls that shut down, restart or put the machine to
	// sleep (AppleScript's tell application "System Events" to shut down).
	Power []string
	// ForkLoop reports a loop that forks processes without end (perl's
	// fork while fork, ruby's loop { fork }, python's while True: os.fork()).
	ForkLoop bool
	// Unread lists what runs code the tokenizer could not follow: an eval of
	// text built at run time, an indirect call through a name known only at
	// run time, a library the program loads (gawk's @load).
	Unread []string
	// Modules are the modules the code loads by a name it gives in full
	// (__import__("a.b"), importlib.import_module("plugins." + "x"),
	// runpy.run_module("m")), and Files the program files it runs
	// (runpy.run_path("x.py")): the project's own are read as its imports.
	Modules, Files []string
	// Whole reports that the tokenizer read the code to its end; Problem says
	// why not.
	Whole   bool
	Problem string
}

// Limits on what one scan reads.
const (
	// MaxSource is the largest program text read, in bytes.
	MaxSource = 64 << 10
	// maxTokens bounds the tokens of one text (with its interpolations).
	maxTokens = 1 << 15
	// maxNesting bounds brackets inside brackets.
	maxNesting = 64
	// maxDepth bounds evals of known text and interpolations inside
	// interpolations.
	maxDepth = 4
	// maxEffects bounds the records of each kind one scan keeps.
	maxEffects = 64
	// maxSteps bounds the evaluator's work over one scan.
	maxSteps = 1 << 18
)

// Scan reads src as a program of the family lang.
func Scan(lang Lang, src string) Report { return ScanVars(lang, src, nil) }

// ScanVars reads src as Scan does, with the variables vars already set to
// known text (awk -v name=value).
func ScanVars(lang Lang, src string, vars map[string]string) Report {
	sc := newScope()
	for name, v := range vars {
		sc.set(name, valueExpr(text(v)))
	}
	r := &run{rep: Report{Whole: true}}
	fam := familyOf(lang)
	switch {
	case fam == nil:
		r.fail("no tokenizer for the language")
	case len(src) > MaxSource:
		r.fail("the program is larger than the tokenizer reads")
	default:
		r.program(fam, src, 0, sc)
	}
	return r.rep
}

// run is one scan's shared state: the report, the work done and the problem met.
type run struct {
	rep    Report
	steps  int
	tokens int
}

// fail records that the code was not read whole.
func (r *run) fail(why string) {
	if r.rep.Whole {
		r.rep.Whole = false
		r.rep.Problem = why
	}
}

// step counts work and reports whether the budget still allows more.
func (r *run) step() bool {
	r.steps++
	if r.steps > maxSteps {
		r.fail("the program takes more work to read than the tokenizer allows")
		return false
	}
	return true
}

// program reads src (the code, or the text of an eval in it) at eval depth
// depth, with the names bound so far.
func (r *run) program(fam *family, src string, depth int, sc *scope) {
	if depth > maxDepth {
		r.fail("evals nested deeper than the tokenizer follows")
		return
	}
	fam.read(r, src, depth, sc)
}

func (r *run) shell(s Shell) {
	if len(r.rep.Shell) < maxEffects {
		r.rep.Shell = append(r.rep.Shell, s)
	}
}

func (r *run) exec(e Exec) {
	if len(e.Argv) > 0 && len(r.rep.Exec) < maxEffects {
		r.rep.Exec = append(r.rep.Exec, e)
	}
}

func (r *run) delete(d Delete) {
	if len(r.rep.Deletes) < maxEffects {
		r.rep.Deletes = append(r.rep.Deletes, d)
	}
}

func (r *run) write(w Write) {
	if len(r.rep.Writes) < maxEffects {
		r.rep.Writes = append(r.rep.Writes, w)
	}
}

func (r *run) network(n Network) {
	if len(r.rep.Network) < maxEffects {
		r.rep.Network = append(r.rep.Network, n)
	}
}

func (r *run) power(call string) {
	if len(r.rep.Power) < maxEffects {
		r.rep.Power = append(r.rep.Power, call)
	}
}

func (r *run) unread(what string) {
	if len(r.rep.Unread) < maxEffects {
		r.rep.Unread = append(r.rep.Unread, what)
	}
}

// module records a module the code loads by a known name.
func (r *run) module(name string) {
	if len(r.rep.Modules) < maxEffects {
		r.rep.Modules = append(r.rep.Modules, name)
	}
}

// file records a program file the code runs by a known path.
func (r *run) file(p string) {
	if len(r.rep.Files) < maxEffects {
		r.rep.Files = append(r.rep.Files, p)
	}
}
