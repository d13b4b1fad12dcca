package validator

import "strings"

// psqlReadMeta are psql's meta-commands that only look.
var psqlReadMeta = setOf("d", "l", "list", "x", "timing", "conninfo", "encoding", "pset", "a", "C", "f", "H", "t", "T", "echo", "qecho",
	"warn", "q", "quit", "?", "h", "help", "set", "unset", "c", "connect", "errverbose", "sf", "sv", "z", "lo_list", "if", "elif", "else",
	"endif", "r", "reset", "p", "print", "prompt", "gdesc", "crosstabview", "dconfig", "getenv", "bind", "drds", "cd")

// judgeMeta judges a backslash meta-command (psql, mysql).
func judgeMeta(t sqlTok, dialect string) sqlVerdict {
	var v sqlVerdict
	name := strings.TrimRight(t.text, "+S")
	if dialect == "mysql" {
		switch t.text {
		case "!":
			v.inline = `\! runs a shell command`
			v.shell = append(v.shell, t.arg)
		case "P":
			if t.arg != "" {
				v.inline = `\P (pager) runs a shell command on every result`
			}
		case "s", "u", "c", "q", "h", "?", "n", "t", "W", "w", "C", "d", "R", "#", "r":
		default:
			v.write = true
		}
		return v
	}
	switch {
	case t.text == "!":
		v.inline = `\! runs a shell command`
		v.shell = append(v.shell, t.arg)
	case (t.text == "o" || t.text == "out" || t.text == "g" || t.text == "gx" || t.text == "w" || t.text == "write" || t.text == "s") && strings.HasPrefix(t.arg, "|"):
		v.inline = `\` + t.text + ` | pipes the output into a shell command`
	case t.text == "copy" && strings.Contains(strings.ToLower(t.arg), "program"):
		v.inline = `\copy … program runs a shell command`
	case t.text == "gexec":
		v.write = true // runs each result as SQL
	case (t.text == "g" || t.text == "gx" || t.text == "o" || t.text == "out") && t.arg == "":
	case t.text == "s" && t.arg == "":
	case strings.HasPrefix(t.text, "d") && t.text != "drds":
		// \d, \dt+, \df, \du, \dx …: describe.
	case psqlReadMeta[name] || psqlReadMeta[t.text]:
		if (t.text == "set" || t.text == "pset") && strings.Contains(strings.ToLower(t.arg), "pager") {
			v.write = true
		}
	default:
		v.write = true // \o FILE, \i FILE, \copy, \e, \lo_import …
	}
	switch t.text {
	case "o", "out", "w", "write", "g", "gx", "s":
		if f := firstField(t.arg); f != "" && !strings.HasPrefix(f, "|") {
			v.outputs = append(v.outputs, f)
		}
	case "copy":
		if f := copyTarget(t.arg); f != "" {
			v.outputs = append(v.outputs, f)
		}
	}
	return v
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
		if strings.EqualFold(f[i], "to") {
			t := strings.Trim(f[i+1], `'"`)
			if strings.EqualFold(t, "stdout") || strings.EqualFold(t, "pstdout") || strings.EqualFold(t, "program") {
				return ""
			}
			return t
		}
	}
	return ""
}

// sqliteReadDot are sqlite3's dot-commands that only look.
var sqliteReadDot = setOf("tables", "table", "schema", "indexes", "indices", "databases", "dbinfo", "headers", "header", "mode", "show", "help",
	"width", "timer", "eqp", "quit", "exit", "print", "echo", "nullvalue", "separator", "stats", "fullschema", "lint", "changes", "bail",
	"explain", "expert", "prompt", "scanstats", "limit", "timeout", "version", "vfsinfo", "vfslist", "vfsname", "sha3sum", "dump", "dbtotxt",
	"connection", "binary", "crnl", "nonce", "progress")

// judgeDot judges a sqlite3 or duckdb dot-command.
func judgeDot(t sqlTok) sqlVerdict {
	var v sqlVerdict
	switch {
	case t.text == "shell" || t.text == "system":
		v.inline = "." + t.text + " runs a shell command"
		v.shell = append(v.shell, t.arg)
	case (t.text == "output" || t.text == "once" || t.text == "log" || t.text == "trace") && strings.HasPrefix(strings.Trim(t.arg, `'"`), "|"):
		v.inline = "." + t.text + " | pipes the output into a shell command"
	case (t.text == "output" || t.text == "once") && (t.arg == "" || t.arg == "stdout"):
	case t.text == "show" || sqliteReadDot[t.text]:
	default:
		v.write = true // .output FILE, .import, .read, .open, .backup, .load …
	}
	switch t.text {
	case "output", "once", "save", "log", "trace":
		if f := firstField(t.arg); f != "" && f != "stdout" && f != "stderr" && f != "off" && !strings.HasPrefix(f, "|") && !strings.HasPrefix(f, "-") {
			v.outputs = append(v.outputs, f)
		}
	case "backup", "excel":
		if f := strings.Fields(t.arg); len(f) > 0 {
			v.outputs = append(v.outputs, strings.Trim(f[len(f)-1], `'"`))
		}
	}
	return v
}
