package validator

import (
	"fmt"
	"github.com/permgate/permgate/internal/lazyre"
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// sqlClients are database shells that take SQL by option, argument or stdin.
var sqlClients = []string{"psql", "mysql", "mariadb", "sqlite3", "sqlite", "sqlcmd", "clickhouse-client", "clickhouse", "duckdb", "cockroach", "cqlsh", "snowsql", "bq", "trino", "presto"}

// sqlOptsWithIt are the options that carry SQL for the clients the registry
// does not declare (bq, snowsql, trino, presto).
var sqlOptsWithIt = []string{"-c", "--command", "-e", "--execute", "-q", "--query", "-Q", "--cmd"}

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
	// interactive reports a client with no SQL at all: it reads the terminal.
	interactive bool
}

// sqlDialect names the SQL a client speaks, for its comments and meta-commands.
func sqlDialect(name string) string {
	switch name {
	case "mysql", "mariadb":
		return "mysql"
	case "sqlite3", "sqlite", "duckdb":
		return "sqlite"
	case "psql", "cockroach":
		return "psql"
	}
	return "sql"
}

// sqlClientInput reads a declared client's argv: where its SQL comes from.
func sqlClientInput(name string, args []shellparse.Word) (sqlInput, bool) {
	prog, ok := programs.Lookup(name)
	if !ok {
		return sqlInput{}, false
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	var in sqlInput
	in.unknown = inv.Scan.Unknown || inv.DynamicVerb
	addOpt := func(names ...string) bool {
		found := false
		for _, o := range inv.Scan.Values(names...) {
			found = true
			if o.Dynamic {
				in.unknown = true
				continue
			}
			in.texts = append(in.texts, o.Value)
		}
		return found
	}
	ops := inv.Scan.OperandWords(words)
	sqlOps := func(from int) {
		for i, w := range ops {
			if i < from {
				continue
			}
			if w.Dynamic {
				in.unknown = true
				continue
			}
			in.texts = append(in.texts, w.Text)
		}
	}
	given := false
	switch name {
	case "psql":
		given = addOpt("-c", "--command")
		// -v NAME=VALUE: a :NAME in the SQL is replaced by VALUE.
		for _, o := range inv.Scan.Values("-v", "--set", "--variable") {
			name, val, ok := strings.Cut(o.Value, "=")
			if !ok {
				continue
			}
			for _, t := range in.texts {
				if strings.Contains(t, ":"+name) || strings.Contains(t, ":'"+name) || strings.Contains(t, `:"`+name) {
					in.texts = append(in.texts, val)
					break
				}
			}
		}
		if f := inv.Scan.Values("-f", "--file"); len(f) > 0 {
			for _, o := range f {
				if o.Value == "-" {
					in.stdin = true
				} else {
					in.file = true
				}
			}
			given = true
		}
		if !given && inv.Scan.Has("-l", "--list") {
			in.listOnly = true
			given = true
		}
	case "mysql", "mariadb":
		addOpt("--init-command")
		given = addOpt("-e", "--execute")
	case "sqlite3", "sqlite", "duckdb":
		addOpt("-cmd")
		given = addOpt("-c", "-s")
		if inv.Scan.Has("-init", "-f", "-A") {
			in.file = true
		}
		if len(ops) > 1 {
			given = true
			sqlOps(1)
		}
		if len(ops) > 0 && ops[0].Dynamic {
			in.unknown = true
		}
	case "clickhouse-client", "clickhouse":
		given = addOpt("-q", "--query")
		if inv.Scan.Has("--queries-file") {
			in.file, given = true, true
		}
		if name == "clickhouse" && (len(inv.Path) == 0 || inv.Node.Writes) {
			return in, true // clickhouse server, install …: not a client
		}
	case "cockroach":
		if len(inv.Path) == 0 || inv.Path[0] != "sql" && inv.Path[0] != "demo" {
			return in, true
		}
		given = addOpt("-e", "--execute")
		if inv.Scan.Has("-f", "--file") {
			in.file, given = true, true
		}
	case "sqlcmd":
		given = addOpt("-Q", "-q", "--query", "--initial-query")
		if inv.Scan.Has("-i", "--input-file") {
			in.file, given = true, true
		}
	case "cqlsh":
		given = addOpt("-e", "--execute")
		if inv.Scan.Has("-f", "--file") {
			in.file, given = true, true
		}
	}
	if !given {
		in.stdin = true
	}
	return in, true
}

// sqlClientReadOnly reports a client run only to read: every statement it is
// given is proven read-only.
func sqlClientReadOnly(name string, args []shellparse.Word) bool {
	if len(args) == 0 {
		return false // an interactive session can do anything
	}
	words := shellparse.RegistryWords(args)
	if prog, ok := programs.Lookup(name); ok {
		inv := prog.Resolve(words)
		if inv.Help(words) || isVersion(args) {
			return true
		}
		if inv.Scan.May("-o", "--output", "-L", "--log-file", "--tee", "--pager", "-readonly") && name != "sqlite3" && name != "sqlite" && name != "duckdb" {
			return false
		}
		if name == "cockroach" && (len(inv.Path) == 0 || inv.Path[0] != "sql") {
			return inv.ReadOnly()
		}
		if name == "clickhouse" && (len(inv.Path) == 0 || inv.Path[0] != "client" && inv.Path[0] != "local") {
			return inv.ReadOnly()
		}
	}
	in, ok := sqlClientInput(name, args)
	if !ok || in.unknown || in.file || in.stdin {
		return false
	}
	if in.listOnly {
		return true
	}
	if len(in.texts) == 0 {
		return false
	}
	for _, t := range in.texts {
		if len(t) > maxJudgedText || !judgeSQL(t, sqlDialect(name)).readOnly() {
			return false
		}
	}
	return true
}

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
	var texts []string
	in, declared := sqlClientInput(base, args)
	if declared {
		texts = in.texts
		if in.stdin {
			if t, known := ck.stdinSQL(c); known {
				texts = append(texts, t...)
			}
		}
	} else {
		texts = legacySQLTexts(args)
		if t, known := ck.stdinSQL(c); known {
			texts = append(texts, t...)
		}
	}
	var v sqlVerdict
	for _, t := range ck.judgedTexts(texts, "SQL") {
		v.merge(judgeSQL(t, sqlDialect(base)))
	}
	v.report(ck, base)
}

// report adds the verdict's findings.
func (v sqlVerdict) report(ck *checker, client string) {
	for _, cmd := range v.shell {
		ck.nestedJob(cmd, client+" runs: ")
	}
	for _, f := range v.outputs {
		ck.writeTarget(shellparse.Word{Text: f, Static: true}, client+" output to "+f)
	}
	if v.inline != "" {
		ck.addFinding(Finding{Kind: finding.InlineCode, Severity: NonSevere, ID: "inline_code.sql_shell", Reason: OneLine(client + ": " + v.inline)})
	}
	if v.severe != "" {
		ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.statement", Reason: OneLine(client + ": " + v.severe),
			Suggestion: "run a SELECT first to see what it would remove, and keep a backup (pg_dump, mysqldump, .backup)"})
	} else if v.destructive != "" {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.sql", Reason: OneLine(client + ": " + v.destructive),
			Suggestion: "run the same WHERE as a SELECT first, inside a transaction you can roll back"})
	}
}

// legacySQLTexts reads the SQL of clients the registry does not declare.
func legacySQLTexts(args []shellparse.Word) []string {
	var texts []string
	for i, a := range args {
		t := a.Text
		for _, opt := range sqlOptsWithIt {
			if t == opt && i+1 < len(args) {
				texts = append(texts, args[i+1].Text)
			} else if strings.HasPrefix(t, opt+"=") {
				texts = append(texts, strings.TrimPrefix(t, opt+"="))
			} else if len(opt) == 2 && strings.HasPrefix(t, opt) && len(t) > 2 && !strings.HasPrefix(t, "--") {
				texts = append(texts, t[2:])
			}
		}
		if !strings.HasPrefix(t, "-") {
			texts = append(texts, t) // bq query "SQL", trino … "SQL"
		}
	}
	return texts
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
		if len(c.Stdin.From) == 0 {
			return nil, false
		}
		known = true
		for _, i := range c.Stdin.From {
			if i < 0 || i >= len(ck.res.Commands) {
				return texts, false
			}
			up := ck.res.Commands[i]
			switch {
			case up.Name == "echo" || up.Name == "printf":
				for _, w := range up.Argv[1:] {
					if !w.Static {
						known = false
					}
				}
				text := joinWords(echoOperands(up.Argv[1:]))
				texts = append(texts, strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(text))
			case up.Name == "cat" && len(up.Argv) == 1 && (up.Stdin.Kind == shellparse.InputHereString || up.Stdin.Kind == shellparse.InputHereDoc):
				texts = append(texts, up.Stdin.Text)
				known = known && up.Stdin.Static
			default:
				known = false
			}
		}
		return texts, known
	}
	return nil, false
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

func (ck *checker) mysqladmin(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		if strings.EqualFold(a.Text, "drop") {
			ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.mysqladmin_drop", Reason: "mysqladmin drop deletes a whole database",
				Suggestion: "mysqldump DATABASE > backup.sql first"})
			return
		}
	}
}

func sqlDrop(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	if isVersion(args) {
		return
	}
	ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.dropdb", Reason: "dropdb deletes a whole database",
		Suggestion: "pg_dump DATABASE > backup.sql first"})
}

// redisFlushRE finds FLUSHALL or FLUSHDB as a word: a command, or inside an
// EVAL script (redis.call('FLUSHALL')).
var redisFlushRE = lazyre.New(`(?i)\bflush(all|db)\b`)

// redisRead are redis commands that only read; redisSubRead those whose
// first argument decides (CONFIG GET, CLIENT LIST).
var (
	redisRead = setOf("GET", "MGET", "GETRANGE", "SUBSTR", "STRLEN", "EXISTS", "TYPE", "TTL", "PTTL", "EXPIRETIME", "PEXPIRETIME", "KEYS", "SCAN",
		"HGET", "HMGET", "HGETALL", "HKEYS", "HVALS", "HLEN", "HEXISTS", "HSTRLEN", "HSCAN", "HRANDFIELD", "LRANGE", "LLEN", "LINDEX", "LPOS",
		"SMEMBERS", "SCARD", "SISMEMBER", "SMISMEMBER", "SSCAN", "SRANDMEMBER", "SINTER", "SUNION", "SDIFF", "SINTERCARD", "ZRANGE", "ZREVRANGE",
		"ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX", "ZCARD", "ZSCORE", "ZMSCORE", "ZRANK", "ZREVRANK", "ZCOUNT",
		"ZLEXCOUNT", "ZSCAN", "ZRANDMEMBER", "ZINTER", "ZUNION", "ZDIFF", "XRANGE", "XREVRANGE", "XLEN", "XINFO", "XPENDING", "BITCOUNT",
		"BITPOS", "GETBIT", "GEOPOS", "GEODIST", "GEOHASH", "GEORADIUS_RO", "GEORADIUSBYMEMBER_RO", "GEOSEARCH", "PFCOUNT", "INFO", "PING", "ECHO",
		"TIME", "DBSIZE", "LASTSAVE", "ROLE", "RANDOMKEY", "OBJECT", "DUMP", "MONITOR", "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "PUBSUB",
		"LOLWUT", "READONLY", "HELLO", "SELECT", "AUTH", "COMMAND", "JSON.GET", "JSON.MGET", "JSON.TYPE", "JSON.STRLEN", "JSON.OBJKEYS",
		"JSON.ARRLEN", "FT.SEARCH", "FT.INFO", "FT._LIST", "FT.AGGREGATE", "FT.EXPLAIN", "TS.GET", "TS.MGET", "TS.RANGE", "TS.REVRANGE",
		"TS.INFO", "TS.QUERYINDEX", "BF.EXISTS", "BF.INFO", "XREAD", "SORT_RO", "LCS", "TOUCH")
	redisSubRead = map[string][]string{
		"CONFIG":   {"GET"},
		"CLIENT":   {"LIST", "INFO", "GETNAME", "ID", "GETREDIR", "TRACKINGINFO", "NO-EVICT"},
		"SLOWLOG":  {"GET", "LEN", "HELP"},
		"LATENCY":  {"LATEST", "HISTORY", "DOCTOR", "GRAPH", "HISTOGRAM", "HELP"},
		"MEMORY":   {"USAGE", "STATS", "DOCTOR", "MALLOC-STATS", "HELP"},
		"CLUSTER":  {"INFO", "NODES", "SLOTS", "SHARDS", "MYID", "MYSHARDID", "KEYSLOT", "COUNTKEYSINSLOT", "GETKEYSINSLOT", "LINKS", "REPLICAS", "SLAVES", "COUNT-FAILURE-REPORTS", "HELP"},
		"MODULE":   {"LIST", "HELP"},
		"FUNCTION": {"LIST", "STATS", "DUMP", "HELP"},
		"ACL":      {"WHOAMI", "LIST", "USERS", "CAT", "GETUSER", "LOG", "DRYRUN", "HELP"},
		"SCRIPT":   {"EXISTS", "HELP"},
		"XINFO":    {"STREAM", "GROUPS", "CONSUMERS", "HELP"},
		"COMMAND":  {"COUNT", "DOCS", "INFO", "LIST", "GETKEYS", "HELP"},
		"OBJECT":   {"ENCODING", "FREQ", "IDLETIME", "REFCOUNT", "HELP"},
		"PUBSUB":   {"CHANNELS", "NUMSUB", "NUMPAT", "SHARDCHANNELS", "SHARDNUMSUB", "HELP"},
	}
	redisDestroy = setOf("DEL", "UNLINK", "HDEL", "SREM", "ZREM", "ZREMRANGEBYSCORE", "ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "LREM", "LTRIM",
		"XDEL", "XTRIM", "GETDEL", "SWAPDB", "SHUTDOWN", "DEBUG", "REPLICAOF", "SLAVEOF", "FT.DROPINDEX", "FT.DROP", "JSON.DEL", "JSON.FORGET", "MIGRATE")
	redisSubDestroy = map[string][]string{
		"SCRIPT":   {"FLUSH", "KILL"},
		"FUNCTION": {"FLUSH", "DELETE", "KILL", "RESTORE"},
		"CLIENT":   {"KILL"},
		"CLUSTER":  {"RESET", "FORGET", "FLUSHSLOTS", "DELSLOTS", "DELSLOTSRANGE", "FAILOVER"},
		"ACL":      {"DELUSER"},
		"XGROUP":   {"DESTROY", "DELCONSUMER"},
		"CONFIG":   {"RESETSTAT"},
	}
	// redisReadModes are redis-cli's own modes that only look.
	redisReadModes = []string{"--scan", "--bigkeys", "--memkeys", "--hotkeys", "--keystats", "--stat", "--latency", "--latency-history", "--latency-dist", "--intrinsic-latency", "--lru-test", "--top-keys"}
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// redisVerdict judges one redis command line (its words).
func redisVerdict(words []string) (severe, destroy, write bool) {
	if len(words) == 0 {
		return false, false, false
	}
	cmd := strings.ToUpper(words[0])
	sub := ""
	if len(words) > 1 {
		sub = strings.ToUpper(words[1])
	}
	switch {
	case cmd == "FLUSHALL" || cmd == "FLUSHDB":
		return true, true, true
	case redisDestroy[cmd]:
		return false, true, true
	case contains(redisSubDestroy[cmd], sub):
		return false, true, true
	case cmd == "RESTORE" && containsFold(words, "REPLACE"):
		return false, true, true
	case cmd == "XREAD" && containsFold(words, "GROUP"):
		return false, false, true
	case redisSubRead[cmd] != nil:
		return false, false, !contains(redisSubRead[cmd], sub)
	case redisRead[cmd]:
		return false, false, false
	}
	return false, false, true
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

func containsFold(list []string, w string) bool {
	for _, x := range list {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// redisInput returns the redis command words an argv gives, and whether the
// client runs a command from its argv, a mode of its own, or reads stdin.
func redisInput(name string, args []shellparse.Word) (inv registry.Invocation, ops []registry.Word, ok bool) {
	prog, found := programs.Lookup(name)
	if !found {
		return inv, nil, false
	}
	words := shellparse.RegistryWords(args)
	inv = prog.Resolve(words)
	return inv, inv.Scan.OperandWords(words), true
}

// redisReadOnly: a redis command that only reads, or a mode that only looks.
func redisReadOnly(name string, args []shellparse.Word) bool {
	inv, ops, ok := redisInput(name, args)
	if !ok || inv.Scan.Unknown {
		return false
	}
	words := shellparse.RegistryWords(args)
	if inv.Help(words) || isVersion(args) {
		return true
	}
	if inv.Scan.Has("--eval", "--pipe", "--rdb", "--functions-rdb", "--ldb", "-x", "--cluster") {
		return false
	}
	if len(ops) == 0 {
		return inv.Scan.Has(redisReadModes...)
	}
	var line []string
	for _, w := range ops {
		line = append(line, w.Text)
	}
	severe, destroy, write := redisVerdict(line)
	return !severe && !destroy && !write
}

func (ck *checker) redis(c shellparse.SimpleCommand, args []shellparse.Word) {
	// FLUSHALL anywhere, an EVAL script's redis.call('FLUSHALL') included.
	texts := []string{joinWords(args)}
	stdin, known := ck.stdinSQL(c)
	texts = append(texts, stdin...)
	for _, t := range texts {
		if redisFlushRE().MatchString(t) {
			ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.redis_flush", Reason: "redis FLUSHALL/FLUSHDB deletes every key",
				Suggestion: "redis-cli --scan --pattern 'PREFIX*' to see the keys, then delete only those"})
			return
		}
	}
	base := path.Base(c.Name)
	inv, ops, ok := redisInput(base, args)
	if !ok {
		return
	}
	var lines [][]string
	if len(ops) > 0 {
		var line []string
		for _, w := range ops {
			line = append(line, w.Text)
		}
		lines = append(lines, line)
	} else if known && !inv.Scan.Has(redisReadModes...) {
		for _, t := range stdin {
			for _, l := range strings.Split(t, "\n") {
				lines = append(lines, strings.Fields(l))
			}
		}
	}
	if cl, ok := inv.Scan.Value("--cluster"); ok && strings.EqualFold(cl.Value, "call") {
		// redis-cli --cluster call HOST:PORT CMD …: the command runs on every node.
		if len(ops) > 1 {
			lines = append(lines, lineTexts(ops[1:]))
		}
	}
	for _, l := range lines {
		if _, destroy, _ := redisVerdict(l); destroy {
			verb := strings.ToUpper(l[0])
			if len(l) > 1 && redisSubDestroy[verb] != nil {
				verb += " " + strings.ToUpper(l[1])
			}
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.redis",
				Reason: OneLine(base + " " + verb + " deletes keys, disconnects clients or stops or resets the server")})
			return
		}
	}
}

func lineTexts(ws []registry.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

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
		if o.Dynamic {
			unknown = true
		}
		texts = append(texts, o.Value)
	}
	if inv.Scan.Has("-f", "--file") {
		file, given = true, true
	}
	for _, w := range inv.Scan.OperandWords(words) {
		if strings.HasSuffix(w.Text, ".js") || strings.HasSuffix(w.Text, ".mongodb") {
			file, given = true, true
		}
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
	for _, t := range texts {
		if len(t) > maxJudgedText || !mongoReads(t) {
			return false
		}
	}
	return true
}

func (ck *checker) mongo(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	texts, _, _, given := mongoTexts(base, args)
	if !given {
		if t, known := ck.stdinSQL(c); known {
			texts = append(texts, t...)
		}
	}
	// The words themselves too: a database named by a script is still seen.
	texts = append(texts, joinWords(args))
	var v sqlVerdict
	for _, t := range ck.judgedTexts(texts, "mongo shell script") {
		v.merge(judgeMongo(t))
	}
	v.report(ck, base)
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
