package registry

import (
	"strings"
	"testing"
)

// FuzzScan reads random argv with random grammars: the scanner and the
// resolver never panic, and every index they return is in range, operands in
// order, and no word is both an option and an operand.
func FuzzScan(f *testing.F) {
	f.Add("o:l::v", "output=,color=?,verbose", uint8(0), "-vofile x --out=f -- -v")
	f.Add("k:t:o:", "output=,key=", uint8(1), "-r$X in -t -o -- x")
	f.Add("", "toolexec=,o=,c", uint8(2), "-c -toolexec x ./... --o=y")
	f.Add("n:", "namespace=", uint8(4), "--kubeconfig /tmp/kc delete pod x --help")
	f.Add("c:", "command=", uint8(8), "+nightly -- yank -c 'x y' -")
	f.Add(":::", "=,==,=?", uint8(255), "- -- --- -= --= -:")
	f.Fuzz(func(t *testing.T, short, long string, flags uint8, argv string) {
		if len(argv) > 4096 || len(short) > 64 || len(long) > 512 {
			return
		}
		g := Grammar{Short: short, Dash: flags&1 != 0, Exact: flags&2 != 0, Posix: flags&4 != 0}
		if long != "" {
			g.Long = strings.Split(long, ",")
		}
		if flags&16 != 0 {
			g.Words = []string{"TT=", "xx"}
		}
		var args []Word
		for _, w := range strings.Fields(argv) {
			args = append(args, Word{Text: w, Dynamic: strings.ContainsAny(w, "$`")})
		}
		checkScan(t, "scan", g.Scan(args), len(args))

		rule := Rule{ID: "x.y", Kind: "destructive_action", Severity: 1, If: []string{"--output", "-o"}}
		p := &Program{Names: []string{"fuzz"}, Family: "test", Node: Node{Grammar: g, Abbrev: flags&8 != 0, Subs: []*Node{
			{Names: []string{"delete", "rm"}, Rules: []Rule{rule}, Unless: []string{"--fix"}, Output: []string{"--out"}},
			{Names: []string{"get"}, Read: true, OutputOperand: 2, Grammar: Grammar{Short: "c:"}},
			{Names: []string{"exec"}, Runs: &Runs{Script: []string{"-c"}, Each: []string{"-x"}, Only: flags&32 != 0, AfterDashDash: true}},
			{Names: []string{"sub"}, Subs: []*Node{{Names: []string{"*"}, Read: true, Bare: true, ReadIf: []string{"-l"}}}},
		}}}
		New([]*Program{p})
		inv := p.Resolve(args)
		for _, r := range inv.Readings() {
			checkScan(t, "resolve", r.Scan, len(args))
		}
		inv.Help(args)
		inv.ReadOnly()
		inv.Findings()
		for _, o := range inv.Outputs() {
			if o.At < 0 || o.ValueAt < o.At || o.ValueAt >= len(args) {
				t.Fatalf("output %+v out of range (%d words)", o, len(args))
			}
		}
	})
}

func checkScan(t *testing.T, what string, s Scan, n int) {
	t.Helper()
	optWords := map[int]bool{}
	for _, o := range s.Opts {
		if o.At < 0 || o.At >= n || o.ValueAt < o.At || o.ValueAt >= n {
			t.Fatalf("%s: option %+v out of range (%d words)", what, o, n)
		}
		optWords[o.At], optWords[o.ValueAt] = true, true
	}
	last := -1
	for _, i := range s.Operands {
		if i < 0 || i >= n || i <= last {
			t.Fatalf("%s: operands %v out of range or order (%d words)", what, s.Operands, n)
		}
		if optWords[i] {
			t.Fatalf("%s: word %d is both an option and an operand: %+v %v", what, i, s.Opts, s.Operands)
		}
		if i == s.DashDash {
			t.Fatalf("%s: the -- at %d is an operand", what, i)
		}
		last = i
	}
	if s.DashDash < -1 || s.DashDash >= n || s.Stop < 0 || s.Stop > n {
		t.Fatalf("%s: dashdash %d stop %d (%d words)", what, s.DashDash, s.Stop, n)
	}
}
