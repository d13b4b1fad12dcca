package registry

import (
	"slices"
	"strings"
	"testing"
)

func words(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		out = append(out, Word{Text: f, Dynamic: strings.HasPrefix(f, "$")})
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
		{"go test ./...", "test", true},
		{"go test -o x ./...", "test", false},
		{"go -C dir list ./...", "list", true},
		{"go build ./...", "build", false},
		{"npm run test", "run test", true},
		{"npm run build", "run *", false},
		{"npm ls --depth=0", "ls", true},
		{"sort -o out f", "", false},
		{"sort -k2 f", "", true},
		{"sort $X f", "", false}, // $X may be -o FILE
		{"cargo tree", "tree", true},
		{"cargo $SUB", "", false},
		{"set", "", true},
		{"set -e", "", false},
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
	for _, w := range []string{"delete", "destroy", "apps:destroy", "delete-bucket", "terminate-instances", "db-drop", "rm", "prune"} {
		if !DestructiveVerb(w) {
			t.Errorf("%s should be destructive", w)
		}
	}
	for _, w := range []string{"list", "get", "describe", "deleted", "status", "apply", "create"} {
		if DestructiveVerb(w) {
			t.Errorf("%s should not be destructive", w)
		}
	}
}
