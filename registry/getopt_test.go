package registry

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestScanAgainstGetopt compares the scanner with util-linux getopt(1), which
// is getopt_long itself, on random argv that getopt accepts: the same options
// with the same values, and the same operands in the same order.
func TestScanAgainstGetopt(t *testing.T) {
	if _, err := exec.LookPath("getopt"); err != nil {
		t.Skip("no getopt(1)")
	}
	g := Grammar{Short: "o:l::vrn", Long: []string{"output=", "color=?", "verbose", "version", "recursive", "level=", "dry-run"}}
	alphabet := []string{"-", "--", "-o", "-ofile", "-v", "-vo", "-rvo", "-l", "-l5", "-vl9", "-rn", "--out", "--output=f",
		"--col", "--color=x", "--verbose", "--vers", "--rec", "--lev", "--level=3", "--dry", "--dry-run", "x", "y", "-o=z", "--o"}
	rng := rand.New(rand.NewPCG(6, 6))
	compared := 0
	for range 1000 {
		n := 1 + rng.IntN(7)
		argv := make([]string, n)
		for i := range argv {
			argv[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cmd := exec.Command("getopt", append([]string{"-o", "o:l::vrn", "-l", "output:,color::,verbose,version,recursive,level:,dry-run", "--"}, argv...)...)
		cmd.Env = []string{} // no GETOPT_COMPATIBLE, no POSIXLY_CORRECT
		out, err := cmd.Output()
		if err != nil {
			continue // getopt refuses it (ambiguous, unknown, missing value): the program would too
		}
		want := getoptWords(string(out))
		var words []Word
		for _, a := range argv {
			words = append(words, Word{Text: a})
		}
		s := g.Scan(words)
		var got []string
		for _, o := range s.Opts {
			got = append(got, o.Name)
			if o.HasValue || o.Name == "--color" || o.Name == "-l" {
				got = append(got, o.Value)
			}
		}
		got = append(got, "--")
		for _, i := range s.Operands {
			got = append(got, argv[i])
		}
		compared++
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%q: scanner %q, getopt %q", argv, got, want)
		}
	}
	t.Logf("%d argv compared with getopt(1)", compared)
	if compared < 50 {
		t.Errorf("only %d argv compared", compared)
	}
}

// getoptWords splits getopt(1)'s output: words, some in single quotes.
func getoptWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.TrimSpace(s)) {
		out = append(out, strings.Trim(f, "'"))
	}
	return out
}
