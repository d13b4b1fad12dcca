package registry

import (
	"github.com/permgate/permgate/internal/lazy"
)

// builtinGrammars are the option grammars of the shell builtins that assign
// the names they are given, or run a script they are given: bash's builtins
// stop at the first operand.
var builtinGrammars = lazy.Value[map[string]*Grammar]{Make: func() map[string]*Grammar {
	return map[string]*Grammar{
		"read":      {Short: "a:d:ei:n:N:p:rst:u:", Posix: true},
		"printf":    {Short: "v:", Posix: true},
		"wait":      {Short: "fnp:", Posix: true},
		"mapfile":   {Short: "d:n:O:s:tu:C:c:", Posix: true},
		"readarray": {Short: "d:n:O:s:tu:C:c:", Posix: true},
		"unset":     {Short: "fnv", Posix: true},
		// eval takes no options, only --; trap's -l, -p and -P list.
		"eval": {Posix: true},
		"trap": {Short: "lpP", Posix: true},
	}
}}

// Builtin returns the option grammar of a shell builtin that assigns the
// names it is given (read, printf -v, wait -p, mapfile, readarray, unset) or
// that the parser reads for the script it runs (eval, trap).
func Builtin(name string) (*Grammar, bool) {
	g, ok := builtinGrammars.Get()[name]
	return g, ok
}

// unwrappedGrammars are the option grammars of the wrappers whose command the
// parser finds with semantics of their own (the dynamic loader, watch,
// screen, tmux, su): only their options are declared here.
var unwrappedGrammars = lazy.Value[map[string]*Grammar]{Make: func() map[string]*Grammar {
	return map[string]*Grammar{
		// ld.so [OPTIONS] PROGRAM: long options only, spelled out.
		"ld.so": {Posix: true, Exact: true, Long: []string{"library-path=", "inhibit-rpath=", "audit=", "preload=", "argv0=",
			"glibc-hwcaps-prepend=", "glibc-hwcaps-mask=", "list", "verify", "inhibit-cache", "list-tunables", "list-diagnostics", "help", "version"}},
		// watch [OPTIONS] COMMAND: -x runs the command's words as they are, not
		// with sh -c.
		"watch": {Posix: true, Short: "bcd::eghn:pq:tvwx", Long: []string{"beep", "color", "no-color", "differences=?", "errexit", "chgexit",
			"equexit=", "interval=", "precise", "no-title", "no-wrap", "no-linewrap", "exec", "shotsdir=", "help", "version"}},
		// screen [OPTIONS] [COMMAND]: -X sends a screen command to a session.
		"screen": {Posix: true, Short: "aAc:dDe:E:fh:ilLmOp:qQrRs:S:t:T:UvxX", Words: []string{"Logfile=", "wipe", "ls", "list", "fn", "fa", "ln"}},
		// su and runuser [OPTIONS] [-] [USER [ARGS]]: -c (--command,
		// --session-command) runs a script, read wherever it stands (su USER -c
		// CMD hands it to the user's shell); runuser -u USER CMD runs CMD.
		"su": {Short: "c:fg:G:lmpPs:u:w:", Long: []string{"command=", "session-command=", "fast", "group=", "supp-group=", "login",
			"preserve-environment", "pty", "shell=", "whitelist-environment=", "user="}},
		// busybox, toybox and coreutils APPLET ARGS: the multi-call binaries'
		// own options list or install applets; GNU coreutils also takes the
		// program as --coreutils-prog=NAME.
		"multicall": {Posix: true, Exact: true, Long: []string{"coreutils-prog=", "list", "list-full", "install", "help", "version"}},
		// tmux [OPTIONS] [COMMAND [ARGS]] [; COMMAND …]: -c runs a shell command.
		"tmux": {Posix: true, Short: "2CDhlNuVvc:f:L:S:T:"},
		// permgate [OPTIONS] SUBCOMMAND [OPTIONS|OPERANDS]: its own command line,
		// options anywhere. An abbreviation of several names is read as the
		// option that can loosen the gate (--c is --config).
		"permgate": {Short: "hn:", Long: permgateLong, Prefer: permgateLoosening},
		// permgate exec|check|guard [OPTIONS] [--] COMMAND…: the options end at
		// the command.
		"permgate exec": {Posix: true, Short: "hn:", Long: permgateLong, Prefer: permgateLoosening},
		// bash, sh, zsh, dash [LONG OPTIONS] [-+OPTIONS] [-c SCRIPT | -s] [ARGS]:
		// -c or +c makes the first operand a script string, -s or +s reads the
		// script from standard input (bash sets both for either sign); -o NAME
		// and -O SHOPT take the next word even inside a cluster (-xo pipefail),
		// for either sign. Long options are spelled out (bash takes no
		// abbreviations), and bash takes them with one dash too (Words: -login,
		// -rcfile F); dash and zsh read those as clusters of letters (-rcfile is
		// -r -c …), so the parser reads a shell every way (with and without
		// Words, and as "zsh").
		"shell": {Posix: true, Exact: true, PlusClusters: true, Short: "abcefhiklmnprstuvxBCDEHPT", Next: "oO",
			Long: shellLongOptions, Words: shellLongOptions},
		// zsh [OPTIONS] [-c SCRIPT | -s] [ARGS]: as "shell", but -o (+o) takes
		// its option name attached or as the next word (-oerrexit, -xo
		// errexit), -O is a flag, and every --NAME is an option flag.
		"zsh": {Posix: true, Exact: true, PlusClusters: true, Short: "abcefhiklmnprstuvxBCDEHOPT" + "o:"},
	}
}}

// permgateLong are permgate's long options; permgateLoosening those that can
// make it looser than the policy in force, which an ambiguous abbreviation
// is read as.
var (
	permgateLong = []string{"config=", "profile=", "mode=", "prompt-timeout=", "lines=", "decision=",
		"fail-closed", "json", "help", "version", "cycle", "short", "reset", "print-config", "user"}
	permgateLoosening = []string{"config", "profile", "mode", "fail-closed"}
)

// shellLongOptions are bash's long options: --rcfile F and --init-file F
// take a value.
var shellLongOptions = []string{"rcfile=", "init-file=", "debug", "debugger", "dump-po-strings", "dump-strings", "help", "login",
	"noediting", "noprofile", "norc", "posix", "pretty-print", "protected", "restricted", "verbose", "version", "wordexp"}

// Unwrapped returns the option grammar of a wrapper the parser unwraps with
// semantics of its own ("ld.so" for the dynamic loader, "watch", "screen",
// "tmux", "su" for su and runuser, "multicall" for busybox, toybox and
// coreutils, "shell" for bash, sh, dash and the other shells, "zsh" for
// zsh's reading of their options, "permgate" for permgate's own command
// line and "permgate exec" for its exec, check and guard).
func Unwrapped(name string) (*Grammar, bool) {
	g, ok := unwrappedGrammars.Get()[name]
	return g, ok
}
