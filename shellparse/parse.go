package shellparse

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/internal/shword"
	"github.com/permgate/permgate/internal/textclip"
)

// Parser analyses scripts. It is not safe for concurrent use: give each goroutine
// its own.
type Parser struct {
	opts   Options
	syntax *syntax.Parser
	// source is the reader each parse reads its script from, reset for the
	// next: a Parser, as mvdan's, parses one script at a time.
	source strings.Reader
}

// NewParser returns a Parser with the given bounds (zero values take defaults).
func NewParser(opts Options) *Parser {
	return &Parser{
		opts:   opts.withDefaults(),
		syntax: syntax.NewParser(syntax.Variant(syntax.LangBash)),
	}
}

// ParseScript analyses a shell script string as bash -c would run it.
func (p *Parser) ParseScript(src string) Result {
	if problem, ok := p.checkInput(src); !ok {
		return Result{Problems: []Problem{problem}}
	}
	run := new(parseRun) // the result and its walker, allocated together
	res := &run.res
	w := &run.walker
	*w = walker{parser: p, res: res, budget: p.opts.workBound(len(src))}
	w.script(src, context{}, nil)
	res.ForkBombs = append(res.ForkBombs, functionBombs(res)...)
	if len(res.Commands) == 0 && len(res.Problems) == 0 && strings.TrimSpace(stripComments(src)) == "" {
		res.Problems = append(res.Problems, Problem{Kind: ProblemParse, Reason: "empty command: nothing to run"})
	}
	return *res
}

// parseRun holds a script's result and the walker that fills it.
type parseRun struct {
	res    Result
	walker walker
}

// ParseArgv analyses one simple command given as exact words, as exec would run
// it without a shell.
func (p *Parser) ParseArgv(argv []string) Result {
	var res Result
	if len(argv) == 0 || argv[0] == "" {
		res.Problems = append(res.Problems, Problem{Kind: ProblemParse, Reason: "empty command: nothing to run"})
		return res
	}
	total := 0
	for _, a := range argv {
		total += len(a)
		if problem, ok := p.checkInput(a); !ok {
			res.Problems = append(res.Problems, problem)
			return res
		}
	}
	if total > p.opts.MaxBytes {
		res.Problems = append(res.Problems, tooLarge(total, p.opts.MaxBytes))
		return res
	}
	words := make([]Word, len(argv))
	for i, a := range argv {
		words[i] = staticWord(a)
	}
	w := &walker{parser: p, res: &res, budget: p.opts.workBound(total)}
	w.emit(SimpleCommand{Argv: words, Source: quoteArgv(argv)}, context{})
	return res
}

func (p *Parser) checkInput(src string) (Problem, bool) {
	switch {
	case len(src) > p.opts.MaxBytes:
		return tooLarge(len(src), p.opts.MaxBytes), false
	case strings.IndexByte(src, 0) >= 0:
		return Problem{Kind: ProblemParse, Reason: "the command contains a NUL byte, which bash cannot pass"}, false
	case !utf8.ValidString(src):
		return Problem{Kind: ProblemParse, Reason: "the command is not valid UTF-8"}, false
	}
	return Problem{}, true
}

func tooLarge(size, limit int) Problem {
	return Problem{Kind: ProblemTooComplex, Reason: fmt.Sprintf("the command is %d bytes, over the %d-byte limit", size, limit)}
}

func stripComments(src string) string {
	var sb strings.Builder
	for line := range strings.SplitSeq(src, "\n") {
		if t := strings.TrimSpace(line); !strings.HasPrefix(t, "#") {
			sb.WriteString(t)
		}
	}
	return sb.String()
}

// context is what a command inherits from where it stands.
type context struct {
	wrappers   []Wrapper
	assigns    []Assign
	stdin      Input
	redirs     []Redirect
	subst      string
	function   string
	background bool
	pipesOut   bool
	depth      int
	// finds counts the find -exec (and fd -x) commands this one runs inside.
	finds        int
	placeholders []string
	positional   []Word
	offset       int
	nested       bool
	// alternative marks the readings of a command with one of several
	// values a variable may have (SimpleCommand.Alternative).
	alternative bool
	// orElse marks the commands on the right of || (SimpleCommand.OrElse).
	orElse bool
	// values is the resolver of the script the command stands in (whose
	// values an eval's script inherits).
	values *wordResolver
}

// walker collects the simple commands of one top-level script.
type walker struct {
	parser  *Parser
	res     *Result
	nesting int
	full    bool // the command or work bound was reached: walk no further
	deep    bool // the nesting bound was reached
	// budget is the work the analysis may take (Options.MaxWork); the work
	// taken is res.Work.
	budget int
	// inSuffix is set while an unknown program's argv suffix is unwrapped: its
	// own suffixes are among those the outer call already emits.
	inSuffix bool
	// otherNames are the names the script made run something else (alias
	// NAME=VALUE, hash -p PATH NAME): a later command typed with one runs
	// those words, then its own arguments.
	otherNames map[string][]Word
}

// script parses src and walks it. outer is the wrapper that holds a nested script.
func (w *walker) script(src string, c context, outer *Wrapper) {
	// The top-level script is read once (its bytes are in the bound); a
	// nested one is parsed again while the trees around it are kept.
	cost := len(src)
	if outer != nil {
		cost *= nestedParseWeight
	}
	if !w.spend(cost) {
		return
	}
	// A nested script's unknown programs get the principle afresh.
	inSuffix := w.inSuffix
	w.inSuffix = false
	defer func() { w.inSuffix = inSuffix }()
	if c.depth > w.parser.opts.MaxDepth {
		w.problem(ProblemTooComplex, fmt.Sprintf("scripts nested more than %d deep", w.parser.opts.MaxDepth), src)
		return
	}
	if problem, ok := w.parser.checkInput(src); !ok {
		problem.Source = clip(src)
		w.res.Problems = append(w.res.Problems, problem)
		return
	}
	if reason := prescan(src, w.parser.opts.MaxNesting, w.parser.opts.MaxWords, maxArithOperators); reason != "" {
		w.problem(ProblemTooComplex, reason, src)
		return
	}
	w.parser.source.Reset(src)
	file, err := w.parser.syntax.Parse(&w.parser.source, "")
	if err != nil {
		w.problem(ProblemParse, parseReason(err), src)
		if file = w.parsedBefore(src, err); file == nil {
			return
		}
	}
	walk := &scriptWalk{words: wordResolver{home: w.parser.opts.Home, source: src, work: w}}
	res := &walk.words
	if len(c.positional) > 0 && positionalsStay(file) {
		res.positional = c.positional
	}
	switch {
	case outer != nil && outer.Name == "eval":
		// eval runs its text in the same shell: the values known where it
		// stands are known in it.
		res.inherit(c.values)
	case outer != nil && IsShell(outer.Name):
		// bash -c runs a child: it sees the variables exported, and
		// those its command line assigns (c=rm bash -c '$c').
		res.inheritEnv(c.values, c.assigns)
	}
	c.positional, c.values = nil, res
	if outer != nil {
		c.wrappers = appendWrapper(c.wrappers, *outer)
	}
	walk.walker = scriptWalker{walker: w, words: res}
	walk.walker.follow(file, c)
}

// scriptWalk holds one script's walker and the word resolver it reads its
// words with, allocated together.
type scriptWalk struct {
	words  wordResolver
	walker scriptWalker
}

// parsedBefore parses the statements of src on the lines before its
// syntax error err: bash reads and runs a script a line (a whole command)
// at a time, so they run before it stops at the error. nil when there are
// none.
func (w *walker) parsedBefore(src string, err error) *syntax.File {
	var perr syntax.ParseError
	if !errors.As(err, &perr) || perr.Pos.Line() <= 1 {
		return nil
	}
	end := 0
	_ = w.parser.syntax.Stmts(strings.NewReader(src), func(st *syntax.Stmt) bool {
		if st.End().Line() >= perr.Pos.Line() {
			return false
		}
		end = int(st.End().Offset())
		return true
	})
	if end == 0 || end > len(src) {
		return nil
	}
	file, err := w.parser.syntax.Parse(strings.NewReader(src[:end]), "")
	if err != nil {
		return nil
	}
	return file
}

// positionalsStay reports whether $1 … mean the same everywhere in the script:
// nothing shifts or sets them, no function has its own, nothing changes IFS
// (which changes how an unquoted one splits). Otherwise they are left dynamic.
func positionalsStay(file *syntax.File) bool {
	stay := true
	syntax.Walk(file, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			stay = false
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && !wi.InPos.IsValid() {
				stay = false // for a; do … iterates over the positionals
			}
		case *syntax.CallExpr:
			for _, a := range x.Assigns {
				if a.Name != nil && a.Name.Value == "IFS" {
					stay = false
				}
			}
			if len(x.Args) > 0 {
				switch x.Args[0].Lit() {
				case "shift", "set", "getopts", "source", ".":
					stay = false
				}
			}
		case *syntax.DeclClause:
			for _, a := range x.Args {
				if a.Name != nil && a.Name.Value == "IFS" {
					stay = false
				}
			}
		}
		return stay
	})
	return stay
}

func parseReason(err error) string {
	var perr syntax.ParseError
	if errors.As(err, &perr) {
		return fmt.Sprintf("bash cannot parse it: %s", perr.Error())
	}
	return fmt.Sprintf("bash cannot parse it: %v", err)
}

func (w *walker) problem(kind ProblemKind, reason, src string) {
	for _, p := range w.res.Problems {
		if p.Kind == kind && p.Reason == reason {
			return
		}
	}
	w.res.Problems = append(w.res.Problems, Problem{Kind: kind, Reason: reason, Source: clip(src)})
}

// clip shortens source quoted in a problem to 200 bytes, on a rune boundary.
func clip(s string) string { return textclip.Clip(s, 200) }

// spend counts n steps of work. Past the work bound it reports too_complex
// (once), stops the walk and returns false: the caller does no more.
func (w *walker) spend(n int) bool {
	if w.full {
		return false
	}
	if stop := w.parser.opts.Stop; stop != nil && stop() {
		w.full = true
		w.problem(ProblemTooComplex, "the analysis was stopped: its deadline passed", "")
		return false
	}
	if w.res.Work+n <= w.budget {
		w.res.Work += n
		return true
	}
	w.overBudget("")
	return false
}

// overBudget stops the walk at the work bound, saying so (and more, when
// more is not empty).
func (w *walker) overBudget(more string) {
	w.full = true
	w.problem(ProblemTooComplex, fmt.Sprintf("analysing it takes more than %d steps, the bound for a command of this size%s", w.budget, more), "")
}

// recordWords is how many words recording cmd puts up for judging: its
// own, its wrappers', its assignments and redirections.
func recordWords(cmd SimpleCommand) int {
	n := 1 + len(cmd.Argv) + len(cmd.Assigns) + len(cmd.Redirects)
	for _, wr := range cmd.Wrappers {
		n += 1 + len(wr.Argv)
	}
	return n
}

// minJudgedWords is how many of a command's words are still judged when
// the work bound cuts it short.
const minJudgedWords = 64

// fit and record add a finished command, within the command and work
// bounds. A command too large for the work left is recorded with only its first and
// last words, and the analysis stops: what was found in those still counts
// (rm -rf ~ followed by 100,000 words, or preceded by them, is still rm -rf
// ~), and too_complex says the rest was not judged.
// fit cuts it; over reports that it was too large, more says what was cut.
func (w *walker) fit(cmd SimpleCommand) (fitted SimpleCommand, over bool, more string) {
	if w.res.Work+recordWeight*recordWords(cmd) <= w.budget {
		return cmd, false, ""
	}
	keep := max((w.budget-w.res.Work)/recordWeight-(recordWords(cmd)-len(cmd.Argv)), minJudgedWords)
	if keep < len(cmd.Argv) {
		// The first words name the program and its options, the last
		// ones often its targets (rm -rf x x … ~): both are judged.
		head, tail := (keep+1)/2, keep/2
		cmd.Argv = append(slices.Clip(cmd.Argv[:head]), cmd.Argv[len(cmd.Argv)-tail:]...)
		more = fmt.Sprintf("; only the first %d and last %d words of a command were judged", head, tail)
	}
	return cmd, true, more
}

// record adds a command fit made, within the command bound.
func (w *walker) record(cmd SimpleCommand, over bool, more string) int {
	if w.full {
		return -1
	}
	if len(w.res.Commands) >= w.parser.opts.MaxCommands {
		w.full = true
		w.problem(ProblemTooComplex, fmt.Sprintf("more than %d simple commands", w.parser.opts.MaxCommands), "")
		return -1
	}
	if over {
		w.overBudget(more)
	} else {
		w.res.Work += recordWeight * recordWords(cmd)
	}
	cmd.scan = new(declaredScan)
	w.res.Commands = append(w.res.Commands, cmd)
	return len(w.res.Commands) - 1
}

func appendWrapper(list []Wrapper, wr Wrapper) []Wrapper {
	out := make([]Wrapper, len(list), len(list)+1)
	copy(out, list)
	return append(out, wr)
}

func quoteArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = ShellQuote(a)
	}
	return strings.Join(parts, " ")
}

// ShellQuote quotes s for bash when it needs quoting (shword.Quote).
func ShellQuote(s string) string { return shword.Quote(s) }

// IsIncomplete reports whether a script only needs more input to parse: an open
// quote, an unfinished if, for or function. A shell would ask for another line.
// Input past the bounds is complete: the analysis then reports it too complex.
func IsIncomplete(src string) bool {
	if len(src) > DefaultMaxBytes || prescan(src, DefaultMaxNesting, DefaultMaxWords, maxArithOperators) != "" {
		return false
	}
	_, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	return err != nil && syntax.IsIncomplete(err)
}
