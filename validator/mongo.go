package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/lang/mongo"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The mongo shells' glue: the script a shell runs (--eval, standard input),
// judged by lang/mongo, and reported as the SQL clients' verdicts are.

// mongoTexts returns the JavaScript a mongo shell runs from its argv.
func mongoTexts(name string, args []shellparse.Word) (texts []string, file, unknown, given bool) {
	prog, ok := programs.Lookup(name)
	if !ok {
		return nil, false, true, false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	unknown = inv.Scan.Unknown
	for _, o := range inv.Scan.Values("--eval") {
		given = true
		unknown = unknown || o.Dynamic
		texts = append(texts, o.Value)
	}
	if inv.Scan.Has("-f", "--file") || slices.ContainsFunc(inv.Scan.OperandWords(words), func(w registry.Word) bool {
		return strings.HasSuffix(w.Text, ".js") || strings.HasSuffix(w.Text, ".mongodb")
	}) {
		file, given = true, true
	}
	return texts, file, unknown, given
}

// mongoReadOnly: mongosh --eval with a script that only reads.
func mongoReadOnly(name string, args []shellparse.Word) bool {
	if isVersion(args) {
		return true
	}
	texts, file, unknown, given := mongoTexts(name, args)
	if file || unknown || !given || len(texts) == 0 {
		return false
	}
	return !slices.ContainsFunc(texts, func(t string) bool { return len(t) > maxJudgedText || !mongo.Reads(t) })
}

// mongo judges the script a mongo shell runs, and its words themselves: a
// database named by a script is still seen.
func (ck *checker) mongo(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	texts, _, _, given := mongoTexts(base, args)
	if !given {
		if t, known := ck.stdinSQL(c); known {
			texts = append(texts, t...)
		}
	}
	texts = append(texts, joinWords(args))
	var v sql.Verdict
	for _, t := range ck.judgedTexts(texts, "mongo shell script") {
		m := mongo.Judge(t)
		v.Merge(sql.Verdict{Severe: m.Severe, Destructive: m.Destructive, Writes: m.Writes})
	}
	ck.reportSQL(v, base)
}
