package shellparse

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Word is one argument of a simple command as bash would see it after quote removal.
type Word struct {
	// Text is the value after quote removal when Static is true. For a dynamic word it
	// is the source text, with quotes removed where that is possible.
	Text string `json:"text"`
	// Static reports whether quote removal alone gives the value.
	Static bool `json:"static"`
	// Glob reports an unquoted pattern character (* ? [): the value depends on the
	// file system. Text then holds the pattern.
	Glob bool `json:"glob,omitempty"`
	// Subst reports a command or process substitution inside the word.
	Subst bool `json:"subst,omitempty"`
	// ProcSubst reports that the word is a process substitution <(…) or >(…).
	ProcSubst bool `json:"proc_subst,omitempty"`
	// Params lists the parameters the word expands ($HOME → "HOME").
	Params []string `json:"params,omitempty"`
	// Placeholder reports a word filled in at run time by a wrapper (xargs input,
	// find's {}).
	Placeholder bool `json:"placeholder,omitempty"`
	// PromptExpand reports ${x@P}, which runs substitutions held in a value.
	PromptExpand bool `json:"prompt_expand,omitempty"`
}

// Dynamic reports whether the word's value is unknown before run time.
func (w Word) Dynamic() bool { return !w.Static }

// staticWord makes a static word from a known value.
func staticWord(s string) Word { return Word{Text: s, Static: true} }

// wordResolver turns syntax words into Words.
type wordResolver struct {
	home   string
	source string // the script text, for rendering dynamic parts
}

// resolve returns the words a syntax word becomes: usually one, several after a
// small brace expansion, none for an unquoted empty brace alternative.
func (r *wordResolver) resolve(w *syntax.Word) []Word {
	if hasBraceCandidate(w) {
		if alts, ok := expandBraces(w); ok {
			out := make([]Word, 0, len(alts))
			for _, parts := range alts {
				word := r.resolveParts(parts, true)
				if word.Static && word.Text == "" && !hasQuotes(parts) {
					continue // an unquoted empty alternative vanishes
				}
				out = append(out, word)
			}
			return out
		}
		return []Word{r.dynamicFromSource(w)}
	}
	return []Word{r.resolveParts(w.Parts, true)}
}

// resolveOne resolves a word that bash does not brace-expand or split (assignment
// values, redirect targets, here-strings).
func (r *wordResolver) resolveOne(w *syntax.Word) Word {
	if w == nil {
		return staticWord("")
	}
	return r.resolveParts(w.Parts, true)
}

func (r *wordResolver) dynamicFromSource(w *syntax.Word) Word {
	word := r.resolveParts(w.Parts, true)
	word.Static = false
	return word
}

func hasQuotes(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		}
	}
	return false
}

// resolveParts performs quote removal over word parts.
func (r *wordResolver) resolveParts(parts []syntax.WordPart, first bool) Word {
	var sb strings.Builder
	word := Word{Static: true}
	for i, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			val := p.Value
			if i == 0 && first && strings.HasPrefix(val, "~") {
				val = r.expandTilde(val, &word)
			}
			if unquotedGlob(val) {
				word.Glob = true
				word.Static = false
			}
			sb.WriteString(unescapeUnquoted(val))
		case *syntax.SglQuoted:
			if p.Dollar {
				sb.WriteString(DecodeANSIC(p.Value))
			} else {
				sb.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			inner := r.resolveDouble(p.Parts)
			sb.WriteString(inner.Text)
			mergeDynamic(&word, inner)
		case *syntax.ParamExp:
			word.Static = false
			word.Params = append(word.Params, paramNames(p)...)
			if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" {
				word.PromptExpand = true
			}
			if containsSubst(p) {
				word.Subst = true
			}
			sb.WriteString(r.text(p))
		case *syntax.CmdSubst:
			word.Static = false
			word.Subst = true
			sb.WriteString(r.text(p))
		case *syntax.ProcSubst:
			word.Static = false
			word.Subst = true
			word.ProcSubst = len(parts) == 1
			sb.WriteString(r.text(p))
		case *syntax.ArithmExp:
			word.Static = false
			if containsSubst(p) {
				word.Subst = true
			}
			sb.WriteString(r.text(p))
		case *syntax.ExtGlob:
			word.Static = false
			word.Glob = true
			sb.WriteString(r.text(p))
		default:
			word.Static = false
			sb.WriteString(r.text(part))
		}
	}
	word.Text = sb.String()
	return word
}

// resolveDouble performs quote removal inside double quotes.
func (r *wordResolver) resolveDouble(parts []syntax.WordPart) Word {
	var sb strings.Builder
	word := Word{Static: true}
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			sb.WriteString(unescapeDouble(p.Value))
		default:
			inner := r.resolveParts([]syntax.WordPart{part}, false)
			sb.WriteString(inner.Text)
			mergeDynamic(&word, inner)
		}
	}
	word.Text = sb.String()
	return word
}

func mergeDynamic(dst *Word, src Word) {
	if !src.Static {
		dst.Static = false
	}
	dst.Subst = dst.Subst || src.Subst
	dst.PromptExpand = dst.PromptExpand || src.PromptExpand
	dst.Params = append(dst.Params, src.Params...)
}

// text returns the source text of a node.
func (r *wordResolver) text(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(r.source) || start > end {
		return ""
	}
	return r.source[start:end]
}

// expandTilde expands a leading ~ or ~/ to the home directory. ~user stays as it
// is and makes the word dynamic.
func (r *wordResolver) expandTilde(val string, word *Word) string {
	name, rest, _ := strings.Cut(val, "/")
	if name != "~" {
		word.Static = false
		return val
	}
	if r.home == "" {
		word.Static = false
		word.Params = append(word.Params, "HOME")
		return val
	}
	if rest == "" && !strings.Contains(val, "/") {
		return r.home
	}
	return r.home + "/" + rest
}

func paramNames(p *syntax.ParamExp) []string {
	if p.Param == nil {
		return nil
	}
	return []string{p.Param.Value}
}

func containsSubst(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(node syntax.Node) bool {
		switch node.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// unquotedGlob reports a pattern character that bash would expand, skipping
// backslash-escaped characters.
func unquotedGlob(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			if strings.IndexByte(s[i+1:], ']') >= 0 {
				return true
			}
		}
	}
	return false
}

// unescapeUnquoted removes the backslashes of an unquoted literal: "\x" → "x",
// and a backslash-newline vanishes.
func unescapeUnquoted(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// unescapeDouble removes the backslashes bash removes inside double quotes: before
// $ ` " \ and newline.
func unescapeDouble(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// DecodeANSIC decodes the body of a $'…' string as bash does. The value ends at
// the first NUL, as it does in bash.
func DecodeANSIC(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte('\v')
		case '\\', '\'', '"', '?':
			sb.WriteByte(e)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, used := readDigits(s[i:], 3, 8)
			sb.WriteByte(byte(n))
			i += used - 1
		case 'x':
			n, used := readDigits(s[i+1:], 2, 16)
			if used == 0 {
				sb.WriteString("\\x")
				continue
			}
			sb.WriteByte(byte(n))
			i += used
		case 'u', 'U':
			width := 4
			if e == 'U' {
				width = 8
			}
			n, used := readDigits(s[i+1:], width, 16)
			if used == 0 {
				sb.WriteByte('\\')
				sb.WriteByte(e)
				continue
			}
			if utf8.ValidRune(rune(n)) {
				sb.WriteRune(rune(n))
			}
			i += used
		case 'c':
			if i+1 < len(s) {
				i++
				sb.WriteByte(s[i] & 0x1f)
			} else {
				sb.WriteString("\\c")
			}
		default:
			sb.WriteByte('\\')
			sb.WriteByte(e)
		}
	}
	out := sb.String()
	if nul := strings.IndexByte(out, 0); nul >= 0 {
		out = out[:nul]
	}
	return out
}

func readDigits(s string, maxLen, base int) (int, int) {
	n, used := 0, 0
	for used < maxLen && used < len(s) {
		d, err := strconv.ParseUint(s[used:used+1], base, 8)
		if err != nil {
			break
		}
		n = n*base + int(d)
		used++
	}
	return n, used
}
