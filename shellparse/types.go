// Package shellparse reads a shell script the way bash will and lists every simple
// command that could run, wherever it stands, with wrappers (sudo, env, xargs,
// bash -c …) unwrapped and nested scripts parsed recursively.
//
// It judges nothing: classifying a command is the validator's job. It records the
// facts the validator needs — argv with dynamic words marked, wrappers, redirects,
// where standard input comes from, which substitution or function holds the command
// — and the structural problems it met (parse errors, bounds reached).
package shellparse

import "github.com/permgate/permgate/internal/shword"

// InputKind says where a command's standard input comes from.
type InputKind string

// Kinds of standard input.
const (
	InputInherited  InputKind = ""
	InputPipe       InputKind = "pipe"
	InputHereString InputKind = "here-string"
	InputHereDoc    InputKind = "here-document"
	InputFile       InputKind = "file"
)

// Input describes a command's standard input.
type Input struct {
	Kind InputKind `json:"kind,omitempty"`
	// Text is the content of a here-string or here-document (the source text when
	// it is not static).
	Text string `json:"text,omitempty"`
	// Static reports that Text is exactly what the command reads.
	Static bool `json:"static,omitempty"`
	// Subst reports a command substitution inside a here-string or here-document.
	Subst bool `json:"subst,omitempty"`
	// From lists the indexes (in Result.Commands) of the commands whose output is
	// piped in; empty when the writer is not a simple command permgate saw.
	From []int `json:"from,omitempty"`
}

// Redirect is one redirection that applies to a command.
type Redirect struct {
	// Op is the operator as written: > >> < <> >| &> &>> <<< << <<- >& <&.
	Op string `json:"op"`
	// Fd is the descriptor written before the operator, or "" for the default.
	Fd string `json:"fd,omitempty"`
	// Target is the file, descriptor or here-string word.
	Target Word `json:"target"`
}

// Writes reports whether the redirect opens a file for writing. Duplicating a
// descriptor (>&2) and the null and standard-stream devices do not count.
func (r Redirect) Writes() bool {
	switch r.Op {
	case ">", ">>", ">|", "&>", "&>>", "<>":
	case ">&":
		// >&file (not a number or -) writes the file.
		if isFdWord(r.Target) {
			return false
		}
	default:
		return false
	}
	if r.Target.Static {
		switch r.Target.Text {
		case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty":
			return false
		}
	}
	return true
}

// Reads reports whether the redirect opens a file for reading.
func (r Redirect) Reads() bool {
	switch r.Op {
	case "<", "<>":
		return true
	case "<&":
		return !isFdWord(r.Target)
	}
	return false
}

func isFdWord(w Word) bool {
	if !w.Static {
		return false
	}
	if w.Text == "-" {
		return true
	}
	for _, c := range w.Text {
		if c < '0' || c > '9' {
			return false
		}
	}
	return w.Text != ""
}

// Assign is a variable assignment: a prefix (X=1 cmd), a bare assignment, an
// export/declare/local argument or an env wrapper's NAME=VALUE.
type Assign struct {
	Name  string `json:"name"`
	Value Word   `json:"value"`
	// Via names the construct: "prefix", "bare", "export", "declare", "local",
	// "readonly", "typeset", "env", "for"; "nameref" for declare -n
	// NAME=TARGET (Value names the variable NAME stands for), and
	// "reference" for a write through a nameref, reported as an assignment
	// to its target (Name is "$NAME" when the target is not known).
	Via string `json:"via"`
}

// Wrapper is a command that ran the simple command: sudo, env, timeout, xargs,
// find -exec, a shell's -c script, eval …
type Wrapper struct {
	// Name is the wrapper's command name (system bin directory removed).
	Name string `json:"name"`
	// Argv is the wrapper's own words, up to the wrapped command.
	Argv []Word `json:"argv"`
	// Nested reports that the command came from a script the wrapper parses
	// (bash -c, eval, su -c, watch, a here-document into a shell).
	Nested bool `json:"nested,omitempty"`
}

// SimpleCommand is one command that could run.
type SimpleCommand struct {
	// Argv is the command and its arguments after unwrapping. Empty for a bare
	// assignment (X=1), which runs nothing but changes the shell.
	Argv []Word `json:"argv"`
	// Name is Argv[0]'s static text with a system bin directory removed; empty
	// when the name is dynamic or absent.
	Name string `json:"name"`
	// Wrappers lists the wrappers the command came through, outermost first.
	Wrappers []Wrapper `json:"wrappers,omitempty"`
	// Assigns lists assignments that apply to this command.
	Assigns []Assign `json:"assigns,omitempty"`
	// Redirects lists the command's redirections, including those of enclosing
	// compound commands.
	Redirects []Redirect `json:"redirects,omitempty"`
	// Stdin says where standard input comes from.
	Stdin Input `json:"stdin"`
	// PipesOut reports that the command's output goes into a pipe.
	PipesOut bool `json:"pipes_out,omitempty"`
	// Background reports a command run with & or as a coprocess.
	Background bool `json:"background,omitempty"`
	// Alternative reports one of several readings of one command, each with
	// another value the script may give a variable it uses (x=a or x=b, for
	// x in a b): the script runs one or more of them, in an order the list
	// does not show, so what one of them changes (cd) is not known after.
	Alternative bool `json:"alternative,omitempty"`
	// OrElse reports a command on the right of || (a || b): it runs only
	// when what stands on the left failed, so what it changes (cd) may not
	// have happened, and what the left changed may not have either.
	OrElse bool `json:"or_else,omitempty"`
	// Subst names the substitution holding the command: "$(", "`", "<(", ">(",
	// or "" at the top.
	Subst string `json:"subst,omitempty"`
	// Function names the function whose body holds the command.
	Function string `json:"function,omitempty"`
	// Depth is the nested-script depth (0 at the top).
	Depth int `json:"depth"`
	// Script describes a shell or eval whose script could not be followed.
	Script *OpaqueScript `json:"script,omitempty"`
	// Source is the command's text as written.
	Source string `json:"source"`
	// Offset is the byte offset of Source in the top-level script (nested
	// commands carry the offset of the outermost command that holds them).
	Offset int `json:"offset"`

	// scan is the registry's reading of Argv (Declared), shared by copies.
	scan *declaredScan
}

// OpaqueScript records a script argument permgate could not read statically.
type OpaqueScript struct {
	// Word is the script word as written.
	Word Word `json:"word"`
	// Subst reports that the script holds a command substitution's output: code
	// that comes from another program.
	Subst bool `json:"subst"`
}

// ProblemKind names a structural problem.
type ProblemKind string

// Problems the parser can meet.
const (
	ProblemParse      ProblemKind = "parse_error"
	ProblemTooComplex ProblemKind = "too_complex"
)

// Problem is something that stopped the analysis from seeing all of the script.
type Problem struct {
	Kind   ProblemKind `json:"kind"`
	Reason string      `json:"reason"`
	Source string      `json:"source,omitempty"`
}

// ForkBombKind names the structure of a fork bomb.
type ForkBombKind string

// Kinds of fork bombs.
const (
	// ForkBombLoop is an endless loop whose body starts background jobs
	// and never waits: while true; do cmd & done.
	ForkBombLoop ForkBombKind = "loop"
	// ForkBombFunction is a function that calls itself, directly or through
	// other functions, with a call in a pipeline or in the background:
	// :(){ :|:& };:.
	ForkBombFunction ForkBombKind = "function"
)

// ForkBomb is a structure of the script that starts processes without end.
type ForkBomb struct {
	Kind ForkBombKind `json:"kind"`
	// Function names the function that calls itself (ForkBombFunction).
	Function string `json:"function,omitempty"`
	// Command is the index in Result.Commands of a command the structure
	// starts over and over, or -1 when none was recorded.
	Command int `json:"command"`
	// Source is the structure's text as written.
	Source string `json:"source"`
}

// Result is the analysis of one script.
type Result struct {
	Commands []SimpleCommand `json:"commands"`
	Problems []Problem       `json:"problems,omitempty"`
	// Functions lists the functions the script declares.
	Functions []string `json:"functions,omitempty"`
	// ForkBombs lists the structures that start processes without end.
	ForkBombs []ForkBomb `json:"fork_bombs,omitempty"`
	// Work is the steps the analysis took: bytes parsed, words each
	// unwrapping step looked at, words recorded (see Options.MaxWork).
	Work int `json:"work"`
}

// Options bound the analysis.
type Options struct {
	// Home is the home directory used for tilde expansion; empty leaves ~ dynamic.
	Home string
	// MaxDepth bounds nested scripts (bash -c inside bash -c …). Default 32.
	MaxDepth int
	// MaxBytes bounds the script size. Default 2 MiB.
	MaxBytes int
	// MaxCommands bounds the number of simple commands collected. Default 1000.
	MaxCommands int
	// MaxNesting bounds the syntactic nesting of compound commands and
	// substitutions, and of brackets, quotes and substitutions counted before
	// parsing. Default 256.
	MaxNesting int
	// MaxWords bounds the words, operators and expansions counted before parsing. Default
	// DefaultMaxWords.
	MaxWords int
	// Known reports a program the analysis knows (besides the wrappers and
	// shells shellparse knows itself). For a program it does not know, every
	// argv suffix after `--`, or one that begins with a known program, is also
	// analysed as a command (some-runner exec -- rm -rf ~, faketime 0 rm -rf ~).
	// nil turns the principle off.
	Known func(name string) bool
	// MaxWork bounds the steps one analysis may take (Result.Work): past it
	// the analysis stops and reports too_complex. A step is a byte of the
	// script parsed (two for a nested script's byte, whose tree is kept
	// while the scripts inside it are parsed), a word an unwrapping step
	// reads (four for each word of an option scan over the whole command),
	// or a 96th of a word recorded for judging (judging a word costs about
	// as much as parsing 96 bytes). Zero means the default
	// bound: the input's size, for reading it, and for what it holds
	// DefaultWorkBase plus DefaultWorkPerByte steps a byte, at most
	// DefaultMaxWork. No input costs more than a fixed amount per byte, and
	// none more than a fixed amount beyond reading it.
	MaxWork int
	// Stop, when set, reports that the answer no longer waits for this
	// analysis (its deadline passed): the walk then stops at its next step,
	// so that nothing of an abandoned analysis runs on.
	Stop func() bool
}

// Defaults for Options.
const (
	DefaultMaxDepth    = 32
	DefaultMaxBytes    = shword.MaxScriptBytes
	DefaultMaxCommands = 1000
	DefaultMaxNesting  = 256
	// DefaultWorkPerByte, DefaultWorkBase and DefaultMaxWork make the default
	// work bound (Options.MaxWork).
	DefaultWorkPerByte = 48
	DefaultWorkBase    = 1 << 15
	DefaultMaxWork     = 2 << 20
)

// recordWeight is the steps recording one word for judging costs, and
// nestedParseWeight those parsing one byte of a nested script (its tree is
// kept while the scripts it holds are parsed).
const (
	recordWeight      = 96
	nestedParseWeight = 2
	// expandWeight is the steps each word brace expansion adds costs
	// before it is recorded: it is made and kept.
	expandWeight = 16
	// scanWeight is the steps an unwrapping step's option scan costs for
	// each word it reads (it allocates for each); a step that reads only
	// its own words costs one a word.
	scanWeight = 4
)

// workBound is the work bound for an input of size bytes: reading it, and
// what it holds.
func (o Options) workBound(size int) int {
	if o.MaxWork > 0 {
		return o.MaxWork
	}
	return size + min(DefaultWorkBase+DefaultWorkPerByte*size, DefaultMaxWork)
}

// WorkBound is the default work bound for an input of size bytes.
func WorkBound(size int) int { return Options{}.workBound(size) }

func (o Options) withDefaults() Options {
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxCommands <= 0 {
		o.MaxCommands = DefaultMaxCommands
	}
	if o.MaxNesting <= 0 {
		o.MaxNesting = DefaultMaxNesting
	}
	if o.MaxWords <= 0 {
		o.MaxWords = DefaultMaxWords
	}
	return o
}
