package registry

import (
	"fmt"
	"strings"
	"testing"
)

// renderChain writes a chain's reading: each command as NAME(options|operands),
// "?" for an undeclared name, "$" for a dynamic one.
func renderChain(c *Chain, args []Word) string {
	var parts []string
	for _, call := range c.Read(args) {
		if call.Start == call.End {
			parts = append(parts, "()")
			continue
		}
		words := args[call.Start:call.End]
		name := words[0].Text
		switch {
		case call.Dynamic:
			name = "$"
		case call.Command == nil:
			name = "?" + name
		default:
			name = call.Command.Names[0]
		}
		var opts, ops []string
		for _, o := range call.Scan.Opts {
			opts = append(opts, o.Name+"="+o.Value)
		}
		for _, k := range call.Scan.Operands {
			t := words[1+k].Text
			if call.Trimmed && 1+k == len(words)-1 {
				t = strings.TrimSuffix(t, c.Separator)
			}
			ops = append(ops, t)
		}
		s := name + "(" + strings.Join(opts, " ") + "|" + strings.Join(ops, " ") + ")"
		if call.Trimmed {
			s += ";"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestChainRead(t *testing.T) {
	c := &Chain{Separator: ";", Abbrev: true, Others: []string{"show"},
		Commands: []ChainCommand{
			{Names: []string{"run-shell", "run"}, Grammar: Grammar{Posix: true, Short: "bt:"}, Operands: []Role{Script}},
			{Names: []string{"show-popup"}, Grammar: Grammar{Posix: true}, Operands: []Role{Script}},
			{Names: []string{"if-shell", "if"}, Grammar: Grammar{Posix: true, Short: "Ft:"}, Operands: []Role{Script, Command}},
		},
		Undeclared: ChainCommand{Operands: []Role{Script}}}
	cases := []struct{ argv, want string }{
		{"run -b -t 0 x", "run-shell(-b= -t=0|x)"},
		{"run -t0 -- -x", "run-shell(-t=0|-x)"},
		{"run x -b", "run-shell(|x -b)"},
		{"run x ; if -F c d ; attach -t s", "run-shell(|x) if-shell(-F=|c d) ?attach(-t=|s)"},
		{"run x; run y", "run-shell(|x); run-shell(|y)"},
		{`run x\; y`, `run-shell(|x\; y)`},
		{"; run x ;", "() run-shell(|x)"},
		// abbreviations, but not of a name the program gives another command
		{"run-s x", "run-shell(|x)"},
		{"sh x", "show-popup(|x)"},
		{"show x", "?show(|x)"},
		{"$c x ; run $y", "$(|x) run-shell(|$y)"},
		{"run -t $t $o x", "run-shell(-t=$t|$o x)"},
		{"run", "run-shell(|)"},
	}
	for _, tc := range cases {
		if got := renderChain(c, primaryWords(tc.argv)); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.argv, got, tc.want)
		}
	}
}

func TestChainRoles(t *testing.T) {
	cmd := ChainCommand{Operands: []Role{Script, Command}, CommandIf: []string{"-C"}, Grammar: Grammar{Posix: true, Short: "Ct:"}}
	cases := []struct {
		argv string
		k    int
		want string
	}{
		{"a b c", 0, "[1]"},
		{"a b c", 1, "[3]"},
		{"a b c", 2, "[3]"},
		{"-C a", 0, "[1 3]"},
		{"$o a", 0, "[1 3]"},
	}
	for _, tc := range cases {
		sc := cmd.Grammar.Scan(primaryWords(tc.argv))
		if got := fmt.Sprint(cmd.Roles(tc.k, &sc)); got != tc.want {
			t.Errorf("%s operand %d: got %s, want %s", tc.argv, tc.k, got, tc.want)
		}
	}
	if (&ChainCommand{}).Runs() || (&ChainCommand{}).Role(3) != Inert || !cmd.Runs() {
		t.Error("Runs/Role of a command with no operands")
	}
}

// TestTmuxChain reads tmux's declared commands.
func TestTmuxChain(t *testing.T) {
	c, ok := Chained("tmux")
	if !ok {
		t.Fatal("tmux has no chain")
	}
	cases := []struct{ argv, want string }{
		{"new -AdDEPX -c /d -e A=B -F f -f fl -n rm -s s -t g -x 1 -y 2 cmd", "new-session(-A= -d= -D= -E= -P= -X= -c=/d -e=A=B -F=f -f=fl -n=rm -s=s -t=g -x=1 -y=2|cmd)"},
		{"run-shell -bC -c /tmp -d 3 -t 0 x", "run-shell(-b= -C= -c=/tmp -d=3 -t=0|x)"},
		{"send -FHKlMRX -N 2 -t 0 a Enter", "send-keys(-F= -H= -K= -l= -M= -R= -X= -N=2 -t=0|a Enter)"},
		{"if -bF -t 0 a b c", "if-shell(-b= -F= -t=0|a b c)"},
		{"popup -c cl -d /d x", "display-popup(-c=cl -d=/d|x)"},
		{"display x", "?display(|x)"},
		{"respawnp -k -c /d x ; respawnw -t w y", "respawn-pane(-k= -c=/d|x) respawn-window(-t=w|y)"},
	}
	for _, tc := range cases {
		if got := renderChain(c, primaryWords(tc.argv)); got != tc.want {
			t.Errorf("tmux %s: got %q, want %q", tc.argv, got, tc.want)
		}
	}
}
