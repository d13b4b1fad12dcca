package shellparse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Parameter operations over known values: ${#x}, ${x:-w}, ${x:+w},
// ${x#p} ${x##p} ${x%p} ${x%%p}, ${x/p/r} ${x//p/r}, ${x,,} ${x^^}, ${x:o:l}
// and ${!y}, when the variable's value is static text: the result is text
// too (x=/bin/rm; ${x##*/} is rm). A pattern is read as bash reads it (*, ?
// and [...]); an operation, pattern or value not read here leaves the
// expansion unknown.

// maxOperandBytes bounds the values and patterns an operation is read on
// (matching a pattern at every position of a value costs their product).
const maxOperandBytes = 256

// paramOperation returns the value of an expansion with an operation, when
// it is known.
func (r *wordResolver) paramOperation(p *syntax.ParamExp) (Word, bool) {
	if p.Param == nil || p.Index != nil || p.Names != 0 {
		return Word{}, false
	}
	if p.Excl {
		return r.indirectValue(p)
	}
	base, set := r.baseValue(p.Param.Value)
	if !set || !base.Static || len(base.Text) > maxOperandBytes || !isASCII(base.Text) {
		return Word{}, false
	}
	switch {
	case p.Length:
		return staticWord(strconv.Itoa(len(base.Text))), p.Exp == nil && p.Slice == nil && p.Repl == nil
	case p.Slice != nil:
		return substring(base.Text, p.Slice)
	case p.Repl != nil:
		return r.replaced(base.Text, p.Repl)
	case p.Exp != nil:
		return r.expansionOf(base.Text, p.Exp)
	}
	return Word{}, false
}

// baseValue returns the known value of a variable or positional parameter
// an operation works on.
func (r *wordResolver) baseValue(name string) (Word, bool) {
	if v, ok := r.positionalValue(&syntax.ParamExp{Param: &syntax.Lit{Value: name}}); ok {
		return v, true
	}
	v, ok := r.known[name]
	return v, ok
}

// indirectValue is ${!y}: the value of the variable y names.
func (r *wordResolver) indirectValue(p *syntax.ParamExp) (Word, bool) {
	if p.Length || p.Slice != nil || p.Repl != nil || p.Exp != nil || r.refs[p.Param.Value] != "" {
		return Word{}, false // ${!ref} of a nameref is its target's name
	}
	name, ok := r.known[p.Param.Value]
	if !ok || !name.Static || !isIdentifier(name.Text) {
		return Word{}, false
	}
	return r.knownValue(&syntax.ParamExp{Param: &syntax.Lit{Value: name.Text}})
}

// expansionOf applies ${x OP word} to a value set to text.
func (r *wordResolver) expansionOf(text string, e *syntax.Expansion) (Word, bool) {
	switch e.Op {
	case syntax.DefaultUnset, syntax.ErrorUnset, syntax.ErrorUnsetOrNull, syntax.AssignUnset:
		return staticWord(text), e.Op != syntax.ErrorUnsetOrNull || text != ""
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull:
		if text != "" {
			return staticWord(text), true
		}
		return r.operandWord(e.Word), e.Op == syntax.DefaultUnsetOrNull
	case syntax.AlternateUnset:
		return r.operandWord(e.Word), true
	case syntax.AlternateUnsetOrNull:
		if text == "" {
			return staticWord(""), true
		}
		return r.operandWord(e.Word), true
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		return r.trimmed(text, e)
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		return caseChanged(text, e)
	}
	return Word{}, false
}

// operandWord resolves the word of ${x:-word} and the like.
func (r *wordResolver) operandWord(w *syntax.Word) Word {
	if w == nil {
		return staticWord("")
	}
	return r.resolveValue(w)
}

// pattern returns an operation's pattern, when it is static: written out
// unquoted, it is read from its source (a backslash escapes the next
// character there); quoted, its characters are literal, so a quoted word
// with a pattern character or a backslash is not read.
func (r *wordResolver) pattern(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	text := r.text(w)
	if hasQuotes(w.Parts) || !plainWord(w) {
		v := r.resolveOne(w)
		if !v.Static || strings.ContainsAny(v.Text, "*?[\\") {
			return "", false
		}
		text = v.Text
	} else if strings.HasPrefix(text, "~") {
		return "", false // the pattern's tilde is expanded
	}
	if len(text) > maxOperandBytes || !isASCII(text) || !plainPattern(text) {
		return "", false
	}
	return text, true
}

// plainPattern reports a pattern matchPattern reads: no character class
// ([:alpha:]) and nothing extglob would read as its own ((…) after * ? + @ !).
func plainPattern(p string) bool {
	for _, bad := range []string{"[:", "[=", "[.", "*(", "?(", "+(", "@(", "!("} {
		if strings.Contains(p, bad) {
			return false
		}
	}
	return true
}

// trimmed is ${x#p}, ${x##p}, ${x%p} and ${x%%p}: the shortest or longest
// prefix or suffix that matches p removed.
func (r *wordResolver) trimmed(text string, e *syntax.Expansion) (Word, bool) {
	pat, ok := r.pattern(e.Word)
	if !ok {
		return Word{}, false
	}
	prefix := e.Op == syntax.RemSmallPrefix || e.Op == syntax.RemLargePrefix
	longest := e.Op == syntax.RemLargePrefix || e.Op == syntax.RemLargeSuffix
	for k := range len(text) + 1 {
		n := k
		if longest {
			n = len(text) - k
		}
		if prefix && matchPattern(pat, text[:n]) {
			return staticWord(text[n:]), true
		}
		if !prefix && matchPattern(pat, text[len(text)-n:]) {
			return staticWord(text[:len(text)-n]), true
		}
	}
	return staticWord(text), true
}

// replaced is ${x/p/r} and ${x//p/r}: the longest match of p at the first
// place (or every place) it matches replaced by r.
func (r *wordResolver) replaced(text string, rep *syntax.Replace) (Word, bool) {
	pat, ok := r.pattern(rep.Orig)
	with := r.operandWord(rep.With)
	if !ok || !with.Static || pat == "" || strings.HasPrefix(pat, "#") || strings.HasPrefix(pat, "%") {
		return Word{}, false // anchored patterns: not read here
	}
	var sb strings.Builder
	for i := 0; i < len(text); {
		end := longestMatch(pat, text, i)
		if end < 0 {
			sb.WriteByte(text[i])
			i++
			continue
		}
		sb.WriteString(with.Text)
		if !rep.All {
			sb.WriteString(text[end:])
			return staticWord(sb.String()), true
		}
		if end == i {
			return Word{}, false // an empty match: bash's own rules
		}
		i = end
	}
	return staticWord(sb.String()), true
}

// longestMatch returns the end of the longest match of pat at text[i:], or -1.
func longestMatch(pat, text string, i int) int {
	for j := len(text); j >= i; j-- {
		if matchPattern(pat, text[i:j]) {
			return j
		}
	}
	return -1
}

// substring is ${x:offset:length} for offsets and lengths written as
// numbers.
func substring(text string, sl *syntax.Slice) (Word, bool) {
	off, ok := arithConstant(sl.Offset)
	if !ok || off < 0 {
		return Word{}, false
	}
	off = min(off, len(text))
	end := len(text)
	if sl.Length != nil {
		n, ok := arithConstant(sl.Length)
		if !ok || n < 0 {
			return Word{}, false
		}
		end = min(off+n, len(text))
	}
	return staticWord(text[off:end]), true
}

// caseChanged is ${x^}, ${x^^}, ${x,} and ${x,,} of ASCII text, with no
// pattern.
func caseChanged(text string, e *syntax.Expansion) (Word, bool) {
	if e.Word != nil && len(e.Word.Parts) > 0 {
		return Word{}, false
	}
	change := strings.ToLower
	if e.Op == syntax.UpperFirst || e.Op == syntax.UpperAll {
		change = strings.ToUpper
	}
	if (e.Op == syntax.UpperFirst || e.Op == syntax.LowerFirst) && text != "" {
		return staticWord(change(text[:1]) + text[1:]), true
	}
	return staticWord(change(text)), true
}

// matchPattern reports whether a bash pattern (*, ?, [...] with ! or ^ and
// ranges, \ escaping) matches all of s. One * is backtracked to at a time,
// so the cost is at most the product of the lengths.
func matchPattern(pat, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		if p < len(pat) {
			if n, ok := matchOne(pat[p:], s[i]); ok && pat[p] != '*' {
				p, i = p+n, i+1
				continue
			}
			if pat[p] == '*' {
				star, mark = p, i
				p++
				continue
			}
		}
		if star < 0 {
			return false
		}
		mark++
		p, i = star+1, mark
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat)
}

// matchOne matches one byte against the pattern element at the start of
// pat, returning the element's length.
func matchOne(pat string, c byte) (int, bool) {
	switch pat[0] {
	case '?':
		return 1, true
	case '\\':
		if len(pat) > 1 {
			return 2, pat[1] == c
		}
	case '[':
		if n, ok, valid := matchClass(pat, c); valid {
			return n, ok
		}
	}
	return 1, pat[0] == c
}

// matchClass matches a bracket expression; valid is false when pat does not
// hold a closed one (the [ is then itself).
func matchClass(pat string, c byte) (n int, ok, valid bool) {
	i := 1
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	start := i
	for ; i < len(pat); i++ {
		if pat[i] == ']' && i > start {
			return i + 1, ok != negate, true
		}
		if pat[i] == '\\' && i+1 < len(pat) {
			i++ // \] is a member, not the end
		}
		lo, hi := pat[i], pat[i]
		if i+2 < len(pat) && pat[i+1] == '-' && pat[i+2] != ']' && pat[i+2] != '\\' {
			hi = pat[i+2]
			i += 2
		}
		ok = ok || lo <= c && c <= hi
	}
	return 0, false, false
}
