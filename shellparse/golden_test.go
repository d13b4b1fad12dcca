package shellparse

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/permgate/permgate/internal/linediff"
)

// update rewrites the golden files from the parser's output:
//
//	go test ./shellparse -run TestGolden -update
//
// Review every changed expectation by eye before committing: each must be what
// bash would do.
var update = flag.Bool("update", false, "rewrite testdata/shellparse/*.txt from the parser's output")

// goldenDir holds the golden files: each is a list of cases, a script and the
// parse result rendered as text.
const goldenDir = "../testdata/shellparse"

// goldenHome is the home directory the golden cases expand ~ to.
const goldenHome = "/home/u"

// goldenCase is one script and its expected rendering.
//
// A file is a header (comment lines, kept as they are) and cases:
//
//	=== name
//	# comment lines (kept; a "# BUG:" line records a parser bug the case shows)
//	opts: maxdepth=2 maxcommands=3 maxnesting=8 maxwords=50 maxbytes=100 maxwork=9000 nohome known
//	-- script --
//	the script, any number of lines (one final newline is not part of it)
//	-- want --
//	the rendered result
type goldenCase struct {
	name     string
	comments []string
	opts     string
	script   string
	want     string
	line     int
}

type goldenFile struct {
	header []string
	cases  []goldenCase
}

func readGolden(t *testing.T, path string) goldenFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file: %v", err)
	}
	var f goldenFile
	var cur *goldenCase
	section := ""
	var body []string
	flush := func() {
		if cur == nil {
			return
		}
		text := strings.Join(body, "\n")
		switch section {
		case "script":
			cur.script = text
		case "want":
			cur.want = strings.TrimRight(text, "\n")
		}
		body = nil
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for n, line := range lines {
		switch {
		case strings.HasPrefix(line, "=== "):
			flush()
			if cur != nil {
				f.cases = append(f.cases, *cur)
			}
			cur = &goldenCase{name: strings.TrimSpace(line[4:]), line: n + 1}
			section = ""
		case cur == nil:
			f.header = append(f.header, line)
		case line == "-- script --" || line == "-- want --":
			flush()
			section = strings.Trim(line, "- ")
		case section == "":
			if opts, ok := strings.CutPrefix(line, "opts:"); ok {
				cur.opts = strings.TrimSpace(opts)
			} else if strings.TrimSpace(line) != "" {
				cur.comments = append(cur.comments, line)
			}
		default:
			body = append(body, line)
		}
	}
	flush()
	if cur != nil {
		f.cases = append(f.cases, *cur)
	}
	return f
}

func writeGolden(path string, f goldenFile) error {
	var sb strings.Builder
	for _, h := range f.header {
		sb.WriteString(h + "\n")
	}
	for i, c := range f.cases {
		if i > 0 || len(f.header) > 0 && strings.TrimSpace(f.header[len(f.header)-1]) != "" {
			sb.WriteString("\n")
		}
		sb.WriteString("=== " + c.name + "\n")
		for _, cm := range c.comments {
			sb.WriteString(cm + "\n")
		}
		if c.opts != "" {
			sb.WriteString("opts: " + c.opts + "\n")
		}
		sb.WriteString("-- script --\n" + c.script + "\n")
		sb.WriteString("-- want --\n" + c.want + "\n")
	}
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// goldenOptions reads a case's opts line.
func goldenOptions(t *testing.T, spec string) Options {
	t.Helper()
	opts := Options{Home: goldenHome}
	for _, f := range strings.Fields(spec) {
		key, val, _ := strings.Cut(f, "=")
		n, _ := strconv.Atoi(val)
		switch key {
		case "maxdepth":
			opts.MaxDepth = n
		case "maxcommands":
			opts.MaxCommands = n
		case "maxnesting":
			opts.MaxNesting = n
		case "maxwords":
			opts.MaxWords = n
		case "maxbytes":
			opts.MaxBytes = n
		case "maxwork":
			opts.MaxWork = n
		case "nohome":
			opts.Home = ""
		case "known":
			// As the validator does: the registry's programs, named without a path.
			opts.Known = func(name string) bool {
				if strings.Contains(name, "/") {
					return false
				}
				_, ok := programs.Get().Lookup(name)
				return ok
			}
		default:
			t.Fatalf("unknown golden option %q", f)
		}
	}
	return opts
}

// TestGolden parses every golden case and compares the rendered result.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden files in %s (%v)", goldenDir, err)
	}
	total := 0
	for _, path := range paths {
		f := readGolden(t, path)
		changed := false
		seen := map[string]bool{}
		for i := range f.cases {
			c := &f.cases[i]
			total++
			if seen[c.name] {
				t.Errorf("%s:%d: duplicate case name %q", path, c.line, c.name)
			}
			seen[c.name] = true
			got := renderResult(NewParser(goldenOptions(t, c.opts)).ParseScript(c.script))
			if got == c.want {
				continue
			}
			if *update {
				c.want, changed = got, true
				continue
			}
			t.Errorf("%s:%d: case %s\nscript:\n%s\ndiff (- want, + got):\n%s", filepath.Base(path), c.line, c.name,
				indent(c.script), lineDiff(c.want, got))
		}
		if changed {
			if err := writeGolden(path, f); err != nil {
				t.Fatalf("update %s: %v", path, err)
			}
		}
	}
	t.Logf("%d golden cases", total)
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// lineDiff shows the lines of want and got that differ, in order (a longest
// common subsequence of lines is kept).
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	for _, o := range linediff.Lines(a, b) {
		sb.WriteString(string(o.Kind) + " " + o.Text + "\n")
	}
	return sb.String()
}

// renderResult renders a parse result as stable text, one block a command.
func renderResult(res Result) string {
	var sb strings.Builder
	for i, c := range res.Commands {
		name := c.Name
		switch {
		case len(c.Argv) == 0:
			name = "(no command)"
		case name == "":
			name = "(dynamic)"
		}
		fmt.Fprintf(&sb, "#%d %s\n", i, name)
		if len(c.Argv) > 0 {
			sb.WriteString("  argv: " + renderWords(c.Argv) + "\n")
		}
		for _, w := range c.Wrappers {
			line := "  wrap: "
			switch {
			case w.Name == "" && len(w.Argv) == 0:
				line += "(none)"
			case len(w.Argv) == 0 || w.Argv[0].Text != w.Name:
				line += w.Name + ": " + renderWords(w.Argv)
			default:
				line += renderWords(w.Argv)
			}
			if w.Nested {
				line += " (script)"
			}
			sb.WriteString(line + "\n")
		}
		for _, a := range c.Assigns {
			fmt.Fprintf(&sb, "  assign: %s = %s (%s)\n", a.Name, renderWord(a.Value), a.Via)
		}
		for _, r := range c.Redirects {
			line := "  redir: " + r.Fd + r.Op + " " + renderWord(r.Target)
			if r.Writes() {
				line += " (writes)"
			}
			if r.Reads() {
				line += " (reads)"
			}
			sb.WriteString(line + "\n")
		}
		if in := renderInput(c.Stdin); in != "" {
			sb.WriteString("  stdin: " + in + "\n")
		}
		var flags []string
		if c.PipesOut {
			flags = append(flags, "pipes-out")
		}
		if c.Background {
			flags = append(flags, "background")
		}
		if c.Subst != "" {
			flags = append(flags, "subst="+c.Subst)
		}
		if c.Function != "" {
			flags = append(flags, "function="+c.Function)
		}
		if c.Depth > 0 {
			flags = append(flags, "depth="+strconv.Itoa(c.Depth))
		}
		if c.Alternative {
			flags = append(flags, "alternative")
		}
		if len(flags) > 0 {
			sb.WriteString("  " + strings.Join(flags, " ") + "\n")
		}
		if c.Script != nil {
			line := "  opaque script: " + renderWord(c.Script.Word)
			if c.Script.Subst {
				line += " (from a substitution)"
			}
			sb.WriteString(line + "\n")
		}
	}
	if len(res.Functions) > 0 {
		sb.WriteString("functions: " + strings.Join(res.Functions, " ") + "\n")
	}
	for _, b := range res.ForkBombs {
		line := "fork bomb " + string(b.Kind)
		if b.Function != "" {
			line += " " + b.Function
		}
		if b.Command >= 0 {
			line += " at #" + strconv.Itoa(b.Command)
		}
		sb.WriteString(line + ": " + strconv.Quote(b.Source) + "\n")
	}
	for _, p := range res.Problems {
		line := "problem " + string(p.Kind) + ": " + p.Reason
		if p.Source != "" {
			line += "\n  in: " + strconv.Quote(p.Source)
		}
		sb.WriteString(line + "\n")
	}
	if sb.Len() == 0 {
		return "(nothing)"
	}
	return strings.TrimRight(sb.String(), "\n")
}

func renderInput(in Input) string {
	if in.Kind == InputInherited {
		return ""
	}
	s := string(in.Kind)
	if in.Kind == InputPipe {
		if len(in.From) > 0 {
			from := make([]string, len(in.From))
			for i, f := range in.From {
				from[i] = "#" + strconv.Itoa(f)
			}
			s += " from " + strings.Join(from, " ")
		}
		if in.Static {
			s += " text " + strconv.Quote(in.Text)
		}
		return s
	}
	s += " " + strconv.Quote(in.Text)
	if in.Static {
		s += " static"
	} else {
		s += " dynamic"
	}
	if in.Subst {
		s += " subst"
	}
	return s
}

func renderWords(words []Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = renderWord(w)
	}
	return strings.Join(parts, " ")
}

// renderWord renders a word's text (bare when it is plain, Go-quoted
// otherwise) and its marks in brackets: dyn (not static), glob, subst, proc,
// ph (placeholder), P (prompt expansion), q (quoted), the parameters it
// expands and those it assigns.
func renderWord(w Word) string {
	s := w.Text
	if !plainText(s) {
		s = strconv.Quote(s)
	}
	var marks []string
	if !w.Static {
		marks = append(marks, "dyn")
	}
	if w.Glob {
		marks = append(marks, "glob")
	}
	if w.Subst {
		marks = append(marks, "subst")
	}
	if w.ProcSubst {
		marks = append(marks, "proc")
	}
	if w.Placeholder {
		marks = append(marks, "ph")
	}
	if w.PromptExpand {
		marks = append(marks, "P")
	}
	if w.Quoted {
		marks = append(marks, "q")
	}
	if len(w.Params) > 0 {
		marks = append(marks, "params="+strings.Join(w.Params, ","))
	}
	if len(w.Assigned) > 0 {
		marks = append(marks, "assigns="+strings.Join(w.Assigned, ","))
	}
	if w.Origin() != "" {
		marks = append(marks, "origin="+strconv.Quote(w.Origin()))
	}
	if w.Content() != "" {
		marks = append(marks, "content="+strconv.Quote(w.Content()))
	}
	if len(marks) > 0 {
		s += "[" + strings.Join(marks, " ") + "]"
	}
	return s
}

func plainText(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,+@%^~", c)) {
			return false
		}
	}
	return true
}
