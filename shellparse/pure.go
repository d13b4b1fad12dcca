package shellparse

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// Pure substitutions: $(dirname X), $(basename X), $(realpath X), $(echo
// ARGS), $(printf FORMAT ARGS) and $(pwd) print text that depends only on
// their words, so when those are known the substitution's value is known
// too (cd "$(dirname ~/.codex/config.toml)" goes to ~/.codex). The command
// inside is still walked and reported as a command that runs; only its
// output is read here, without running anything. realpath is read
// textually (an absolute path, cleaned), $(pwd) is $PWD, and $(command -v
// NAME) and $(which NAME) are NAME as the path found for it
// (WordSource.Program).

// pureOutput returns what a list of statements prints when each is one pure
// command over known words, and false otherwise.
func (r *wordResolver) pureOutput(stmts []*syntax.Stmt) (Word, bool) {
	if len(stmts) == 0 || !r.pureAllowed() {
		return Word{}, false
	}
	out := Word{Static: true}
	var sb strings.Builder
	for _, st := range stmts {
		w, ok := r.pureStmt(st)
		if !ok || sb.Len()+len(w.Text) > maxValueBytes {
			return Word{}, false
		}
		sb.WriteString(w.Text)
		mergeDynamic(&out, w)
		if len(stmts) == 1 {
			out = out.withProgram(w.Program())
		}
	}
	out.Text = sb.String()
	return out, true
}

// substOutput returns the value of $(…) when it is pure: its output with the
// trailing newlines removed, as bash does. Output with a NUL byte (which
// bash drops with a warning) is not read.
func (r *wordResolver) substOutput(stmts []*syntax.Stmt) (Word, bool) {
	if len(stmts) != 1 {
		return Word{}, false
	}
	w, ok := r.pureOutput(stmts)
	if !ok || strings.IndexByte(w.Text, 0) >= 0 {
		return Word{}, false
	}
	w.Text = strings.TrimRight(w.Text, "\n")
	return w, true
}

// pureAllowed reports whether the pure commands are the ones read here: no
// function of the script shadows one of them, and the script does not move
// PATH (dirname, basename and realpath are programs it finds).
func (r *wordResolver) pureAllowed() bool {
	if !r.pure.checked {
		r.pure.checked = true
		r.pure.functions = map[string]bool{}
		r.pure.writes = r.writes
		if r.file == nil {
			r.pure.off = true // no script to read it in
		} else {
			syntax.Walk(r.file, r.noteShadows)
			if r.pure.writes == nil {
				w := writesOf(r.file, r)
				r.pure.writes = &w
			}
		}
	}
	// eval, source and the like make it stale from where they run on.
	return !r.pure.off && !r.stale && r.pure.writes.count["PATH"] == 0
}

// pureState is what decides whether the pure commands are the ones read
// here, found once a script.
type pureState struct {
	checked bool
	// off reports an alias, hash or shopt in the script, which may make a
	// name run another command: nothing is read as pure then.
	off bool
	// functions are the script's function names, which shadow commands.
	functions map[string]bool
	// writes are the script's writes (for PATH).
	writes *scriptWrites
}

// noteShadows records what may make a name run something other than the
// command pure.go reads.
func (r *wordResolver) noteShadows(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.FuncDecl:
		if x.Name != nil {
			r.pure.functions[x.Name.Value] = true
		}
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			switch x.Args[0].Lit() {
			case "alias", "hash", "shopt":
				r.pure.off = true
			}
		}
	}
	return true
}

// pureStmt returns what one pure command prints.
func (r *wordResolver) pureStmt(st *syntax.Stmt) (Word, bool) {
	ce, ok := plainCall(st)
	if !ok {
		return Word{}, false
	}
	argv, ok := r.pureArgv(ce.Args)
	if !ok {
		return Word{}, false
	}
	name := CommandName(argv[0])
	run, known := pureCommands.Get()[name]
	if !known || r.pure.functions[name] {
		return Word{}, false
	}
	return run(argv[1:])
}

// plainCall returns a statement that is a simple command alone: no
// redirection, assignment, negation or background.
func plainCall(st *syntax.Stmt) (*syntax.CallExpr, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nil, false
	}
	return ce, len(ce.Assigns) == 0 && len(ce.Args) > 0
}

// pureArgv resolves a pure command's words: none of them another program's
// output (its text says more as written), and not too many.
func (r *wordResolver) pureArgv(args []*syntax.Word) ([]Word, bool) {
	var argv []Word
	for _, a := range args {
		words := r.resolve(a)
		if len(argv)+len(words) > maxPureWords {
			return nil, false
		}
		for _, w := range words {
			if w.Subst {
				return nil, false
			}
		}
		argv = append(argv, words...)
	}
	return argv, len(argv) > 0
}

// maxPureWords bounds the words of one pure command read for its output.
const maxPureWords = 256

// pureCommands are the commands whose output depends only on their words:
// each returns what it prints.
var pureCommands = lazy.Value[map[string]func(args []Word) (Word, bool)]{Make: func() map[string]func(args []Word) (Word, bool) {
	return map[string]func(args []Word) (Word, bool){
		"echo":     echoOutput,
		"printf":   printfOutput,
		"pwd":      pwdOutput,
		"dirname":  dirnameOutput,
		"basename": basenameOutput,
		"realpath": realpathOutput,
		"command":  commandOutput,
		"which":    whichOutput,
	}
}}

// commandOutput is what command -v NAME prints, as the name it runs: the
// name of a builtin or function, a program's path (whose name is NAME,
// WordSource.Program).
func commandOutput(args []Word) (Word, bool) {
	if len(args) != 2 || !args[0].Static || args[0].Text != "-v" {
		return Word{}, false
	}
	return foundProgram(args[1])
}

// whichOutput is what which NAME prints: the path of the program NAME
// runs, read as commandOutput's.
func whichOutput(args []Word) (Word, bool) {
	if len(args) != 1 || strings.HasPrefix(args[0].Text, "-") {
		return Word{}, false
	}
	return foundProgram(args[0])
}

// foundProgram is the line a lookup of the program name prints: the name,
// as the path found for it on $PATH.
func foundProgram(name Word) (Word, bool) {
	if !name.Static || strings.ContainsAny(name.Text, "/ \t\n") || name.Text == "" {
		return Word{}, false
	}
	return staticWord(name.Text + "\n").withProgram(name.Text), true
}

// printfOutput is what printf [--] FORMAT ARGS prints.
func printfOutput(args []Word) (Word, bool) {
	if len(args) > 0 && args[0].Static && args[0].Text == "--" {
		args = args[1:]
	}
	if len(args) == 0 || !args[0].Static || strings.HasPrefix(args[0].Text, "-") {
		return Word{}, false
	}
	return formatPrintf(args[0].Text, args[1:])
}

// pwdOutput is what pwd [-L] prints: $PWD.
func pwdOutput(args []Word) (Word, bool) {
	if len(args) > 1 || len(args) == 1 && !(args[0].Static && args[0].Text == "-L") {
		return Word{}, false
	}
	return Word{Text: "$PWD\n", Params: []string{"PWD"}}, true
}

// dirnameOutput is what dirname NAME prints.
func dirnameOutput(args []Word) (Word, bool) {
	ops, ok := staticOperands(args)
	if !ok || len(ops) != 1 {
		return Word{}, false
	}
	return staticWord(dirnameOf(ops[0]) + "\n"), true
}

// basenameOutput is what basename NAME [SUFFIX] prints.
func basenameOutput(args []Word) (Word, bool) {
	ops, ok := staticOperands(args)
	if !ok || len(ops) != 1 && len(ops) != 2 {
		return Word{}, false
	}
	suffix := ""
	if len(ops) == 2 {
		suffix = ops[1]
	}
	return staticWord(basenameOf(ops[0], suffix) + "\n"), true
}

// realpathOutput is realpath NAME read textually: an absolute name,
// cleaned. A name with .. is not read: .. after a link is resolved from
// where the link points.
func realpathOutput(args []Word) (Word, bool) {
	ops, ok := staticOperands(args)
	if !ok || len(ops) != 1 || !strings.HasPrefix(ops[0], "/") || hasDotDot(ops[0]) {
		return Word{}, false
	}
	return staticWord(path.Clean(ops[0]) + "\n"), true
}

// staticOperands returns the texts of the operands of dirname, basename or
// realpath when they take no option (which these programs would read as
// one) and every operand is static and not empty. The words are read with
// the grammar of a program that declares no options: -- ends them, and a
// word known only at run time where an option may stand is not read.
func staticOperands(args []Word) ([]string, bool) {
	var g registry.Grammar
	sc := g.Scan(RegistryWords(args))
	if len(sc.Opts) > 0 || sc.Unknown {
		return nil, false
	}
	out := make([]string, 0, len(sc.Operands))
	for _, k := range sc.Operands {
		if !args[k].Static || args[k].Text == "" {
			return nil, false
		}
		out = append(out, args[k].Text)
	}
	return out, true
}

// dirnameOf is dirname's answer for one operand: the name with its last
// component and the slashes before and after it removed; "." for a name
// without a slash, "/" for one under the root.
func dirnameOf(s string) string {
	s = trimSlashes(s)
	if s == "/" {
		return "/"
	}
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return "."
	}
	if s = trimSlashes(s[:i+1]); s == "" {
		return "/"
	}
	return s
}

// basenameOf is basename's answer: the last component, without the suffix
// when it ends with it (and is more than it).
func basenameOf(s, suffix string) string {
	s = trimSlashes(s)
	if s == "/" {
		return "/"
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	if suffix != "" && s != suffix {
		s = strings.TrimSuffix(s, suffix)
	}
	return s
}

// trimSlashes removes trailing slashes, keeping one for a name of slashes only.
func trimSlashes(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" && s != "" {
		return "/"
	}
	return t
}

// hasDotDot reports a .. component.
func hasDotDot(p string) bool {
	for c := range strings.SplitSeq(p, "/") {
		if c == ".." {
			return true
		}
	}
	return false
}
