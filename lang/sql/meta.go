package sql

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// psqlReadMeta are psql's meta-commands that only look.
var psqlReadMeta = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("d", "l", "list", "x", "timing", "conninfo", "encoding", "pset", "a", "C", "f", "H", "t", "T", "echo", "qecho",
		"warn", "q", "quit", "?", "h", "help", "set", "unset", "c", "connect", "errverbose", "sf", "sv", "z", "lo_list", "if", "elif", "else",
		"endif", "r", "reset", "p", "print", "prompt", "gdesc", "crosstabview", "dconfig", "getenv", "bind", "drds", "cd")
}}

// mysqlReadMeta are mysql's backslash commands that only look or steer the
// session (\s status, \u use, \c clear, \q quit …).
var mysqlReadMeta = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("s", "u", "c", "q", "h", "?", "n", "t", "W", "w", "C", "d", "R", "#", "r")
}}

// psqlOutputMeta are psql's meta-commands whose argument is a file they
// write, or a | and a shell command.
var psqlOutputMeta = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("o", "out", "w", "write", "g", "gx", "s")
}}

// judgeMeta judges a backslash meta-command (psql, mysql).
func judgeMeta(t token, d Dialect) Verdict {
	if d == MySQL {
		return mysqlMeta(t)
	}
	v := psqlMeta(t)
	switch {
	case psqlOutputMeta.Get()[t.text]:
		if f := firstField(t.arg); f != "" && !strings.HasPrefix(f, "|") {
			v.Outputs = append(v.Outputs, f)
		}
	case t.text == "copy":
		if f := copyTarget(t.arg); f != "" {
			v.Outputs = append(v.Outputs, f)
		}
	}
	return v
}

// mysqlMeta judges one of mysql's backslash commands.
func mysqlMeta(t token) Verdict {
	var v Verdict
	switch {
	case t.text == "!":
		v.Inline = `\! runs a shell command`
		v.Shell = append(v.Shell, t.arg)
	case t.text == "P":
		if t.arg != "" {
			v.Inline = `\P (pager) runs a shell command on every result`
		}
	case !mysqlReadMeta.Get()[t.text]:
		v.Writes = true
	}
	return v
}

// psqlBareRead are psql's output meta-commands that only look when given
// no argument (\g alone runs the query buffer, \o alone resets the output).
var psqlBareRead = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("g", "gx", "o", "out", "s")
}}

// psqlMeta judges what one of psql's meta-commands runs or changes.
func psqlMeta(t token) Verdict {
	if reason := psqlShell(t); reason != "" {
		v := Verdict{Inline: reason}
		if t.text == "!" {
			v.Shell = []string{t.arg}
		}
		return v
	}
	return Verdict{Writes: !psqlReads(t)}
}

// psqlShell is why a psql meta-command runs a shell command, or "".
func psqlShell(t token) string {
	switch {
	case t.text == "!":
		return `\! runs a shell command`
	case psqlOutputMeta.Get()[t.text] && strings.HasPrefix(t.arg, "|"):
		return `\` + t.text + ` | pipes the output into a shell command`
	case t.text == "copy" && strings.Contains(strings.ToLower(t.arg), "program"):
		return `\copy … program runs a shell command`
	}
	return ""
}

// psqlReads reports a psql meta-command that only looks: \d and its kin,
// \l, \x, \timing …, but not \o FILE, \i FILE, \copy, \e, \lo_import, nor
// \gexec, which runs each result as SQL.
func psqlReads(t token) bool {
	switch {
	case t.text == "gexec":
		return false
	case psqlBareRead.Get()[t.text] && t.arg == "":
		return true
	case strings.HasPrefix(t.text, "d") && t.text != "drds":
		return true // \d, \dt+, \df, \du, \dx …: describe
	case psqlReadMeta.Get()[strings.TrimRight(t.text, "+S")] || psqlReadMeta.Get()[t.text]:
		// \set PAGER, \pset pager: a program run on every result.
		return t.text != "set" && t.text != "pset" || !strings.Contains(strings.ToLower(t.arg), "pager")
	}
	return false
}

// firstField is the first word of a meta-command's argument, unquoted.
func firstField(arg string) string {
	f := strings.Fields(arg)
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[0], `'"`)
}

// copyTarget is the file \copy … TO 'FILE' writes.
func copyTarget(arg string) string {
	f := strings.Fields(arg)
	for i := 0; i+1 < len(f); i++ {
		if !strings.EqualFold(f[i], "to") {
			continue
		}
		t := strings.Trim(f[i+1], `'"`)
		if strings.EqualFold(t, "stdout") || strings.EqualFold(t, "pstdout") || strings.EqualFold(t, "program") {
			return ""
		}
		return t
	}
	return ""
}

// sqliteReadDot are sqlite3's dot-commands that only look.
var sqliteReadDot = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("tables", "table", "schema", "indexes", "indices", "databases", "dbinfo", "headers", "header", "mode", "show", "help",
		"width", "timer", "eqp", "quit", "exit", "print", "echo", "nullvalue", "separator", "stats", "fullschema", "lint", "changes", "bail",
		"explain", "expert", "prompt", "scanstats", "limit", "timeout", "version", "vfsinfo", "vfslist", "vfsname", "sha3sum", "dump", "dbtotxt",
		"connection", "binary", "crnl", "nonce", "progress")
}}

// dotPipes are the dot-commands whose argument may be | and a shell command.
var dotPipes = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("output", "once", "log", "trace")
}}

// judgeDot judges a sqlite3 or duckdb dot-command.
func judgeDot(t token) Verdict {
	var v Verdict
	switch {
	case t.text == "shell" || t.text == "system":
		v.Inline = "." + t.text + " runs a shell command"
		v.Shell = append(v.Shell, t.arg)
	case dotPipes.Get()[t.text] && strings.HasPrefix(strings.Trim(t.arg, `'"`), "|"):
		v.Inline = "." + t.text + " | pipes the output into a shell command"
	case (t.text == "output" || t.text == "once") && (t.arg == "" || t.arg == "stdout"):
	case !sqliteReadDot.Get()[t.text]:
		v.Writes = true // .output FILE, .import, .read, .open, .backup, .load …
	}
	v.Outputs = dotOutputs(t)
	return v
}

// dotOutputs are the files a dot-command writes.
func dotOutputs(t token) []string {
	switch t.text {
	case "output", "once", "save", "log", "trace":
		f := firstField(t.arg)
		if f == "" || f == "stdout" || f == "stderr" || f == "off" || strings.HasPrefix(f, "|") || strings.HasPrefix(f, "-") {
			return nil
		}
		return []string{f}
	case "backup", "excel":
		if f := strings.Fields(t.arg); len(f) > 0 {
			return []string{strings.Trim(f[len(f)-1], `'"`)}
		}
	}
	return nil
}
