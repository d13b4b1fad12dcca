package shellparse

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// commandLines renders each command a script runs as its words joined by a
// space, with the names of its wrappers before a colon.
func commandLines(res Result) []string {
	var out []string
	for _, c := range res.Commands {
		var wrappers []string
		for _, w := range c.Wrappers {
			wrappers = append(wrappers, w.Name)
		}
		words := make([]string, len(c.Argv))
		for i, w := range c.Argv {
			words[i] = w.Text
		}
		out = append(out, strings.Join(wrappers, ",")+": "+strings.Join(words, " "))
	}
	return out
}

// TestPermgateWrapper checks that permgate exec, check and guard are unwrapped
// like env or bash -c: one word after the options is a script, several are an
// argv; permgate's other subcommands are commands of their own.
func TestPermgateWrapper(t *testing.T) {
	cases := []struct {
		script string
		want   []string
	}{
		{`permgate exec -- 'git push -f'`, []string{"permgate: git push -f"}},
		{`permgate exec -- git push -f`, []string{"permgate: git push -f"}},
		{`permgate exec git push -f`, []string{"permgate: git push -f"}},
		{`permgate exec --mode bypass -- 'rm -rf ~; ls'`, []string{"permgate: rm -rf /home/u", "permgate: ls"}},
		{`permgate check --json -- 'echo hi | tee out'`, []string{"permgate: echo hi", "permgate: tee out"}},
		{`permgate guard -- 'git reset --hard'`, []string{"permgate: git reset --hard"}},
		{`permgate --config /tmp/c.toml exec --fail-closed=false --prompt-timeout 5s -- ls`, []string{"permgate: ls"}},
		{`./permgate exec -- 'make install'`, []string{"./permgate: make install"}},
		{`/opt/pg/bin/permgate exec -- rm x`, []string{"/opt/pg/bin/permgate: rm x"}},
		{`permgate exec -- permgate mode bypass`, []string{"permgate: permgate mode bypass"}},
		{`permgate exec -- "permgate exec -- 'rm -rf /'"`, []string{"permgate,permgate: rm -rf /"}},
		{`sudo permgate exec -- 'id'`, []string{"sudo,permgate: id"}},
		{`bash -c "permgate exec -- 'ls -la'"`, []string{"bash,permgate: ls -la"}},
		// exec's options end at its first operand: --mode here belongs to ls.
		{`permgate exec ls --mode bypass`, []string{"permgate: ls --mode bypass"}},
		// A word that may vanish leaves one word, which permgate runs as a script.
		{`permgate exec -- 'rm -rf ~' $EMPTY`, []string{"permgate: rm -rf /home/u", "permgate: rm -rf ~ $EMPTY"}},
		// Not wrappers.
		{`permgate mode bypass`, []string{": permgate mode bypass"}},
		{`permgate rules add allow 'Bash(*)'`, []string{": permgate rules add allow Bash(*)"}},
		{`permgate explain -- 'rm -rf /'`, []string{": permgate explain -- rm -rf /"}},
		{`permgate exec`, []string{": permgate exec"}},
		{`permgate log -n 5`, []string{": permgate log -n 5"}},
	}
	p := NewParser(Options{Home: "/home/u"})
	for _, c := range cases {
		got := commandLines(p.ParseScript(c.script))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n  got  %q\n  want %q", c.script, got, c.want)
		}
	}
}

// TestPermgateDynamicScript checks that a script known only at run time after
// permgate exec is opaque, as after bash -c.
func TestPermgateDynamicScript(t *testing.T) {
	res := NewParser(Options{}).ParseScript(`permgate exec -- "$CMD"`)
	if len(res.Commands) != 1 || res.Commands[0].Script == nil {
		t.Fatalf("want one command with an opaque script, got %+v", res.Commands)
	}
}

// TestParsePermgate checks permgate's argv grammar.
func TestParsePermgate(t *testing.T) {
	words := func(s string) []Word {
		var out []Word
		for _, f := range strings.Fields(s) {
			if strings.HasPrefix(f, "$") {
				out = append(out, Word{Text: f})
			} else {
				out = append(out, staticWord(f))
			}
		}
		return out
	}
	cases := []struct {
		argv     string
		sub      string
		options  []string // name=value
		operands string
		dynamic  int
		command  string
	}{
		{"permgate mode bypass", "mode", nil, "bypass", 0, ""},
		{"permgate --mode=bypass exec -- ls -l", "exec", []string{"mode=bypass"}, "", 0, "ls -l"},
		{"permgate --mod bypass check x", "check", []string{"mode=bypass"}, "", 0, "x"},
		{"permgate --con /tmp/c mode", "mode", []string{"config=/tmp/c"}, "", 0, ""},
		{"permgate --fail-closed=0 exec ls", "exec", []string{"fail-closed=0"}, "", 0, "ls"},
		{"permgate --fail-closed exec false", "exec", []string{"fail-closed="}, "", 0, "false"},
		{"permgate rules add --profile p allow R", "rules", []string{"profile=p"}, "add allow R", 0, ""},
		{"permgate log -n5 --json", "log", []string{"n=5", "json="}, "", 0, ""},
		{"permgate log -n 5", "log", []string{"n=5"}, "", 0, ""},
		{"permgate $X bypass", "", nil, "", 1, "bypass"},
		{"permgate mode $M", "mode", nil, "", 1, ""},
		{"permgate exec $OPTS -- rm x", "exec", nil, "", 1, "rm x"},
		{"permgate -h", "", []string{"h="}, "", 0, ""},
		{"permgate mode -- auto", "mode", nil, "auto", 0, ""},
		{"permgate mode -- $M", "mode", nil, "$M", 0, ""},
		{"permgate --bogus mode", "mode", []string{"="}, "", 0, ""},
	}
	for _, c := range cases {
		call := ParsePermgate(words(c.argv))
		var opts []string
		for _, o := range call.Options {
			opts = append(opts, o.Name+"="+o.Value.Text)
		}
		var ops []string
		for _, o := range call.Operands {
			ops = append(ops, o.Text)
		}
		var cmd []string
		for _, w := range call.Command {
			cmd = append(cmd, w.Text)
		}
		if call.Sub != c.sub || !slices.Equal(opts, c.options) || strings.Join(ops, " ") != c.operands ||
			len(call.Dynamic) != c.dynamic || strings.Join(cmd, " ") != c.command {
			t.Errorf("%s: got sub %q options %q operands %q dynamic %d command %q", c.argv, call.Sub, opts, ops, len(call.Dynamic), cmd)
		}
	}
}

// TestIsPermgate checks that permgate is known by its basename.
func TestIsPermgate(t *testing.T) {
	for name, want := range map[string]bool{"permgate": true, "./permgate": true, "/home/u/go/bin/permgate": true,
		"PermGate": true, "permgate2": false, "pg": false, "": false, "/usr/bin/permgate-helper": false} {
		if got := IsPermgate(name); got != want {
			t.Errorf("IsPermgate(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestParsePermgateOptions checks how permgate's declared grammar reads its
// options: abbreviations (an ambiguous one as the loosening option it may be)
// marked Abbreviated, clusters and attached values, missing values, and words
// not written out, which are Dynamic however they are written.
func TestParsePermgateOptions(t *testing.T) {
	render := func(call PermgateCall) string {
		var parts []string
		for _, o := range call.Options {
			p := o.Name + "(" + o.Written + ")"
			if o.HasValue {
				p += "=" + o.Value.Text
			}
			if o.Abbreviated {
				p += "~"
			}
			parts = append(parts, p)
		}
		parts = append(parts, "sub:"+call.Sub)
		for _, w := range call.Operands {
			parts = append(parts, "op:"+w.Text)
		}
		for _, w := range call.Dynamic {
			parts = append(parts, "dyn:"+w.Text)
		}
		if len(call.Command) > 0 {
			parts = append(parts, "cmd@"+strconv.Itoa(call.CommandAt)+":"+call.Command[0].Text)
		}
		return strings.Join(parts, " ")
	}
	for _, tt := range []struct{ src, want string }{
		{"permgate --c /c mode", "config(--c)=/c~ sub:mode"},
		{"permgate --cy mode", "cycle(--cy)~ sub:mode"},
		{"permgate --cycle mode", "cycle(--cycle) sub:mode"},
		{"permgate --p x log", "profile(--p)=x~ sub:log"},
		{"permgate --pri hook", "print-config(--pri)~ sub:hook"},
		{"permgate --prom 5 log", "prompt-timeout(--prom)=5~ sub:log"},
		{"permgate --=x log", "config(--=x)=x~ sub:log"},
		{"permgate -hn5 log", "h(-hn5) n(-hn5)=5 sub:log"},
		{"permgate -n", "n(-n) sub:"},
		{"permgate --fail-closed=false exec rm", "fail-closed(--fail-closed=false)=false sub:exec cmd@3:rm"},
		{"permgate -x -hz log", "(-x) h(-hz) (-hz) sub:log"},
		{"permgate -- exec x", "sub: op:exec op:x"},
		{"permgate $X -- rm x", "sub: dyn:$X cmd@3:rm"},
		{"permgate --mode=$M exec rm", "sub: dyn:--mode=$M cmd@2:exec"},
		{"permgate -h$X mode", "sub: dyn:-h$X cmd@2:mode"},
		{"permgate --mode $M exec rm", "mode(--mode)=$M sub:exec cmd@4:rm"},
		{"permgate mode *", "sub:mode dyn:*"},
		{"permgate mode -- *", "sub:mode op:*"},
		{"permgate rules add --m auto allow R", "mode(--m)=auto~ sub:rules op:add op:allow op:R"},
		{"permgate exec --json -- rm -n x", "json(--json) sub:exec cmd@4:rm"},
		{"permgate exec rm -n x", "sub:exec cmd@2:rm"},
		{"permgate exec $OPTS rm", "sub:exec dyn:$OPTS cmd@3:rm"},
		{"permgate check --", "sub:check"},
		{"permgate guard - x", "sub:guard cmd@2:-"},
		{"permgate - mode", "sub:- op:mode"},
	} {
		argv := envTestWords(tt.src)
		if got := render(ParsePermgate(argv)); got != tt.want {
			t.Errorf("ParsePermgate(%s) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
