package registry

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// preferScanText renders a scan as "NAME[=VALUE][~] … | operand …", ~ marking an
// abbreviated long option.
func preferScanText(args []string, s Scan) string {
	var parts []string
	for _, o := range s.Opts {
		p := o.Name
		if o.HasValue {
			p += "=" + o.Value
		}
		if o.Abbreviated {
			p += "~"
		}
		parts = append(parts, p)
	}
	parts = append(parts, "|")
	for _, i := range s.Operands {
		parts = append(parts, args[i])
	}
	return strings.Join(parts, " ")
}

func textWords(args []string) []Word {
	words := make([]Word, len(args))
	for i, a := range args {
		words[i] = Word{Text: a, Dynamic: strings.HasPrefix(a, "$")}
	}
	return words
}

// TestPrefer checks that an ambiguous abbreviation is read as the first
// Prefer name it matches, that an unambiguous one and an exact name are not
// changed by Prefer, and that Abbreviated marks a name written as a prefix.
func TestPrefer(t *testing.T) {
	prefer := Grammar{Short: "hn:", Long: []string{"config=", "cycle", "profile=", "print-config", "prompt-timeout=", "mode=", "fail-closed"},
		Prefer: []string{"config", "profile", "mode", "fail-closed"}}
	plain := prefer
	plain.Prefer = nil
	exact := prefer
	exact.Exact = true
	for _, tt := range []struct {
		g    Grammar
		args []string
		want string
	}{
		{prefer, []string{"--c", "x", "y"}, "--config=x~ | y"},
		{prefer, []string{"--cy", "x"}, "--cycle~ | x"},
		{prefer, []string{"--cycle", "x"}, "--cycle | x"},
		{prefer, []string{"--config", "x"}, "--config=x |"},
		{prefer, []string{"--p=v", "x"}, "--profile=v~ | x"},
		{prefer, []string{"--pr", "v"}, "--profile=v~ |"},
		{prefer, []string{"--pri", "x"}, "--print-config~ | x"},
		{prefer, []string{"--prom", "5", "x"}, "--prompt-timeout=5~ | x"},
		{prefer, []string{"--f", "x"}, "--fail-closed~ | x"},
		{prefer, []string{"--f=0", "x"}, "--fail-closed=0~ | x"},
		{prefer, []string{"--zz", "x"}, "--zz | x"},
		{prefer, []string{"--c"}, "--config~ |"},
		{prefer, []string{"-hn5", "--m", "auto"}, "-h -n=5 --mode=auto~ |"},
		// Without Prefer, the first match that takes a value.
		{plain, []string{"--c", "x", "y"}, "--config=x~ | y"},
		{plain, []string{"--p", "x", "y"}, "--profile=x~ | y"},
		{plain, []string{"--pr", "x"}, "--profile=x~ |"},
		// Exact takes no abbreviation, preferred or not.
		{exact, []string{"--c", "x"}, "--c | x"},
		{exact, []string{"--config", "x"}, "--config=x |"},
	} {
		if got := preferScanText(tt.args, tt.g.Scan(textWords(tt.args))); got != tt.want {
			t.Errorf("Prefer %q %q: %q, want %q", tt.g.Prefer, tt.args, got, tt.want)
		}
	}
}

// TestPreferDash checks Abbreviated and Prefer in a Dash grammar that takes
// abbreviations (getopt_long_only).
func TestPreferDash(t *testing.T) {
	g := Grammar{Dash: true, DashAbbrev: true, Long: []string{"eval-command=", "exec=", "batch"}, Prefer: []string{"exec"}}
	for args, want := range map[string]string{
		"-e x y":      "-exec=x~ | y",
		"-ev x":       "-eval-command=x~ |",
		"-batch x":    "-batch | x",
		"-b x":        "-batch~ | x",
		"--exec=x y":  "-exec=x | y",
		"-zz x":       "-zz | x",
		"-eval-com=c": "-eval-command=c~ |",
	} {
		a := strings.Fields(args)
		if got := preferScanText(a, g.Scan(textWords(a))); got != want {
			t.Errorf("%q: %q, want %q", args, got, want)
		}
	}
}

// TestScanHead checks that ScanHead finds the options Scan finds, and the
// same Stop and DashDash, but lists no operand from a Posix scan's Stop on.
func TestScanHead(t *testing.T) {
	posix := Grammar{Posix: true, Short: "iu:S:"}
	free := Grammar{Short: "iu:S:"}
	for _, tt := range []struct {
		g        Grammar
		args     string
		operands []int
	}{
		{posix, "-i A=1 -u X rm", nil},
		{posix, "$O -i rm -u", []int{0}},
		{posix, "-i -- rm x", nil},
		{posix, "$A $B -- rm", []int{0, 1}},
		{posix, "-S", nil},
		{posix, "", nil},
		{free, "a -i b -- c", []int{0, 2}},
	} {
		args := strings.Fields(tt.args)
		words := textWords(args)
		head, full := tt.g.ScanHead(words), tt.g.Scan(words)
		if !slices.Equal(head.Operands, tt.operands) || head.Stop != full.Stop || head.DashDash != full.DashDash ||
			fmt.Sprint(head.Opts) != fmt.Sprint(full.Opts) || head.Unknown != full.Unknown {
			t.Errorf("ScanHead(%q) = %+v, Scan = %+v, want operands %v", tt.args, head, full, tt.operands)
		}
	}
}

// TestPermgateGrammar checks permgate's declared grammars: options anywhere
// on its own command line, and for exec, check and guard up to the command.
func TestPermgateGrammar(t *testing.T) {
	for _, tt := range []struct {
		name, args, want string
	}{
		{"permgate", "--c /c mode bypass", "--config=/c~ | mode bypass"},
		{"permgate", "mode --m=auto bypass -hn 5", "--mode=auto~ -h -n=5 | mode bypass"},
		{"permgate", "log --js -n5", "--json~ -n=5 | log"},
		{"permgate", "--fail-closed=false exec x", "--fail-closed=false | exec x"},
		{"permgate exec", "--mode auto rm -rf x", "--mode=auto | rm -rf x"},
		{"permgate exec", "--p p -- rm -n x", "--profile=p~ | rm -n x"},
		{"permgate exec", "-n", "-n |"},
	} {
		g, ok := Unwrapped(tt.name)
		if !ok {
			t.Fatalf("Unwrapped(%q): none", tt.name)
		}
		args := strings.Fields(tt.args)
		if got := preferScanText(args, g.Scan(textWords(args))); got != tt.want {
			t.Errorf("%s %q: %q, want %q", tt.name, tt.args, got, tt.want)
		}
	}
}
