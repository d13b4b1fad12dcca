package validator

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The SQL clients' glue: where a client's SQL comes from (its options,
// operands, standard input), judged by lang/sql, and the verdict turned
// into findings.

func init() {
	for _, name := range []string{"psql", "mysql", "mariadb", "sqlite3", "sqlite", "duckdb", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "cqlsh"} {
		name := name
		argChecks[name] = func(args []shellparse.Word) bool { return sqlClientReadOnly(name, args) }
	}
	for _, name := range []string{"redis-cli", "valkey-cli", "keydb-cli"} {
		name := name
		argChecks[name] = func(args []shellparse.Word) bool { return redisReadOnly(name, args) }
	}
	argChecks["mongosh"] = func(args []shellparse.Word) bool { return mongoReadOnly("mongosh", args) }
	argChecks["mongo"] = func(args []shellparse.Word) bool { return mongoReadOnly("mongo", args) }
}

// sqlInput is what a SQL client was given to run.
type sqlInput struct {
	// texts are the SQL texts from options and arguments.
	texts []string
	// stdin reports that the client reads SQL from standard input.
	stdin bool
	// file reports SQL run from a file (psql -f, mysql source): unknown here.
	file bool
	// unknown reports an option or SQL text known only at run time.
	unknown bool
	// listOnly reports an invocation that only lists (psql -l).
	listOnly bool
	// notClient reports a subcommand that is not the SQL client
	// (clickhouse server, cockroach start): it reads no SQL.
	notClient bool
}

// sqlReading is one client's argv read against its declaration.
type sqlReading struct {
	name  string
	inv   registry.Invocation
	words []registry.Word
	ops   []registry.Word
	in    sqlInput
	// given reports SQL given by option or operand: the client does not
	// read standard input.
	given bool
}

// sql adds the texts of the named options; it reports whether any was given.
func (r *sqlReading) sql(names ...string) bool {
	found := false
	for _, o := range r.inv.Scan.Values(names...) {
		found = true
		if o.Dynamic {
			r.in.unknown = true
			continue
		}
		r.in.texts = append(r.in.texts, o.Value)
	}
	return found
}

// operands adds the operands from the from'th on as SQL texts.
func (r *sqlReading) operands(from int) {
	for _, w := range r.ops[min(from, len(r.ops)):] {
		if w.Dynamic {
			r.in.unknown = true
			continue
		}
		r.in.texts = append(r.in.texts, w.Text)
	}
}

// files notes SQL run from the files the named options give.
func (r *sqlReading) files(names ...string) {
	if r.inv.Scan.Has(names...) {
		r.in.file, r.given = true, true
	}
}

// sqlReaders read each declared client's argv: which options and operands
// hold SQL, which run it from a file.
var sqlReaders = map[string]func(*sqlReading){
	"psql":              psqlInput,
	"mysql":             mysqlInput,
	"mariadb":           mysqlInput,
	"sqlite3":           sqliteInput,
	"sqlite":            sqliteInput,
	"duckdb":            sqliteInput,
	"clickhouse-client": clickhouseInput,
	"clickhouse":        clickhouseInput,
	"cockroach":         cockroachInput,
	"sqlcmd": func(r *sqlReading) {
		r.given = r.sql("-Q", "-q", "--query", "--initial-query")
		r.files("-i", "--input-file")
	},
	"cqlsh": func(r *sqlReading) {
		r.given = r.sql("-e", "--execute")
		r.files("-f", "--file")
	},
	// Clients whose every operand, and the value of the options that hold
	// SQL in any client, is judged as SQL.
	"bq":      anySQLInput,
	"snowsql": anySQLInput,
	"trino":   anySQLInput,
	"presto":  anySQLInput,
}

func psqlInput(r *sqlReading) {
	r.given = r.sql("-c", "--command")
	psqlVariables(r)
	for _, o := range r.inv.Scan.Values("-f", "--file") {
		if o.Value == "-" {
			r.in.stdin = true
		} else {
			r.in.file = true
		}
		r.given = true
	}
	if !r.given && r.inv.Scan.Has("-l", "--list") {
		r.in.listOnly, r.given = true, true
	}
}

// psqlVariables: -v NAME=VALUE replaces :NAME in the SQL with VALUE, which is
// then judged too.
func psqlVariables(r *sqlReading) {
	for _, o := range r.inv.Scan.Values("-v", "--set", "--variable") {
		name, val, ok := strings.Cut(o.Value, "=")
		if !ok {
			continue
		}
		if slices.ContainsFunc(r.in.texts, func(t string) bool {
			return strings.Contains(t, ":"+name) || strings.Contains(t, ":'"+name) || strings.Contains(t, `:"`+name)
		}) {
			r.in.texts = append(r.in.texts, val)
		}
	}
}

func mysqlInput(r *sqlReading) {
	r.sql("--init-command")
	r.given = r.sql("-e", "--execute")
}

// sqliteInput: sqlite3 DB SQL…, -cmd SQL; -init FILE runs a file first.
func sqliteInput(r *sqlReading) {
	r.sql("-cmd")
	r.given = r.sql("-c", "-s")
	if r.inv.Scan.Has("-init", "-f", "-A") {
		r.in.file = true
	}
	if len(r.ops) > 1 {
		r.given = true
		r.operands(1)
	}
	if len(r.ops) > 0 && r.ops[0].Dynamic {
		r.in.unknown = true
	}
}

func clickhouseInput(r *sqlReading) {
	r.given = r.sql("-q", "--query")
	r.files("--queries-file")
	if r.name == "clickhouse" && (len(r.inv.Path) == 0 || r.inv.Node.Writes) {
		r.in.notClient = true // clickhouse server, install …
	}
}

func cockroachInput(r *sqlReading) {
	if len(r.inv.Path) == 0 || r.inv.Path[0] != "sql" && r.inv.Path[0] != "demo" {
		r.in.notClient = true
		return
	}
	r.given = r.sql("-e", "--execute")
	r.files("-f", "--file")
}

// anySQLOptions are the options that hold SQL in one client or another.
var anySQLOptions = []string{"-c", "--command", "-e", "--execute", "-q", "--query", "-Q", "--cmd"}

func anySQLInput(r *sqlReading) {
	r.sql(anySQLOptions...)
	r.operands(0)
}

// sqlClientInput reads a declared client's argv: where its SQL comes from.
func sqlClientInput(name string, args []shellparse.Word) (sqlInput, bool) {
	prog, ok := programs.Lookup(name)
	read, known := sqlReaders[name]
	if !ok || !known {
		return sqlInput{}, false
	}
	r := sqlReading{name: name, words: shellparse.RegistryWords(args)}
	r.inv = prog.Resolve(r.words)
	r.ops = r.inv.Scan.OperandWords(r.words)
	r.in.unknown = r.inv.Scan.Unknown || r.inv.DynamicVerb
	read(&r)
	if !r.given && !r.in.notClient {
		r.in.stdin = true
	}
	return r.in, true
}

// sqlClientReadOnly reports a client run only to read: every statement it is
// given is proven read-only.
func sqlClientReadOnly(name string, args []shellparse.Word) bool {
	if len(args) == 0 {
		return false // an interactive session can do anything
	}
	if ro, decided := sqlClientOptionsReadOnly(name, args); decided {
		return ro
	}
	in, ok := sqlClientInput(name, args)
	if !ok || in.unknown || in.file || in.stdin {
		return false
	}
	if in.listOnly {
		return true
	}
	return len(in.texts) > 0 && !slices.ContainsFunc(in.texts, func(t string) bool {
		return len(t) > maxJudgedText || !sql.Judge(t, sql.DialectOf(name)).ReadOnly()
	})
}

// sqlClientOptionsReadOnly decides a client's argv by its options alone, when
// they decide: help and the version only print, an output or log file is
// written, a subcommand that is not the client is read by its declaration.
func sqlClientOptionsReadOnly(name string, args []shellparse.Word) (readOnly, decided bool) {
	prog, ok := programs.Lookup(name)
	if !ok {
		return false, false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	embedded := sql.DialectOf(name) == sql.SQLite // sqlite3 -readonly only reads
	switch {
	case inv.Help(words) || isVersion(args):
		return true, true
	case !embedded && inv.Scan.May("-o", "--output", "-L", "--log-file", "--tee", "--pager", "-readonly"):
		return false, true
	case sqlClientVerbs[name] != nil && (len(inv.Path) == 0 || !slices.Contains(sqlClientVerbs[name], inv.Path[0])):
		return inv.ReadOnly(), true // cockroach start, clickhouse server: read by the declaration
	}
	return false, false
}

// sqlClientVerbs are the subcommands that are the SQL client, for the
// programs that have others (cockroach node, clickhouse server).
var sqlClientVerbs = map[string][]string{"cockroach": {"sql"}, "clickhouse": {"client", "local"}}

// isVersion reports a lone --version, -V or -version.
func isVersion(args []shellparse.Word) bool {
	if len(args) != 1 {
		return false
	}
	switch args[0].Text {
	case "--version", "-V", "-version", "--help", "-help", "-?":
		return true
	}
	return false
}

// sql judges the SQL a database client is given.
func (ck *checker) sql(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	in, _ := sqlClientInput(base, args)
	texts := in.texts
	if in.stdin {
		if t, known := ck.stdinSQL(c); known {
			texts = append(texts, t...)
		}
	}
	var v sql.Verdict
	for _, t := range ck.judgedTexts(texts, "SQL") {
		v.Merge(sql.Judge(t, sql.DialectOf(base)))
	}
	ck.reportSQL(v, base)
}

// reportSQL adds the findings of what a database client's text does: the
// shell commands it runs (judged as commands), the files it writes, a shell
// it reaches, and what it destroys.
func (ck *checker) reportSQL(v sql.Verdict, client string) {
	for _, cmd := range v.Shell {
		ck.nestedJob(cmd, client+" runs: ")
	}
	for _, f := range v.Outputs {
		ck.writeTarget(shellparse.Word{Text: f, Static: true}, client+" output to "+f)
	}
	if v.Inline != "" {
		ck.addFinding(Finding{Kind: finding.InlineCode, Severity: NonSevere, ID: "inline_code.sql_shell", Reason: OneLine(client + ": " + v.Inline)})
	}
	if v.Severe != "" {
		ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.statement", Reason: OneLine(client + ": " + v.Severe),
			Suggestion: "run a SELECT first to see what it would remove, and keep a backup (pg_dump, mysqldump, .backup)"})
	} else if v.Destructive != "" {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.sql", Reason: OneLine(client + ": " + v.Destructive),
			Suggestion: "run the same WHERE as a SELECT first, inside a transaction you can roll back"})
	}
}

// stdinSQL returns what a command reads on standard input when permgate can
// tell: a here-string, a here-document, or what echo, printf or cat of a
// here-document pipe in. known is false when the input is a file, another
// program's output, or the terminal.
func (ck *checker) stdinSQL(c shellparse.SimpleCommand) (texts []string, known bool) {
	switch c.Stdin.Kind {
	case shellparse.InputHereString, shellparse.InputHereDoc:
		return []string{c.Stdin.Text}, c.Stdin.Static
	case shellparse.InputPipe:
		return ck.pipedText(c.Stdin.From)
	}
	return nil, false
}

// pipedText is what the commands at from write into a pipe, when they are
// echo, printf or cat of a here-document.
func (ck *checker) pipedText(from []int) (texts []string, known bool) {
	if len(from) == 0 {
		return nil, false
	}
	known = true
	for _, i := range from {
		if i < 0 || i >= len(ck.res.Commands) {
			return texts, false
		}
		text, static, ok := printedText(ck.res.Commands[i])
		if !ok {
			known = false
			continue
		}
		texts = append(texts, text)
		known = known && static
	}
	return texts, known
}

// printedText is what echo, printf, or cat of a here-document print; ok is
// false for any other command.
func printedText(up shellparse.SimpleCommand) (text string, static, ok bool) {
	switch {
	case up.Name == "echo" || up.Name == "printf":
		static = !slices.ContainsFunc(up.Argv[1:], func(w shellparse.Word) bool { return !w.Static })
		text = joinWords(echoOperands(up.Argv[1:]))
		return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(text), static, true
	case up.Name == "cat" && len(up.Argv) == 1 && (up.Stdin.Kind == shellparse.InputHereString || up.Stdin.Kind == shellparse.InputHereDoc):
		return up.Stdin.Text, up.Stdin.Static, true
	}
	return "", false, false
}

// echoOperands drops echo's leading options (-n, -e, -E).
func echoOperands(args []shellparse.Word) []shellparse.Word {
	for len(args) > 0 && (args[0].Text == "-n" || args[0].Text == "-e" || args[0].Text == "-E" || args[0].Text == "-ne" || args[0].Text == "-en") {
		args = args[1:]
	}
	return args
}

// stdinText returns what a command reads on stdin when it is known: a here-string,
// a here-document, or the words of echo/printf piped in.
func (ck *checker) stdinText(c shellparse.SimpleCommand) []string {
	t, _ := ck.stdinSQL(c)
	return t
}

// sqlDestructive says why SQL given to a cloud database destroys data (a
// sql_destructive reading of the statements outside literals and comments),
// or "".
func sqlDestructive(text string) string { return sql.Judge(text, sql.Generic).Severe }

// mysqladmin: its drop command deletes a whole database.
func (ck *checker) mysqladmin(c shellparse.SimpleCommand, args []shellparse.Word) {
	inv, ok := scanned(c)
	if !ok {
		return
	}
	commands := slices.Clone(inv.Path)
	for _, w := range inv.Scan.OperandWords(shellparse.RegistryWords(args)) {
		commands = append(commands, w.Text)
	}
	if slices.ContainsFunc(commands, func(w string) bool { return strings.EqualFold(w, "drop") }) {
		ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.mysqladmin_drop", Reason: "mysqladmin drop deletes a whole database",
			Suggestion: "mysqldump DATABASE > backup.sql first"})
	}
}

func sqlDrop(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if isVersion(args) {
		return
	}
	ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.dropdb", Reason: "dropdb deletes a whole database",
		Suggestion: "pg_dump DATABASE > backup.sql first"})
}

// Bounds on the program texts the SQL and mongo judges read: each reads its
// text eight ways (quoting and comment conventions), at about a
// microsecond a byte for them all.
const (
	// maxJudgedText bounds one text; maxJudgedTexts all of one analysis.
	maxJudgedText  = 64 << 10
	maxJudgedTexts = 256 << 10
)

// judgedTexts returns the texts to judge within the analysis's bounds: a
// text past maxJudgedText is judged by its first part, and once
// maxJudgedTexts are spent the rest are not judged; either way the command
// gets a too_complex finding, so what was not read is never taken as read.
func (ck *checker) judgedTexts(texts []string, what string) []string {
	out := make([]string, 0, len(texts))
	for _, t := range texts {
		left := maxJudgedTexts - ck.judgedBytes
		n := min(len(t), maxJudgedText, left)
		if n < len(t) {
			ck.addFinding(Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".text",
				Reason: fmt.Sprintf("the %s is %d bytes, more than permgate reads (%d in one text, %d in all): what is past them was not judged", what, len(t), maxJudgedText, maxJudgedTexts)})
		}
		if n <= 0 {
			continue
		}
		ck.judgedBytes += n
		out = append(out, t[:n])
	}
	return out
}
