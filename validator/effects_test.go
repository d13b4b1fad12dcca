package validator

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/shellparse"
)

// TestCommandClasses judges testdata/effects/classes.txt: the effect classes
// of common commands, and of the spellings that try to hide them, one line
// per command line: what a user's [actions] policy sees.
func TestCommandClasses(t *testing.T) {
	f, err := os.Open("../testdata/effects/classes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, cases := 0, 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, command, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("classes.txt:%d: no tab", n)
		}
		cases++
		a := New(corpusEnv).CheckScript(command)
		var got []string
		for _, rec := range a.Commands {
			got = append(got, classList(rec.Effects))
		}
		if g := strings.Join(got, " | "); g != normalizeClasses(want) {
			t.Errorf("classes.txt:%d: %s: classes %q, want %q", n, command, g, normalizeClasses(want))
		}
	}
	if cases < 40 {
		t.Errorf("only %d cases in classes.txt", cases)
	}
}

// classList writes a set's classes, comma-separated, in the documented order.
func classList(s effect.Set) string {
	var names []string
	for _, c := range s.Classes() {
		names = append(names, string(c))
	}
	return strings.Join(names, ",")
}

// normalizeClasses puts each command's classes of want in the documented
// order.
func normalizeClasses(want string) string {
	parts := strings.Split(want, " | ")
	for i, p := range parts {
		var s effect.Set
		for _, name := range strings.Split(p, ",") {
			if name == "-" {
				continue
			}
			c, err := effect.Parse(name)
			if err != nil {
				return "bad test: " + err.Error()
			}
			s = s.Add(c)
		}
		parts[i] = classList(s)
	}
	return strings.Join(parts, " | ")
}

// TestReadOnlyReadsOnly: over the whole corpus, a read-only command's
// classes are filesystem_read, or what changes the shell's own state for
// what follows (cd, export, a prefix assignment), the network or a remote
// resource they only read; and the commands that change things with no class
// are counted, so their number only falls.
func TestReadOnlyReadsOnly(t *testing.T) {
	allowedRO := effect.Set(0).Add(effect.FilesystemRead).Add(effect.DirectoryChange).Add(effect.EnvironmentChange).
		Add(effect.NetworkInbound).Add(effect.RemoteRead)
	// maxClasslessShare is the largest share of the corpus's commands that
	// change things, with no finding, that no class describes yet (builtins
	// such as trap and set, Go-judged programs such as crontab, tar -x,
	// pacman): a share, since the corpus grows; lower it as declarations say
	// more.
	const maxClasslessShare = 0.16
	changing := 0
	classless := 0
	for _, c := range loadCorpus(t) {
		a := New(corpusEnv).CheckScript(c.command)
		for _, rec := range a.Commands {
			if rec.ReadOnly && rec.Effects&^allowedRO != 0 {
				t.Errorf("%s: read-only %q has classes %s", c, rec.Command.Source, classList(rec.Effects))
			}
			if rec.ReadOnly && rec.Effects == 0 {
				t.Errorf("%s: read-only %q has no class", c, rec.Command.Source)
			}
			if !rec.ReadOnly && len(rec.Findings) == 0 {
				changing++
				if rec.Effects == 0 {
					classless++
				}
			}
		}
	}
	if share := float64(classless) / float64(max(changing, 1)); share > maxClasslessShare {
		t.Errorf("%d of %d commands that change things have no class (%.3f), more than %.2f", classless, changing, share, maxClasslessShare)
	}
	t.Logf("%d of %d commands that change things have no class", classless, changing)
}

func TestGlobRefsWord(t *testing.T) {
	for in, want := range map[string]string{`/opt/#1`: `/opt/*`, `a#12b#3`: `a*b*`, `#`: `#`, `a#b`: `a#b`, `x/#1#2.html`: `x/**.html`} {
		w := globRefsWord(shellparse.Word{Text: in, Static: true})
		if w.Text != want || w.Glob != (want != in) {
			t.Errorf("globRefsWord(%q) = %q (glob %v), want %q", in, w.Text, w.Glob, want)
		}
	}
}
