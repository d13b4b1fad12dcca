package shellparse

import (
	"path"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// systemBinDirs are the directories whose programs are the system tools: /bin/rm
// is rm, but ./rm and /tmp/rm are not.
var systemBinDirs = []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/usr/local/sbin/"}

// InSystemBin reports a program path in a system bin directory
// (/usr/bin/env, /bin/sh): a tool of the system, not the project's.
func InSystemBin(p string) bool {
	for _, dir := range systemBinDirs {
		if rest, ok := strings.CutPrefix(p, dir); ok && rest != "" && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// CommandName returns the name a static command word runs: the word with a system
// bin directory removed, and another name of a known program read as that
// program (grm is rm, lua5.4 is lua: canonicalProgram). It is empty for a
// dynamic word.
func CommandName(w Word) string {
	if !w.Static {
		return ""
	}
	name := w.Text
	if strings.HasPrefix(name, "/") {
		name = path.Clean(name) // //bin/rm, /usr/bin/../bin/rm and /./bin/rm are /bin/rm
	}
	for _, dir := range systemBinDirs {
		if rest, ok := strings.CutPrefix(name, dir); ok && rest != "" && !strings.Contains(rest, "/") {
			return canonicalProgram(rest)
		}
	}
	return canonicalProgram(name)
}

// shells are the programs that run a script given with -c, or read one from stdin.
var shells = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "mksh": true,
		"ash": true, "fish": true, "tcsh": true, "csh": true, "yash": true, "posh": true,
		"ksh93": true, "mksh-static": true, "lksh": true, "pdksh": true, "oksh": true, "loksh": true, "rbash": true, "elvish": true, "hush": true,
	}
}}

// IsShell reports whether a command name (any directory) is a shell.
func IsShell(name string) bool { return shells.Get()[path.Base(name)] }

// stepKind says what unwrapping one word of a command found.
type stepKind int

const (
	stepDone   stepKind = iota // not a wrapper: the command is what it is
	stepWrap                   // a wrapper: go on with rest
	stepScript                 // a nested script to parse
	stepOpaque                 // a nested script permgate cannot read
	stepFind                   // find with -exec commands
)

// step is the result of looking at a command's first word.
type step struct {
	kind    stepKind
	used    int      // words the wrapper used (its name, options, operands)
	rest    []Word   // the wrapped command
	script  Word     // for stepScript/stepOpaque
	assigns []Assign // NAME=VALUE words a wrapper set
	input   bool     // the wrapper appends words read from input (xargs)
	// alsoDynamic reports a dynamic word among the wrapper's options: it may be
	// the command itself.
	alsoDynamic bool
	// positional are $0, $1 … of a -c script.
	positional []Word
	// alsoScript is another word that may be the script (stepOpaque).
	alsoScript *Word
	dynAt      int
	holders    []string // placeholders the wrapper replaces in the wrapped words
	execs      [][]Word // for stepFind: the commands -exec runs
	// scanned is how many of the command's words the step looked at; 0
	// means all of them.
	scanned int
	// fresh reports a rest made of words the command did not hold as
	// written (env -S splits one word into several): an unknown program
	// among them gets the principle afresh.
	fresh bool
	// alsoRest reports, for stepOpaque, that the words after the opaque
	// script may be the command too (env -S "$X" rm -rf ~: $X may split
	// into options only).
	alsoRest bool
	// ranOut reports a registry step whose option scan reached the end of
	// the words it was given without finding the command.
	ranOut bool
	// xargs is where an xargs reads the words it adds (xargsinput.go).
	xargs *xargsInput
}

// unwrapStep looks at a command whose first word is name and says what it is.
func unwrapStep(name string, argv []Word) step {
	base := path.Base(name)
	switch {
	case IsPermgate(name):
		return permgateStep(argv)
	case IsShell(name):
		return shellStep(argv)
	case base == "env":
		return envStep(argv)
	case base == "eval":
		return evalStep(argv)
	case base == "command":
		return commandStep(argv)
	case base == "watch":
		return watchStep(argv)
	case base == "find":
		return findStep(argv)
	case base == "busybox" || base == "toybox" || base == "coreutils":
		return multicallStep(argv)
	case base == "parallel":
		return parallelStep(argv)
	case name == "su" || name == "runuser":
		return suStep(argv)
	case base == "mapfile" || base == "readarray":
		return mapfileStep(argv)
	case base == "git":
		return gitStep(argv)
	case base == "tmux":
		return tmuxStep(argv)
	case base == "screen":
		return screenStep(argv)
	case strings.HasPrefix(base, "ld-") && strings.Contains(base, ".so") || base == "ld.so" || strings.HasPrefix(base, "ld64.so"):
		// The dynamic loader runs the program it is given: /lib64/ld-linux-x86-64.so.2 /bin/rm.
		return loaderStep(argv)
	case base == "alias":
		return aliasStep(argv)
	case base == "trap":
		return trapStep(argv)
	}
	prog, ok := programs.Get().Lookup(base)
	if !ok || !prog.RunsCommands() {
		return step{scanned: 1} // not a wrapper: only the name was read
	}
	if prog.Node.Runs != nil && name != base {
		return step{} // /tmp/sudo is not sudo; ~/.local/bin/uv run is still uv run
	}
	return registryStep(base, prog, argv)
}

// LongOption returns which of the full long option names (without --) the word
// abbreviates, as getopt_long accepts any unambiguous prefix. An ambiguous prefix
// returns its first match: permgate assumes the worst reading.
func LongOption(word string, full []string) (name, value string, hasValue, ok bool) {
	if !strings.HasPrefix(word, "--") || len(word) < 3 {
		return "", "", false, false
	}
	typed, value, hasValue := strings.Cut(word[2:], "=")
	for _, f := range full {
		if f == typed {
			return f, value, hasValue, true
		}
	}
	for _, f := range full {
		if strings.HasPrefix(f, typed) {
			return f, value, hasValue, true
		}
	}
	return "", value, hasValue, false
}

func scriptOrOpaque(w Word, used int) step {
	if w.Static {
		return step{kind: stepScript, used: used, script: w}
	}
	return step{kind: stepOpaque, used: used, script: w}
}

func joinedScript(words []Word, used int) step {
	texts := make([]string, len(words))
	joined := Word{Static: true}
	held := false
	for i, w := range words {
		texts[i] = w.Text
		held = held || w.Placeholder
		mergeDynamic(&joined, w)
	}
	joined.Text = strings.Join(texts, " ")
	if held && !joined.Static {
		// fd -x's {} or xargs' input in a joined script: known only at run
		// time, and what the words around it run is judged as well.
		known := Word{Text: joined.Text, Static: true}
		return step{kind: stepOpaque, used: used, script: joined, alsoScript: &known}
	}
	if len(words) == 1 {
		joined = joined.withOrigin(words[0].Origin())
	}
	if !joined.Static {
		return step{kind: stepOpaque, used: used, script: joined}
	}
	return step{kind: stepScript, used: used, script: joined}
}

// mapfileStep: mapfile -C CALLBACK runs CALLBACK every -c lines. The options
// are read with the builtin's declared grammar, past the array's name too
// (mapfile ARR -C CB), up to --; each -C given is judged.
func mapfileStep(argv []Word) step {
	g := *mustBuiltin(path.Base(argv[0].Text))
	g.Posix = false
	sc := g.Scan(RegistryWords(argv[1:]))
	return valuesScript(argv, sc.Values("-C"), len(argv))
}

// mustBuiltin returns the declared grammar of a builtin the parser reads.
func mustBuiltin(name string) *registry.Grammar {
	g, ok := registry.Builtin(name)
	if !ok {
		panic("shellparse: no declared grammar for builtin " + name)
	}
	return g
}

// isEnvAssign reports env's NAME=VALUE: env takes any name without = (even
// BASH_FUNC_f%%, which bash imports as a function).
func isEnvAssign(t string) bool {
	name, _, ok := strings.Cut(t, "=")
	return ok && name != "" && !strings.HasPrefix(name, "-")
}

func isAssignWord(t string) bool {
	name, _, ok := strings.Cut(t, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// multicallStep unwraps a multi-call binary (busybox, toybox, coreutils):
// its first operand is the program it runs (busybox rm -rf ~), and GNU
// coreutils also takes it as --coreutils-prog=NAME, keeping the rest as the
// program's arguments. The binary's own options are read with their declared
// grammar; any other (--list, --install) runs no program. A word known only
// at run time where the program stands is the program.
func multicallStep(argv []Word) step {
	sc := mustUnwrapped("multicall").Scan(RegistryWords(argv[1:]))
	if p := sc.Opts; len(p) > 0 && p[0].Name == "--coreutils-prog" && p[0].At == 0 && p[0].HasValue && p[0].Value != "" {
		// The program's own options follow: the first word is coreutils' only one.
		rest := append([]Word{optionWord(argv, p[0])}, argv[p[0].ValueAt+2:]...)
		return step{kind: stepWrap, used: p[0].ValueAt + 1, rest: rest}
	}
	if len(sc.Opts) > 0 || len(sc.Operands) == 0 {
		return step{}
	}
	at := sc.Operands[0] + 1
	return step{kind: stepWrap, used: at, rest: argv[at:]}
}
