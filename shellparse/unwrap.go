package shellparse

import (
	"path"
	"slices"
	"strings"
)

// systemBinDirs are the directories whose programs are the system tools: /bin/rm
// is rm, but ./rm and /tmp/rm are not.
var systemBinDirs = []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/usr/local/sbin/"}

// CommandName returns the name a static command word runs: the word with a system
// bin directory removed. It is empty for a dynamic word.
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
			return rest
		}
	}
	return name
}

// shells are the programs that run a script given with -c, or read one from stdin.
var shells = map[string]bool{
	"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "mksh": true,
	"ash": true, "fish": true, "tcsh": true, "csh": true, "yash": true, "posh": true,
}

// IsShell reports whether a command name (any directory) is a shell.
func IsShell(name string) bool { return shells[path.Base(name)] }

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
	case base == "busybox":
		if len(argv) > 1 && argv[1].Static && !strings.HasPrefix(argv[1].Text, "-") {
			return step{kind: stepWrap, used: 1, rest: argv[1:]}
		}
		return step{}
	case base == "parallel":
		return parallelStep(argv)
	case name == "su" || name == "runuser":
		return suStep(argv)
	case base == "mapfile" || base == "readarray":
		if cb := shortValueWord(argv[1:], 'C', "dnOsuc"); cb != nil {
			return scriptOrOpaque(*cb, len(argv))
		}
		return step{}
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
	prog, ok := programs.Lookup(base)
	if !ok || !prog.RunsCommands() {
		return step{}
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

// shellStep reads a shell's options: -c SCRIPT runs a script string.
func shellStep(argv []Word) step {
	hasC := false
	i := 1
	for i < len(argv) {
		w := argv[i]
		if !w.Static {
			if !hasC {
				i++ // bash $OPTS -c …: the word may be options; go on looking for -c
				continue
			}
			break
		}
		t := w.Text
		if t == "--" || t == "-" {
			i++
			break
		}
		if strings.HasPrefix(t, "--") {
			switch t {
			case "--rcfile", "--init-file":
				i += 2
			default:
				i++
			}
			continue
		}
		if (strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+")) && len(t) > 1 {
			opts := t[1:]
			if strings.Contains(opts, "c") {
				hasC = true
			}
			if strings.ContainsAny(opts, "oO") {
				i++ // -o option / -O shopt take an argument
			}
			i++
			continue
		}
		break
	}
	if !hasC {
		return step{} // a script file or standard input: the validator judges
	}
	if i >= len(argv) {
		return step{}
	}
	st := scriptOrOpaque(argv[i], i+1)
	// bash -c SCRIPT NAME ARGS…: $0 is NAME, $1… are ARGS.
	st.positional = append([]Word(nil), argv[i+1:]...)
	if st.kind == stepOpaque && !argv[i].Subst && !argv[i].Quoted && i+1 < len(argv) && argv[i+1].Static {
		// bash -c $OPTS 'script': an unquoted word may vanish or be options, and
		// the next word be the script. Judge that reading too.
		st.alsoScript = &argv[i+1]
	}
	return st
}

// envStep reads env's options and NAME=VALUE words.
func envStep(argv []Word) step {
	var st step
	var split []Word
	i := 1
	for i < len(argv) {
		w := argv[i]
		if !w.Static {
			if strings.HasPrefix(w.Text, "-") {
				i++ // --chdir="$D": an option with a value known only at run time
				continue
			}
			if !st.alsoDynamic && i+1 < len(argv) {
				// env $OPTS rm …: the word may be the command or options. Judge both.
				st.alsoDynamic, st.dynAt = true, i
				i++
				continue
			}
			break
		}
		t := w.Text
		if t == "--" {
			i++
			break
		}
		if t == "-" {
			i++
			continue
		}
		if strings.HasPrefix(t, "--") {
			long, val, hasVal, _ := LongOption(t, envLongOptions)
			switch {
			case long == "split-string":
				if !hasVal {
					if i+1 >= len(argv) {
						return step{}
					}
					i++
					if !argv[i].Static {
						return step{kind: stepOpaque, used: i + 1, script: argv[i]}
					}
					val = argv[i].Text
				}
				words, ok := splitEnvString(val)
				if !ok {
					return step{kind: stepOpaque, used: i + 1, script: staticWord(val)}
				}
				split = append(split, words...)
			case (long == "unset" || long == "chdir") && !hasVal:
				i++
			}
			i++
			continue
		}
		if strings.HasPrefix(t, "-") {
			next, s, ok := envCluster(argv, i)
			if !ok {
				return step{kind: stepOpaque, used: next, script: s}
			}
			if s.Text != "" || s.Static {
				words, good := splitEnvString(s.Text)
				if !good {
					return step{kind: stepOpaque, used: next, script: s}
				}
				split = append(split, words...)
			}
			i = next
			continue
		}
		if isEnvAssign(t) {
			n, v, _ := strings.Cut(t, "=")
			st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: "env"})
			i++
			continue
		}
		break
	}
	rest := append(append([]Word(nil), split...), argv[min(i, len(argv)):]...)
	var cmdStart int
	for cmdStart < len(rest) && rest[cmdStart].Static && isEnvAssign(rest[cmdStart].Text) {
		n, v, _ := strings.Cut(rest[cmdStart].Text, "=")
		st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: "env"})
		cmdStart++
	}
	if cmdStart >= len(rest) {
		if st.alsoDynamic {
			// env X=1 $CMD --version: the dynamic word is the command.
			st.kind, st.used, st.rest, st.alsoDynamic = stepWrap, st.dynAt, argv[st.dynAt:], false
			return st
		}
		// env with no command prints the environment.
		return step{kind: stepDone, assigns: st.assigns}
	}
	st.kind, st.used, st.rest = stepWrap, i, rest[cmdStart:]
	return st
}

var envLongOptions = []string{"ignore-environment", "null", "unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal", "list-signal-handling", "debug", "help", "version"}

// envCluster reads one word of env's short options (-i, -iu NAME, -vS STRING).
// It returns the index after the options, the -S string when one was given
// (Static false and Text "" when none), and ok false for a dynamic -S string.
func envCluster(argv []Word, i int) (int, Word, bool) {
	t := argv[i].Text
	for j := 1; j < len(t); j++ {
		switch t[j] {
		case 'u', 'C', 'P':
			if j+1 < len(t) {
				return i + 1, Word{}, true
			}
			return i + 2, Word{}, true
		case 'S':
			if j+1 < len(t) {
				return i + 1, staticWord(t[j+1:]), true
			}
			if i+1 >= len(argv) {
				return i + 1, Word{}, true
			}
			if !argv[i+1].Static {
				return i + 2, argv[i+1], false
			}
			return i + 2, argv[i+1], true
		}
	}
	return i + 1, Word{}, true
}

// splitEnvString splits env -S's string the way env does: whitespace-separated,
// with single and double quotes and backslash escapes. A $ makes it dynamic.
func splitEnvString(s string) ([]Word, bool) {
	var words []Word
	var cur strings.Builder
	inWord := false
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '$':
			return nil, false
		case quote == '"':
			if c == '"' {
				quote = 0
			} else if c == '\\' && i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, staticWord(cur.String()))
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if inWord {
		words = append(words, staticWord(cur.String()))
	}
	return words, true
}

// evalStep joins eval's words into a script.
func evalStep(argv []Word) step {
	words := argv[1:]
	if len(words) > 0 && words[0].Static && words[0].Text == "--" {
		words = words[1:]
	}
	if len(words) == 0 {
		return step{}
	}
	return joinedScript(words, len(argv))
}

func joinedScript(words []Word, used int) step {
	texts := make([]string, len(words))
	joined := Word{Static: true}
	for i, w := range words {
		texts[i] = w.Text
		mergeDynamic(&joined, w)
	}
	joined.Text = strings.Join(texts, " ")
	if !joined.Static {
		return step{kind: stepOpaque, used: used, script: joined}
	}
	return step{kind: stepScript, used: used, script: joined}
}

// commandStep: `command -v x` only looks a name up; `command x` runs x.
func commandStep(argv []Word) step {
	i := 1
	var st step
	if i+1 < len(argv) && !argv[i].Static {
		// command $OPT rm …: the word may be the command or -p. Judge both.
		st.alsoDynamic, st.dynAt = true, i
		i++
	}
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") && argv[i].Text != "-" {
		if argv[i].Text == "--" {
			i++
			break
		}
		if strings.ContainsAny(argv[i].Text, "vV") {
			return step{}
		}
		i++
	}
	if i >= len(argv) {
		return step{}
	}
	st.kind, st.used, st.rest = stepWrap, i, argv[i:]
	return st
}

// watchStep: watch joins its words and runs them with sh -c (or directly with -x).
func watchStep(argv []Word) step {
	i := 1
	direct := false
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") {
		t := argv[i].Text
		if t == "--" {
			i++
			break
		}
		switch {
		case t == "-x" || t == "--exec":
			direct = true
			i++
		case t == "-n" || t == "--interval" || t == "-q" || t == "--equexit":
			i += 2
		default:
			i++
		}
	}
	if i >= len(argv) {
		return step{}
	}
	if direct {
		return step{kind: stepWrap, used: i, rest: argv[i:]}
	}
	return joinedScript(argv[i:], len(argv))
}

// parallelShortArg and parallelLongArg are GNU parallel's options that take the
// next word.
const parallelShortArg = "jPSadIENnLlCsX"

var parallelLongArg = []string{"jobs", "max-procs", "sshlogin", "sshloginfile", "arg-file", "delimiter", "halt", "joblog",
	"results", "res", "tmpdir", "tempdir", "max-args", "max-lines", "max-replace-args", "colsep", "timeout", "retries",
	"delay", "env", "workdir", "wd", "tag-string", "nice", "max-chars", "memfree", "load", "limit", "basefile", "bf",
	"return", "transferfile", "tf", "sqlmaster", "sqlworker", "template", "rpl", "termseq", "shellquote-arg", "arg-sep",
	"arg-file-sep", "eof", "replace", "ssh", "shebang-wrap", "hostgroups", "progress-bar-file", "semaphorename", "id",
	"fg-exit-code", "block", "block-size", "blocksize", "cat-cmd", "filter", "group-by", "header", "resume-failed-cmd",
	"sshdelay", "ctag-string", "csv-sep", "plain-sep"}

// parallelStep: GNU parallel runs its command words through a shell, once per
// input, replacing {} and its variants.
func parallelStep(argv []Word) step {
	i := 1
	for i < len(argv) && (!argv[i].Static || strings.HasPrefix(argv[i].Text, "-")) {
		t := argv[i].Text
		if t == "--" {
			i++
			break
		}
		if !argv[i].Static {
			i++ // parallel $OPTS …: taken as options; the rest is still judged
			continue
		}
		if long, _, hasVal, ok := LongOption(t, parallelLongArg); ok && !hasVal && long != "" {
			i += 2
			continue
		}
		if len(t) == 2 && strings.Contains(parallelShortArg, t[1:]) {
			i += 2
			continue
		}
		i++
	}
	end := i
	for end < len(argv) && !(argv[end].Static && strings.HasPrefix(argv[end].Text, ":::")) {
		end++
	}
	if i >= end {
		// parallel ::: CMD1 CMD2: with no command, each argument is a command.
		var cmds []Word
		for _, w := range argv[min(end+1, len(argv)):] {
			if !(w.Static && strings.HasPrefix(w.Text, ":::")) {
				cmds = append(cmds, w)
			}
		}
		if len(cmds) == 0 {
			return step{}
		}
		st := joinedScript(cmds, len(argv))
		texts := make([]string, len(cmds))
		for k, w := range cmds {
			texts[k] = w.Text
		}
		st.script.Text = strings.Join(texts, "\n")
		return st
	}
	st := joinedScript(argv[i:end], len(argv))
	st.holders = []string{"{}", "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}"}
	if !containsHolder(argv[i:end], st.holders) {
		st.script.Text += " {}"
	}
	if lines, ok := parallelStaticArgs(st.script.Text, argv[end:]); ok && st.script.Static {
		// parallel rm ::: a b: the arguments are known, so each run is too.
		st.script.Text += "\n" + lines
	}
	return st
}

// parallelStaticArgs writes out the runs of `parallel CMD ::: ARGS` when the
// one ::: group holds a few static arguments: CMD with {} replaced by each.
func parallelStaticArgs(script string, rest []Word) (string, bool) {
	if len(rest) < 2 || rest[0].Text != ":::" {
		return "", false
	}
	args := rest[1:]
	if len(args) > 16 {
		return "", false
	}
	var lines []string
	for _, a := range args {
		if !a.Static || strings.HasPrefix(a.Text, ":::") || strings.HasPrefix(a.Text, "::::") {
			return "", false
		}
		lines = append(lines, strings.ReplaceAll(script, "{}", ShellQuote(a.Text)))
	}
	return strings.Join(lines, "\n"), true
}

func containsHolder(words []Word, holders []string) bool {
	for _, w := range words {
		for _, h := range holders {
			if strings.Contains(w.Text, h) {
				return true
			}
		}
	}
	return false
}

// suStep: su and runuser take -c SCRIPT anywhere on the line; runuser -u USER
// CMD runs CMD; without either they start a shell.
func suStep(argv []Word) step {
	longScript := []string{"command", "session-command"}
	userSet := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if !a.Static {
			continue
		}
		t := a.Text
		if strings.HasPrefix(t, "--") && len(t) > 2 {
			all := append([]string{"user", "group", "supp-group", "shell", "whitelist-environment", "login", "preserve-environment", "pty"}, longScript...)
			name, value, hasValue, _ := LongOption(t, all)
			switch {
			case slices.Contains(longScript, name) && hasValue:
				return scriptOrOpaque(Word{Text: value, Static: true}, len(argv))
			case slices.Contains(longScript, name) && i+1 < len(argv):
				return scriptOrOpaque(argv[i+1], len(argv))
			case name == "user":
				userSet = true
				if !hasValue {
					i++
				}
			case !hasValue && (name == "group" || name == "supp-group" || name == "shell" || name == "whitelist-environment"):
				i++
			}
			continue
		}
		switch {
		case t == "--":
			if argv[0].Text == "runuser" && i+1 < len(argv) {
				return step{kind: stepWrap, used: i + 1, rest: argv[i+1:]}
			}
			return step{}
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if j := strings.IndexByte(t, 'c'); j > 0 {
				if rest := t[j+1:]; rest != "" {
					return scriptOrOpaque(Word{Text: rest, Static: true}, len(argv))
				}
				if i+1 < len(argv) {
					return scriptOrOpaque(argv[i+1], len(argv))
				}
			}
			if strings.ContainsAny(t[len(t)-1:], "ugGsw") {
				userSet = userSet || strings.HasSuffix(t, "u")
				i++ // the option's value
			}
		default:
			if argv[0].Text == "runuser" && userSet {
				return step{kind: stepWrap, used: i, rest: argv[i:]}
			}
		}
	}
	return step{}
}

// shortValueWord returns the value of a short option anywhere in argv's leading
// option clusters.
func shortValueWord(args []Word, letter byte, argLetters string) *Word {
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' || t == "--" {
			if t == "--" {
				return nil
			}
			continue
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				if j+1 < len(t) {
					return &Word{Text: t[j+1:], Static: true}
				}
				if i+1 < len(args) {
					return &args[i+1]
				}
				return nil
			}
			if strings.IndexByte(argLetters, t[j]) >= 0 {
				if j+1 == len(t) {
					i++ // the option's value is the next word: skip it
				}
				break
			}
		}
	}
	return nil
}

// optionScript returns the value of the first of the options (short or long,
// -c X, --call=X) in args.
func optionScript(args []Word, opts ...string) *Word {
	for i, a := range args {
		for _, o := range opts {
			if a.Text == o && i+1 < len(args) {
				return &args[i+1]
			}
			if v, ok := strings.CutPrefix(a.Text, o+"="); ok && strings.HasPrefix(o, "--") {
				return &Word{Text: v, Static: a.Static}
			}
		}
	}
	return nil
}

// gitStep: git subcommands that run a shell command — submodule foreach CMD,
// bisect run CMD, rebase --exec CMD, difftool/mergetool -x CMD. git itself also
// runs and is judged as itself.
func gitStep(argv []Word) step {
	git, _ := programs.Lookup("git")
	i := git.Node.Grammar.Scan(regWords(argv[1:])).Stop + 1 // the subcommand, after git's global options
	if i >= len(argv) {
		return step{}
	}
	sub, rest := argv[i].Text, argv[i+1:]
	switch sub {
	case "submodule":
		for j, w := range rest {
			if w.Static && w.Text == "foreach" {
				k := j + 1
				for k < len(rest) && rest[k].Static && strings.HasPrefix(rest[k].Text, "--") {
					k++
				}
				if k < len(rest) {
					return joinedScript(rest[k:], len(argv))
				}
			}
		}
	case "bisect":
		if len(rest) > 1 && rest[0].Text == "run" {
			return joinedScript(rest[1:], len(argv))
		}
	case "rebase":
		if s := optionScript(rest, "-x", "--exec"); s != nil {
			return scriptOrOpaque(*s, len(argv))
		}
	case "difftool", "mergetool":
		if s := optionScript(rest, "-x", "--extcmd"); s != nil {
			return scriptOrOpaque(*s, len(argv))
		}
	}
	return step{}
}

// tmuxCommands are tmux commands whose words can be shell commands or keys typed
// into a shell.
var tmuxCommands = map[string]bool{"new-session": true, "new": true, "new-window": true, "neww": true, "split-window": true,
	"splitw": true, "respawn-pane": true, "respawnp": true, "respawn-window": true, "respawnw": true, "run-shell": true,
	"run": true, "display-popup": true, "popup": true, "pipe-pane": true, "pipep": true, "if-shell": true, "if": true,
	"send-keys": true, "send": true}

// tmuxStep: tmux -c CMD runs CMD like sh -c; after a command that runs shell
// commands (new-session, run-shell, if-shell, send-keys …), every word that is
// not an option may be a shell command, so each is judged as a script. That
// reads target names as commands too — harmless unknown programs — rather
// than miss a command behind an option whose value permgate misjudged.
func tmuxStep(argv []Word) step {
	i := 1
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") {
		t := argv[i].Text
		if t == "-c" && i+1 < len(argv) {
			return scriptOrOpaque(argv[i+1], len(argv))
		}
		if len(t) == 2 && strings.Contains("LSfT", t[1:]) {
			i++
		}
		i++
	}
	var scripts []string
	running := false
	for k := i; k < len(argv); k++ {
		w := argv[k]
		if running && w.Static && w.Text == "-c" && k+1 < len(argv) {
			// -c DIR: the commands run in DIR.
			scripts = append(scripts, "cd "+ShellQuote(argv[k+1].Text))
			k++
			continue
		}
		switch {
		case w.Static && tmuxCommands[w.Text]:
			running = true
		case !running, w.Static && (strings.HasPrefix(w.Text, "-") || w.Text == ";" || w.Text == "Enter" || w.Text == "C-m"):
		case !w.Static:
			return step{kind: stepOpaque, used: len(argv), script: w}
		default:
			scripts = append(scripts, strings.TrimSuffix(w.Text, ";"))
		}
	}
	if len(scripts) == 0 {
		return step{}
	}
	return step{kind: stepScript, used: len(argv), script: staticWord(strings.Join(scripts, "\n"))}
}

// screenStep: screen [options] CMD runs CMD; screen -X stuff TEXT types TEXT
// into a window's shell; screen -X exec CMD runs CMD.
func screenStep(argv []Word) step {
	i := 1
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "-") {
		t := argv[i].Text
		if t == "-X" {
			rest := argv[i+1:]
			if len(rest) < 2 {
				return step{}
			}
			switch rest[0].Text {
			case "stuff":
				text := joinedScript(rest[1:], len(argv))
				r := strings.NewReplacer("^M", "\n", `\r`, "\n", `\n`, "\n", "\r", "\n")
				text.script.Text = r.Replace(text.script.Text)
				return text
			case "exec", "screen":
				return step{kind: stepWrap, used: i + 2, rest: rest[1:]}
			}
			return step{}
		}
		// Options that take the next word as their value.
		last := t[len(t)-1:]
		if strings.Contains("SceEhpstT", last) && !strings.HasPrefix(t, "--") {
			i++
		}
		i++
	}
	if i >= len(argv) {
		return step{}
	}
	return step{kind: stepWrap, used: i, rest: argv[i:]}
}

// loaderStep: the dynamic loader's options, then the program it runs.
func loaderStep(argv []Word) step {
	i := 1
	for i < len(argv) && argv[i].Static && strings.HasPrefix(argv[i].Text, "--") {
		switch argv[i].Text {
		case "--library-path", "--inhibit-rpath", "--audit", "--preload", "--argv0":
			i++
		}
		i++
	}
	if i >= len(argv) {
		return step{}
	}
	return step{kind: stepWrap, used: i, rest: argv[i:]}
}

// aliasStep: alias NAME=VALUE defines a script that runs when NAME is typed.
func aliasStep(argv []Word) step {
	var values []string
	script := Word{Static: true}
	for _, w := range argv[1:] {
		if _, v, ok := strings.Cut(w.Text, "="); ok {
			values = append(values, v)
			mergeDynamic(&script, w)
		}
	}
	if len(values) == 0 {
		return step{}
	}
	// Each alias is a script of its own: one a line.
	script.Text = strings.Join(values, "\n")
	return scriptOrOpaque(script, len(argv))
}

// trapStep: trap SCRIPT SIGNAL… runs SCRIPT when a signal arrives.
func trapStep(argv []Word) step {
	if len(argv) < 3 {
		return step{}
	}
	i := 1
	afterDashes := false
	if argv[i].Static && argv[i].Text == "--" {
		i, afterDashes = i+1, true
	}
	if i+1 >= len(argv) {
		return step{}
	}
	w := argv[i]
	// After --, the next word is the action whatever it starts with; before it, a
	// word starting with - is an option (-p, -l) or the reset action.
	if w.Static && (w.Text == "-" || w.Text == "" || !afterDashes && strings.HasPrefix(w.Text, "-")) {
		return step{}
	}
	return scriptOrOpaque(w, len(argv))
}

// findStep collects the commands run by -exec, -execdir, -ok and -okdir.
func findStep(argv []Word) step {
	var execs [][]Word
	for _, p := range FindPrimaries(argv[1:]) {
		if len(p.Exec) > 0 {
			execs = append(execs, p.Exec)
		}
	}
	if len(execs) == 0 {
		return step{}
	}
	return step{kind: stepFind, execs: execs, holders: []string{"{}"}}
}

// FindPrimary is one primary of a find expression and its value, if it takes one.
type FindPrimary struct {
	Name  string // "?" for a word known only at run time
	Value string
	// Exec holds the command an -exec, -execdir, -ok or -okdir runs.
	Exec []Word
}

// findNoValue are find primaries and operators that take no value.
var findNoValue = map[string]bool{"-delete": true, "-print": true, "-print0": true, "-ls": true, "-prune": true, "-quit": true,
	"-true": true, "-false": true, "-empty": true, "-readable": true, "-writable": true, "-executable": true, "-nouser": true,
	"-nogroup": true, "-depth": true, "-d": true, "-mount": true, "-xdev": true, "-follow": true, "-noleaf": true,
	"-ignore_readdir_race": true, "-noignore_readdir_race": true, "-daystart": true, "-not": true, "-and": true,
	"-a": true, "-or": true, "-o": true, "(": true, ")": true, "!": true, ",": true, "-help": true, "--help": true}

// FindPrimaries reads a find expression: each primary with its value, so that
// a value (-name -delete) is not taken for an action. -exec and friends run up
// to ; or +.
func FindPrimaries(expr []Word) []FindPrimary {
	var out []FindPrimary
	for i := 0; i < len(expr); i++ {
		t := expr[i].Text
		switch {
		case !expr[i].Static:
			out = append(out, FindPrimary{Name: "?"})
		case t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir":
			j := i + 1
			for j < len(expr) && !(expr[j].Static && (expr[j].Text == ";" || expr[j].Text == "+")) {
				j++
			}
			out = append(out, FindPrimary{Name: t, Exec: expr[i+1 : j]})
			i = j
		case t == "-fprintf":
			if i+1 < len(expr) {
				out = append(out, FindPrimary{Name: t, Value: expr[i+1].Text})
			}
			i += 2
		case findNoValue[t] || !strings.HasPrefix(t, "-"):
			out = append(out, FindPrimary{Name: t})
		default:
			value := ""
			if i+1 < len(expr) {
				value = expr[i+1].Text
			}
			out = append(out, FindPrimary{Name: t, Value: value})
			i++
		}
	}
	return out
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

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
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
