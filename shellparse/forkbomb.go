package shellparse

import (
	"slices"
	"strconv"

	"github.com/permgate/permgate/internal/lazy"
	"mvdan.cc/sh/v3/syntax"
)

// Fork bombs, read from the script's structure: an endless loop whose body
// starts background jobs and never waits (while true; do cmd & done,
// while :; do (sleep 1 &); done, for ((;;)); do … & done), and a function
// that calls itself — directly or through other functions of the script —
// with a call in a pipeline or in the background (:(){ :|:& };:).

// pendingBomb is a loop found to be a fork bomb, before its body is walked.
type pendingBomb struct {
	bomb  ForkBomb
	start int // the commands recorded from here on are the body's
}

// loopBomb returns the fork bomb a loop is, or nil: it never ends, and its
// body, which starts at least one background job, has nothing that waits.
func (s *scriptWalker) loopBomb(loop syntax.Command, body []*syntax.Stmt) *pendingBomb {
	if !s.endless(loop) {
		return nil
	}
	starts, ok := nonBlocking(body)
	if !ok || starts == 0 {
		return nil
	}
	return &pendingBomb{bomb: ForkBomb{Kind: ForkBombLoop, Source: clip(s.words.text(loop))}, start: len(s.res.Commands)}
}

// recordBomb records a loop's fork bomb, with the first command its body
// recorded.
func (s *scriptWalker) recordBomb(p *pendingBomb) {
	if p == nil {
		return
	}
	p.bomb.Command = -1
	if p.start < len(s.res.Commands) {
		p.bomb.Command = p.start
	}
	s.res.ForkBombs = append(s.res.ForkBombs, p.bomb)
}

// endless reports a loop whose condition never ends it: while true, while
// :, while 1, while [ 1 ], while ((1)), until false, for ((;;)).
func (s *scriptWalker) endless(loop syntax.Command) bool {
	switch x := loop.(type) {
	case *syntax.WhileClause:
		if len(x.Cond) != 1 {
			return false
		}
		want := !x.Until
		if x.Cond[0].Negated {
			want = !want
		}
		v, ok := s.constantCondition(x.Cond[0].Cmd)
		return ok && v == want
	case *syntax.ForClause:
		c, ok := x.Loop.(*syntax.CStyleLoop)
		if !ok {
			return false
		}
		if c.Cond == nil {
			return true
		}
		n, isNum := arithConstant(c.Cond)
		return isNum && n != 0
	}
	return false
}

// constantCondition returns the status a condition always has: true for
// true, :, 1 (a program of that name, as the shell would look for it), a
// test of a non-empty word and a non-zero arithmetic constant; false for
// false and a zero one.
func (s *scriptWalker) constantCondition(cmd syntax.Command) (value, ok bool) {
	switch x := cmd.(type) {
	case *syntax.CallExpr:
		return s.constantCommand(x)
	case *syntax.ArithmCmd:
		n, isNum := arithConstant(x.X)
		return n != 0, isNum
	case *syntax.TestClause:
		if w, isWord := x.X.(*syntax.Word); isWord {
			v := s.words.resolveOne(w)
			return v.Text != "", v.Static
		}
	}
	return false, false
}

// constantCommand is constantCondition for a simple command: true, :, 1,
// false, [ WORD ] and test WORD.
func (s *scriptWalker) constantCommand(x *syntax.CallExpr) (value, ok bool) {
	if len(x.Assigns) > 0 || len(x.Args) == 0 || len(x.Args) > 3 {
		return false, false
	}
	argv := make([]Word, len(x.Args))
	for i, a := range x.Args {
		argv[i] = s.words.resolveOne(a)
	}
	name := CommandName(argv[0])
	if len(argv) == 1 {
		return name != "false", constantStatus.Get()[name]
	}
	if name == "[" {
		if !argv[len(argv)-1].Static || argv[len(argv)-1].Text != "]" {
			return false, false
		}
		name, argv = "test", argv[:len(argv)-1]
	}
	if name != "test" || len(argv) != 2 {
		return false, false
	}
	return argv[1].Text != "", argv[1].Static // test WORD: true for a word not empty
}

// constantStatus are the commands whose status never changes.
var constantStatus = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("true", ":", "1", "false")
}}

// arithConstant reads an arithmetic expression that is a decimal number.
func arithConstant(x syntax.ArithmExpr) (int, bool) {
	w, ok := x.(*syntax.Word)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(w.Lit())
	return n, err == nil
}

// nonBlocking reports a loop body in which nothing waits: every statement
// starts a background job, is a subshell or group made only of such, or
// returns at once (:, true, false, an assignment). starts counts the
// background jobs.
func nonBlocking(body []*syntax.Stmt) (starts int, ok bool) {
	if len(body) == 0 {
		return 0, false
	}
	for _, st := range body {
		if st.Background || st.Coprocess {
			starts++
			continue
		}
		switch x := st.Cmd.(type) {
		case *syntax.Subshell:
			n, inner := nonBlocking(x.Stmts)
			if !inner {
				return 0, false
			}
			starts += n
		case *syntax.Block:
			n, inner := nonBlocking(x.Stmts)
			if !inner {
				return 0, false
			}
			starts += n
		case *syntax.CallExpr:
			if !instant(x) {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return starts, true
}

// instant reports a simple command that returns at once: assignments
// alone, :, true or false.
func instant(x *syntax.CallExpr) bool {
	if len(x.Args) == 0 {
		return true
	}
	switch x.Args[0].Lit() {
	case ":", "true", "false":
		return true
	}
	return false
}

// functionBombs finds the functions that call themselves, directly or
// through others of the script's functions, with a call that runs in
// parallel with its caller (in a pipeline, in the background, in a process
// substitution). The calls are read from the commands recorded: one whose
// Function is the caller and whose name is a function of the script (or
// $FUNCNAME, the caller itself). Strongly connected functions are found in
// one pass over the calls.
func functionBombs(res *Result) []ForkBomb {
	if len(res.Functions) == 0 {
		return nil
	}
	g := callsOf(res)
	comp := g.components()
	var out []ForkBomb
	seen := map[int]bool{}
	for from, edges := range g.edges {
		for _, e := range edges {
			if e.parallel && comp[from] == comp[e.to] && !seen[from] {
				seen[from] = true
				out = append(out, ForkBomb{Kind: ForkBombFunction, Function: g.names[from], Command: e.command, Source: res.Commands[e.command].Source})
			}
		}
	}
	return out
}

// callsOf returns the calls between the script's functions its commands
// make.
func callsOf(res *Result) *callGraph {
	g := &callGraph{index: map[string]int{}}
	for _, f := range res.Functions {
		g.node(f)
	}
	for i, c := range res.Commands {
		if c.Function == "" || len(c.Argv) == 0 {
			continue
		}
		callee := c.Name
		if !c.Argv[0].Static && slices.Contains(c.Argv[0].Params, "FUNCNAME") {
			callee = c.Function
		}
		if to, ok := g.index[callee]; ok {
			from := g.node(c.Function)
			g.edges[from] = append(g.edges[from], callEdge{to: to, parallel: runsAlongside(c), command: i})
		}
	}
	return g
}

// runsAlongside reports a command that runs in parallel with the one that
// started it: in the background, in a pipeline, in a process substitution.
func runsAlongside(c SimpleCommand) bool {
	return c.Background || c.PipesOut || c.Stdin.Kind == InputPipe || c.Subst == "<(" || c.Subst == ">("
}

// callGraph is the calls between a script's functions.
type callGraph struct {
	names []string
	index map[string]int
	edges [][]callEdge
}

// callEdge is one call: to the function at index to, from the command at
// index command.
type callEdge struct {
	to       int
	parallel bool
	command  int
}

// node returns the index of a function, adding it.
func (g *callGraph) node(name string) int {
	if i, ok := g.index[name]; ok {
		return i
	}
	g.index[name] = len(g.names)
	g.names = append(g.names, name)
	g.edges = append(g.edges, nil)
	return len(g.names) - 1
}

// components returns each function's strongly connected component
// (Tarjan's algorithm, with an explicit stack: linear in the calls).
func (g *callGraph) components() []int {
	n := len(g.names)
	t := tarjan{g: g, index: make([]int, n), low: make([]int, n), comp: make([]int, n), onStack: make([]bool, n)}
	for i := range t.index {
		t.index[i] = -1
	}
	for v := 0; v < n; v++ {
		if t.index[v] < 0 {
			t.visit(v)
		}
	}
	return t.comp
}

// tarjan is the state of one run of Tarjan's algorithm.
type tarjan struct {
	g                *callGraph
	index, low, comp []int
	onStack          []bool
	stack            []int
	next, comps      int
}

// frame is one function being visited, and the next of its calls to look at.
type frame struct{ v, edge int }

// visit runs the algorithm from v without recursion.
func (t *tarjan) visit(root int) {
	frames := []frame{{v: root}}
	t.open(root)
	for len(frames) > 0 {
		f := &frames[len(frames)-1]
		if f.edge < len(t.g.edges[f.v]) {
			w := t.g.edges[f.v][f.edge].to
			f.edge++
			switch {
			case t.index[w] < 0:
				t.open(w)
				frames = append(frames, frame{v: w})
			case t.onStack[w]:
				t.low[f.v] = min(t.low[f.v], t.index[w])
			}
			continue
		}
		v := f.v
		frames = frames[:len(frames)-1]
		if len(frames) > 0 {
			p := frames[len(frames)-1].v
			t.low[p] = min(t.low[p], t.low[v])
		}
		if t.low[v] == t.index[v] {
			t.close(v)
		}
	}
}

func (t *tarjan) open(v int) {
	t.index[v], t.low[v] = t.next, t.next
	t.next++
	t.stack = append(t.stack, v)
	t.onStack[v] = true
}

// close pops v's component off the stack.
func (t *tarjan) close(v int) {
	for {
		w := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[w] = false
		t.comp[w] = t.comps
		if w == v {
			break
		}
	}
	t.comps++
}
