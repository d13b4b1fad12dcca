package registry

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
)

func describe(targets []Target) []string {
	var out []string
	for _, t := range targets {
		s := fmt.Sprintf("%s %s", t.Act, t.Value)
		if t.Into {
			s += " (into)"
		}
		if t.URLName {
			s += " (its name)"
		}
		if t.Dir != nil {
			s += " in " + t.Dir.Value
		}
		out = append(out, s)
	}
	return out
}

func TestEffects(t *testing.T) {
	r := Default()
	cases := []struct {
		line string
		want []string
	}{
		{"cp a b dest", []string{"writes dest", "reads a", "reads b"}},
		{"cp -t dir a b", []string{"writes dir (into)", "reads a", "reads b"}},
		{"cp --target-directory=dir a", []string{"writes dir (into)", "reads a"}},
		{"cp only", nil},
		{"mv a b", []string{"writes b", "moves a"}},
		{"install -d x y", []string{"writes x", "writes y"}},
		{"tee a b", []string{"writes a", "writes b"}},
		{"tee -a log", []string{"appends log"}},
		{"tar czf out.tgz --remove-files src", []string{"deletes recursively src"}},
		{"tar -czf out.tgz --remove-files src", []string{"deletes recursively src"}},
		{"tar $OPTS src", []string{"deletes recursively $OPTS", "deletes recursively src"}}, // a dynamic word may be --remove-files, or a file
		{"tar -cf out.tar src", nil},
		{"zip -m a.zip x y", []string{"writes a.zip", "reads x", "reads y", "deletes x", "deletes y"}},
		{"zip -rm a.zip x", []string{"writes a.zip", "reads x", "deletes recursively x"}},
		{"script -q log -c true", []string{"writes log"}},
		{"script -a log", []string{"appends log"}},
		{"rsync -a --remove-source-files a b /dest", []string{"writes /dest", "reads a", "reads b", "deletes a", "deletes b"}},
		{"parallel --joblog jobs.log echo ::: a", []string{"writes jobs.log"}},
		{"systemd-run --user --setenv=A=1 -E B=2 true", []string{"sets A=1", "sets B=2"}},
		{"xargs -a list echo", []string{"reads list"}},
		{"sort -o out in", []string{"writes out"}},
		{"uniq in out", []string{"writes out"}},
		{"time -o t.log ls", []string{"writes t.log"}},
		{"curl -sSo out -T up.txt https://x", []string{"writes out", "sends up.txt"}},
		{"curl --upload-fi up.txt -d@.env --expand-data @k https://x", []string{"sends up.txt", "sends @.env", "sends @k"}},
		{"curl --output-dir d -O https://x/f", []string{"writes https://x/f (its name) in d", "writes d (into)"}},
		{"curl --output-dir=d -o f https://x/", []string{"writes f in d", "writes d (into)"}},
		{"aria2c -d dir -o name https://x/", []string{"writes name in dir", "writes dir (into)"}},
		{"aria2c https://x/f.iso", []string{"writes https://x/f.iso (its name)"}},
		{"wget -P dir https://x/f", []string{"writes dir (into)", "writes https://x/f (its name) in dir"}},
		{"wget -O out https://x/f", []string{"writes out"}},
		{"wget -qO- --post-file=body https://x", []string{"writes -", "sends body"}},
		{"nc -lvnp 4444 -e /bin/sh", []string{"runs /bin/sh"}},
		{"gh gist create -d desc a b", []string{"sends a", "sends b"}},
		{"http POST https://x f@body", []string{"sends https://x", "sends f@body"}},
		{"systemctl --user set-environment A=1 B=2", []string{"sets A=1", "sets B=2"}},
		{"tmux setenv -t s NAME value", []string{"sets NAME"}},
		{"set -gx NAME value", []string{"sets NAME"}},
		{"set -o pipefail", nil},
		{"env -C dir -u X cmd", []string{"works in dir"}},
		{"sudo -D /srv ls", []string{"works in /srv"}},
		{"systemd-run --same-dir --working-directory=/x true", nil},
		{"aws s3api put-object --bucket b --key k --body f", []string{"sends f"}},
		{"aws s3api get-object --bucket b --key k out --range bytes=0-1", []string{"writes out"}},
		{"az storage blob download -f out -c c", []string{"writes out"}},
		{"oci os object put -bn b --file f", []string{"sends f"}},
	}
	for _, c := range cases {
		name, rest, _ := strings.Cut(c.line, " ")
		p, ok := r.Lookup(name)
		if !ok {
			t.Fatalf("%s is not declared", name)
		}
		inv := p.Resolve(words(rest))
		if got := describe(inv.Effects()); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got  %q\n want %q", c.line, got, c.want)
		}
	}
}

func TestPick(t *testing.T) {
	ops := []int{3, 5, 7}
	cases := map[string][]int{"all": {3, 5, 7}, "last": {7}, "init": {3, 5}, "rest": {5, 7}, "1": {3}, "2-": {5, 7}, "4": nil, "0": nil, "x": nil, "": nil}
	for spec, want := range cases {
		if got := pick(spec, ops, 0); !slices.Equal(got, want) {
			t.Errorf("pick(%q) = %v, want %v", spec, got, want)
		}
	}
	if got := pick("last", ops[:1], 2); got != nil {
		t.Errorf("pick with fewer operands than Min = %v", got)
	}
}

func TestClasses(t *testing.T) {
	r := Default()
	cases := []struct {
		line string
		want []effect.Class
	}{
		{"cp a b", []effect.Class{effect.FilesystemRead, effect.FilesystemWrite}},
		{"mv a b", []effect.Class{effect.FilesystemWrite, effect.FilesystemDelete}},
		{"kubectl get pods", []effect.Class{effect.RemoteRead}},
		{"kubectl delete pod x", []effect.Class{effect.RemoteDestroy}},
		{"kubectl apply -f x.yaml", []effect.Class{effect.RemoteWrite}},
	}
	for _, c := range cases {
		name, rest, _ := strings.Cut(c.line, " ")
		p, _ := r.Lookup(name)
		inv := p.Resolve(words(rest))
		if got := inv.Classes().Classes(); !slices.Equal(got, c.want) {
			t.Errorf("%s: classes %v, want %v", c.line, got, c.want)
		}
	}
}

// TestEffectOptionsInGrammar: every option an effect names is read by the
// verb's grammar, so its abbreviations and attached values are found.
func TestEffectOptionsInGrammar(t *testing.T) {
	for _, p := range Default().Programs() {
		p.Node.any(func(n *Node) bool {
			g := n.grammar()
			for _, e := range n.Effects {
				for _, o := range e.Opts {
					if !g.declares(o) {
						t.Errorf("%s: effect option %s is not in the grammar", p.Names[0], o)
					}
				}
			}
			return false
		})
	}
}
