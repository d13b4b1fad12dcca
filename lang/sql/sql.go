// Package sql reads the SQL a database client is given and says what it
// does, as data: the statements that destroy (DROP, TRUNCATE, DELETE or
// UPDATE without WHERE), those that change some rows, the shell commands and
// files a client's meta-commands reach, and whether every statement is proven
// to only read. Judge knows program text and the client's dialect, nothing
// of the shell command it came in.
//
// The clients' side (client.go) reads a client's argv by its declared
// grammar (where its SQL comes from: options, operands, standard input),
// judges that SQL within the analysis's Budget, and turns the verdict into
// findings through the Host, the command being judged.
//
// A text is read several ways at once (a backslash escape or not, # comments
// or not, nested /* */ comments or not, the DELIMITER it sets), because a
// client's exact dialect is not always known: the worst reading is kept.
package sql

import (
	"strings"

	"github.com/permgate/permgate/internal/lazyre"
)

// Dialect is the SQL a client speaks: it decides its comments, quoting and
// meta-commands (psql's \!, mysql's system, sqlite3's .shell).
type Dialect string

// The dialects the judge tells apart.
const (
	Generic  Dialect = "sql"
	Postgres Dialect = "psql"
	MySQL    Dialect = "mysql"
	SQLite   Dialect = "sqlite"
)

// DialectOf names the dialect of a database client by its program name
// (psql, mysql, sqlite3 …); a client it does not know speaks Generic.
func DialectOf(client string) Dialect {
	switch client {
	case "mysql", "mariadb":
		return MySQL
	case "sqlite3", "sqlite", "duckdb":
		return SQLite
	case "psql", "cockroach":
		return Postgres
	}
	return Generic
}

// Verdict is what a SQL text does, the worst reading kept. Each reason is the
// first one found.
type Verdict struct {
	// Severe is why the text destroys data (DROP, TRUNCATE, DELETE or UPDATE
	// of every row), or "".
	Severe string
	// Destructive is why it deletes or overwrites some rows, or "".
	Destructive string
	// Inline is why it runs a shell command or native code, or "".
	Inline string
	// Writes reports a statement not proven to only read.
	Writes bool
	// Shell are the shell commands the text runs (\! CMD, .shell CMD,
	// system CMD), to be judged as commands of their own.
	Shell []string
	// Outputs are the files the client writes on this machine (\o FILE,
	// .output FILE, COPY … TO 'FILE' in an embedded database).
	Outputs []string
}

// Merge adds o to v: v's reasons stay when it has them, the lists are joined
// without repeats.
func (v *Verdict) Merge(o Verdict) {
	if v.Severe == "" {
		v.Severe = o.Severe
	}
	if v.Destructive == "" {
		v.Destructive = o.Destructive
	}
	if v.Inline == "" {
		v.Inline = o.Inline
	}
	v.Writes = v.Writes || o.Writes
	v.Shell = appendNew(v.Shell, o.Shell)
	v.Outputs = appendNew(v.Outputs, o.Outputs)
}

// ReadOnly reports a text proven to only read.
func (v Verdict) ReadOnly() bool {
	return !v.Writes && v.Severe == "" && v.Destructive == "" && v.Inline == ""
}

func appendNew(list, more []string) []string {
	for _, s := range more {
		if !contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxDelimiters bounds the DELIMITER statements whose readings are judged.
const maxDelimiters = 4

var delimiterRE = lazyre.Regexp{Src: `(?i)\bdelimiter\s+(\S+)`}

// Judge reads a SQL text in the client's dialect, every plausible way, and
// keeps the worst reading. The work is linear in the text times a small
// constant (eight readings, and as many again for each DELIMITER, at most
// four); bounding the text is the caller's.
func Judge(text string, d Dialect) Verdict {
	var v Verdict
	if d == MySQL || d == Generic {
		// DELIMITER // makes // end statements: read that way too.
		for _, m := range delimiterRE.Get().FindAllStringSubmatch(text, maxDelimiters) {
			if m[1] != ";" {
				v.Merge(readings(strings.ReplaceAll(text, m[1], ";"), d))
			}
		}
	}
	v.Merge(readings(text, d))
	return v
}

// readings judges a text under each lexical reading.
func readings(text string, d Dialect) Verdict {
	var v Verdict
	for _, bs := range []bool{false, true} {
		for _, hash := range []bool{false, true} {
			for _, nested := range []bool{false, true} {
				toks := lex(text, lexOpts{backslash: bs, hash: hash, nested: nested, dialect: d}, 0)
				v.Merge(judgeTokens(toks, d))
			}
		}
	}
	return v
}

// judgeTokens judges a token list statement by statement: a meta-command or
// a dot-command ends the statement before it, as ; does.
func judgeTokens(toks []token, d Dialect) Verdict {
	var v Verdict
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i == len(toks) {
			v.Merge(judgeStatement(toks[start:i], d))
			break
		}
		switch t := toks[i]; {
		case t.kind == tokMeta:
			v.Merge(judgeStatement(toks[start:i], d))
			v.Merge(judgeMeta(t, d))
		case t.kind == tokDot:
			v.Merge(judgeStatement(toks[start:i], d))
			v.Merge(judgeDot(t))
		case t.is(tokPunct, ";"):
			v.Merge(judgeStatement(toks[start:i], d))
		default:
			continue
		}
		start = i + 1
	}
	return v
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
