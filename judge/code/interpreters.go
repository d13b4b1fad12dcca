package code

import (
	"encoding/base64"
	"path"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/shword"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// interpreter describes how a language runtime takes its program.
type interpreter struct {
	// lang is the tokenizer its code is read with (0: none).
	lang        codescan.Lang
	inlineShort string   // letters whose argument is a program (-c, -e)
	inlineLong  []string // long options whose argument is a program (--eval)
	argShort    string   // other letters that take an argument (and end a cluster)
	argLong     []string // other long options that take an argument
	// notStdin are options after which the program does not come from stdin
	// (python -m, php -f …).
	notStdin []string
	// subcommands need a subcommand; "-" after run reads stdin (deno, bun).
	subcommands bool
	// lines reports a runtime whose inline options each give a line of one
	// program (perl -e … -e …, osascript -e … -e …).
	lines bool
	// modules are options whose value names a library loaded before the
	// program, looked for in the -I directories (perl -I. -MLocal, ruby
	// -I lib -r helper)
	modules []string
	// preload are options whose value is a module run before the program
	// (node -r ./x.js, --import): a local file named there is read too.
	preload []string
	// fileOpts are options whose value is the program file (php -f FILE).
	fileOpts []string
}

// interpreters are the language runtimes, by family name; a family's
// versioned names (python3.12, lua5.4, node22, tclsh8.6) and its other names
// (interpreterAliases) are the same runtime. Each entry is exercised by a
// corpus line (TestInterpreterFamiliesInCorpus).
var interpreters = lazy.Value[map[string]interpreter]{Make: func() map[string]interpreter {
	return map[string]interpreter{
		"python":    {lang: codescan.Python, inlineShort: "c", argShort: "WXQm", notStdin: []string{"-m"}},
		"node":      {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rC", argLong: []string{"--require", "--import", "--loader", "--experimental-loader", "--input-type", "--conditions"}, notStdin: []string{"-v", "--version", "-h", "--help", "--test", "--run"}, preload: []string{"-r", "--require", "--import", "--loader", "--experimental-loader"}},
		"nodejs":    {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "r", argLong: []string{"--require"}, preload: []string{"-r", "--require"}},
		"deno":      {lang: codescan.JavaScript, subcommands: true},
		"bun":       {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, subcommands: true},
		"perl":      {lang: codescan.Perl, inlineShort: "eE", argShort: "IMm", lines: true, modules: []string{"-M", "-m"}},
		"ruby":      {lang: codescan.Ruby, inlineShort: "e", argShort: "IrCEFxK0", lines: true, preload: []string{"-r"}, modules: []string{"-r"}},
		"php":       {lang: codescan.PHP, inlineShort: "rBRE", argShort: "cdzf", notStdin: []string{"-f", "-S", "-l", "-v", "-m", "-i", "-s"}, fileOpts: []string{"-f"}},
		"lua":       {lang: codescan.Lua, inlineShort: "e", argShort: "lW", notStdin: []string{"-v"}},
		"luajit":    {lang: codescan.Lua, inlineShort: "e", argShort: "lbjO", notStdin: []string{"-v"}},
		"Rscript":   {lang: codescan.R, inlineShort: "e"},
		"R":         {lang: codescan.R, inlineShort: "e", argShort: "fdg"},
		"tclsh":     {lang: codescan.Tcl},
		"pwsh":      {inlineLong: []string{"-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"}, notStdin: []string{"-File", "-f"}},
		"osascript": {lang: codescan.AppleScript, inlineShort: "e", argShort: "ls", lines: true},
		"irb":       {lang: codescan.Ruby},
		"jshell":    {lang: codescan.Groovy, argShort: "JRC", argLong: []string{"--class-path", "--module-path", "--add-modules", "--startup", "--feedback", "--execution"}},
		"scala":     {lang: codescan.Groovy, inlineShort: "e", argLong: []string{"--classpath", "--class-path"}},
		"awk":       {lang: codescan.Awk},
		// More families (issue 20): each takes its program inline, from a
		// file, or from standard input.
		"julia":   {lang: codescan.Julia, inlineShort: "eE", argShort: "LJpCtO", argLong: []string{"--project", "--sysimage", "--threads", "--procs", "--load"}},
		"guile":   {lang: codescan.Scheme, inlineShort: "c", argShort: "lLxe", notStdin: []string{"-s"}},
		"groovy":  {lang: codescan.Groovy, inlineShort: "e", argShort: "cD"},
		"elixir":  {lang: codescan.Elixir, inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "r", argLong: []string{"--require", "--erl", "--name", "--sname", "--cookie"}},
		"erl":     {lang: codescan.Erlang, inlineLong: []string{"-eval"}, argLong: []string{"-s", "-run", "-pa", "-pz", "-name", "-sname", "-setcookie"}},
		"xonsh":   {lang: codescan.Python, inlineShort: "c", argShort: "D"},
		"ts-node": {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argShort: "rO", argLong: []string{"--require", "--compiler-options", "--project"}},
		"zx":      {lang: codescan.JavaScript, inlineShort: "e", inlineLong: []string{"--eval"}, argLong: []string{"--shell", "--prefix", "--postfix", "--cwd", "--ext", "--registry", "--env"}},
		"tsx":     {lang: codescan.JavaScript, inlineShort: "ep", inlineLong: []string{"--eval", "--print"}, argLong: []string{"--tsconfig", "--import", "--require"}},
		"expect":  {lang: codescan.Tcl, inlineShort: "c", argShort: "f"},
		// Runtimes whose languages no tokenizer reads: their inline code is
		// inline_code, never judged safer.
		"racket": {inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "lrtf", argLong: []string{"--lib", "--require", "--load"}},
		"raku":   {inlineShort: "e", argShort: "IM"},
		"bb":     {inlineShort: "e", inlineLong: []string{"--eval"}, argShort: "f", argLong: []string{"--file", "--classpath"}},
	}
}}

// interpreterAliases are other names of a family's runtime.
var interpreterAliases = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"pypy": "python", "powershell": "pwsh", "pwsh.exe": "pwsh", "powershell.exe": "pwsh",
		"jruby": "ruby", "wish": "tclsh", "micropython": "python", "ipython": "python", "ipython3": "python", "rakudo": "raku", "perl6": "raku"}
}}

// InterpreterName returns the family a runtime's name stands for: itself, an
// alias's family, or the family of a versioned name (python3.12, lua5.4,
// php8.2, perl5.36, node22, tclsh8.6, pypy3).
func InterpreterName(base string) string {
	if family, ok := interpreterFamily(base); ok {
		return family
	}
	if name := Versionless(base); name != base {
		if family, ok := interpreterFamily(name); ok {
			return family
		}
	}
	return base
}

// interpreterFamily returns the family a runtime's exact name stands for.
func interpreterFamily(name string) (string, bool) {
	if family, ok := interpreterAliases.Get()[name]; ok {
		return family, true
	}
	_, ok := interpreters.Get()[name]
	return name, ok
}

// Versionless returns a name without the version at its end (python3.12 is
// python, lua-5.4 is lua); a name with none is returned as it is.
func Versionless(base string) string {
	name := shword.TrimVersion(base)
	if name == base || name == "" || !isDigits(base[len(name):len(name)+1]) {
		return base
	}
	return strings.TrimSuffix(name, "-")
}

// osascriptGrammar reads osascript's options: -l names the language of the
// program (AppleScript, or JavaScript for automation).
var osascriptGrammar = registry.Grammar{Short: "l:e:s:i"}

// langOf returns the tokenizer for a runtime's code: its family's, or the
// one an option names (osascript -l JavaScript).
func langOf(name string, spec interpreter, args []shellparse.Word) codescan.Lang {
	if name != "osascript" {
		return spec.lang
	}
	scan := osascriptGrammar.Scan(shellparse.RegistryWords(args))
	if l, ok := scan.Value("-l"); ok {
		if strings.EqualFold(l.Value, "JavaScript") {
			return codescan.JavaScript
		}
		if !strings.EqualFold(l.Value, "AppleScript") {
			return 0
		}
	}
	return spec.lang
}

// What a PowerShell parameter does with its value.
const (
	pwshValue   = iota + 1 // an argument: skipped
	pwshCommand            // the program (-Command, -EncodedCommand)
	pwshFile               // the script file (-File)
)

// pwshParams are pwsh's parameters that take a value, each with the
// shortest abbreviation it takes, in the order they are tried: -c is
// -Command, -e -EncodedCommand, -w -WindowStyle.
var pwshParams = []struct {
	name string
	min  int
	kind int
}{
	{"command", 1, pwshCommand}, {"encodedcommand", 1, pwshCommand}, {"ec", 2, pwshCommand}, {"file", 1, pwshFile},
	{"executionpolicy", 2, pwshValue}, {"workingdirectory", 2, pwshValue}, {"configurationname", 4, pwshValue},
	{"outputformat", 1, pwshValue}, {"inputformat", 2, pwshValue}, {"windowstyle", 1, pwshValue},
	{"settingsfile", 1, pwshValue}, {"custompipename", 2, pwshValue},
}

// pwshTables are pwshGrammar, which reads pwsh's parameters once pwshWords
// has written each as -lowercase, and pwshKinds: every abbreviation of a parameter that takes a value is a
// word of its own (the first parameter it abbreviates wins); the others are
// flags, and the first operand is the script.
var pwshTables = lazy.Value[pwshTable]{Make: func() pwshTable {
	t := pwshTable{grammar: &registry.Grammar{Posix: true}, kinds: map[string]int{}}
	for _, p := range pwshParams {
		for n := p.min; n <= len(p.name); n++ {
			word := "-" + p.name[:n]
			if _, taken := t.kinds[word]; !taken {
				t.kinds[word] = p.kind
				t.grammar.Words = append(t.grammar.Words, p.name[:n]+"=")
			}
		}
	}
	return t
}}

// pwshTable is pwshTables' two parts.
type pwshTable struct {
	grammar *registry.Grammar
	kinds   map[string]int
}

// pwshGrammar and pwshKinds are pwshTables' two parts.
func pwshGrammar() *registry.Grammar { return pwshTables.Get().grammar }

func pwshKinds() map[string]int { return pwshTables.Get().kinds }

// pwshWords returns args as pwshGrammar reads them: a parameter, written
// with one or two dashes or a slash, in any case, as -lowercase; a word
// known only at run time passed over (see runtimeWords).
func pwshWords(args []shellparse.Word) []registry.Word {
	out := runtimeWords(args)
	for i, a := range args {
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' && t[0] != '/' {
			continue
		}
		if name := strings.TrimLeft(t, "-/"); name != "" {
			out[i].Text = "-" + strings.ToLower(name)
		} else {
			out[i].Text = "" // -- and the like: a script file
		}
	}
	return out
}

// powershell judges pwsh's parameters (pwshGrammar): -Command - and -File -
// read the program from standard input.
func powershell(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	words := pwshWords(args)
	scan := pwshGrammar().Scan(words)
	kinds := scanWords(scan, len(args))
	for i, a := range args {
		switch {
		case kinds[i] == valueWord:
		case a.ProcSubst:
			StdinProgram(h, c, true)
			return
		case !a.Static || kinds[i] == otherWord:
		case kinds[i] == operandWord:
			if a.Text == "-" {
				StdinProgram(h, c, false)
			}
			return // a script file, run with its arguments
		default:
			if pwshParam(h, c, args, words[i].Text, scan.Opts, i) {
				return
			}
		}
	}
	StdinProgram(h, c, false)
}

// pwshParam judges the parameter at args[i] (name as pwshWords wrote it):
// the program it gives, or the script file. It reports whether the
// program is known.
func pwshParam(h Host, c shellparse.SimpleCommand, args []shellparse.Word, name string, opts []registry.Opt, i int) bool {
	var o registry.Opt
	for _, opt := range opts {
		if opt.At == i && opt.Name == name {
			o = opt
		}
	}
	a, next := args[i], optionValue(args, o)
	switch pwshKinds()[o.Name] {
	case pwshCommand:
		if next.Static && next.Text == "-" {
			StdinProgram(h, c, false)
			if c.Stdin.Kind == shellparse.InputInherited {
				report(h, "inline_code", "stdin_program", nonSevere, c.Name+" "+a.Text+" - runs the commands it reads on standard input")
			}
			return true
		}
		Inline(h, c, a.Text, pwshProgram(args, name, o), codescan.PowerShell)
		return true
	case pwshFile:
		if next.Static && (next.Text == "-" || shellparse.IsStdinPath(next.Text)) {
			StdinProgram(h, c, false)
		}
		return true
	}
	return false
}

// pwshProgram returns the program -Command or -EncodedCommand gives:
// -Command's words joined (pwsh runs every word after it as the command),
// -EncodedCommand's base64 of UTF-16 text decoded; a word that is not
// static, or text that does not decode, as the value given.
func pwshProgram(args []shellparse.Word, name string, o registry.Opt) shellparse.Word {
	value := optionValue(args, o)
	if !value.Static || value.Subst {
		return value
	}
	if name == "-ec" || strings.HasPrefix("-encodedcommand", name) && name != "-" {
		if text, ok := decodeUTF16Base64(value.Text); ok {
			return shellparse.Word{Text: text, Static: true}
		}
		return value
	}
	if !o.HasValue || o.ValueAt == o.At {
		return value
	}
	words := []string{value.Text}
	for _, a := range args[o.ValueAt+1:] {
		if !a.Static || a.Subst {
			return value
		}
		words = append(words, a.Text)
	}
	return shellparse.Word{Text: strings.Join(words, " "), Static: true}
}

// decodeUTF16Base64 decodes -EncodedCommand's text: base64 of UTF-16LE.
func decodeUTF16Base64(s string) (string, bool) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b)%2 != 0 {
		return "", false
	}
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(units)), true
}

// RuntimeNames returns the runtimes' family names and their aliases,
// sorted.
func RuntimeNames() []string {
	names := make([]string, 0, len(interpreters.Get())+len(interpreterAliases.Get()))
	for name := range interpreters.Get() {
		names = append(names, name)
	}
	for name := range interpreterAliases.Get() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// IsInterpreter reports whether a command name (no directory) is a language
// runtime that can run code it is given.
func IsInterpreter(base string) bool {
	name := InterpreterName(base)
	_, ok := interpreters.Get()[name]
	return ok && name != "awk"
}

// FileLang is the language of the program file a runtime named by its
// basename runs (python3.12 → Python), 0 when codescan has no tokenizer
// for it or it is no runtime.
func FileLang(base string) codescan.Lang {
	if !IsInterpreter(base) {
		return 0
	}
	return interpreters.Get()[InterpreterName(base)].lang
}

// Subcommands reports a runtime family whose command line starts with a
// subcommand (deno, bun): its package tools are a package manager's.
func Subcommands(family string) bool { return interpreters.Get()[family].subcommands }

// Interpreter judges a shell or language runtime: where its program comes from.
func Interpreter(h Host, c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	family := InterpreterName(base)
	switch {
	case shellparse.IsShell(c.Name):
		ShellProgram(h, c, args)
		return
	case family == "pwsh":
		powershell(h, c, args)
		return
	}
	if h.CodeAgent() && inspects(c, family, args) {
		Interactive(h, c)
	}
	spec := interpreters.Get()[family]
	lang := langOf(family, spec, args)
	if spec.subcommands {
		subcommandRuntime(h, c, spec, args)
		return
	}
	if CheckOnly(family, args) {
		return // node --check FILE, ruby -c FILE: parsed, not run
	}
	if runtimeProgram(h, c, family, spec, args, lang) {
		return
	}
	if f, ok := stdinFile(c); ok {
		runFile(h, c, f, false, lang) // python3 < x.py runs x.py
		return
	}
	StdinProgram(h, c, false)
	stdinCode(h, c, lang)
}

// checkOptions are the options with which a runtime only checks its
// program's syntax and runs none of it (perl -c runs BEGIN blocks: not one).
var checkOptions = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{"node": {"-c", "--check"}, "nodejs": {"-c", "--check"}, "ruby": {"-c"}}
}}

// CheckOnly reports a runtime told only to check its program's syntax,
// with nothing else that runs code (-e, -r, --require, --import).
func CheckOnly(family string, args []shellparse.Word) bool {
	opts, ok := checkOptions.Get()[family]
	if !ok {
		return false
	}
	check := false
	for _, a := range args {
		switch {
		case !a.Static:
			return false
		case slices.Contains(opts, a.Text):
			check = true
		case strings.HasPrefix(a.Text, "-"):
			return false // -e, -r, --import …: code that runs
		}
	}
	return check
}

// runtimeProgram judges where a runtime's program comes from by its
// options and first operand: inline code, a file descriptor, standard
// input, a module or a script file. It reports false when the options end
// with no program named: the program is then read from standard input.
func runtimeProgram(h Host, c shellparse.SimpleCommand, family string, spec interpreter, args []shellparse.Word, lang codescan.Lang) bool {
	g := spec.grammar(true)
	scan := g.Scan(runtimeWords(args))
	preloads(h, c, spec, args, scan.Opts, lang)
	words := scanWords(scan, len(args))
	for i, a := range args {
		switch {
		case words[i] == valueWord || words[i] == otherWord:
		case a.ProcSubst:
			StdinProgram(h, c, true)
			return true
		case !a.Static:
			// may be options; the program may still come from stdin
		case words[i] == optionWord:
			if runtimeOption(h, c, family, spec, args, scan.Opts, i, lang) {
				return true
			}
		default:
			runtimeOperand(h, c, a.Text, lang)
			return true
		}
	}
	return false
}

// runtimeOption judges the option word args[i]: inline code, an option
// after which no program comes from stdin (python -m, php -f), python's
// -m MODULE. It reports whether the program is known.
func runtimeOption(h Host, c shellparse.SimpleCommand, family string, spec interpreter, args []shellparse.Word, opts []registry.Opt, i int, lang codescan.Lang) bool {
	t := args[i].Text
	for _, o := range opts {
		if o.At == i && spec.inlines(o.Name) {
			Inline(h, c, t, spec.program(args, opts, o), lang)
			return true
		}
	}
	for _, o := range opts {
		if o.At == i && family == "python" && o.Name == "-m" && (!o.HasValue || o.ValueAt != o.At) {
			if o.HasValue && !o.Dynamic {
				h.CodeRunModule(c, o.Value, args[o.ValueAt+1:])
			}
			return true // python -m MODULE
		}
	}
	return slices.Contains(spec.notStdin, t)
}

// preloads hands the local files a runtime's preload options name (node
// -r ./hook.js) to the host to read: they run before the program.
func preloads(h Host, c shellparse.SimpleCommand, spec interpreter, args []shellparse.Word, opts []registry.Opt, lang codescan.Lang) {
	for _, o := range opts {
		if !o.HasValue || o.Dynamic {
			continue
		}
		v := o.Value
		local := strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/")
		if slices.Contains(spec.fileOpts, o.Name) || slices.Contains(spec.preload, o.Name) && local {
			h.CodeRunFile(c, v, false, lang)
		} else if slices.Contains(spec.modules, o.Name) {
			for _, p := range libraryFiles(v, lang, includeDirs(opts)) {
				h.CodeRunFile(c, p, false, lang)
			}
		}
	}
}

// includeDirs are the -I directories a runtime's options add to its
// library path.
func includeDirs(opts []registry.Opt) []string {
	var dirs []string
	for _, o := range opts {
		if o.Name == "-I" && o.HasValue && !o.Dynamic {
			dirs = append(dirs, o.Value)
		}
	}
	return dirs
}

// libraryFiles are the files of the include directories a library name
// may be (perl's Foo::Bar is Foo/Bar.pm, -MFoo=args and -M-Foo too;
// ruby's helper is helper.rb).
func libraryFiles(name string, lang codescan.Lang, dirs []string) []string {
	name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
	var file string
	switch lang {
	case codescan.Perl:
		name, _, _ = strings.Cut(name, " ")
		file = strings.ReplaceAll(name, "::", "/") + ".pm"
	case codescan.Ruby:
		file = strings.TrimSuffix(name, ".rb") + ".rb"
	default:
		return nil
	}
	var out []string
	for _, d := range dirs {
		out = append(out, path.Join(d, file))
	}
	return out
}

// program returns the program the inline option o gives: its value, or,
// for a runtime that reads each inline option as a line, the lines of
// every one joined (static when each is).
func (s interpreter) program(args []shellparse.Word, opts []registry.Opt, o registry.Opt) shellparse.Word {
	first := optionValue(args, o)
	if !s.lines {
		return first
	}
	var lines []string
	for _, p := range opts {
		if !s.inlines(p.Name) {
			continue
		}
		w := optionValue(args, p)
		if !w.Static || w.Subst {
			return first
		}
		lines = append(lines, w.Text)
	}
	return shellparse.Word{Text: strings.Join(lines, "\n"), Static: true}
}

// runtimeOperand judges a runtime's first operand: standard input, a file
// descriptor, or a script file.
func runtimeOperand(h Host, c shellparse.SimpleCommand, t string, lang codescan.Lang) {
	switch {
	case t == "-" || shellparse.IsStdinPath(t):
		if f, ok := stdinFile(c); ok {
			runFile(h, c, f, false, lang) // python3 - < x.py runs x.py
			return
		}
		StdinProgram(h, c, false)
		stdinCode(h, c, lang)
	case strings.HasPrefix(t, "/dev/fd/"):
		report(h, "pipe_to_shell", "fd_program", severe, c.Name+" runs a program read from a file descriptor ("+t+")")
	default:
		h.CodeRunFile(c, t, false, lang)
	}
}

// grammar returns the runtime's options as a grammar: the letters and long
// options that take a program or another argument take a value, spelled
// out (no abbreviations); posix ends the options at the first operand
// (the script).
func (s interpreter) grammar(posix bool) registry.Grammar {
	var short strings.Builder
	for _, l := range s.inlineShort + s.argShort {
		short.WriteByte(byte(l))
		short.WriteByte(':')
	}
	g := registry.Grammar{Short: short.String(), Exact: true, Posix: posix}
	for _, o := range s.inlineLong {
		if long, ok := strings.CutPrefix(o, "--"); ok {
			g.Long = append(g.Long, long+"=")
		} else {
			g.Words = append(g.Words, strings.TrimPrefix(o, "-")+"=")
		}
	}
	for _, o := range s.argLong {
		if long, ok := strings.CutPrefix(o, "--"); ok {
			g.Long = append(g.Long, long+"=")
		}
	}
	return g
}

// inlines reports an option (as the grammar names it) whose value is a
// program: -c, -e, --eval, erl's -eval.
func (s interpreter) inlines(name string) bool {
	if len(name) == 2 && name[0] == '-' {
		return strings.IndexByte(s.inlineShort, name[1]) >= 0
	}
	for _, o := range s.inlineLong {
		if o == name {
			return true
		}
	}
	return false
}

// What a word of argv is to a scan.
const (
	operandWord = iota
	optionWord
	valueWord // an option's value in a word of its own
	otherWord // the "--" that ends the options
)

// scanWords says what each of n words is to the scan.
func scanWords(s registry.Scan, n int) []int {
	kinds := make([]int, n)
	for i := range kinds {
		kinds[i] = otherWord
	}
	for _, i := range s.Operands {
		kinds[i] = operandWord
	}
	for _, o := range s.Opts {
		kinds[o.At] = optionWord
		if o.HasValue && o.ValueAt != o.At {
			kinds[o.ValueAt] = valueWord
		}
	}
	return kinds
}

// runtimeWords returns args as a runtime's scan reads them: a word known
// only at run time is passed over, neither an option nor the program (it
// may be options; the program may still come from stdin).
func runtimeWords(args []shellparse.Word) []registry.Word {
	out := make([]registry.Word, len(args))
	for i, a := range args {
		if a.Static {
			out[i] = registry.Word{Text: a.Text}
		} else {
			out[i] = registry.Word{Dynamic: true}
		}
	}
	return out
}

// optionValue returns an option's value as a word: the next word, the
// value attached to it, or an empty static word when it has none (python -c
// at the end of argv runs nothing).
func optionValue(args []shellparse.Word, o registry.Opt) shellparse.Word {
	switch {
	case !o.HasValue:
		return shellparse.Word{Static: true}
	case o.ValueAt != o.At:
		return args[o.ValueAt]
	}
	return shellparse.Word{Text: o.Value, Static: true}
}

// subcommandRuntime judges deno and bun: run - reads the program from
// stdin, eval and -e run inline code.
func subcommandRuntime(h Host, c shellparse.SimpleCommand, spec interpreter, args []shellparse.Word) {
	g := spec.grammar(false)
	scan := g.Scan(runtimeWords(args))
	for i, a := range args {
		for _, o := range scan.Opts {
			if o.At == i && spec.inlines(o.Name) {
				Inline(h, c, a.Text, optionValue(args, o), spec.lang)
				return
			}
		}
		if i == 0 && remoteProgram(h, c, args) {
			return
		}
		if i == 0 && path.Base(c.Name) == "deno" {
			if f, ok := denoFile(args); ok {
				runFile(h, c, f, false, spec.lang)
				return
			}
		}
		if a.Text == "eval" && i == 0 {
			Inline(h, c, "eval", denoEvalCode(args[1:]), spec.lang)
			return
		}
		if a.Text == "-" || shellparse.IsStdinPath(a.Text) {
			StdinProgram(h, c, false)
			stdinCode(h, c, spec.lang)
			return
		}
	}
}

// denoFile is the program file deno runs: deno run FILE, deno serve FILE,
// or deno FILE (a first word with a JavaScript or TypeScript extension).
func denoFile(args []shellparse.Word) (shellparse.Word, bool) {
	rest := args
	switch first := args[0]; {
	case first.Static && (first.Text == "run" || first.Text == "serve"):
		rest = args[1:]
	case !first.Static || !jsExtension(first.Text):
		return shellparse.Word{}, false
	}
	scan := denoEvalGrammar.Scan(shellparse.RegistryWords(rest))
	if len(scan.Operands) == 0 {
		return shellparse.Word{}, false
	}
	prog := rest[scan.Operands[0]]
	for _, i := range scan.Operands {
		// an option deno's grammar here does not know may take a value
		// (--port 8000): the program is the first word that names one
		if w := rest[i]; w.Static && jsExtension(w.Text) {
			prog = w
			break
		}
	}
	if prog.Static && (prog.Text == "-" || shellparse.IsStdinPath(prog.Text) || strings.Contains(prog.Text, "://")) {
		return shellparse.Word{}, false // read from stdin, or fetched: judged as such
	}
	return prog, true
}

// jsExtension reports a file name deno runs as a program.
func jsExtension(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return false
}

// remoteProgram judges deno run URL, bun run URL and deno URL: code
// fetched from the network and run, as curl … | sh runs it. It reports
// whether the program is such a URL.
func remoteProgram(h Host, c shellparse.SimpleCommand, args []shellparse.Word) bool {
	rest := args
	if args[0].Static && args[0].Text == "run" {
		rest = args[1:]
	}
	scan := denoEvalGrammar.Scan(shellparse.RegistryWords(rest))
	if len(scan.Operands) == 0 {
		return false
	}
	prog := rest[scan.Operands[0]]
	lower := strings.ToLower(prog.Text)
	if !prog.Static || !strings.HasPrefix(lower, "https://") && !strings.HasPrefix(lower, "http://") {
		return false
	}
	report(h, "pipe_to_shell", "remote_program", severe, c.Name+" runs code fetched from the network ("+clip(prog.Text)+")")
	return true
}

// denoEvalGrammar reads deno eval's options; its first operand is the code.
var denoEvalGrammar = registry.Grammar{Short: "pqc:rL:", Long: []string{"print", "ext=", "check=?", "quiet", "config=", "import-map=",
	"env-file=?", "location=", "v8-flags=?", "seed=", "cached-only", "no-config", "no-lock", "lock=?", "reload=?", "node-modules-dir=?",
	"unstable", "cert=", "inspect=?", "inspect-brk=?", "inspect-wait=?", "log-level=", "no-remote", "no-npm", "watch=?"}}

// denoEvalCode returns the code deno eval runs: its first operand (static
// and empty when there is none).
func denoEvalCode(args []shellparse.Word) shellparse.Word {
	scan := denoEvalGrammar.Scan(shellparse.RegistryWords(args))
	if len(scan.Operands) == 0 {
		return shellparse.Word{Static: true}
	}
	return args[scan.Operands[0]]
}
