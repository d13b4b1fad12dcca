package shellparse

import (
	"slices"
	"testing"
)

// shellCommandLines renders a parse's commands as commandLines does, with
// an opaque script as "opaque: WORD".
func shellCommandLines(res Result) []string {
	var out []string
	for _, c := range res.Commands {
		out = append(out, commandLines(Result{Commands: []SimpleCommand{c}})...)
		if c.Script != nil {
			out = append(out, "opaque: "+c.Script.Word.Text)
		}
	}
	return out
}

// TestShellStepOptions checks where a shell's -c script is, read with the
// declared shell grammar: clusters whose -o and -O take the next words, +
// clusters, bash's single-dash long options (read both as bash and as zsh
// read them), and words known only at run time.
func TestShellStepOptions(t *testing.T) {
	cases := []struct {
		script string
		want   []string
	}{
		// -o NAME and -O SHOPT take the next word inside a cluster too.
		{`bash -ox pipefail -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -xo pipefail -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -oO pipefail extglob -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -xoc pipefail 'rm x'`, []string{"bash: rm x"}},
		{`bash -co pipefail 'rm x'`, []string{"bash: rm x"}},
		// + clusters: +c runs a script string as -c does.
		{`bash +x -c 'rm x'`, []string{"bash: rm x"}},
		{`bash +c 'rm x'`, []string{"bash: rm x"}},
		{`bash +o pipefail -c 'rm x'`, []string{"bash: rm x"}},
		{`bash +O extglob +xc 'rm x'`, []string{"bash: rm x"}},
		{`bash + -c 'rm x'`, []string{"bash: rm x"}},
		// Long options, with two dashes or (bash) one; the one-dash ones are
		// also read as clusters, as zsh reads them (-rcfile holds c).
		{`bash --rcfile rc -c 'rm x'`, []string{"bash: rm x"}},
		{`bash --norc --login -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -login -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -norc -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -rcfile rc -c 'rm x'`, []string{"bash: rm x", "bash: rc"}},
		{`bash -init-file rc -c 'rm x'`, []string{"bash: rm x"}},
		// "--" and "-" end the options.
		{`bash -c -- 'rm x'`, []string{"bash: rm x"}},
		{`bash -c - 'rm x'`, []string{"bash: rm x"}},
		{`bash -c -- - x`, []string{"bash: -"}},
		{`bash -- -c 'rm x'`, []string{": bash -- -c rm x"}},
		// No script: a script file, or a missing value.
		{`bash -c`, []string{": bash -c"}},
		{`bash -o pipefail 'rm x'`, []string{": bash -o pipefail rm x"}},
		{`bash -o -c 'rm x'`, []string{": bash -o -c rm x"}},
		// bash's --init-file takes -c as its value; zsh reads --init-file as
		// a flag: judge its reading too.
		{`bash --init-file -c 'rm x'`, []string{"bash: rm x"}},
		{`bash --rcfile=rc 'rm x'`, []string{": bash --rcfile=rc rm x"}},
		// zsh's -o takes its name attached or as the next word, and its -O
		// is a flag: bash and dash refuse -c as an option name.
		{`zsh -oerrexit -c 'rm x'`, []string{"zsh: rm x"}},
		{`zsh +oerrexit -xc 'rm x'`, []string{"zsh: rm x"}},
		{`bash -O -c 'rm x'`, []string{"bash: rm x"}},
		{`sh script.sh -c 'rm x'`, []string{": sh script.sh -c rm x"}},
		// NAME and ARGS after the script are its $0, $1 ….
		{`bash -c 'rm "$1"' name a`, []string{"bash: rm a"}},
		{`bash -xc 'rm "$1"' -o a`, []string{"bash: rm a"}},
		// Words known only at run time: before -c they may be options (go on
		// looking for -c); after it, the script, or vanish (bash -c $OPTS
		// 'script': judge that reading too).
		{`bash $OPTS -c 'rm -rf ~'`, []string{"bash: rm -rf /home/u"}},
		{`bash *.sh -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -o $O -c 'rm x'`, []string{"bash: rm x"}},
		{`bash -c $OPTS 'rm x'`, []string{"bash: rm x", ": bash -c $OPTS rm x", "opaque: $OPTS"}},
		// The word right after $OPTS and the next operand: both judged.
		{`bash -c $OPTS -x 'rm x'`, []string{"bash: -x", "bash: rm x", ": bash -c $OPTS -x rm x", "opaque: $OPTS"}},
		// bash's -rcfile takes $R as its value, zsh's cluster holds c: the
		// script is 'rm x' or $R (opaque), or, when $R vanishes, -xc or
		// 'rm x'.
		{`bash -rcfile $R -xc 'rm x'`, []string{"bash: rm x", "bash: -xc", "bash: rm x", ": bash -rcfile $R -xc rm x", "opaque: $R"}},
		{`bash -c "$S" 'rm x'`, []string{": bash -c $S rm x", "opaque: $S"}},
		{`bash -c $S`, []string{": bash -c $S", "opaque: $S"}},
	}
	p := NewParser(Options{Home: "/home/u"})
	for _, c := range cases {
		got := shellCommandLines(p.ParseScript(c.script))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n  got  %q\n  want %q", c.script, got, c.want)
		}
	}
}

// TestShellReadsStdinOptions checks ShellReadsStdin on words as the parser
// reads them (quotes, expansions, globs), with the declared shell grammar.
func TestShellReadsStdinOptions(t *testing.T) {
	tests := map[string]bool{
		"sh -s":                     true,
		"sh -":                      true,
		"sh --":                     true,
		"sh /dev/stdin":             true,
		"sh - x.sh":                 true,
		"sh $F":                     true,
		`sh "$F"`:                   true,
		"sh *.sh":                   true,
		"sh $F x.sh":                false,
		"sh script.sh -s":           false,
		"sh script.sh":              false,
		"bash -c x -s":              false,
		"bash -c -s x":              true,
		"bash -cs x":                true,
		"bash +s":                   true,
		"bash +s x.sh":              true,
		"bash +c x":                 false,
		"bash -ox pipefail":         true,
		"bash -ox pipefail x.sh":    false,
		"bash -oO pipefail extglob": true,
		"bash -o":                   true,
		"bash -o $O":                true,
		"bash +O extglob x.sh":      false,
		"bash + x.sh":               false,
		"bash +":                    true,
		"bash --init-file rc":       true,
		"bash --rcfile=rc x.sh":     false,
		// bash reads -init-file F as a long option (standard input), zsh as
		// a cluster (F the script file): either is enough.
		"bash -init-file rc": true,
		"bash -rcfile rc":    true,
		"bash -login x.sh":   true,
		"bash -norc x.sh":    false,
		// zsh's -oNAME: bash's -o takes x.sh as its name.
		"zsh -oerrexit x.sh": true,
		"zsh -O x.sh":        true,
		"zsh -O -c x":        false,
	}
	p := NewParser(Options{Home: "/home/u"})
	for src, want := range tests {
		// echo's words: the shell's words as written, not unwrapped.
		res := p.ParseScript("echo " + src)
		if len(res.Commands) != 1 {
			t.Errorf("%s: %d commands", src, len(res.Commands))
			continue
		}
		if got := ShellReadsStdin(res.Commands[0].Argv[1:]); got != want {
			t.Errorf("ShellReadsStdin(%s) = %v, want %v", src, got, want)
		}
	}
}
