package shellparse

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
)

// tmuxStep: tmux -c CMD runs CMD like sh -c. Otherwise tmux's operands are
// its commands, separated by ";" and each read with its declared grammar
// (registry.Chained("tmux")): the shell commands they run (new-session CMD,
// run-shell CMD, if-shell CMD …), the keys send-keys types and the tmux
// commands if-shell runs are judged as scripts, a start directory (-c DIR)
// as a cd before them; option values (-t TARGET, -n NAME) are not. A
// command not declared is read carefully: after one that runs, each of its
// operands may be a shell command. A word known only at run time where a
// command or script stands makes the script opaque; the static ones are
// judged too.
func tmuxStep(argv []Word) step {
	sc := mustUnwrapped("tmux").Scan(RegistryWords(argv[1:]))
	if c, ok := sc.Value("-c"); ok && c.HasValue {
		return scriptOrOpaque(optionWord(argv, c), len(argv))
	}
	if len(sc.Operands) == 0 {
		return step{}
	}
	r := tmuxReading{chain: mustChain("tmux")}
	r.read(argv[1+sc.Operands[0]:])
	if first := sc.Operands[0]; sc.Unknown && first < sc.Stop && sc.Stop < len(argv)-1 {
		// tmux $OPTS new …: the dynamic word may be options only, and the
		// command the first static word after it.
		r.read(argv[1+sc.Stop:])
	}
	return r.step(len(argv))
}

// tmuxReading collects what tmux's commands run: the static scripts, one a
// line, and the first word known only at run time that may be one.
type tmuxReading struct {
	chain   *registry.Chain
	lines   []string
	dynamic *Word
}

// read reads words as a chain of tmux commands.
func (r *tmuxReading) read(words []Word) {
	running := false
	for _, call := range r.chain.Read(RegistryWords(words)) {
		if call.Start == call.End {
			continue
		}
		cmd := slices.Clone(words[call.Start:call.End])
		if call.Trimmed {
			last := &cmd[len(cmd)-1]
			last.Text = strings.TrimSuffix(last.Text, r.chain.Separator)
		}
		decl := call.Command
		switch {
		case call.Dynamic:
			// A command known only at run time may be any: one that runs its
			// operands too.
			r.opaque(cmd[0])
			running = true
			decl = &r.chain.Undeclared
		case decl == nil && !running:
			continue
		case decl == nil:
			decl = &r.chain.Undeclared
		}
		r.command(decl, &call.Scan, cmd[1:])
		running = running || decl.Runs()
	}
}

// command reads one command's words after its name (args), scanned as sc,
// each operand in the roles it may have (registry.ChainCommand.Roles).
func (r *tmuxReading) command(decl *registry.ChainCommand, sc *registry.Scan, args []Word) {
	for _, w := range OptionWords(args, sc, decl.Dir...) {
		r.lines = append(r.lines, "cd "+ShellQuote(w.Text))
	}
	var argvWords, keys []Word
	for k, at := range sc.Operands {
		for _, role := range decl.Roles(k, sc) {
			r.operand(decl, role, args[at])
			switch role {
			case registry.Script:
				argvWords = append(argvWords, args[at])
			case registry.Keys:
				keys = append(keys, args[at])
			}
		}
	}
	r.argv(argvWords)
	r.typed(decl, keys)
}

// operand reads one operand in a role.
func (r *tmuxReading) operand(decl *registry.ChainCommand, role registry.Role, w Word) {
	switch role {
	case registry.Script:
		r.script(w)
	case registry.Keys:
		if !w.Static || !slices.Contains(decl.LineKeys, w.Text) {
			r.script(w) // each key may be a command line typed whole
		}
	case registry.Command:
		r.tmuxCommand(w)
	}
}

// script adds a shell command line.
func (r *tmuxReading) script(w Word) {
	if !w.Static {
		r.opaque(w)
		return
	}
	r.lines = append(r.lines, w.Text)
}

// tmuxCommand adds a tmux command given as one word (if-shell 'true'
// 'run-shell "rm x"'), as tmux would parse it; its ";" may separate
// commands, or stand in a quoted shell command: both readings are judged.
func (r *tmuxReading) tmuxCommand(w Word) {
	if !w.Static {
		r.opaque(w)
		return
	}
	r.lines = append(r.lines, "tmux "+w.Text)
	if strings.Contains(w.Text, r.chain.Separator) {
		r.lines = append(r.lines, "tmux "+strings.ReplaceAll(w.Text, r.chain.Separator, "\ntmux "))
	}
}

// argv adds, for a command whose shell command is several operands (tmux
// new -d rm -rf ~), the program they run with its arguments.
func (r *tmuxReading) argv(words []Word) {
	if len(words) < 2 || slices.ContainsFunc(words, func(w Word) bool { return !w.Static }) {
		return
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = ShellQuote(w.Text)
	}
	r.lines = append(r.lines, strings.Join(quoted, " "))
}

// typed adds the text several keys type together (send-keys 'rm -rf ' '~'
// Enter), a line key ending a line.
func (r *tmuxReading) typed(decl *registry.ChainCommand, keys []Word) {
	text, words := "", 0
	for _, k := range keys {
		switch {
		case !k.Static:
			return
		case slices.Contains(decl.LineKeys, k.Text):
			text += "\n"
		default:
			text += k.Text
			words++
		}
	}
	if words > 1 {
		r.lines = append(r.lines, text)
	}
}

// opaque notes a word known only at run time that may be a script.
func (r *tmuxReading) opaque(w Word) {
	if r.dynamic == nil {
		r.dynamic = &w
	}
}

// step is what the reading found: the static scripts, opaque when a word
// known only at run time may be one too.
func (r *tmuxReading) step(used int) step {
	script := staticWord(strings.Join(r.lines, "\n"))
	switch {
	case r.dynamic != nil && len(r.lines) > 0:
		return step{kind: stepOpaque, used: used, script: *r.dynamic, alsoScript: &script}
	case r.dynamic != nil:
		return step{kind: stepOpaque, used: used, script: *r.dynamic}
	case len(r.lines) > 0:
		return step{kind: stepScript, used: used, script: script}
	}
	return step{}
}

// mustChain returns a wrapper's declared command language.
func mustChain(name string) *registry.Chain {
	c, ok := registry.Chained(name)
	if !ok {
		panic("shellparse: no declared command language for " + name)
	}
	return c
}

// screenStep: screen [options] CMD runs CMD; screen -X stuff TEXT types TEXT
// into a window's shell; screen -X exec CMD runs CMD. The options are read
// with screen's declared grammar.
func screenStep(argv []Word) step {
	sc := mustUnwrapped("screen").Scan(RegistryWords(argv[1:]))
	if len(sc.Operands) == 0 {
		return step{}
	}
	i := sc.Operands[0] + 1
	if !sc.Has("-X") {
		return step{kind: stepWrap, used: i, rest: argv[i:]}
	}
	rest := argv[i:]
	if len(rest) < 2 {
		return step{}
	}
	switch {
	case rest[0].Static && rest[0].Text == "stuff":
		text := joinedScript(rest[1:], len(argv))
		r := strings.NewReplacer("^M", "\n", `\r`, "\n", `\n`, "\n", "\r", "\n")
		text.script.Text = r.Replace(text.script.Text)
		return text
	case !rest[0].Static || rest[0].Text == "exec" || rest[0].Text == "screen":
		// A screen command known only at run time may be exec.
		return step{kind: stepWrap, used: i + 1, rest: rest[1:]}
	}
	return step{}
}
