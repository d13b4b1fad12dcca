package runs

import (
	"path"
	"regexp"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/internal/lazy"
)

// What a program file imports from the project: Python's import and from
// … import (resolved from the file's directory, which python puts first on
// its path), JavaScript's require('./x') and import … from './x', Ruby's
// require_relative. Only names that resolve to files beside the program
// are followed; installed modules are not the project's.
var (
	pythonImports = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^[ \t]*(?:from[ \t]+(\.*[A-Za-z_][\w.]*|\.+)[ \t]+import[ \t]+\(?([\w \t,]*)|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*))`)
	}}
	// pythonExecFiles are the files a program runs as its own code by
	// reading them: exec(open("x.py").read()), exec(compile(open(…)…)).
	pythonExecFiles = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
		return regexp.MustCompile(`\bexec\(\s*(?:compile\(\s*)?open\(\s*['"]([^'"]+)['"]`)
	}}
	jsImports = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
		return regexp.MustCompile(`(?:require\(\s*|\bimport\s*\(\s*|\bfrom\s+|^\s*import\s+)['"](\.{1,2}/[^'"]+)['"]`)
	}}
	// jsLocalFiles are string literals naming a local code file by its
	// extension ("./global-setup.ts", setupFiles: ['./jest.setup.cjs']):
	// a tool's config loads the files it names.
	jsLocalFiles = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
		return regexp.MustCompile(`['"](\.{1,2}/[^'"\s]+\.(?:[cm]?[jt]s|[jt]sx))['"]`)
	}}
	rubyImports = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
		return regexp.MustCompile(`\brequire_relative\s*\(?\s*['"]([^'"]+)['"]`)
	}}
)

// imports judges the project files a program file at abs imports, within
// the budget; files being judged are not read again (an import cycle).
func (s *State) imports(h Host, b *Budget, name, abs, text string, from Lang, rep codescan.Report) {
	defer b.close(b.opened(abs))
	lang := from.Code
	for _, p := range append(importedFiles(abs, text, lang), loadedFiles(abs, lang, rep)...) {
		if b.open[p] {
			continue
		}
		if _, err := s.read(h, p); err != nil {
			continue // not a file of the project: an installed module
		}
		s.File(h, b, name, p, Lang{Code: lang, BestEffort: from.BestEffort}, path.Base(p)+" (imported by "+path.Base(abs)+")")
	}
}

// loadedFiles are the paths of the modules and files the tokenizer saw the
// code load by names it gives in full (importlib.import_module("a." + "b"),
// runpy.run_path("x.py")), beside the program.
func loadedFiles(abs string, lang codescan.Lang, rep codescan.Report) []string {
	dir := path.Dir(abs)
	var out []string
	for _, f := range rep.Files {
		if !path.IsAbs(f) {
			f = path.Join(dir, f)
		}
		out = append(out, f)
	}
	if lang != codescan.Python {
		return out
	}
	for _, mod := range rep.Modules {
		base := path.Join(dir, strings.ReplaceAll(mod, ".", "/"))
		out = append(out, base+".py", path.Join(base, "__init__.py"))
	}
	return out
}

// importedFiles are the paths a program's imports may name beside it.
func importedFiles(abs, text string, lang codescan.Lang) []string {
	dir := path.Dir(abs)
	var out []string
	switch lang {
	case codescan.Python:
		for _, m := range pythonImports.Get().FindAllStringSubmatch(text, maxImports) {
			if m[1] != "" {
				out = append(out, fromImport(dir, m[1], m[2])...)
				continue
			}
			for _, mod := range strings.Split(m[3], ",") {
				out = append(out, pythonModule(dir, strings.TrimSpace(mod))...)
			}
		}
		for _, m := range pythonExecFiles.Get().FindAllStringSubmatch(text, maxImports) {
			out = append(out, path.Join(dir, m[1]))
		}
	case codescan.JavaScript:
		for _, m := range jsImports.Get().FindAllStringSubmatch(text, maxImports) {
			p := path.Join(dir, m[1])
			out = append(out, p)
			if path.Ext(p) == "" {
				out = append(out, p+".js", p+".mjs", p+".ts", path.Join(p, "index.js"))
			}
		}
		for _, m := range jsLocalFiles.Get().FindAllStringSubmatch(text, maxImports) {
			out = append(out, path.Join(dir, m[1]))
		}
	case codescan.Ruby:
		for _, m := range rubyImports.Get().FindAllStringSubmatch(text, maxImports) {
			p := path.Join(dir, m[1])
			if path.Ext(p) == "" {
				p += ".rb"
			}
			out = append(out, p)
		}
	}
	return out
}

// pythonModule is where a module of that dotted name is beside dir: the
// file, or the package's __init__.py.
func pythonModule(dir, mod string) []string {
	if mod == "" {
		return nil
	}
	base := path.Join(dir, strings.ReplaceAll(mod, ".", "/"))
	return []string{base + ".py", path.Join(base, "__init__.py")}
}

// fromImport is where from MOD import a, b finds its files: MOD itself,
// and each name that is a submodule of it (from pkg import mod). A
// relative MOD (.x, ..) is from the file's own package.
func fromImport(dir, mod, names string) []string {
	trimmed := strings.TrimLeft(mod, ".")
	if dots := len(mod) - len(trimmed); dots > 0 {
		for range dots - 1 {
			dir = path.Dir(dir)
		}
		mod = trimmed
	}
	out := pythonModule(dir, mod)
	for _, n := range strings.Split(names, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(n), " ") // a as b
		if name != "" && name != "*" {
			out = append(out, pythonModule(dir, strings.Trim(mod+"."+name, "."))...)
		}
	}
	return out
}

// maxImports bounds the imports read of one program file.
const maxImports = 64
