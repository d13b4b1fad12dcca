package registry

import "testing"

// TestUnwrapped checks the grammars of the wrappers the parser unwraps with
// semantics of its own: where their options stop and the command starts.
func TestUnwrapped(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		first int // index of the first operand, -1 for none
		opt   string
	}{
		{"ld.so", []string{"--library-path", "/l", "--list", "/bin/rm"}, 3, "--list"},
		{"ld.so", []string{"--", "/bin/rm"}, 1, ""},
		{"watch", []string{"-xn", "1", "rm"}, 2, "-x"},
		{"watch", []string{"--int", "2", "rm"}, 2, "--interval"},
		{"screen", []string{"-dmS", "s", "rm"}, 2, "-S"},
		{"screen", []string{"-Logfile", "f", "-X", "stuff", "x"}, 3, "-X"},
		{"tmux", []string{"-uc", "rm x"}, -1, "-c"},
		{"tmux", []string{"-L", "sock", "new"}, 2, "-L"},
		{"su", []string{"root", "-lc", "rm x"}, 0, "-c"},
		{"multicall", []string{"--coreutils-prog=rm", "-rf"}, -1, "--coreutils-prog"},
		{"multicall", []string{"rm", "-rf"}, 0, ""},
		{"shell", []string{"-xo", "pipefail", "-c", "rm x"}, 3, "-c"},
		{"shell", []string{"-oO", "pipefail", "extglob", "x.sh"}, 3, "-O"},
		{"shell", []string{"+O", "extglob", "+c", "rm x"}, 3, "+c"},
		{"shell", []string{"--rcfile", "rc", "-s"}, -1, "-s"},
		{"shell", []string{"-rcfile", "rc", "x.sh"}, 2, "-rcfile"},
		{"shell", []string{"-login", "-c", "rm x"}, 2, "-c"},
		{"shell", []string{"--", "-c", "rm x"}, 1, ""},
		{"shell", []string{"x.sh", "-c", "rm x"}, 0, ""},
		{"zsh", []string{"-oerrexit", "-c", "rm x"}, 2, "-c"},
		{"zsh", []string{"-xo", "errexit", "+O", "x.sh"}, 3, "+O"},
	} {
		g, ok := Unwrapped(tt.name)
		if !ok {
			t.Fatalf("Unwrapped(%q): none", tt.name)
		}
		words := make([]Word, len(tt.args))
		for i, a := range tt.args {
			words[i] = Word{Text: a}
		}
		sc := g.Scan(words)
		first := -1
		if len(sc.Operands) > 0 {
			first = sc.Operands[0]
		}
		if first != tt.first || tt.opt != "" && !sc.Has(tt.opt) {
			t.Errorf("%s %q: first operand %d (want %d), options %+v (want %s)", tt.name, tt.args, first, tt.first, sc.Opts, tt.opt)
		}
	}
	if _, ok := Unwrapped("sudo"); ok {
		t.Error("sudo is declared among the programs, not here")
	}
}
