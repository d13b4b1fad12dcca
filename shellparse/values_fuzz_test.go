package shellparse

import (
	"bytes"
	gocontext "context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// valueSeeds are scripts the values analysis reads: the fuzz targets start
// from them.
var valueSeeds = []string{
	`x=rm; $x -rf ~`,
	`printf -v c 'r%s' m; $c -rf ~`,
	`v=PERMGATE_MODE; printf -v "$v" bypass`,
	`read -r c a <<< 'rm -rf'; $c $a ~`,
	"read -r c rest <<EOF\nrm -rf /\nEOF\n$c $rest",
	`declare -n r=HOME; rm -rf "$r"`,
	`declare -n a=b; declare -n b=X; a=1; echo "$X"`,
	`a=(rm -rf ~); a+=(x); a[0]=ls; "${a[@]}" "${a[*]}" ${#a[@]} "${a[@]:1}"`,
	`declare -A m=([cmd]=rm); ${m[cmd]} -rf ~`,
	`for f in ~/.ssh/* a 'b c'; do cat "$f"; done`,
	`for a in 1 2; do for b in x y; do cd "$a$b"; done; done`,
	`cd "$(dirname ~/.codex/config.toml)" && rm config.toml`,
	`x=$(printf '%s-%5s|%d' a b 7); echo "$(basename "$x")" $(echo -e 'a\tb')`,
	`x=PERMGATE_MODE; export "$x=bypass"`,
	`xargs -I% rm -rf % <<< /`,
	`xargs -0 rm < <(printf '%s\0' a b)`,
	`xargs -a <(echo ~/.aws/credentials) cat`,
	`while true; do (sleep 1 &); done`,
	`a(){ b|b& }; b(){ a; }; a`,
	`x=$(curl -s x); eval "$x"`,
}

// FuzzValues reads random scripts with the values analysis: it never
// panics, its answer does not depend on the run (no map order leaks into
// it), a static word holds no run-time part, and it stays within its work
// bound.
func FuzzValues(f *testing.F) {
	for _, s := range valueSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		p := NewParser(Options{Home: "/home/u"})
		first := p.ParseScript(src)
		if again := p.ParseScript(src); renderResult(again) != renderResult(first) {
			t.Fatalf("%q: two readings differ:\n%s\n---\n%s", src, renderResult(first), renderResult(again))
		}
		if first.Work > WorkBound(len(src))+recordWeight*maxWordsOf(first) {
			t.Fatalf("%q: %d steps, over the bound %d", src, first.Work, WorkBound(len(src)))
		}
		for _, c := range first.Commands {
			for _, w := range slices.Concat(c.Argv, assignValues(c)) {
				if w.Static && (w.Subst || w.Placeholder || w.Glob || w.PromptExpand) {
					t.Fatalf("%q: static word %+v holds a run-time part", src, w)
				}
			}
		}
		for _, b := range first.ForkBombs {
			if b.Command >= len(first.Commands) {
				t.Fatalf("%q: fork bomb at command %d of %d", src, b.Command, len(first.Commands))
			}
		}
	})
}

// maxWordsOf is the words of the largest command recorded: the one the
// work bound may cut short (fit) is recorded past the bound.
func maxWordsOf(res Result) int {
	n := 0
	for _, c := range res.Commands {
		n = max(n, recordWords(c))
	}
	return n
}

func assignValues(c SimpleCommand) []Word {
	out := make([]Word, len(c.Assigns))
	for i, a := range c.Assigns {
		out[i] = a.Value
	}
	return out
}

// FuzzPrintfFormat checks the printf the values analysis reads against
// bash's: whenever formatPrintf says it knows the output, bash prints
// exactly that.
func FuzzPrintfFormat(f *testing.F) {
	for _, seed := range [][3]string{
		{"%s", "a", "b"}, {"r%s", "m", ""}, {"%5s|%-3s|", "ab", "c"}, {"%03d %x %o %X", "7", "255"},
		{`a\tb\n\x41\101`, "", ""}, {"%b", `x\ty\0101`, ""}, {"%q", "a-b_c", ""}, {"%c%c", "xy", "z"},
		{"%%%s%%", "p", ""}, {"%.2s", "abc", ""}, {"%+d % d", "5", "-5"}, {"%s-", "a", "b"}, {"%X", "0", "010"}, {"%q", ",", "0"}, {"%.c", "0", "0"}, {"% X", "0", "0"}, {"%b%b%c", "0", "0"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	if _, err := os.Stat(bashPath); err != nil {
		f.Skipf("%s not available: %v", bashPath, err)
	}
	f.Fuzz(func(t *testing.T, format, a, b string) {
		if len(format)+len(a)+len(b) > 200 || strings.ContainsRune(format+a+b, 0) {
			return
		}
		args := []Word{staticWord(a), staticWord(b)}
		got, ok := formatPrintf(format, args)
		if !ok {
			return
		}
		want := runBash(t, `printf -- "$1" "$2" "$3"`, format, a, b)
		if got.Text != want {
			t.Fatalf("printf %q %q %q: bash prints %q, permgate says %q", format, a, b, want, got.Text)
		}
	})
}

// FuzzXargsSplit checks the default splitting of xargs input against GNU
// xargs: whenever xargsSplit reads an input, xargs passes those words.
func FuzzXargsSplit(f *testing.F) {
	for _, seed := range []string{"a b c\n", "'a b' c\\ d\n", "\"x\" 'y'\"z\"\n", "  lead\ttab\n\nnext\n", `a\` + "\n", `\`, `""`, `'' ''` + "\n", "\r", "'a b'  \n  c\\d \n\n"} {
		f.Add(seed)
	}
	xargs, err := exec.LookPath("xargs")
	if err != nil {
		f.Skipf("xargs not available: %v", err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 200 || strings.ContainsRune(text, 0) {
			return
		}
		if items, ok := xargsSplit(text); ok {
			if want := runXargs(t, xargs, text, "-r", "printf", `%s\0`); !slices.Equal(items, want) {
				t.Fatalf("xargs splits %q into %q, permgate into %q", text, want, items)
			}
		}
		if lines, ok := xargsLines(text); ok {
			if want := runXargs(t, xargs, text, "-I{}", "printf", `%s\0`, "{}"); !slices.Equal(lines, want) {
				t.Fatalf("xargs -I splits %q into %q, permgate into %q", text, want, lines)
			}
		}
	})
}

// runXargs runs xargs with args on the input text and returns the words
// its printf '%s\0' printed.
func runXargs(t *testing.T, xargs, text string, args ...string) []string {
	t.Helper()
	ctx, cancel := gocontext.WithTimeout(gocontext.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, xargs, args...)
	cmd.Stdin = strings.NewReader(text)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("xargs %q on %q: %v", args, text, err)
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// runBash runs a bash script with arguments and returns what it prints.
func runBash(t *testing.T, script string, args ...string) string {
	t.Helper()
	ctx, cancel := gocontext.WithTimeout(gocontext.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bashPath, append([]string{"--norc", "--noprofile", "-c", script, "bash"}, args...)...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		t.Fatalf("bash %q %q: %v", script, args, err)
	}
	return stdout.String()
}

// FuzzPatternMatch checks the pattern matching of ${x#p} and the like
// against bash's own (a case pattern, as unquoted in ${x#$p}): whenever a
// pattern is one matchPattern reads, it matches what bash matches.
func FuzzPatternMatch(f *testing.F) {
	for _, seed := range [][2]string{{"*/", "/bin/"}, {"a?c", "abc"}, {"[!a]*", "ba"}, {"[a-c]x", "bx"}, {`\*`, "*"}, {"*.txt", "a.txt"}, {"[]a]", "]"}, {"a*b*c", "aXbYc"}, {`[b\]a`, "ba"}} {
		f.Add(seed[0], seed[1])
	}
	if _, err := os.Stat(bashPath); err != nil {
		f.Skipf("%s not available: %v", bashPath, err)
	}
	f.Fuzz(func(t *testing.T, pat, s string) {
		if len(pat)+len(s) > 64 || !isASCII(pat+s) || !plainPattern(pat) || strings.ContainsAny(pat+s, "\x00\n") {
			return
		}
		got := matchPattern(pat, s)
		want := runBash(t, `case $1 in $2) printf y;; *) printf n;; esac`, s, pat) == "y"
		if got != want {
			t.Fatalf("pattern %q on %q: bash %v, permgate %v", pat, s, want, got)
		}
	})
}
