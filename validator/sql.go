package validator

import (
	"strings"

	"permgate/shellparse"
)

// sqlClients are database shells that take SQL by option, argument or stdin.
var sqlClients = []string{"psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "clickhouse-client", "clickhouse", "duckdb", "cockroach", "cqlsh", "snowsql", "bq", "trino", "presto"}

var (
	sqlDropRE     = lazyRegexp(`(?i)\b(drop\s+\S|truncate(\s+table)?\s+\S)`)
	sqlCommentRE  = lazyRegexp(`(?s)/\*.*?\*/|--[^\n]*|#[^\n]*`)
	sqlDeleteRE   = lazyRegexp(`(?is)\bdelete\s+from\s+[^;]*`)
	sqlWhereRE    = lazyRegexp(`(?i)\bwhere\b`)
	sqlAlterDrop  = lazyRegexp(`(?i)\balter\s+table\s+\S+\s+drop\b`)
	sqlUpdateAll  = lazyRegexp(`(?is)\bupdate\s+\S+\s+set\s+[^;]*`)
	mongoDropRE   = lazyRegexp(`(?i)dropDatabase|\bdrop\b|deleteMany\s*\(\s*\{\s*\}\s*\)|remove\s*\(\s*\{\s*\}\s*\)`)
	sqlOptsWithIt = []string{"-c", "--command", "-e", "--execute", "-q", "--query", "-Q", "--cmd"}
)

// sqlDestructive returns why a SQL text destroys data, or "".
func sqlDestructive(text string) string {
	// Comments hide nothing: DROP/**/TABLE drops, and a WHERE in a comment filters
	// nothing. Both readings are checked, as a comment marker may sit in a string.
	raw := text
	text = sqlCommentRE().ReplaceAllString(text, " ")
	for _, t := range []string{raw, text} {
		if m := sqlDropRE().FindString(t); m != "" {
			return strings.ToUpper(strings.Fields(m)[0]) + " destroys a table or database"
		}
	}
	for _, stmt := range sqlDeleteRE().FindAllString(text, -1) {
		if !sqlWhereRE().MatchString(stmt) {
			return "DELETE without WHERE empties a table"
		}
	}
	if sqlAlterDrop().MatchString(text) {
		return "ALTER TABLE … DROP removes a column or constraint with its data"
	}
	for _, stmt := range sqlUpdateAll().FindAllString(text, -1) {
		if !sqlWhereRE().MatchString(stmt) {
			return "UPDATE without WHERE overwrites every row"
		}
	}
	return ""
}

// sql judges the SQL a database client is given.
func (ck *checker) sql(c shellparse.SimpleCommand, args []shellparse.Word) {
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
			texts = append(texts, t) // sqlite3 DB "SQL", mysql … "SQL"
		}
	}
	texts = append(texts, ck.stdinText(c)...)
	for _, t := range texts {
		if c.Name == "sqlite3" && (strings.Contains(t, ".shell") || strings.Contains(t, ".system")) {
			ck.add("inline_code", NonSevere, "sqlite3 .shell runs a shell command")
		}
		if strings.Contains(t, `\!`) || strings.Contains(t, "system ") && c.Name == "mysql" {
			ck.add("inline_code", NonSevere, c.Name+" \\! runs a shell command")
		}
	}
	for _, t := range texts {
		if why := sqlDestructive(t); why != "" {
			ck.add("sql_destructive", Severe, c.Name+": "+why)
			return
		}
	}
}

// stdinText returns what a command reads on stdin when it is known: a here-string,
// a here-document, or the words of echo/printf piped in.
func (ck *checker) stdinText(c shellparse.SimpleCommand) []string {
	switch c.Stdin.Kind {
	case shellparse.InputHereString, shellparse.InputHereDoc:
		return []string{c.Stdin.Text}
	case shellparse.InputPipe:
		var out []string
		for _, i := range c.Stdin.From {
			if i < 0 || i >= len(ck.res.Commands) {
				continue
			}
			up := ck.res.Commands[i]
			if up.Name == "echo" || up.Name == "printf" || up.Name == "cat" {
				out = append(out, joinWords(up.Argv[1:]))
				if up.Stdin.Kind == shellparse.InputHereString || up.Stdin.Kind == shellparse.InputHereDoc {
					out = append(out, up.Stdin.Text)
				}
			}
		}
		return out
	}
	return nil
}

func (ck *checker) mysqladmin(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		if strings.EqualFold(a.Text, "drop") {
			ck.add("sql_destructive", Severe, "mysqladmin drop deletes a whole database")
			return
		}
	}
}

func sqlDrop(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.add("sql_destructive", Severe, "dropdb deletes a whole database")
}

func (ck *checker) redis(c shellparse.SimpleCommand, args []shellparse.Word) {
	texts := []string{joinWords(args)}
	texts = append(texts, ck.stdinText(c)...)
	for _, t := range texts {
		u := strings.ToUpper(t)
		if strings.Contains(u, "FLUSHALL") || strings.Contains(u, "FLUSHDB") {
			ck.add("sql_destructive", Severe, "redis FLUSHALL/FLUSHDB deletes every key")
			return
		}
	}
}

func (ck *checker) mongo(c shellparse.SimpleCommand, args []shellparse.Word) {
	texts := []string{joinWords(args)}
	texts = append(texts, ck.stdinText(c)...)
	for _, t := range texts {
		if mongoDropRE().MatchString(t) {
			ck.add("sql_destructive", Severe, c.Name+": drops a database or collection, or deletes every document")
			return
		}
	}
}
