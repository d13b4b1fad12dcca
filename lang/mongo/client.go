package mongo

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Shells are the mongo shells whose argv ShellReadOnly reads.
var Shells = []string{"mongosh", "mongo"}

// shellInput is what a mongo shell's argv gives it to run.
type shellInput struct {
	// texts are the --eval scripts.
	texts []string
	// file reports a script run from a file (-f, a .js operand).
	file bool
	// unknown reports an option or script known only at run time.
	unknown bool
	// given reports a script given by the argv: the shell does not read
	// standard input.
	given bool
}

// shellTexts returns the JavaScript a mongo shell runs from its argv.
func shellTexts(name string, args []shellparse.Word) shellInput {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return shellInput{unknown: true}
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	in := shellInput{unknown: inv.Scan.Unknown}
	for _, o := range inv.Scan.Values("--eval") {
		in.given = true
		in.unknown = in.unknown || o.Dynamic
		in.texts = append(in.texts, o.Value)
	}
	if inv.Scan.Has("-f", "--file") || slices.ContainsFunc(inv.Scan.OperandWords(words), func(w registry.Word) bool {
		return strings.HasSuffix(w.Text, ".js") || strings.HasSuffix(w.Text, ".mongodb")
	}) {
		in.file, in.given = true, true
	}
	return in
}

// ShellReadOnly reports mongosh --eval with a script that only reads, or a
// shell asked for its version or help.
func ShellReadOnly(name string, args []shellparse.Word) bool {
	if shellparse.LoneInfoOption(args) {
		return true
	}
	in := shellTexts(name, args)
	if in.file || in.unknown || !in.given || len(in.texts) == 0 {
		return false
	}
	return !slices.ContainsFunc(in.texts, func(t string) bool { return len(t) > sql.MaxText || !Reads(t) })
}

// Shell judges the script a mongo shell runs, and its words themselves: a
// database named by a script is still seen.
func Shell(h sql.Host, b *sql.Budget, c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	in := shellTexts(base, args)
	texts := in.texts
	if !in.given {
		if t, known := h.ClientStdin(c); known {
			texts = append(texts, t...)
		}
	}
	texts = append(texts, joinWords(args))
	var v sql.Verdict
	for _, t := range b.Texts(h, texts, "mongo shell script") {
		m := Judge(t)
		v.Merge(sql.Verdict{Severe: m.Severe, Destructive: m.Destructive, Writes: m.Writes})
	}
	sql.Report(h, v, base)
}

// joinWords joins the words' texts with spaces.
func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}
