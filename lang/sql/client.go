package sql

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the clients' judgement needs of the command being judged.
type Host interface {
	Reporter
	// JudgeJob judges a shell command the client runs (psql's \! CMD) and
	// adds its findings, each reason prefixed by prefix.
	JudgeJob(script, prefix string)
	// WriteTarget judges a file the client writes.
	WriteTarget(w shellparse.Word, how string)
	// ClientStdin returns what the command reads on standard input, and
	// whether that is known.
	ClientStdin(c shellparse.SimpleCommand) (texts []string, known bool)
}

// Clients are the SQL clients whose argv ClientReadOnly reads.
var Clients = []string{"psql", "mysql", "mariadb", "sqlite3", "sqlite", "duckdb", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "cqlsh"}

// input is what a SQL client was given to run.
type input struct {
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

// reading is one client's argv read against its declaration.
type reading struct {
	name  string
	inv   registry.Invocation
	words []registry.Word
	ops   []registry.Word
	in    input
	// given reports SQL given by option or operand: the client does not
	// read standard input.
	given bool
}

// sql adds the texts of the named options; it reports whether any was given.
func (r *reading) sql(names ...string) bool {
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
func (r *reading) operands(from int) {
	for _, w := range r.ops[min(from, len(r.ops)):] {
		if w.Dynamic {
			r.in.unknown = true
			continue
		}
		r.in.texts = append(r.in.texts, w.Text)
	}
}

// files notes SQL run from the files the named options give.
func (r *reading) files(names ...string) {
	if r.inv.Scan.Has(names...) {
		r.in.file, r.given = true, true
	}
}

// readers read each declared client's argv: which options and operands
// hold SQL, which run it from a file.
var readers = lazy.Value[map[string]func(*reading)]{Make: func() map[string]func(*reading) {
	return map[string]func(*reading){
		"psql":              psqlInput,
		"mysql":             mysqlInput,
		"mariadb":           mysqlInput,
		"sqlite3":           sqliteInput,
		"sqlite":            sqliteInput,
		"duckdb":            sqliteInput,
		"clickhouse-client": clickhouseInput,
		"clickhouse":        clickhouseInput,
		"cockroach":         cockroachInput,
		"sqlcmd": func(r *reading) {
			r.given = r.sql("-Q", "-q", "--query", "--initial-query")
			r.files("-i", "--input-file")
		},
		"cqlsh": func(r *reading) {
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
}}

func psqlInput(r *reading) {
	r.given = r.sql("-c", "--command")
	psqlVariables(r)
	for _, o := range r.inv.Scan.Values("-f", "--file") {
		if o.Value == "-" || shellparse.IsStdinPath(o.Value) {
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
func psqlVariables(r *reading) {
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

func mysqlInput(r *reading) {
	r.sql("--init-command")
	r.given = r.sql("-e", "--execute")
}

// sqliteInput: sqlite3 DB SQL…, -cmd SQL; -init FILE runs a file first.
func sqliteInput(r *reading) {
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

func clickhouseInput(r *reading) {
	r.given = r.sql("-q", "--query")
	r.files("--queries-file")
	if r.name == "clickhouse" && (len(r.inv.Path) == 0 || r.inv.Node.Writes) {
		r.in.notClient = true // clickhouse server, install …
	}
}

func cockroachInput(r *reading) {
	if len(r.inv.Path) == 0 || r.inv.Path[0] != "sql" && r.inv.Path[0] != "demo" {
		r.in.notClient = true
		return
	}
	r.given = r.sql("-e", "--execute")
	r.files("-f", "--file")
}

// anySQLOptions are the options that hold SQL in one client or another.
var anySQLOptions = []string{"-c", "--command", "-e", "--execute", "-q", "--query", "-Q", "--cmd"}

func anySQLInput(r *reading) {
	r.sql(anySQLOptions...)
	r.operands(0)
}

// clientInput reads a declared client's argv: where its SQL comes from.
func clientInput(name string, args []shellparse.Word) (input, bool) {
	prog, ok := registry.Default().Lookup(name)
	read, known := readers.Get()[name]
	if !ok || !known {
		return input{}, false
	}
	r := reading{name: name, words: shellparse.RegistryWords(args)}
	r.inv = prog.Resolve(r.words)
	r.ops = r.inv.Scan.OperandWords(r.words)
	r.in.unknown = r.inv.Scan.Unknown || r.inv.DynamicVerb
	read(&r)
	if !r.given && !r.in.notClient {
		r.in.stdin = true
	}
	return r.in, true
}

// ClientReadOnly reports a client run only to read: every statement it is
// given is proven read-only.
func ClientReadOnly(name string, args []shellparse.Word) bool {
	if len(args) == 0 {
		return false // an interactive session can do anything
	}
	if ro, decided := optionsReadOnly(name, args); decided {
		return ro
	}
	in, ok := clientInput(name, args)
	if !ok || in.unknown || in.file || in.stdin {
		return false
	}
	if in.listOnly {
		return true
	}
	return len(in.texts) > 0 && !slices.ContainsFunc(in.texts, func(t string) bool {
		return len(t) > MaxText || !Judge(t, DialectOf(name)).ReadOnly()
	})
}

// optionsReadOnly decides a client's argv by its options alone, when they
// decide: help and the version only print, an output or log file is
// written, a subcommand that is not the client is read by its declaration.
func optionsReadOnly(name string, args []shellparse.Word) (readOnly, decided bool) {
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return false, false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	embedded := DialectOf(name) == SQLite // sqlite3 -readonly only reads
	switch {
	case inv.Help(words) || shellparse.LoneInfoOption(args):
		return true, true
	case !embedded && inv.Scan.May("-o", "--output", "-L", "--log-file", "--tee", "--pager", "-readonly"):
		return false, true
	case clientVerbs.Get()[name] != nil && (len(inv.Path) == 0 || !slices.Contains(clientVerbs.Get()[name], inv.Path[0])):
		return inv.ReadOnly(), true // cockroach start, clickhouse server: read by the declaration
	}
	return false, false
}

// clientVerbs are the subcommands that are the SQL client, for the programs
// that have others (cockroach node, clickhouse server).
var clientVerbs = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{"cockroach": {"sql"}, "clickhouse": {"client", "local"}}
}}

// Client judges the SQL a database client is given: by its options and
// operands, else what it reads on standard input when that is known.
func Client(h Host, b *Budget, c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	in, _ := clientInput(base, args)
	texts := in.texts
	if in.stdin {
		if t, known := h.ClientStdin(c); known {
			texts = append(texts, t...)
		}
	}
	var v Verdict
	for _, t := range b.Texts(h, texts, "SQL") {
		v.Merge(Judge(t, DialectOf(base)))
	}
	Report(h, v, base)
}

// Report adds the findings of what a database client's text does: the
// shell commands it runs (judged as commands), the files it writes, a shell
// it reaches, and what it destroys.
func Report(h Host, v Verdict, client string) {
	for _, cmd := range v.Shell {
		h.JudgeJob(cmd, client+" runs: ")
	}
	for _, f := range v.Outputs {
		h.WriteTarget(shellparse.Word{Text: f, Static: true}, client+" output to "+f)
	}
	if v.Inline != "" {
		h.Report(finding.InlineCode, "sql_shell", finding.NonSevere, client+": "+v.Inline, "")
	}
	if v.Severe != "" {
		h.Report(finding.SQLDestructive, "statement", finding.Severe, client+": "+v.Severe,
			"run a SELECT first to see what it would remove, and keep a backup (pg_dump, mysqldump, .backup)")
	} else if v.Destructive != "" {
		h.Report(finding.DestructiveAction, "sql", finding.NonSevere, client+": "+v.Destructive,
			"run the same WHERE as a SELECT first, inside a transaction you can roll back")
	}
}

// MySQLAdmin judges mysqladmin: its drop command deletes a whole database.
func MySQLAdmin(h Reporter, c shellparse.SimpleCommand, args []shellparse.Word) {
	_, inv, ok := c.Declared()
	if !ok {
		return
	}
	commands := slices.Clone(inv.Path)
	for _, w := range inv.Scan.OperandWords(shellparse.RegistryWords(args)) {
		commands = append(commands, w.Text)
	}
	if slices.ContainsFunc(commands, func(w string) bool { return strings.EqualFold(w, "drop") }) {
		h.Report(finding.SQLDestructive, "mysqladmin_drop", finding.Severe, "mysqladmin drop deletes a whole database",
			"mysqldump DATABASE > backup.sql first")
	}
}

// DropDB judges dropdb, which deletes a whole database unless it only
// prints its version or help.
func DropDB(h Reporter, c shellparse.SimpleCommand, args []shellparse.Word) {
	if shellparse.LoneInfoOption(args) {
		return
	}
	h.Report(finding.SQLDestructive, "dropdb", finding.Severe, "dropdb deletes a whole database",
		"pg_dump DATABASE > backup.sql first")
}

// KnownClient reports a client whose argv Client knows how to read: where
// its SQL comes from.
func KnownClient(name string) bool {
	_, ok := readers.Get()[name]
	return ok
}
