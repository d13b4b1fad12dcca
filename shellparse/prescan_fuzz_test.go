package shellparse

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzPrescan checks the pre-scan against the parser it guards: with small
// bounds, whatever the pre-scan lets through parses into a syntax tree no
// deeper than those bounds allow. A deeper tree is input the pre-scan
// undercounts, which at full size could overflow the parser's stack.
func FuzzPrescan(f *testing.F) {
	for _, seed := range []string{
		"ls", "echo $((1+2))", "a=(1 2); echo ${a[0]}", "{ echo }; }", "if true; then echo fi; fi",
		"case a in a) echo $(ls);; esac", "cat <<E\n$(ls)\nE\n", "cat <<'E'\n(((\nE\n", "echo \"$(echo \"$(ls)\")\"",
		"[[ ( a && ! b ) ]]", "let a=1+2", "echo `echo \\`ls\\``", "f() { g() { ls; }; }", "echo $'\\'(('",
		"while true; do until false; do ls; done; done", "echo ${a:-${b:-$(ls)}}", "x=$[1<<2]",
	} {
		f.Add(seed)
	}
	const nesting, arith = 2, 4
	// Each level of nesting the pre-scan counts costs the parser at most six
	// tree levels (a $( is a statement, a call, a word and the substitution);
	// an operator at most two. A closer the pre-scan took wrongly costs two
	// or more levels each time, so a few of them overrun the limit.
	const limit = 6*(nesting+1) + 2*arith + 8
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 || prescan(src, nesting, 1000, arith) != "" {
			return
		}
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err != nil {
			return
		}
		depth, deepest := 0, 0
		syntax.Walk(file, func(n syntax.Node) bool {
			if n == nil {
				depth--
				return true
			}
			depth++
			deepest = max(deepest, depth)
			return true
		})
		if deepest > limit {
			t.Fatalf("the pre-scan let through a tree %d deep (limit %d): %q", deepest, limit, src)
		}
	})
}
