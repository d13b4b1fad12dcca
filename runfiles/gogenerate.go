package runfiles

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// MaxGenerateDirs bounds the directories one go generate reading visits
// (./... walks); past it the rest are said to be not read.
const MaxGenerateDirs = 1024

// MaxGenerateFiles bounds the .go files one go generate reading scans for
// directives.
const MaxGenerateFiles = 4096

// MaxGenerateDepth bounds how deep a ./... walk goes below its root.
const MaxGenerateDepth = 32

// GoGenerate returns the commands go generate with arguments args (the
// words after "generate") runs when started in dir: the //go:generate
// directives of the .go files (test files too) of the packages named, in
// order, with $GOFILE, $GOLINE, $GOPACKAGE and $DOLLAR expanded, other
// variables left as shell parameters, -command aliases replaced, and -run
// and -skip applied. Each is a Text of its words quoted for the shell (go
// generate runs the words without a shell). A package that is no local
// directory is Dynamic. Build constraints are not read: every file's
// directives are taken.
func GoGenerate(files Files, dirs Dirs, dir string, args []shellparse.Word) Run {
	var out Run
	g := &generator{files: files, dirs: dirs, out: &out}
	targets, ok := g.readArgs(dir, args)
	if !ok {
		return out
	}
	for _, t := range targets {
		g.target(t)
	}
	return out
}

// generator reads the directives of one go generate command.
type generator struct {
	files      Files
	dirs       Dirs
	out        *Run
	run, skip  *regexp.Regexp
	dirCount   int
	fileCount  int
	boundNoted bool
}

// generateTarget is one package argument: a directory (with its
// subdirectories for a ... pattern) or the .go files named.
type generateTarget struct {
	dir   string
	walk  bool
	files []string
}

// readArgs reads the argv through the registry's declaration of go
// generate; false when nothing runs (-n only prints).
func (g *generator) readArgs(dir string, args []shellparse.Word) ([]generateTarget, bool) {
	goProg, _ := registry.Default().Lookup("go")
	scan := goProg.Node.Sub("generate").Grammar.Scan(shellparse.RegistryWords(args))
	if scan.Unknown {
		g.out.dynamic("a go generate option known only at run time may select other directives or packages")
	}
	if scan.Has("-n") {
		return nil, false
	}
	for _, o := range scan.Opts {
		w, ok := shellparse.OptionWord(args, o)
		if ok && !w.Static {
			g.out.dynamic("go generate %s %s is known only at run time", o.Name, w.Text)
			continue
		}
		if ok {
			dir = g.option(dir, o.Name, w.Text)
		}
	}
	return g.targets(dir, args, scan.Operands), true
}

// option reads -run, -skip and -C.
func (g *generator) option(dir, name, value string) string {
	switch name {
	case "-run", "-skip":
		re, err := regexp.Compile(value)
		if err != nil {
			g.out.dynamic("go generate %s %q does not compile (%v): go generate fails or selects directives not known", name, value, err)
			return dir
		}
		if name == "-run" {
			g.run = re
		} else {
			g.skip = re
		}
	case "-C":
		return absUnder(dir, "", value)
	}
	return dir
}

// targets reads the package arguments; none is the current directory.
func (g *generator) targets(dir string, args []shellparse.Word, operands []int) []generateTarget {
	var out []generateTarget
	var goFiles []string
	for _, i := range operands {
		w := args[i]
		switch {
		case !w.Static:
			g.out.dynamic("go generate package %s is known only at run time", w.Text)
		case strings.HasSuffix(w.Text, ".go"):
			goFiles = append(goFiles, absUnder(dir, "", w.Text))
		default:
			if t, ok := g.packageTarget(dir, w.Text); ok {
				out = append(out, t)
			}
		}
	}
	if len(goFiles) > 0 {
		out = append(out, generateTarget{dir: filepath.Dir(goFiles[0]), files: goFiles})
	}
	if len(operands) == 0 {
		out = append(out, generateTarget{dir: dir})
	}
	return out
}

// packageTarget reads one package pattern: a local directory, maybe with
// a trailing /... .
func (g *generator) packageTarget(dir, pattern string) (generateTarget, bool) {
	local := pattern == "." || pattern == ".." || strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") || strings.HasPrefix(pattern, "/")
	if !local {
		g.out.dynamic("go generate package %s is an import path, not a local directory: its directives are not read", pattern)
		return generateTarget{}, false
	}
	base, walk := strings.CutSuffix(pattern, "/...")
	if pattern == "..." {
		base, walk = ".", true
	}
	if strings.Contains(base, "...") {
		g.out.dynamic("go generate package pattern %s is not read: its directories are not known", pattern)
		return generateTarget{}, false
	}
	return generateTarget{dir: absUnder(dir, "", base), walk: walk}, true
}

// target reads one package argument's directives.
func (g *generator) target(t generateTarget) {
	if len(t.files) > 0 {
		for _, p := range t.files {
			g.file(p)
		}
		return
	}
	g.directory(t.dir, t.walk, 0)
}

// directory reads the .go files of dir and, walking, its subdirectories
// that go's ... pattern takes.
func (g *generator) directory(dir string, walk bool, depth int) {
	if g.dirCount >= MaxGenerateDirs || depth > MaxGenerateDepth {
		g.bound(fmt.Sprintf("go generate reads at most %d directories, %d deep: %s and the rest are not read", MaxGenerateDirs, MaxGenerateDepth, dir))
		return
	}
	g.dirCount++
	entries, err := g.dirs.List(dir)
	if err != nil {
		g.listError(dir, depth, err)
		return
	}
	var subdirs []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			g.link(dir, name, walk)
		case e.IsDir():
			if walk && walkedByGo(name) {
				subdirs = append(subdirs, filepath.Join(dir, name))
			}
		case strings.HasSuffix(name, ".go") && walkedByGo(name):
			g.file(filepath.Join(dir, name))
		}
	}
	for _, sub := range subdirs {
		if !exists(g.files, filepath.Join(sub, "go.mod")) {
			g.directory(sub, true, depth+1)
		}
	}
}

// listError reports a directory that cannot be listed; a missing one
// named on the command line is an error go reports, and runs nothing.
func (g *generator) listError(dir string, depth int, err error) {
	if Missing(err) && depth == 0 {
		return
	}
	if errors.Is(err, ErrTooLarge) {
		g.out.unread("go generate directory %s: %v", dir, err)
		return
	}
	g.out.dynamic("go generate directory %s cannot be listed (%v): its directives are not known", dir, err)
}

// link reports a link in a package directory: a linked .go file is read
// by go, a linked directory is not walked.
func (g *generator) link(dir, name string, walk bool) {
	p := filepath.Join(dir, name)
	if strings.HasSuffix(name, ".go") && walkedByGo(name) {
		g.file(p)
	} else if walk && walkedByGo(name) {
		g.out.Outside = append(g.out.Outside, "go's ... pattern does not follow the link "+p+": it is not walked")
	}
}

// walkedByGo reports a name go's package loading takes: not vendor or
// testdata, nor a name starting with . or _.
func walkedByGo(name string) bool {
	return name != "vendor" && name != "testdata" && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// bound says once that a bound stopped the reading.
func (g *generator) bound(reason string) {
	if !g.boundNoted {
		g.out.dynamic("%s", reason)
		g.boundNoted = true
	}
}

// file reads one .go file's directives.
func (g *generator) file(p string) {
	if g.fileCount >= MaxGenerateFiles {
		g.bound(fmt.Sprintf("go generate reads at most %d .go files: %s and the rest are not read", MaxGenerateFiles, p))
		return
	}
	g.fileCount++
	text, err := g.files.Read(p)
	switch {
	case Missing(err):
		return
	case errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNotRegular):
		g.out.unread("go generate file %s: %v: its directives are not known", p, err)
		return
	case err != nil:
		g.out.unread("go generate file %s: %v", p, err)
		return
	}
	f := generateFile{g: g, path: p, pkg: goPackageName(text), aliases: map[string][]string{}}
	for i, line := range strings.Split(text, "\n") {
		f.line(strings.TrimSuffix(line, "\r"), i+1)
	}
}

// packageClause matches a Go file's package clause.
var packageClause = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^package[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)
}}

// goPackageName is the name the file's package clause gives ("" when none
// is found).
func goPackageName(text string) string {
	if m := packageClause.Get().FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// generateFile is the state of one file's reading: its -command aliases,
// visible from their directive to the end of the file.
type generateFile struct {
	g       *generator
	path    string
	pkg     string
	aliases map[string][]string
}

// line reads one line: a directive starts the line with "//go:generate"
// and a space or tab.
func (f *generateFile) line(line string, n int) {
	if !strings.HasPrefix(line, "//go:generate ") && !strings.HasPrefix(line, "//go:generate\t") {
		return
	}
	source := strings.TrimRight(line, " \t")
	if f.g.run != nil && !f.g.run.MatchString(source) || f.g.skip != nil && f.g.skip.MatchString(source) {
		return
	}
	words, err := splitDirective(line[len("//go:generate "):])
	if err != nil {
		f.g.out.dynamic("%s:%d: go generate directive: %v: go generate stops there", f.path, n, err)
		return
	}
	if len(words) == 0 {
		return
	}
	if alias, ok := f.aliases[words[0]]; ok {
		words = append(append([]string(nil), alias...), words[1:]...)
	}
	expanded := make([]string, len(words))
	for i, w := range words {
		expanded[i] = f.expand(w, n, i == 0)
	}
	if words[0] == "-command" {
		f.define(words, n)
		return
	}
	f.g.out.add(fmt.Sprintf("%s:%d go:generate", f.path, n), strings.Join(expanded, " "), "")
}

// define reads -command NAME WORDS...: later directives starting with NAME
// run WORDS instead.
func (f *generateFile) define(words []string, n int) {
	if len(words) < 2 {
		f.g.out.dynamic("%s:%d: go generate -command without a command: go generate fails there", f.path, n)
		return
	}
	f.aliases[words[1]] = words[2:]
}

// splitDirective splits a directive's text into words: runs of non-space
// characters, or Go double-quoted strings followed by a space or the end.
func splitDirective(text string) ([]string, error) {
	var words []string
	for {
		text = strings.TrimLeft(text, " \t")
		if text == "" {
			return words, nil
		}
		if text[0] != '"' {
			end := strings.IndexAny(text, " \t")
			if end < 0 {
				end = len(text)
			}
			words, text = append(words, text[:end]), text[end:]
			continue
		}
		word, rest, err := quotedWord(text)
		if err != nil {
			return nil, err
		}
		words, text = append(words, word), rest
	}
}

// quotedWord reads the Go string at the start of text.
func quotedWord(text string) (string, string, error) {
	for i := 1; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			word, err := strconv.Unquote(text[:i+1])
			if err != nil {
				return "", "", fmt.Errorf("bad quoted string %s", text[:i+1])
			}
			rest := text[i+1:]
			if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				return "", "", errors.New("expect space after quoted argument")
			}
			return word, rest, nil
		}
	}
	return "", "", errors.New("mismatched quoted string")
}

// expand expands a word's $NAME and ${NAME} as go generate does, and
// quotes it for the shell: a variable go generate does not set is a
// shell parameter, its value known only at run time.
func (f *generateFile) expand(word string, n int, first bool) string {
	var b strings.Builder
	lit := ""
	flush := func() {
		if lit != "" {
			b.WriteString(argQuote(lit, first && b.Len() == 0))
			lit = ""
		}
	}
	for i := 0; i < len(word); i++ {
		if word[i] != '$' || i+1 >= len(word) {
			lit += word[i : i+1]
			continue
		}
		name, width := varName(word[i+1:])
		i += width
		if value, known := f.known(name, n); known {
			lit += value
		} else if name != "" {
			flush()
			b.WriteString(`"${` + name + `}"`)
		} else if width == 0 {
			lit += "$"
		}
	}
	flush()
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// plainArg matches a word the shell reads as itself.
var plainArg = lazy.Value[*regexp.Regexp]{Make: func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)
}}

// argQuote quotes a word for the shell unless it is plain; a program name
// with "=" is quoted, or the shell would read an assignment.
func argQuote(word string, program bool) string {
	if plainArg.Get().MatchString(word) && !(program && strings.Contains(word, "=")) {
		return word
	}
	return shellQuote(word)
}

// varName reads the variable name after a $ as os.Expand does: {NAME},
// a special character, or a run of letters, digits and underscores. The
// width is the bytes read; a name "" with width > 0 is bad syntax, dropped.
func varName(s string) (string, int) {
	if s[0] == '{' {
		end := strings.IndexByte(s, '}')
		if end < 0 || end == 1 {
			return "", max(end+1, 1)
		}
		return s[1:end], end + 1
	}
	if strings.IndexByte("*#$@!?-0123456789", s[0]) >= 0 {
		return s[:1], 1
	}
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return s[:i], i
}

// known is the value go generate gives a variable itself.
func (f *generateFile) known(name string, n int) (string, bool) {
	switch name {
	case "GOFILE":
		return filepath.Base(f.path), true
	case "GOLINE":
		return strconv.Itoa(n), true
	case "GOPACKAGE":
		return f.pkg, f.pkg != ""
	case "DOLLAR":
		return "$", true
	}
	return "", false
}
