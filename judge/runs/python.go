package runs

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/code"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// moduleRunners are the standard library's modules that run other code
// of the project when run with python -m: the file or module their first
// operand names, or the test modules unittest loads.
var moduleRunners = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"runpy": "module", "cProfile": "file", "profile": "file", "trace": "file", "pdb": "file", "doctest": "file",
		"unittest": "tests",
	}
}}

// runnerModule judges what a standard-library runner (python -m runpy MOD,
// python -m pdb FILE, python -m unittest) runs of the project; ok is false
// for any other module.
func (s *State) runnerModule(h Host, b *Budget, python, module string, args []shellparse.Word) (Result, bool) {
	kind, ok := moduleRunners.Get()[module]
	if !ok {
		return Result{}, false
	}
	for _, a := range args {
		if !a.Static {
			h.Report("dynamic_code", "project_args_dynamic", finding.NonSevere, python+" -m "+module+" is given "+clip(a.Text)+", known only at run time: what it runs is not known", "")
			return Result{Project: true}, true
		}
	}
	scan := runnerOptions.Scan(shellparse.RegistryWords(args))
	var operands []shellparse.Word
	for _, i := range scan.Operands {
		operands = append(operands, args[i])
	}
	r := Result{Project: true}
	switch {
	case kind == "tests":
		r = s.unittest(h, b, python, operands, &scan)
	case len(operands) == 0:
	case kind == "module":
		r = s.Module(h, b, python, operands[0].Text)
	default:
		r = s.File(h, b, python, operands[0].Text, Lang{Code: code.FileLang("python3")}, operands[0].Text+" (run by "+python+" -m "+module+")")
	}
	r.Project = true
	return r, true
}

// unittest judges the test modules python -m unittest loads: those named
// (tests.test_x, or a file path), else the test*.py files discovery finds
// from the start directory (discover -s DIR -p PATTERN) down its packages.
func (s *State) unittest(h Host, b *Budget, python string, operands []shellparse.Word, scan *registry.Scan) Result {
	var names []string
	for _, o := range operands {
		if o.Text != "discover" {
			names = append(names, o.Text)
		}
	}
	if len(operands) > 0 && operands[0].Text != "discover" {
		r := Result{Project: true}
		for _, n := range names {
			if strings.HasSuffix(n, ".py") || strings.Contains(n, "/") {
				keepRead(&r, s.File(h, b, python, n, Lang{Code: code.FileLang("python3")}, n+" (a test module unittest loads)"))
				continue
			}
			module, _, _ := strings.Cut(n, ":")
			for module != "" && !s.hasModule(h, module) && strings.Contains(module, ".") {
				module = module[:strings.LastIndexByte(module, '.')] // tests.test_x.TestCase.test_y
			}
			keepRead(&r, s.Module(h, b, python, module))
		}
		return r
	}
	start, pattern := discoverOptions(operands, scan)
	return s.discover(h, b, python, start, pattern)
}

// keepRead records that r read a file when got did.
func keepRead(r *Result, got Result) {
	r.Read = r.Read || got.Read
}

// hasModule reports a module file of the project's directory.
func (s *State) hasModule(h Host, module string) bool {
	for _, p := range pythonModule(h.Dir(), module) {
		if _, err := s.read(h, p); err == nil {
			return true
		}
	}
	return false
}

// runnerOptions are the options of the runner modules that take a value
// (unittest discover's -s, -p, -t; trace's and cProfile's -o, -s …).
var runnerOptions = registry.Grammar{Short: "s:p:t:k:o:m:C:vqfcb", Long: []string{"start-directory=", "pattern=", "top-level-directory=",
	"outfile=", "sort=", "module", "durations=", "coverdir=", "file=", "ignore-module=", "ignore-dir=", "verbose", "quiet", "failfast", "catch",
	"buffer", "locals", "count", "trace", "listfuncs", "trackcalls", "missing", "summary", "timing"}}

// discoverOptions reads unittest discover's start directory and pattern
// (-s, -p, or the operands after discover in that order).
func discoverOptions(operands []shellparse.Word, scan *registry.Scan) (start, pattern string) {
	start, pattern = ".", "test*.py"
	rest := operands
	if len(rest) > 0 && rest[0].Text == "discover" {
		rest = rest[1:]
	}
	if len(rest) > 0 {
		start = rest[0].Text
	}
	if len(rest) > 1 {
		pattern = rest[1].Text
	}
	for _, o := range scan.Values("-s", "--start-directory") {
		start = o.Value
	}
	for _, o := range scan.Values("-p", "--pattern") {
		pattern = o.Value
	}
	return start, pattern
}

// discover judges the test modules unittest's discovery loads: files
// matching pattern in start and in the packages (directories with
// __init__.py) under it, within MaxTestModules.
func (s *State) discover(h Host, b *Budget, python string, start, pattern string) Result {
	r := Result{Project: true}
	if h.RunsDirs() == nil {
		return r
	}
	m := code.Matched{Dirs: []string{start}, Names: []string{pattern}, Depth: code.MaxFindDepth, Find: true}
	w := walk{s: s, h: h, m: m, packages: true}
	if why := w.root(h.Resolve(start)); why != "" || w.more {
		unknownMatch(h, python+" -m unittest", m, "it finds more test modules than permgate reads")
	}
	for _, f := range w.files {
		keepRead(&r, s.File(h, b, python, f, Lang{Code: code.FileLang("python3")}, path.Base(f)+" (a test module unittest loads)"))
	}
	return r
}
