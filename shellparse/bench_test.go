package shellparse

import "testing"

// benchScripts are the shapes the values analysis meets: commands with
// nothing for it to follow (the common case, which must cost nothing
// more), and scripts whose values it follows.
var benchScripts = []struct{ name, src string }{
	{"plain", `git status && git diff --stat | head -20`},
	{"pipeline", `grep -rn TODO src/ | sort | uniq -c | head -n 5 > /dev/null`},
	{"assign", `x=rm; y=-rf; $x $y /tmp/build`},
	{"for", `for f in a.go b.go c.go; do gofmt -l "$f"; done`},
	{"read", `read -r a b <<< 'git status'; $a $b`},
	{"printf-v", `printf -v f '%s/.config/%s' "$HOME" app; cat "$f"`},
	{"array", `cmd=(git status --short); "${cmd[@]}"`},
	{"subst", `cd "$(dirname ~/.config/x)" && ls`},
	{"xargs", `xargs rm <<< 'a b c'`},
	{"loop", `while true; do sleep 1; done`},
}

// BenchmarkParse measures the analysis of each shape.
func BenchmarkParse(b *testing.B) {
	for _, s := range benchScripts {
		b.Run(s.name, func(b *testing.B) {
			p := NewParser(Options{Home: "/home/u"})
			b.ReportAllocs()
			for b.Loop() {
				p.ParseScript(s.src)
			}
		})
	}
}
