package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
)

// Fork loops: a loop that never ends and forks each time round (while
// True: os.fork(), loop { fork }, for (;;) fork();), or one whose condition
// itself forks (fork while fork, 1 while fork, while (fork()) {}).

// forkLoops sets the report's ForkLoop when a loop of the stream forks
// without end.
func (s *scanner) forkLoops() {
	if len(s.forks) == 0 {
		return
	}
	loops := 0
	for i := range s.toks {
		if s.kind(i) != tIdent || !loopWords.Get()[s.toks[i].text] {
			continue
		}
		if loops++; loops > maxLoops {
			return
		}
		if s.loopForks(i) {
			s.r.rep.ForkLoop = true
			return
		}
	}
}

// loopWords start loops; maxLoops bounds those one stream's check reads.
var loopWords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("while", "until", "loop", "repeat", "for")
}}

const maxLoops = 256

// loopForks reports a loop at i (while, until, loop, for) that forks
// without end.
func (s *scanner) loopForks(i int) bool {
	switch s.toks[i].text {
	case "while", "until":
		return s.whileForks(i, s.toks[i].text == "until")
	case "loop", "repeat":
		lo, hi := s.loopBody(i + 1)
		return s.forksIn(lo, hi) && !s.exits(lo, hi)
	case "for":
		if !s.is(i+1, "(") {
			return false
		}
		c := s.closeOf(i+1, len(s.toks))
		if !s.endlessFor(i+2, c) {
			return false
		}
		lo, hi := s.loopBody(c + 1)
		return s.forksIn(lo, hi) && !s.exits(lo, hi)
	}
	return false
}

// whileForks reads while COND BODY, BODY while COND (a statement modifier)
// and their until forms.
func (s *scanner) whileForks(i int, until bool) bool {
	if lo := s.stmtStart(i); lo < i {
		hi := s.stmtEnd(i + 1)
		if s.forksIn(i+1, hi) {
			return true
		}
		return s.forever(i+1, hi, until) && s.forksIn(lo, i) && !s.exits(lo, i)
	}
	condLo, condHi, after := s.condition(i + 1)
	if s.forksIn(condLo, condHi) {
		return true
	}
	if !s.forever(condLo, condHi, until) {
		return false
	}
	lo, hi := s.bodyAfter(i, after)
	return s.forksIn(lo, hi) && !s.exits(lo, hi)
}

// stmtStart returns where the statement holding i starts (within 256 tokens).
func (s *scanner) stmtStart(i int) int {
	for j := i - 1; j >= 0 && j >= i-256; j-- {
		if s.kind(j) == tNewline || s.is(j, ";", "{", "}") {
			return j + 1
		}
	}
	return max(0, i-256)
}

// stmtEnd returns where the statement from i ends.
func (s *scanner) stmtEnd(i int) int {
	for j := i; j < len(s.toks); j++ {
		if c := s.close[j]; c > j {
			j = c
			continue
		}
		if s.kind(j) == tNewline || s.is(j, ";", "}") {
			return j
		}
	}
	return len(s.toks)
}

// condition returns a loop condition's tokens from i and where the body
// starts: (cond) or cond up to :, do, { or the end of the line.
func (s *scanner) condition(i int) (int, int, int) {
	if s.is(i, "(") {
		c := s.closeOf(i, len(s.toks))
		return i + 1, c, c + 1
	}
	for j := i; j < len(s.toks); j++ {
		switch {
		case s.is(j, ":", "do"):
			return i, j, j + 1
		case s.is(j, "{") || s.kind(j) == tNewline:
			return i, j, j
		}
	}
	return i, len(s.toks), len(s.toks)
}

// forever reports a condition that is always true (false for until): a
// true constant, or nothing at all.
func (s *scanner) forever(lo, hi int, until bool) bool {
	for lo < hi && s.is(lo, "(") && s.close[lo] == hi-1 {
		lo, hi = lo+1, hi-1
	}
	if hi-lo != 1 {
		return hi == lo && !until
	}
	x, _ := s.primaryConst(lo)
	return x.kind != xUnknown && x.truthy() != until
}

// primaryConst evaluates a constant token (1, true, True, 0, false, nil).
func (s *scanner) primaryConst(i int) (expr, bool) {
	t := s.toks[i]
	if t.kind == tNumber || t.kind == tIdent && s.identifier(t.text).kind == xBool {
		x, _ := s.primary(i, i+1)
		return x, true
	}
	return unknown, false
}

// endlessFor reports for (;;).
func (s *scanner) endlessFor(lo, hi int) bool {
	return hi-lo == 2 && s.is(lo, ";") && s.is(lo+1, ";")
}

// bodyAfter returns a loop body that starts at after: a braced block, an
// indented block (Python), a block up to end, or one statement.
func (s *scanner) bodyAfter(loop, after int) (int, int) {
	if s.kind(after) == tNewline && s.fam.lang == Python {
		indent := s.toks[loop].indent
		j := after
		for j < len(s.toks) && (s.kind(j) == tNewline || s.toks[j].indent > indent) {
			j++
		}
		return after, j
	}
	return s.loopBody(after)
}

// loopBody returns the body at i: { … }, do … end, or one statement.
func (s *scanner) loopBody(i int) (int, int) {
	i = s.skipNewlines(i, len(s.toks))
	if s.is(i, "{") {
		return i + 1, s.closeOf(i, len(s.toks))
	}
	if s.is(i, "do") {
		i++
	}
	if !endBlocks.Get()[s.fam.lang] {
		return i, s.stmtEnd(i)
	}
	for j := i; j < len(s.toks); j++ {
		if c := s.close[j]; c > j {
			j = c
			continue
		}
		if s.is(j, "end") {
			return i, j
		}
	}
	return i, s.stmtEnd(i)
}

// endBlocks are the families whose blocks close with end.
var endBlocks = lazy.Value[map[Lang]bool]{Make: func() map[Lang]bool {
	return map[Lang]bool{Ruby: true, Lua: true, Julia: true, Elixir: true, Erlang: true, AppleScript: true}
}}

// forksIn reports a fork call among tokens [lo, hi).
func (s *scanner) forksIn(lo, hi int) bool {
	for _, f := range s.forks {
		if f >= lo && f < hi {
			return true
		}
	}
	return false
}

// exits reports a body that can leave the loop or waits for its children:
// then it is not a fork bomb the scanner can be sure of.
func (s *scanner) exits(lo, hi int) bool {
	for j := lo; j < hi && j < len(s.toks); j++ {
		if s.is(j, "break", "last", "return", "exit", "exit!", "_exit", "wait", "waitpid", "wait2", "die", "abort", "halt") {
			return true
		}
	}
	return false
}
