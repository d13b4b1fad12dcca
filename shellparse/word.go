package shellparse

import (
	"strconv"
	"strings"

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
	// Assigned lists parameters the word assigns (${x:=v}).
	Assigned []string `json:"assigned,omitempty"`
	// Quoted reports quotes in the word: it cannot vanish or split.
	Quoted bool `json:"quoted,omitempty"`
	// From says more of where the value comes from, when the analysis
	// knows more than the text (nil otherwise).
	From *WordSource `json:"from,omitempty"`
}

// WordSource is what the analysis knows of where a word's value comes from.
type WordSource struct {
	// Origin is, for a word that is one variable whose value came from a
	// command substitution (x=$(curl …); "$x"), that substitution as the
	// script wrote it: for a script run from the word (eval "$x" runs
	// another program's output).
	Origin string `json:"origin,omitempty"`
	// Content is the text of the file a process substitution <(…) names,
	// when the commands in it print known text (echo, printf … over known
	// words): what a program reading the file reads.
	Content string `json:"content,omitempty"`
	// Program is, for a word that is what command -v NAME or which NAME
	// prints ("$(command -v permgate)"), NAME: the word names what NAME
	// runs, and as a path it is a file named NAME in one of $PATH's
	// directories (Text is NAME, which a builtin or function prints).
	Program string `json:"program,omitempty"`
}

// Program returns the program name whose path the word is
// (WordSource.Program), or "".
func (w Word) Program() string {
	if w.From == nil {
		return ""
	}
	return w.From.Program
}

// withProgram returns the word as the path found for the given program
// (none for "").
func (w Word) withProgram(program string) Word {
	if program == w.Program() {
		return w
	}
	src := WordSource{Program: program}
	if w.From != nil {
		src.Origin, src.Content = w.From.Origin, w.From.Content
	}
	if src == (WordSource{}) {
		w.From = nil
	} else {
		w.From = &src
	}
	return w
}

// Origin returns the substitution whose output the word's variable holds
// (WordSource.Origin), or "".
func (w Word) Origin() string {
	if w.From == nil {
		return ""
	}
	return w.From.Origin
}

// Content returns the text of the file a process substitution names
// (WordSource.Content), or "".
func (w Word) Content() string {
	if w.From == nil {
		return ""
	}
	return w.From.Content
}

// withOrigin returns the word with the given origin (none for "").
func (w Word) withOrigin(origin string) Word {
	switch {
	case origin == "" && w.From == nil:
	case origin == "":
		if w.From.Content == "" && w.From.Program == "" {
			w.From = nil
		} else {
			w.From = &WordSource{Content: w.From.Content, Program: w.From.Program}
		}
	default:
		w.From = &WordSource{Origin: origin, Content: w.Content(), Program: w.Program()}
	}
	return w
}

// Dynamic reports whether the word's value is unknown before run time.
func (w Word) Dynamic() bool { return !w.Static }

// staticWord makes a static word from a known value.
func staticWord(s string) Word { return Word{Text: s, Static: true} }

// wordResolver turns syntax words into Words.
type wordResolver struct {
	home   string
	source string // the script text, for rendering dynamic parts
	// positional holds $0, $1 … when the script was given them (bash -c S A B).
	positional []Word
	// known holds the variables whose values the script made known so far
	// (values.go); stale reports that a statement that may set any variable
	// has run, after which none is known. inFunction counts the function
	// bodies being walked, where no value is known.
	known      map[string]Word
	stale      bool
	inFunction int
	// candidates are the values the script assigns each variable anywhere
	// (candidatesOf).
	candidates map[string][]candidate
	// arrays hold the arrays whose elements are known, refs the namerefs
	// declared (NAME reads as refs[NAME]), alts the variables a loop gives
	// one of a few values (loops.go): all, like known, as the script stands.
	arrays map[string]*arrayValue
	refs   map[string]string
	alts   map[string][]Word
	// origins hold, for the variables followed whose value is a command
	// substitution's output, that substitution (Word.Origin); originCands
	// those a variable may hold the output of, wherever it is assigned.
	origins, originCands map[string]string
	// file is the script; writes its writes, counted when values are
	// followed; pure what decides whether pure commands are read (pure.go).
	file   *syntax.File
	writes *scriptWrites
	pure   pureState
	// work counts the work of copying values (walker.spend); nil counts none.
	work *walker
	// noSplit counts the words being resolved that bash does not split
	// (resolveValue).
	noSplit int
	// functionNames are the functions whose bodies are being walked, the
	// innermost last: $FUNCNAME there.
	functionNames []string
	// inherited are the values an eval's script starts with.
	inherited *inheritedValues
	// cases are the variables declared -l ('l') or -u ('u'): their
	// values are held in that case.
	cases map[string]byte
	// exported are the variables the script's followed declarations
	// export (export NAME, declare -x): a child shell sees them.
	exported map[string]bool
	// scope is the function body being walked whose values are followed
	// (valuescopes.go).
	scope *bodyScope
	// evals are the evals of text written out, parsed (valueseval.go).
	evals map[*syntax.CallExpr]evalText
}

// resolve returns the words a syntax word becomes: usually one, several after a
// small brace expansion, none for an unquoted empty brace alternative.
func (r *wordResolver) resolve(w *syntax.Word) []Word {
	return r.resolveAppend(nil, w)
}

// resolveAppend appends the words a syntax word becomes (resolve) to dst.
func (r *wordResolver) resolveAppend(dst []Word, w *syntax.Word) []Word {
	if words, ok := r.allPositionals(w); ok {
		return append(dst, words...)
	}
	if words, ok := r.quotedArrayWords(w); ok {
		return append(dst, words...)
	}
	if words, ok := r.splitKnown(w); ok {
		return append(dst, words...)
	}
	if hasBraceCandidate(w) {
		if alts, ok := expandBraces(w); ok {
			for _, parts := range alts {
				word := r.resolveParts(mergeLits(parts), true)
				if word.Static && word.Text == "" && !hasQuotes(parts) {
					continue // an unquoted empty alternative vanishes
				}
				dst = append(dst, word)
			}
			return dst
		}
		return append(dst, r.dynamicFromSource(w))
	}
	word := r.resolveParts(w.Parts, true)
	word.Quoted = hasQuotes(w.Parts)
	return append(dst, word)
}

// resolveOne resolves a word that bash does not brace-expand or split (assignment
// values, redirect targets, here-strings).
func (r *wordResolver) resolveOne(w *syntax.Word) Word {
	if w == nil {
		return staticWord("")
	}
	return r.resolveParts(w.Parts, true)
}

// resolveValue resolves a word bash neither splits nor globs after its
// expansions (an assignment's value, a here-string): a known value with
// blanks in it stays one static text.
func (r *wordResolver) resolveValue(w *syntax.Word) Word {
	r.noSplit++
	defer func() { r.noSplit-- }()
	return r.resolveOne(w)
}

func (r *wordResolver) dynamicFromSource(w *syntax.Word) Word {
	word := r.resolveParts(w.Parts, true)
	word.Static = false
	return word
}

// mergeLits joins adjacent literals, as brace expansion leaves them split.
func mergeLits(parts []syntax.WordPart) []syntax.WordPart {
	out := make([]syntax.WordPart, 0, len(parts))
	for _, p := range parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			out = append(out, p)
			continue
		}
		if n := len(out); n > 0 {
			if prev, ok := out[n-1].(*syntax.Lit); ok {
				out[n-1] = &syntax.Lit{Value: prev.Value + lit.Value}
				continue
			}
		}
		out = append(out, lit)
	}
	return out
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

// wordText gathers a word's text from its parts. A word of one part (most
// are) keeps that part's string instead of copying it into a builder.
type wordText struct {
	first string
	more  strings.Builder
	parts int
}

// WriteString appends s to the text.
func (t *wordText) WriteString(s string) {
	switch t.parts {
	case 0:
		t.first = s
	case 1:
		t.more.Grow(len(t.first) + len(s))
		t.more.WriteString(t.first)
		t.more.WriteString(s)
	default:
		t.more.WriteString(s)
	}
	t.parts++
}

// String returns the text gathered.
func (t *wordText) String() string {
	if t.parts < 2 {
		return t.first
	}
	return t.more.String()
}

// resolveParts performs quote removal over word parts.
func (r *wordResolver) resolveParts(parts []syntax.WordPart, first bool) Word {
	var sb wordText
	word := Word{Static: true}
	for i, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			val := p.Value
			if i == 0 && first {
				val = r.expandTildes(val, len(parts) > 1, &word)
			}
			if unquotedGlob(val) || hasOpenBracket(val) && closesLater(parts[i+1:]) {
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
			word.Glob = word.Glob || inner.Glob
			word = word.withOrigin(inner.Origin()).withProgram(inner.Program())
		case *syntax.ParamExp:
			pos, ok := r.positionalValue(p)
			if !ok {
				pos, ok = r.knownValue(p)
			}
			if ok && r.putValue(&sb, &word, pos, first) {
				if len(parts) == 1 {
					word = word.withProgram(pos.Program())
				}
				continue
			}
			r.unknownParam(&sb, &word, p)
		case *syntax.CmdSubst:
			if out, ok := r.substOutput(p.Stmts); ok && r.putValue(&sb, &word, out, first) {
				if len(parts) == 1 {
					word = word.withProgram(out.Program())
				}
				continue
			}
			word.Static = false
			word.Subst = true
			sb.WriteString(r.text(p))
		case *syntax.ProcSubst:
			word.Static = false
			word.Subst = true
			word.ProcSubst = len(parts) == 1
			if word.ProcSubst && p.Op == syntax.CmdIn {
				if out, ok := r.pureOutput(p.Stmts); ok && out.Text != "" {
					word.From = &WordSource{Content: out.Text}
				}
			}
			sb.WriteString(r.text(p))
		case *syntax.ArithmExp:
			if v, ok := r.arithValue(p.X); ok && !p.Bracket && !p.Unsigned {
				sb.WriteString(strconv.FormatInt(v, 10))
				continue
			}
			word.Static = false
			if containsSubst(p) {
				word.Subst = true
			}
			// $(( X = 1 )) assigns X, as ${X:=1} does.
			word.Assigned = append(word.Assigned, arithAssigns(p.X)...)
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
	if len(parts) != 1 && word.Origin() != "" {
		word = word.withOrigin("") // the value is more than the one variable's
	}
	if len(parts) != 1 {
		word = word.withProgram("")
	}
	return word
}

// putValue writes a known value into the word being built. Unquoted
// (first), a value bash would split or glob leaves the word dynamic; a
// pattern (a for loop's) keeps the word a pattern. It reports false, having
// written nothing, when the work bound is reached.
func (r *wordResolver) putValue(sb *wordText, word *Word, v Word, first bool) bool {
	if !r.charge(len(v.Text)) {
		return false
	}
	sb.WriteString(v.Text)
	mergeDynamic(word, v)
	word.Glob = word.Glob || v.Glob
	if first && r.noSplit == 0 && strings.ContainsAny(v.Text, " \t\n*?[") {
		word.Static = false // unquoted: bash splits and globs the value
	}
	word.Placeholder = word.Placeholder || v.Placeholder
	return true
}

// unknownParam writes a parameter expansion whose value is not known: the
// word is dynamic, with the parameters it expands (a nameref's target too)
// and those it may assign.
func (r *wordResolver) unknownParam(sb *wordText, word *Word, p *syntax.ParamExp) {
	word.Static = false
	word.Params = append(word.Params, paramNames(p)...)
	if p.Param != nil {
		word.Params = append(word.Params, r.writes.refTargets(p.Param.Value)...)
	}
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" {
		word.PromptExpand = true
	}
	if p.Exp != nil && (p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) && p.Param != nil {
		word.Assigned = append(word.Assigned, p.Param.Value)
		word.Assigned = append(word.Assigned, r.writes.refTargets(p.Param.Value)...)
	}
	word.Subst = word.Subst || containsSubst(p)
	if origin := r.paramOrigin(p); origin != "" {
		*word = word.withOrigin(origin)
	}
	sb.WriteString(r.text(p))
}

// paramOrigin returns the substitution whose output $NAME holds (certain
// at the top level, or possible anywhere), or "".
func (r *wordResolver) paramOrigin(p *syntax.ParamExp) string {
	if !simpleParam(p) {
		return ""
	}
	if origin := r.origins[p.Param.Value]; origin != "" && r.inFunction == 0 {
		return origin
	}
	return r.originCands[p.Param.Value]
}

// resolveDouble performs quote removal inside double quotes.
func (r *wordResolver) resolveDouble(parts []syntax.WordPart) Word {
	var sb wordText
	word := Word{Static: true}
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			sb.WriteString(unescapeDouble(p.Value))
		default:
			inner := r.resolveParts([]syntax.WordPart{part}, false)
			sb.WriteString(inner.Text)
			mergeDynamic(&word, inner)
			word.Glob = word.Glob || inner.Glob // a loop's pattern ("$f")
			if len(parts) == 1 {
				word = word.withOrigin(inner.Origin()).withProgram(inner.Program())
			}
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
	dst.Assigned = append(dst.Assigned, src.Assigned...)
}

// text returns the source text of a node.
func (r *wordResolver) text(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(r.source) || start > end {
		return ""
	}
	return r.source[start:end]
}

// expandTildes performs tilde expansion on a word's first literal: a leading ~ or
// ~/, and in an assignment-like word (NAME=…) a ~ after = or :. A tilde prefix
// followed by quoted text (more parts) is not expanded; ~user, ~+ and ~- are
// left dynamic.
func (r *wordResolver) expandTildes(val string, more bool, word *Word) string {
	if strings.HasPrefix(val, "~") {
		return r.tildePrefix(val, "/", more, word)
	}
	eq := strings.IndexByte(val, '=')
	if eq <= 0 || !isName(val[:eq]) || !strings.Contains(val[eq:], "~") {
		return val
	}
	var sb strings.Builder
	sb.WriteString(val[:eq+1])
	segments := strings.Split(val[eq+1:], ":")
	for i, seg := range segments {
		if i > 0 {
			sb.WriteByte(':')
		}
		if strings.HasPrefix(seg, "~") {
			seg = r.tildePrefix(seg, "/", more && i == len(segments)-1, word)
		}
		sb.WriteString(seg)
	}
	return sb.String()
}

// tildePrefix expands one tilde prefix at the start of s.
func (r *wordResolver) tildePrefix(s, stop string, more bool, word *Word) string {
	end := strings.Index(s, stop)
	if end < 0 {
		if more {
			return s // the prefix runs into quoted text: bash leaves it
		}
		end = len(s)
	}
	if s[:end] != "~" {
		if s[:end] != "" {
			word.Static = false
		}
		return s
	}
	if r.home == "" {
		word.Static = false
		word.Params = append(word.Params, "HOME")
		return s
	}
	return r.home + s[end:]
}

func isName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// hasOpenBracket reports an unescaped [ in an unquoted literal.
func hasOpenBracket(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			return true
		}
	}
	return false
}

// closesLater reports a ] in any later part of the word: a bracket expression
// opened unquoted can close after quoted text ([a'b']).
func closesLater(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if strings.Contains(x.Value, "]") {
				return true
			}
		case *syntax.SglQuoted:
			if strings.Contains(x.Value, "]") {
				return true
			}
		case *syntax.DblQuoted:
			if closesLater(x.Parts) {
				return true
			}
		}
	}
	return false
}

// allPositionals expands a word that is exactly "$@" (or "${@}") to the
// positional words $1 … when the script was given them.
func (r *wordResolver) allPositionals(w *syntax.Word) ([]Word, bool) {
	if len(r.positional) == 0 || len(w.Parts) != 1 {
		return nil, false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return nil, false
	}
	pe, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Param.Value != "@" || pe.Excl || pe.Length || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil {
		return nil, false
	}
	return append([]Word(nil), r.positional[1:]...), true
}

// positionalValue returns the value of $N when the script was given it.
func (r *wordResolver) positionalValue(p *syntax.ParamExp) (Word, bool) {
	if len(r.positional) == 0 || p.Param == nil || p.Excl || p.Length || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 {
		return Word{}, false
	}
	n := 0
	for _, ch := range p.Param.Value {
		if ch < '0' || ch > '9' {
			return Word{}, false
		}
		n = n*10 + int(ch-'0')
		if n >= len(r.positional) {
			return Word{}, false
		}
	}
	return r.positional[n], true
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
			writeCodePoint(&sb, n)
			i += used
		case 'c':
			if i+1 >= len(s) {
				sb.WriteString("\\c")
				continue
			}
			i++
			switch ctl := s[i]; {
			case ctl == '?':
				sb.WriteByte(0x7f)
			case ctl == '\\' && i+1 < len(s) && s[i+1] == '\\':
				i++
				sb.WriteByte(0x1c)
			default:
				sb.WriteByte(ctl & 0x1f)
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

// writeCodePoint writes a code point in UTF-8's byte pattern, as bash does for
// \u and \U, surrogates and values past U+10FFFF included.
func writeCodePoint(sb *strings.Builder, n int) {
	switch {
	case n < 0x80:
		sb.WriteByte(byte(n))
	case n < 0x800:
		sb.WriteByte(byte(0xc0 | n>>6))
		sb.WriteByte(byte(0x80 | n&0x3f))
	case n < 0x10000:
		sb.WriteByte(byte(0xe0 | n>>12))
		sb.WriteByte(byte(0x80 | n>>6&0x3f))
		sb.WriteByte(byte(0x80 | n&0x3f))
	case n < 0x200000:
		sb.WriteByte(byte(0xf0 | n>>18))
		sb.WriteByte(byte(0x80 | n>>12&0x3f))
		sb.WriteByte(byte(0x80 | n>>6&0x3f))
		sb.WriteByte(byte(0x80 | n&0x3f))
	}
}
