package shellparse

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestParseArgv checks the exec-style entry: exact words, no shell.
func TestParseArgv(t *testing.T) {
	p := NewParser(Options{Home: "/home/u"})
	tests := []struct {
		argv    []string
		want    []string // every command's argv texts, space-joined
		problem ProblemKind
		source  string
	}{
		{argv: nil, problem: ProblemParse},
		{argv: []string{""}, problem: ProblemParse},
		{argv: []string{"ls", "a\x00b"}, problem: ProblemParse},
		{argv: []string{"ls", "\xff"}, problem: ProblemParse},
		// No shell: ~ and $X are the words themselves, and static.
		{argv: []string{"rm", "-rf", "~", "$X"}, want: []string{"rm -rf ~ $X"}, source: `rm -rf '~' '$X'`},
		{argv: []string{"sudo", "rm", "a b"}, want: []string{"rm a b"}, source: "sudo rm 'a b'"},
		{argv: []string{"bash", "-c", "rm x; ls"}, want: []string{"rm x", "ls"}, source: "rm x"},
		{argv: []string{"echo", "it's", ""}, want: []string{"echo it's "}, source: `echo 'it'\''s' ''`},
	}
	for _, tt := range tests {
		res := p.ParseArgv(tt.argv)
		if tt.problem != "" {
			if len(res.Problems) != 1 || res.Problems[0].Kind != tt.problem || len(res.Commands) != 0 {
				t.Errorf("ParseArgv(%q) = %+v, want one %s problem", tt.argv, res, tt.problem)
			}
			continue
		}
		var got []string
		for _, c := range res.Commands {
			texts := make([]string, len(c.Argv))
			for i, w := range c.Argv {
				if !w.Static {
					t.Errorf("ParseArgv(%q): word %q is not static", tt.argv, w.Text)
				}
				texts[i] = w.Text
			}
			got = append(got, strings.Join(texts, " "))
		}
		if !slices.Equal(got, tt.want) || len(res.Problems) > 0 {
			t.Errorf("ParseArgv(%q) = %q %v, want %q", tt.argv, got, res.Problems, tt.want)
		}
		if len(res.Commands) > 0 && res.Commands[0].Source != tt.source {
			t.Errorf("ParseArgv(%q) source = %q, want %q", tt.argv, res.Commands[0].Source, tt.source)
		}
	}
}

func TestParseArgvTooLarge(t *testing.T) {
	p := NewParser(Options{MaxBytes: 10})
	res := p.ParseArgv([]string{"echo", "123456", "789"})
	if len(res.Problems) != 1 || res.Problems[0].Kind != ProblemTooComplex {
		t.Fatalf("ParseArgv over MaxBytes = %+v, want too_complex", res)
	}
	res = p.ParseArgv([]string{"echo", strings.Repeat("x", 11)})
	if len(res.Problems) != 1 || res.Problems[0].Kind != ProblemTooComplex {
		t.Fatalf("ParseArgv with one word over MaxBytes = %+v, want too_complex", res)
	}
}

// TestParseScriptInput checks input bash cannot take, at the top and nested.
func TestParseScriptInput(t *testing.T) {
	p := NewParser(Options{})
	for _, src := range []string{"ls\x00", "ls \xff"} {
		res := p.ParseScript(src)
		if len(res.Problems) != 1 || res.Problems[0].Kind != ProblemParse || len(res.Commands) != 0 {
			t.Errorf("ParseScript(%q) = %+v, want one parse problem", src, res)
		}
	}
	// A nested script that is not UTF-8: $'\xff' decodes to the byte 0xff.
	res := p.ParseScript(`bash -c $'\xff'`)
	if len(res.Problems) != 1 || res.Problems[0].Kind != ProblemParse || res.Problems[0].Source == "" {
		t.Errorf("nested invalid UTF-8 = %+v, want a parse problem with its source", res)
	}
}

func TestIsIncomplete(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"ls", false},
		{"if true; then", true},
		{"echo 'abc", true},
		{"for x in a; do", true},
		{"f() {", true},
		{"ls )", false}, // an error no more input fixes
		{"echo " + strings.Repeat("(", DefaultMaxNesting+1), false},
		{strings.Repeat("x", DefaultMaxBytes+1), false},
	}
	for _, tt := range tests {
		if got := IsIncomplete(tt.src); got != tt.want {
			t.Errorf("IsIncomplete(%.40q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	tests := map[string]string{
		"":          "''",
		"abc":       "abc",
		"-x=1,a:b":  "-x=1,a:b",
		"a b":       "'a b'",
		"it's":      `'it'\''s'`,
		"$HOME":     "'$HOME'",
		"日本":        "'日本'",
		"a\nb":      "'a\nb'",
		"/tmp/x.go": "/tmp/x.go",
	}
	for in, want := range tests {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWordDynamic(t *testing.T) {
	if (Word{Text: "x", Static: true}).Dynamic() {
		t.Error("a static word is dynamic")
	}
	if !(Word{Text: "$x"}).Dynamic() {
		t.Error("a dynamic word is not dynamic")
	}
}

func TestRedirectWritesReads(t *testing.T) {
	st := func(s string) Word { return Word{Text: s, Static: true} }
	dyn := Word{Text: "$F"}
	tests := []struct {
		r             Redirect
		writes, reads bool
	}{
		{Redirect{Op: ">", Target: st("f")}, true, false},
		{Redirect{Op: ">>", Target: st("f")}, true, false},
		{Redirect{Op: ">|", Target: st("f")}, true, false},
		{Redirect{Op: "&>", Target: st("f")}, true, false},
		{Redirect{Op: "&>>", Target: st("f")}, true, false},
		{Redirect{Op: "<>", Target: st("f")}, true, true},
		{Redirect{Op: ">", Target: st("/dev/null")}, false, false},
		{Redirect{Op: ">", Target: st("/dev/stdout")}, false, false},
		{Redirect{Op: ">", Target: st("/dev/stderr")}, false, false},
		{Redirect{Op: ">", Target: st("/dev/tty")}, false, false},
		{Redirect{Op: ">", Target: dyn}, true, false},
		{Redirect{Op: ">&", Target: st("2")}, false, false},
		{Redirect{Op: ">&", Target: st("-")}, false, false},
		{Redirect{Op: ">&", Target: st("")}, true, false},
		{Redirect{Op: ">&", Target: st("file")}, true, false},
		{Redirect{Op: ">&", Target: dyn}, true, false},
		{Redirect{Op: "<", Target: st("f")}, false, true},
		{Redirect{Op: "<&", Target: st("3")}, false, false},
		{Redirect{Op: "<&", Target: st("file")}, false, true},
		{Redirect{Op: "<&", Target: dyn}, false, true},
		{Redirect{Op: "<<<", Target: st("x")}, false, false},
		{Redirect{Op: "<<", Target: st("x")}, false, false},
	}
	for _, tt := range tests {
		if got := tt.r.Writes(); got != tt.writes {
			t.Errorf("%s %q Writes() = %v, want %v", tt.r.Op, tt.r.Target.Text, got, tt.writes)
		}
		if got := tt.r.Reads(); got != tt.reads {
			t.Errorf("%s %q Reads() = %v, want %v", tt.r.Op, tt.r.Target.Text, got, tt.reads)
		}
	}
}

func TestLongOption(t *testing.T) {
	full := []string{"unset", "chdir", "split-string", "debug"}
	tests := []struct {
		word, name, value string
		hasValue, ok      bool
	}{
		{"--unset", "unset", "", false, true},
		{"--unset=HOME", "unset", "HOME", true, true},
		{"--un=HOME", "unset", "HOME", true, true},
		{"--s", "split-string", "", false, true},
		{"--zzz=1", "", "1", true, false},
		{"-u", "", "", false, false},
		{"--", "", "", false, false},
	}
	for _, tt := range tests {
		name, value, hasValue, ok := LongOption(tt.word, full)
		if name != tt.name || value != tt.value || hasValue != tt.hasValue || ok != tt.ok {
			t.Errorf("LongOption(%q) = %q %q %v %v, want %q %q %v %v", tt.word, name, value, hasValue, ok,
				tt.name, tt.value, tt.hasValue, tt.ok)
		}
	}
}

func TestClipKeepsRunes(t *testing.T) {
	s := strings.Repeat("a", 199) + "é" + "tail"
	got := clip(s)
	if !strings.HasSuffix(got, "…") || !strings.HasPrefix(got, strings.Repeat("a", 199)) || strings.Contains(got, "\xc3…") {
		t.Errorf("clip cut a rune: %q", got[190:])
	}
	if clip("short") != "short" {
		t.Error("clip changed a short string")
	}
}

func TestShellReadsStdin(t *testing.T) {
	words := func(s string) []Word {
		var out []Word
		for _, f := range strings.Fields(s) {
			out = append(out, Word{Text: f, Static: !strings.HasPrefix(f, "$")})
		}
		return out
	}
	tests := map[string]bool{
		"bash":                  true,
		"bash -":                true,
		"bash --":               true,
		"bash /dev/stdin":       true,
		"bash -s a b":           true,
		"bash -x -s":            true,
		"bash -c ls":            false,
		"bash -ec ls":           false,
		"bash script.sh":        false,
		"bash --norc script.sh": false,
		"bash --rcfile rc":      true,
		"bash -o errexit":       true,
		"bash +O extglob":       true,
		"bash $OPTS":            true,
		"bash -o errexit x.sh":  false,
	}
	for src, want := range tests {
		if got := ShellReadsStdin(words(src)); got != want {
			t.Errorf("ShellReadsStdin(%s) = %v, want %v", src, got, want)
		}
	}
	for p, want := range map[string]bool{"/dev/stdin": true, "/dev/fd/0": true, "/proc/self/fd/0": true,
		"/proc/thread-self/fd/0": true, "/dev/fd/1": false, "-": false} {
		if got := IsStdinPath(p); got != want {
			t.Errorf("IsStdinPath(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestExpandBracesEdges checks sequences the golden cases do not reach.
func TestExpandBracesEdges(t *testing.T) {
	tests := []struct {
		word string
		want []string // nil: too large or not followed (left dynamic)
	}{
		{"{1..a}", []string{"{1..a}"}},
		{"{aa..bb}", []string{"{aa..bb}"}},
		{"{100..1}", nil},
		{"{!..~}", []string{"{!..~}"}}, // bash does not expand it either
		{"{a,{1..100}}", nil},
		{"{a,b}{1..40}", nil},
		{"x{5..3..2}y", []string{"x5y", "x3y"}},
		{"{-2..2..2}", []string{"-2", "0", "2"}},
		{"{a,b", []string{"{a,b"}},
	}
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, tt := range tests {
		file, err := parser.Parse(strings.NewReader("echo "+tt.word), "")
		if err != nil {
			t.Fatalf("parse %q: %v", tt.word, err)
		}
		w := file.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		r := &wordResolver{source: "echo " + tt.word}
		words := r.resolve(w)
		var got []string
		dynamic := false
		for _, x := range words {
			got = append(got, x.Text)
			dynamic = dynamic || !x.Static
		}
		if tt.want == nil {
			if len(words) != 1 || !dynamic {
				t.Errorf("%s = %q, want one dynamic word", tt.word, got)
			}
			continue
		}
		if !slices.Equal(got, tt.want) || dynamic {
			t.Errorf("%s = %q (dynamic %v), want static %q", tt.word, got, dynamic, tt.want)
		}
	}
}

// TestPrescanEdges checks prescan's bounds directly, with small limits.
func TestPrescanEdges(t *testing.T) {
	tests := []struct {
		src                   string
		nesting, words, arith int
		wantReason            string // a substring, or "" for none
	}{
		{"ls", 4, 10, 10, ""},
		{"a b c", 4, 2, 10, "more than 2 words"},
		{"a;b;c", 4, 3, 10, "more than 3 words"},
		{"echo $a $b $c", 4, 3, 10, "more than 3 words"},
		{`echo "$a $b $c"`, 4, 3, 10, "more than 3 words"},
		{"echo $((1+2+3+4))", 4, 50, 2, "more than 2 operators"},
		{"let x=1+2+3+4", 4, 50, 2, "more than 2 operators"},
		{"[[ a < b || c > d || e == f ]]", 4, 50, 2, "more than 2 operators"},
		{"echo $((1+2)); echo $((3+4))", 4, 50, 3, ""},
		{"echo ((((", 2, 50, 10, "nested more than 2 deep"},
		{`echo "$("$(ls)")"`, 2, 50, 10, "nested more than 2 deep"},
		{"echo \"`ls`\"", 1, 50, 10, "nested more than 1 deep"},
		{"echo \"${a}\"", 1, 50, 10, "nested more than 1 deep"},
		{"echo `ls`", 0, 50, 10, "nested more than 0 deep"},
		{"echo 'a'((((((", 2, 50, 10, "nested more than 2 deep"},
		{"echo 'a((((((", 2, 50, 10, "nested more than 2 deep"}, // unclosed: what follows still counts
		{"echo ${a[b[c]]}", 2, 50, 10, "nested more than 2 deep"},
		{"{ { ls; }; }", 1, 50, 10, "nested more than 1 deep"},
		{"echo }", 1, 50, 10, ""},
		{"f() g() h() ls", 2, 50, 10, "nested more than 2 deep"},
		{"f() { :; }; g() { :; }; h() { :; }", 2, 50, 10, ""},
		{"while a; do while b; do ls; done; done", 1, 50, 10, "nested more than 1 deep"},
		{"case a in b) ls;; esac", 1, 50, 10, ""},
		{"echo done fi esac", 1, 50, 10, ""},
		{"cat <<E\n((((\nE\n", 1, 50, 10, ""},
		{"cat <<'E'\n$((((\nE\n", 1, 50, 10, ""},
		{"cat <<-E\n\t$(ls)\n\tE\n", 2, 50, 10, ""},
		{"cat <<-E\n\t$(ls)\n\tE\n", 1, 50, 10, "nested more than 1 deep"},
		{"cat <<E\n$(((((\nE\n", 2, 50, 10, "nested more than 2 deep"},
		{"cat <<A <<B\na\nA\nb\nB\n", 1, 50, 10, ""},
		{"cat <<A\na\nA", 1, 50, 10, ""},
		{"cat <<\"A\nx", 1, 50, 10, ""},
		{"echo a#((((( ", 2, 50, 10, "nested more than 2 deep"},
		{"echo ${a#((((}", 2, 50, 10, "nested more than 2 deep"},
		{"echo $'(((\\'((('", 2, 50, 10, ""},
		{"echo $(( 1 << 2 ))", 4, 50, 10, ""},
		{"let x=1\nlet y=2", 4, 50, 1, ""},
	}
	for _, tt := range tests {
		got := prescan(tt.src, tt.nesting, tt.words, tt.arith)
		switch {
		case tt.wantReason == "" && got != "":
			t.Errorf("prescan(%q) = %q, want none", tt.src, got)
		case tt.wantReason != "" && !strings.Contains(got, tt.wantReason):
			t.Errorf("prescan(%q) = %q, want %q", tt.src, got, tt.wantReason)
		}
	}
}

// TestParsePermgate checks permgate's own grammar on the command lines the
// golden cases do not read field by field.
func TestParsePermgateGrammar(t *testing.T) {
	words := func(s string) []Word {
		var out []Word
		for _, f := range strings.Fields(s) {
			out = append(out, Word{Text: f, Static: !strings.HasPrefix(f, "$")})
		}
		return out
	}
	tests := []struct {
		src      string
		sub      string
		options  []string // Name=Value (or Name) of each option
		operands []string
		command  string
		dynamic  int
	}{
		{src: "permgate mode bypass", sub: "mode", operands: []string{"bypass"}},
		{src: "permgate --mode auto exec rm x", sub: "exec", options: []string{"mode=auto"}, command: "rm x"},
		{src: "permgate --mo=auto check ls", sub: "check", options: []string{"mode=auto"}, command: "ls"},
		{src: "permgate --f exec ls", sub: "exec", options: []string{"fail-closed"}, command: "ls"},
		{src: "permgate --js check ls", sub: "check", options: []string{"json"}, command: "ls"},
		{src: "permgate --zzz check ls", sub: "check", options: []string{""}, command: "ls"},
		{src: "permgate -n5 check ls", sub: "check", options: []string{"n=5"}, command: "ls"},
		{src: "permgate -hn 5 check ls", sub: "check", options: []string{"h", "n=5"}, command: "ls"},
		{src: "permgate -x check ls", sub: "check", options: []string{""}, command: "ls"},
		{src: "permgate check -- rm x", sub: "check", command: "rm x"},
		{src: "permgate mode -- $M", sub: "mode", operands: []string{"$M"}},
		{src: "permgate $SUB rm x", command: "rm x", dynamic: 1},
		{src: "permgate rules add allow R", sub: "rules", operands: []string{"add", "allow", "R"}},
		{src: "permgate --mode", options: []string{"mode"}},
	}
	for _, tt := range tests {
		call := ParsePermgate(words(tt.src))
		var opts []string
		for _, o := range call.Options {
			s := o.Name
			if o.HasValue {
				s += "=" + o.Value.Text
			}
			opts = append(opts, s)
		}
		var operands []string
		for _, o := range call.Operands {
			operands = append(operands, o.Text)
		}
		var cmd []string
		for _, w := range call.Command {
			cmd = append(cmd, w.Text)
		}
		if call.Sub != tt.sub || !slices.Equal(opts, tt.options) || !slices.Equal(operands, tt.operands) ||
			strings.Join(cmd, " ") != tt.command || len(call.Dynamic) != tt.dynamic {
			t.Errorf("ParsePermgate(%s) = sub %q options %q operands %q command %q dynamic %d", tt.src, call.Sub, opts,
				operands, cmd, len(call.Dynamic))
		}
	}
	if permgateStep(words("permgate mode bypass")).kind != stepDone {
		t.Error("permgate mode is taken for a wrapper")
	}
	for name, want := range map[string]bool{"permgate": true, "./permgate": true, "/x/PermGate": true, "permgatex": false, "": false} {
		if IsPermgate(name) != want {
			t.Errorf("IsPermgate(%q) = %v", name, !want)
		}
	}
}
