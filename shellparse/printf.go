package shellparse

import (
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"strconv"
	"strings"
)

// What bash's printf and echo print, for the values analysis: printf -v
// NAME FORMAT ARGS and $(printf FORMAT ARGS) give known text when every
// piece of the format is one read here and every argument is known. A
// conversion, flag or escape not read here, or an argument it cannot
// take, makes the output unknown: nothing is guessed.

// maxValueBytes bounds the text one formatting, substitution or value
// may hold: past it the value is unknown.
const maxValueBytes = 1 << 16

// maxFieldWidth bounds a conversion's width and precision.
const maxFieldWidth = 4096

// formatter builds printf's output.
type formatter struct {
	out Word
	sb  strings.Builder
	// args are the arguments left; used counts those a pass took.
	args []Word
	used int
}

// formatPrintf returns what printf FORMAT ARGS prints: the format is used
// again while arguments are left, as bash does. The word is dynamic when a
// %s took a dynamic argument (its text is then the argument's rendering).
func formatPrintf(format string, args []Word) (Word, bool) {
	f := &formatter{out: Word{Static: true}, args: args}
	for {
		f.used = 0
		if !f.pass(format) || f.sb.Len() > maxValueBytes {
			return Word{}, false
		}
		if len(f.args) == 0 || f.used == 0 {
			break
		}
	}
	f.out.Text = f.sb.String()
	return f.out, true
}

// pass writes the format once.
func (f *formatter) pass(format string) bool {
	for i := 0; i < len(format); i++ {
		switch c := format[i]; c {
		case '\\':
			n, ok := f.escape(format[i+1:])
			if !ok {
				return false
			}
			i += n
		case '%':
			n, ok := f.conversion(format[i+1:])
			if !ok {
				return false
			}
			i += n
		default:
			f.sb.WriteByte(c)
		}
		if f.sb.Len() > maxValueBytes {
			return false
		}
	}
	return true
}

// escape writes the format escape after a backslash and returns the bytes
// it took.
func (f *formatter) escape(s string) (int, bool) {
	if s == "" {
		f.sb.WriteByte('\\')
		return 0, true
	}
	if b, ok := simpleEscapes.Get()[s[0]]; ok {
		f.sb.WriteByte(b)
		return 1, true
	}
	switch {
	case s[0] >= '0' && s[0] <= '7':
		n, used := readDigits(s, 3, 8)
		f.sb.WriteByte(byte(n))
		return used, true
	case s[0] == 'x':
		n, used := readDigits(s[1:], 2, 16)
		if used == 0 {
			return 0, false
		}
		f.sb.WriteByte(byte(n))
		return 1 + used, true
	case s[0] == '"' || s[0] == '\'' || s[0] == '?':
		f.sb.WriteByte(s[0])
		return 1, true
	}
	return 0, false // \c, \u and others: not read here
}

// simpleEscapes are the one-letter escapes printf's format and %b share.
var simpleEscapes = lazy.Value[map[byte]byte]{Make: func() map[byte]byte {
	return map[byte]byte{'\\': '\\', 'a': '\a', 'b': '\b', 'e': 0x1b, 'E': 0x1b, 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}
}}

// spec is one conversion: %[flags][width][.precision]verb.
type spec struct {
	flags     string
	width     int
	precision int
	hasPrec   bool
	verb      byte
	// consumed is the bytes of the format the conversion takes after its %.
	consumed int
}

// parseSpec reads a conversion after its %.
func parseSpec(s string) (spec, bool) {
	var sp spec
	i := 0
	for i < len(s) && strings.IndexByte("-+ 0#", s[i]) >= 0 {
		i++
	}
	sp.flags = s[:i]
	w, n, ok := readNumber(s[i:])
	if !ok {
		return sp, false
	}
	sp.width, i = w, i+n
	if i < len(s) && s[i] == '.' {
		p, n, ok := readNumber(s[i+1:])
		if !ok {
			return sp, false
		}
		sp.precision, sp.hasPrec, i = p, true, i+1+n
	}
	if i >= len(s) {
		return sp, false
	}
	sp.verb, sp.consumed = s[i], i+1
	return sp, true
}

// readNumber reads the decimal digits at the start of s (none is 0): a
// width or precision no larger than maxFieldWidth.
func readNumber(s string) (value, used int, ok bool) {
	for used < len(s) && s[used] >= '0' && s[used] <= '9' {
		used++
	}
	if used == 0 {
		return 0, 0, true
	}
	v, err := strconv.Atoi(s[:used])
	return v, used, err == nil && v <= maxFieldWidth
}

// conversion writes one conversion and returns the bytes of the format it
// took after the %.
func (f *formatter) conversion(s string) (int, bool) {
	if strings.HasPrefix(s, "%") {
		f.sb.WriteByte('%')
		return 1, true
	}
	sp, ok := parseSpec(s)
	if !ok {
		return 0, false
	}
	arg, had := f.next()
	convert, known := conversions.Get()[sp.verb]
	if !known {
		return 0, false
	}
	text, ok := convert(arg, had, sp)
	if !ok {
		return 0, false
	}
	if sp.verb == 's' {
		mergeDynamic(&f.out, arg)
	}
	f.sb.WriteString(text)
	return sp.consumed, true
}

// conversions are the conversions read here, by their letter: each returns
// what it prints for an argument (had is false for a missing one).
var conversions = lazy.Value[map[byte]func(arg Word, had bool, sp spec) (string, bool)]{Make: func() map[byte]func(arg Word, had bool, sp spec) (string, bool) {
	return map[byte]func(arg Word, had bool, sp spec) (string, bool){
		's': convertString, 'b': convertEscapes, 'q': convertQuoted, 'c': convertChar,
		'd': formatInteger, 'i': formatInteger, 'u': formatInteger, 'o': formatInteger, 'x': formatInteger, 'X': formatInteger,
	}
}}

// convertString is %s: the argument, or its rendering when it is dynamic
// (then unpadded: its length is not known).
func convertString(arg Word, _ bool, sp spec) (string, bool) {
	if !arg.Static && (sp.width > 0 || sp.hasPrec) {
		return "", false
	}
	return padText(arg.Text, sp)
}

// convertEscapes is %b: the argument with echo -e's escapes decoded.
func convertEscapes(arg Word, _ bool, sp spec) (string, bool) {
	if !arg.Static {
		return "", false
	}
	text, ok := decodeEchoEscapes(arg.Text)
	if !ok {
		return "", false
	}
	return padText(text, sp)
}

// convertQuoted is %q, for the arguments bash prints as they are.
func convertQuoted(arg Word, _ bool, sp spec) (string, bool) {
	ok := arg.Static && sp.flags == "" && sp.width == 0 && !sp.hasPrec
	text := quoteLikeBash(arg.Text, ok)
	return text, ok && text != ""
}

// convertChar is %c: the first character of an ASCII argument (%c of
// nothing prints a NUL: not read).
func convertChar(arg Word, had bool, sp spec) (string, bool) {
	if !arg.Static || !isASCII(arg.Text) || arg.Text == "" || !had || sp.hasPrec {
		return "", false
	}
	return padText(arg.Text[:1], sp)
}

// next takes the next argument: a missing one is empty, as in bash.
func (f *formatter) next() (Word, bool) {
	if len(f.args) == 0 {
		return staticWord(""), false
	}
	a := f.args[0]
	f.args = f.args[1:]
	f.used++
	return a, true
}

// padText pads or cuts an ASCII text as the width and precision say.
func padText(t string, sp spec) (string, bool) {
	if (sp.width > 0 || sp.hasPrec) && !isASCII(t) {
		return "", false // bash counts characters, which this does not
	}
	if strings.Trim(sp.flags, "-") != "" {
		return "", false
	}
	if sp.hasPrec && len(t) > sp.precision {
		t = t[:sp.precision]
	}
	if pad := sp.width - len(t); pad > 0 {
		if strings.Contains(sp.flags, "-") {
			return t + strings.Repeat(" ", pad), true
		}
		return strings.Repeat(" ", pad) + t, true
	}
	return t, true
}

// formatInteger writes an integer conversion of a decimal argument.
func formatInteger(arg Word, had bool, sp spec) (string, bool) {
	n, ok := integerArg(arg, had)
	if !ok || strings.Contains(sp.flags, "#") {
		return "", false
	}
	verb := sp.verb
	switch verb {
	case 'i':
		verb = 'd'
	case 'u', 'o', 'x', 'X':
		if n < 0 || strings.ContainsAny(sp.flags, "+ ") {
			return "", false // signs are for signed conversions
		}
		if verb == 'u' {
			verb = 'd'
		}
	}
	layout := "%" + sp.flags
	if sp.width > 0 {
		layout += strconv.Itoa(sp.width)
	}
	if sp.hasPrec {
		layout += "." + strconv.Itoa(sp.precision)
	}
	return fmt.Sprintf(layout+string(verb), n), true
}

// integerArg reads a decimal argument (a missing one is 0). 010 is octal
// and 0x10 hexadecimal to bash: not read here.
func integerArg(arg Word, had bool) (int64, bool) {
	if !arg.Static {
		return 0, false
	}
	if !had && arg.Text == "" {
		return 0, true
	}
	digits := strings.TrimLeft(arg.Text, "+-")
	if len(digits) > 1 && digits[0] == '0' || len(arg.Text)-len(digits) > 1 {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(arg.Text, "+"), 10, 64)
	return v, err == nil
}

// quoteLikeBash returns %q's output for a word made only of characters bash
// leaves unquoted, two single quotes for the empty word, and "" (unknown)
// otherwise.
func quoteLikeBash(s string, ok bool) string {
	switch {
	case !ok:
		return ""
	case s == "":
		return "''"
	case strings.IndexFunc(s, func(c rune) bool { return !bashPlain(c) }) >= 0:
		return ""
	}
	return s
}

// bashPlain reports a character %q leaves as it is.
func bashPlain(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:+@%", c)
}

// decodeEchoEscapes decodes the escapes of echo -e and printf %b: \0NNN is
// octal there. \c (which ends all output) and escapes not read here make
// the text unknown.
func decodeEchoEscapes(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		e := s[i+1]
		if b, ok := simpleEscapes.Get()[e]; ok {
			sb.WriteByte(b)
			i++
			continue
		}
		switch e {
		case '0':
			n, used := readDigits(s[i+2:], 3, 8)
			sb.WriteByte(byte(n))
			i += 1 + used
		case 'x':
			n, used := readDigits(s[i+2:], 2, 16)
			if used == 0 {
				return "", false
			}
			sb.WriteByte(byte(n))
			i += 1 + used
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// echoOutput returns what echo ARGS prints, its final newline included
// unless -n: leading words of -n, -e and -E are its options, as in bash
// with xpg_echo off.
func echoOutput(args []Word) (Word, bool) {
	escapes, newline := false, true
	for len(args) > 0 && args[0].Static && isEchoOptions(args[0].Text) {
		escapes, newline = echoOptions(args[0].Text, escapes, newline)
		args = args[1:]
	}
	out := Word{Static: true}
	texts := make([]string, len(args))
	for i, a := range args {
		t, ok := echoWord(a, escapes)
		if !ok {
			return Word{}, false
		}
		texts[i] = t
		mergeDynamic(&out, a)
	}
	out.Text = strings.Join(texts, " ")
	if newline {
		out.Text += "\n"
	}
	return out, len(out.Text) <= maxValueBytes
}

// echoOptions applies one word of echo's options.
func echoOptions(word string, escapes, newline bool) (bool, bool) {
	for _, c := range word[1:] {
		switch c {
		case 'n':
			newline = false
		case 'e':
			escapes = true
		case 'E':
			escapes = false
		}
	}
	return escapes, newline
}

// echoWord is what echo prints of one word: a pattern or a placeholder is
// not known, nor a backslash but in echo -e's escapes of a static word.
func echoWord(a Word, escapes bool) (string, bool) {
	switch {
	case a.Placeholder || a.Glob:
		return "", false
	case !strings.Contains(a.Text, `\`):
		return a.Text, true
	case !escapes || !a.Static:
		// Without -e a backslash is itself, unless xpg_echo is on (from
		// BASHOPTS, say), which echo's words cannot tell.
		return "", false
	}
	return decodeEchoEscapes(a.Text)
}

// isEchoOptions reports a word echo takes as its options: - and n, e, E.
func isEchoOptions(t string) bool {
	return len(t) > 1 && t[0] == '-' && strings.Trim(t[1:], "neE") == ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
