package shellparse

import (
	"slices"
	"strings"
	"testing"
)

// TestRegistryRunnerRedTeam6 checks what the runner step of the sixth
// red-team round unwraps: commands behind option values, patterns and
// packages, and the programs that find names and run a command on them.
func TestRegistryRunnerRedTeam6(t *testing.T) {
	tests := []struct {
		src  string
		want []string // every command's argv, space-joined
	}{
		// -c's value was read at the wrong index after a subcommand.
		{"nix develop -c rm -rf x", []string{"rm -rf x"}},
		{"nix develop .#dev -c rm -rf x", []string{"rm -rf x"}},
		{"mise exec node@20 -c 'rm x'", []string{"rm x"}},
		{"mise exec node@20 -- rm x", []string{"rm x"}},
		// The runner verb behind an option the declaration does not list;
		// the word in front of it may also be the verb (an unknown command).
		{"op --account a run -- rm x", []string{"a run -- rm x", "rm x"}},
		// Packages with a version or scope, and programs that are rm -rf.
		{"npx rimraf@5 x", []string{"rm -rf -- x"}},
		{"npx -y @scope/rimraf@1 x y", []string{"rm -rf -- x y"}},
		{"rimraf -v $X dist", []string{"rm -rf -- $X dist"}},
		// fd -x: the found names are placeholders.
		{"fd -e go -x rm", []string{"find . -name *.go -exec rm {} ;", "rm {}"}},
		{"fd -H pat ~/src /tmp -X rm -rf", []string{"find /home/user/src /tmp -regex pat -exec rm -rf {} ;", "rm -rf {}"}},
		{"fd --base-directory /srv -x rm {/}", []string{"find /srv -exec rm {} ;", "rm {}"}},
		{"fd --search-path a --search-path=b -x rm", []string{"find a b -exec rm {} ;", "rm {}"}},
		{`fd . dir --exec=rm -f {} \; -H`, []string{"find dir -exec rm -f {} ;", "rm -f {}"}},
		{"fd -x", []string{"fd -x"}},
		// Every operand (and --prepare, --cleanup …) is a script; files the
		// program exports are written by it.
		{"hyperfine -p 'make' 'rm x' --export-json out.json", []string{":", "make", "rm x"}},
		{"entr -s 'rm x; ls'", []string{"ls", "rm x"}},
		{"entr rm x", []string{"rm x"}},
		{"chokidar 'src/**' -c 'rm x'", []string{"rm x"}},
		// sg GROUP 'CMD' runs CMD in a shell.
		{"sg wheel 'rm -rf x; ls'", []string{"ls", "rm -rf x"}},
	}
	p := NewParser(Options{Home: "/home/user"})
	for _, tt := range tests {
		res := p.ParseScript(tt.src)
		var got []string
		for _, c := range res.Commands {
			var ws []string
			for _, w := range c.Argv {
				ws = append(ws, w.Text)
			}
			got = append(got, strings.Join(ws, " "))
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: commands %q, want %q", tt.src, got, tt.want)
		}
	}
}

// FuzzRegistryStep unwraps random argv with every runner the registry
// declares: no panic, and the wrapped command is a suffix-sized slice.
func FuzzRegistryStep(f *testing.F) {
	f.Add("-c 'x' -- y", uint8(0))
	f.Add("--account a run -- rm -rf x", uint8(3))
	f.Add(". ~ -x rm {} ; -H --search-path=a --base-directory", uint8(9))
	f.Add("rimraf@5 x -- y", uint8(1))
	var runners []string
	for _, p := range programs.Get().Programs() {
		if p.RunsCommands() {
			runners = append(runners, p.Names...)
		}
	}
	f.Fuzz(func(t *testing.T, src string, pick uint8) {
		if len(src) > 2000 {
			return
		}
		name := runners[int(pick)%len(runners)]
		prog, _ := programs.Get().Lookup(name)
		argv := []Word{{Text: name, Static: true}}
		for _, w := range strings.Fields(src) {
			argv = append(argv, Word{Text: w, Static: !strings.Contains(w, "$"), Glob: strings.Contains(w, "*")})
		}
		st := registryStep(name, prog, argv)
		if st.kind == stepWrap && len(st.rest) == 0 {
			t.Fatalf("%s %q: empty command", name, src)
		}
		if st.used < 0 || st.dynAt < 0 {
			t.Fatalf("%s %q: used %d dynAt %d", name, src, st.used, st.dynAt)
		}
		NewParser(Options{Home: "/home/u"}).ParseScript(name + " " + src)
	})
}
