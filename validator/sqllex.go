package validator

import (
	"strings"

	"github.com/permgate/permgate/internal/lazyre"
)

// sqlTok is one token of SQL outside literals and comments.
type sqlTok struct {
	kind byte // 'w' word, 's' string literal, 'i' quoted identifier, 'p' punctuation, 'm' meta-command
	text string
	// arg is a meta-command's argument text.
	arg string
}

// sqlLexOpts are the readings a text is lexed with: a client's dialect is not
// always known for sure, so every plausible reading is judged.
type sqlLexOpts struct {
	backslash bool // \' escapes a quote inside a string (MySQL)
	hash      bool // # starts a comment (MySQL)
	nested    bool // /* … */ comments nest (PostgreSQL)
	dialect   string
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c >= 0x80
}

var (
	dollarTagRE = lazyre.New(`^\$[A-Za-z_]*\$`)
	delimiterRE = lazyre.New(`(?i)\bdelimiter\s+(\S+)`)
)

// lexSQL splits SQL into tokens. Dollar-quoted bodies (DO $$ … $$, function
// bodies) are code and are lexed in place; MySQL's /*! … */ runs too.
func lexSQL(s string, o sqlLexOpts, depth int) []sqlTok {
	var toks []sqlTok
	lineStart := true
	execComment := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
			continue
		}
		atLineStart := lineStart
		lineStart = false
		switch {
		case c == '-' && strings.HasPrefix(s[i:], "--"):
			i = skipLine(s, i)
		case c == '#' && o.hash:
			i = skipLine(s, i)
		case c == '/' && strings.HasPrefix(s[i:], "/*!"):
			// MySQL runs what an executable comment holds: /*!50000 DROP TABLE t */.
			i += 3
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			execComment++
		case c == '*' && execComment > 0 && strings.HasPrefix(s[i:], "*/"):
			execComment--
			i += 2
		case c == '/' && strings.HasPrefix(s[i:], "/*"):
			nest := 0
			j := i
			for j < len(s) {
				if strings.HasPrefix(s[j:], "/*") {
					nest++
					j += 2
					continue
				}
				if strings.HasPrefix(s[j:], "*/") {
					nest--
					j += 2
					if nest == 0 || !o.nested {
						break
					}
					continue
				}
				j++
			}
			i = j
		case c == '\'':
			escapes := o.backslash
			if n := len(toks); n > 0 && toks[n-1].kind == 'w' && (toks[n-1].text == "E") && i > 0 && s[i-1] != ' ' {
				escapes = true // PostgreSQL E'…'
			}
			j, text := quoted(s, i, '\'', escapes)
			toks = append(toks, sqlTok{kind: 's', text: text})
			i = j
		case c == '"' || c == '`':
			j, text := quoted(s, i, c, o.backslash && c == '"')
			kind := byte('i')
			if c == '"' && o.dialect == "mysql" {
				kind = 's'
			}
			toks = append(toks, sqlTok{kind: kind, text: text})
			i = j
		case c == '$' && dollarTagRE().MatchString(s[i:]) && depth < 8:
			tag := dollarTagRE().FindString(s[i:])
			end := strings.Index(s[i+len(tag):], tag)
			body := s[i+len(tag):]
			next := len(s)
			if end >= 0 {
				body = body[:end]
				next = i + len(tag) + end + len(tag)
			}
			toks = append(toks, sqlTok{kind: 'p', text: "("})
			toks = append(toks, lexSQL(body, o, depth+1)...)
			toks = append(toks, sqlTok{kind: 'p', text: ")"})
			i = next
		case c == '\\' && (o.dialect == "psql" || o.dialect == "mysql"):
			j := i + 1
			if j < len(s) && s[j] == ';' && o.dialect == "psql" {
				// \; separates statements on one line.
				toks = append(toks, sqlTok{kind: 'p', text: ";"})
				i = j + 1
				continue
			}
			if j < len(s) && strings.IndexByte("!?.#", s[j]) >= 0 {
				j++
			} else {
				for j < len(s) && (isWordByte(s[j]) || s[j] == '+') {
					j++
				}
			}
			name := s[i+1 : j]
			if name == "" {
				// A backslash that names no command: read on as SQL after a break.
				toks = append(toks, sqlTok{kind: 'p', text: ";"}, sqlTok{kind: 'w', text: "\\"})
				i = j
				continue
			}
			if o.dialect == "mysql" && (name == "g" || name == "G") {
				toks = append(toks, sqlTok{kind: 'p', text: ";"})
				i = j
				continue
			}
			end := strings.IndexByte(s[j:], '\n')
			if end < 0 {
				end = len(s) - j
			}
			arg := s[j : j+end]
			if k := strings.Index(arg, `\\`); k >= 0 && o.dialect == "psql" {
				arg = arg[:k]
				end = k + 2
			}
			toks = append(toks, sqlTok{kind: 'm', text: name, arg: strings.TrimSpace(arg)})
			i = j + end
		case c == '.' && atLineStart && o.dialect == "sqlite":
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			line := s[i+1 : i+end]
			name, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
			toks = append(toks, sqlTok{kind: 'd', text: name, arg: strings.TrimSpace(arg)})
			i += end
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			if o.dialect == "mysql" && strings.EqualFold(s[i:j], "system") && (len(toks) == 0 || toks[len(toks)-1].text == ";") {
				// mysql's system command runs the rest of the line in a shell.
				end := strings.IndexByte(s[j:], '\n')
				if end < 0 {
					end = len(s) - j
				}
				toks = append(toks, sqlTok{kind: 'm', text: "!", arg: strings.TrimSpace(s[j : j+end])})
				i = j + end
				continue
			}
			toks = append(toks, sqlTok{kind: 'w', text: strings.ToUpper(s[i:j])})
			i = j
		default:
			toks = append(toks, sqlTok{kind: 'p', text: string(c)})
			i++
		}
	}
	return toks
}

func skipLine(s string, i int) int {
	if end := strings.IndexByte(s[i:], '\n'); end >= 0 {
		return i + end
	}
	return len(s)
}

// quoted reads a quoted literal starting at s[i]; a doubled quote escapes it.
func quoted(s string, i int, q byte, backslash bool) (int, string) {
	var b strings.Builder
	j := i + 1
	for j < len(s) {
		c := s[j]
		if backslash && c == '\\' && j+1 < len(s) {
			b.WriteByte(s[j+1])
			j += 2
			continue
		}
		if c == q {
			if j+1 < len(s) && s[j+1] == q {
				b.WriteByte(q)
				j += 2
				continue
			}
			return j + 1, b.String()
		}
		b.WriteByte(c)
		j++
	}
	return j, b.String()
}
