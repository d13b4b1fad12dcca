// Package hostile generates the inputs that once made the analysis slow:
// every wrapper and runner permgate knows, nested many times before a
// destructive command, alone and mixed. The forms come from the program
// registry, so a program added there is nested here too. The tests and the
// whole-process measurement (scripts/worst) share it.
package hostile

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/permgate/permgate/registry"
)

// Inner is the command every case nests.
const Inner = "rm -rf ~"

// Form is one way of running a command: a prefix that wraps what follows it
// (sudo, timeout 5, mise exec --, find . -exec), or, for a program that
// takes the command as one script word (flock -c, hyperfine), a quoting of
// it after the prefix.
type Form struct {
	Name   string
	Prefix string
	// Script says the command is quoted into one word after Prefix.
	Script bool
}

// Wrap puts inner inside the form once.
func (f Form) Wrap(inner string) string {
	if f.Script {
		return f.Prefix + "'" + strings.ReplaceAll(inner, "'", `'\''`) + "'"
	}
	return f.Prefix + inner
}

// Nest puts inner inside the form n times.
func (f Form) Nest(n int, inner string) string {
	if !f.Script {
		return strings.Repeat(f.Prefix, n) + inner
	}
	for range n {
		inner = f.Wrap(inner)
	}
	return inner
}

// builtinForms are the wrappers and runners the parser knows itself, beside
// the registry's.
var builtinForms = []Form{
	{Name: "eval", Prefix: "eval "},
	{Name: "eval eval", Prefix: "eval eval x "},
	{Name: "foo eval", Prefix: "foo eval "},
	{Name: "builtin eval", Prefix: "builtin eval "},
	{Name: "command eval", Prefix: "command eval "},
	{Name: "timeout eval", Prefix: "timeout 1 eval "},
	{Name: "command", Prefix: "command "},
	{Name: "env", Prefix: "env "},
	{Name: "env -i A=1", Prefix: "env -i A=1 "},
	{Name: "env -S", Prefix: "env -S "},
	{Name: "find -exec", Prefix: "find . -exec "},
	{Name: "find -execdir", Prefix: "find /tmp -type f -execdir "},
	{Name: "busybox", Prefix: "busybox "},
	{Name: "parallel", Prefix: "parallel "},
	{Name: "watch", Prefix: "watch "},
	{Name: "su -c", Prefix: "su -c ", Script: true},
	{Name: "bash -c", Prefix: "bash -c ", Script: true},
	{Name: "sh -c", Prefix: "/bin/sh -c ", Script: true},
	{Name: "permgate exec", Prefix: "permgate exec -- "},
	{Name: "permgate check", Prefix: "permgate check -- "},
	{Name: "ld.so", Prefix: "/lib64/ld-linux-x86-64.so.2 "},
	{Name: "xargs -I", Prefix: "xargs -I {} "},
	{Name: "unknown --", Prefix: "some-runner exec -- "},
	{Name: "time", Prefix: "time "},
	{Name: "exec", Prefix: "exec "},
}

// Forms returns every form: the parser's own and one for each registry
// declaration that runs a command.
func Forms() []Form {
	return append(append([]Form(nil), builtinForms...), registryForms()...)
}

// registryForms derives a form from every registry verb that runs a command.
func registryForms() []Form {
	var out []Form
	for _, p := range registry.Default().Programs() {
		var walk func(n *registry.Node, words []string)
		walk = func(n *registry.Node, words []string) {
			if n.Runs != nil {
				if f, ok := runsForm(n.Runs, words); ok {
					out = append(out, f)
				}
			}
			for _, sub := range n.Subs {
				if name := firstPlainName(sub.Names); name != "" {
					walk(sub, append(append([]string(nil), words...), name))
				}
			}
		}
		walk(&p.Node, []string{p.Names[0]})
	}
	return out
}

func firstPlainName(names []string) string {
	for _, n := range names {
		if !strings.ContainsAny(n, "*?") && !strings.HasPrefix(n, "-") {
			return n
		}
	}
	return ""
}

// runsForm is the prefix that makes a verb run the command after it.
func runsForm(r *registry.Runs, words []string) (Form, bool) {
	name := strings.Join(words, " ")
	prefix := name + " "
	skip := strings.Repeat("1 ", r.Skip)
	switch {
	case len(r.Each) > 0:
		return Form{Name: name + " " + r.Each[0], Prefix: prefix + r.Each[0] + " "}, true
	case len(r.Rest) > 0:
		return Form{Name: name + " " + r.Rest[0], Prefix: prefix + skip + r.Rest[0] + " "}, true
	case r.Scripts:
		return Form{Name: name, Prefix: prefix, Script: true}, true
	case len(r.Script) > 0 && r.Only:
		return Form{Name: name + " " + r.Script[0], Prefix: prefix + skip + r.Script[0] + " ", Script: true}, true
	case r.Only && !r.AfterDashDash:
		return Form{}, false // runs a command only through an option the declaration names
	}
	prefix += skip
	if r.AfterDashDash {
		prefix += "-- "
	}
	return Form{Name: name, Prefix: prefix}, true
}

// Depth is how deep a form is nested in Cases: n where the text grows by
// the prefix, less where quoting grows it fourfold with each level.
func Depth(f Form, n int) int {
	if f.Script {
		return min(n, 6)
	}
	return n
}

// Cases returns every form nested n times before Inner, and random mixes of
// the forms (seeded, so the same every run), by name.
func Cases(n int) map[string]string {
	forms := Forms()
	cases := map[string]string{}
	for _, f := range forms {
		cases[f.Name] = f.Nest(Depth(f, n), Inner)
	}
	var plain []Form
	for _, f := range forms {
		if !f.Script {
			plain = append(plain, f)
		}
	}
	rng := rand.New(rand.NewPCG(18, uint64(n)))
	for round := range 8 {
		var sb strings.Builder
		for range n {
			sb.WriteString(plain[rng.IntN(len(plain))].Prefix)
		}
		cases[fmt.Sprintf("mixed %d", round)] = sb.String() + Inner
	}
	// Mixed with the script forms: a few levels of quoting among them.
	for round := range 4 {
		src := Inner
		for i := range max(n/5, 1) {
			f := plain[rng.IntN(len(plain))]
			if i%50 == 49 {
				f = forms[rng.IntN(len(forms))]
			}
			src = f.Wrap(src)
		}
		cases[fmt.Sprintf("mixed quoted %d", round)] = src
	}
	return cases
}

// Largest returns each form nested as deep as fits in maxBytes and maxWords
// (the analysis's input bounds): the largest input of its shape that is
// analysed, not refused for its size.
func Largest(maxBytes, maxWords int) map[string]string {
	out := map[string]string{}
	for _, f := range Forms() {
		if f.Script {
			continue
		}
		words := len(strings.Fields(f.Prefix))
		n := min((maxBytes-len(Inner))/len(f.Prefix), (maxWords-8)/max(words, 1))
		out[f.Name] = f.Nest(n, Inner)
	}
	return out
}

// Flat returns large inputs of other shapes, each near one of the
// analysis's input bounds (2 MiB, 100,000 words): long commands, many
// assignments, a big here-document, braces and globs.
func Flat() map[string]string {
	fill := func(prefix, unit, suffix string, size int) string {
		n := (size - len(prefix) - len(suffix)) / len(unit)
		return prefix + strings.Repeat(unit, n) + suffix
	}
	const size = 2<<20 - 64
	return map[string]string{
		"echo 99990 words":          "echo" + strings.Repeat(" a", 99990),
		"echo 99990 long words":     "echo" + strings.Repeat(" aaaaaaaaaaaaaaaaaaa", 99990),
		"rm -rf 99990 words":        "rm -rf" + strings.Repeat(" x", 99990) + " ~",
		"chmod 99990 words":         "chmod 600" + strings.Repeat(" x", 99990),
		"99990 assignments":         strings.Repeat("a=b ", 99990) + "ls",
		"xargs echo 99990 words":    "xargs echo" + strings.Repeat(" a", 99990),
		"99990-element array":       "a=(" + strings.Repeat(" a", 99990) + ")",
		"big here-document":         "cat <<EOF\n" + strings.Repeat(strings.Repeat("a ", 35)+"\n", 29000) + "EOF\n",
		"quoted here-document":      "cat > f.py <<'EOF'\n" + strings.Repeat("print('hello, world')  # a line of code\n", 50000) + "EOF\n",
		"one long word":             fill("echo ", "a", "", size),
		"globs":                     fill("echo ", "[a]", "", size),
		"brace expansions":          fill("echo ", "{a,b}", "", size),
		"500 commands":              strings.Repeat("git status && git diff --stat | head -20\n", 500),
		"1000 commands in a script": strings.Repeat("grep -rn TODO src/ | sort | uniq -c > /dev/null\n", 333),
		// Found by the red-team round of the work bound: brace expansion
		// multiplying the words, placeholders looked for in long words,
		// many -exec after many wrappers, program texts judged many ways.
		"braces of 64 words":         "echo" + strings.Repeat(" {1..64}", 99000),
		"braces in write targets":    "touch" + strings.Repeat(" {a,b}{a,b}{a,b}{a,b}{a,b}", 80645),
		"1000 distinct placeholders": xargsHolders(),
		"many -exec after wrappers":  strings.Repeat("nice ", 1020) + "find ." + strings.Repeat(` -exec a \;`, 32500),
		"2 MiB of SQL":               "psql -c '" + strings.Repeat("SELECT (((1))); ", 131000) + "'",
		"2 MiB of SQL on stdin":      "psql <<'EOF'\n" + strings.Repeat("SELECT (((1)));\n", 120000) + "DROP DATABASE x;\nEOF\n",
		"2 MiB of mongo script":      "mongosh --eval '" + strings.Repeat("db.c.find({});", 140000) + "'",
		"2 MiB of sed":               "sed '" + strings.Repeat("w /tmp/x\n", 200000) + "' f",
		"leading dynamic words":      strings.Repeat("$a ", 40000) + "ls",
	}
}

// xargsHolders is 1,000 xargs -I with distinct 60-byte placeholders around
// an unknown program with 16 places a command may start and long words.
func xargsHolders() string {
	var sb strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&sb, "xargs -I %s%04d ", strings.Repeat("h", 56), i)
	}
	sb.WriteString("foo" + strings.Repeat(" --", 16))
	for range 19 {
		sb.WriteString(" " + strings.Repeat("h", 100000))
	}
	return sb.String()
}
