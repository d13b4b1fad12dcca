package manpage

import (
	"strings"
)

// Markdown writes a Markdown document as part of the page, so that a manual
// page and the document under docs/ are one text: the document's title (#)
// is skipped (the caller has written NAME), ## is a section, ### and deeper
// a subsection — or, with section set (a page of several documents), the
// title is a section and every other heading a subsection; paragraphs
// are filled; - and 1. items are indented paragraphs, nested by their
// indentation; ``` blocks are literal; a table is a tagged paragraph per
// row, its first cell the tag; `code` and **strong** are bold, *emphasis*
// italic, and a link keeps its text (and its address, when it is one on the
// web). HTML comments are left out.
func (p *Page) Markdown(md string, section bool) {
	lines := strings.Split(md, "\n")
	var para []string
	depth := 0 // how many list levels are open (.RS)
	flush := func() {
		if len(para) > 0 {
			p.Paragraph()
			p.fillRoff(Inline(strings.Join(para, " ")))
			para = nil
		}
	}
	closeLists := func(to int) {
		for ; depth > to; depth-- {
			p.b.WriteString(".RE\n")
		}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			flush()
			var block []string
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				block = append(block, lines[i])
			}
			p.Literal(strings.Join(block, "\n"))
		case strings.HasPrefix(trimmed, "<!--"):
			flush()
			for ; i < len(lines) && !strings.Contains(lines[i], "-->"); i++ {
			}
		case trimmed == "":
			flush()
		case strings.HasPrefix(line, "#"):
			flush()
			closeLists(0)
			level := len(line) - len(strings.TrimLeft(line, "#"))
			title := plainText(strings.TrimSpace(line[level:]))
			if section {
				level++ // the title is a section, the rest one level down
			}
			switch {
			case level == 1:
			case level == 2:
				p.Section(title)
			default:
				p.Subsection(title)
			}
		case strings.HasPrefix(trimmed, "|"):
			flush()
			closeLists(0)
			var rows []string
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				rows = append(rows, strings.TrimSpace(lines[i]))
			}
			i--
			p.table(rows)
		case listItem(trimmed) != "":
			flush()
			level := (len(line) - len(strings.TrimLeft(line, " "))) / 2
			for depth < level+1 {
				p.b.WriteString(".RS 2\n")
				depth++
			}
			closeLists(level + 1)
			marker := listItem(trimmed)
			text := []string{strings.TrimSpace(trimmed[len(marker):])}
			for i+1 < len(lines) && continues(lines[i+1]) {
				i++
				text = append(text, strings.TrimSpace(lines[i]))
			}
			tag := `\(bu`
			if marker != "- " && marker != "* " {
				tag = string(Escape(strings.TrimSpace(marker)))
			}
			p.b.WriteString(".IP " + quoteArg(Roff(tag)) + " 3\n")
			p.fillRoff(Inline(strings.Join(text, " ")))
		default:
			if len(para) == 0 && depth > 0 && !strings.HasPrefix(line, " ") {
				closeLists(0)
			}
			para = append(para, trimmed)
		}
	}
	flush()
	closeLists(0)
}

// listItem returns the marker a list item starts with ("- ", "* ", "1. "),
// or "".
func listItem(s string) string {
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") {
		return s[:2]
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n > 0 && strings.HasPrefix(s[n:], ". ") {
		return s[:n+2]
	}
	return ""
}

// continues reports a line that goes on the list item above it: indented,
// and not an item or a block of its own.
func continues(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && strings.HasPrefix(line, " ") && listItem(t) == "" && !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "|")
}

// table writes a Markdown table's rows, the header and its rule left out,
// each as a tagged paragraph: the first cell the tag, the others its text.
func (p *Page) table(rows []string) {
	for k, row := range rows {
		cells := strings.Split(strings.Trim(row, "|"), "|")
		if k == 0 && len(rows) > 1 && strings.Trim(rows[1], "|-: ") == "" {
			continue // the header
		}
		if strings.Trim(row, "|-: ") == "" {
			continue // the rule under it
		}
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		p.b.WriteString(".TP\n")
		p.Line(Inline(cells[0]), false)
		p.fillRoff(Inline(strings.Join(cells[1:], " \u2014 ")))
	}
}

// fillRoff writes roff text filled: broken at spaces into input lines of
// about lineWidth bytes, with a word that would start a line as a request
// guarded.
func (p *Page) fillRoff(r Roff) {
	n := 0
	for _, w := range strings.Fields(string(r)) {
		if strings.HasPrefix(w, ".") {
			w = `\&` + w
		}
		switch {
		case n == 0:
		case n+1+len(w) > lineWidth:
			p.b.WriteByte('\n')
			n = 0
		default:
			p.b.WriteByte(' ')
			n++
		}
		p.b.WriteString(w)
		n += len(w)
	}
	if n > 0 {
		p.b.WriteByte('\n')
	}
	p.heading = false
}

// Inline is one paragraph's Markdown text in roff: `code` and **strong**
// bold, *emphasis* italic, [text](address) its text, the address added when
// it is on the web; a backslash before punctuation is dropped.
func Inline(md string) Roff {
	var b strings.Builder
	for i := 0; i < len(md); {
		rest := md[i:]
		switch {
		case rest[0] == '`':
			n := 1
			for n < len(rest) && rest[n] == '`' {
				n++
			}
			end := strings.Index(rest[n:], rest[:n])
			if end < 0 {
				b.WriteString(string(Escape(rest[:n])))
				i += n
				continue
			}
			code := string(Bold(strings.TrimSpace(rest[n : n+end])))
			if len(code) > lineWidth/2 {
				// A long span may break after a comma or a slash (\:
				// marks where, printing nothing).
				code = strings.NewReplacer(",", `,\:`, "/", `/\:`).Replace(code)
			}
			b.WriteString(code)
			i += 2*n + end
		case strings.HasPrefix(rest, "**"):
			end := strings.Index(rest[2:], "**")
			if end < 0 {
				b.WriteString(string(Escape("**")))
				i += 2
				continue
			}
			b.WriteString(`\fB` + string(Inline(rest[2:2+end])) + `\fR`)
			i += 4 + end
		case rest[0] == '*' && len(rest) > 1 && rest[1] != ' ':
			end := strings.IndexByte(rest[1:], '*')
			if end < 0 {
				b.WriteString(string(Escape("*")))
				i++
				continue
			}
			b.WriteString(`\fI` + string(Inline(rest[1:1+end])) + `\fR`)
			i += 2 + end
		case rest[0] == '[':
			text, addr, n, ok := link(rest)
			if !ok {
				b.WriteString(string(Escape("[")))
				i++
				continue
			}
			b.WriteString(string(Inline(text)))
			if strings.HasPrefix(addr, "https://") || strings.HasPrefix(addr, "http://") {
				b.WriteString(" <" + string(Escape(addr)) + ">")
			}
			i += n
		case rest[0] == '\\' && len(rest) > 1 && strings.IndexByte("\\`*_{}[]()#+-.!|<>", rest[1]) >= 0:
			b.WriteString(string(Escape(rest[1:2])))
			i += 2
		default:
			n := strings.IndexAny(rest[1:], "`*[\\")
			if n < 0 {
				n = len(rest) - 1
			}
			for _, r := range rest[:n+1] {
				escapeRune(&b, r) // a line start is guarded where lines are made
			}
			i += n + 1
		}
	}
	return Roff(b.String())
}

// link reads [text](address) at the start of s: its parts and length.
func link(s string) (text, addr string, n int, ok bool) {
	depth := 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				if k+1 >= len(s) || s[k+1] != '(' {
					return "", "", 0, false
				}
				end := strings.IndexByte(s[k+2:], ')')
				if end < 0 {
					return "", "", 0, false
				}
				return s[1:k], s[k+2 : k+2+end], k + 3 + end, true
			}
		}
	}
	return "", "", 0, false
}

// plainText is a heading's Markdown with its marks taken out.
func plainText(md string) string {
	r := strings.NewReplacer("`", "", "**", "", "*", "")
	return r.Replace(md)
}
