package shellparse

import (
	"bytes"
	gocontext "context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// bashPath is the shell the differential test compares permgate with.
const bashPath = "/bin/bash"

// diffHome is the home directory given both to permgate (Options.Home) and to bash
// (HOME), so that tilde expansion can be compared.
const diffHome = "/home/user"

// diffSentinel is the first argument printed after the format. It makes an input
// that expands to no words (printf then prints its format once with an empty
// argument) distinguishable from an input that expands to one empty word.
const diffSentinel = "@@"

// diffPrefix is the script text placed before every input. Both permgate and bash
// read exactly diffPrefix + input, so both see the same words.
const diffPrefix = `printf '%s\0' ` + diffSentinel + " "

// diffFiles are created in bash's working directory so that a word bash treats as
// a glob pattern expands to something other than itself: a word permgate wrongly
// calls static then shows up as a disagreement instead of passing by luck.
var diffFiles = []string{"a", "b", "ab", "x.go", "]"}

// staticDiffCases are inputs whose words permgate should resolve statically. Each
// input is appended to diffPrefix; bash's printed words must equal permgate's.
// The expected values come from bash, never from permgate.
var staticDiffCases = []string{
	`$((1+1))`,
	`"$(( (7 - 1) / 2 ))"`,
	// Plain words.
	`rm`,
	`rm -rf /`,
	`ls   -la	/tmp`,
	`a.b-c_d/e:f,g+h@i%j^k`,
	`é 日本`,
	`a#b`,
	`a #b c`,
	`a!b`,
	`!`,
	`--`,
	`-`,
	// Shell option clusters, signed either way.
	`+x`,
	`+o pipefail`,
	`-xo pipefail -c 'rm x'`,
	`+O extglob +c "rm x"`,
	`+`,

	// Single quotes.
	`'rm'`,
	`'a b'`,
	`'a  b'`,
	`'$HOME'`,
	`'*.go'`,
	`'a\nb'`,
	`'a"b'`,
	`'~'`,
	"'a\nb'",

	// Double quotes.
	`"rm"`,
	`"a b"`,
	`"a'b"`,
	`"*"`,
	`"a\"b"`,
	"\"a\nb\"",
	`"$"`,
	`"a$"`,
	`"$ x"`,
	`$"a b"`,

	// Mixed quoting.
	`r''m`,
	`"r"m`,
	`'r'"m"`,
	`r""m`,
	`"r"'m'`,
	`'a'b"c"d`,
	`"a"' b'`,
	`'a'\''b'`,

	// Backslashes, unquoted and inside double quotes.
	`\rm`,
	`r\m`,
	`\\`,
	`\'`,
	`\"`,
	`a\ b`,
	`\ `,
	`\$HOME`,
	`\*`,
	`\*.go`,
	`a\?`,
	`\~`,
	`\#a`,
	`\[ab]`,
	`"a\$b"`,
	`"a\\b"`,
	`"a\qb"`,
	"\"a\\`b\"",
	`"\n"`,
	`"a\'b"`,

	// Bracket characters that do not form a pattern, and brackets closed by a
	// quoted or separately quoted character.
	`[`,
	`a[b`,
	`a]`,
	`"["ab]`,
	`[a"]"`,
	`[ab"]"]`,
	`[a'b']`,
	`a'['b]`,

	// $'…' with every escape form.
	`$'\x72\x6d'`,
	`$'\x7'`,
	`$'\x414'`,
	`$'\xg'`,
	`$'\x'`,
	`$'\X41'`,
	`$'\162\155'`,
	`$'\7'`,
	`$'\101'`,
	`$'\1011'`,
	`$'\400'`,
	`$'\777'`,
	`$'\8'`,
	`$'\u00e9'`,
	`$'\u41'`,
	`$'\u20AC'`,
	`$'\U0001F600'`,
	`$'\U41'`,
	`$'\u'`,
	`$'\uD800'`,
	`$'\U00110000'`,
	`$'\ug'`,
	`$'a\nb'`,
	`$'a\tb'`,
	`$'\e'`,
	`$'\E'`,
	`$'\a'`,
	`$'\b'`,
	`$'\f'`,
	`$'\v'`,
	`$'\r'`,
	`$'\\'`,
	`$'\''`,
	`$'\"'`,
	`$'\?'`,
	`$'\cA'`,
	`$'\ca'`,
	`$'\c@'`,
	`$'\c['`,
	`$'\c?'`,
	`$'\c\\'`,
	`$'a\c'`,
	`$'\q'`,
	`$'\z\y'`,
	`$'a\x00b'`,
	`$'a\x00b'c`,
	`$'\0'`,
	`$'a\0b'`,
	`$'\u0000x'`,
	`$''`,
	`$'a b'`,
	"$'a\\\nb'",

	// Backslash-newline continuation.
	"r\\\nm",
	"\\\nrm",
	"rm \\\n-rf",
	"\"a\\\nb\"",
	"'a\\\nb'",

	// Brace expansion.
	`{,rm} -rf /`,
	`{rm,-rf,/}`,
	`a{b,c}d`,
	`{1..5}`,
	`{a..e}`,
	`{01..03}`,
	`{5..1}`,
	`{1..10..3}`,
	`{a,{b,c}}`,
	`{a}`,
	`{a,}`,
	`{,}`,
	`""{a,}`,
	`x{a,}`,
	`"{a,b}"`,
	`'{a,b}'`,
	`{"a,b"}`,
	`{'a',b}`,
	`{a,"b c"}`,
	`{a,b}{c,d}`,
	`{a..c}{1..2}`,
	`{}`,
	`x{}y`,
	`{-1..1}`,
	`{a..e..2}`,
	`{1..3..0}`,
	`{1..5..-2}`,
	`{Z..a}`,
	`{x..1}`,
	`{1..a}`,
	`\{a,b}`,
	`{a\,b}`,
	`{a,b\}`,
	`{a,b}\}`,
	`{~,x}`,
	`x{a,~}`,
	`~{/a,/b}`,

	// Tilde.
	`~`,
	`~/x`,
	`~/`,
	`~//x`,
	`x~`,
	`"~"`,
	`~"/x"`,
	`~'/x'`,
	`~/"a b"`,
	`~:x`,

	// Empty strings.
	`''`,
	`""`,
	`'' ''`,
	`a ''`,
	`"" x`,
	`$""`,

	// Words with =.
	`a=b`,
	`--opt=value`,
	`a==b`,
	`=`,
	`a=`,
	`a=~/x`,
	`a=~`,
	`x=a:~/b`,
	`A_1=~/x`,
	`--prefix=~/x`,
	`1a=~/x`,
	`a=b=~/x`,
	`~=a`,

	// Pure substitutions: their output is known (pure.go).
	`$(echo x)`,
	`"$(echo x)"`,
	"`echo x`",
	`$(echo a b)`,
	`"$(echo a  b)"`,
	`$(echo -n x)`,
	`"$(echo -e 'a\tb')"`,
	`$(printf %s x)`,
	`"$(printf '%s-%s' a b c)"`,
	`"$(printf '%5s|%-3s|' ab c)"`,
	`"$(printf '%d %03d %x %o' 42 7 255 8)"`,
	`"$(printf 'a\nb\n\n')"`,
	`"$(printf '%b' 'x\ty')"`,
	`"$(printf '%q' abc)"`,
	`"$(printf '%s' '')"`,
	`"$(printf 'r%s' m)"`,
	`"$(dirname /a/b/c)"`,
	`"$(dirname /a/b/)"`,
	`"$(dirname a)"`,
	`"$(dirname /a)"`,
	`"$(dirname //a/b)"`,
	`"$(dirname a//b//)"`,
	`"$(dirname ~/.codex/config.toml)"`,
	`"$(basename /a/b.go .go)"`,
	`"$(basename /a/b/)"`,
	`"$(basename .go .go)"`,
	`"$(basename //)"`,
	`"$(basename ~/.ssh/id_rsa)"`,
	`"$(dirname "$(dirname /a/b/c)")"`,
	`"$(echo "$(basename /x/y)")"`,
	`$(echo ~)`,
	`"x$(echo y)z"`,
}

// dynamicDiffCases are inputs every word of which permgate must mark dynamic (not
// Static). They are not run through bash: their value depends on the
// environment, the file system or other programs.
var dynamicDiffCases = []string{
	`*.go`,
	`*`,
	`?`,
	`a?`,
	`[ab]`,
	`x[ab]y`,
	`"a"*`,
	`*"a"`,
	`$HOME`,
	`"$HOME"`,
	`a$HOME`,
	`$x$y`,
	`$1`,
	`$@`,
	`${#x}`,
	`${x:-y}`,
	`${x:-rm}`,
	`$((y+1))`,
	`"$((RANDOM % 2))"`,
	`<(echo x)`,
	`~user`,
	`~+`,
	`~-`,
	`{1..100}`,
	`{a,b}$x`,
	`x{a,b}*`,
}

// bashWords runs diffPrefix+input with bash in dir and returns the words printed
// after the sentinel.
func bashWords(t *testing.T, dir, input string) ([]string, error) {
	t.Helper()
	ctx, cancel := gocontext.WithTimeout(gocontext.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bashPath, "--norc", "--noprofile", "-c", diffPrefix+input)
	cmd.Dir = dir
	// A clean environment: no BASH_ENV, no inherited variables. C.UTF-8 makes
	// \u and \U escapes produce UTF-8, as in a usual interactive setup.
	cmd.Env = []string{"HOME=" + diffHome, "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, &bashError{err: err, stderr: stderr.String()}
	}
	if stderr.Len() > 0 {
		return nil, &bashError{stderr: stderr.String()}
	}
	out := stdout.String()
	if !strings.HasSuffix(out, "\x00") {
		return nil, &bashError{stderr: "output does not end with NUL: " + out}
	}
	words := strings.Split(strings.TrimSuffix(out, "\x00"), "\x00")
	if len(words) == 0 || words[0] != diffSentinel {
		return nil, &bashError{stderr: "output does not start with the sentinel: " + out}
	}
	return words[1:], nil
}

// bashError reports a bash run that failed or printed to standard error.
type bashError struct {
	err    error
	stderr string
}

func (e *bashError) Error() string {
	if e.err != nil {
		return e.err.Error() + ": " + e.stderr
	}
	return e.stderr
}

// permgateWords parses diffPrefix+input and returns the words permgate found after
// the sentinel in the top-level printf command. It fails the test when permgate
// reports a problem or does not see that command.
func permgateWords(t *testing.T, input string) []Word {
	t.Helper()
	p := NewParser(Options{Home: diffHome})
	res := p.ParseScript(diffPrefix + input)
	if len(res.Problems) > 0 {
		t.Fatalf("input %q: permgate problems: %+v", input, res.Problems)
	}
	// Commands inside substitutions are reported too, and other readings
	// of the printf (a default's value, ${x:-y}); the printf is the only
	// command at the top level.
	var top []SimpleCommand
	for _, c := range res.Commands {
		if c.Subst == "" && c.Depth == 0 && len(c.Wrappers) == 0 && !c.Alternative {
			top = append(top, c)
		}
	}
	if len(top) != 1 {
		t.Fatalf("input %q: permgate found %d top-level commands, want 1", input, len(top))
	}
	argv := top[0].Argv
	want := []string{"printf", `%s\0`, diffSentinel}
	if len(argv) < len(want) {
		t.Fatalf("input %q: permgate argv %+v is shorter than the prefix", input, argv)
	}
	for i, w := range want {
		if !argv[i].Static || argv[i].Text != w {
			t.Fatalf("input %q: permgate argv[%d] = %+v, want static %q", input, i, argv[i], w)
		}
	}
	return argv[len(want):]
}

// texts returns the Text of each word.
func texts(words []Word) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.Text
	}
	return out
}

// TestDifferentialStaticWords checks permgate's static words against bash: for
// every input whose words permgate resolves statically, the words bash passes to
// printf must be exactly permgate's. An input permgate leaves (partly) dynamic is
// not compared, only logged: treating a word as unknown is conservative.
func TestDifferentialStaticWords(t *testing.T) {
	if _, err := os.Stat(bashPath); err != nil {
		t.Skipf("%s not available: %v", bashPath, err)
	}
	dir := t.TempDir()
	for _, name := range diffFiles {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	compared, conservative := 0, 0
	for i, input := range staticDiffCases {
		t.Run(caseName(i, input), func(t *testing.T) {
			words := permgateWords(t, input)
			for _, w := range words {
				if !w.Static {
					conservative++
					t.Logf("input %q: permgate leaves word %q dynamic; not compared", input, w.Text)
					return
				}
			}
			got := texts(words)
			want, err := bashWords(t, dir, input)
			if err != nil {
				t.Fatalf("input %q: bash: %v", input, err)
			}
			compared++
			if !slices.Equal(got, want) {
				t.Errorf("input %q:\n  bash:     %q\n  permgate: %q", input, want, got)
			}
		})
	}
	t.Logf("%d static cases: %d compared with bash, %d left dynamic by permgate", len(staticDiffCases), compared, conservative)
}

// TestDifferentialDynamicWords checks that words whose value depends on the run
// (globs, parameters, substitutions, arithmetic, large brace expansions) are never
// marked Static. It does not run bash.
func TestDifferentialDynamicWords(t *testing.T) {
	for i, input := range dynamicDiffCases {
		t.Run(caseName(i, input), func(t *testing.T) {
			words := permgateWords(t, input)
			if len(words) == 0 {
				t.Fatalf("input %q: permgate found no words", input)
			}
			for _, w := range words {
				if w.Static {
					t.Errorf("input %q: permgate marks word %q static, want dynamic", input, w.Text)
				}
			}
		})
	}
}

// caseName returns a subtest name: the case number and a printable form of the
// input.
func caseName(i int, input string) string {
	printable := strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return '.'
		}
		return r
	}, input)
	return fmt.Sprintf("%03d_%s", i, printable)
}
