package shellparse

import (
	"slices"
	"strings"
	"testing"
)

// unwrappedCommands parses src and returns every command's argv,
// space-joined, sorted; a command whose script is opaque is written
// "opaque:" and the script's text.
func unwrappedCommands(src string) []string {
	p := NewParser(Options{Home: "/home/user"})
	res := p.ParseScript(src)
	var got []string
	for _, c := range res.Commands {
		if c.Script != nil {
			got = append(got, "opaque:"+c.Script.Word.Text)
		}
		var ws []string
		for _, w := range c.Argv {
			ws = append(ws, w.Text)
		}
		got = append(got, strings.Join(ws, " "))
	}
	slices.Sort(got)
	return slices.Compact(got)
}

// TestFindExpressionUnwrap checks the commands find's expression runs, read
// with its declared expression grammar.
func TestFindExpressionUnwrap(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`find . -name x -exec rm {} \;`, []string{"find . -name x -exec rm {} ;", "rm {}"}},
		{`find . -exec rm {} + -exec ls {} \;`, []string{"find . -exec rm {} + -exec ls {} ;", "ls {}", "rm {}"}},
		// -name's value is not an action
		{`find . -name -exec rm {} \;`, []string{"find . -name -exec rm {} ;"}},
		// an undeclared primary never hides an action after it
		{`find . -foo -exec rm {} \;`, []string{"find . -foo -exec rm {} ;", "rm {}"}},
		{`find . -foo bar -okdir rm {} \;`, []string{"find . -foo bar -okdir rm {} ;", "rm {}"}},
		// -fprintf takes two values: FORMAT is not -exec's
		{`find . -fprintf out -exec -exec rm {} \;`, []string{"find . -fprintf out -exec -exec rm {} ;", "rm {}"}},
		{`find -L . -execdir sh -c 'rm x' \;`, []string{"find -L . -execdir sh -c rm x ;", "rm x"}},
		{`find . -exec "$cmd" {} \;`, []string{"$cmd {}", "find . -exec $cmd {} ;"}},
	}
	for _, tt := range tests {
		if got := unwrappedCommands(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%s: commands %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestFindPrimaries checks FindPrimaries' reading of names and values.
func TestFindPrimaries(t *testing.T) {
	tests := []struct {
		args []Word
		want string
	}{
		{[]Word{staticWord("."), staticWord("-name"), staticWord("x"), staticWord("-delete")}, ". -name=x -delete"},
		{[]Word{staticWord("."), staticWord("-foo"), staticWord("-delete")}, ". -foo -delete"},
		{[]Word{staticWord("."), staticWord("-foo"), {Text: "$x"}, staticWord("-print")}, ". -foo ? -print"},
		{[]Word{{Text: "src*", Glob: true}, staticWord("-name"), {Text: "$n"}}, "? -name=$n"},
		{[]Word{staticWord("-fprintf"), staticWord("f"), staticWord("%p")}, "-fprintf=f"},
		{[]Word{staticWord("-exec"), staticWord("rm"), staticWord("{}"), staticWord("+")}, "-exec[rm {}]"},
	}
	for _, tt := range tests {
		var parts []string
		for _, p := range FindPrimaries(tt.args) {
			s := p.Name
			switch {
			case len(p.Exec) > 0:
				var ws []string
				for _, w := range p.Exec {
					ws = append(ws, w.Text)
				}
				s += "[" + strings.Join(ws, " ") + "]"
			case p.Value != "":
				s += "=" + p.Value
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%v: got %q, want %q", tt.args, got, tt.want)
		}
	}
}
