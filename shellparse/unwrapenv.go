package shellparse

import "strings"

// envStep reads env's options and NAME=VALUE words.
func envStep(argv []Word) step {
	var st step
	i := 1
	for i < len(argv) {
		w := argv[i]
		if !w.Static {
			if strings.HasPrefix(w.Text, "-") {
				i++ // --chdir="$D": an option with a value known only at run time
				continue
			}
			if !st.alsoDynamic && i+1 < len(argv) {
				// env $OPTS rm …: the word may be the command or options. Judge both.
				st.alsoDynamic, st.dynAt = true, i
				i++
				continue
			}
			break
		}
		t := w.Text
		if t == "--" {
			i++
			break
		}
		if t == "-" {
			i++
			continue
		}
		if strings.HasPrefix(t, "--") {
			long, val, hasVal, _ := LongOption(t, envLongOptions)
			switch {
			case long == "split-string":
				if !hasVal {
					if i+1 >= len(argv) {
						return step{}
					}
					i++
					if !argv[i].Static {
						return step{kind: stepOpaque, used: i + 1, script: argv[i], alsoRest: true}
					}
					val = argv[i].Text
				}
				words, ok := splitEnvString(val)
				if !ok {
					return step{kind: stepOpaque, used: i + 1, script: staticWord(val), alsoRest: true}
				}
				return splitStep(st, argv, i+1, words)
			case (long == "unset" || long == "chdir") && !hasVal:
				i++
			}
			i++
			continue
		}
		if strings.HasPrefix(t, "-") {
			next, s, ok := envCluster(argv, i)
			if !ok {
				return step{kind: stepOpaque, used: next, script: s, alsoRest: true}
			}
			if s.Text != "" || s.Static {
				words, good := splitEnvString(s.Text)
				if !good {
					return step{kind: stepOpaque, used: next, script: s, alsoRest: true}
				}
				return splitStep(st, argv, next, words)
			}
			i = next
			continue
		}
		if isEnvAssign(t) {
			n, v, _ := strings.Cut(t, "=")
			st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: "env"})
			i++
			continue
		}
		break
	}
	rest := argv[min(i, len(argv)):]
	var cmdStart int
	for cmdStart < len(rest) && rest[cmdStart].Static && isEnvAssign(rest[cmdStart].Text) {
		n, v, _ := strings.Cut(rest[cmdStart].Text, "=")
		st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: "env"})
		cmdStart++
	}
	if cmdStart >= len(rest) {
		if st.alsoDynamic {
			// env X=1 $CMD --version: the dynamic word is the command.
			st.kind, st.used, st.rest, st.alsoDynamic = stepWrap, st.dynAt, argv[st.dynAt:], false
			return st
		}
		// env with no command prints the environment.
		return step{kind: stepDone, assigns: st.assigns}
	}
	st.kind, st.used, st.rest = stepWrap, i, rest[cmdStart:]
	st.scanned = i + cmdStart + 1
	return st
}

// splitStep is env -S STRING: env puts the string's words where it stood
// and reads on from the first of them, so they may be more options or
// assignments, and the first other word is the command (env -S 'bash -c'
// 'rm -rf ~' runs bash -c, and bash's -c is not env's). The step is env
// again over the spliced words; used is the words up to STRING.
func splitStep(st step, argv []Word, used int, split []Word) step {
	used = min(used, len(argv))
	if len(argv)-used > maxSplitWords {
		// Splicing would copy every word after the string: the string is
		// not read, and the words after it are judged as the command too.
		return step{kind: stepOpaque, used: used, script: argv[used-1], alsoRest: true, assigns: st.assigns}
	}
	rest := make([]Word, 0, 1+len(split)+len(argv)-used)
	rest = append(append(append(rest, argv[0]), split...), argv[used:]...)
	st.kind, st.used, st.rest, st.scanned, st.fresh = stepWrap, used, rest, used+len(rest), true
	return st
}

var envLongOptions = []string{"ignore-environment", "null", "unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal", "list-signal-handling", "debug", "help", "version"}

// envCluster reads one word of env's short options (-i, -iu NAME, -vS STRING).
// It returns the index after the options, the -S string when one was given
// (Static false and Text "" when none), and ok false for a dynamic -S string.
func envCluster(argv []Word, i int) (int, Word, bool) {
	t := argv[i].Text
	for j := 1; j < len(t); j++ {
		switch t[j] {
		case 'u', 'C', 'P':
			if j+1 < len(t) {
				return i + 1, Word{}, true
			}
			return i + 2, Word{}, true
		case 'S':
			if j+1 < len(t) {
				return i + 1, staticWord(t[j+1:]), true
			}
			if i+1 >= len(argv) {
				return i + 1, Word{}, true
			}
			if !argv[i+1].Static {
				return i + 2, argv[i+1], false
			}
			return i + 2, argv[i+1], true
		}
	}
	return i + 1, Word{}, true
}

// splitEnvString splits env -S's string the way GNU env does: words
// separated by whitespace (or \_ outside quotes); single quotes, in which
// only \\ and \' are escapes; double quotes and bare words, in which \" \#
// \$ \' \\ \_ (a space in double quotes) \f \n \r \t \v are, and \c outside
// quotes ends the string; a word that starts with # starts a comment to the
// end. A $ (an expansion) or any other escape (which env refuses) makes the
// string dynamic: ok is false.
func splitEnvString(s string) ([]Word, bool) {
	if len(s) > maxSplitBytes {
		return nil, false // not read: what it holds is not known
	}
	var words []Word
	var cur strings.Builder
	inWord := false
	quote := byte(0)
	flush := func() {
		if inWord {
			words = append(words, staticWord(cur.String()))
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			switch {
			case c == '\'':
				quote = 0
			case c == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\''):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '$':
			return nil, false
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			i++
			switch e := s[i]; e {
			case '"', '#', '$', '\'', '\\':
				cur.WriteByte(e)
			case 'f', 'n', 'r', 't', 'v':
				cur.WriteByte(map[byte]byte{'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}[e])
			case '_':
				if quote == '"' {
					cur.WriteByte(' ')
				} else {
					flush()
					continue
				}
			case 'c':
				if quote == '"' {
					return nil, false // env refuses \c in double quotes
				}
				flush()
				return words, len(words) <= maxSplitWords
			default:
				return nil, false // env refuses other escapes
			}
			inWord = true
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			flush()
		case c == '#' && !inWord:
			return words, len(words) <= maxSplitWords // a comment to the end
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	flush()
	return words, len(words) <= maxSplitWords
}

// maxSplitBytes and maxSplitWords bound what env -S's string is split into:
// past them it is not read (a script known only at run time).
const (
	maxSplitBytes = 64 << 10
	maxSplitWords = 4096
)
