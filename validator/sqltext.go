package validator

import "strings"

// sqlVerdict is what a SQL text does, the worst reading kept.
type sqlVerdict struct {
	// severe is why the text destroys data (sql_destructive), or "".
	severe string
	// destructive is why it deletes or overwrites some rows (destructive_action).
	destructive string
	// inline is why it runs a shell command, or "".
	inline string
	// write reports a statement that is not proven to only read.
	write bool
	// shell are the shell commands the text runs (\! CMD, .shell CMD,
	// system CMD), judged as commands of their own.
	shell []string
	// outputs are files the client writes on this machine (\o FILE, .output
	// FILE, COPY … TO 'FILE' in an embedded database).
	outputs []string
}

func (v *sqlVerdict) merge(o sqlVerdict) {
	if v.severe == "" {
		v.severe = o.severe
	}
	if v.destructive == "" {
		v.destructive = o.destructive
	}
	if v.inline == "" {
		v.inline = o.inline
	}
	v.write = v.write || o.write
	for _, c := range o.shell {
		if !contains(v.shell, c) {
			v.shell = append(v.shell, c)
		}
	}
	for _, f := range o.outputs {
		if !contains(v.outputs, f) {
			v.outputs = append(v.outputs, f)
		}
	}
}

func (v sqlVerdict) readOnly() bool {
	return !v.write && v.severe == "" && v.destructive == "" && v.inline == ""
}

// judgeSQL judges a SQL text under each reading and keeps the worst.
func judgeSQL(text, dialect string) sqlVerdict {
	var v sqlVerdict
	if dialect == "mysql" || dialect == "sql" {
		// DELIMITER // makes // end statements: read that way too.
		for _, m := range delimiterRE().FindAllStringSubmatch(text, 4) {
			if m[1] != ";" {
				v.merge(judgeSQL(strings.ReplaceAll(text, m[1], ";"), dialect+"-delim"))
			}
		}
		dialect = strings.TrimSuffix(dialect, "-delim")
	}
	dialect = strings.TrimSuffix(dialect, "-delim")
	for _, bs := range []bool{false, true} {
		for _, hash := range []bool{false, true} {
			for _, nested := range []bool{false, true} {
				toks := lexSQL(text, sqlLexOpts{backslash: bs, hash: hash, nested: nested, dialect: dialect}, 0)
				v.merge(judgeTokens(toks, dialect))
			}
		}
	}
	return v
}

// sqlReadLead are the statements that only read.
var sqlReadLead = setOf("SELECT", "WITH", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "VALUES", "TABLE", "USE", "BEGIN", "START", "COMMIT",
	"END", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "SET", "SUMMARIZE", "FROM", "EXISTS", "HELP", "STATUS", "CHECKSUM", "ABORT",
	"FETCH", "CLOSE", "LISTEN", "UNLISTEN", "ECHO", "PRINT")

// sqlBoundary are the tokens after which a statement verb starts a statement
// of its own: the start, parentheses (WITH x AS (DELETE …)), procedural
// blocks, EXPLAIN ANALYZE and rule actions.
var sqlBoundary = setOf("(", ")", ";", "BEGIN", "DO", "THEN", "ELSE", "LOOP", "AS", "EXPLAIN", "ANALYZE", "ANALYSE", "VERBOSE", "INSTEAD", "ALSO")

// sqlSideEffects are functions that change things even inside a SELECT.
var sqlSideEffects = setOf("NEXTVAL", "SETVAL", "LO_IMPORT", "LO_EXPORT", "LO_UNLINK", "LO_CREATE", "LO_FROM_BYTEA", "LO_PUT", "DBLINK",
	"DBLINK_EXEC", "DBLINK_CONNECT", "SET_CONFIG", "LOAD_FILE", "SYS_EXEC", "SYS_EVAL", "XP_CMDSHELL", "BENCHMARK", "GET_LOCK",
	"RELEASE_LOCK", "QUERY_TO_XML", "QUERY_TO_XMLSCHEMA", "QUERY_TO_XML_AND_XMLSCHEMA", "CURSOR_TO_XML", "LOAD_EXTENSION", "WRITEFILE",
	"EDIT", "FTS3_TOKENIZER", "EXECUTABLE", "URL", "S3", "REMOTE", "REMOTESECURE", "HTTP_GET", "HTTP_POST", "TXID_CURRENT", "SHELL", "SYSTEM", "EXECUTE", "EXEC", "PG_READ_FILE", "PG_READ_BINARY_FILE", "LO_GET")

// pgReadFuncs are the pg_ functions that only look; any other pg_ function
// (pg_terminate_backend, pg_reload_conf, pg_drop_replication_slot …) acts.
var pgReadFuncs = []string{"PG_SIZE_", "PG_DATABASE_SIZE", "PG_TOTAL_RELATION_SIZE", "PG_RELATION_SIZE", "PG_TABLE_SIZE", "PG_INDEXES_SIZE",
	"PG_COLUMN_SIZE", "PG_TABLESPACE_SIZE", "PG_GET_", "PG_STAT_GET", "PG_IS_", "PG_LAST_", "PG_CURRENT_", "PG_BACKEND_PID",
	"PG_POSTMASTER_START_TIME", "PG_CONF_LOAD_TIME", "PG_TYPEOF", "PG_BLOCKING_PIDS", "PG_HAS_ROLE", "PG_TABLE_IS_VISIBLE",
	"PG_FUNCTION_IS_VISIBLE", "PG_TYPE_IS_VISIBLE", "PG_ENCODING_TO_CHAR", "PG_DESCRIBE_OBJECT", "PG_MY_TEMP_SCHEMA", "PG_JIT_AVAILABLE",
	"PG_WAL_LSN_DIFF", "PG_RELATION_FILE", "PG_INDEX", "PG_OPTIONS_TO_TABLE", "PG_VISIBLE_IN_SNAPSHOT", "PG_XACT_STATUS", "PG_SNAPSHOT_",
	"PG_INPUT_IS_VALID", "PG_COLUMN_COMPRESSION", "PG_CLIENT_ENCODING", "PG_SLEEP", "PG_NOTIFICATION_QUEUE_USAGE", "PG_TRIGGER_DEPTH",
	"PG_WALFILE_NAME", "PG_CONTROL_", "PG_AVAILABLE_EXTENSION", "PG_PARTITION_", "PG_TABLESPACE_LOCATION", "PG_SETTINGS_GET_FLAGS",
	"PG_CHAR_TO_ENCODING", "PG_COLLATION_IS_VISIBLE", "PG_OPCLASS_IS_VISIBLE", "PG_OPERATOR_IS_VISIBLE", "PG_TS_", "PG_CONVERSION_IS_VISIBLE",
	"PG_INDEXAM_HAS_PROPERTY", "PG_LISTENING_CHANNELS", "PG_POSTMASTER", "PG_SAFE_SNAPSHOT_BLOCKING_PIDS"}

// sqlitePragmaActs are pragmas that act even without a value.
var sqlitePragmaActs = setOf("OPTIMIZE", "WAL_CHECKPOINT", "SHRINK_MEMORY", "INCREMENTAL_VACUUM", "VACUUM")

// sqliteListPragmas take a table or index name and only list.
var sqliteListPragmas = setOf("TABLE_INFO", "TABLE_XINFO", "INDEX_LIST", "INDEX_INFO", "INDEX_XINFO", "FOREIGN_KEY_LIST", "FOREIGN_KEY_CHECK",
	"INTEGRITY_CHECK", "QUICK_CHECK", "TABLE_LIST")

// judgeTokens judges a token list statement by statement.
func judgeTokens(toks []sqlTok, dialect string) sqlVerdict {
	var v sqlVerdict
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && toks[i].kind == 'm' {
			v.merge(judgeStatement(toks[start:i], dialect))
			v.merge(judgeMeta(toks[i], dialect))
			start = i + 1
			continue
		}
		if i < len(toks) && toks[i].kind == 'd' {
			v.merge(judgeStatement(toks[start:i], dialect))
			v.merge(judgeDot(toks[i]))
			start = i + 1
			continue
		}
		if i == len(toks) || toks[i].kind == 'p' && toks[i].text == ";" {
			v.merge(judgeStatement(toks[start:i], dialect))
			start = i + 1
		}
	}
	return v
}

// tautology is a WHERE that keeps every row: WHERE 1=1, WHERE true, WHERE 1.
func tautology(toks []sqlTok, at int) bool {
	rest := toks[at+1:]
	end := len(rest)
	for k, t := range rest {
		if t.kind == 'w' && (t.text == "AND" || t.text == "LIMIT" || t.text == "RETURNING" || t.text == "ORDER") || t.kind == 'p' && t.text == ")" {
			end = k
			break
		}
		if t.kind == 'w' && t.text == "OR" {
			end = k
			break
		}
	}
	rest = rest[:end]
	var b strings.Builder
	for _, t := range rest {
		if t.kind == 's' {
			b.WriteString("'" + t.text + "'")
		} else {
			b.WriteString(t.text)
		}
	}
	w := b.String()
	if w == "TRUE" || w == "1" || w == "NOT0" || w == "NOTFALSE" {
		return true
	}
	if l, r, ok := strings.Cut(w, "="); ok && l == r && !strings.ContainsAny(l, "<>!") {
		return true
	}
	return false
}

// whereAhead reports whether the statement that starts at toks[i] (a DELETE or
// UPDATE) has a WHERE at its own nesting level, and whether that WHERE keeps
// every row.
func whereAhead(toks []sqlTok, i int) (where, all bool) {
	depth := 0
	for k := i + 1; k < len(toks); k++ {
		t := toks[k]
		if t.kind == 'p' {
			switch t.text {
			case "(":
				depth++
			case ")":
				depth--
				if depth < 0 {
					return false, false
				}
			}
			continue
		}
		if t.kind == 'w' && depth == 0 {
			if t.text == "DELETE" || t.text == "UPDATE" || t.text == "DROP" || t.text == "TRUNCATE" || t.text == "INSERT" {
				return false, false // another statement begins: this one had no WHERE
			}
			if t.text == "WHERE" {
				return true, tautology(toks, k)
			}
			if t.text == "CURRENT" { // WHERE CURRENT OF cursor
				return true, false
			}
		}
	}
	return false, false
}

// judgeStatement judges one statement.
func judgeStatement(st []sqlTok, dialect string) sqlVerdict {
	var v sqlVerdict
	lead := -1
	for k, t := range st {
		if t.kind == 'p' && t.text == "(" {
			continue
		}
		lead = k
		break
	}
	if lead < 0 {
		return v
	}
	first := st[lead]
	if first.kind != 'w' {
		v.write = true
		return v
	}
	L := first.text
	hasAnalyze := false
	for _, t := range st {
		if t.kind == 'w' && (t.text == "ANALYZE" || t.text == "ANALYSE") {
			hasAnalyze = true
		}
	}
	if !sqlReadLead[L] {
		v.write = true
	}
	if L == "EXPLAIN" && !hasAnalyze {
		return v // EXPLAIN plans the statement without running it
	}
	// Statement verbs wherever one starts.
	for k, t := range st {
		if t.kind != 'w' {
			if t.kind == 's' && k > 0 && st[k-1].kind == 'w' && (st[k-1].text == "EXECUTE" || st[k-1].text == "FROM" && L == "PREPARE" || st[k-1].text == "EXEC") {
				// EXECUTE 'DROP TABLE t', PREPARE s FROM 'DELETE FROM t': the string is SQL.
				v.write = true
				// One reading only: nested EXECUTEs must not multiply the readings.
				inner := judgeTokens(lexSQL(t.text, sqlLexOpts{dialect: dialect}, 1), dialect)
				v.merge(inner)
			}
			continue
		}
		prev := ""
		if k > 0 {
			prev = st[k-1].text
		}
		atStart := k == lead || k > 0 && sqlBoundary[prev] && st[k-1].kind != 's' && st[k-1].kind != 'i'
		switch t.text {
		case "DROP":
			if L == "ALTER" && !atStart {
				v.write = true
				v.merge(alterDrop(st, k))
				continue
			}
			if atStart {
				v.write = true
				what := "an object"
				if k+1 < len(st) && st[k+1].kind == 'w' {
					what = strings.ToLower(st[k+1].text)
				}
				if v.severe == "" {
					v.severe = "DROP " + strings.ToUpper(what) + " destroys a " + what + " and what it holds"
				}
			}
		case "TRUNCATE":
			if atStart {
				v.write = true
				if v.severe == "" {
					v.severe = "TRUNCATE empties a table"
				}
			}
		case "DELETE", "UPDATE":
			onClause := prev == "ON" || prev == "FOR" || prev == "KEY" || prev == "," || prev == "GRANT" || prev == "OF" || prev == "BEFORE" || prev == "AFTER"
			if onClause || (!atStart && L != "ALTER") {
				continue
			}
			v.write = true
			if L == "ALTER" || L == "MERGE" || prev == "DO" && L == "INSERT" {
				// ClickHouse ALTER TABLE t DELETE WHERE …, MERGE … THEN DELETE, ON CONFLICT DO UPDATE.
				if L != "INSERT" && v.destructive == "" {
					v.destructive = t.text + " changes or removes rows"
				}
				continue
			}
			where, all := whereAhead(st, k)
			switch {
			case !where && t.text == "DELETE":
				if v.severe == "" {
					v.severe = "DELETE without WHERE empties a table"
				}
			case !where:
				if v.severe == "" {
					v.severe = "UPDATE without WHERE overwrites every row"
				}
			case all:
				if v.severe == "" {
					v.severe = t.text + " with a WHERE that matches every row changes the whole table"
				}
			default:
				if v.destructive == "" {
					if t.text == "DELETE" {
						v.destructive = "DELETE … WHERE removes rows"
					} else {
						v.destructive = "UPDATE … WHERE overwrites rows"
					}
				}
			}
		case "INSERT", "REPLACE", "MERGE", "CREATE", "ALTER", "GRANT", "REVOKE", "COPY", "CALL", "LOAD", "VACUUM", "REINDEX", "CLUSTER",
			"REFRESH", "LOCK", "COMMENT", "IMPORT", "ATTACH", "DETACH", "RENAME", "OPTIMIZE", "FLUSH", "KILL", "RESET", "DISCARD",
			"CHECKPOINT", "INSTALL", "SYSTEM", "UPSERT", "EXPORT", "SOURCE", "TEE", "PAGER":
			if atStart {
				v.write = true
			}
		case "INTO", "OUTFILE", "DUMPFILE":
			v.write = true // SELECT … INTO creates a table or writes a file
		case "PROGRAM":
			if L == "COPY" {
				v.inline = "COPY … PROGRAM runs a shell command on the database server"
			}
		}
		// A function that acts, even inside a SELECT.
		if k+1 < len(st) && st[k+1].kind == 'p' && st[k+1].text == "(" {
			if sqlSideEffects[t.text] || strings.HasPrefix(t.text, "PG_") && !pgRead(t.text) {
				v.write = true
			}
			// Any other function must be a built-in known to only compute: a
			// user's function may write.
			if !sqlNotFunction[t.text] && !sqlPureFunctions[t.text] && !pgRead(t.text) && !cteColumns(st, k+1) {
				v.write = true
			}
			if t.text == "LOAD_EXTENSION" || t.text == "SYS_EXEC" || t.text == "SYS_EVAL" || t.text == "XP_CMDSHELL" {
				v.inline = strings.ToLower(t.text) + "() runs native code or a shell command"
			}
		}
	}
	if (L == "COPY" || L == "EXPORT") && dialect == "sqlite" {
		// DuckDB writes COPY … TO 'file' and EXPORT DATABASE 'dir' on this machine.
		for k := lead; k+1 < len(st); k++ {
			if st[k].kind == 'w' && (st[k].text == "TO" || st[k].text == "DATABASE") && st[k+1].kind == 's' {
				v.outputs = append(v.outputs, st[k+1].text)
			}
		}
	}
	switch L {
	case "SET":
		if lead+1 < len(st) {
			n := st[lead+1].text
			if n == "GLOBAL" || n == "PERSIST" || n == "PERSIST_ONLY" || n == "PASSWORD" || n == "DEFAULT" || strings.HasPrefix(n, "@@GLOBAL") || n == "@" && lead+3 < len(st) && st[lead+3].text == "GLOBAL" {
				v.write = true
			}
		}
	case "PRAGMA":
		name := ""
		for _, t := range st[lead+1:] {
			if t.kind == 'w' {
				name = t.text // schema.name: the last word before ( or =
			}
			if t.kind == 'p' && (t.text == "=" || t.text == "(") {
				if t.text == "=" || !sqliteListPragmas[name] {
					v.write = true
				}
				break
			}
		}
		if sqlitePragmaActs[name] {
			v.write = true
		}

	case "PAGER":
		v.inline = "pager runs a shell command on every result"
	case "USE", "BEGIN", "START":
	}
	return v
}

func pgRead(name string) bool {
	for _, p := range pgReadFuncs {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// alterDrop judges ALTER … DROP at st[k].
func alterDrop(st []sqlTok, k int) sqlVerdict {
	var v sqlVerdict
	v.write = true
	next := ""
	if k+1 < len(st) {
		next = st[k+1].text
	}
	switch next {
	case "NOT", "DEFAULT", "IDENTITY", "EXPRESSION", "ATTRIBUTE", "OWNED", "VALUE", "MAPPING":
	case "CONSTRAINT", "INDEX", "KEY", "PRIMARY", "FOREIGN", "CHECK", "UNIQUE", "TRIGGER", "PROJECTION", "STATISTICS":
		v.destructive = "ALTER … DROP " + next + " removes a constraint or index"
	default:
		v.severe = "ALTER TABLE … DROP removes a column or partition with its data"
	}
	return v
}
