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

// TestTmuxCommands checks the scripts tmux's commands run, each command read
// with its declared grammar: option values are not scripts, shell-command
// operands, keys and if-shell's tmux commands are.
func TestTmuxCommands(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`tmux new -d -s work 'rm -rf ~'`, []string{"rm -rf /home/user"}},
		{`tmux new-session -n rm -- ls`, []string{"ls"}},
		{`tmux send-keys -t 0 'rm -rf ~' Enter`, []string{"rm -rf /home/user"}},
		{`tmux send -N 3 -t main:1 y C-m`, []string{"y"}},
		// keys typed one after the other make one line
		{`tmux send-keys 'rm -rf ' '~' Enter`, []string{"/home/user", "rm -rf", "rm -rf /home/user"}},
		{`tmux run-shell -c /tmp 'rm x'`, []string{"cd /tmp", "rm x"}},
		{`tmux run -b -d 5 -t 0 'rm x'`, []string{"rm x"}},
		// run-shell -C runs a tmux command (and is read as a script too)
		{`tmux run-shell -C 'new-window "rm x"'`, []string{"new-window rm x", "rm x"}},
		// if-shell's commands are tmux commands, which may run a shell
		{`tmux if-shell 'true' 'run-shell "rm -rf ~"'`, []string{"rm -rf /home/user", "true"}},
		{`tmux if -F -t 0 '#{x}' 'send q' 'neww "rm y"'`, []string{"q", "rm y"}},
		{`tmux confirm-before -p ok 'kill-server'`, []string{"tmux kill-server"}},
		{`tmux new \; send 'rm -rf ~' C-m`, []string{"rm -rf /home/user"}},
		{`tmux new\; send 'rm -rf ~;'`, []string{"rm -rf /home/user"}},
		{`tmux new -d rm -rf /`, []string{"-rf", "/", "rm", "rm -rf /"}},
		{`tmux new-session -d -c / 'rm -rf etc'`, []string{"cd /", "rm -rf etc"}},
		{`tmux display-popup -c client -d /srv 'rm x'`, []string{"cd /srv", "rm x"}},
		{`tmux splitw -l 20 -t 1 -e A=B 'make'`, []string{"make"}},
		{`tmux pipe-pane -o 'cat >> log'`, []string{"cat"}},
		// tmux takes a unique prefix of a command's name
		{`tmux run-sh 'rm x'`, []string{"rm x"}},
		{`tmux display 'rm x'`, []string{"tmux display rm x"}},
		// commands not declared: not judged, unless one that runs came before
		{`tmux attach -t 0`, []string{"tmux attach -t 0"}},
		{`tmux new-session -s send-keys`, []string{"tmux new-session -s send-keys"}},
		{`tmux new -d \; rename-window -t w 'rm x'`, []string{"rm x", "w", "w rm x"}},
		{`tmux new -d \; attach -c /tmp x`, []string{"cd /tmp", "x"}},
		// words known only at run time where a command or script stands
		{`tmux new -d "$c"`, []string{"opaque:$c", "tmux new -d $c"}},
		{`tmux "$c" 'rm x'`, []string{"opaque:$c", "rm x", "tmux $c rm x"}},
		{`tmux $OPTS new 'rm x'`, []string{"new", "new rm x", "opaque:$OPTS", "rm x", "tmux $OPTS new rm x"}},
		{`tmux new -d $OPTS 'rm x'`, []string{"opaque:$OPTS", "rm x", "tmux new -d $OPTS rm x"}},
		{`tmux if $F 'true' 'run "rm y"'`, []string{"opaque:$F", "rm y", "run rm y", "tmux if $F true run \"rm y\"", "tmux true", "true"}},
		{`tmux send -t "$t" 'rm x' Enter`, []string{"rm x"}},
		{`tmux send 'rm x' "$k"`, []string{"opaque:$k", "rm x", "tmux send rm x $k"}},
		{`tmux -c 'rm x'`, []string{"rm x"}},
	}
	for _, tt := range tests {
		if got := unwrappedCommands(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%s: commands %q, want %q", tt.src, got, tt.want)
		}
	}
}
