package registry

import (
	"slices"
	"strings"
	"testing"
)

func words(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		out = append(out, Word{Text: f, Dynamic: strings.Contains(f, "$")})
	}
	return out
}

func TestDefaultBuilds(t *testing.T) {
	r := Default()
	if len(r.Programs()) == 0 {
		t.Fatal("no declarations")
	}
	names := 0
	for _, p := range r.Programs() {
		names += len(p.Names)
		if p.Family == "" {
			t.Errorf("%v: no family", p.Names)
		}
	}
	t.Logf("%d declarations, %d program names", len(r.Programs()), names)
}

// TestDeclarationsShareNoNode: declarations that are static data are shared
// by every registry, and a node's parent is set when its family loads; a
// node reachable from two places would take the last one's parent and
// read the other's options.
func TestDeclarationsShareNoNode(t *testing.T) {
	seen := map[*Node][]string{}
	var walk func(n *Node, where []string)
	walk = func(n *Node, where []string) {
		if first, dup := seen[n]; dup {
			t.Errorf("%v is declared again at %v", first, where)
			return
		}
		seen[n] = where
		for _, s := range n.Subs {
			walk(s, append(slices.Clip(where), s.Names[0]))
		}
	}
	for _, build := range defaultFamilies {
		for _, p := range build() {
			walk(&p.Node, p.Names[:1])
		}
	}
	// Loading the families again (New does, for tests) leaves each node's
	// parent as grammar reads it: the node above, unless the node is Alone.
	var check func(n, up *Node, where string)
	check = func(n, up *Node, where string) {
		if want := map[bool]*Node{true: nil, false: up}[n.Alone]; n.parent.Load() != want {
			t.Errorf("%s: its parent is %v, want %v", where, n.parent.Load(), want)
		}
		for _, s := range n.Subs {
			check(s, n, where+" "+s.Names[0])
		}
	}
	for _, build := range defaultFamilies {
		for _, p := range New(build()).Programs() {
			check(&p.Node, nil, p.Names[0])
		}
	}
}

func TestScan(t *testing.T) {
	g := Grammar{Short: "o:l::v", Long: []string{"output=", "color=?", "verbose", "version"}}
	tests := []struct {
		args     string
		opts     []string // name=value
		operands []int
		unknown  bool
	}{
		{"-v file", []string{"-v"}, []int{1}, false},
		{"-vofile x", []string{"-v", "-o=file"}, []int{1}, false},
		{"-o file x", []string{"-o=file"}, []int{2}, false},
		{"-l x", []string{"-l"}, []int{1}, false},
		{"-l5 x", []string{"-l=5"}, []int{1}, false},
		{"--out=f x", []string{"--output=f"}, []int{1}, false},
		{"--out f x", []string{"--output=f"}, []int{2}, false},
		{"--col x", []string{"--color"}, []int{1}, false},
		{"--ver x", []string{"--verbose"}, []int{1}, false}, // ambiguous: first listed
		{"-- -v x", nil, []int{1, 2}, false},
		{"- x", nil, []int{0, 1}, false},
		{"$OPTS x", nil, []int{0, 1}, true},
		{"--output=$f x", []string{"--output=$f"}, []int{1}, false},
		{"x -v", []string{"-v"}, []int{0}, false},
	}
	for _, tt := range tests {
		s := g.Scan(words(tt.args))
		var got []string
		for _, o := range s.Opts {
			if o.HasValue {
				got = append(got, o.Name+"="+o.Value)
			} else {
				got = append(got, o.Name)
			}
		}
		if !slices.Equal(got, tt.opts) || !slices.Equal(s.Operands, tt.operands) || s.Unknown != tt.unknown {
			t.Errorf("Scan(%q) = opts %v operands %v unknown %v, want %v %v %v", tt.args, got, s.Operands, s.Unknown, tt.opts, tt.operands, tt.unknown)
		}
	}
}

func TestScanPosixAndDash(t *testing.T) {
	posix := Grammar{Short: "u:", Posix: true}
	s := posix.Scan(words("-u root rm -rf /"))
	if s.Stop != 2 || !s.Has("-u") || s.Has("-r") {
		t.Errorf("posix scan: stop %d opts %v", s.Stop, s.Opts)
	}
	dash := Grammar{Dash: true, Long: []string{"o=", "run=", "v"}}
	s = dash.Scan(words("-o out -run=X --v ./..."))
	if !s.Has("-o", "-run", "-v") || len(s.Operands) != 1 {
		t.Errorf("dash scan: %+v", s)
	}
	if o, _ := s.Value("-o"); o.Value != "out" {
		t.Errorf("dash -o value %q", o.Value)
	}
}

func TestResolve(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd      string
		path     string
		readOnly bool
	}{
		{"go test ./...", "test", false}, // project code,
		{"go test -o x ./...", "test", false},
		{"go -C dir list ./...", "list", true},
		{"go build ./...", "build", false},
		{"npm run test", "run test", false},
		{"npm run build", "run *", false},
		{"npm ls --depth=0", "ls", true},
		{"sort -o out f", "", false},
		{"sort -k2 f", "", true},
		{"sort $X f", "", false}, // $X may be -o FILE
		{"cargo tree", "tree", true},
		{"cargo $SUB", "", false},
		{"set", "", true},
		{"set -e", "", true},
		{"fd -x rm", "", false},
		{"fd -e go foo", "", true},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		p, ok := r.Lookup(f[0])
		if !ok {
			t.Fatalf("%s not declared", f[0])
		}
		inv := p.Resolve(words(strings.Join(f[1:], " ")))
		got := strings.Join(inv.Path, " ")
		if tt.path == "run *" {
			got = strings.Replace(got, "build", "*", 1)
		}
		if got != tt.path || inv.ReadOnly() != tt.readOnly {
			t.Errorf("%s: path %q read-only %v, want %q %v", tt.cmd, strings.Join(inv.Path, " "), inv.ReadOnly(), tt.path, tt.readOnly)
		}
	}
}

func TestDestructiveVerb(t *testing.T) {
	for _, w := range []string{"delete", "destroy", "apps:destroy", "delete-bucket", "terminate-instances", "db-drop", "rm", "prune", "deleteMany", "DeleteBucket", "forceDestroy", "DELETE"} {
		if !DestructiveVerb(w) {
			t.Errorf("%s should be destructive", w)
		}
	}
	for _, w := range []string{"list", "get", "describe", "deleted", "status", "apply", "create", "undelete", "Deleted", "getDeletedItems"} {
		if DestructiveVerb(w) {
			t.Errorf("%s should not be destructive", w)
		}
	}
}

// Round six of the red team: what the scanner and the resolver got wrong.

func TestScanRedTeam6(t *testing.T) {
	tests := []struct {
		name     string
		g        Grammar
		args     string
		opts     []string // name=value
		operands []int
		unknown  bool
	}{
		// A dynamic part of a cluster may be any letters: sort -r$X is sort -ro FILE.
		{"dynamic cluster", Grammar{Short: "o:k:"}, "-r$X in", []string{"-r"}, []int{1}, true},
		{"dynamic cluster quoted", Grammar{Short: "o:k:"}, `-n"$F" in`, []string{"-n"}, []int{1}, true},
		// The value of a letter may be dynamic: the letter is still known.
		{"dynamic value", Grammar{Short: "o:"}, "-o$F in", []string{"-o=$F"}, []int{1}, false},
		// A value option hidden at the end of a cluster takes the next word.
		{"cluster hides value", Grammar{Short: "o:"}, "-ro out in", []string{"-r", "-o=out"}, []int{2}, false},
		{"cluster attached", Grammar{Short: "o:"}, "-rnoout in", []string{"-r", "-n", "-o=out"}, []int{1}, false},
		// -t takes -o as its value: there is no -o option.
		{"value that looks like an option", Grammar{Short: "t:o:"}, "-t -o in", []string{"-t=-o"}, []int{2}, false},
		// A Dash grammar (Go, terraform, find) takes no abbreviations: -c is
		// not -coverpkg, which would swallow -toolexec as its value.
		{"dash is exact", Grammar{Dash: true, Long: []string{"coverpkg=", "toolexec=", "o="}}, "-c -toolexec x ./...", []string{"-c", "-toolexec=x"}, []int{3}, false},
		{"dash double dash", Grammar{Dash: true, Long: []string{"toolexec="}}, "--toolexec=x", []string{"-toolexec=x"}, nil, false},
		// gdb's getopt_long_only takes prefixes: DashAbbrev.
		{"dash abbrev", Grammar{Dash: true, DashAbbrev: true, Long: []string{"eval-command=", "batch"}}, "-bat -eval-c x", []string{"-batch", "-eval-command=x"}, nil, false},
		// Options after operands and repeated options are all seen.
		{"after operands", Grammar{Short: "o:"}, "in -o a -o b", []string{"-o=a", "-o=b"}, []int{0}, false},
		// "--" ends the options, wherever it stands.
		{"dash dash", Grammar{Short: "o:"}, "in -- -o out", nil, []int{0, 2, 3}, false},
		// An abbreviation of a long option with its value attached or apart.
		{"abbrev attached", Grammar{Long: []string{"output=", "other"}}, "--ou=f in", []string{"--output=f"}, []int{1}, false},
		{"abbrev apart", Grammar{Long: []string{"output=", "other"}}, "--outp f in", []string{"--output=f"}, []int{2}, false},
	}
	for _, tt := range tests {
		s := tt.g.Scan(words(tt.args))
		var got []string
		for _, o := range s.Opts {
			if o.HasValue {
				got = append(got, o.Name+"="+o.Value)
			} else {
				got = append(got, o.Name)
			}
		}
		if !slices.Equal(got, tt.opts) || !slices.Equal(s.Operands, tt.operands) || s.Unknown != tt.unknown {
			t.Errorf("%s: Scan(%q) = opts %v operands %v unknown %v, want %v %v %v", tt.name, tt.args, got, s.Operands, s.Unknown, tt.opts, tt.operands, tt.unknown)
		}
	}
}

// kubectlish is a declaration in the shape the cluster and cloud families use.
func redTeamRegistry() *Registry {
	rule := Rule{ID: "destructive_action.test_delete", Kind: "destructive_action", Severity: 1, Reason: "deletes"}
	return New([]*Program{
		{Family: "test", Names: []string{"kubectlish"}, Node: Node{Grammar: Grammar{Short: "n:", Long: []string{"namespace=", "context="}}, Subs: []*Node{
			{Names: []string{"get"}, Read: true},
			{Names: []string{"delete"}, Rules: []Rule{rule}},
			{Names: []string{"exec"}, Runs: &Runs{AfterDashDash: true}},
			{Names: []string{"config"}, Subs: []*Node{{Names: []string{"set"}, Writes: true, Output: []string{"--kubeconfig"}}}},
		}}},
		{Family: "test", Names: []string{"npmish"}, Node: Node{Abbrev: true, Subs: []*Node{
			{Names: []string{"unpublish"}, Rules: []Rule{rule}},
			{Names: []string{"uninstall", "un"}, Writes: true},
			{Names: []string{"ls"}, Read: true, Unless: []string{"--fix"}},
			{Names: []string{"test"}, Read: true, Unless: []string{"--script-shell"}},
		}}},
		{Family: "test", Names: []string{"listish"}, Node: Node{Bare: true, ReadIf: []string{"-l"}}},
		{Family: "test", Names: []string{"uniqish"}, Node: Node{Read: true, OutputOperand: 2, Grammar: Grammar{Short: "f:"}}},
		{Family: "test", Names: []string{"dmesgish"}, Node: Node{Read: true, Unless: []string{"--clear", "--console-level"}}},
		{Family: "test", Names: []string{"runnerish"}, Node: Node{Runs: &Runs{Script: []string{"-c", "--command"}, Only: true}}},
		{Family: "test", Names: []string{"fdish"}, Node: Node{Read: true, Grammar: Grammar{Short: "e:"}, Runs: &Runs{Each: []string{"-x"}, Until: ";"}}},
		{Family: "test", Names: []string{"interp"}, Check: "interpreter"},
	})
}

func TestResolveRedTeam6(t *testing.T) {
	r := redTeamRegistry()
	tests := []struct {
		cmd      string
		paths    []string // the path of every reading, primary first
		verb     string
		readOnly bool
		finding  bool // the delete rule fires
	}{
		// Options the declaration does not list may take a value: the word
		// after them may be that value, and the verb behind it is read too.
		{"kubectlish --kubeconfig /tmp/kc delete pod x", []string{"", "delete"}, "", false, true},
		{"kubectlish --as admin --request-timeout 5s delete pod x", []string{"", "delete"}, "", false, true},
		{"kubectlish --kubeconfig /tmp/kc get pods", []string{"", "get"}, "/tmp/kc", false, false},
		{"kubectlish --namespace prod delete pod x", []string{"delete"}, "", false, true},
		{"kubectlish -n prod get pods", []string{"get"}, "", true, false},
		// A selector before the verb (cargo +nightly yank).
		{"kubectlish +nightly delete x", []string{"", "delete"}, "", false, true},
		// "--" before the verb: npm -- unpublish still runs unpublish.
		{"kubectlish -- delete pod", []string{"", "delete"}, "", false, true},
		// An undeclared verb named like a destroying one, behind an unknown word.
		{"kubectlish --foo bar purge x", []string{"", ""}, "purge", false, false},
		// A pattern in verb position may expand to a declared verb.
		{"kubectlish del* pod x", []string{"", "delete"}, "", false, true},
		{"kubectlish ge? pods", []string{"", "get"}, "", false, false},
		// Declared verbs are not second-guessed.
		{"kubectlish get pods delete", []string{"get"}, "", true, false},
		// A reading verb declared as a leaf, followed at once by a word
		// that destroys: conda env remove, op vault delete.
		{"kubectlish get delete x", []string{"get"}, "delete", false, false},
		{"kubectlish get -o yaml delete", []string{"get"}, "", true, false},
		{"kubectlish get db-purge-job", []string{"get"}, "", true, false},
		// npm accepts any unambiguous prefix of a verb.
		{"npmish unpub left-pad", []string{"unpub"}, "", false, true},
		{"npmish u left-pad", []string{""}, "u", false, false}, // ambiguous: npm refuses it
		{"npmish ls --fi", []string{"ls"}, "", false, false},   // --fi abbreviates the learned --fix
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		p, _ := r.Lookup(f[0])
		inv := p.Resolve(words(strings.Join(f[1:], " ")))
		var paths []string
		for _, rd := range inv.Readings() {
			paths = append(paths, strings.Join(rd.Path, " "))
		}
		fired := false
		for _, fi := range inv.Findings() {
			fired = fired || fi.ID == "destructive_action.test_delete"
		}
		verb := inv.Verb
		if tt.verb == "" && verb != "" && !DestructiveVerb(verb) {
			verb = "" // an undeclared, harmless verb: not what the case is about
		}
		if !slices.Equal(paths, tt.paths) || verb != tt.verb || inv.ReadOnly() != tt.readOnly || fired != tt.finding {
			t.Errorf("%s: paths %q verb %q read-only %v finding %v; want %q %q %v %v", tt.cmd, paths, inv.Verb, inv.ReadOnly(), fired, tt.paths, tt.verb, tt.readOnly, tt.finding)
		}
	}
}

func TestOffsetsRedTeam6(t *testing.T) {
	r := redTeamRegistry()
	p, _ := r.Lookup("kubectlish")
	// Every option's At and ValueAt index the argv given to Resolve, also for
	// options after a subcommand (they were left relative to it).
	args := words("-n prod config set x --kubeconfig out.yaml")
	inv := p.Resolve(args)
	outs := inv.Outputs()
	if len(outs) != 1 || args[outs[0].ValueAt].Text != "out.yaml" || args[outs[0].At].Text != "--kubeconfig" {
		t.Fatalf("outputs %+v", outs)
	}
	for _, o := range inv.Scan.Opts {
		if o.At < 0 || o.ValueAt < o.At || o.ValueAt >= len(args) {
			t.Errorf("option %+v out of range", o)
		}
	}
	n, _ := inv.Scan.Value("-n")
	if args[n.ValueAt].Text != "prod" {
		t.Errorf("-n value at %d", n.ValueAt)
	}
}

func TestHelpRedTeam6(t *testing.T) {
	r := New(redTeamRegistry().Programs(), []*Program{
		{Family: "test", Names: []string{"sortish"}, Node: Node{Read: true, Grammar: Grammar{Short: "o:t:"}, Output: []string{"-o"}}},
		{Family: "test", Names: []string{"dockerish"}, Check: "go"},
		{Family: "test", Names: []string{"hostish"}, Node: Node{Grammar: Grammar{Short: "h:"}}},
		{Family: "test", Names: []string{"makeish"}, Node: Node{Subs: []*Node{{Names: []string{"*"}, Writes: true}}}},
	})
	tests := []struct {
		cmd  string
		help bool
	}{
		{"kubectlish --help", true},
		{"kubectlish delete --help", true},
		{"kubectlish delete -h", true},
		{"kubectlish delete pod x --help", false}, // an operand: not only help
		{"kubectlish frob --help", true},          // an undeclared verb alone
		{"dockerish run --help", true},
		{"dockerish run alpine --help", false}, // runs alpine with --help
		{"interp --help", true},
		{"interp evil.js --help", false}, // runs evil.js
		{"interp evil.js -h", false},
		{"sortish -o out -h", false}, // -o writes out
		{"sortish -o --help", false}, // --help is -o's value
		{"sortish -t -h", false},     // -h is -t's value
		{"kubectlish delete -- --help", false},
		{"kubectlish delete $X --help", false},
		{"hostish -h db.example.com", false}, // -h is the host
		{"hostish -h", false},
		{"kubectlish help", true},
		{"kubectlish version", true},
		{"kubectlish exec --help", true},
		{"kubectlish exec pod --help", false},
		{"makeish help", false}, // the Makefile's target named help runs
		{"makeish --help", true},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		p, ok := r.Lookup(f[0])
		if !ok {
			t.Fatalf("%s not declared", f[0])
		}
		w := words(strings.Join(f[1:], " "))
		inv := p.Resolve(w)
		if got := inv.Help(w); got != tt.help {
			t.Errorf("%s: help %v, want %v", tt.cmd, got, tt.help)
		}
	}
	// Help prints the help: the verb's findings do not fire.
	p, _ := r.Lookup("kubectlish")
	help := p.Resolve(words("delete --help"))
	if f := help.Findings(); len(f) != 0 {
		t.Errorf("delete --help: findings %v", f)
	}
	notHelp := p.Resolve(words("delete pod --help"))
	if f := notHelp.Findings(); len(f) != 1 {
		t.Errorf("delete pod --help: findings %v", f)
	}
}

func TestReadOnlyRedTeam6(t *testing.T) {
	r := redTeamRegistry()
	tests := []struct {
		cmd      string
		readOnly bool
		outputs  []string
	}{
		{"listish", true, nil},
		{"listish -l", true, nil},
		{"listish -l /dev/sdb1 /mnt", false, nil}, // mount -l DEV DIR mounts
		{"uniqish -f 1 in", true, nil},
		{"uniqish in out", false, []string{"out"}},
		{"uniqish -f 1 in out", false, []string{"out"}},
		{"uniqish $X", false, nil},
		{"dmesgish", true, nil},
		// Arguments passed through "--" to a script: paths outside the
		// project may be written by its unknown options.
		{"npmish test -- --coverage src/a.js", true, nil},
		{"npmish test -- -o /home/u/.bashrc", false, nil},
		{"npmish test -- --outputFile=/tmp/x", false, nil},
		{"npmish test -- --out ../x", false, nil},
		{"npmish test -- --script-shell=x", false, nil},
		{"dmesgish --clea", false, nil}, // abbreviation of the learned --clear
		{"dmesgish --console-l 1", false, nil},
		{"fdish -e go -x rm", false, nil},
		{"fdish pattern dir -x rm", false, nil}, // options after operands (not a Posix runner)
		{"fdish pattern dir", true, nil},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		p, _ := r.Lookup(f[0])
		args := words(strings.Join(f[1:], " "))
		inv := p.Resolve(args)
		var outs []string
		for _, o := range inv.Outputs() {
			outs = append(outs, o.Value)
		}
		if inv.ReadOnly() != tt.readOnly || !slices.Equal(outs, tt.outputs) {
			t.Errorf("%s: read-only %v outputs %q, want %v %q", tt.cmd, inv.ReadOnly(), outs, tt.readOnly, tt.outputs)
		}
	}
	// A value letter named only by Runs.Script is learned: runnerish -c SCRIPT.
	p, _ := r.Lookup("runnerish")
	args := words("tool -c script")
	inv := p.Resolve(args)
	if o, ok := inv.Scan.Value("-c"); !ok || o.Value != "script" {
		t.Errorf("runnerish -c: %+v", inv.Scan.Opts)
	}
}

func TestResolveBoundedRedTeam6(t *testing.T) {
	r := redTeamRegistry()
	p, _ := r.Lookup("kubectlish")
	// Unknown words, patterns and "--" in verb position must not multiply the
	// readings: a long argv of them is read in linear time.
	var b strings.Builder
	for i := range 20000 {
		b.WriteString([]string{"--x y ", "* ", "-- ", "+t ", "?e? "}[i%5])
	}
	args := words(b.String())
	inv := p.Resolve(args)
	if n := len(inv.Readings()); n > 1+maxSkips+maxGlobVerbs {
		t.Errorf("%d readings", n)
	}
}
