package shellparse

import (
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"slices"
	"strings"
)

// maxUnwrap bounds how many wrappers one command may come through.
const maxUnwrap = 1024

// emit fills in a command's context, unwraps it, and records it (or the commands
// of the script it runs).
func (w *walker) emit(cmd SimpleCommand, c context) {
	cmd.Wrappers = c.wrappers
	if len(c.assigns) > 0 {
		cmd.Assigns = append(append([]Assign(nil), c.assigns...), cmd.Assigns...)
	}
	cmd.Redirects = c.redirs
	cmd.Stdin = c.stdin
	cmd.PipesOut = c.pipesOut
	cmd.Background = c.background
	cmd.Subst = c.subst
	cmd.Function = c.function
	cmd.Depth = c.depth
	cmd.Offset = c.offset
	cmd.Alternative = cmd.Alternative || c.alternative
	cmd.OrElse = cmd.OrElse || c.orElse
	w.unwrap(cmd, c)
}

func (w *walker) unwrap(cmd SimpleCommand, c context) {
	// ownWrappers reports that cmd.Wrappers is this loop's own copy, which
	// it may append to in place: a chain of wrappers costs each its own.
	ownWrappers := false
	// An unknown program's suffixes inside words the outer command did not
	// hold as written are not among those the outer call emits.
	inSuffix := w.inSuffix
	defer func() { w.inSuffix = inSuffix }()
	for level := 0; ; level++ {
		if len(cmd.Argv) == 0 {
			break
		}
		name := CommandName(cmd.Argv[0])
		if name == "" {
			// $X rm -rf ~, $(true) rm -rf ~: unquoted words known only at
			// run time may expand to nothing, and the first word after
			// them is then the command. Judge that reading too (once: what
			// a later one of them would run is the same dynamic command).
			k := 0
			for k < len(cmd.Argv) && !cmd.Argv[k].Static && !cmd.Argv[k].Quoted && !cmd.Argv[k].Glob && !cmd.Argv[k].Placeholder {
				k++
			}
			if k > 0 && k < len(cmd.Argv) && w.spend(k) {
				alt := cmd
				alt.Argv = cmd.Argv[k:]
				w.unwrap(alt, c)
			}
			break
		}
		// A definition is noted however it is run (env hash -p … defines
		// nothing, but taking it to never lowers a judgement); a name is
		// followed where it is typed first, in a script of its own.
		w.noteOtherNames(name, cmd.Argv)
		if level == 0 && typedFirst(cmd.Wrappers) {
			if words, ok := w.otherNames[name]; ok && cmd.Argv[0].Static && !w.inSuffix {
				// ll -la after alias ll='ls -l': the words the name stands for, then its own.
				cmd.Argv = append(append([]Word(nil), words...), cmd.Argv[1:]...)
				name = CommandName(cmd.Argv[0])
			}
		}
		st := unwrapStep(name, cmd.Argv)
		if level == maxUnwrap && st.kind != stepDone {
			// Past the bound the command is not known: it is never judged as
			// the wrapper it still starts with.
			w.problem(ProblemTooComplex, fmt.Sprintf("more than %d wrappers around one command", maxUnwrap), cmd.Source)
			break
		}
		// A step looks at the command's words, often to the end (an option
		// scan, which allocates for each word); one that read only its own
		// words says how many.
		cost := scanWeight * len(cmd.Argv)
		switch {
		case st.fresh:
			cost = scanWeight * st.scanned // it made the words it reads on
		case st.scanned > 0:
			cost = min(st.scanned, len(cmd.Argv))
		}
		if !w.spend(cost) {
			return
		}
		st.used = min(st.used, len(cmd.Argv))
		st.dynAt = min(st.dynAt, len(cmd.Argv))
		if len(st.assigns) > 0 {
			// Clipped: other readings of the command (an unknown program's
			// suffixes, a dynamic word's) share its assignments so far.
			cmd.Assigns = append(slices.Clip(cmd.Assigns), st.assigns...)
		}
		if st.fresh || st.input || len(st.holders) > 0 {
			// New words (env -S), or words filled in at run time (xargs,
			// fd -x): an unknown program among them gets the principle
			// afresh.
			w.inSuffix = false
		}
		switch st.kind {
		case stepWrap:
			if st.alsoDynamic {
				alt := cmd
				alt.Wrappers = appendWrapper(cmd.Wrappers, Wrapper{Name: name, Argv: cmd.Argv[:st.dynAt]})
				alt.Argv = cmd.Argv[st.dynAt:]
				w.finish(alt, c)
			}
			if st.alsoScript != nil {
				// The first word may also be a script (permgate exec -- 'S' $EMPTY).
				wrapper := Wrapper{Name: name, Argv: cmd.Argv[:st.used], Nested: true}
				w.script(st.alsoScript.Text, nestedContext(cmd, c), &wrapper)
			}
			wrapper := Wrapper{Name: name, Argv: cmd.Argv[:st.used:st.used]}
			if ownWrappers {
				cmd.Wrappers = append(cmd.Wrappers, wrapper)
			} else {
				cmd.Wrappers, ownWrappers = appendWrapper(cmd.Wrappers, wrapper), true
			}
			// The words stay shared with the command as written: nothing
			// changes a word in place (markPlaceholders copies).
			rest, held, done := w.wrappedWords(&cmd, c, st)
			if done {
				return
			}
			if held {
				c.placeholders = addHolders(c.placeholders, st.holders)
			}
			cmd.Argv = rest
			continue
		case stepScript:
			if strings.TrimSpace(st.script.Text) != "" && containsHolder([]Word{st.script}, c.placeholders) && strings.Trim(st.script.Text, "{}% \t") == "" {
				// sh -c '{}': the whole script comes from the input at run time.
				script := st.script
				script.Static, script.Placeholder = false, true
				cmd.Script = &OpaqueScript{Word: script}
				break
			}
			own := cmd.Argv[:min(st.used, len(cmd.Argv))]
			if !IsShell(name) {
				// script -c CMD FILE, flock -c CMD FILE: the words after the
				// script are the wrapper's own too (a shell's are its
				// script's positional parameters).
				own = cmd.Argv
			}
			wrapper := Wrapper{Name: name, Argv: own, Nested: true}
			c.placeholders = addHolders(c.placeholders, st.holders)
			nc := nestedContext(cmd, c)
			nc.positional = st.positional
			w.script(st.script.Text, nc, &wrapper)
			if definesForLater.Get()[name] {
				break // alias, trap, mapfile: the command itself also runs now
			}
			return
		case stepOpaque:
			cmd.Script = &OpaqueScript{Word: st.script, Subst: st.script.Subst}
			if origin := st.script.Origin(); origin != "" {
				// eval "$x" with x=$(cmd): the script is cmd's output.
				cmd.Script = &OpaqueScript{Word: Word{Text: origin, Subst: true, Params: st.script.Params}, Subst: true}
			}
			if st.alsoRest && st.used < len(cmd.Argv) {
				alt := cmd
				alt.Script = nil
				alt.Wrappers = appendWrapper(cmd.Wrappers, Wrapper{Name: name, Argv: cmd.Argv[:st.used:st.used]})
				alt.Argv = cmd.Argv[st.used:]
				w.unwrap(alt, c)
			}
			if st.alsoScript != nil {
				wrapper := Wrapper{Name: name, Argv: cmd.Argv, Nested: true}
				w.script(st.alsoScript.Text, nestedContext(cmd, c), &wrapper)
			}
		case stepFind:
			if c.finds >= w.parser.opts.MaxDepth {
				// Each find looks at all the words of the finds inside it.
				w.problem(ProblemTooComplex, fmt.Sprintf("find -exec nested more than %d deep", w.parser.opts.MaxDepth), cmd.Source)
				break
			}
			for _, inner := range st.execs {
				// Each -exec's command comes through the wrappers so far.
				if !w.spend(1 + len(cmd.Wrappers)) {
					return
				}
				nc := nestedContext(cmd, c)
				nc.depth, nc.finds = c.depth, c.finds+1
				// The names find passes are not among the outer words: an
				// unknown program in -exec gets the principle afresh.
				w.inSuffix = false
				nc.placeholders = addHolders(c.placeholders, st.holders)
				nc.wrappers = appendWrapper(cmd.Wrappers, Wrapper{Name: name, Argv: cmd.Argv})
				w.emit(SimpleCommand{Argv: slices.Clip(inner), Source: cmd.Source}, nc)
			}
		}
		if st.kind == stepDone {
			w.unknownSuffix(name, cmd, c)
		}
		if st.kind == stepDone && w.shellReadsStaticInput(name, cmd) {
			wrapper := Wrapper{Name: name, Argv: cmd.Argv, Nested: true}
			nc := nestedContext(cmd, c)
			nc.stdin = Input{}
			w.script(cmd.Stdin.Text, nc, &wrapper)
			return
		}
		break
	}
	w.finish(cmd, c)
}

// wrappedWords returns the command a wrapper runs: its rest, with the words
// an xargs reads written out when its input is known, or a placeholder for
// them (held reports that the wrapper's placeholders stand in the words).
// done reports that the runs were unwrapped already (xargs -I, one a line).
func (w *walker) wrappedWords(cmd *SimpleCommand, c context, st step) (rest []Word, held, done bool) {
	rest = st.rest
	if st.xargs != nil {
		cmd.Redirects = st.xargs.withFileRead(cmd.Redirects)
		if run, done := w.xargsKnownInput(*cmd, c, rest, st.xargs); done || run != nil {
			return run, false, done
		}
	}
	if st.input && !endsWithInput(rest) {
		rest = append(slices.Clip(rest), Word{Text: "{input}", Placeholder: true})
	}
	return rest, true, false
}

// xargsKnownInput writes out the words an xargs with known input adds to
// its command (rest): it returns the one command that runs, or unwraps the
// runs of an xargs -I (one a line) and reports it is done; nil, false when
// the input is not known.
func (w *walker) xargsKnownInput(cmd SimpleCommand, c context, rest []Word, in *xargsInput) ([]Word, bool) {
	runs, ok := xargsRuns(rest, in, cmd.Stdin)
	if !ok || !w.spend(scanWeight*len(runs)) {
		return nil, false
	}
	if len(runs) == 1 {
		return runs[0], false
	}
	w.xargsRunsEach(cmd, c, runs)
	return nil, true
}

// xargsRunsEach unwraps the runs of an xargs -I: each is the command with
// one line of input in place of the placeholder.
func (w *walker) xargsRunsEach(cmd SimpleCommand, c context, runs [][]Word) {
	for _, run := range runs {
		if w.full {
			return
		}
		alt := cmd
		alt.Argv, alt.Alternative = run, true
		w.unwrap(alt, c)
	}
}

// unknownSuffix applies the principle for programs nothing here knows: the
// argv after each `--`, and from each word that names a known program, may be
// a command the program runs, so each is analysed too (the program itself is
// still recorded as it stands): runner cat -- rm -rf ~ holds rm -rf ~.
func (w *walker) unknownSuffix(name string, cmd SimpleCommand, c context) {
	known := w.parser.opts.Known
	if known == nil || w.inSuffix || w.knownProgram(name) || len(cmd.Argv) < 2 {
		return
	}
	w.inSuffix = true
	defer func() { w.inSuffix = false }()
	emitted := 0
	for i := 1; i < len(cmd.Argv) && !w.full; i++ {
		a := cmd.Argv[i]
		if !a.Static {
			continue
		}
		start := -1
		switch {
		case a.Text == "--":
			start = i + 1
		case !strings.HasPrefix(a.Text, "-") && w.knownProgram(CommandName(a)):
			start = i
		}
		if start < 0 || start >= len(cmd.Argv) {
			continue
		}
		if emitted == maxSuffixes {
			// More places where a command may start than are followed: what
			// the rest runs is not known.
			w.problem(ProblemTooComplex, fmt.Sprintf("more than %d places in one unknown program's words where a command may start", maxSuffixes), cmd.Source)
			return
		}
		alt := cmd
		alt.Wrappers = appendWrapper(cmd.Wrappers, Wrapper{Name: name, Argv: cmd.Argv[:start]})
		alt.Argv = cmd.Argv[start:]
		w.unwrap(alt, c)
		emitted++
	}
}

// maxSuffixes bounds the argv suffixes of one unknown program that are analysed
// as commands (every -- and every known program's name starts one).
const maxSuffixes = 16

// knownProgram reports a program the analysis knows: shellparse's wrappers and
// shells, permgate, or what Options.Known says.
func (w *walker) knownProgram(name string) bool {
	if name == "" {
		return false
	}
	if runsCommand(name) || IsShell(name) || IsPermgate(name) {
		return true
	}
	return w.parser.opts.Known(name)
}

// finish marks placeholders, names the command and records it.
func (w *walker) finish(cmd SimpleCommand, c context) {
	cmd.Wrappers = slices.Clip(cmd.Wrappers) // recorded: never appended to in place
	if w.full {
		return
	}
	// Cut to the work left first: marking copies the words it changes.
	cmd, over, more := w.fit(cmd)
	if len(c.placeholders) > 0 && !w.spend(placeholderCost(cmd.Argv, c.placeholders)) {
		return
	}
	cmd.Argv = markPlaceholders(cmd.Argv, c.placeholders)
	cmd.Name = ""
	if len(cmd.Argv) > 0 {
		cmd.Name = CommandName(cmd.Argv[0])
	}
	if scripts := subscriptScripts(cmd.Name, cmd); len(scripts) > 0 {
		// printf -v 'a[$(cmd)]', read 'a[$(cmd)]', declare 'a[$(cmd)]=1',
		// x='a[$(cmd)]': bash evaluates the subscript, running what it holds.
		wrapper := Wrapper{Name: cmd.Name, Argv: cmd.Argv, Nested: true}
		nc := nestedContext(cmd, c)
		nc.assigns = nil // the subscript's commands do not get the assignment again
		w.script(strings.Join(scripts, "\n"), nc, &wrapper)
	}
	w.record(cmd, over, more)
}

// definesForLater are commands whose script runs later (or per line), while the
// command itself also runs now and is judged as itself.
var definesForLater = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"alias": true, "trap": true, "mapfile": true, "readarray": true, "git": true}
}}

// nameArgs are commands whose arguments name variables (bash evaluates an array
// subscript in them).
var nameArgs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"printf": true, "read": true, "unset": true, "mapfile": true, "readarray": true,
		"declare": true, "typeset": true, "local": true, "export": true, "readonly": true, "let": true, "getopts": true,
		"test": true, "[": true, "[[": true}
}}

// subscriptScripts returns the command substitutions held in the array
// subscripts of a variable-name argument: 'a[$(cmd)]'.
func subscriptScripts(name string, cmd SimpleCommand) []string {
	var words []Word
	if nameArgs.Get()[name] && len(cmd.Argv) > 1 {
		words = append(words, cmd.Argv[1:]...)
	}
	// A value stored for later arithmetic (declare -i, ${!x}, (( x ))) runs its
	// subscripts when it is evaluated: x='a[$(cmd)]'.
	for _, as := range cmd.Assigns {
		words = append(words, as.Value)
	}
	var out []string
	for _, a := range words {
		if !a.Static || !strings.ContainsAny(a.Text, "$`") {
			continue
		}
		open := strings.IndexByte(a.Text, '[')
		close := strings.LastIndexByte(a.Text, ']')
		if open < 0 || close < open {
			continue
		}
		inner := a.Text[open+1 : close]
		if strings.Contains(inner, "$(") || strings.Contains(inner, "`") {
			out = append(out, "echo "+inner)
		}
	}
	return out
}

// shellReadsStaticInput reports a shell with no script argument whose standard
// input is a static here-string or here-document: that text is its script.
func (w *walker) shellReadsStaticInput(name string, cmd SimpleCommand) bool {
	if !cmd.Stdin.Static || cmd.Stdin.Kind != InputHereString && cmd.Stdin.Kind != InputHereDoc {
		return false
	}
	if name == "source" || name == "." {
		// . /dev/stdin <<< 'script'
		return len(cmd.Argv) > 1 && cmd.Argv[1].Static && (IsStdinPath(cmd.Argv[1].Text) || cmd.Argv[1].Text == "-")
	}
	if (name == "at" || name == "batch") && !hasFileOption(cmd.Argv) {
		return true // at and batch run the commands they read, later
	}
	return IsShell(name) && ShellReadsStdin(cmd.Argv)
}

// hasFileOption reports at's -f FILE, read by at's declared grammar: the
// script comes from a file instead (at -f /dev/stdin still reads its
// input, and a -f known only at run time may name it).
func hasFileOption(argv []Word) bool {
	prog, ok := programs.Get().Lookup("at")
	if !ok {
		return false
	}
	scan := prog.Node.Grammar.Scan(RegistryWords(argv[1:]))
	for _, o := range scan.Values("-f") {
		if o.HasValue && !o.Dynamic && o.Value != "-" && !IsStdinPath(o.Value) {
			return true
		}
	}
	return false
}

// ShellReadsStdin reports whether a shell invocation (argv, its name first)
// may read its script from standard input: no -c and no script file operand,
// or -s. It reads the words as shellStep does (shellReadings), and any
// reading is enough.
func ShellReadsStdin(argv []Word) bool {
	for _, r := range shellReadings(argv) {
		if r.stdin {
			return true
		}
	}
	return false
}

// IsStdinPath reports a path that names standard input.
func IsStdinPath(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0":
		return true
	}
	return false
}

func nestedContext(cmd SimpleCommand, c context) context {
	return context{
		wrappers:     cmd.Wrappers,
		assigns:      cmd.Assigns,
		stdin:        cmd.Stdin,
		redirs:       cmd.Redirects,
		subst:        cmd.Subst,
		function:     cmd.Function,
		background:   cmd.Background,
		pipesOut:     cmd.PipesOut,
		depth:        c.depth + 1,
		finds:        c.finds,
		placeholders: c.placeholders,
		offset:       cmd.Offset,
		nested:       true,
		alternative:  cmd.Alternative,
		values:       c.values,
	}
}

// endsWithInput reports words that already end with the words read from
// input (xargs xargs rm): one such placeholder stands for any number.
func endsWithInput(words []Word) bool {
	n := len(words)
	return n > 0 && words[n-1].Placeholder && words[n-1].Text == "{input}"
}

// addHolders returns list with the placeholders in more that it lacks; list is
// not changed. Nested find -exec and xargs -I {} add the same one again and
// again: kept once, the list stays as short as the set of distinct ones.
func addHolders(list, more []string) []string {
	var out []string
	for _, h := range more {
		if slices.Contains(list, h) || slices.Contains(out, h) {
			continue
		}
		out = append(out, h)
	}
	if len(out) == 0 {
		return list
	}
	return append(slices.Clip(list), out...)
}

// placeholderCost is the work of looking for each placeholder in each word.
func placeholderCost(words []Word, holders []string) int {
	bytes := 0
	for _, w := range words {
		bytes += len(w.Text)
	}
	return len(holders) * (len(words) + bytes/16)
}

// markPlaceholders returns words with every word holding a placeholder made
// dynamic. The words may be shared with other commands (a wrapper's rest is
// the words as written), so a change is made in a copy.
func markPlaceholders(words []Word, holders []string) []Word {
	if len(holders) == 0 {
		return words
	}
	copied := false
	for i := range words {
		for _, h := range holders {
			if !strings.Contains(words[i].Text, h) {
				continue
			}
			if !copied {
				words, copied = slices.Clone(words), true
			}
			words[i].Placeholder = true
			words[i].Static = false
			break
		}
	}
	return words
}

// typedFirst reports a command whose first word stands as typed at the
// start of a script: no wrapper inside the innermost script that holds it
// (env X=1 bash -c 'll' types ll; sudo ll does not).
func typedFirst(wrappers []Wrapper) bool {
	return len(wrappers) == 0 || wrappers[len(wrappers)-1].Nested
}
