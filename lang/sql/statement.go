package sql

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// readLead are the statements that only read.
var readLead = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("SELECT", "WITH", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "VALUES", "TABLE", "USE", "BEGIN", "START", "COMMIT",
		"END", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "SET", "SUMMARIZE", "FROM", "EXISTS", "HELP", "STATUS", "CHECKSUM", "ABORT",
		"FETCH", "CLOSE", "LISTEN", "UNLISTEN", "ECHO", "PRINT")
}}

// boundary are the tokens after which a statement verb starts a statement
// of its own: the start, parentheses (WITH x AS (DELETE …)), procedural
// blocks, EXPLAIN ANALYZE and rule actions.
var boundary = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("(", ")", ";", "BEGIN", "DO", "THEN", "ELSE", "LOOP", "AS", "EXPLAIN", "ANALYZE", "ANALYSE", "VERBOSE", "INSTEAD", "ALSO")
}}

// writeVerbs are the statement verbs that change something when they start
// a statement.
var writeVerbs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("INSERT", "REPLACE", "MERGE", "CREATE", "ALTER", "GRANT", "REVOKE", "COPY", "CALL", "LOAD", "VACUUM", "REINDEX",
		"CLUSTER", "REFRESH", "LOCK", "COMMENT", "IMPORT", "ATTACH", "DETACH", "RENAME", "OPTIMIZE", "FLUSH", "KILL", "RESET", "DISCARD",
		"CHECKPOINT", "INSTALL", "SYSTEM", "UPSERT", "EXPORT", "SOURCE", "TEE", "PAGER")
}}

// rowClauseWords are the words before DELETE or UPDATE that make it a
// clause, not a statement (ON DELETE CASCADE, FOR UPDATE, GRANT UPDATE).
var rowClauseWords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("ON", "FOR", "KEY", ",", "GRANT", "OF", "BEFORE", "AFTER")
}}

// nativeCalls are the functions that run native code or a shell command.
var nativeCalls = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("LOAD_EXTENSION", "SYS_EXEC", "SYS_EVAL", "XP_CMDSHELL")
}}

// stmt is one statement being judged.
type stmt struct {
	toks []token
	// lead is the index of the statement's first word; verb is that word.
	lead int
	verb string
	d    Dialect
	v    Verdict
}

// judgeStatement judges one statement.
func judgeStatement(toks []token, d Dialect) Verdict {
	lead := leadIndex(toks)
	if lead < 0 {
		return Verdict{}
	}
	if toks[lead].kind != tokWord {
		return Verdict{Writes: true}
	}
	s := stmt{toks: toks, lead: lead, verb: toks[lead].text, d: d}
	if !readLead.Get()[s.verb] {
		s.v.Writes = true
	}
	if s.verb == "EXPLAIN" && !s.analyzes() {
		return s.v // EXPLAIN plans the statement without running it
	}
	for k := range toks {
		s.token(k)
	}
	s.localOutputs()
	s.leadRules()
	return s.v
}

// leadIndex is the index of the first token past opening parentheses, or -1.
func leadIndex(toks []token) int {
	for k, t := range toks {
		if !t.is(tokPunct, "(") {
			return k
		}
	}
	return -1
}

// analyzes reports EXPLAIN ANALYZE: the statement is run.
func (s *stmt) analyzes() bool {
	for _, t := range s.toks {
		if t.kind == tokWord && (t.text == "ANALYZE" || t.text == "ANALYSE") {
			return true
		}
	}
	return false
}

func (s *stmt) severe(reason string) {
	if s.v.Severe == "" {
		s.v.Severe = reason
	}
}

func (s *stmt) destructive(reason string) {
	if s.v.Destructive == "" {
		s.v.Destructive = reason
	}
}

func (s *stmt) prevText(k int) string {
	if k == 0 {
		return ""
	}
	return s.toks[k-1].text
}

// token judges the token at k: a statement verb wherever one starts, a
// string that is SQL, a function call.
func (s *stmt) token(k int) {
	t := s.toks[k]
	if t.kind != tokWord {
		s.literal(k)
		return
	}
	prev := s.prevText(k)
	atStart := k == s.lead || k > 0 && boundary.Get()[prev] && s.toks[k-1].kind != tokString && s.toks[k-1].kind != tokIdent
	if s.keyword(k, prev, atStart) {
		s.call(k)
	}
}

// literal judges a string that is SQL: EXECUTE 'DROP TABLE t', PREPARE s
// FROM 'DELETE FROM t'. It is read one way only, so that nested EXECUTEs do
// not multiply the readings.
func (s *stmt) literal(k int) {
	t := s.toks[k]
	if t.kind != tokString || k == 0 || s.toks[k-1].kind != tokWord {
		return
	}
	switch prev := s.toks[k-1].text; {
	case prev == "EXECUTE", prev == "EXEC", prev == "FROM" && s.verb == "PREPARE":
		s.v.Writes = true
		s.v.Merge(judgeTokens(lex(t.text, lexOpts{dialect: s.d}, 1), s.d))
	}
}

// keyword judges a statement verb; it reports whether the word may still
// be a function's name.
func (s *stmt) keyword(k int, prev string, atStart bool) bool {
	switch s.toks[k].text {
	case "DROP":
		return s.drop(k, atStart)
	case "TRUNCATE":
		if atStart {
			s.v.Writes = true
			s.severe("TRUNCATE empties a table")
		}
	case "DELETE", "UPDATE":
		return s.rowChange(k, prev, atStart)
	case "INTO", "OUTFILE", "DUMPFILE":
		s.v.Writes = true // SELECT … INTO creates a table or writes a file
	case "PROGRAM":
		if s.verb == "COPY" {
			s.v.Inline = "COPY … PROGRAM runs a shell command on the database server"
		}
	default:
		if atStart && writeVerbs.Get()[s.toks[k].text] {
			s.v.Writes = true
		}
	}
	return true
}

// drop judges DROP at k.
func (s *stmt) drop(k int, atStart bool) bool {
	if s.verb == "ALTER" && !atStart {
		s.v.Writes = true
		s.v.Merge(alterDrop(s.toks, k))
		return false
	}
	if atStart {
		s.v.Writes = true
		what := "an object"
		if k+1 < len(s.toks) && s.toks[k+1].kind == tokWord {
			what = strings.ToLower(s.toks[k+1].text)
		}
		s.severe("DROP " + strings.ToUpper(what) + " destroys a " + what + " and what it holds")
	}
	return true
}

// rowChange judges DELETE or UPDATE at k: without a WHERE, or with one that
// keeps every row, it changes the whole table.
func (s *stmt) rowChange(k int, prev string, atStart bool) bool {
	verb := s.toks[k].text
	if rowClauseWords.Get()[prev] || !atStart && s.verb != "ALTER" {
		return false
	}
	s.v.Writes = true
	if s.verb == "ALTER" || s.verb == "MERGE" || prev == "DO" && s.verb == "INSERT" {
		// ClickHouse ALTER TABLE t DELETE WHERE …, MERGE … THEN DELETE, ON CONFLICT DO UPDATE.
		if s.verb != "INSERT" {
			s.destructive(verb + " changes or removes rows")
		}
		return false
	}
	where, all := whereAhead(s.toks, k)
	s.v.Merge(rowsChanged(verb, where, all))
	return true
}

// rowsChanged is what a DELETE or UPDATE changes: every row without a WHERE
// or with one that keeps every row, else some.
func rowsChanged(verb string, where, all bool) Verdict {
	switch {
	case !where && verb == "DELETE":
		return Verdict{Severe: "DELETE without WHERE empties a table"}
	case !where:
		return Verdict{Severe: "UPDATE without WHERE overwrites every row"}
	case all:
		return Verdict{Severe: verb + " with a WHERE that matches every row changes the whole table"}
	case verb == "DELETE":
		return Verdict{Destructive: "DELETE … WHERE removes rows"}
	}
	return Verdict{Destructive: "UPDATE … WHERE overwrites rows"}
}

// call judges a function call at k: a function that acts, even inside a
// SELECT, or one not known to only compute (a user's function may write).
func (s *stmt) call(k int) {
	if k+1 >= len(s.toks) || !s.toks[k+1].is(tokPunct, "(") {
		return
	}
	name := s.toks[k].text
	if acts(name) || !computes(name) && !cteColumns(s.toks, k+1) {
		s.v.Writes = true
	}
	if nativeCalls.Get()[name] {
		s.v.Inline = strings.ToLower(name) + "() runs native code or a shell command"
	}
}

// acts reports a function that changes things even inside a SELECT:
// nextval, dblink_exec, any pg_ function that does not only look.
func acts(name string) bool {
	return sideEffects.Get()[name] || strings.HasPrefix(name, "PG_") && !pgRead(name)
}

// computes reports a word before a parenthesis that is a keyword or type,
// or a built-in function known to only compute or look.
func computes(name string) bool {
	return notFunction.Get()[name] || pureFunctions.Get()[name] || pgRead(name)
}

// localOutputs are the files DuckDB writes on this machine: COPY … TO
// 'file', EXPORT DATABASE 'dir'.
func (s *stmt) localOutputs() {
	if s.verb != "COPY" && s.verb != "EXPORT" || s.d != SQLite {
		return
	}
	for k := s.lead; k+1 < len(s.toks); k++ {
		if t := s.toks[k]; t.kind == tokWord && (t.text == "TO" || t.text == "DATABASE") && s.toks[k+1].kind == tokString {
			s.v.Outputs = append(s.v.Outputs, s.toks[k+1].text)
		}
	}
}

// leadRules are the rules of statements that read unless told otherwise:
// SET GLOBAL, PRAGMA x = …, PAGER.
func (s *stmt) leadRules() {
	switch s.verb {
	case "SET":
		if s.setsGlobal() {
			s.v.Writes = true
		}
	case "PRAGMA":
		s.pragma()
	case "PAGER":
		s.v.Inline = "pager runs a shell command on every result"
	}
}

// setsGlobal reports SET GLOBAL, PERSIST, PASSWORD, DEFAULT ROLE or
// @@GLOBAL.x: a setting beyond the session.
func (s *stmt) setsGlobal() bool {
	if s.lead+1 >= len(s.toks) {
		return false
	}
	switch n := s.toks[s.lead+1].text; {
	case n == "GLOBAL", n == "PERSIST", n == "PERSIST_ONLY", n == "PASSWORD", n == "DEFAULT", strings.HasPrefix(n, "@@GLOBAL"):
		return true
	case n == "@" && s.lead+3 < len(s.toks) && s.toks[s.lead+3].text == "GLOBAL":
		return true
	}
	return false
}

// sqlitePragmaActs are pragmas that act even without a value.
var sqlitePragmaActs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("OPTIMIZE", "WAL_CHECKPOINT", "SHRINK_MEMORY", "INCREMENTAL_VACUUM", "VACUUM")
}}

// sqliteListPragmas take a table or index name and only list.
var sqliteListPragmas = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("TABLE_INFO", "TABLE_XINFO", "INDEX_LIST", "INDEX_INFO", "INDEX_XINFO", "FOREIGN_KEY_LIST", "FOREIGN_KEY_CHECK",
		"INTEGRITY_CHECK", "QUICK_CHECK", "TABLE_LIST")
}}

// pragma judges PRAGMA: a value set (= or, but for the listing pragmas, an
// argument) changes the database.
func (s *stmt) pragma() {
	name := ""
	for _, t := range s.toks[s.lead+1:] {
		if t.kind == tokWord {
			name = t.text // schema.name: the last word before ( or =
		}
		if t.kind == tokPunct && (t.text == "=" || t.text == "(") {
			if t.text == "=" || !sqliteListPragmas.Get()[name] {
				s.v.Writes = true
			}
			break
		}
	}
	if sqlitePragmaActs.Get()[name] {
		s.v.Writes = true
	}
}

// alterDrop judges ALTER … DROP at toks[k].
func alterDrop(toks []token, k int) Verdict {
	v := Verdict{Writes: true}
	next := ""
	if k+1 < len(toks) {
		next = toks[k+1].text
	}
	switch next {
	case "NOT", "DEFAULT", "IDENTITY", "EXPRESSION", "ATTRIBUTE", "OWNED", "VALUE", "MAPPING":
	case "CONSTRAINT", "INDEX", "KEY", "PRIMARY", "FOREIGN", "CHECK", "UNIQUE", "TRIGGER", "PROJECTION", "STATISTICS":
		v.Destructive = "ALTER … DROP " + next + " removes a constraint or index"
	default:
		v.Severe = "ALTER TABLE … DROP removes a column or partition with its data"
	}
	return v
}

// statementVerbs end a DELETE's or UPDATE's search for its WHERE: another
// statement begins.
var statementVerbs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("DELETE", "UPDATE", "DROP", "TRUNCATE", "INSERT")
}}

// whereAhead reports whether the statement that starts at toks[i] (a DELETE or
// UPDATE) has a WHERE at its own nesting level, and whether that WHERE keeps
// every row.
func whereAhead(toks []token, i int) (where, all bool) {
	depth := 0
	for k := i + 1; k < len(toks); k++ {
		t := toks[k]
		if t.kind == tokPunct {
			if depth = nest(t.text, depth); depth < 0 {
				return false, false
			}
			continue
		}
		if t.kind != tokWord || depth != 0 {
			continue
		}
		switch {
		case statementVerbs.Get()[t.text]:
			return false, false // another statement begins: this one had no WHERE
		case t.text == "WHERE":
			return true, tautology(toks, k)
		case t.text == "CURRENT": // WHERE CURRENT OF cursor
			return true, false
		}
	}
	return false, false
}

// nest returns the nesting depth after a punctuation token.
func nest(p string, depth int) int {
	switch p {
	case "(":
		return depth + 1
	case ")":
		return depth - 1
	}
	return depth
}

// tautology is a WHERE that keeps every row: WHERE 1=1, WHERE true, WHERE 1.
func tautology(toks []token, at int) bool {
	rest := toks[at+1:]
	w := conditionText(rest[:conditionEnd(rest)])
	if w == "TRUE" || w == "1" || w == "NOT0" || w == "NOTFALSE" {
		return true
	}
	l, r, ok := strings.Cut(w, "=")
	return ok && l == r && !strings.ContainsAny(l, "<>!")
}

// conditionEnd is where a WHERE's first condition ends: AND, OR, LIMIT,
// RETURNING, ORDER or a closing parenthesis.
func conditionEnd(toks []token) int {
	for k, t := range toks {
		switch {
		case t.kind == tokWord && (t.text == "AND" || t.text == "OR" || t.text == "LIMIT" || t.text == "RETURNING" || t.text == "ORDER"):
			return k
		case t.is(tokPunct, ")"):
			return k
		}
	}
	return len(toks)
}

// conditionText is a condition's tokens written without blanks, strings
// quoted.
func conditionText(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		if t.kind == tokString {
			b.WriteString("'" + t.text + "'")
		} else {
			b.WriteString(t.text)
		}
	}
	return b.String()
}
