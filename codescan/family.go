package codescan

import (
	"strings"
	"sync"
)

// family is what the package knows of one language family: how to tokenize
// it, how its expressions join strings and name things, and its calls.
type family struct {
	lang Lang
	lex  lexRules
	ev   evalRules
	// calls are the functions the family's code calls by name, qualified
	// as the scanner names them (os.system, child_process.execSync).
	calls map[string]callSpec
	// methods are the methods called on a value (a string, a list, a path
	// object): "rm -rf ~".execute(), Path.home().rmdir().
	methods map[string]callSpec
	// envMaps are the names whose members or keys are environment
	// variables (os.environ, process.env, ENV, $ENV).
	envMaps map[string]bool
	// heredocInterp reads interpolation in a here-document's body.
	heredocInterp func(lx *lexer, b *strBuilder) bool
	// reader reads a family whose code is not expressions of this shape
	// (Tcl's commands, Scheme's lists); nil for the shared evaluator.
	reader func(r *run, fam *family, src string, depth int, sc *scope)
}

// evalRules are how a family's expressions read.
type evalRules struct {
	// concat are the operators that join strings (+, ., .., <>, &).
	concat []string
	// juxtapose reports that adjacent operands join (awk), or adjacent
	// string literals (Python, Ruby).
	juxtapose, adjacentStrings bool
	// nameSeps join a qualified name: ".", "::", "->", ":".
	nameSeps []string
	// parenless reports calls written without parentheses (system "x").
	parenless bool
	// bareCalls reports that naming a function calls it (Perl's fork,
	// Ruby's Dir.home).
	bareCalls bool
	// kwColon and kwEquals report named arguments written key: value and
	// key=value.
	kwColon, kwEquals bool
	// newlineEnds reports that a line ends a statement unless a bracket
	// is open.
	newlineEnds bool
	// lower reports names compared in lower case (PHP's functions).
	lower bool
	// stringCallee reports that a string can be called as the function it
	// names (PHP's $f = "system"; $f(…), awk's @f()).
	stringCallee bool
	// pipe reports x |> f(…), which calls f with x first.
	pipe bool
	// declare are the words that declare names (let, const, my, local).
	declare []string
	// stmt reads a family's own statements (imports); it returns the index
	// after the statement, or i when it read none.
	stmt func(s *scanner, i, end int) int
}

// read tokenizes src and evaluates it.
func (f *family) read(r *run, src string, depth int, sc *scope) {
	if f.reader != nil {
		f.reader(r, f, src, depth, sc)
		return
	}
	toks := lexAll(r, f, src, depth)
	s := newScanner(r, f, toks, depth, sc)
	s.block(0, len(toks))
	s.forkLoops()
}

// isConcat reports an operator that joins strings in the family.
func (f *family) isConcat(op string) bool {
	for _, c := range f.ev.concat {
		if c == op {
			return true
		}
	}
	return false
}

// isNameSep reports punctuation that joins a qualified name.
func (f *family) isNameSep(op string) bool {
	for _, c := range f.ev.nameSeps {
		if c == op {
			return true
		}
	}
	return op == "?." || op == "&."
}

// normalize returns a name as the tables spell it: separators as dots,
// sigils and leading colons or backslashes dropped, node: prefixes and
// CORE:: removed, lower case where the family ignores case.
func (f *family) normalize(name string) string {
	name = strings.TrimLeft(name, `\:&`)
	for _, sep := range []string{"::", "->", "\\"} {
		name = strings.ReplaceAll(name, sep, ".")
	}
	if f.lang == Erlang {
		name = strings.ReplaceAll(name, ":", ".")
	}
	name = strings.TrimPrefix(name, "CORE.GLOBAL.")
	name = strings.TrimPrefix(name, "CORE.")
	name = strings.ReplaceAll(name, ".__dict__.", ".")
	if f.lang == JavaScript {
		for _, global := range []string{"globalThis.", "global.", "window.", "self."} {
			name = strings.TrimPrefix(name, global)
		}
	}
	if f.ev.lower {
		name = strings.ToLower(name)
	}
	return name
}

// moduleName returns a module a program loads as the tables name it:
// require("node:fs/promises") is fs.promises.
func moduleName(m string) string {
	m = strings.TrimPrefix(m, "node:")
	return strings.ReplaceAll(m, "/", ".")
}

// spec returns what calling the qualified name does.
func (f *family) spec(name string) (callSpec, bool) {
	sp, ok := f.calls[name]
	return sp, ok
}

// familyMap holds the families by language, built on first use (a var
// initializer would be a cycle: reading some languages' code reads the
// family again).
var (
	familyMap   map[Lang]*family
	familyBuilt sync.Once
)

// families returns familyMap, built on the first call (see langs.go).
func families() map[Lang]*family {
	familyBuilt.Do(func() {
		familyMap = map[Lang]*family{}
		for _, f := range allFamilies() {
			familyMap[f.lang] = f
		}
	})
	return familyMap
}

// familyOf returns the family of lang, or nil.
func familyOf(lang Lang) *family { return families()[lang] }
